//! The checks a line of checks goes on with (抽, 2020 art. 24.3: 「运用将军或连续“将军”得子」):
//! those that trade material as the book's lines do, not those that only drive the general
//! round.

use xiangqi::{Move, Position};

/// The checks the side to move may go on with in a line: [`forcing_check`]s, none of `offers`
/// (the captures of pieces offered a fair exchange, no threat).
pub(super) fn forcing_checks(pos: &mut Position, offers: &[Move]) -> Vec<Move> {
    let moves = pos.legal_moves();
    moves
        .iter()
        .copied()
        .filter(|&c| !offers.contains(&c) && pos.gives_check(c) && forcing_check(pos, c))
        .collect()
}

/// Whether a further check of a line trades material as the book's lines do: it takes a
/// piece, uncovers a check by another piece (抽), or gives the checking piece up (弃, 2020
/// 图24: 兵七平六, the pawn the general must take). A check that only drives the general
/// round wins nothing by itself, and lines made of such checks are not what the book reads
/// as 「运用将军…得子」: 2020 图5 rules the rook's retreat 闲 although the rook could then
/// hunt the general with quiet checks until a piece falls (「退车后吃士的结果没有发生变化」).
/// A check that mates at once ends the line (24.2): it is forcing, so that an answer which
/// allows it counts as lost, never as a way out of the line.
fn forcing_check(pos: &mut Position, c: Move) -> bool {
    if pos.piece_at(c.to()).is_some() {
        return true;
    }
    let undo = pos.play_unchecked(c);
    let found = pos.checkers().any(|sq| sq != c.to())
        || pos
            .attackers(c.to(), pos.turn())
            .any(|from| pos.is_legal(Move::new(from, c.to())))
        || pos.legal_moves().is_empty();
    pos.undo(c, undo);
    found
}
