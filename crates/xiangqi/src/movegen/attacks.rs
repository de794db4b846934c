//! Attacks on a square: whether a king is attacked on a given board (the test of every move
//! that may expose it), and which pieces attack a square (1960 rules §2–§3; current text
//! 2.2).

use super::{ADVISOR, CANNON, ELEPHANT, HORSE, KING, PAWN, ROOK, color_bit};
use crate::Color;
use crate::Position;
use crate::geometry::{CELLS, DIAG, EMPTY, FROM_PADDED, HOME, OFF, ORTHO, PALACE, W, forward};
use crate::position::bit;

impl Position {
    /// Whether the king of the side opposite `by`, standing on `k`, is attacked on the given
    /// board: by a rook, a cannon over one screen, a horse whose leg is free, a pawn, or the
    /// enemy king facing it on an open file.
    #[inline]
    pub(crate) fn king_attacked(&self, cells: &[u8; CELLS], k: usize, by: Color) -> bool {
        let tb = color_bit(by);
        let (rook, cannon, king, horse, pawn) =
            (ROOK | tb, CANNON | tb, KING | tb, HORSE | tb, PAWN | tb);
        for (i, d) in ORTHO.into_iter().enumerate() {
            let mut s = k as i32 + d;
            while cells[s as usize] == EMPTY {
                s += d;
            }
            let c = cells[s as usize];
            if c == OFF {
                continue;
            }
            if c == rook || (i < 2 && c == king) {
                return true;
            }
            s += d;
            while cells[s as usize] == EMPTY {
                s += d;
            }
            if cells[s as usize] == cannon {
                return true;
            }
        }
        for d in DIAG {
            let leg = (k as i32 + d) as usize;
            if cells[leg] == EMPTY {
                let v = if d > 0 { W } else { -W };
                let h = d - v;
                if cells[(leg as i32 + h) as usize] == horse
                    || cells[(leg as i32 + v) as usize] == horse
                {
                    return true;
                }
            }
        }
        if cells[(k as i32 - forward(by)) as usize] == pawn {
            return true;
        }
        if !HOME[by.index()][k] && (cells[k - 1] == pawn || cells[k + 1] == pawn) {
            return true;
        }
        false
    }

    /// The 0..90 mask of pieces of `by` attacking the padded cell `t`.
    pub(crate) fn attackers_mask(&self, t: usize, by: Color) -> u128 {
        let cells = &self.cells;
        let tb = color_bit(by);
        let mut found = 0u128;
        let mut add = |s: usize| found |= bit(FROM_PADDED[s]);
        for d in ORTHO {
            let mut s = t as i32 + d;
            while cells[s as usize] == EMPTY {
                s += d;
            }
            let c = cells[s as usize];
            if c == OFF {
                continue;
            }
            if c == ROOK | tb {
                add(s as usize);
            }
            if c == KING | tb && s == t as i32 + d && PALACE[by.index()][t] {
                add(s as usize);
            }
            if c == PAWN | tb && s == t as i32 + d {
                let pawn_steps_here = if d == -forward(by) {
                    true
                } else {
                    (d == 1 || d == -1) && !HOME[by.index()][s as usize]
                };
                if pawn_steps_here {
                    add(s as usize);
                }
            }
            s += d;
            while cells[s as usize] == EMPTY {
                s += d;
            }
            if cells[s as usize] == CANNON | tb {
                add(s as usize);
            }
        }
        for d in DIAG {
            let near = (t as i32 + d) as usize;
            if cells[near] == ADVISOR | tb && PALACE[by.index()][t] {
                add(near);
            }
            if cells[near] == EMPTY {
                let v = if d > 0 { W } else { -W };
                let h = d - v;
                for s in [(near as i32 + h) as usize, (near as i32 + v) as usize] {
                    if cells[s] == HORSE | tb {
                        add(s);
                    }
                }
                let far = (t as i32 + 2 * d) as usize;
                if cells[far] == ELEPHANT | tb && HOME[by.index()][t] {
                    add(far);
                }
            }
        }
        found
    }
}
