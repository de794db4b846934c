//! Claims of a repetition draw (current text 2.5(3): 「可由任何一方提议作和，经审查局面属实，即使
//! 另一方不同意，裁判员也有权判为和棋」): a player claims, or the arbiter declares; the referee
//! checks the claim. A false claim is refused with the referee's reason and recorded for the
//! arbiter, who may rule it a foul (as 2.8(2) does for a false natural-limit claim).

use xiangqi::Color;
use xiangqi_referee::Claimant;

use super::{Decision, Event, Game, Refusal};

impl Game {
    pub(super) fn decide_claim(&self, actor: Color, now: u64) -> Decision {
        let by = Claimant::Player(actor);
        match self.arbiter.claim(by) {
            Ok(ruling) => Decision::take(vec![Event::Ended { ruling, at_ms: now }]),
            Err(e) => Decision {
                events: vec![Event::ClaimRefused {
                    by: actor,
                    code: e.code().to_owned(),
                    ply: self.ply(),
                }],
                refusal: Some(Refusal::FalseClaim(e)),
            },
        }
    }

    pub(super) fn decide_arbiter_draw(&self, now: u64) -> Decision {
        match self.arbiter.claim(Claimant::Arbiter) {
            Ok(ruling) => Decision::take(vec![Event::Ended { ruling, at_ms: now }]),
            Err(e) => Decision::refuse(Refusal::FalseClaim(e)),
        }
    }
}
