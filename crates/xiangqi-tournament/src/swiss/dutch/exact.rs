//! A bracket paired by maximum-weight matching instead of a search of its candidates: the
//! method bbpPairings uses for the whole Dutch system (tournaments.md §2.1), applied here to a
//! bracket whose residents share one score once its sets of downfloaters are known.
//!
//! C6–C9 depend only on who floats ([`super::bracket`] values every set of the fewest
//! floaters). For a set `D`, every quality criterion after them (C10–C21) is a sum over the
//! pairs (colours by art. 5, floats, score differences) and over the floaters (C14, C16), so
//! the best pairing of the others is a maximum-weight perfect matching whose weight per pair
//! holds the criteria as digits of one integer, most significant first. The candidate the rules
//! take among the best (art. 3.8: the first generated) is then fixed step by step in the order
//! of generation (articles 3–4), each step kept only if a matching with it fixed still reaches
//! the best value:
//!
//! 1. which MDPs are paired (art. 4.4: most paired, then the first set in lexicographic order);
//! 2. their partners among the residents, MDP by MDP in order, lowest resident first (4.2);
//! 3. the exchange of the homogeneous remainder (4.3): its size and the difference of the
//!    exchanged BSN sums are sums over the pairs too (a pair within S2 brings its lower BSN
//!    into S1, a pair within S1 or a floater in S1 sends its higher BSN out), added as two
//!    more digits; then the highest BSNs leaving S1, then the lowest entering it, one by one;
//! 4. the transposition of S2 (4.2): S1 player by S1 player, lowest partner first.
//!
//! Unlike the search, every exchange (of any size) is reachable, and nothing is cut.

use super::criteria::float_back;
use super::field::Field;
use super::player::Float;

/// Quality digits per pair: C10 … C21 (12), then the exchange's size and BSN difference, then
/// the generation order of one player's partner (the lowest first, steps 2 and 4).
const DIGITS: usize = 15;

/// A bracket's residents (sharing one score) and MDPs, with the sets of floaters allowed.
pub(crate) struct Exact<'f, 'a> {
    f: &'f Field<'a>,
    mdps: &'f [usize],
    residents: &'f [usize],
    /// Forced partners of players already fixed.
    fixed: Vec<(usize, usize)>,
    /// The homogeneous remainder in BSN order and its S1 size (step 3 on).
    rem: Vec<usize>,
    p: usize,
    /// Per remainder position: must be in S1 after the exchange (`Some(true)`), in S2
    /// (`Some(false)`), or not yet decided.
    side: Vec<Option<bool>>,
    exchange_digits: bool,
    /// Per player of the field: an MDP of this bracket; his place in `rem`.
    is_mdp: Vec<bool>,
    at: Vec<Option<usize>>,
    partner: Vec<Option<usize>>,
    /// The player whose partner is being fixed and his candidates in generation order: the
    /// matching's last digit, below every criterion, so that among the pairings of the best
    /// value it takes the earliest partner (one matching per step instead of one per try).
    ranked: Option<(usize, Vec<usize>)>,
    /// Per player of the bracket, his place in it; per two places, C10–C21 of their pair
    /// (counted once: every matching asks for them again).
    local: Vec<Option<usize>>,
    criteria: Vec<[i64; 12]>,
    /// Per set of floaters, the pairs of its latest matching that reached the best value: kept
    /// while they meet every constraint fixed since (no new matching needed).
    last: std::cell::RefCell<std::collections::HashMap<Floaters, Solved>>,
}

/// A bracket's pairs and its floaters (in art. 1.2 order).
type Paired = (Vec<(usize, usize)>, Vec<usize>);

/// A matching's total, its pairs and the player of `one_of` who floats.
type Solved = (i128, Vec<(usize, usize)>, Option<usize>);

/// Who floats: `fixed`, and one player of `one_of` if it is not empty. Sets of one floater
/// each that share their C6–C9 value are valued by one matching, with one extra vertex that
/// the floater is paired to: a bracket of 2k + 1 has 2k + 1 of them, more than could be
/// matched set by set.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct Floaters {
    fixed: Vec<usize>,
    one_of: Vec<usize>,
}

