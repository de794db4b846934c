//! The board's judge (`Arbiter`): the referee crate's rulings carried over in the game's type,
//! and a probe that rules on a move without recording it.

use xiangqi::{Color, Move, Position};
use xiangqi_game::arbiter::{Arbiter, GameResult};
use xiangqi_referee::{ClaimError, Claimant, Procedure, RuleSet};

#[test]
fn mate_is_ruled_a_win_for_the_mover() {
    // The pawn steps to e8 with the rook behind it; the horse on g7 covers f9 and the
    // red king on d0 takes d9 away (the generals may not face each other).
    let pos = Position::from_fen("4k4/9/4P1N2/9/9/9/9/9/9/3KR4 w - - 0 1").unwrap();
    let m: Move = "e7e8".parse().unwrap();
    let r = Arbiter::new(&pos, RuleSet::Chinese).judge(m).unwrap();
    assert_eq!(r.result, GameResult::RedWins);
    assert_eq!(r.reason_name(), "checkmate");
    assert!(!r.explanation.is_empty() && !r.explanation_zh.is_empty());
}

#[test]
fn perpetual_check_loses_and_judge_does_not_record() {
    // 1960 rules §4.2(一), 图四 (the referee crate's own example): Red's rook checks for
    // ever; the position after ply 1 occurs for the third time at ply 9.
    let pos = Position::from_fen("5k3/9/9/9/9/9/9/9/7R1/3K5 w").unwrap();
    let mut arbiter = Arbiter::with_options(
        &pos,
        RuleSet::Chinese,
        None,
        None,
        None,
        Procedure::Immediate,
    )
    .unwrap();
    let line = "h1h9 f9f8 h9h8 f8f9 h8h9 f9f8 h9h8 f8f9".split(' ');
    for m in line {
        let m: Move = m.parse().unwrap();
        assert_eq!(arbiter.judge(m), None);
        arbiter.advance(m).unwrap();
    }
    let last: Move = "h8h9".parse().unwrap();
    let r = arbiter.judge(last).unwrap();
    assert_eq!(r.result, GameResult::BlackWins);
    assert_eq!(r.reason_name(), "perpetual_check");
    assert_eq!(r.offender, Some(Color::Red));
    assert_eq!(r.ply, 9);
    // The ruling carries the cycle move by move, as `xq judge --json` does: every red
    // move a check (将), every black move the general's answer.
    let cycle = r.cycle.as_ref().expect("a repetition ruling has its cycle");
    let json = serde_json::to_value(&r).unwrap();
    assert_eq!(
        json["cycle"]["moves"].as_array().map(Vec::len),
        Some(cycle.moves.len())
    );
    assert_eq!(cycle.moves.len(), 4);
    assert!(
        cycle
            .moves
            .iter()
            .all(|m| (m.side == "red") == (m.label == "将"))
    );
    // Judging did not play the move: judging again gives the same.
    assert_eq!(arbiter.judge(last).unwrap(), r);
}

#[test]
fn under_the_book_the_order_stands_and_a_repeat_loses() {
    let pos = Position::from_fen("5k3/9/9/9/9/9/9/9/7R1/3K5 w").unwrap();
    let mut arbiter = Arbiter::new(&pos, RuleSet::Chinese);
    for m in "h1h9 f9f8 h9h8 f8f9 h8h9 f9f8 h9h8 f8f9 h8h9 f9f8".split(' ') {
        let m: Move = m.parse().unwrap();
        assert_eq!(arbiter.judge(m), None, "{m}: an order is no ending");
        arbiter.advance(m).unwrap();
    }
    let order = arbiter
        .order()
        .expect("an order after the third occurrence");
    assert_eq!(order.forbidden, ["h9h8".parse::<Move>().unwrap()]);
    assert_eq!(
        arbiter.claim(Claimant::Arbiter).unwrap_err(),
        ClaimError::Forbidden {
            side: Color::Red,
            reason: xiangqi_referee::Reason::PerpetualCheck
        }
    );
    let r = arbiter
        .judge("h9h8".parse().unwrap())
        .expect("not varying loses");
    assert_eq!(
        (r.result, r.ply, r.ordered_at),
        (GameResult::BlackWins, 11, Some(9))
    );
}
