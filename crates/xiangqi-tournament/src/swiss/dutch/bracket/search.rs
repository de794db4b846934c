//! The search of a bracket's candidates in the order of FIDE Handbook C.04.3 art. 4: the
//! MDPs chosen (4.2), their pairings (4.4), the remainder's exchanges (4.3) and
//! transpositions (4.1), each leaf judged by `judge.rs`.

use super::bounds::colour_bound;
use super::{BUDGET, Bracket};
use crate::swiss::dutch::candidates::{combinations, exchanges, exchanges_complete, split};
use crate::swiss::dutch::quality::c12_at;

impl<'f, 'a> Bracket<'f, 'a> {
    /// The search of `pair`: a bounded first pass, then the full one. Whether the budget ran
    /// out.
    pub(super) fn search(&mut self, all: &[usize]) -> bool {
        // First the earliest candidate whose criteria C6–C11 are at their lower bounds
        // with the fewest unmet colour preferences (C12), found by raising a C12 target from
        // its bound with every subtree that cannot reach it skipped; then the full search,
        // which can only improve on it by later criteria or find that the bounds of C6–C11
        // cannot be reached.
        let m0 = self.mdps.len();
        let at = c12_at(&self.bound);
        let most = (all.len() / 2) as i64;
        self.limit = BUDGET / 2;
        'targets: for t12 in self.bound[at]..=most {
            for t13 in self.bound[at + 1]..=t12.min(most) {
                self.target = Some((t12, t13));
                self.found = false;
                self.levels(m0);
                if self.found || self.perfect || self.work > self.limit {
                    break 'targets;
                }
            }
        }
        self.target = None;
        self.found = false;
        self.limit = self.work + BUDGET;
        if !self.perfect {
            self.levels(m0);
        }
        self.work > self.limit && !self.perfect
    }

    /// M1, the MDPs paired, most first (art. 3.1); the MDP sets in art. 4.4 order.
    pub(super) fn levels(&mut self, m0: usize) {
        for m1 in (0..=m0.min(self.residents.len())).rev() {
            let before = self.valid;
            for (ci, chosen) in combinations(m0, m1).enumerate() {
                self.key = vec![m0 - m1, ci];
                let s1: Vec<usize> = chosen.iter().map(|&k| self.mdps[k]).collect();
                let limbo: Vec<usize> = (0..m0)
                    .filter(|k| !chosen.contains(k))
                    .map(|k| self.mdps[k])
                    .collect();
                let residents = self.residents.clone();
                let sides = Sides {
                    s1: &s1,
                    s2: &residents,
                    limbo: &limbo,
                };
                let mut partial = Partial {
                    used: vec![false; residents.len()],
                    pairs: Vec::new(),
                };
                self.settled = false;
                self.mdp_pairings(&sides, 0, &mut partial, (0, 0));
                self.settled = false;
                if self.perfect || self.found || self.work > self.limit {
                    return;
                }
            }
            if self.valid > before {
                return;
            }
        }
    }

    /// Transpositions of the residents against the chosen MDPs (S1), lexicographic.
    pub(super) fn mdp_pairings(
        &mut self,
        sides: &Sides<'_>,
        i: usize,
        partial: &mut Partial,
        unmet: (i64, i64),
    ) {
        if self.stopped() {
            return;
        }
        if self.target.is_some_and(|t| unmet.0 > t.0 || unmet.1 > t.1) {
            return;
        }
        self.work += 1;
        if i == sides.s1.len() {
            let remainder = partial.unused(sides.s2);
            self.remainder(&remainder, &partial.pairs, sides.limbo, unmet);
            return;
        }
        let mut deeper = |b: &mut Self, partial: &mut Partial, next| {
            b.mdp_pairings(sides, i + 1, partial, next);
        };
        self.each_partner(sides.s1[i], sides.s2, partial, unmet, &mut deeper);
    }

    /// The homogeneous remainder: S1 the first P players, exchanges in art. 4.3 order, and
    /// for each the transpositions of S2.
    pub(super) fn remainder(
        &mut self,
        rem: &[usize],
        fixed: &[(usize, usize)],
        limbo: &[usize],
        unmet: (i64, i64),
    ) {
        let most = rem.len() / 2;
        let base = self.key.len();
        for p in (0..=most).rev() {
            if self
                .allowed
                .as_ref()
                .is_some_and(|a| a.first().map(Vec::len) != Some(limbo.len() + rem.len() - 2 * p))
            {
                continue;
            }
            let before = self.valid;
            let xs = exchanges(rem.len(), p);
            let prune = 2 * p == rem.len()
                && limbo.is_empty()
                && !self.probe
                && !self.mixed
                && !self.f.top.iter().any(|&t| t);
            for (xi, x) in xs.iter().enumerate() {
                let (s1, s2) = split(rem, p, x);
                if let Some(t) = self.target {
                    let b = colour_bound(self.f, &s1, &s2, &vec![false; s2.len()]);
                    if unmet.0 + b.0 > t.0 || unmet.1 + b.1 > t.1 {
                        continue;
                    }
                }
                let sides = Sides {
                    s1: &s1,
                    s2: &s2,
                    limbo,
                };
                let mut partial = Partial {
                    used: vec![false; s2.len()],
                    pairs: fixed.to_vec(),
                };
                self.key.truncate(base);
                self.key.extend([most - p, xi]);
                self.transpose(&sides, 0, &mut partial, prune, unmet);
                if self.stopped() {
                    self.key.truncate(base);
                    return;
                }
            }
            self.key.truncate(base);
            self.unsearched |= !exchanges_complete(rem.len(), p);
            // Fewer pairs only if this many gave no candidate that completes the round (C6).
            if self.valid > before {
                return;
            }
        }
    }

    /// Transpositions of S2 against S1 in the remainder, lexicographic (art. 4.1).
    pub(super) fn transpose(
        &mut self,
        sides: &Sides<'_>,
        i: usize,
        partial: &mut Partial,
        prune: bool,
        unmet: (i64, i64),
    ) {
        if self.stopped() {
            return;
        }
        self.work += 1;
        let bound = colour_bound(self.f, &sides.s1[i..], sides.s2, &partial.used);
        if let Some(t) = self.target
            && (unmet.0 + bound.0 > t.0 || unmet.1 + bound.1 > t.1)
        {
            return;
        }
        if prune {
            // C12 is the first criterion that can differ between candidates of an even
            // homogeneous bracket outside the final round: skip what cannot reach the
            // target, or cannot beat the best (nor tie it, when the best is already at the
            // bound of every later criterion: a tie found later loses on generation order).
            let reach = unmet.0 + bound.0;
            if let Some((q, _, _, _)) = &self.best
                && self.target.is_none()
            {
                let (at, at_b) = (c12_at(q), c12_at(&self.bound));
                let rest_at_bound = q[at + 1..] == self.bound[at_b + 1..];
                if reach > q[at] || (rest_at_bound && reach >= q[at]) {
                    return;
                }
            }
        }
        if i == sides.s1.len() {
            let mut down: Vec<usize> = sides.limbo.to_vec();
            down.extend(partial.unused(sides.s2));
            self.consider(&partial.pairs, down);
            return;
        }
        let mut deeper = |b: &mut Self, partial: &mut Partial, next| {
            b.transpose(sides, i + 1, partial, prune, next);
        };
        self.each_partner(sides.s1[i], sides.s2, partial, unmet, &mut deeper);
    }

    /// Whether the search is over for now: a perfect candidate, the target met, the current
    /// choice of MDPs settled, or the budget spent.
    fn stopped(&self) -> bool {
        self.perfect || self.found || self.settled || self.work > self.limit
    }

    /// Pairs `a` with each unused compatible `s2[k]` in turn (the generation key records
    /// `k`), goes `deeper` with the colour preferences left unmet so far, and undoes each.
    fn each_partner(
        &mut self,
        a: usize,
        s2: &[usize],
        partial: &mut Partial,
        unmet: (i64, i64),
        deeper: &mut Deeper<'_, 'f, 'a>,
    ) {
        for (k, &b) in s2.iter().enumerate() {
            if !partial.used[k] && self.f.compatible(a, b) {
                partial.used[k] = true;
                partial.pairs.push((a, b));
                self.key.push(k);
                let cost = self.pair_unmet(a, b);
                deeper(self, partial, (unmet.0 + cost.0, unmet.1 + cost.1));
                self.key.pop();
                partial.pairs.pop();
                partial.used[k] = false;
            }
        }
    }
}

/// The two sides being paired, S1 against S2, and the MDPs left out of this choice (they
/// float down with whoever S2 leaves).
pub(super) struct Sides<'s> {
    s1: &'s [usize],
    s2: &'s [usize],
    limbo: &'s [usize],
}

/// One level deeper in a walk of partners: the bracket, the candidate so far, the colour
/// preferences it leaves unmet.
type Deeper<'d, 'f, 'a> = dyn FnMut(&mut Bracket<'f, 'a>, &mut Partial, (i64, i64)) + 'd;

/// The candidate built so far: which of S2 are taken, and the pairs.
pub(super) struct Partial {
    used: Vec<bool>,
    pairs: Vec<(usize, usize)>,
}

impl Partial {
    /// The players of `s2` not taken.
    fn unused(&self, s2: &[usize]) -> Vec<usize> {
        (0..s2.len())
            .filter(|&k| !self.used[k])
            .map(|k| s2[k])
            .collect()
    }
}
