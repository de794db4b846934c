//! Endings without repetition: mate, stalemate, the natural limit under both rule sets, mate
//! on the limit move, no attacking material, illegal moves.

mod common;

use common::{Rng, line, pos};
use xiangqi::{Color, Move, Position};
use xiangqi_referee::{GameResult, Options, Reason, RuleSet, judge};

fn chinese() -> Options {
    Options::new(RuleSet::Chinese)
}

fn asian() -> Options {
    Options::new(RuleSet::Asian)
}

/// Red's rook mates on the e-file: the black king's d8 is covered by the crossed pawn, and
/// taking the rook would face Red's king (current text 2.4(2)). Black's pawn on a6 keeps
/// Black from being stalemated when Red plays something else.
const MATE_IN_ONE: &str = "3k5/9/3P5/p8/9/9/9/9/4R4/4K4 w";

#[test]
fn checkmate_wins_for_the_mover_under_both_rule_sets() {
    for (options, article) in [(chinese(), "4.1.1"), (asian(), "rule 1")] {
        let r = judge(&pos(MATE_IN_ONE), &line("e1e9"), &options);
        assert_eq!(r.result, GameResult::RedWins);
        assert_eq!(r.board_reason(), Some(Reason::Checkmate));
        assert_eq!(r.ply, 1);
        assert_eq!(r.offender, None, "a mate breaks no rule");
        assert!(r.rule.contains(article), "{}", r.rule);
        assert!(
            r.explanation.contains("Red's rook on e9"),
            "{}",
            r.explanation
        );
        assert!(
            r.explanation_zh.contains("红车(e9)"),
            "{}",
            r.explanation_zh
        );
    }
}

#[test]
fn moves_after_the_deciding_ply_are_not_looked_at() {
    // "a0a9" would be illegal, but the game ended at ply 1.
    let r = judge(&pos(MATE_IN_ONE), &line("e1e9 a0a9 d9d8"), &chinese());
    assert_eq!((r.board_reason(), r.ply), (Some(Reason::Checkmate), 1));
}

#[test]
fn a_start_position_already_mated_is_ruled_at_ply_zero() {
    let r = judge(&pos("3kR4/9/3P5/9/9/9/9/9/9/4K4 b"), &[], &chinese());
    assert_eq!(
        (r.result, r.board_reason(), r.ply),
        (GameResult::RedWins, Some(Reason::Checkmate), 0)
    );
    assert!(r.explanation.starts_with("In the start position"));
}

#[test]
fn stalemate_loses_for_the_side_to_move() {
    // After c7c8 Black's king may go neither to d8 (the rook) nor to e9 (facing Red's king).
    for (options, article) in [(chinese(), "4.1.3"), (asian(), "rule 2")] {
        let r = judge(&pos("3k5/9/2R6/9/9/9/9/9/9/4K4 w"), &line("c7c8"), &options);
        assert_eq!(r.result, GameResult::RedWins);
        assert_eq!(r.board_reason(), Some(Reason::Stalemate));
        assert_eq!(r.ply, 1);
        assert!(r.rule.contains(article));
        assert!(r.explanation_zh.contains("困毙"));
    }
}

#[test]
fn black_can_win_too() {
    // Mirror of the mate: Black's rook mates Red's king.
    let r = judge(
        &pos("4k4/4r4/9/9/9/9/9/3p5/9/3K5 b"),
        &line("e8e0"),
        &chinese(),
    );
    assert_eq!(
        (r.result, r.board_reason()),
        (GameResult::BlackWins, Some(Reason::Checkmate))
    );
}

