//! A bracket paired by maximum-weight matching instead of a search of its candidates: the
//! method bbpPairings uses for the whole Dutch system (its `README.txt`: Galil, Micali and
//! Gabow's weighted matching, 1986), applied here to a bracket whose residents share one score
//! once its sets of downfloaters are known.
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

use super::field::Field;

mod narrow;
mod value;

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
}

fn dot(c: &[i64; DIGITS], places: &[i128; DIGITS + 1]) -> i128 {
    c.iter().zip(places).map(|(&x, &p)| i128::from(x) * p).sum()
}
