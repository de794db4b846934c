//! An independent reference pairer for the Dutch system (FIDE Handbook C.04.3, 2026), for
//! small fields: every candidate a bracket allows is generated in the order of articles 3–4
//! with no bound, no cut and no budget, each is judged by the criteria in their order, and
//! the best one — the earliest generated among equals (art. 3.8) — is taken. It shares no
//! search code with [`super::pair`]: completion (C4) is decided by exhaustive search here,
//! not by the blossom algorithm, and every criterion is evaluated by code of its own. Only the
//! colour preference of art. 1.7 and the colour allocation of art. 5 ([`super::Colours`],
//! [`super::hi_gets_white`]) are shared: they decide no search.
//!
//! The interpretations are the main pairer's (documented in the crate README): C5 fixes the
//! lowest PAB score before pairing; C7 is the bracket's pairing score difference (PSD);
//! C8 values the following bracket by its own C6 and PSD among its candidates that keep the
//! round complete; C14–C21 count the players who float again as [`super::pair`] does. What this
//! checks is the search: that no bound, order or budget of the main pairer loses the optimum.
//!
//! Art. 3.9 (the collapsed last bracket): when the last bracket cannot be completed, the bracket
//! above it is re-paired as the penultimate pairing bracket (PPB), its downfloaters and all the
//! players below forming the collapsed last bracket (CLB), in which every player below is a
//! resident whatever his score; the PPB must leave downfloaters with which the CLB can be paired
//! (C4), and the following-bracket criterion C8 does not apply to it (as in the 2017 text, A.9
//! and C.7). If that fails too, the PPB moves one bracket up.

use std::cell::RefCell;
use std::collections::HashMap;

use super::{DutchPlayer, DutchRound, Strength};
use crate::Error;
use crate::swiss::SwissPairing;

mod generate;
mod judge;

/// The largest field the reference pairs (its search is exhaustive).
pub const MAX_PLAYERS: usize = 12;

/// Pairs one round by exhaustive search (see the module's text).
///
/// ```
/// use xiangqi_tournament::{PlayerId, Points, Mover, swiss::dutch::*};
/// let players: Vec<DutchPlayer> = (1..=4).map(|i| DutchPlayer {
///     id: PlayerId(i), score: Points::ZERO, colours: Colours::default(), floats: vec![],
///     opponents: vec![], pab_ineligible: false, unplayed: 0, club: None,
/// }).collect();
/// let r = DutchRound { round: 1, rounds: 3, win: Points::whole(1), initial_colour: Mover::First,
///     forbidden: vec![], clubs_apart: false };
/// let p = reference::pair(&players, &r).unwrap();
/// assert_eq!(p.boards, vec![(PlayerId(1), PlayerId(3)), (PlayerId(4), PlayerId(2))]);
/// ```
pub fn pair(players: &[DutchPlayer], round: &DutchRound) -> Result<SwissPairing, Error> {
    if players.len() > MAX_PLAYERS {
        return Err(Error::Settings(format!(
            "the reference pairer takes at most {MAX_PLAYERS} players, not {}",
            players.len()
        )));
    }
    Reference::new(players, round)?.pair()
}

/// A bitmask of player indices.
type Set = u32;

/// Pairs (player indices).
type Pairs = [(usize, usize)];

/// What gets each candidate: its pairs and its downfloaters.
type Visit<'v> = dyn FnMut(&Pairs, &[usize]) + 'v;

/// A bracket's pairs and its downfloaters.
type Chosen = (Vec<(usize, usize)>, Vec<usize>);

/// An exchange: the positions leaving S1 and those entering it.
type Exchange = (Vec<usize>, Vec<usize>);

/// The following bracket's value per (MDPs, players below it) (C8).
type FollowingMemo = HashMap<(Vec<usize>, Set), Option<Vec<i64>>>;

fn set_of(v: &[usize]) -> Set {
    v.iter().fold(0, |m, &i| m | (1 << i))
}

struct Reference<'a> {
    p: &'a [DutchPlayer],
    round: &'a DutchRound,
    can: Vec<Vec<bool>>,
    top: Vec<bool>,
    bye_ok: Vec<bool>,
    rank: Vec<usize>,
    /// The pairing numbers art. 5.2.5 reads (shared: [`super::colour_numbers`]).
    numbers: Vec<u32>,
    /// `perfect[set]`: the set can be paired off completely (C1–C3).
    perfect: RefCell<HashMap<Set, bool>>,
    /// The following bracket's value per set of downfloaters (C8).
    following: RefCell<FollowingMemo>,
}

/// How a bracket's candidate must leave the rest of the round.
#[derive(Clone, Copy)]
enum Rest {
    /// C4: the downfloaters with everyone below (`Set`) can be paired in some way.
    Round(Set),
    /// The last bracket: nobody left but the PAB.
    Last,
    /// The PPB of art. 3.9: the downfloaters as MDPs with these residents form a CLB that
    /// can be completed.
    Collapsed(Set),
}

