//! The book's procedure (README "The book's procedure"; current text 2.5(3), 4.1.7): a
//! forbidden cycle orders its author to vary, who loses only by not varying; an allowed cycle
//! makes the draw claimable, and draws by itself one turn later. Each case is checked as built,
//! mirrored and with the colours swapped; `judge` and the move-by-move `Referee` agree.

mod common;

use common::drawing::{Drawing, redraw_move, redraw_position};
use common::{line, pos};
use xiangqi::{Color, Move, Position};
use xiangqi_referee::{
    ClaimError, Claimant, GameResult, Options, Procedure, Reason, Referee, Ruling, judge,
};

/// 1960 rules 图四: Red's rook checks from h9 and h8 while Black's king steps between f9 and
/// f8. The position after ply 1 occurs for the third time at ply 9, on Red's move, so the
/// order comes with Black to move.
const CHECK: &str = "5k3/9/9/9/9/9/9/9/7R1/3K5 w";
const CHECKS: &str = "h1h9 f9f8 h9h8 f8f9 h8h9 f9f8 h9h8 f8f9 h8h9";

/// 1960 rules 图七: Red's rook chases the unprotected cannon up and down the a-file's
/// neighbour; the start position occurs for the third time at ply 8, on Black's move, so the
/// order comes with Red, the chaser, to move.
const CHASE: &str = "3aka3/9/9/c8/1R7/9/9/9/9/3K5 w";
const CHASES: &str = "b5b6 a6a5 b6b5 a5a6 b5b6 a6a5 b6b5 a5a6";

/// Both horses go out and back: an allowed cycle; the start occurs the third time at ply 8.
const SHUFFLE: &str = "b0c2 b9c7 c2b0 c7b9 b0c2 b9c7 c2b0 c7b9";

const DRAWINGS: [Option<Drawing>; 3] = [None, Some(Drawing::Mirror), Some(Drawing::ColourSwap)];

/// The game redrawn: its start, its moves, and the side that is Red's in the built case.
fn drawn(fen: &str, moves: &str, d: Option<Drawing>) -> (Position, Vec<Move>, Color) {
    let start = pos(fen);
    let moves = line(moves);
    match d {
        None => (start, moves, Color::Red),
        Some(d) => (
            redraw_position(&start, d),
            moves.into_iter().map(|m| redraw_move(m, d)).collect(),
            match d {
                Drawing::Mirror => Color::Red,
                Drawing::ColourSwap => Color::Black,
            },
        ),
    }
}

fn redrawn_move(m: &str, d: Option<Drawing>) -> Move {
    let m: Move = m.parse().expect("a move");
    d.map_or(m, |d| redraw_move(m, d))
}

/// `judge` on the game, checked against the move-by-move referee.
fn rule(start: &Position, moves: &[Move], options: &Options) -> Ruling {
    let mut referee = Referee::new(start.clone(), *options);
    for &m in moves {
        if referee.ruling().is_decided() {
            break;
        }
        referee.play(m).expect("legal");
    }
    let ruling = judge(start, moves, options);
    assert_eq!(&ruling, referee.ruling(), "judge and Referee disagree");
    ruling
}

#[test]
fn a_forbidden_cycle_orders_its_author_to_vary() {
    for d in DRAWINGS {
        let (start, moves, red) = drawn(CHECK, CHECKS, d);
        let r = rule(&start, &moves, &Options::default());
        assert_eq!(
            (r.result, r.board_reason(), r.ply),
            (GameResult::Ongoing, None, 9),
            "{d:?}: {r}"
        );
        assert_eq!(r.ordered_at, None);
        let order = r.order.as_ref().expect("an order");
        assert_eq!(order.side, red, "{d:?}");
        assert_eq!((order.reason, order.ply), (Reason::PerpetualCheck, 9));
        // Black is to move; if its king steps to f8 again, the check from h8 is forbidden.
        assert_eq!(order.forbidden, [redrawn_move("h9h8", d)], "{d:?}");
        assert!(order.rule.contains("4.1.7"), "{}", order.rule);
        assert!(
            order.explanation.contains("must vary"),
            "{}",
            order.explanation
        );
        assert!(
            order.explanation_zh.contains("变着"),
            "{}",
            order.explanation_zh
        );
        assert!(!order.cycle.moves.is_empty());
        let json = serde_json::to_value(&r).expect("json");
        assert_eq!(json["result"], "ongoing");
        assert_eq!(json["order"]["to"], "vary");
        assert_eq!(
            json["order"]["side"],
            if red == Color::Red { "red" } else { "black" }
        );
        assert_eq!(
            json["order"]["forbidden"][0],
            redrawn_move("h9h8", d).to_string()
        );
        assert!(json.get("claimable").is_none() && json.get("ordered_at").is_none());
    }
}

