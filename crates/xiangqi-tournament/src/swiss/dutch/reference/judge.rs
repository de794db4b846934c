//! A candidate of the reference pairer judged: its quality vector under C6–C21 (the PSD,
//! the following bracket's value, the colour and float criteria) and the colours of a pair.

use super::{Reference, Rest, Set};
use crate::Mover;
use crate::swiss::dutch::{Float, Strength, hi_gets_white};

impl<'a> Reference<'a> {
    /// The pairing score difference (PSD): each pair's score difference and each downfloater's
    /// score less one win below the lowest score `low` of the bracket, highest first.
    pub(super) fn psd(&self, pairs: &[(usize, usize)], down: &[usize], low: i64) -> Vec<i64> {
        let win = i64::from(self.round.win.halves());
        let mut v: Vec<i64> = pairs
            .iter()
            .map(|&(a, b)| (self.score(a) - self.score(b)).abs())
            .chain(down.iter().map(|&d| self.score(d) - (low - win)))
            .collect();
        v.sort_unstable_by(|a, b| b.cmp(a));
        v
    }

    /// C8: the best (fewest downfloaters, then lowest PSD) of the following bracket's
    /// candidates that keep the round complete.
    pub(super) fn following(&self, down: &[usize], next: &[usize], below: Set) -> Option<Vec<i64>> {
        let mut mdps = down.to_vec();
        mdps.sort_by_key(|&i| self.rank[i]);
        let key = (mdps.clone(), below);
        if let Some(v) = self.following.borrow().get(&key) {
            return v.clone();
        }
        let rest = if below == 0 {
            Rest::Last
        } else {
            Rest::Round(below)
        };
        let low = next.iter().map(|&i| self.score(i)).min().unwrap_or(0);
        let mut best: Option<Vec<i64>> = None;
        self.candidates(&mdps, next, &mut |pairs, d| {
            if !self.leaves(d, rest) {
                return;
            }
            let mut v = vec![d.len() as i64];
            v.extend(self.psd(pairs, d, low));
            if best.as_ref().is_none_or(|b| v < *b) {
                best = Some(v);
            }
        });
        self.following.borrow_mut().insert(key, best.clone());
        best
    }

    /// The value of a candidate under C6–C21, lower is better.
    pub(super) fn quality(
        &self,
        pairs: &[(usize, usize)],
        down: &[usize],
        low: i64,
        next: Option<(&[usize], Set)>,
    ) -> Vec<i64> {
        let p = self.p;
        let mut q = vec![down.len() as i64]; // C6
        q.extend(self.psd(pairs, down, low)); // C7
        if let Some((next, below)) = next {
            // C8 (an impossible following bracket sorts last).
            q.extend(
                self.following(down, next, below)
                    .unwrap_or_else(|| vec![i64::MAX]),
            );
        }
        // C9: whenever the bracket's single floater may take the PAB he is its assignee (only
        // players of the one score C5 allows may, so nobody below can), in the last bracket
        // or above it.
        q.push(match down {
            [b] if self.bye_ok[*b] => i64::from(p[*b].unplayed),
            _ => 0,
        });
        q.extend(self.c10_to_c21(pairs, down));
        q
    }

    /// C10–C21 of a candidate: the topscorers' colours, the colour preferences not met, the
    /// repeated floats and their score differences.
    pub(super) fn c10_to_c21(&self, pairs: &[(usize, usize)], down: &[usize]) -> [i64; 12] {
        let p = self.p;
        let mut c10_21 = [0i64; 12];
        for &(a, b) in pairs {
            let (hi, lo, hw) = self.colours_of(a, b);
            let topscorers = self.top[hi] || self.top[lo];
            for (x, white) in [(hi, hw), (lo, !hw)] {
                let side = if white { Mover::First } else { Mover::Second };
                let played = &p[x].colours.played;
                if topscorers {
                    let cd: i64 = played
                        .iter()
                        .map(|s| if *s == Mover::First { 1 } else { -1 })
                        .sum::<i64>()
                        + if white { 1 } else { -1 };
                    c10_21[0] += i64::from(cd.abs() > 2); // C10
                    let n = played.len();
                    c10_21[1] +=
                        i64::from(n >= 2 && played[n - 1] == side && played[n - 2] == side); // C11
                }
                let (pref, strength) = p[x].colours.preference();
                if pref.is_some_and(|want| want != side) {
                    c10_21[2] += 1; // C12
                    c10_21[3] += i64::from(strength >= Strength::Strong); // C13
                }
            }
            let sd = (self.score(a) - self.score(b)).abs();
            if sd > 0 {
                let (dn, up) = if self.score(a) > self.score(b) {
                    (a, b)
                } else {
                    (b, a)
                };
                for (back, k) in [(1, 0), (2, 2)] {
                    if float_back(&p[dn].floats, back) == Float::Down {
                        c10_21[8 + k] += sd; // C18, C20
                    }
                    if float_back(&p[up].floats, back) == Float::Up {
                        c10_21[5 + k] += 1; // C15, C17
                        c10_21[9 + k] += sd; // C19, C21
                    }
                }
            }
        }
        for &d in down {
            for (back, k) in [(1, 0), (2, 2)] {
                c10_21[4 + k] += i64::from(float_back(&p[d].floats, back) == Float::Down); // C14, C16
            }
        }
        c10_21
    }

    /// The pair's higher-ranked player, the lower, and whether the higher gets white
    /// (art. 5).
    pub(super) fn colours_of(&self, a: usize, b: usize) -> (usize, usize, bool) {
        let (hi, lo) = if self.rank[a] < self.rank[b] {
            (a, b)
        } else {
            (b, a)
        };
        let claim = |i: usize| crate::swiss::dutch::Claim {
            colours: &self.p[i].colours,
            tpn: self.numbers[i],
        };
        (
            hi,
            lo,
            hi_gets_white(claim(hi), claim(lo), self.round.initial_colour),
        )
    }
}

fn float_back(floats: &[Float], back: usize) -> Float {
    floats
        .len()
        .checked_sub(back)
        .map_or(Float::None, |i| floats[i])
}
