//! The value of a set of floaters as one integer: each criterion a digit (C6–C21 and the
//! order digits), their places, and the matching whose weight is the value.

use super::{DIGITS, Exact, Floaters, Value, dot};
use crate::swiss::dutch::criteria::float_back;
use crate::swiss::dutch::player::Float;

impl<'f, 'a> Exact<'f, 'a> {
    /// The least total cost of pairing everyone but the floaters `down` under the constraints.
    pub(super) fn value(&self, down: &Floaters, places: &[i128; DIGITS + 1]) -> Value {
        let mut floats = vec![false; self.f.players.len()];
        for &d in &down.fixed {
            floats[d] = true;
        }
        let players: Vec<usize> = self
            .mdps
            .iter()
            .chain(self.residents)
            .copied()
            .filter(|&x| !floats[x])
            .collect();
        // Floaters: C14/C16 and, in S1, their BSN leaving it; they may not be placed in S1.
        let mut constant = 0i128;
        for &d in &down.fixed {
            let c = self.floater_digits(d)?;
            constant += dot(&c, places);
        }
        let big = places[DIGITS];
        let mut edges = Vec::new();
        for x in 0..players.len() {
            for y in x + 1..players.len() {
                let (a, b) = (players[x], players[y]);
                if !self.allowed(a, b) {
                    continue;
                }
                let cost = dot(&self.pair_digits(a, b), places);
                edges.push((x, y, big - cost));
            }
        }
        // One of `one_of` floats: he is paired to an extra vertex, at his floater's cost.
        let extra = players.len();
        for (x, &a) in players.iter().enumerate() {
            if down.one_of.contains(&a)
                && self.partner[a].is_none()
                && let Some(c) = self.floater_digits(a)
            {
                edges.push((x, extra, big - dot(&c, places)));
            }
        }
        let size = extra + usize::from(!down.one_of.is_empty());
        let mate = crate::matching::weighted::max_weight_matching(size, &edges);
        if mate.iter().any(Option::is_none) {
            return None;
        }
        let mut total = constant;
        let mut pairs = Vec::new();
        let mut one = None;
        for (x, m) in mate.iter().enumerate() {
            match *m {
                Some(y) if y == extra => {
                    let c = self.floater_digits(players[x])?;
                    total += dot(&c, places);
                    one = Some(players[x]);
                }
                Some(y) if x < y && y < extra => {
                    let mut c = self.pair_digits(players[x], players[y]);
                    c[14] = 0;
                    total += dot(&c, places);
                    pairs.push((players[x], players[y]));
                }
                _ => {}
            }
        }
        self.last
            .borrow_mut()
            .insert(down.clone(), (total, pairs, one));
        Some(total)
    }

    /// C14 and C16 of floater `d`, and (with the exchange digits) his BSN leaving S1; `None`
    /// if he may not float because the constraints put him in S1.
    pub(super) fn floater_digits(&self, d: usize) -> Option<[i64; DIGITS]> {
        let p = &self.f.players[d];
        let mut c = [0i64; DIGITS];
        c[4] = i64::from(float_back(&p.floats, 1) == Float::Down);
        c[6] = i64::from(float_back(&p.floats, 2) == Float::Down);
        if self.exchange_digits
            && let Some(k) = self.pos(d)
        {
            if self.side[k] == Some(true) {
                return None;
            }
            if k < self.p {
                // He leaves S1; the exchange's size is counted by the pairs within S2.
                c[13] = -(k as i64 + 1);
            }
        }
        Some(c)
    }

    /// The digits of the pair `a`–`b`: C10–C21 as the search counts them
    /// ([`super::bracket`]'s `quality`), then the exchange's.
    pub(super) fn pair_digits(&self, a: usize, b: usize) -> [i64; DIGITS] {
        let mut c = [0i64; DIGITS];
        match (self.local[a], self.local[b]) {
            (Some(x), Some(y)) => {
                let n = self.mdps.len() + self.residents.len();
                c[..12].copy_from_slice(&self.criteria[x * n + y]);
            }
            _ => c[..12].copy_from_slice(&self.f.pair_criteria(a, b)),
        }
        if self.exchange_digits
            && let (Some(pa), Some(pb)) = (self.pos(a), self.pos(b))
        {
            let (lo, hi) = (pa.min(pb), pa.max(pb));
            match (lo < self.p, hi < self.p) {
                (true, true) => c[13] = -(hi as i64 + 1),
                (false, false) => {
                    c[12] = 1;
                    c[13] = lo as i64 + 1;
                }
                _ => {}
            }
        }
        if let Some((r, candidates)) = &self.ranked
            && (a == *r || b == *r)
        {
            let other = if a == *r { b } else { a };
            let place = candidates.iter().position(|&x| x == other);
            c[14] = place.unwrap_or(candidates.len()) as i64;
        }
        c
    }

    /// The largest absolute total digit `k` can reach over the bracket.
    pub(super) fn bound_of(&self, k: usize) -> i128 {
        let all: Vec<usize> = self.mdps.iter().chain(self.residents).copied().collect();
        let n = all.len() as i128;
        let mut most = 0i128;
        for x in 0..all.len() {
            for y in x + 1..all.len() {
                most = most.max(i128::from(self.pair_digits_full(all[x], all[y])[k].abs()));
            }
            most = most.max(i128::from(self.floater_full(all[x])[k].abs()));
        }
        // Every player is in at most one pair, and floats at most once.
        2 * (n + 1) * most + 1
    }

    /// The place value of each digit, or `None` if the product does not fit (with room for
    /// the cardinality term and the sums).
    /// The last entry is the weight every pair gets on top (it makes the matching perfect).
    pub(super) fn places(&self) -> Option<[i128; DIGITS + 1]> {
        let mut places = [1i128; DIGITS + 1];
        for k in (0..DIGITS - 1).rev() {
            places[k] = places[k + 1].checked_mul(self.bound_of(k + 1))?;
        }
        let n = (self.mdps.len() + self.residents.len()) as i128 + 1;
        places[DIGITS] = places[0].checked_mul(self.bound_of(0))?.checked_mul(4)?;
        places[DIGITS]
            .checked_mul(8 * n)
            .filter(|&x| x < 1i128 << 118)?;
        Some(places)
    }

    /// `pair_digits` with the exchange digits at their widest (for the place values).
    pub(super) fn pair_digits_full(&self, a: usize, b: usize) -> [i64; DIGITS] {
        let mut c = self.pair_digits(a, b);
        c[12] = 1;
        c[13] = (self.mdps.len() + self.residents.len()) as i64 + 1;
        c[14] = c[13];
        c
    }

    pub(super) fn floater_full(&self, d: usize) -> [i64; DIGITS] {
        let p = &self.f.players[d];
        let mut c = [0i64; DIGITS];
        c[4] = i64::from(float_back(&p.floats, 1) == Float::Down);
        c[6] = i64::from(float_back(&p.floats, 2) == Float::Down);
        c[12] = 1;
        c[13] = (self.mdps.len() + self.residents.len()) as i64 + 1;
        c
    }
}