#[test]
fn not_varying_loses_with_the_ply_of_the_order() {
    for d in DRAWINGS {
        let (start, mut moves, red) = drawn(CHECK, CHECKS, d);
        moves.extend(["f9f8", "h9h8"].map(|m| redrawn_move(m, d)));
        let r = rule(&start, &moves, &Options::default());
        assert_eq!(r.result, GameResult::win_for(!red), "{d:?}: {r}");
        assert_eq!(
            (r.board_reason(), r.ply, r.ordered_at),
            (Some(Reason::PerpetualCheck), 11, Some(9))
        );
        assert_eq!(r.offender, Some(red));
        assert!(r.order.is_none());
        assert!(
            r.explanation.contains("ordered at ply 9"),
            "{}",
            r.explanation
        );
        assert!(
            r.explanation_zh.contains("应变着而不变"),
            "{}",
            r.explanation_zh
        );
        let json = serde_json::to_value(&r).expect("json");
        assert_eq!(json["ordered_at"], 9);
    }
}

#[test]
fn varying_lifts_the_order_and_the_game_goes_on() {
    for d in DRAWINGS {
        let (start, mut moves, _) = drawn(CHECK, CHECKS, d);
        // The rook leaves the h-file's checks: no longer the cycle.
        moves.extend(["f9f8", "h9h7", "f8f9", "h7h1"].map(|m| redrawn_move(m, d)));
        let mut referee = Referee::new(start.clone(), Options::default());
        for (i, &m) in moves.iter().enumerate() {
            let r = referee.play(m).expect("legal").clone();
            let ply = i as u32 + 1;
            // The order stands from ply 9 through Black's answer; Red's ply 11 lifts it.
            assert_eq!(
                r.order.is_some(),
                (9..=10).contains(&ply),
                "{d:?} ply {ply}: {r}"
            );
            assert_eq!(r.result, GameResult::Ongoing, "{d:?} ply {ply}");
        }
        assert_eq!(
            &judge(&start, &moves, &Options::default()),
            referee.ruling()
        );
    }
}

#[test]
fn the_order_names_the_move_when_the_offender_is_to_move() {
    for d in DRAWINGS {
        let (start, moves, red) = drawn(CHASE, CHASES, d);
        let r = rule(&start, &moves, &Options::default());
        let order = r.order.as_ref().unwrap_or_else(|| panic!("{d:?}: {r}"));
        assert_eq!(
            (order.side, order.reason, order.ply),
            (red, Reason::PerpetualChase, 8)
        );
        assert_eq!(order.forbidden, [redrawn_move("b5b6", d)], "{d:?}");
        // The forbidden move loses at once; another rook move varies.
        let mut lost = moves.clone();
        lost.push(redrawn_move("b5b6", d));
        let r = rule(&start, &lost, &Options::default());
        assert_eq!(
            (r.result, r.ply, r.ordered_at),
            (GameResult::win_for(!red), 9, Some(8))
        );
        let mut varied = moves.clone();
        varied.push(redrawn_move("b5b4", d));
        let r = rule(&start, &varied, &Options::default());
        assert_eq!((r.result, r.ply), (GameResult::Ongoing, 9), "{d:?}: {r}");
        assert!(r.order.is_none());
    }
}

