//! Move ordering: the table's move, captures by most valuable victim and least valuable
//! attacker, two killers per ply, then history.

use xiangqi::{Move, MoveList, Position};

use super::eval::value;
use super::scale::MAX_PLY;

/// Killers and history, kept across searches of a game.
pub struct Ordering {
    killers: [[Option<Move>; 2]; MAX_PLY + 1],
    history: Vec<i32>,
}

fn index(m: Move) -> usize {
    m.from().index() as usize * 90 + m.to().index() as usize
}

impl Ordering {
    pub fn new() -> Ordering {
        Ordering {
            killers: [[None; 2]; MAX_PLY + 1],
            history: vec![0; 90 * 90],
        }
    }

    /// Halves the history between searches, so old lessons fade.
    pub fn age(&mut self) {
        self.history.iter_mut().for_each(|h| *h /= 2);
        self.killers = [[None; 2]; MAX_PLY + 1];
    }

    /// A quiet move caused a cut-off.
    pub fn reward(&mut self, m: Move, ply: usize, depth: i32) {
        let k = &mut self.killers[ply];
        if k[0] != Some(m) {
            k[1] = k[0];
            k[0] = Some(m);
        }
        let h = &mut self.history[index(m)];
        *h = (*h + depth * depth).min(1 << 20);
    }

    /// The moves with their ordering scores.
    pub fn score(
        &self,
        pos: &Position,
        moves: &MoveList,
        tt: Option<Move>,
        ply: usize,
    ) -> Vec<(Move, i32)> {
        moves
            .iter()
            .map(|&m| {
                let s = if Some(m) == tt {
                    1 << 30
                } else if let Some(victim) = pos.piece_at(m.to()) {
                    (1 << 28) + mvv_lva(pos, m, victim.role)
                } else if self.killers[ply][0] == Some(m) {
                    (1 << 27) + 1
                } else if self.killers[ply][1] == Some(m) {
                    1 << 27
                } else {
                    self.history[index(m)]
                };
                (m, s)
            })
            .collect()
    }
}

fn mvv_lva(pos: &Position, m: Move, victim: xiangqi::Role) -> i32 {
    let attacker = pos.piece_at(m.from()).map_or(0, |p| value(p.role));
    value(victim) * 16 - attacker / 8 + 1000
}

/// For quiescence: the captures (or, in check, every evasion), by MVV-LVA.
pub fn captures(pos: &Position, moves: &MoveList, all: bool) -> Vec<(Move, i32)> {
    moves
        .iter()
        .filter_map(|&m| match pos.piece_at(m.to()) {
            Some(v) => Some((m, mvv_lva(pos, m, v.role))),
            None if all => Some((m, 0)),
            None => None,
        })
        .collect()
}

/// Selection sort, one step: brings the best remaining move to `i` and returns it.
pub fn pick(moves: &mut [(Move, i32)], i: usize) -> Option<Move> {
    if i >= moves.len() {
        return None;
    }
    let mut best = i;
    for j in i + 1..moves.len() {
        if moves[j].1 > moves[best].1 {
            best = j;
        }
    }
    moves.swap(i, best);
    Some(moves[i].0)
}
