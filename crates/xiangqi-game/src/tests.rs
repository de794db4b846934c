use super::*;
use xiangqi::{Color, Position};
use xiangqi_clock::ClockState;
use xiangqi_referee::RuleSet;

fn new_game(control: &str) -> Game {
    Game::from_created(&Event::Created {
        control: control.into(),
        rules: RuleSet::Chinese,
        fen: Position::start().fen(),
        created_unix_ms: 1_000,
        options: Default::default(),
    })
    .unwrap()
}

/// Decides and applies, returning the refusal; keeps a log of every event applied.
fn act(
    game: &mut Game,
    log: &mut Vec<Event>,
    side: Color,
    action: Action,
    now: u64,
) -> Option<Refusal> {
    let d = game.decide(side, &action, now);
    for e in &d.events {
        game.apply(e);
        log.push(e.clone());
    }
    d.refusal
}

fn mv(text: &str) -> Action {
    Action::Move {
        text: text.into(),
        lag_ms: 0,
    }
}

#[test]
fn turn_legality_and_the_first_move_starts_the_clock() {
    let mut g = new_game("5m");
    let mut log = Vec::new();
    assert_eq!(
        act(&mut g, &mut log, Color::Black, mv("h9g7"), 10),
        Some(Refusal::NotYourTurn)
    );
    assert!(matches!(
        act(&mut g, &mut log, Color::Red, mv("a0a5"), 10),
        Some(Refusal::Illegal(_))
    ));
    assert!(matches!(
        act(&mut g, &mut log, Color::Red, mv("nonsense"), 10),
        Some(Refusal::Unreadable(_))
    ));
    assert_eq!(g.clock().state(), ClockState::Ready);
    assert_eq!(act(&mut g, &mut log, Color::Red, mv("h2e2"), 5_000), None);
    // Red's first move was free; Black's clock runs from then.
    let v = g.view("x", 65_000);
    assert_eq!(v.clocks.red.remaining_ms, 300_000);
    assert_eq!(v.clocks.black.remaining_ms, 240_000);
    assert_eq!(v.clocks.running, Some(Color::Black));
    assert_eq!(v.moves, vec!["h2e2"]);
    assert_eq!(v.turn, Color::Black);
}

#[test]
fn a_late_move_loses_on_time_after_the_grace() {
    let mut g = new_game("1s");
    let mut log = Vec::new();
    act(&mut g, &mut log, Color::Red, mv("h2e2"), 0);
    let timer = g.flag_timer_ms().unwrap();
    // Deadline 1000 ms, plus the starting quota (3 × 154 ms) as grace, plus one.
    assert_eq!(timer, 1000 + 462 + 1);
    assert!(g.on_timer(timer - 1).is_empty());
    // A move just past the deadline with enough lag to cover it is in time…
    let late = Action::Move {
        text: "h9g7".into(),
        lag_ms: 300,
    };
    assert_eq!(g.decide(Color::Black, &late, 1200).refusal, None);
    // …without lag it is not, and the game ends on the flag.
    assert_eq!(
        act(&mut g, &mut log, Color::Black, mv("h9g7"), 1200),
        Some(Refusal::OutOfTime)
    );
    let r = g.ruling().unwrap();
    assert_eq!((r.result, r.reason_name()), (GameResult::RedWins, "flag"));
    assert_eq!(r.offender, Some(Color::Black));
    assert_eq!(
        act(&mut g, &mut log, Color::Red, mv("e2e6"), 1300),
        Some(Refusal::GameOver)
    );
}

#[test]
fn the_timer_declares_the_flag() {
    let mut g = new_game("1s");
    let mut log = Vec::new();
    act(&mut g, &mut log, Color::Red, mv("h2e2"), 0);
    let events = g.on_timer(g.flag_timer_ms().unwrap());
    assert_eq!(events.len(), 1);
    g.apply(&events[0]);
    assert_eq!(g.ruling().unwrap().result, GameResult::RedWins);
    assert_eq!(g.view("x", 5000).status, "ended");
}

