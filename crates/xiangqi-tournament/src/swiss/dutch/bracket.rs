//! One bracket of the Dutch system: candidates in the order of C.04.3 articles 3 and 4,
//! judged by the quality criteria C6–C21.

use std::collections::HashMap;

mod bounds;
mod judge;
mod proven;
mod search;

use super::exact::Exact;
use super::field::Field;
use super::method::Method;
use super::quality::Quality;
use super::whole::following_value;

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

    fn done(mut self, all: Vec<usize>, budget_exhausted: bool) -> Done {
        let (failed, pairs, downfloaters, budget_exhausted) = match self.best.take() {
            Some((_, pairs, downfloaters, _)) => (false, pairs, downfloaters, budget_exhausted),
            // Nothing found within the budget: the last bracket is closed by any complete
            // pairing (one exists: C4 held when the bracket above was paired); any other
            // bracket floats everyone down.
            None if self.last && !budget_exhausted => (true, Vec::new(), all, budget_exhausted),
            None if self.last => match self.f.complete(&all) {
                Some((pairs, bye)) => (false, pairs, bye.into_iter().collect(), true),
                None => (true, Vec::new(), all, budget_exhausted),
            },
            None => (!budget_exhausted, Vec::new(), all, budget_exhausted),
        };
        Done {
            failed,
            pairs,
            downfloaters,
            budget_exhausted,
            probe_cut: self.probe_cut,
            unproven: false,
        }
    }
}

/// Pairs as a sorted list of (lower index, higher index), to compare two pairings.
fn normal(pairs: &[(usize, usize)]) -> Vec<(usize, usize)> {
    let mut v: Vec<(usize, usize)> = pairs.iter().map(|&(a, b)| (a.min(b), a.max(b))).collect();
    v.sort_unstable();
    v
}
