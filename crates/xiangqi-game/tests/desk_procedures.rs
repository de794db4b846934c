//! The books' 限着 (move limit, 1960 §12) at the arbiter's desk, on the game alone: asked for,
//! declared with the position noted, expired, judged. Each step is decided once, applied once,
//! and replayed from the stored events to the same game (the other procedures are in
//! `desk_discipline.rs`).

mod desk_table;

use desk_table::{Table, code, declare};
use xiangqi::Color;
use xiangqi_game::{ArbiterAction, Event, GameResult, LimitGround, LimitVerdict};

fn rule(verdict: LimitVerdict, note: &str) -> ArbiterAction {
    ArbiterAction::LimitRuling {
        verdict,
        rounds: None,
        note: note.into(),
    }
}

#[test]
fn a_limit_asked_for_declared_with_the_position_noted_then_judged_a_draw() {
    let mut t = Table::start();
    t.line("h2e2 h9g7");
    t.arbiter(ArbiterAction::LimitRequest {
        ground: LimitGround::Undecided,
        side: Some(Color::Red),
    })
    .unwrap();
    // §12 二: pause, note the position and side to move, declare, restart.
    let events = t.arbiter(declare(1)).unwrap();
    let kinds: Vec<_> = events.iter().map(|e| e.public()["kind"].clone()).collect();
    assert_eq!(
        kinds,
        ["arbiter_paused", "move_limit_declared", "arbiter_resumed"]
    );
    let Event::MoveLimitDeclared { fen, to_move, .. } = &events[1] else {
        panic!()
    };
    assert_eq!(
        (fen.as_str(), *to_move),
        (t.game.position().fen().as_str(), Some(Color::Red))
    );
    // A second limit while one is in force is refused.
    assert_eq!(code(t.arbiter(declare(5))), "limit_in_force");
    // One round without any change: the clocks stop and the arbiter must judge.
    t.line("b0c2 b9c7");
    let view = t.game.view("g", t.now);
    assert!(view.paused);
    assert_eq!(view.limit_judgment.as_ref().unwrap()["changed"], false);
    assert_eq!(
        t.game.ruling(),
        None,
        "expiry no longer ends the game by itself"
    );
    assert_eq!(code(t.play("a0a1")), "limit_to_judge");
    assert_eq!(code(t.arbiter(ArbiterAction::Resume)), "limit_to_judge");
    // No change: going on needs the arbiter's reason; a draw is the book's ruling.
    assert_eq!(
        code(t.arbiter(rule(LimitVerdict::PlayOn, ""))),
        "ruling_needs_note"
    );
    t.arbiter(rule(LimitVerdict::Draw, "")).unwrap();
    let r = t.game.ruling().unwrap();
    assert_eq!(
        (r.result, r.reason_name()),
        (GameResult::Draw, "move_limit")
    );
    t.assert_replays();
}

#[test]
fn a_capture_inside_the_limit_is_a_new_change_and_a_new_limit_follows_black_to_move() {
    let mut t = Table::start();
    t.line("h2e2");
    // Declared with Black to move: one round is Black's move and Red's.
    t.arbiter(ArbiterAction::LimitRequest {
        ground: LimitGround::ArbiterSees,
        side: None,
    })
    .unwrap();
    t.arbiter(declare(1)).unwrap();
    t.line("b7b0 e2e6");
    let view = t.game.view("g", t.now);
    let judgment = view.limit_judgment.unwrap();
    assert_eq!(judgment["changes"]["red_lost"], 1);
    assert_eq!(judgment["changed"], true);
    // A new change: a draw needs the arbiter's reason.
    assert_eq!(
        code(t.arbiter(rule(LimitVerdict::Draw, ""))),
        "ruling_needs_note"
    );
    let events = t
        .arbiter(ArbiterAction::LimitRuling {
            verdict: LimitVerdict::NewLimit,
            rounds: Some(20),
            note: String::new(),
        })
        .unwrap();
    assert!(matches!(
        events[1],
        Event::MoveLimitDeclared {
            rounds: 20,
            ply: 3,
            ..
        }
    ));
    let view = t.game.view("g", t.now);
    assert!(!view.paused && view.limit_judgment.is_none());
    assert_eq!(view.move_limit.unwrap()["rounds_left"], 20);
    // Lifting it; then there is nothing to lift.
    t.arbiter(ArbiterAction::LiftLimit {
        note: "局势明朗".into(),
    })
    .unwrap();
    assert!(t.game.view("g", t.now).move_limit.is_none());
    assert_eq!(
        code(t.arbiter(ArbiterAction::LiftLimit {
            note: String::new()
        })),
        "no_move_limit"
    );
    assert_eq!(
        code(t.arbiter(rule(LimitVerdict::Draw, ""))),
        "no_limit_to_judge"
    );
    t.line("c6c5");
    t.assert_replays();
}

#[test]
fn play_on_after_a_change_and_a_judged_draw_against_the_criteria_with_a_reason() {
    let mut t = Table::start();
    t.arbiter(declare(1)).unwrap();
    t.line("h2h9 i9h9");
    t.arbiter(rule(LimitVerdict::PlayOn, "")).unwrap();
    let view = t.game.view("g", t.now);
    assert!(view.move_limit.is_none() && !view.paused);
    t.line("h0g2");
    // Against the criteria, with the arbiter's reason: recorded.
    t.arbiter(declare(1)).unwrap();
    t.line("h7h0 g2h0");
    assert!(t.game.view("g", t.now).limit_judgment.unwrap()["changed"] == true);
    t.arbiter(rule(LimitVerdict::Draw, "兑子后仍是和势"))
        .unwrap();
    assert!(
        t.game
            .ruling()
            .unwrap()
            .explanation_zh
            .contains("兑子后仍是和势")
    );
    t.assert_replays();
}
