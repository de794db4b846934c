//! The definitions of the 2020 book's 棋例 terms, each on positions built for it: one where
//! the concept applies and one where it just fails to. Each test cites its article.

use xiangqi::{Move, Position};
use xiangqi_referee::{
    RuleSet,
    cycle::{IdleKind, MoveKind, classify_cycle},
};

fn kinds(fen: &str, line: &str) -> Vec<MoveKind> {
    let pos = Position::from_fen(fen).expect("legal test position");
    let moves: Vec<Move> = line
        .split_whitespace()
        .map(|m| m.parse().expect("ICCS move"))
        .collect();
    let classes = classify_cycle(&pos, &moves, RuleSet::Chinese);
    assert_eq!(classes.len(), moves.len(), "{line} is not legal from {fen}");
    classes.iter().map(|c| c.kind).collect()
}

/// 2020 art. 24.4 (兑, 图9): a horse stepping off the a-file opens it between the two rooks;
/// Black may take Red's rook, and the horse on c1 retakes: an even exchange offered by a move of
/// another piece. Without that horse the rook would simply be lost: no offer.
#[test]
fn an_exchange_offered_by_opening_a_line() {
    let line = "a3b5 e9f9 b5a3 f9e9";
    let offered = kinds("r3k4/2n6/9/9/9/9/N8/9/2N6/R2K5 w", line);
    assert_eq!(offered[0], MoveKind::Idle(IdleKind::Exchange));
    // The horse's return closes the line again: nothing is offered.
    assert_ne!(offered[2], MoveKind::Idle(IdleKind::Exchange));
    let hanging = kinds("r3k4/2n6/9/9/9/9/N8/9/9/R2K5 w", line);
    assert_ne!(hanging[0], MoveKind::Idle(IdleKind::Exchange));
}
