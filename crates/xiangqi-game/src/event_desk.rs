//! The arbiter's events among a game's events: which they are (the arbiter's log shows
//! them) and the official named on each (1960 §18; the referee crate's `Signer`).

use super::event::{Event, Sanction};
use xiangqi_referee::Signer;

impl Event {
    /// Whether this is the arbiter's (shown in every client's arbiter log).
    pub fn is_arbiters(&self) -> bool {
        matches!(
            self,
            Event::Foul { .. }
                | Event::MoveLimitDeclared { .. }
                | Event::MoveLimitExpired { .. }
                | Event::ArbiterPaused { .. }
                | Event::ArbiterResumed { .. }
                | Event::TimeAdjusted { .. }
                | Event::AdjournmentOrdered { .. }
                | Event::TakenBack { .. }
                | Event::ClaimRefused { .. }
                | Event::LimitRequested { .. }
                | Event::LimitJudged { .. }
                | Event::MoveLimitLifted { .. }
                | Event::Touched { .. }
                | Event::Untouched { .. }
                | Event::Corrected { .. }
                | Event::Warned { .. }
                | Event::SealCorrected { .. }
        )
    }

    /// The official named on the event, if any.
    ///
    /// ```
    /// use xiangqi_game::{ArbiterRole, Event, Sanction, Signer};
    /// let by = Signer { role: ArbiterRole::Board, name: "李".into() };
    /// let sanction = Sanction { note: String::new(), count: 1, ply: 0, by: None };
    /// let mut e = Event::Warned { side: xiangqi::Color::Red, sanction };
    /// assert_eq!(e.signer(), None);
    /// e.sign(&by);
    /// assert_eq!(e.signer(), Some(by));
    /// ```
    pub fn signer(&self) -> Option<Signer> {
        self.clone().slot().and_then(Option::take)
    }

    /// Names the official who took the action, on every event that records one.
    ///
    /// ```
    /// use xiangqi_game::{ArbiterRole, Event, Signer};
    /// let mut e = Event::ArbiterPaused { at_ms: 5, by: None };
    /// e.sign(&Signer { role: ArbiterRole::Chief, name: "王".into() });
    /// assert_eq!(e.public()["by"]["role"], "chief");
    /// ```
    pub fn sign(&mut self, who: &Signer) {
        if let Some(slot) = self.slot() {
            *slot = Some(who.clone());
        }
    }

    /// Where the event keeps the official's name, if it has a place for one.
    fn slot(&mut self) -> Option<&mut Option<Signer>> {
        Some(match self {
            Event::Foul {
                sanction: Sanction { by, .. },
                ..
            }
            | Event::Warned {
                sanction: Sanction { by, .. },
                ..
            } => by,
            Event::MoveLimitDeclared { by, .. }
            | Event::ArbiterPaused { by, .. }
            | Event::ArbiterResumed { by, .. }
            | Event::TimeAdjusted { by, .. }
            | Event::AdjournmentOrdered { by, .. }
            | Event::TakenBack { by, .. }
            | Event::LimitRequested { by, .. }
            | Event::LimitJudged { by, .. }
            | Event::MoveLimitLifted { by, .. }
            | Event::Touched { by, .. }
            | Event::Untouched { by, .. }
            | Event::Corrected { by, .. }
            | Event::SealCorrected { by, .. } => by,
            Event::Ended { ruling, .. } => &mut ruling.by,
            _ => return None,
        })
    }
}
