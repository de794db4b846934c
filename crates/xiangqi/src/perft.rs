//! Perft: counting the leaves of the legal move tree, the standard check of a move generator.

use crate::{Move, MoveList, Position};

/// The number of move sequences of exactly `depth` plies from `pos`. A position with no
/// legal move (mate or stalemate) contributes nothing below it. Counts at the last ply are
/// taken from the move list's length ("bulk counting"), as the published figures are.
///
/// ```
/// use xiangqi::{perft, Position};
/// assert_eq!(perft(&Position::start(), 2), 1920);
/// ```
pub fn perft(pos: &Position, depth: u32) -> u64 {
    let mut pos = pos.clone();
    perft_inner(&mut pos, depth)
}

fn perft_inner(pos: &mut Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = MoveList::new();
    pos.legal_moves_into(&mut moves);
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut nodes = 0;
    for &m in moves.iter() {
        let undo = pos.play_unchecked(m);
        nodes += perft_inner(pos, depth - 1);
        pos.undo(m, undo);
    }
    nodes
}

/// Perft split by root move: each legal move with the count below it, in generation order.
///
/// ```
/// use xiangqi::{perft_divide, Position};
/// let split = perft_divide(&Position::start(), 1);
/// assert_eq!(split.len(), 44);
/// assert!(split.iter().all(|&(_, n)| n == 1));
/// ```
pub fn perft_divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    let mut pos = pos.clone();
    let moves = pos.legal_moves();
    moves
        .iter()
        .map(|&m| {
            let undo = pos.play_unchecked(m);
            let n = perft_inner(&mut pos, depth.saturating_sub(1));
            pos.undo(m, undo);
            (m, n)
        })
        .collect()
}
