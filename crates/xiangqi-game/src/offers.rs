//! Offers and answers: draws (1960 §5 二; current rules 4.2.2, 2.8(1)) and the adjournment
//! procedure (封棋, 1960 §11 四).

use crate::endings;
use xiangqi::Color;

use super::{Adjournment, Answer, Decision, DrawOffers, Event, FoulKind, Game, Refusal};

impl Game {
    pub(super) fn decide_draw(&self, actor: Color, answer: Answer, now: u64) -> Decision {
        let offered_by_other = self.draw_offer == Some(actor.other());
        let agreed = Event::Ended {
            ruling: endings::agreement(self.ply()),
            at_ms: now,
        };
        match answer {
            Answer::Offer | Answer::Accept if offered_by_other => Decision::take(vec![agreed]),
            Answer::Offer if self.draw_offer == Some(actor) => Decision::take(Vec::new()),
            Answer::Offer
                if self.options.draw_offers == DrawOffers::OwnTurn && actor != self.turn() =>
            {
                Decision::refuse(Refusal::OfferOnOwnTurn)
            }
            Answer::Offer if self.repeats_offer(actor) => Decision {
                events: self.foul_events(actor, FoulKind::RepeatedDrawOffer, String::new(), now),
                refusal: Some(Refusal::RepeatedDrawOffer),
            },
            Answer::Offer => Decision::take(vec![Event::DrawOffered { by: actor }]),
            Answer::Decline if offered_by_other => {
                Decision::take(vec![Event::DrawDeclined { by: actor }])
            }
            Answer::Accept | Answer::Decline => Decision::refuse(Refusal::NothingToAnswer),
        }
    }

    pub(super) fn decide_adjourn(&self, actor: Color, answer: Answer) -> Decision {
        if self.moves.is_empty() {
            return Decision::refuse(Refusal::NotStarted);
        }
        let proposed_by_other = self.adjournment == Adjournment::Proposed(actor.other());
        match (&self.adjournment, answer) {
            (Adjournment::Sealed { .. }, _) => Decision::refuse(Refusal::Adjourned),
            (Adjournment::Agreed, Answer::Offer | Answer::Accept) => Decision::take(Vec::new()),
            (_, Answer::Offer | Answer::Accept) if proposed_by_other => {
                Decision::take(vec![Event::AdjournmentAgreed { by: actor }])
            }
            (Adjournment::Proposed(_), Answer::Offer) => Decision::take(Vec::new()),
            (Adjournment::None, Answer::Offer) => {
                Decision::take(vec![Event::AdjournmentProposed { by: actor }])
            }
            (_, Answer::Decline) if proposed_by_other => {
                Decision::take(vec![Event::AdjournmentDeclined { by: actor }])
            }
            _ => Decision::refuse(Refusal::NothingToAnswer),
        }
    }

    pub(super) fn decide_seal(&self, actor: Color, text: &str, now: u64) -> Decision {
        if self.desk.paused {
            return Decision::refuse(Refusal::Paused);
        }
        if self.adjournment != Adjournment::Agreed || actor != self.turn() {
            return Decision::refuse(Refusal::CannotSeal);
        }
        match self.read_move(text) {
            Ok(m) => Decision::take(vec![Event::Sealed {
                by: actor,
                at_ms: now,
                sealed: m.to_string(),
            }]),
            Err(r) => Decision::refuse(r),
        }
    }

    pub(super) fn decide_resume(&self, actor: Color, now: u64) -> Decision {
        let Adjournment::Sealed { sealed, ready, .. } = &self.adjournment else {
            return Decision::refuse(Refusal::NotAdjourned);
        };
        if ready[actor] {
            return Decision::take(Vec::new());
        }
        if !ready[actor.other()] {
            return Decision::take(vec![Event::ResumeRequested { by: actor }]);
        }
        let mut events = vec![Event::Resumed {
            at_ms: now,
            mv: sealed.to_string(),
        }];
        events.extend(self.board_ending(*sealed, now));
        Decision::take(events)
    }
}
