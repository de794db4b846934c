//! The quality criteria C10–C21 that one pair contributes, shared by the search (`bracket`)
//! and the maximum-weight matching (`exact`), so that both count them alike.
//!
//! FIDE Handbook C.04.3 (Dutch system, 2025), art. 2.4 C10–C21: colour criteria (C10–C13)
//! then the float criteria (C14–C21) of the round before and the one before that.

use super::Strength;
use super::field::Field;
use super::player::Float;
use crate::Mover;

/// The float of `back` rounds ago (1 = the last round), `Float::None` before the first.
pub(super) fn float_back(floats: &[Float], back: usize) -> Float {
    floats
        .len()
        .checked_sub(back)
        .map_or(Float::None, |i| floats[i])
}

impl Field<'_> {
    /// What the pair `a`–`b` adds to C10 … C21 (index 0 is C10). The floaters' own C14/C16
    /// (downfloaters who float down again, indices 4 and 6) depend on who is left unpaired,
    /// not on a pair, and are the caller's.
    pub(super) fn pair_criteria(&self, a: usize, b: usize) -> [i64; 12] {
        let p = self.players;
        let mut c = [0i64; 12];
        let (hi, lo) = if self.rank[a] < self.rank[b] {
            (a, b)
        } else {
            (b, a)
        };
        let hw = self.hi_white(hi, lo);
        for (x, side) in [
            (hi, if hw { Mover::First } else { Mover::Second }),
            (lo, if hw { Mover::Second } else { Mover::First }),
        ] {
            let col = &p[x].colours;
            if self.top[hi] || self.top[lo] {
                c[0] += i64::from(col.beyond_two_after(side));
                c[1] += i64::from(col.three_in_a_row_after(side));
            }
            let (pref, strength) = col.preference();
            if pref.is_some_and(|s| s != side) {
                c[2] += 1;
                c[3] += i64::from(strength >= Strength::Strong);
            }
        }
        if p[a].score != p[b].score {
            let (up, dn) = if p[a].score > p[b].score {
                (b, a)
            } else {
                (a, b)
            };
            let sd = i64::from(p[dn].score.halves()) - i64::from(p[up].score.halves());
            for (back, k) in [(1usize, 0usize), (2, 2)] {
                if float_back(&p[dn].floats, back) == Float::Down {
                    c[8 + k] += sd;
                }
                if float_back(&p[up].floats, back) == Float::Up {
                    c[5 + k] += 1;
                    c[9 + k] += sd;
                }
            }
        }
        c
    }
}
