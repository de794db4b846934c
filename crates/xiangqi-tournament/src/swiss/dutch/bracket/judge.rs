//! A candidate of a bracket judged: its quality under C6–C21, whether it leaves the rest of
//! the round complete (C4), and its following bracket's value (C8).

use super::Bracket;
use crate::Mover;
use crate::swiss::dutch::Strength;
use crate::swiss::dutch::criteria::float_back;
use crate::swiss::dutch::next::psd;
use crate::swiss::dutch::player::Float;
use crate::swiss::dutch::quality::{Quality, c8_at, c9_at, c12_at};

impl<'f, 'a> Bracket<'f, 'a> {
    /// The colour preferences (C12) and strong ones (C13) that pairing `a` with `b` leaves
    /// unmet, with the colours of art. 5.
    pub(super) fn pair_unmet(&self, a: usize, b: usize) -> (i64, i64) {
        let f = self.f;
        let (hi, lo) = if f.rank[a] < f.rank[b] {
            (a, b)
        } else {
            (b, a)
        };
        let hw = f.hi_white(hi, lo);
        let mut c = (0, 0);
        for (x, side) in [(hi, hw), (lo, !hw)] {
            let side = if side { Mover::First } else { Mover::Second };
            let (pref, strength) = f.players[x].colours.preference();
            if pref.is_some_and(|p| p != side) {
                c.0 += 1;
                c.1 += i64::from(strength >= Strength::Strong);
            }
        }
        c
    }

    /// C9 (C.04.3, 2026: minimise the unplayed games of the PAB assignee) for a candidate
    /// whose floaters are `down`: the assignee's unplayed games when this bracket decides who
    /// he is, else 0. That is the case whenever its single floater may take the PAB, not only
    /// in the last bracket: `bye_ok` holds only the players of the one score C5 allows, so
    /// nobody below this bracket may take it, and a floater who may is left over by every
    /// bracket below (any other player left over could not take the PAB: C2, C5). So when
    /// the lowest score group holds only players who cannot take the PAB, C9 chooses among
    /// the group above which player floats down to it.
    pub(super) fn c9(&self, down: &[usize]) -> i64 {
        match down {
            [x] if self.f.bye_ok[*x] => i64::from(self.f.players[*x].unplayed),
            _ => 0,
        }
    }

    /// Keeps `pairs` if it completes the round and beats the best so far.
    pub(super) fn consider(&mut self, pairs: &[(usize, usize)], mut down: Vec<usize>) {
        if self.last && down.len() > usize::from(self.f.n % 2 == 1) {
            return;
        }
        if self.last && down.len() == 1 && !self.f.bye_ok[down[0]] {
            return;
        }
        down.sort_by_key(|&i| self.f.rank[i]);
        if self.allowed.as_ref().is_some_and(|a| !a.contains(&down)) {
            return;
        }
        if !self.probe
            && let Some((b, _, _, _)) = &self.best
        {
            // Worse than the best on C6–C7 already: C4 and C8 (a search of the following
            // bracket) need not be looked at. Not counted as found: whether the search goes
            // on to fewer pairs must not depend on this shortcut.
            let (low, win) = self.resident_and_win();
            let list = psd(self.f, pairs, &down, low, win);
            let mut prefix = vec![down.len() as i64, list.len() as i64];
            prefix.extend(list);
            if prefix.as_slice() > &b[..c8_at(b)] {
                return;
            }
        }
        let Some(q) = self.quality(pairs, &down) else {
            return;
        };
        self.valid += 1;
        if self.probe {
            // Settled only when no other pairing of the residents with this choice of MDPs
            // could pair more of them (the PSD counts the residents who float).
            let mdp_down = down.iter().filter(|d| self.mdps.contains(d)).count();
            let paired = self.mdps.len() - mdp_down;
            let left = self.residents.len().saturating_sub(paired);
            self.settled = down.len() - mdp_down <= left % 2;
        }
        if let Some(t) = self.target {
            // The bounded pass keeps only candidates at the bounds of C6–C11.
            // C8's bound is optimistic when players float, so it is left to the full search.
            let (at, at_b) = (c12_at(&q), c12_at(&self.bound));
            let (c8, c8_b) = (c8_at(&q), c8_at(&self.bound));
            let at_bound = c8 == c8_b
                && q[..c8] == self.bound[..c8]
                && q[c9_at(&q)..at] == self.bound[c9_at(&self.bound)..at_b];
            if !at_bound || q[at] > t.0 || q[at + 1] > t.1 {
                return;
            }
            self.found = true;
        }
        let at_bound = q == self.bound;
        if self
            .best
            .as_ref()
            .is_some_and(|(b, _, _, k)| (b, k) <= (&q, &self.key))
        {
            // Nothing later in this search can be below the bound, nor win a tie.
            self.perfect |= at_bound;
            return;
        }
        self.perfect = at_bound;
        self.best = Some((q, pairs.to_vec(), down, self.key.clone()));
    }

