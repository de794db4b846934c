//! One bracket of the Dutch system: candidates in the order of C.04.3 articles 3 and 4,
//! judged by the quality criteria C6–C21.

use std::collections::HashMap;

mod proven;

use super::Strength;
use super::candidates::{combinations, combinations_count, exchanges, exchanges_complete, split};
use super::criteria::float_back;
use super::exact::Exact;
use super::field::Field;
use super::method::Method;
use super::next::{psd, psd_bound};
use super::player::Float;
use super::quality::{Quality, c8_at, c9_at, c12_at};
use super::whole::following_value;
use crate::Mover;

/// The work budget per bracket, in search nodes.
const BUDGET: usize = 40_000;

/// The most sets of two or more floaters a bracket valued set by set tries (each costs a
/// completion test of the whole round and a look at the following bracket; sets of one
/// floater, as many as the players, are not counted). Bounds work, not a result: a bracket
/// with more keeps the search's choice, with a note.
const MAX_SETS: usize = 1_000;

/// The work budget of one look at the following bracket (C8).
const PROBE_BUDGET: usize = 2_000;

/// The best candidate so far: its value, its pairs, its downfloaters, and its place in the
/// generation sequence (compared lexicographically: smaller is generated earlier).
type Best = (Quality, Vec<(usize, usize)>, Vec<usize>, Vec<usize>);

pub(crate) struct Done {
    /// No candidate at all keeps the rest of the round as it must be (found without reaching
    /// the budget): for the last bracket, art. 3.9 applies.
    pub(crate) failed: bool,
    pub(crate) pairs: Vec<(usize, usize)>,
    pub(crate) downfloaters: Vec<usize>,
    pub(crate) budget_exhausted: bool,
    /// A look at the following bracket (C8) reached its own budget.
    pub(crate) probe_cut: bool,
    /// The search did not generate every exchange of art. 4.3 it passed, and the matching
    /// does not apply: the best candidate generated was taken.
    pub(crate) unproven: bool,
}

pub(crate) struct Bracket<'f, 'a> {
    f: &'f Field<'a>,
    mdps: Vec<usize>,
    residents: Vec<usize>,
    lower: &'f [usize],
    next: Option<&'f [usize]>,
    last: bool,
    /// Per downfloater set: whether the round completes, and C8: the following bracket's
    /// fewest downfloaters, then its PSD (its length first).
    cache: HashMap<Vec<usize>, (bool, Vec<i64>)>,
    /// This bracket is paired only to value it as the following bracket of another (C8): its
    /// candidates are judged by C6 and the PSD alone.
    probe: bool,
    /// Some look at the following bracket reached its budget.
    probe_cut: bool,
    /// A probe found a candidate that completes the round for the current choice of MDPs:
    /// every other with this choice has the same PSD (the residents share one score, so it
    /// depends only on which MDPs are paired and how many players float) and is no better.
    settled: bool,
    work: usize,
    best: Option<Best>,
    /// The lower bound of every criterion: a candidate that reaches it is perfect.
    bound: Quality,
    perfect: bool,
    /// The current candidate's place in the generation sequence.
    key: Vec<usize>,
    /// (C12, C13) targets of the bounded first pass: stop at the first leaf that meets them.
    target: Option<(i64, i64)>,
    found: bool,
    /// Candidates judged so far that complete the round.
    valid: usize,
    /// Art. 3.9: this bracket is the penultimate pairing bracket (PPB), re-paired so that its
    /// downfloaters and these players, as the collapsed last bracket (CLB), can be paired; C8
    /// does not apply to it.
    clb: Option<Vec<usize>>,
    /// Not all residents share one score (the CLB): C7 differs between remainder pairings.
    mixed: bool,
    /// Only candidates whose downfloaters (in art. 1.2 order) are one of these sets count.
    allowed: Option<Vec<Vec<usize>>>,
    /// The work allowed to the current pass.
    limit: usize,
    /// The search went past a remainder without generating all its exchanges (art. 4.3,
    /// `exchanges_complete`): only a candidate at the lower bound found before is proven.
    unsearched: bool,
}