/// The sets of floaters as the matching takes them: single residents together, every other
/// set (and each single MDP, whom art. 4.4 orders apart) alone.
fn entries(sets: &[Vec<usize>], is_mdp: &[bool]) -> Vec<Floaters> {
    let mut out: Vec<Floaters> = Vec::new();
    let mut one_of = Vec::new();
    for d in sets {
        match d.as_slice() {
            [x] if !is_mdp[*x] => one_of.push(*x),
            _ => out.push(Floaters {
                fixed: d.clone(),
                one_of: Vec::new(),
            }),
        }
    }
    if one_of.len() == 1 {
        out.push(Floaters {
            fixed: one_of,
            one_of: Vec::new(),
        });
    } else if !one_of.is_empty() {
        out.push(Floaters {
            fixed: Vec::new(),
            one_of,
        });
    }
    out
}

/// What one matching says: the total cost under the digits, or none if no perfect matching.
type Value = Option<i128>;

impl<'f, 'a> Exact<'f, 'a> {
    pub(crate) fn new(
        f: &'f Field<'a>,
        mdps: &'f [usize],
        residents: &'f [usize],
    ) -> Exact<'f, 'a> {
        Exact {
            f,
            mdps,
            residents,
            fixed: Vec::new(),
            rem: Vec::new(),
            p: 0,
            side: Vec::new(),
            exchange_digits: false,
            is_mdp: (0..f.players.len()).map(|i| mdps.contains(&i)).collect(),
            at: vec![None; f.players.len()],
            partner: vec![None; f.players.len()],
            ranked: None,
            local: {
                let mut local = vec![None; f.players.len()];
                for (k, &x) in mdps.iter().chain(residents).enumerate() {
                    local[x] = Some(k);
                }
                local
            },
            criteria: {
                let all: Vec<usize> = mdps.iter().chain(residents).copied().collect();
                all.iter()
                    .flat_map(|&a| all.iter().map(move |&b| (a, b)))
                    .map(|(a, b)| {
                        if a == b {
                            [0; 12]
                        } else {
                            f.pair_criteria(a, b)
                        }
                    })
                    .collect()
            },
            last: std::cell::RefCell::new(std::collections::HashMap::new()),
        }
    }

    /// The pairing the rules take among the candidates whose floaters are one of `sets` (all
    /// of equal C6–C9 value, each in art. 1.2 order): its pairs and floaters. `None` if the
    /// digits do not fit the integer (the caller then searches).
    pub(crate) fn pair(mut self, sets: &[Vec<usize>]) -> Option<Paired> {
        let places = self.places()?;
        let mut live = self.best_sets(&entries(sets, &self.is_mdp), &places)?;
        let used = self.pair_mdps(&mut live, &places)?;
        let (mut live, target) = self.exchange(live, &places, &used)?;
        self.transposition(&mut live, &places, target)?;
        // The floaters: whoever the fixed pairs leave.
        live.first()?;
        let mut down: Vec<usize> = self
            .mdps
            .iter()
            .chain(self.residents)
            .copied()
            .filter(|&x| self.partner[x].is_none())
            .collect();
        down.sort_by_key(|&i| self.f.rank[i]);
        Some((self.fixed, down))
    }

    /// Steps 1 and 2: the MDPs paired (the fewest floating, then the first set of the paired
    /// ones), each with the lowest resident the best value allows. The residents taken.
    fn pair_mdps(
        &mut self,
        live: &mut Vec<(Floaters, i128)>,
        places: &[i128; DIGITS + 1],
    ) -> Option<Vec<bool>> {
        let floating = |d: &Floaters| self.mdps.iter().filter(|m| d.fixed.contains(m)).count();
        let fewest = live.iter().map(|(d, _)| floating(d)).min()?;
        live.retain(|(d, _)| floating(d) == fewest);
        let chosen = |d: &Floaters| -> Vec<usize> {
            (0..self.mdps.len())
                .filter(|&k| !d.fixed.contains(&self.mdps[k]))
                .collect()
        };
        let first = live.iter().map(|(d, _)| chosen(d)).min()?;
        live.retain(|(d, _)| chosen(d) == first);
        let target = live.first()?.1;
        let mut used = vec![false; self.residents.len()];
        for &k in &first {
            let m = self.mdps[k];
            let free: Vec<usize> = (0..self.residents.len())
                .filter(|&r| !used[r])
                .map(|r| self.residents[r])
                .collect();
            let res = self.lowest_partner(m, free, live, places, target)?;
            used[self.residents.iter().position(|&r| r == res)?] = true;
        }
        Some(used)
    }