    /// The candidate's value, or `None` if the rest of the round cannot be completed (C4).
    pub(crate) fn quality(&mut self, pairs: &[(usize, usize)], down: &[usize]) -> Option<Quality> {
        let f = self.f;
        let c8 = self.completion_and_c8(down)?;
        let p = f.players;
        let mut q: Quality = vec![down.len() as i64];
        let (low, win) = self.resident_and_win();
        let list = psd(f, pairs, down, low, win);
        q.push(list.len() as i64);
        q.extend(list);
        if self.probe {
            return Some(q);
        }
        q.extend(c8);
        q.push(self.c9(down));
        let mut c = [0i64; 12]; // C10 … C21
        for &(a, b) in pairs {
            for (total, x) in c.iter_mut().zip(f.pair_criteria(a, b)) {
                *total += x;
            }
        }
        for &d in down {
            for (back, k) in [(1usize, 0usize), (2, 2)] {
                c[4 + k] += i64::from(float_back(&p[d].floats, back) == Float::Down);
            }
        }
        q.extend(c);
        Some(q)
    }

    /// `None` if the downfloaters `down` leave the rest of the round unpairable (C4);
    /// otherwise C8 for them (see `following`; `[0, 0]` where it does not apply).
    pub(super) fn completion_and_c8(&mut self, down: &[usize]) -> Option<Vec<i64>> {
        let (completes, c8) = match self.cache.get(down) {
            Some(v) => v.clone(),
            None => {
                let f = self.f;
                let mut rest: Vec<usize> = down.to_vec();
                rest.extend_from_slice(self.lower);
                let completes = match &self.clb {
                    Some(clb) => f.completes_as_bracket(down, clb),
                    None => f.completes(&rest),
                };
                let c8 = match self.next {
                    Some(next) if completes && !self.probe => self.following(down, next),
                    _ => vec![0, 0],
                };
                self.cache.insert(down.to_vec(), (completes, c8.clone()));
                (completes, c8)
            }
        };
        completes.then_some(c8)
    }

    /// C8 for the downfloaters `down`: the following bracket `next` paired as well as its own
    /// C6 and PSD allow with the round still complete (C4), its value [downfloaters, PSD's
    /// length, PSD…]. If its search finds nothing within its budget, the count of pairs its
    /// players could make alone stands in, with an empty PSD.
    pub(super) fn following(&mut self, down: &[usize], next: &[usize]) -> Vec<i64> {
        let below = &self.lower[next.len().min(self.lower.len())..];
        let (value, cut) = Bracket::probe(self.f, down, next, below).probe_value();
        self.probe_cut |= cut;
        match value {
            Some(q) => q,
            None => {
                let mut nb = down.to_vec();
                nb.extend_from_slice(next);
                vec![(nb.len() - 2 * self.f.max_pairs(&nb)) as i64, 0]
            }
        }
    }

    /// The lowest resident's score and a win's points, in half points.
    pub(super) fn resident_and_win(&self) -> (i64, i64) {
        let resident = self
            .residents
            .iter()
            .map(|&r| i64::from(self.f.players[r].score.halves()))
            .min()
            .unwrap_or(0);
        (resident, i64::from(self.f.round.win.halves()))
    }
}