impl<'f, 'a> Bracket<'f, 'a> {
    pub(crate) fn new(
        f: &'f Field<'a>,
        mdps: &[usize],
        residents: &[usize],
        lower: &'f [usize],
        next: Option<&'f [usize]>,
    ) -> Bracket<'f, 'a> {
        Bracket {
            f,
            mdps: mdps.to_vec(),
            residents: residents.to_vec(),
            lower,
            next,
            last: next.is_none(),
            cache: HashMap::new(),
            probe: false,
            probe_cut: false,
            settled: false,
            work: 0,
            best: None,
            bound: Vec::new(),
            perfect: false,
            key: Vec::new(),
            target: None,
            found: false,
            valid: 0,
            clb: None,
            allowed: None,
            mixed: residents
                .iter()
                .any(|&r| f.players[r].score != f.players[residents[0]].score),
            limit: BUDGET,
            unsearched: false,
        }
    }

    /// The penultimate pairing bracket of art. 3.9: its downfloaters with `clb` must form a
    /// collapsed last bracket that can be paired.
    pub(crate) fn penultimate(mut self, clb: &[usize]) -> Bracket<'f, 'a> {
        self.clb = Some(clb.to_vec());
        self.last = false;
        self
    }

    /// The following bracket of another, to be valued for C8: `mdps` are the other's
    /// downfloaters, `lower` the players below this bracket.
    fn probe(
        f: &'f Field<'a>,
        mdps: &[usize],
        residents: &[usize],
        lower: &'f [usize],
    ) -> Bracket<'f, 'a> {
        let mut b = Bracket::new(f, mdps, residents, lower, None);
        b.last = lower.is_empty();
        b.probe = true;
        b.limit = PROBE_BUDGET;
        b
    }

    /// The best value (C6, then the PSD) of a probing bracket's pairings that complete the
    /// round, if one is found within its budget.
    /// Also whether its search was cut by the budget.
    fn probe_value(mut self) -> (Option<Quality>, bool) {
        let all: Vec<usize> = self.mdps.iter().chain(&self.residents).copied().collect();
        let max_pairs = self.f.max_pairs(&all);
        self.bound = self.lower_bound(&all, max_pairs);
        self.levels(self.mdps.len());
        let cut = self.work > self.limit && !self.perfect;
        let searched = self.best.map(|b| b.0);
        if cut || (self.unsearched && !self.perfect) {
            // The search did not look at every candidate: the matching values the bracket.
            if let Some(q) = following_value(self.f, &self.mdps, &self.residents, self.lower) {
                return (q, false);
            }
        } else if super::method::current() == Method::CrossCheck
            && let Some(q) = following_value(self.f, &self.mdps, &self.residents, self.lower)
        {
            super::method::record_probe(searched == q);
        }
        (searched, cut)
    }

