//! Narrowing the live sets of floaters to those that still reach the best value as the
//! pairing is fixed step by step: the best sets, the sets kept under the constraints so far,
//! a player's lowest partner.

use super::{DIGITS, Exact, Floaters};

impl<'f, 'a> Exact<'f, 'a> {
    /// Fixes `a`'s partner: the first of `candidates` with whom the best value `target` is
    /// still reached (by the order digit, one matching per set of floaters still live).
    pub(super) fn lowest_partner(
        &mut self,
        a: usize,
        candidates: Vec<usize>,
        live: &mut Vec<(Floaters, i128)>,
        places: &[i128; DIGITS + 1],
        target: i128,
    ) -> Option<usize> {
        // The latest matching already pairs `a` with the first partner he may have: no
        // earlier one exists.
        let lowest = candidates.iter().copied().find(|&c| self.allowed(a, c));
        let cached = live.iter().any(|(d, _)| {
            let last = self.last.borrow();
            last.get(d).is_some_and(|(v, pairs, one)| {
                *v == target
                    && self.meets(d, pairs, *one)
                    && pairs.iter().any(|&(x, y)| {
                        Some(if x == a {
                            y
                        } else if y == a {
                            x
                        } else {
                            return false;
                        }) == lowest
                    })
            })
        });
        if cached && let Some(b) = lowest {
            self.fix(a, b);
            *live = self.keep(live, places, target);
            return (!live.is_empty()).then_some(b);
        }
        self.ranked = Some((a, candidates.clone()));
        let mut first: Option<usize> = None;
        for (d, _) in live.iter() {
            if self.value(d, places) != Some(target) {
                continue;
            }
            let known = self.last.borrow().get(d).cloned();
            let b = known?
                .1
                .iter()
                .find_map(|&(x, y)| (x == a).then_some(y).or((y == a).then_some(x)))?;
            let place = candidates.iter().position(|&c| c == b)?;
            first = Some(first.map_or(place, |f| f.min(place)));
        }
        self.ranked = None;
        let b = candidates[first?];
        self.fix(a, b);
        *live = self.keep(live, places, target);
        (!live.is_empty()).then_some(b)
    }

    /// The number of pairs within S2 (the exchange's size) of the latest matching of `d`.
    pub(super) fn exchange_size(&self, d: &Floaters) -> Option<usize> {
        let last = self.last.borrow();
        let (_, pairs, _) = last.get(d)?;
        let in_s2 = |x: usize| self.pos(x).is_some_and(|k| k >= self.p);
        Some(pairs.iter().filter(|&&(a, b)| in_s2(a) && in_s2(b)).count())
    }

    /// The sets that reach the best value, with it.
    pub(super) fn best_sets(
        &self,
        sets: &[Floaters],
        places: &[i128; DIGITS + 1],
    ) -> Option<Vec<(Floaters, i128)>> {
        let mut scored: Vec<(Floaters, i128)> = sets
            .iter()
            .filter_map(|d| Some((d.clone(), self.value(d, places)?)))
            .collect();
        let best = scored.iter().map(|x| x.1).min()?;
        scored.retain(|x| x.1 == best);
        Some(scored)
    }

    /// The sets of `live` that still reach `target` under the constraints fixed so far.
    pub(super) fn keep(
        &self,
        live: &[(Floaters, i128)],
        places: &[i128; DIGITS + 1],
        target: i128,
    ) -> Vec<(Floaters, i128)> {
        live.iter()
            .filter(|(d, _)| {
                let known = self.last.borrow().get(d).cloned();
                if known.is_some_and(|(v, pairs, one)| v == target && self.meets(d, &pairs, one)) {
                    return true;
                }
                self.value(d, places) == Some(target)
            })
            .cloned()
            .collect()
    }
}
