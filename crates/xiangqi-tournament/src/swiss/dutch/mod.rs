//! The FIDE (Dutch) system: FIDE Handbook C.04.3 effective 1 February 2026 (approved by the
//! FIDE Council 28/10/2025), with the general handling rules of C.04.1 and C.04.2.
//!
//! The round is paired bracket by bracket from the top score down (art. 1.3, 3). In each
//! bracket the candidates are generated in the order of articles 3 and 4 — S1 against S2,
//! then transpositions of S2 in lexicographic order of their BSNs (4.2), then exchanges
//! between S1 and S2 (4.3: fewest players exchanged, smallest difference of the exchanged
//! BSN sums, the highest BSN leaving S1, the lowest entering it), and for heterogeneous
//! brackets the remainder first, then the MDP pairing, then the choice of MDPs (4.4). Each
//! candidate is judged by the criteria in their order:
//!
//! * absolute: C1 no rematch, C2 no second PAB (nor a PAB after a win's worth of points
//!   scored without playing), C3 non-topscorers with the same absolute colour preference do
//!   not meet; same-club avoidance and TRF `260` forbidden pairs are added as absolute;
//! * C4 completion: the players left below must still be pairable (a maximum matching
//!   decides, [`crate::matching`]);
//! * C8: the following bracket (and only it) is paired by the same search, judged by its own
//!   C6 and then its PSD (the module `next`), among its pairings that keep the round complete
//!   (C4): a count of its pairs under C1–C3 alone took the wrong downfloaters in bbpPairings'
//!   `issue_7` round 15;
//! * C5 the PAB assignee's score as low as possible (fixed before pairing, as a constraint on
//!   who may end unpaired);
//! * quality C6–C21 (see the `quality` module), and between equal candidates the earlier one (3.8).
//!
//! The first candidate that reaches every criterion's lower bound is "perfect" and taken at
//! once (3.4). Otherwise the search goes on, with the colour criterion C12 bounded so that
//! whole subtrees are skipped, up to a work budget per bracket. A bracket whose search
//! reaches it, or went through remainders without generating all their exchanges (4.3, the
//! module `candidates`), is paired by maximum-weight matching instead (the module `exact`),
//! which is exact without a budget; a look at the following bracket (C8) cut so is valued by
//! one matching of the rest of the round (the module `whole`). Only where the matching does
//! not apply (mixed residents, the CLB, more than 1,000 sets of two or more floaters) is the
//! best candidate seen taken, and the pairing's notes say so.

mod bracket;
mod candidates;
mod colour;
mod criteria;
mod deciding;
mod exact;
mod field;
pub mod method;
mod next;
mod player;
mod quality;
pub mod reference;
#[cfg(test)]
mod tests;
mod whole;

pub use colour::{Claim, Colours, Strength, colour_numbers, hi_gets_white};
pub use deciding::{CRITERIA, deciding_criterion};
pub use player::{DutchPlayer, DutchRound, Float};

use field::{Completion, Field};

use crate::Error;
use crate::swiss::SwissPairing;

/// The largest field paired (the pairing keeps an n × n table of who may meet whom).
pub const MAX_PLAYERS: usize = 9999;

/// Pairs one round by the Dutch system.
///
/// ```
/// use xiangqi_tournament::{PlayerId, Points, Mover, swiss::dutch::*};
/// let players: Vec<DutchPlayer> = (1..=4).map(|i| DutchPlayer {
///     id: PlayerId(i), score: Points::ZERO, colours: Colours::default(), floats: vec![],
///     opponents: vec![], pab_ineligible: false, unplayed: 0, club: None,
/// }).collect();
/// let r = DutchRound { round: 1, rounds: 3, win: Points::whole(1), initial_colour: Mover::First,
///     forbidden: vec![], clubs_apart: false };
/// let p = pair(&players, &r).unwrap();
/// // S1 = {1, 2} against S2 = {3, 4}; 1 (odd) white, 4 white against 2 (even).
/// assert_eq!(p.boards, vec![(PlayerId(1), PlayerId(3)), (PlayerId(4), PlayerId(2))]);
/// ```
pub fn pair(players: &[DutchPlayer], round: &DutchRound) -> Result<SwissPairing, Error> {
    if players.len() > MAX_PLAYERS {
        return Err(Error::Settings(format!(
            "the Dutch system pairs at most {MAX_PLAYERS} players (TRF's four-digit ids), not {}",
            players.len()
        )));
    }
    let field = Field::new(players, round)?;
    field.pair()
}