    pub(crate) fn pair(mut self) -> Done {
        let all: Vec<usize> = self.mdps.iter().chain(&self.residents).copied().collect();
        let max_pairs = self.f.max_pairs(&all);
        let bound = self.lower_bound(&all, max_pairs);
        let method = super::method::current();
        if method == Method::Matching
            && let Some(found) = self.exact(&all, max_pairs)
        {
            self.best = Some(found);
            return self.done(all, false);
        }
        // The plain search first: most brackets reach their bound within the budget.
        self.bound = bound.clone();
        let mut budget_exhausted = self.search(&all);
        // Every remainder the search went through before a candidate at the bound ended it (or
        // all of them, without one) had its exchanges generated: the search saw every
        // candidate up to its choice.
        if !budget_exhausted && !self.unsearched {
            if method == Method::CrossCheck {
                let searched = self.best.as_ref().map(|b| (normal(&b.1), b.2.clone()));
                if let Some(found) = self.exact(&all, max_pairs) {
                    super::method::record(searched == Some((normal(&found.1), found.2)));
                }
            }
            return self.done(all, false);
        }
        if !budget_exhausted && self.proven_by_value(&all, max_pairs) {
            return self.done(all, false);
        }
        // It did not (or did not see every candidate): the bracket is paired by maximum-weight
        // matching where that applies.
        if let Some(found) = self.exact(&all, max_pairs) {
            self.best = Some(found);
            return self.done(all, false);
        }
        if !budget_exhausted {
            let mut done = self.done(all, false);
            done.unproven = true;
            return done;
        }
        let plain = (self.best.take(), budget_exhausted);
        budget_exhausted = false;
        if let Some(groups) = self.downfloater_groups(&all, max_pairs) {
            // It did not: C6–C9 are decided by the downfloaters alone, so the search is run
            // again for the best sets first, with their exact values as the bound, and stops
            // at the first group of sets of equal value that some candidate realises.
            for (key, sets) in groups {
                // The group's bound: for each criterion after C9 the least of the sets' own
                // bounds (`set_bound`).
                let per: Vec<Quality> = sets
                    .iter()
                    .map(|d| self.set_bound(&key, &bound, &all, d))
                    .collect();
                let mut b = per[0].clone();
                for q in &per[1..] {
                    for (x, y) in b.iter_mut().zip(q) {
                        *x = (*x).min(*y);
                    }
                }
                self.bound = b;
                self.allowed = Some(sets);
                self.best = None;
                self.perfect = false;
                self.work = 0;
                budget_exhausted |= self.search(&all);
                if self.best.is_some() {
                    break;
                }
            }
            self.allowed = None;
        }
        if self.best.is_none() {
            // No set helped: the plain search's result stands, as it was.
            self.bound = bound;
            (self.best, budget_exhausted) = plain;
        }
        self.done(all, budget_exhausted)
    }

    /// The bracket paired by maximum-weight matching ([`super::exact`]), for its best group of
    /// downfloater sets; `None` where that does not apply (mixed residents, the CLB, too many
    /// sets, digits too wide).
    fn exact(&mut self, all: &[usize], max_pairs: usize) -> Option<Best> {
        let groups = self.downfloater_groups(all, max_pairs)?;
        let (_, sets) = groups.first()?;
        let (mdps, residents) = (self.mdps.clone(), self.residents.clone());
        let (pairs, down) = Exact::new(self.f, &mdps, &residents).pair(sets)?;
        let q = self.quality(&pairs, &down)?;
        if super::method::current() != Method::CrossCheck || self.work > self.limit {
            super::method::record_matched();
        }
        Some((q, pairs, down, Vec::new()))
    }

    /// The bound of the candidates whose downfloaters are `down`: `key` (C6–C9 exact), C10–C11
    /// as `bound`, C12–C13 of the players left to pair, C14–C21 by `float_floor`.
    fn set_bound(&self, key: &[i64], bound: &[i64], all: &[usize], down: &[usize]) -> Quality {
        let mut b = key.to_vec();
        b.extend_from_slice(&bound[c9_at(bound) + 1..]);
        let c9 = c9_at(&b);
        let left: Vec<usize> = all.iter().copied().filter(|x| !down.contains(x)).collect();
        (b[c9 + 3], b[c9 + 4]) = self.colour_floor(&left, 0);
        b[c9 + 5..c9 + 13].copy_from_slice(&self.float_floor(down));
        b
    }