    /// Step 3: the remainder (the residents not `used`) split into S1 and S2 by the exchange
    /// the best value allows, with the exchange's digits now counted. The sets still live and
    /// the best value.
    fn exchange(
        &mut self,
        live: Vec<(Floaters, i128)>,
        places: &[i128; DIGITS + 1],
        used: &[bool],
    ) -> Option<(Vec<(Floaters, i128)>, i128)> {
        self.rem = (0..self.residents.len())
            .filter(|&r| !used[r])
            .map(|r| self.residents[r])
            .collect();
        let floaters = live[0]
            .0
            .fixed
            .iter()
            .filter(|d| self.rem.contains(d))
            .count()
            + usize::from(!live[0].0.one_of.is_empty());
        self.p = (self.rem.len() - floaters) / 2;
        self.side = vec![None; self.rem.len()];
        for (k, &x) in self.rem.iter().enumerate() {
            self.at[x] = Some(k);
        }
        self.exchange_digits = true;
        // The totals change with the exchange's digits.
        self.last.borrow_mut().clear();
        let mut scored: Vec<(Floaters, i128)> = Vec::new();
        for (d, _) in &live {
            if let Some(v) = self.value(d, places) {
                scored.push((d.clone(), v));
            }
        }
        let target = scored.iter().map(|x| x.1).min()?;
        scored.retain(|x| x.1 == target);
        let mut live = scored;
        // Leaving S1: highest BSN first; entering: lowest first.
        let order: Vec<(usize, bool)> = (0..self.p)
            .rev()
            .map(|k| (k, false))
            .chain((self.p..self.rem.len()).map(|k| (k, true)))
            .collect();
        if self.exchange_size(&live[0].0) == Some(0) {
            // The best value has no pair within S2, hence none within S1 and no floater in
            // S1: no exchange.
            for k in 0..self.rem.len() {
                self.side[k] = Some(k < self.p);
            }
        }
        for (k, to_s1) in order {
            if self.side[k].is_some() {
                continue;
            }
            // The exchanged side first (leave S1 / enter it), if the best value allows it.
            self.side[k] = Some(to_s1);
            let keep = self.keep(&live, places, target);
            if keep.is_empty() {
                self.side[k] = Some(!to_s1);
                live = self.keep(&live, places, target);
            } else {
                live = keep;
            }
            if live.is_empty() {
                return None;
            }
        }
        Some((live, target))
    }

    /// Step 4: the transposition: S1 in BSN order, each with the lowest S2 partner possible.
    fn transposition(
        &mut self,
        live: &mut Vec<(Floaters, i128)>,
        places: &[i128; DIGITS + 1],
        target: i128,
    ) -> Option<()> {
        let s1: Vec<usize> = (0..self.rem.len())
            .filter(|&k| self.side[k] == Some(true))
            .map(|k| self.rem[k])
            .collect();
        let s2: Vec<usize> = (0..self.rem.len())
            .filter(|&k| self.side[k] == Some(false))
            .map(|k| self.rem[k])
            .collect();
        for &a in &s1 {
            let free: Vec<usize> = s2
                .iter()
                .copied()
                .filter(|&b| self.partner[b].is_none())
                .collect();
            self.lowest_partner(a, free, live, places, target)?;
        }
        Some(())
    }

    /// Whether a candidate whose C10–C21 are `criteria` (and whose floaters are one of `sets`)
    /// is among the best: its value equals the matching's best over `sets`.
    pub(crate) fn reaches_best(self, sets: &[Vec<usize>], criteria: &[i64]) -> bool {
        let Some(places) = self.places() else {
            return false;
        };
        let Some(best) = self.best_sets(&entries(sets, &self.is_mdp), &places) else {
            return false;
        };
        let mut c = [0i64; DIGITS];
        if criteria.len() != 12 {
            return false;
        }
        c[..12].copy_from_slice(criteria);
        best.first().is_some_and(|b| b.1 == dot(&c, &places))
    }