#[test]
fn immediate_keeps_the_loss_at_the_ruling_occurrence() {
    let immediate = Options::default().with_procedure(Procedure::Immediate);
    for d in DRAWINGS {
        let (start, moves, red) = drawn(CHECK, CHECKS, d);
        let r = rule(&start, &moves, &immediate);
        assert_eq!((r.result, r.ply), (GameResult::win_for(!red), 9), "{d:?}");
        assert_eq!((r.order.as_ref(), r.ordered_at), (None, None));
        let json = serde_json::to_value(&r).expect("json");
        for field in ["order", "claimable", "ordered_at", "claimed_by"] {
            assert!(json.get(field).is_none(), "{field} in {json}");
        }
    }
}

#[test]
fn an_allowed_cycle_is_claimable_and_draws_one_turn_later() {
    let start = Position::start();
    let moves = line(&format!("{SHUFFLE} b0c2 b9c7 c2b0 c7b9"));
    let mut referee = Referee::new(start.clone(), Options::default());
    for (i, &m) in moves.iter().enumerate() {
        let r = referee.play(m).expect("legal").clone();
        let ply = i as u32 + 1;
        match ply {
            ..=7 => assert!(r.claimable.is_none(), "ply {ply}"),
            8..=11 => {
                let c = r
                    .claimable
                    .as_ref()
                    .unwrap_or_else(|| panic!("ply {ply}: {r}"));
                assert_eq!((c.ply, c.reason), (8, Reason::RepetitionDraw));
                assert_eq!(r.result, GameResult::Ongoing);
            }
            _ => {
                // The start position occurs once more, unclaimed: drawn.
                assert_eq!(
                    (r.result, r.board_reason()),
                    (GameResult::Draw, Some(Reason::RepetitionDraw))
                );
                assert_eq!((r.ply, r.claimed_by), (12, None));
                assert!(
                    r.explanation.contains("No claim since ply 8"),
                    "{}",
                    r.explanation
                );
            }
        }
    }
    assert_eq!(
        &judge(&start, &moves, &Options::default()),
        referee.ruling()
    );
    let json = serde_json::to_value(judge(&start, &moves[..8], &Options::default())).expect("json");
    assert_eq!(json["claimable"]["result"], "draw");
    assert_eq!(json["claimable"]["reason"], "repetition_draw");
    assert_eq!(json["claimable"]["ply"], 8);
}

#[test]
fn leaving_the_cycle_ends_the_claim() {
    let start = Position::start();
    let moves = line(&format!("{SHUFFLE} h2e2 h9g7"));
    let r = rule(&start, &moves, &Options::default());
    assert_eq!((r.result, r.ply), (GameResult::Ongoing, 10));
    assert!(r.claimable.is_none(), "{r}");
}

#[test]
fn a_claim_draws_only_a_claimable_repetition() {
    let mut referee = Referee::new(Position::start(), Options::default());
    for (i, m) in line(SHUFFLE).into_iter().enumerate() {
        assert_eq!(
            referee.claim(Claimant::Player(Color::Red)).unwrap_err(),
            ClaimError::NoRepetition,
            "ply {i}"
        );
        referee.play(m).expect("legal");
    }
    let r = referee.claim(Claimant::Arbiter).expect("claimable").clone();
    assert_eq!(
        (r.result, r.ply, r.claimed_by),
        (GameResult::Draw, 8, Some(Claimant::Arbiter))
    );
    assert_eq!(
        serde_json::to_value(&r).expect("json")["claimed_by"],
        "arbiter"
    );
    assert_eq!(
        referee.claim(Claimant::Player(Color::Red)).unwrap_err(),
        ClaimError::GameOver
    );

    // A forbidden cycle cannot be claimed as a draw: its author must vary.
    let mut referee = Referee::new(pos(CHECK), Options::default());
    for m in line(CHECKS) {
        referee.play(m).expect("legal");
    }
    let err = referee.claim(Claimant::Player(Color::Red)).unwrap_err();
    assert_eq!(
        err,
        ClaimError::Forbidden {
            side: Color::Red,
            reason: Reason::PerpetualCheck
        }
    );
    assert_eq!(err.code(), "repetition_forbidden");
    assert!(
        referee.ruling().order.is_some(),
        "a refused claim changes nothing"
    );
}