    /// Lower bounds of C14–C21 for the candidates whose downfloaters are `down` (residents
    /// sharing one score `r`): C14/C16 count the floaters who floated down one/two rounds
    /// before, exactly; every MDP not floating is paired with a resident and floats down
    /// again, his difference `s − r` counted in C18/C20 if he floated down before, exactly;
    /// each is paired with a different resident, so at least as many residents as there are
    /// paired MDPs beyond those who did not float up before are repeated upfloaters (C15/C17),
    /// each with at least the smallest such differences (C19/C21).
    fn float_floor(&self, down: &[usize]) -> [i64; 8] {
        let p = self.f.players;
        let (r, _) = self.resident_and_win();
        let sd = |m: usize| i64::from(p[m].score.halves()) - r;
        let paired: Vec<usize> = self
            .mdps
            .iter()
            .copied()
            .filter(|m| !down.contains(m))
            .collect();
        let mut c = [0i64; 8]; // C14 … C21
        for (back, k) in [(1usize, 0usize), (2, 2)] {
            c[k] = down
                .iter()
                .filter(|&&d| float_back(&p[d].floats, back) == Float::Down)
                .count() as i64;
            c[4 + k] = paired
                .iter()
                .filter(|&&m| float_back(&p[m].floats, back) == Float::Down)
                .map(|&m| sd(m))
                .sum();
            let fresh = self
                .residents
                .iter()
                .filter(|x| !down.contains(x) && float_back(&p[**x].floats, back) != Float::Up)
                .count();
            let forced = paired.len().saturating_sub(fresh);
            c[1 + k] = forced as i64;
            let mut diffs: Vec<i64> = paired.iter().map(|&m| sd(m)).collect();
            diffs.sort_unstable();
            c[5 + k] = diffs[..forced].iter().sum();
        }
        c
    }

    /// C6, C7, C8 and C9 depend only on who floats (in a bracket whose residents share one score:
    /// the PSD is each paired MDP's difference to the residents, each floater's to one win
    /// below them, and zeros; C8 is the following bracket's value for those floaters). The
    /// sets of the fewest floaters with whom the rest of the bracket can be paired (an MDP only
    /// against a resident) and the round completed (C4), grouped by their value, best first;
    /// `None` where this does not apply or the sets are too many. If no set of the fewest
    /// floaters the bracket allows completes the round, two more float (C6 among the choices
    /// that keep C4), and so on.
    #[allow(clippy::type_complexity)]
    fn downfloater_groups(
        &mut self,
        all: &[usize],
        max_pairs: usize,
    ) -> Option<Vec<(Quality, Vec<Vec<usize>>)>> {
        if self.mixed || self.clb.is_some() {
            return None;
        }
        for pairs in (0..=max_pairs).rev() {
            if let Some(groups) = self.floater_sets(all, pairs)? {
                return Some(groups);
            }
        }
        None
    }

    /// `downfloater_groups` for the sets of floaters that leave `max_pairs` pairs: `None` if
    /// they are too many, `Some(None)` if none keeps the round complete.
    #[allow(clippy::type_complexity)]
    fn floater_sets(
        &mut self,
        all: &[usize],
        max_pairs: usize,
    ) -> Option<Option<Vec<(Quality, Vec<Vec<usize>>)>>> {
        let down = all.len() - 2 * max_pairs;
        // Sets of one floater are as many as the players, and the matching values them at
        // once (`exact::Floaters`); larger sets are valued one by one.
        if down > 1 && combinations_count(all.len(), down) > MAX_SETS {
            return None;
        }
        let (resident, win) = self.resident_and_win();
        let len = max_pairs + down;
        let mut keyed: Vec<(Quality, Vec<usize>)> = Vec::new();
        for c in combinations(all.len(), down) {
            let mut d: Vec<usize> = c.iter().map(|&k| all[k]).collect();
            d.sort_by_key(|&i| self.f.rank[i]);
            let mdps: Vec<usize> = self
                .mdps
                .iter()
                .copied()
                .filter(|m| !d.contains(m))
                .collect();
            let residents: Vec<usize> = self
                .residents
                .iter()
                .copied()
                .filter(|r| !d.contains(r))
                .collect();
            if !self.f.completes_as_bracket(&mdps, &residents) {
                continue;
            }
            if self.last && (d.len() > 1 || d.first().is_some_and(|&x| !self.f.bye_ok[x])) {
                continue;
            }
            let Some(c8) = self.completion_and_c8(&d) else {
                continue;
            };
            let score = |i: usize| i64::from(self.f.players[i].score.halves());
            let mut list: Vec<i64> = mdps.iter().map(|&m| score(m) - resident).collect();
            list.extend(d.iter().map(|&x| score(x) - resident + win));
            list.sort_unstable_by(|a, b| b.cmp(a));
            list.resize(len, 0);
            let mut q: Quality = vec![down as i64, len as i64];
            q.extend(list);
            q.extend(c8);
            q.push(self.c9(&d));
            keyed.push((q, d));
        }
        keyed.sort();
        let mut groups: Vec<(Quality, Vec<Vec<usize>>)> = Vec::new();
        for (q, d) in keyed {
            match groups.last_mut() {
                Some((gq, sets)) if *gq == q => sets.push(d),
                _ => groups.push((q, vec![d])),
            }
        }
        Some((!groups.is_empty()).then_some(groups))
    }