#[test]
fn draw_offer_lapses_on_a_move_and_is_accepted_otherwise() {
    let mut g = new_game("5m");
    let mut log = Vec::new();
    assert_eq!(
        act(
            &mut g,
            &mut log,
            Color::Black,
            Action::Draw(Answer::Accept),
            1
        ),
        Some(Refusal::NothingToAnswer)
    );
    act(&mut g, &mut log, Color::Red, Action::Draw(Answer::Offer), 1);
    assert_eq!(g.draw_offer(), Some(Color::Red));
    act(&mut g, &mut log, Color::Red, mv("h2e2"), 2);
    act(&mut g, &mut log, Color::Black, mv("h9g7"), 3);
    assert_eq!(g.draw_offer(), None, "Black played on instead of accepting");
    // An offer only on one's own turn (1960 §5 二).
    assert_eq!(
        act(
            &mut g,
            &mut log,
            Color::Black,
            Action::Draw(Answer::Offer),
            4
        ),
        Some(Refusal::OfferOnOwnTurn)
    );
    // Red's offer right after its declined one is the foul 2.8(1), recorded and refused.
    assert_eq!(
        act(&mut g, &mut log, Color::Red, Action::Draw(Answer::Offer), 4),
        Some(Refusal::RepeatedDrawOffer)
    );
    assert_eq!(g.fouls().red, 1);
    act(&mut g, &mut log, Color::Red, mv("h0g2"), 4);
    act(
        &mut g,
        &mut log,
        Color::Black,
        Action::Draw(Answer::Offer),
        4,
    );
    assert_eq!(
        act(
            &mut g,
            &mut log,
            Color::Red,
            Action::Draw(Answer::Accept),
            5
        ),
        None
    );
    let r = g.ruling().unwrap();
    assert_eq!((r.result, r.reason_name()), (GameResult::Draw, "agreement"));
}

#[test]
fn resignation_ends_the_game_for_the_opponent() {
    let mut g = new_game("5m");
    let mut log = Vec::new();
    act(&mut g, &mut log, Color::Red, mv("h2e2"), 2);
    assert_eq!(act(&mut g, &mut log, Color::Red, Action::Resign, 3), None);
    assert_eq!(g.ruling().unwrap().result, GameResult::BlackWins);
    assert_eq!(g.view("x", 10).clocks.state, ClockState::Stopped);
}

#[test]
fn adjournment_seals_a_secret_move_and_reveals_it_on_resumption() {
    let mut g = new_game("5m");
    let mut log = Vec::new();
    let adjourn = |a| Action::Adjourn(a);
    assert_eq!(
        act(&mut g, &mut log, Color::Red, adjourn(Answer::Offer), 1),
        Some(Refusal::NotStarted)
    );
    act(&mut g, &mut log, Color::Red, mv("h2e2"), 1_000);
    act(&mut g, &mut log, Color::Red, adjourn(Answer::Offer), 2_000);
    act(
        &mut g,
        &mut log,
        Color::Black,
        adjourn(Answer::Accept),
        3_000,
    );
    assert_eq!(
        act(&mut g, &mut log, Color::Black, mv("h9g7"), 4_000),
        Some(Refusal::SealRequired)
    );
    assert_eq!(
        act(
            &mut g,
            &mut log,
            Color::Red,
            Action::Seal {
                text: "b0c2".into()
            },
            4_000
        ),
        Some(Refusal::CannotSeal)
    );
    assert_eq!(
        act(
            &mut g,
            &mut log,
            Color::Black,
            Action::Seal {
                text: "h9g7".into()
            },
            10_000
        ),
        None
    );
    let v = g.view("x", 500_000);
    assert_eq!(v.status, "adjourned");
    assert!(v.legal_moves.is_empty());
    assert!(!serde_json::to_string(&v).unwrap().contains("h9g7"));
    // Black used 9 s; nobody's clock runs while adjourned.
    assert_eq!(v.clocks.black.remaining_ms, 291_000);
    act(&mut g, &mut log, Color::Red, Action::Resume, 600_000);
    assert!(g.is_adjourned());
    act(&mut g, &mut log, Color::Black, Action::Resume, 700_000);
    let v = g.view("x", 710_000);
    assert_eq!(v.moves, vec!["h2e2", "h9g7"]);
    assert_eq!(v.clocks.running, Some(Color::Red));
    assert_eq!(v.clocks.red.remaining_ms, 290_000);
}

#[test]
fn replaying_the_log_rebuilds_the_same_game() {
    let mut g = new_game("3m+2s");
    let mut log = Vec::new();
    let line = ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7"];
    for (i, m) in line.iter().enumerate() {
        let side = if i % 2 == 0 { Color::Red } else { Color::Black };
        let action = Action::Move {
            text: (*m).into(),
            lag_ms: 120,
        };
        assert_eq!(
            act(&mut g, &mut log, side, action, 1_000 * (i as u64 + 1)),
            None
        );
    }
    act(
        &mut g,
        &mut log,
        Color::Black,
        Action::Draw(Answer::Offer),
        9_000,
    );
    let mut replay = new_game("3m+2s");
    for e in &log {
        replay.apply(e);
    }
    let (a, b) = (g.view("x", 20_000), replay.view("x", 20_000));
    assert_eq!(
        serde_json::to_value(&a).unwrap(),
        serde_json::to_value(&b).unwrap()
    );
    assert_eq!(replay.lag, g.lag);
}

