//! Answers to check (应将, 1960 rules §3; current text 2.2): which moves could answer every
//! check at all (the prefilter of the module documentation), and the generator that tests
//! only those, and every king move.

use super::filter::Filter;
use super::{CANNON, HORSE, KING, PAWN, ROOK, Scratch, color_bit, is_own};
use crate::geometry::{DIAG, EMPTY, FROM_PADDED, HOME, OFF, ORTHO, RAYS, W, forward};
use crate::position::bit;
use crate::{Color, Move, Position};

impl Position {
    /// Calls `each` with every legal move of the side to move, whose king on `k` is in check,
    /// while it returns true: the moves that could answer every check ([`Self::evasion`]),
    /// each tested, in the order [`Position::legal_moves_into`] gives them.
    pub(super) fn for_each_evasion(&self, k: usize, mut each: impl FnMut(Move) -> bool) {
        let us = self.turn;
        let tests = self.evasion(k, us);
        let mut scratch = Scratch::empty();
        let mut go_on = true;
        for man in self.men(self.by_color[us.index()]) {
            if !go_on {
                break;
            }
            let (_, lands) = tests.piece(man.f90, man.is_king);
            // A rook or cannon that shares no line with a square it must land on has nothing
            // to try.
            let span = match man.code & 7 {
                ROOK | CANNON => RAYS[man.from].iter().fold(0, |a, r| a | r),
                _ => u128::MAX,
            };
            if lands & span == 0 {
                continue;
            }
            self.pseudo_moves_from(man.from, man.code, |to| {
                let t90 = FROM_PADDED[to];
                if go_on
                    && lands & bit(t90) != 0
                    && self.safe_after(&mut scratch, man.from, to, man.is_king)
                {
                    go_on = each(Move::from_index(man.f90, t90));
                }
            });
        }
    }

    /// The filter when the king of `us` on `k` is in check: every move tested, and a move
    /// other than the king's possible only if it answers each checker — the same checks
    /// [`Self::king_attacked`] finds, looked for the same way. Each checker names the squares
    /// a move must land on to answer it; a move must land in all of them (the intersection),
    /// except that our screen of a checking cannon answers that one by leaving.
    pub(super) fn evasion(&self, k: usize, us: Color) -> Filter {
        let tb = color_bit(!us);
        let cells = &self.cells;
        let mut landing = u128::MAX;
        let mut screen_landing = u128::MAX;
        let mut screens = 0u128;
        let mut answer = |must: u128, own_screen: bool| {
            landing &= must;
            if !own_screen {
                screen_landing &= must;
            }
        };
        // Lines: a rook, or on the file the enemy king, first from the king (take it or
        // stand between); a cannon second (take it, or stand between as a second screen, or
        // move our screen off). Not onto the screen's square: what takes the screen there
        // is the cannon's new screen.
        for (i, d) in ORTHO.into_iter().enumerate() {
            let mut s = k as i32 + d;
            while cells[s as usize] == EMPTY {
                s += d;
            }
            let near = s as usize;
            let first = cells[near];
            if first == OFF {
                continue;
            }
            if first == ROOK | tb || (i < 2 && first == KING | tb) {
                // From the king's neighbour to the checker, both included.
                answer(RAYS[k][i] ^ RAYS[near][i], false);
            }
            s += d;
            while cells[s as usize] == EMPTY {
                s += d;
            }
            if cells[s as usize] == CANNON | tb {
                let own = is_own(first, us);
                let screen = bit(FROM_PADDED[near]);
                if own {
                    screens |= screen;
                }
                answer((RAYS[k][i] ^ RAYS[s as usize][i]) & !screen, own);
            }
        }
        // A horse whose leg is free: take it or stand on the leg.
        for d in DIAG {
            let leg = (k as i32 + d) as usize;
            if cells[leg] == EMPTY {
                let v = if d > 0 { W } else { -W };
                for s in [(leg as i32 + d - v) as usize, (leg as i32 + v) as usize] {
                    if cells[s] == HORSE | tb {
                        answer(bit(FROM_PADDED[leg]) | bit(FROM_PADDED[s]), false);
                    }
                }
            }
        }
        // A pawn: take it.
        let (pawn, them) = (PAWN | tb, !us);
        let mut pawn_at = |s: usize| {
            if cells[s] == pawn {
                answer(bit(FROM_PADDED[s]), false);
            }
        };
        pawn_at((k as i32 - forward(them)) as usize);
        if !HOME[them.index()][k] {
            pawn_at(k - 1);
            pawn_at(k + 1);
        }
        Filter {
            danger_from: u128::MAX,
            hot: u128::MAX,
            landing,
            screens,
            screen_landing,
        }
    }
}