impl<'a> Reference<'a> {
    fn new(p: &'a [DutchPlayer], round: &'a DutchRound) -> Result<Reference<'a>, Error> {
        let n = p.len();
        let played = i64::from(round.round) - 1;
        let win = i64::from(round.win.halves());
        let top: Vec<bool> = p
            .iter()
            .map(|x| round.round == round.rounds && 2 * i64::from(x.score.halves()) > played * win)
            .collect();
        let mut can = vec![vec![true; n]; n];
        for a in 0..n {
            for b in 0..n {
                let (pa, sa) = p[a].colours.preference();
                let (pb, sb) = p[b].colours.preference();
                let met = p[a].opponents.contains(&p[b].id) || p[b].opponents.contains(&p[a].id);
                let same_absolute = !top[a]
                    && !top[b]
                    && sa == Strength::Absolute
                    && sb == Strength::Absolute
                    && pa == pb;
                let banned = round
                    .forbidden
                    .iter()
                    .any(|&(x, y)| (x, y) == (p[a].id, p[b].id) || (y, x) == (p[a].id, p[b].id));
                let club = round.clubs_apart && p[a].club.is_some() && p[a].club == p[b].club;
                can[a][b] = a != b && !met && !same_absolute && !banned && !club;
            }
        }
        let mut order: Vec<usize> = (0..n).collect();
        order.sort_by_key(|&i| (std::cmp::Reverse(p[i].score), p[i].id));
        let mut rank = vec![0; n];
        for (k, &i) in order.iter().enumerate() {
            rank[i] = k;
        }
        let mut r = Reference {
            p,
            round,
            can,
            top,
            bye_ok: vec![false; n],
            rank,
            numbers: super::colour_numbers(
                &p.iter().map(|x| x.id.0).collect::<Vec<_>>(),
                round.round,
            ),
            perfect: RefCell::new(HashMap::new()),
            following: RefCell::new(HashMap::new()),
        };
        let all: Set = set_of(&order);
        if n.is_multiple_of(2) {
            if !r.pairs_off(all) {
                return Err(no_pairing(round, "no complete pairing (C1–C3)"));
            }
            return Ok(r);
        }
        // C5: the lowest score of an eligible player who can take the PAB with all the others
        // paired.
        let mut scores: Vec<_> = (0..n)
            .filter(|&i| !p[i].pab_ineligible && r.pairs_off(all & !(1 << i)))
            .map(|i| p[i].score)
            .collect();
        scores.sort();
        let Some(&lowest) = scores.first() else {
            return Err(no_pairing(round, "nobody can take the PAB (C1–C3)"));
        };
        r.bye_ok = (0..n)
            .map(|i| !p[i].pab_ineligible && p[i].score == lowest)
            .collect();
        Ok(r)
    }

    fn score(&self, i: usize) -> i64 {
        i64::from(self.p[i].score.halves())
    }

    /// Whether `set` can be paired off completely (exhaustive, memoised).
    fn pairs_off(&self, set: Set) -> bool {
        if set == 0 {
            return true;
        }
        if let Some(&v) = self.perfect.borrow().get(&set) {
            return v;
        }
        let x = set.trailing_zeros() as usize;
        let rest = set & !(1 << x);
        let v = set.count_ones().is_multiple_of(2)
            && (0..self.p.len()).any(|y| {
                rest & (1 << y) != 0 && self.can[x][y] && self.pairs_off(rest & !(1 << y))
            });
        self.perfect.borrow_mut().insert(set, v);
        v
    }

    /// C4: `set` can be completed (all paired, or all but one who may take the PAB).
    fn completes(&self, set: Set) -> bool {
        if set.count_ones().is_multiple_of(2) {
            return self.pairs_off(set);
        }
        (0..self.p.len())
            .any(|x| set & (1 << x) != 0 && self.bye_ok[x] && self.pairs_off(set & !(1 << x)))
    }

    /// Whether the downfloaters `down`, ending the bracket, leave the round completable.
    fn leaves(&self, down: &[usize], rest: Rest) -> bool {
        match rest {
            Rest::Last => match down {
                [] => true,
                [x] => self.bye_ok[*x],
                _ => false,
            },
            Rest::Round(below) => self.completes(set_of(down) | below),
            Rest::Collapsed(residents) => {
                let mut mdps = down.to_vec();
                mdps.sort_by_key(|&i| self.rank[i]);
                let mut found = false;
                self.candidates(&mdps, &self.members(residents), &mut |_, d| {
                    found |= self.leaves(d, Rest::Last);
                });
                found
            }
        }
    }

    /// The players of `set` in art. 1.2 order.
    fn members(&self, set: Set) -> Vec<usize> {
        let mut v: Vec<usize> = (0..self.p.len()).filter(|&i| set & (1 << i) != 0).collect();
        v.sort_by_key(|&i| self.rank[i]);
        v
    }

    /// The best candidate of a bracket, the earliest generated among equals; `None` if no
    /// candidate leaves the rest of the round as `rest` requires.
    fn best(
        &self,
        mdps: &[usize],
        residents: &[usize],
        rest: Rest,
        next: Option<(&[usize], Set)>,
    ) -> Option<Chosen> {
        let low = residents.iter().map(|&i| self.score(i)).min().unwrap_or(0);
        let mut best: Option<(Vec<i64>, Chosen)> = None;
        self.candidates(mdps, residents, &mut |pairs, down| {
            if !self.leaves(down, rest) {
                return;
            }
            let q = self.quality(pairs, down, low, next);
            if best.as_ref().is_none_or(|b| q < b.0) {
                best = Some((q, (pairs.to_vec(), down.to_vec())));
            }
        });
        best.map(|(_, (pairs, mut down))| {
            down.sort_by_key(|&i| self.rank[i]);
            (pairs, down)
        })
    }

    fn pair(&self) -> Result<SwissPairing, Error> {
        let n = self.p.len();
        let mut order: Vec<usize> = (0..n).collect();
        order.sort_by_key(|&i| self.rank[i]);
        let mut groups: Vec<Vec<usize>> = Vec::new();
        for &i in &order {
            match groups.last_mut() {
                Some(g) if self.p[g[0]].score == self.p[i].score => g.push(i),
                _ => groups.push(vec![i]),
            }
        }
        // Each bracket's MDPs and chosen pairs, so that art. 3.9 can go back.
        let mut mdps_at: Vec<Vec<usize>> = vec![Vec::new()];
        let mut pairs_at: Vec<Vec<(usize, usize)>> = Vec::new();
        for g in 0..groups.len() {
            let below: Set = set_of(&groups[g + 1..].concat());
            let rest = if below == 0 {
                Rest::Last
            } else {
                Rest::Round(below)
            };
            let next = groups
                .get(g + 1)
                .map(|nx| (nx.as_slice(), set_of(&groups[g + 2..].concat())));
            match self.best(&mdps_at[g], &groups[g], rest, next) {
                Some((pairs, down)) => {
                    pairs_at.push(pairs);
                    mdps_at.push(down);
                }
                None => return self.collapse(&groups, &mdps_at, pairs_at),
            }
        }
        let bye = mdps_at.last().and_then(|d| d.first().copied());
        Ok(self.finish(pairs_at.concat(), bye))
    }

    /// Art. 3.9: the last bracket cannot be completed. The PPB (from the bracket above the
    /// last, moving up) is re-paired so that its downfloaters and every player below, as one
    /// collapsed last bracket, can be paired; then the CLB is paired.
    fn collapse(
        &self,
        groups: &[Vec<usize>],
        mdps_at: &[Vec<usize>],
        pairs_at: Vec<Vec<(usize, usize)>>,
    ) -> Result<SwissPairing, Error> {
        for ppb in (0..groups.len().saturating_sub(1)).rev() {
            let clb: Vec<usize> = groups[ppb + 1..].concat();
            let Some((pairs, down)) = self.best(
                &mdps_at[ppb],
                &groups[ppb],
                Rest::Collapsed(set_of(&clb)),
                None,
            ) else {
                continue;
            };
            let mut clb_sorted = clb;
            clb_sorted.sort_by_key(|&i| self.rank[i]);
            let Some((last_pairs, bye)) = self.best(&down, &clb_sorted, Rest::Last, None) else {
                continue;
            };
            let mut all: Vec<(usize, usize)> = pairs_at[..ppb].concat();
            all.extend(pairs);
            all.extend(last_pairs);
            return Ok(self.finish(all, bye.first().copied()));
        }
        Err(no_pairing(
            self.round,
            "no collapsed last bracket can be paired (art. 3.9)",
        ))
    }

    fn finish(&self, pairs: Vec<(usize, usize)>, bye: Option<usize>) -> SwissPairing {
        let p = self.p;
        let score = |i: usize| p[i].score;
        let mut boards: Vec<(usize, usize)> = pairs
            .into_iter()
            .map(|(a, b)| match self.colours_of(a, b) {
                (hi, lo, true) => (hi, lo),
                (hi, lo, false) => (lo, hi),
            })
            .collect();
        boards.sort_by_key(|&(a, b)| {
            (
                std::cmp::Reverse(score(a).max(score(b))),
                std::cmp::Reverse(score(a) + score(b)),
                self.rank[a].min(self.rank[b]),
            )
        });
        SwissPairing::from_indices(&boards, bye, Vec::new(), |i| p[i].id)
    }
}

/// Art. 3.9 from a given state (a test's): `groups` of indices, each bracket's MDPs
/// (`mdps_at[g]`) and the pairs of the brackets above (`pairs_at`).
#[cfg(test)]
pub(super) fn collapse_from(
    players: &[DutchPlayer],
    round: &DutchRound,
    groups: &[Vec<usize>],
    mdps_at: &[Vec<usize>],
    pairs_at: Vec<Vec<(usize, usize)>>,
) -> Result<SwissPairing, Error> {
    Reference::new(players, round)?.collapse(groups, mdps_at, pairs_at)
}

fn no_pairing(round: &DutchRound, reason: &str) -> Error {
    Error::NoPairing {
        round: round.round,
        reason: format!("reference pairer: {reason}"),
    }
}
