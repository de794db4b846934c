//! The referee's ruling on the natural move limit (自然限着): current text 4.2.4 and the AXF
//! natural limit (the claimant's checks counted up to a bound); each rule set's limit is
//! [`RuleSet::natural_limit`](crate::RuleSet::natural_limit), the 1960 rules having none.

use xiangqi::Color;

use super::Referee;
use crate::articles::{self, side_en, side_zh};
use crate::{GameResult, NaturalLimit, Reason, Ruling};

impl Referee {
    /// The natural move limit, if either side may now claim it.
    #[inline]
    pub(super) fn natural_limit(&self, ply: u32) -> Option<Ruling> {
        let limit = self.limit?;
        if self.plies_since_capture < limit.plies() {
            return None;
        }
        self.natural_limit_reached(ply, limit)
    }

    /// The natural limit's ruling, once the capture-free plies have reached it.
    #[cold]
    fn natural_limit_reached(&self, ply: u32, limit: NaturalLimit) -> Option<Ruling> {
        let plies = self.plies_since_capture;
        let claimant = Color::ALL
            .into_iter()
            .find(|c| limit.reached(plies, self.checks[c.index()]))?;
        let checks_note = match limit.counted_checks {
            Some(k) => (
                format!(
                    " ({} gave {} checks, of which at most {k} count)",
                    side_en(claimant),
                    self.checks[claimant.index()]
                ),
                format!(
                    "（{}将军{}次，最多计{k}次）",
                    side_zh(claimant),
                    self.checks[claimant.index()]
                ),
            ),
            None => (String::new(), String::new()),
        };
        Some(Ruling::new(
            GameResult::Draw,
            Some(Reason::NaturalLimit),
            ply,
            None,
            articles::natural_limit(self.options.rules).to_owned(),
            (
                format!(
                    "{plies} plies without a capture{}: the natural limit of {} moves by each side is reached; draw.",
                    checks_note.0, limit.moves
                ),
                format!(
                    "连续{plies}着双方都没有吃子{}，已满{}个回合的自然限着，判和。",
                    checks_note.1, limit.moves
                ),
            ),
        ))
    }
}