#[test]
fn a_restart_charges_up_to_the_last_heartbeat_only() {
    let mut g = new_game("5m");
    let mut log = Vec::new();
    act(&mut g, &mut log, Color::Red, mv("h2e2"), 1_000);
    // Black thought 20 s, the server died, came back 100 s later.
    let events = g.on_restart(21_000, 121_000);
    assert_eq!(events.len(), 2);
    for e in &events {
        g.apply(e);
    }
    let v = g.view("x", 121_000);
    assert_eq!(v.clocks.black.remaining_ms, 280_000);
    assert_eq!(v.clocks.running, Some(Color::Black));
    // And a game whose flag fell before the crash ends on the flag.
    let mut h = new_game("1s");
    act(&mut h, &mut log, Color::Red, mv("h2e2"), 0);
    let events = h.on_restart(10_000, 50_000);
    assert!(matches!(&events[..], [Event::Ended { .. }]));
}

#[test]
fn checkmate_ends_the_game() {
    // Found by a helpmate search from the start position with the rules core; checked here.
    let mut g = new_game("5m");
    let mut log = Vec::new();
    let line = ["b2b4", "a6a5", "b4c4", "f9e8", "c4c9"];
    let mut pos = Position::start();
    for m in line {
        pos.play(m.parse().unwrap()).unwrap();
    }
    assert!(pos.is_checkmate(), "the line must end in mate");
    for (i, m) in line.iter().enumerate() {
        let side = if i % 2 == 0 { Color::Red } else { Color::Black };
        assert_eq!(
            act(&mut g, &mut log, side, mv(m), i as u64 * 10),
            None,
            "{m}"
        );
    }
    let r = g.ruling().unwrap();
    assert_eq!(
        (r.result, r.reason_name()),
        (GameResult::RedWins, "checkmate")
    );
    assert_eq!(r.ply, 5);
}

/// Decides and applies an arbiter's action at `now`.
fn arbiter(game: &mut Game, action: ArbiterAction, now: u64) -> Option<Refusal> {
    let decision = game.decide_as(Actor::Arbiter, &Action::Arbiter(action), now);
    for e in &decision.events {
        game.apply(e);
    }
    decision.refusal
}

#[test]
fn time_taken_by_the_arbiter_can_make_the_flag_fall() {
    let mut g = new_game("1m");
    let mut log = Vec::new();
    act(&mut g, &mut log, Color::Red, mv("h2e2"), 0);
    // Black's clock runs from 0 with 60 s; the arbiter takes 50 s at 5 s.
    let take = ArbiterAction::Time {
        side: Color::Black,
        ms: -50_000,
        note: String::new(),
    };
    assert_eq!(arbiter(&mut g, take, 5_000), None);
    let left = g.view("x", 5_000).clocks.black.remaining_ms;
    assert_eq!(left, 5_000);
    assert!(g.on_timer(9_000).is_empty(), "not yet");
    let ended = g.on_timer(20_000);
    assert!(
        matches!(&ended[..], [Event::Ended { ruling, .. }] if ruling.reason == Some(Ending::Flag)),
        "{ended:?}"
    );
}

#[test]
fn a_takeback_replays_the_game_and_hands_the_clock_over() {
    let mut g = new_game("5m");
    let mut log = Vec::new();
    for (i, m) in ["h2e2", "h9g7", "h0g2"].iter().enumerate() {
        let side = if i % 2 == 0 { Color::Red } else { Color::Black };
        act(&mut g, &mut log, side, mv(m), i as u64 * 1000);
    }
    // Red's h0g2 (played at 2 s) is taken back at 10 s: Red is on move again.
    let back = ArbiterAction::Takeback {
        to_ply: 2,
        note: String::new(),
    };
    assert_eq!(arbiter(&mut g, back, 10_000), None);
    assert_eq!(g.moves().len(), 2);
    assert_eq!(g.clock().to_move(), Some(Color::Red));
    assert_eq!(g.position().turn(), xiangqi::Color::Red);
    // The time used stays used: Black's 1 s for h9g7 and the 8 s its clock ran since h0g2;
    // Red's 1 s for h0g2. Red's clock runs from 10 s.
    let view = g.view("x", 10_000);
    assert_eq!(view.clocks.black.used_ms, 1_000 + 8_000);
    assert_eq!(view.clocks.red.used_ms, 1_000);
    assert_eq!(act(&mut g, &mut log, Color::Red, mv("b0c2"), 11_000), None);
    assert_eq!(g.moves()[2].iccs, "b0c2");
}
