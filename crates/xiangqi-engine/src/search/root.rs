//! The root: every legal move tried against the referee, then searched best first.

use xiangqi::Move;
use xiangqi_referee::Referee;

use super::{INF, MATE, RULE_WIN, Searcher};

/// A root move and what the referee says of it.
#[derive(Clone, Copy)]
pub(super) struct RootMove {
    pub(super) mv: Move,
    /// A score fixed by the referee's ruling on the move (win, draw); `None`: search it.
    pub(super) fixed: Option<i32>,
    pub(super) score: i32,
}

impl Searcher {
    /// The root moves, each tried against the referee.
    pub(super) fn root_moves(&self, referee: &Referee, only: Option<&[Move]>) -> Vec<RootMove> {
        let pos = referee.position();
        let us = pos.turn();
        let mut allowed = Vec::new();
        let mut banned = Vec::new();
        for &m in pos.legal_moves().iter() {
            if only.is_some_and(|o| !o.contains(&m)) {
                continue;
            }
            let mut after = referee.clone();
            let fixed = match after.play(m) {
                Ok(r) if r.is_decided() => match r.result.winner() {
                    Some(w) if w == us => Some(if r.offender.is_some() {
                        RULE_WIN - 1
                    } else {
                        MATE - 1
                    }),
                    Some(_) => {
                        banned.push(RootMove {
                            mv: m,
                            fixed: Some(-RULE_WIN + 1),
                            score: -INF,
                        });
                        continue;
                    }
                    None => Some(0),
                },
                _ => None,
            };
            allowed.push(RootMove {
                mv: m,
                fixed,
                score: -INF,
            });
        }
        // Only forbidden moves left: the side loses whatever it plays; play one.
        if allowed.is_empty() { banned } else { allowed }
    }

    pub(super) fn root_search(&mut self, roots: &mut [RootMove], depth: i32) -> i32 {
        let mut alpha = -INF;
        let beta = INF;
        for i in 0..roots.len() {
            let rm = roots[i];
            let score = if let Some(f) = rm.fixed {
                f
            } else {
                let undo = self.make(rm.mv);
                let s = if i == 0 {
                    -self.negamax(depth - 1, -beta, -alpha, 1, true)
                } else {
                    let s = -self.negamax(depth - 1, -alpha - 1, -alpha, 1, true);
                    if s > alpha && !self.aborted {
                        -self.negamax(depth - 1, -beta, -alpha, 1, true)
                    } else {
                        s
                    }
                };
                self.unmake(rm.mv, undo);
                s
            };
            if self.aborted && depth > 1 {
                break;
            }
            roots[i].score = if score > alpha || i == 0 { score } else { -INF };
            if score > alpha {
                alpha = score;
                self.root_pv.clear();
                if rm.fixed.is_none() {
                    let n = self.pv_len[1];
                    self.root_pv.extend(self.pv[1][..n].iter().flatten());
                }
                // Best first: the next iteration and the answer read roots[0].
                roots[..=i].rotate_right(1);
            }
        }
        alpha
    }
}