impl<'a> Field<'a> {
    fn pair(&self) -> Result<SwissPairing, Error> {
        let mut groups: Vec<Vec<usize>> = Vec::new();
        for &i in &self.order {
            match groups.last_mut() {
                Some(g) if self.players[g[0]].score == self.players[i].score => g.push(i),
                _ => groups.push(vec![i]),
            }
        }
        let mut notes = Vec::new();
        // Each bracket's MDPs and pairs, for art. 3.9 to go back to.
        let mut mdps_at: Vec<Vec<usize>> = vec![Vec::new()];
        let mut pairs_at: Vec<Vec<(usize, usize)>> = Vec::new();
        for g in 0..groups.len() {
            let lower: Vec<usize> = groups[g + 1..].concat();
            let next = groups.get(g + 1).map(Vec::as_slice);
            let done = bracket::Bracket::new(self, &mdps_at[g], &groups[g], &lower, next).pair();
            self.note(&mut notes, &groups[g], &done);
            if done.failed && g + 1 == groups.len() {
                let collapsed = match g {
                    0 => None,
                    _ => self.collapse(&groups, &mdps_at, &pairs_at, &mut notes).ok(),
                };
                if let Some((pairs, bye)) = collapsed {
                    return Ok(self.finish(pairs, bye, notes));
                }
                // The candidates of articles 3–4 this search generates (exchanges of at most
                // two players each way) found nothing: the last bracket is closed by a
                // maximum matching, and the round says so.
                let all: Vec<usize> = mdps_at[g].iter().chain(&groups[g]).copied().collect();
                if let Some((pairs, bye)) = self.complete(&all) {
                    notes.push(
                        "the last bracket was closed by a maximum matching: no candidate of the \
                         search completed it"
                            .into(),
                    );
                    let mut every = pairs_at.concat();
                    every.extend(pairs);
                    return Ok(self.finish(every, bye, notes));
                }
            }
            pairs_at.push(done.pairs);
            mdps_at.push(done.downfloaters);
        }
        let pairs = pairs_at.concat();
        let mdps = mdps_at.pop().unwrap_or_default();
        if mdps.len() > 1 {
            return Err(Error::NoPairing {
                round: self.round.round,
                reason: format!("{} players left unpaired", mdps.len()),
            });
        }
        Ok(self.finish(pairs, mdps.first().copied(), notes))
    }

    fn note(&self, notes: &mut Vec<String>, group: &[usize], done: &bracket::Done) {
        let score = self.players[group[0]].score;
        if done.budget_exhausted {
            notes.push(format!(
                "bracket of score {score}: search budget reached; the best candidate found was \
                 taken"
            ));
        }
        if done.unproven {
            notes.push(format!(
                "bracket of score {score}: exchanges of more than two players (art. 4.3) not \
                 searched and no matching applies; the best candidate generated was taken"
            ));
        }
        if done.probe_cut {
            notes.push(format!(
                "bracket of score {score}: a look at the following bracket (C8) reached its \
                 search budget"
            ));
        }
    }

    /// Art. 3.9 (C.04.3, 2026; A.9 of the 2017 text): the last bracket cannot be completed.
    /// The bracket above it becomes the penultimate pairing bracket (PPB) and is re-paired
    /// so that its downfloaters and all the players below — the collapsed last bracket (CLB),
    /// in which every one of them is a resident whatever his score — can be paired (C4); C8
    /// does not apply to the PPB. If no re-pairing of it allows that, the PPB moves one bracket
    /// up and the CLB grows.
    fn collapse(
        &self,
        groups: &[Vec<usize>],
        mdps_at: &[Vec<usize>],
        pairs_at: &[Vec<(usize, usize)>],
        notes: &mut Vec<String>,
    ) -> Result<Completion, Error> {
        for ppb in (0..groups.len() - 1).rev() {
            let clb: Vec<usize> = groups[ppb + 1..].concat();
            let done = bracket::Bracket::new(self, &mdps_at[ppb], &groups[ppb], &clb, None)
                .penultimate(&clb)
                .pair();
            self.note(notes, &groups[ppb], &done);
            if done.failed {
                continue;
            }
            let last = bracket::Bracket::new(self, &done.downfloaters, &clb, &[], None).pair();
            self.note(notes, &clb, &last);
            if last.failed || last.downfloaters.len() > 1 {
                continue;
            }
            notes.push(format!(
                "art. 3.9: the bracket of score {} re-paired as the penultimate bracket; the \
                 {} players below it paired as the collapsed last bracket",
                self.players[groups[ppb][0]].score,
                clb.len()
            ));
            let mut pairs: Vec<(usize, usize)> = pairs_at[..ppb].concat();
            pairs.extend(done.pairs);
            pairs.extend(last.pairs);
            return Ok((pairs, last.downfloaters.first().copied()));
        }
        Err(Error::NoPairing {
            round: self.round.round,
            reason: "no collapsed last bracket can be paired (art. 3.9)".into(),
        })
    }

    /// Colours by art. 5 and boards by the higher score, then the sum of scores, then the
    /// higher-ranked player (the order FIDE's endorsement checklist asks for).
    fn finish(
        &self,
        pairs: Vec<(usize, usize)>,
        bye: Option<usize>,
        notes: Vec<String>,
    ) -> SwissPairing {
        let rank = &self.rank;
        let mut boards: Vec<(usize, usize)> = pairs
            .into_iter()
            .map(|(a, b)| {
                let (hi, lo) = if rank[a] < rank[b] { (a, b) } else { (b, a) };
                if self.hi_white(hi, lo) {
                    (hi, lo)
                } else {
                    (lo, hi)
                }
            })
            .collect();
        let score = |i: usize| self.players[i].score;
        boards.sort_by_key(|&(a, b)| {
            (
                std::cmp::Reverse(score(a).max(score(b))),
                std::cmp::Reverse(score(a) + score(b)),
                rank[a].min(rank[b]),
            )
        });
        SwissPairing::from_indices(&boards, bye, notes, |i| self.players[i].id)
    }
}