#[test]
fn rulings_survive_a_json_round_trip() {
    let (start, moves, _) = drawn(CHECK, CHECKS, None);
    let mut lost = moves.clone();
    lost.extend(line("f9f8 h9h8"));
    for r in [
        judge(&start, &moves, &Options::default()),
        judge(&start, &lost, &Options::default()),
        judge(&Position::start(), &line(SHUFFLE), &Options::default()),
    ] {
        let text = serde_json::to_string(&r).expect("json");
        let back: Ruling = serde_json::from_str(&text).expect("parses");
        assert_eq!(back, r);
    }
}

/// A built position: Red's cannon checks from h9 (over Black's elephant) and h8 (over Black's
/// cannon), walled in by Black's pieces; Red's king on d0 is kept off e0 by the rook on e5 and
/// off d1 by the rook on a1. When the order comes (ply 8, Red to move) Red's only legal move
/// continues the cycle: it cannot vary and loses at once (2020 图6's principle). Without the
/// rook on e5 the king may step aside, and the order stands.
const WALLED: &str = "5kb1n/6cCn/7c1/9/4r4/9/9/9/r8/3K5 w";
const WALLED_FREE: &str = "5kb1n/6cCn/7c1/9/9/9/9/9/r8/3K5 w";
const WALLED_CYCLE: &str = "h8h9 f9f8 h9h8 f8f9 h8h9 f9f8 h9h8 f8f9";

#[test]
fn a_side_that_cannot_vary_loses_at_the_order() {
    for d in DRAWINGS {
        let (start, moves, red) = drawn(WALLED, WALLED_CYCLE, d);
        let r = rule(&start, &moves, &Options::default());
        assert_eq!(r.result, GameResult::win_for(!red), "{d:?}: {r}");
        assert_eq!(
            (r.board_reason(), r.ply, r.ordered_at),
            (Some(Reason::PerpetualCheck), 8, Some(8))
        );
        assert!(r.explanation.contains("cannot vary"), "{}", r.explanation);
        assert!(
            r.explanation_zh.contains("无从变着"),
            "{}",
            r.explanation_zh
        );

        let (start, moves, red) = drawn(WALLED_FREE, WALLED_CYCLE, d);
        let r = rule(&start, &moves, &Options::default());
        assert_eq!(r.result, GameResult::Ongoing, "{d:?}: {r}");
        let order = r.order.as_ref().expect("an order");
        assert_eq!((order.side, order.ply), (red, 8));
        assert_eq!(order.forbidden, [redrawn_move("h8h9", d)]);
    }
}

/// When the other side leaves the cycle before the ordered side moves, nothing is left to
/// vary: the order lapses (1960 图七 from its second move: the third occurrence comes with
/// Red's chase at ply 8, and Black's cannon then goes to a9 instead of a5).
#[test]
fn the_order_lapses_when_the_other_side_leaves_the_cycle() {
    let chase_from_b6 = "3aka3/9/9/cR7/9/9/9/9/9/3K5 b";
    let cycle = "a6a5 b6b5 a5a6 b5b6 a6a5 b6b5 a5a6 b5b6";
    for d in DRAWINGS {
        let (start, moves, red) = drawn(chase_from_b6, cycle, d);
        let r = rule(&start, &moves, &Options::default());
        let order = r.order.as_ref().unwrap_or_else(|| panic!("{d:?}: {r}"));
        assert_eq!(
            (order.side, order.ply, order.reason),
            (red, 8, Reason::PerpetualChase)
        );
        let mut left = moves.clone();
        left.push(redrawn_move("a6a9", d));
        let r = rule(&start, &left, &Options::default());
        assert_eq!((r.result, r.ply), (GameResult::Ongoing, 9), "{d:?}: {r}");
        assert!(r.order.is_none(), "{d:?}: {r}");
    }
}
