//! Positions no test was tuned on: the one-piece changes of a position whose repetition cycle
//! still plays. Shared by the slow invariance test and the cycle bench.

use xiangqi::{Move, Position, Role, Square};

/// The positions one piece away from `pos` (taken off, or stepped one square along a rank or a
/// file to an empty square) that are legal and in which `cycle` still plays and comes back.
pub fn one_piece_changes(pos: &Position, cycle: &[Move]) -> Vec<Position> {
    let setup = pos.to_setup();
    let mut out = Vec::new();
    for sq in Square::all() {
        let Some(piece) = setup.board[sq.index() as usize].filter(|p| p.role != Role::King) else {
            continue;
        };
        let i = sq.index() as i16;
        let beside = [i - 9, i + 9]
            .into_iter()
            .chain([i - 1, i + 1].into_iter().filter(|j| j / 9 == i / 9));
        let mut changed = vec![None];
        changed.extend(
            beside
                .filter_map(|j| Square::new(u8::try_from(j).ok()?))
                .map(Some),
        );
        for to in changed {
            let mut s = setup.clone();
            s.board[sq.index() as usize] = None;
            if let Some(to) = to {
                if setup.board[to.index() as usize].is_some() {
                    continue;
                }
                s.board[to.index() as usize] = Some(piece);
            }
            let Ok(start) = Position::from_setup(s) else {
                continue;
            };
            let mut p = start.clone();
            if cycle.iter().all(|&m| p.play(m).is_ok()) && p.hash() == start.hash() {
                out.push(start);
            }
        }
    }
    out
}
