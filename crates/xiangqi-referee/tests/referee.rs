//! The incremental referee: agreement with `judge`, repetition detection, refusals, and
//! random games that never make it panic or hang.

mod common;

use common::{Rng, line, pos, random_game};
use xiangqi::{Move, Position};
use xiangqi_referee::{GameResult, Options, PlayError, Procedure, Reason, Referee, RuleSet, judge};

/// 1960 rules §4.2(一), 图四: Red's rook checks, Black's king steps up and down.
const PERPETUAL_CHECK: &str = "5k3/9/9/9/9/9/9/9/7R1/3K5 w";
const CHECKS: &str = "h1h9 f9f8 h9h8 f8f9 h8h9 f9f8 h9h8 f8f9 h8h9 f9f8 h9h8 f8f9 h8h9 f9f8";

fn is_cycle_reason(r: Option<Reason>) -> bool {
    matches!(
        r,
        Some(
            Reason::PerpetualCheck
                | Reason::PerpetualChase
                | Reason::PerpetualMateThreat
                | Reason::CheckAndChase
                | Reason::RepetitionDraw
        )
    )
}

#[test]
fn a_position_occurring_the_third_time_triggers_the_cycle_ruling() {
    let immediate = Options::default().with_procedure(Procedure::Immediate);
    let r = judge(&pos(PERPETUAL_CHECK), &line(CHECKS), &immediate);
    // The position after ply 1 recurs after plies 5 and 9.
    assert_eq!(r.ply, 9);
    assert!(r.is_decided());
    assert!(is_cycle_reason(r.board_reason()), "{r}");
    assert!(
        r.explanation.contains("after ply 1") && r.explanation.contains("plies 2–9"),
        "{}",
        r.explanation
    );
    assert!(r.explanation_zh.contains("第2–9着"), "{}", r.explanation_zh);
}

#[test]
fn the_repetition_count_is_configurable() {
    let moves = line(CHECKS);
    let at = |n| {
        judge(
            &pos(PERPETUAL_CHECK),
            &moves,
            &Options {
                repetitions: n,
                procedure: Procedure::Immediate,
                ..Options::default()
            },
        )
    };
    assert_eq!(at(2).ply, 5);
    assert_eq!(at(4).ply, 13);
    let off = at(0);
    assert_eq!((off.result, off.ply), (GameResult::Ongoing, 14));
}

/// One-sided perpetual check loses under both books (1960 §4.2(一); AXF rule 6). This is
/// ruled by the cycle classification; here we check that its verdict reaches the ruling.
#[test]
fn perpetual_check_loses_for_the_checker() {
    for rules in [RuleSet::Chinese, RuleSet::Asian] {
        let r = judge(&pos(PERPETUAL_CHECK), &line(CHECKS), &Options::new(rules));
        // Under the book's procedure the order comes at ply 9 and Red's h9h8 at ply 11 does
        // not vary.
        assert_eq!((r.ply, r.ordered_at), (11, Some(9)), "{rules}: {r}");
        assert_eq!(r.result, GameResult::BlackWins, "{rules}: {r}");
        assert_eq!(r.board_reason(), Some(Reason::PerpetualCheck));
        assert_eq!(r.offender, Some(xiangqi::Color::Red));
        assert!(!r.rule.is_empty());
    }
}

#[test]
fn a_capture_cuts_the_repetition_history() {
    // Rooks shuffle; a pawn capture in the middle means earlier positions cannot recur.
    let start = pos("3k5/9/9/9/9/p8/9/9/R8/4K4 w");
    let moves = line("a1b1 d9d8 b1a1 d8d9 a1a4 d9d8 a4a1 d8d9 a1b1 d9d8 b1a1 d8d9");
    let r = judge(&start, &moves, &Options::default());
    // Positions before the capture on ply 5 never count; after it the start of the b1/a1
    // shuffle (after ply 8) recurs at plies 12 only: twice.
    assert_eq!(r.result, GameResult::Ongoing, "{r}");
}

