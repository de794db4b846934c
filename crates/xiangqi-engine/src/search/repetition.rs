//! Repetitions inside the search tree, ruled by the referee's own cycle rulings.

use xiangqi_referee::cycle::rule_cycle;

use super::{RULE_WIN, Searcher};

impl Searcher {
    /// If the position after the last move occurred before (same side to move, no capture
    /// or null move between), the score the cycle's ruling gives the side to move: a loss
    /// for the offender, a draw for an allowed cycle. Rulings are cached per cycle.
    pub(super) fn repetition_score(&mut self, ply: usize) -> Option<i32> {
        let n = self.frames.len();
        if ply == 0 || n < 5 {
            return None;
        }
        let now = self.frames[n - 1].hash;
        if self.frames[n - 1].irreversible {
            return None;
        }
        let mut j = n - 1;
        let mut key = now;
        loop {
            // Step back two plies, stopping at anything irreversible.
            if j < 2 || self.frames[j - 1].irreversible {
                return None;
            }
            key = key.rotate_left(7) ^ self.frames[j - 1].hash;
            j -= 2;
            key = key.rotate_left(7) ^ self.frames[j].hash;
            if self.frames[j].hash == now {
                break;
            }
            if self.frames[j].irreversible {
                return None;
            }
        }
        let key = key ^ now.rotate_left(31);
        let loser = match self.cycles.get(&key) {
            Some(&l) => l,
            None => {
                let mut start = self.pos.clone();
                let mut moves = Vec::with_capacity(n - 1 - j);
                for f in self.frames[j + 1..].iter().rev() {
                    let (m, undo) = f.mv?;
                    start.undo(m, undo);
                    moves.push(m);
                }
                moves.reverse();
                let loser = rule_cycle(&start, &moves, self.rules).loser;
                self.cycles.insert(key, loser);
                loser
            }
        };
        let turn = self.pos.turn();
        Some(match loser {
            None => 0,
            Some(c) if c == turn => -RULE_WIN + ply as i32,
            Some(_) => RULE_WIN - ply as i32,
        })
    }
}
