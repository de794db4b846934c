//! Which moves need the attack test, and — in check — which moves could answer the check at
//! all: the two prefilters of the module documentation (1960 rules §2–§3; current text 2.2).
//! The one in check is found in `evasion.rs`.

use super::{CANNON, HORSE, KING, ROOK, color_bit, is_own};
use crate::geometry::{DIAG, FROM_PADDED, RAYS, W};
use crate::position::bit;
use crate::{Color, Position};

/// What a generator needs to know before the moves of the side to move: which moves need
/// the attack test (`danger_from`, `hot`), and which moves could be legal at all (`landing`,
/// `screens`, `screen_landing`; every square, when not in check).
#[derive(Clone, Copy)]
pub(super) struct Filter {
    /// The pieces every move of which needs the test (every piece, in check).
    pub(super) danger_from: u128,
    /// The squares every move to which needs the test (every square, in check).
    pub(super) hot: u128,
    /// Where a piece other than the king and the screens may land and answer every check.
    pub(super) landing: u128,
    /// Our pieces that are the screen of a checking cannon: leaving answers that check.
    pub(super) screens: u128,
    /// Where a screen may land and answer every other check (a superset when two cannons
    /// are screened by our pieces: the moves it lets through are tested anyway).
    pub(super) screen_landing: u128,
}

impl Filter {
    /// For the piece on the 0..90 square `f90`: whether every move of it needs the attack
    /// test, and the squares it may land on at all (a move to any other square leaves a check
    /// standing). A king's every move is tested and may go anywhere.
    #[inline(always)]
    pub(super) fn piece(&self, f90: u8, is_king: bool) -> (bool, u128) {
        if is_king {
            return (true, u128::MAX);
        }
        let b = bit(f90);
        let lands = if self.screens & b != 0 {
            self.screen_landing
        } else {
            self.landing
        };
        (self.danger_from & b != 0, lands)
    }
}

impl Position {
    /// Which moves of `us` (the side to move) need the attack test, and may be legal at all:
    /// when not in check, the pieces that may be pinned and the squares on the king's lines
    /// ([`Self::danger`]), every move possible; in check, every move is tested, but only
    /// those that could answer every check are possible ([`Self::evasion`]).
    #[inline(always)]
    pub(super) fn tested_squares(&self, us: Color) -> Filter {
        let k = self.kings[us.index()] as usize;
        if self.king_attacked(&self.cells, k, !us) {
            self.evasion(k, us)
        } else {
            let (danger_from, hot) = self.danger(k, us);
            Filter {
                danger_from,
                hot,
                landing: u128::MAX,
                screens: 0,
                screen_landing: u128::MAX,
            }
        }
    }

    /// Squares from which a move must be tested, and squares a move to which must be tested,
    /// when the side to move is not in check (see the module documentation).
    #[inline]
    pub(super) fn danger(&self, k: usize, us: Color) -> (u128, u128) {
        let them = !us;
        let tb = color_bit(them);
        let sliders = self.by_code[(ROOK | tb) as usize] | self.by_code[(CANNON | tb) as usize];
        let file_sliders = sliders | self.by_code[(KING | tb) as usize];
        let mut hot = 0u128;
        for (d, ray) in RAYS[k].iter().enumerate() {
            let relevant = if d < 2 { file_sliders } else { sliders };
            if ray & relevant != 0 {
                hot |= ray;
            }
        }
        let mut from = hot & self.by_color[us.index()];
        let enemy_horse = HORSE | tb;
        for d in DIAG {
            let leg = (k as i32 + d) as usize;
            if is_own(self.cells[leg], us) {
                let (v, h) = (if d > 0 { W } else { -W }, d - if d > 0 { W } else { -W });
                let a = self.cells[(leg as i32 + h) as usize];
                let b = self.cells[(leg as i32 + v) as usize];
                if a == enemy_horse || b == enemy_horse {
                    from |= bit(FROM_PADDED[leg]);
                }
            }
        }
        (from, hot)
    }
}