/// A random game of quiet moves only (no capture, never leaving the opponent without a move),
/// with repetition rulings off: the natural limit must stop it at exactly 120 plies under
/// the Chinese rules (current text 4.2.4: 60 moves by each side).
#[test]
fn chinese_natural_limit_is_sixty_moves_by_each_side() {
    let mut rng = Rng(0x5eed_0001);
    let mut position = Position::start();
    let mut moves = Vec::new();
    while moves.len() < 200 {
        let quiet: Vec<Move> = position
            .legal_moves()
            .iter()
            .copied()
            .filter(|m| position.piece_at(m.to()).is_none())
            .filter(|&m| {
                let mut after = position.clone();
                after.play_unchecked(m);
                !after.legal_moves().is_empty()
            })
            .collect();
        let m = quiet[rng.below(quiet.len())];
        position.play_unchecked(m);
        moves.push(m);
    }
    let options = Options {
        repetitions: 0,
        ..chinese()
    };
    let r = judge(&Position::start(), &moves, &options);
    assert_eq!(
        (r.result, r.board_reason(), r.ply),
        (GameResult::Draw, Some(Reason::NaturalLimit), 120)
    );
    assert!(r.rule.contains("4.2.4"));
    // A lower limit set by the event (4.2.4 "酌减").
    let r = judge(
        &Position::start(),
        &moves,
        &Options {
            natural_limit: Some(40),
            ..options
        },
    );
    assert_eq!((r.board_reason(), r.ply), (Some(Reason::NaturalLimit), 80));
    // Off.
    let r = judge(
        &Position::start(),
        &moves,
        &Options {
            natural_limit: Some(0),
            ..options
        },
    );
    assert_eq!(r.result, GameResult::Ongoing);
    assert_eq!(r.ply, 200);
}

/// The 1960 rules' 解将还将 (§5.7, 图十一; 1956 图十): every ply is a check. With repetition
/// rulings off the cycle runs into the natural limit. Chinese: 120 plies. Asian: a side's
/// checks beyond 10 do not count towards its claim. After an odd ply p Red has given (p+1)/2
/// checks and Black (p-1)/2; Black's count is p - ((p-1)/2 - 10) = (p+1)/2 + 10, which first
/// reaches 120 at p = 219 (Red's reaches it only at 220).
#[test]
fn asian_natural_limit_does_not_count_the_claimants_checks_beyond_ten() {
    let start = pos("2bnkr3/5c3/5R3/4C4/9/9/9/3A5/9/2BA1K3 w");
    let cycle = line("f7e7 f8e8 e7f7 e8f8");
    let moves: Vec<Move> = cycle.iter().copied().cycle().take(260).collect();
    // Every ply gives check (the test's premise).
    let mut p = start.clone();
    for &m in &moves[..4] {
        p.play(m).unwrap();
        assert!(p.is_check(), "{m} should check");
    }
    let off = |o: Options| Options {
        repetitions: 0,
        ..o
    };
    let r = judge(&start, &moves, &off(chinese()));
    assert_eq!((r.board_reason(), r.ply), (Some(Reason::NaturalLimit), 120));
    let r = judge(&start, &moves, &off(asian()));
    assert_eq!(
        (r.result, r.board_reason(), r.ply),
        (GameResult::Draw, Some(Reason::NaturalLimit), 219)
    );
    assert!(
        r.explanation.contains("Black gave 109 checks"),
        "{}",
        r.explanation
    );
}

#[test]
fn the_fen_half_move_counter_counts_towards_the_limit() {
    // 118 plies without capture already: two more quiet moves reach 120.
    let start = pos("3k5/9/9/9/9/9/9/9/R8/4K4 w - - 118 80");
    let r = judge(&start, &line("a1a2 d9d8"), &chinese());
    assert_eq!(
        (r.result, r.board_reason(), r.ply),
        (GameResult::Draw, Some(Reason::NaturalLimit), 2)
    );
    // A capture resets it.
    let start = pos("3k5/9/9/9/9/9/p8/9/R8/4K4 w - - 118 80");
    let r = judge(&start, &line("a1a3 d9d8"), &chinese());
    assert_eq!(r.result, GameResult::Ongoing);
    // Past the limit already: drawn at ply 0.
    let r = judge(
        &pos("3k5/9/9/9/9/9/9/9/R8/4K4 w - - 130 80"),
        &[],
        &chinese(),
    );
    assert_eq!((r.board_reason(), r.ply), (Some(Reason::NaturalLimit), 0));
}