    /// The search of `pair`: a bounded first pass, then the full one. Whether the budget ran
    /// out.
    fn search(&mut self, all: &[usize]) -> bool {
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

    fn done(mut self, all: Vec<usize>, budget_exhausted: bool) -> Done {
        match self.best.take() {
            Some((_, pairs, downfloaters, _)) => Done {
                failed: false,
                pairs,
                downfloaters,
                budget_exhausted,
                probe_cut: self.probe_cut,
                unproven: false,
            },
            // Nothing found within the budget: the last bracket is closed by any complete
            // pairing (one exists: C4 held when the bracket above was paired); any other
            // bracket floats everyone down.
            None if self.last && !budget_exhausted => Done {
                failed: true,
                pairs: Vec::new(),
                downfloaters: all,
                budget_exhausted,
                probe_cut: self.probe_cut,
                unproven: false,
            },
            None if self.last => match self.f.complete(&all) {
                Some((pairs, bye)) => Done {
                    failed: false,
                    pairs,
                    downfloaters: bye.into_iter().collect(),
                    budget_exhausted: true,
                    probe_cut: self.probe_cut,
                    unproven: false,
                },
                None => Done {
                    failed: true,
                    pairs: Vec::new(),
                    downfloaters: all,
                    budget_exhausted,
                    probe_cut: self.probe_cut,
                    unproven: false,
                },
            },
            None => Done {
                failed: !budget_exhausted,
                pairs: Vec::new(),
                downfloaters: all,
                budget_exhausted,
                probe_cut: self.probe_cut,
                unproven: false,
            },
        }
    }

    /// M1, the MDPs paired, most first (art. 3.1); the MDP sets in art. 4.4 order.
    fn levels(&mut self, m0: usize) {
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
                let mut pairs = Vec::new();
                let mut used = vec![false; residents.len()];
                self.settled = false;
                self.mdp_pairings(&s1, &residents, 0, &mut used, &mut pairs, &limbo, (0, 0));
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
    #[allow(clippy::too_many_arguments)]
    fn mdp_pairings(
        &mut self,
        s1: &[usize],
        s2: &[usize],
        i: usize,
        used: &mut Vec<bool>,
        pairs: &mut Vec<(usize, usize)>,
        limbo: &[usize],
        unmet: (i64, i64),
    ) {
        if self.perfect || self.found || self.settled || self.work > self.limit {
            return;
        }
        if self.target.is_some_and(|t| unmet.0 > t.0 || unmet.1 > t.1) {
            return;
        }
        self.work += 1;
        if i == s1.len() {
            let remainder: Vec<usize> =
                (0..s2.len()).filter(|&k| !used[k]).map(|k| s2[k]).collect();
            self.remainder(&remainder, pairs, limbo, unmet);
            return;
        }
        for k in 0..s2.len() {
            if !used[k] && self.f.compatible(s1[i], s2[k]) {
                used[k] = true;
                pairs.push((s1[i], s2[k]));
                self.key.push(k);
                let cost = self.pair_unmet(s1[i], s2[k]);
                let next = (unmet.0 + cost.0, unmet.1 + cost.1);
                self.mdp_pairings(s1, s2, i + 1, used, pairs, limbo, next);
                self.key.pop();
                pairs.pop();
                used[k] = false;
            }
        }
    }

    /// The homogeneous remainder: S1 the first P players, exchanges in art. 4.3 order, and
    /// for each the transpositions of S2.
    fn remainder(
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
                let mut pairs = fixed.to_vec();
                let mut used = vec![false; s2.len()];
                self.key.truncate(base);
                self.key.extend([most - p, xi]);
                self.transpose(&s1, &s2, 0, &mut used, &mut pairs, limbo, prune, unmet);
                if self.perfect || self.found || self.settled || self.work > self.limit {
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

    #[allow(clippy::too_many_arguments)]
    fn transpose(
        &mut self,
        s1: &[usize],
        s2: &[usize],
        i: usize,
        used: &mut Vec<bool>,
        pairs: &mut Vec<(usize, usize)>,
        limbo: &[usize],
        prune: bool,
        unmet: (i64, i64),
    ) {
        if self.perfect || self.found || self.settled || self.work > self.limit {
            return;
        }
        self.work += 1;
        let bound = colour_bound(self.f, &s1[i..], s2, used);
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
        if i == s1.len() {
            let mut down: Vec<usize> = limbo.to_vec();
            down.extend((0..s2.len()).filter(|&k| !used[k]).map(|k| s2[k]));
            self.consider(pairs, down);
            return;
        }
        for k in 0..s2.len() {
            if !used[k] && self.f.compatible(s1[i], s2[k]) {
                used[k] = true;
                pairs.push((s1[i], s2[k]));
                self.key.push(k);
                let cost = self.pair_unmet(s1[i], s2[k]);
                let next = (unmet.0 + cost.0, unmet.1 + cost.1);
                self.transpose(s1, s2, i + 1, used, pairs, limbo, prune, next);
                self.key.pop();
                pairs.pop();
                used[k] = false;
            }
        }
    }

    /// The colour preferences (C12) and strong ones (C13) that pairing `a` with `b` leaves
    /// unmet, with the colours of art. 5.
    fn pair_unmet(&self, a: usize, b: usize) -> (i64, i64) {
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
    fn c9(&self, down: &[usize]) -> i64 {
        match down {
            [x] if self.f.bye_ok[*x] => i64::from(self.f.players[*x].unplayed),
            _ => 0,
        }
    }

    /// Keeps `pairs` if it completes the round and beats the best so far.
    fn consider(&mut self, pairs: &[(usize, usize)], mut down: Vec<usize>) {
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
    fn completion_and_c8(&mut self, down: &[usize]) -> Option<Vec<i64>> {
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
    fn following(&mut self, down: &[usize], next: &[usize]) -> Vec<i64> {
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
    fn resident_and_win(&self) -> (i64, i64) {
        let resident = self
            .residents
            .iter()
            .map(|&r| i64::from(self.f.players[r].score.halves()))
            .min()
            .unwrap_or(0);
        (resident, i64::from(self.f.round.win.halves()))
    }

    fn lower_bound(&mut self, all: &[usize], max_pairs: usize) -> Quality {
        let down = all.len() - 2 * max_pairs;
        // C7: the PSD's bound (see `psd_bound`); in a bracket of mixed residents (the CLB) only
        // a win's difference for each downfloater is sure. A probe counts C7 alone.
        let (resident, win) = self.resident_and_win();
        let len = max_pairs + down;
        let mut q: Quality = vec![down as i64, len as i64];
        if self.mixed && !self.probe {
            let mut list = vec![win; down];
            list.resize(len, 0);
            q.extend(list);
        } else {
            q.extend(psd_bound(
                self.f,
                &self.mdps,
                self.residents.len(),
                resident,
                win,
                down,
                len,
            ));
        }
        if self.probe {
            return q;
        }
        // C8: exact when nothing floats; otherwise the optimistic "everyone below pairs",
        // with a PSD of zeros.
        q.extend(match self.next {
            Some(n) if down == 0 => self.following(&[], n),
            Some(n) => {
                let (m, pairs) = (n.len() + down, (n.len() + down) / 2);
                let mut c8 = vec![(m % 2) as i64, (m - pairs) as i64];
                c8.extend(std::iter::repeat_n(0, m - pairs));
                c8
            }
            None => vec![0, 0],
        });
        // C9: the fewest unplayed games among those who may take the PAB here (a single
        // floater who may take it is the PAB assignee: see `c9`).
        let c9 = if down == 1 {
            all.iter()
                .filter(|&&i| self.f.bye_ok[i])
                .map(|&i| i64::from(self.f.players[i].unplayed))
                .min()
                .unwrap_or(0)
        } else {
            0
        };
        q.push(c9);
        let mut c = [0i64; 12];
        (c[2], c[3]) = self.colour_floor(all, down);
        q.extend(c);
        q
    }

    /// Lower bounds of C12 and C13 for a bracket of `all` of whom `down` float.
    fn colour_floor(&self, all: &[usize], down: usize) -> (i64, i64) {
        let (mut w, mut b, mut none) = (0i64, 0i64, 0i64);
        for &i in all {
            match self.f.players[i].colours.preference().0 {
                Some(Mover::First) => w += 1,
                Some(Mover::Second) => b += 1,
                None => none += 1,
            }
        }
        let excess = (w - b - none).max(b - w - none) - down as i64;
        let c12 = (excess.max(0) + 1) / 2;
        // C13: two strong (or absolute) preferences for one colour cost one.
        let strong = |side: Mover| {
            all.iter()
                .filter(|&&i| {
                    let (p, st) = self.f.players[i].colours.preference();
                    p == Some(side) && st >= Strength::Strong
                })
                .count() as i64
        };
        let n = all.len() as i64;
        let (sw, sb) = (strong(Mover::First), strong(Mover::Second));
        let excess = (sw - (n - sw)).max(sb - (n - sb)) - down as i64;
        (c12, (excess.max(0) + 1) / 2)
    }
}

/// Lower bounds of the colour preferences (C12) and strong preferences (C13) the rest of S1
/// must leave unmet: a player who wants white keeps it only against one who does not, and a
/// strong or absolute preference loses only against another one for the same colour.
fn colour_bound(f: &Field<'_>, s1: &[usize], s2: &[usize], used: &[bool]) -> (i64, i64) {
    let pref = |i: usize| f.players[i].colours.preference();
    let count = |set: &mut dyn Iterator<Item = usize>| {
        let mut c = [0i64; 5]; // white, black, none, strong white, strong black
        for i in set {
            match pref(i) {
                (Some(Mover::First), s) => {
                    c[0] += 1;
                    c[3] += i64::from(s >= Strength::Strong);
                }
                (Some(Mover::Second), s) => {
                    c[1] += 1;
                    c[4] += i64::from(s >= Strength::Strong);
                }
                (None, _) => c[2] += 1,
            }
        }
        c
    };
    let a = count(&mut s1.iter().copied());
    let free = used.iter().filter(|u| !**u).count() as i64;
    let b = count(
        &mut s2
            .iter()
            .enumerate()
            .filter(|(k, _)| !used[*k])
            .map(|(_, &i)| i),
    );
    let c12 = (a[0] - b[1] - b[2]).max(0) + (a[1] - b[0] - b[2]).max(0);
    let c13 = (a[3] - (free - b[3])).max(0) + (a[4] - (free - b[4])).max(0);
    (c12, c13)
}

/// Pairs as a sorted list of (lower index, higher index), to compare two pairings.
fn normal(pairs: &[(usize, usize)]) -> Vec<(usize, usize)> {
    let mut v: Vec<(usize, usize)> = pairs.iter().map(|&(a, b)| (a.min(b), a.max(b))).collect();
    v.sort_unstable();
    v
}