#[test]
fn long_histories_without_the_natural_limit_still_find_repetitions() {
    // 150 plies of non-repeating quiet moves (the window switches to its table), then a
    // shuffle that repeats.
    let mut rng = Rng(7);
    let start = Position::start();
    let options = Options {
        natural_limit: Some(0),
        repetitions: 3,
        ..Options::default()
    };
    let mut referee = Referee::new(start.clone(), options);
    let mut played = 0;
    while played < 150 {
        let legal: Vec<Move> = referee
            .position()
            .legal_moves()
            .iter()
            .copied()
            .filter(|m| referee.position().piece_at(m.to()).is_none())
            .collect();
        let m = legal[rng.below(legal.len())];
        let mut probe = referee.clone();
        if probe.play(m).map(|r| r.is_decided()).unwrap_or(true) {
            continue;
        }
        referee.play(m).unwrap();
        played += 1;
    }
    assert_eq!(referee.ruling().result, GameResult::Ongoing);
    // Now shuffle one piece of each side back and forth until a ruling comes.
    let mut guard = 0;
    while !referee.ruling().is_decided() && guard < 40 {
        let moves = referee.moves().to_vec();
        let back = |m: Move| Move::new(m.to(), m.from());
        let m = if moves.len() >= 2 && referee.position().is_legal(back(moves[moves.len() - 2])) {
            back(moves[moves.len() - 2])
        } else {
            let legal = referee.position().legal_moves();
            *legal
                .iter()
                .find(|m| referee.position().piece_at(m.to()).is_none())
                .unwrap()
        };
        referee.play(m).unwrap();
        guard += 1;
    }
    let r = referee.ruling();
    assert!(is_cycle_reason(r.board_reason()), "{r}");
    assert!(
        guard <= 12,
        "a shuffle repeats within a few plies, took {guard}"
    );
    assert_eq!(&judge(&start, referee.moves(), &options), r);
}

#[test]
fn moves_after_a_decision_are_refused() {
    let mut r = Referee::new(pos("3k5/9/3P5/9/9/9/9/9/4R4/4K4 w"), Options::default());
    r.play("e1e9".parse().unwrap()).unwrap();
    let err = r.play("d9d8".parse().unwrap()).unwrap_err();
    assert!(matches!(
        err,
        PlayError::GameOver {
            result: GameResult::RedWins,
            reason: Some(Reason::Checkmate),
            ply: 1
        }
    ));
    assert!(err.to_string().contains("game is over"), "{err}");
    assert_eq!(r.moves().len(), 1);
}

#[test]
fn illegal_moves_are_refused_with_the_reason() {
    let mut r = Referee::new(Position::start(), Options::default());
    let err = r.play("b0b2".parse().unwrap()).unwrap_err();
    let PlayError::Illegal(e) = err else {
        panic!("{err:?}")
    };
    assert_eq!(e.reason, xiangqi::IllegalReason::OwnPiece);
    assert_eq!(r.ruling().result, GameResult::Ongoing);
}

/// Plays random games move by move and checks that the incremental referee agrees with
/// `judge` on the whole game and on a prefix, and that a decided game stays decided.
fn random_games(games: usize, plies: usize, seed: u64) -> usize {
    let mut rng = Rng(seed);
    let mut total = 0;
    for g in 0..games {
        let rules = if g % 2 == 0 {
            RuleSet::Chinese
        } else {
            RuleSet::Asian
        };
        let options = Options {
            repetitions: 2 + (g % 3) as u32,
            procedure: if g % 4 < 2 {
                Procedure::Book
            } else {
                Procedure::Immediate
            },
            ..Options::new(rules)
        };
        let start = Position::start();
        let echo = [0, 20, 60][g % 3];
        let moves = random_game(&mut rng, &start, plies, echo);
        let mut referee = Referee::new(start.clone(), options);
        for &m in &moves {
            if referee.ruling().is_decided() {
                assert!(matches!(referee.play(m), Err(PlayError::GameOver { .. })));
                break;
            }
            referee.play(m).expect("random moves are legal");
            total += 1;
        }
        let full = judge(&start, &moves, &options);
        assert_eq!(&full, referee.ruling(), "game {g}");
        if full.is_decided() {
            assert!(full.board_reason().is_some());
            if full.result == GameResult::Draw {
                assert_eq!(full.offender, None, "a draw has no offender");
            }
        }
        let cut = rng.below(moves.len() + 1);
        let mut prefix = Referee::new(start.clone(), options);
        for &m in &moves[..cut] {
            if prefix.play(m).is_err() {
                break;
            }
        }
        assert_eq!(
            &judge(&start, &moves[..cut], &options),
            prefix.ruling(),
            "game {g}, prefix {cut}"
        );
    }
    total
}

#[test]
fn random_games_agree_with_judge_and_never_panic() {
    let plies = random_games(30, 200, 0x00c0_ffee);
    assert!(plies > 1_500, "{plies}");
}

/// Hundreds of thousands of plies; run with `cargo test --release -- --ignored`.
#[test]
#[ignore]
fn many_random_games_never_panic() {
    let plies = random_games(3_000, 400, 0xdead_beef);
    assert!(plies > 300_000, "{plies}");
}