    /// Fixes `a`'s partner: the first of `candidates` with whom the best value `target` is
    /// still reached (by the order digit, one matching per set of floaters still live).
    fn lowest_partner(
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
    fn exchange_size(&self, d: &Floaters) -> Option<usize> {
        let last = self.last.borrow();
        let (_, pairs, _) = last.get(d)?;
        let in_s2 = |x: usize| self.pos(x).is_some_and(|k| k >= self.p);
        Some(pairs.iter().filter(|&&(a, b)| in_s2(a) && in_s2(b)).count())
    }

    /// The sets that reach the best value, with it.
    fn best_sets(
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
    fn keep(
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

    /// The least total cost of pairing everyone but the floaters `down` under the constraints.
    fn value(&self, down: &Floaters, places: &[i128; DIGITS + 1]) -> Value {
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

    /// Whether `a` and `b` may be paired under the absolute criteria, the bracket's shape and
    /// the steps fixed so far.
    fn allowed(&self, a: usize, b: usize) -> bool {
        if !self.f.compatible(a, b) || (self.is_mdp[a] && self.is_mdp[b]) {
            return false;
        }
        if self.partner[a].is_some_and(|x| x != b) || self.partner[b].is_some_and(|x| x != a) {
            return false;
        }
        if self.side.is_empty() {
            return true;
        }
        let (Some(pa), Some(pb)) = (self.pos(a), self.pos(b)) else {
            // An MDP's pair: MDPs are fixed in step 2 before the remainder is looked at.
            return true;
        };
        let (lo, hi) = (pa.min(pb), pa.max(pb));
        let s1 = |k: usize| k < self.p;
        // Where each must end: a pair within S1 sends its higher BSN out, within S2 brings
        // its lower in, across keeps both.
        let ends = |k: usize| -> bool {
            match (s1(lo), s1(hi)) {
                (true, true) => k == lo,
                (false, false) => k == lo,
                _ => s1(k),
            }
        };
        [lo, hi]
            .iter()
            .all(|&k| self.side[k].is_none_or(|want| want == ends(k)))
    }

    fn fix(&mut self, a: usize, b: usize) {
        self.fixed.push((a, b));
        self.partner[a] = Some(b);
        self.partner[b] = Some(a);
    }

    /// Whether `pairs` with floaters `down` (and `one` of its `one_of`) meets every
    /// constraint fixed so far.
    fn meets(&self, down: &Floaters, pairs: &[(usize, usize)], one: Option<usize>) -> bool {
        pairs.iter().all(|&(a, b)| self.allowed(a, b))
            && down
                .fixed
                .iter()
                .chain(&one)
                .all(|&d| self.floater_digits(d).is_some() && self.partner[d].is_none())
    }

    fn pos(&self, x: usize) -> Option<usize> {
        self.at[x]
    }

    /// C14 and C16 of floater `d`, and (with the exchange digits) his BSN leaving S1; `None`
    /// if he may not float because the constraints put him in S1.
    fn floater_digits(&self, d: usize) -> Option<[i64; DIGITS]> {
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
    fn pair_digits(&self, a: usize, b: usize) -> [i64; DIGITS] {
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
    fn bound_of(&self, k: usize) -> i128 {
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
    fn places(&self) -> Option<[i128; DIGITS + 1]> {
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
    fn pair_digits_full(&self, a: usize, b: usize) -> [i64; DIGITS] {
        let mut c = self.pair_digits(a, b);
        c[12] = 1;
        c[13] = (self.mdps.len() + self.residents.len()) as i64 + 1;
        c[14] = c[13];
        c
    }

    fn floater_full(&self, d: usize) -> [i64; DIGITS] {
        let p = &self.f.players[d];
        let mut c = [0i64; DIGITS];
        c[4] = i64::from(float_back(&p.floats, 1) == Float::Down);
        c[6] = i64::from(float_back(&p.floats, 2) == Float::Down);
        c[12] = 1;
        c[13] = (self.mdps.len() + self.residents.len()) as i64 + 1;
        c
    }
}

fn dot(c: &[i64; DIGITS], places: &[i128; DIGITS + 1]) -> i128 {
    c.iter().zip(places).map(|(&x, &p)| i128::from(x) * p).sum()
}