#[test]
fn mate_on_the_move_that_reaches_the_limit_wins() {
    let start = pos(&format!("{MATE_IN_ONE} - - 119 70"));
    for options in [chinese(), asian()] {
        let r = judge(&start, &line("e1e9"), &options);
        assert_eq!(
            (r.result, r.board_reason(), r.ply),
            (GameResult::RedWins, Some(Reason::Checkmate), 1)
        );
    }
    // The same count with a quiet move is a draw.
    let r = judge(&start, &line("e0f0"), &chinese());
    assert_eq!(r.board_reason(), Some(Reason::NaturalLimit));
}

#[test]
fn no_attacking_material_on_either_side_is_a_draw() {
    // Red's elephant takes Black's last pawn; only kings, advisors and elephants remain.
    let start = pos("5k3/9/9/9/9/2p6/9/B8/9/3AK4 w");
    for (options, article) in [(chinese(), "4.2.1"), (asian(), "rule 4")] {
        let r = judge(&start, &line("a2c4"), &options);
        assert_eq!(
            (r.result, r.board_reason(), r.ply),
            (GameResult::Draw, Some(Reason::InsufficientMaterial), 1)
        );
        assert!(r.rule.contains(article));
    }
    // A quiet move instead leaves the pawn: play goes on.
    assert_eq!(
        judge(&start, &line("e0e1"), &chinese()).result,
        GameResult::Ongoing
    );
    // One side with a pawn is not enough for a draw.
    let r = judge(
        &pos("5k3/9/9/9/9/2p6/9/B8/9/3AK4 b"),
        &line("f9f8"),
        &chinese(),
    );
    assert_eq!(r.result, GameResult::Ongoing);
    // Already bare at the start.
    let r = judge(&pos("3akab2/9/4b4/9/9/9/9/4B4/4A4/3AK4 w"), &[], &chinese());
    assert_eq!(
        (r.board_reason(), r.ply),
        (Some(Reason::InsufficientMaterial), 0)
    );
}

#[test]
fn an_illegal_move_is_reported_with_its_ply_and_reason() {
    let start = Position::start();
    // Ply 4: Black's horse on b9 cannot jump onto its own elephant on c7? No: b9c7 is legal;
    // b9d8 is not a horse move at all.
    let r = judge(&start, &line("h2e2 h9g7 h0g2 b9d8 a0a1"), &chinese());
    assert_eq!(r.result, GameResult::RedWins);
    assert_eq!(r.board_reason(), Some(Reason::IllegalMove));
    assert_eq!(r.ply, 4);
    assert_eq!(r.offender, Some(Color::Black));
    assert!(r.rule.contains("4.1.6"));
    assert!(
        r.explanation.contains("Ply 4") && r.explanation.contains("b9d8"),
        "{}",
        r.explanation
    );
    assert!(r.explanation_zh.contains("第4着"), "{}", r.explanation_zh);
    // A move by the wrong side is illegal too, never skipped.
    let r = judge(&start, &line("h2e2 h0g2"), &chinese());
    assert_eq!((r.ply, r.offender), (2, Some(Color::Black)));
    assert!(
        r.explanation.contains("side not to move"),
        "{}",
        r.explanation
    );
}

#[test]
fn a_move_that_faces_the_kings_is_ruled_under_4_1_2() {
    // Red's horse leaves the e-file: the kings would face.
    let r = judge(
        &pos("4k4/9/9/9/9/9/9/9/4N4/4K4 w"),
        &line("e1d3"),
        &chinese(),
    );
    assert_eq!(
        (r.board_reason(), r.ply, r.offender),
        (Some(Reason::IllegalMove), 1, Some(Color::Red))
    );
    assert!(r.rule.contains("4.1.2"), "{}", r.rule);
}

#[test]
fn an_ongoing_game_reports_the_plies_played() {
    let r = judge(&Position::start(), &line("h2e2 h9g7"), &chinese());
    assert_eq!(
        (r.result, r.board_reason(), r.ply, r.offender),
        (GameResult::Ongoing, None, 2, None)
    );
}
