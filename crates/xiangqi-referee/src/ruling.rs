//! The referee's verdict on a game: who won, why, when, and under which rule.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use xiangqi::Color;

use crate::GameResult;

use crate::cycle::CycleReport;
use crate::{Claimable, Claimant, Order, Reason};

/// The referee's ruling on a game: the result, the reason, the ply where the game was decided
/// (or the number of plies played, while it is ongoing), the side at fault, the rule and an
/// explanation in English and in Chinese.
///
/// `ply` counts moves from the start position: the first move is ply 1; a start position that
/// is already lost (mated or stalemated) is ruled at ply 0. `offender` names the side that
/// broke a rule: the author of an illegal move or of a forbidden repetition; it is `None` for
/// checkmate and stalemate, which break no rule, and for draws.
///
/// Serialized, it is exactly the JSON object of the referee's contract in `docs/architecture.md`,
/// with the Chinese explanation as an extra field `explanation_zh`:
///
/// ```
/// use xiangqi::Position;
/// use xiangqi_referee::{judge, Options};
/// let pos = Position::from_fen("3k5/9/2R6/9/9/9/9/9/9/4K4 w").unwrap();
/// let ruling = judge(&pos, &["c7c8".parse().unwrap()], &Options::default());
/// let json = serde_json::to_value(&ruling).unwrap();
/// assert_eq!(json["result"], "red_wins");
/// assert_eq!(json["reason"], "stalemate");
/// assert_eq!(json["ply"], 1);
/// assert_eq!(json["offender"], serde_json::Value::Null);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ruling {
    /// Who won, or draw, or ongoing.
    pub result: GameResult,
    /// Why; `None` while the game is ongoing.
    pub reason: Option<Reason>,
    /// The ply at which the game was decided, or the plies played so far.
    pub ply: u32,
    /// The side that broke a rule (illegal move, forbidden repetition), if any.
    pub offender: Option<Color>,
    /// The rule applied: book and article in the chosen rule set.
    pub rule: String,
    /// What happened, in English: which piece, which move, which plies.
    pub explanation: String,
    /// The same in Chinese.
    pub explanation_zh: String,
    /// For a repetition ruling: the cycle move by move (label, targets, article), as the
    /// rule set classifies it; `None` for every other ruling. Serialized as `cycle` only
    /// when present.
    pub cycle: Option<CycleReport>,
    /// Under [`Procedure::Book`](crate::Procedure::Book), while the game goes on: the order
    /// to vary given at a forbidden cycle. Serialized as `order` only when present.
    pub order: Option<Order>,
    /// Under the book's procedure, while the game goes on: the repetition draw a player may
    /// claim. Serialized as `claimable` only when present.
    pub claimable: Option<Claimable>,
    /// For a loss by not varying: the ply of the order. Serialized only when present.
    pub ordered_at: Option<u32>,
    /// For a claimed repetition draw: who claimed it. Serialized only when present.
    pub claimed_by: Option<Claimant>,
}

impl Ruling {
    /// The ruling on a game that nothing has decided after `ply` plies.
    ///
    /// ```
    /// use xiangqi_referee::{GameResult, Ruling};
    /// let r = Ruling::ongoing(12);
    /// assert_eq!((r.result, r.reason, r.ply), (GameResult::Ongoing, None, 12));
    /// ```
    pub fn ongoing(ply: u32) -> Ruling {
        Ruling::new(
            GameResult::Ongoing,
            None,
            ply,
            None,
            String::new(),
            // No ply or side in the words: the referee updates `ply` in place after every
            // move, without rebuilding the text.
            (
                "Nothing has decided the game yet.".to_owned(),
                "对局尚未结束。".to_owned(),
            ),
        )
    }

    /// A ruling as the referee states it: `result` for `reason` at `ply`, the side at fault
    /// (`offender`), the `rule` applied and the explanation in English and Chinese. Nothing of
    /// the repetition procedure (its cycle, order or claim) is attached: a repetition's ruling
    /// adds its cycle, the pending procedure its order or claim.
    pub(crate) fn new(
        result: GameResult,
        reason: Option<Reason>,
        ply: u32,
        offender: Option<Color>,
        rule: String,
        (explanation, explanation_zh): (String, String),
    ) -> Ruling {
        Ruling {
            result,
            reason,
            ply,
            offender,
            rule,
            explanation,
            explanation_zh,
            cycle: None,
            order: None,
            claimable: None,
            ordered_at: None,
            claimed_by: None,
        }
    }

    /// Whether the game is over.
    pub fn is_decided(&self) -> bool {
        self.result.is_decided()
    }
}

impl fmt::Display for Ruling {
    /// One line: `black_wins (perpetual_check) at ply 12 [rule]: explanation`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.result)?;
        if let Some(reason) = self.reason {
            write!(f, " ({reason})")?;
        }
        write!(f, " at ply {}", self.ply)?;
        if !self.rule.is_empty() {
            write!(f, " [{}]", self.rule)?;
        }
        write!(f, ": {}", self.explanation)
    }
}

/// The JSON shape of the contract, field for field.
#[derive(Serialize, Deserialize)]
struct RulingJson {
    result: GameResult,
    reason: Option<Reason>,
    ply: u32,
    offender: Option<Color>,
    rule: String,
    explanation: String,
    #[serde(default)]
    explanation_zh: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    cycle: Option<CycleReport>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    order: Option<Order>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    claimable: Option<Claimable>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    ordered_at: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    claimed_by: Option<Claimant>,
}

impl Serialize for Ruling {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        RulingJson {
            result: self.result,
            reason: self.reason,
            ply: self.ply,
            offender: self.offender,
            rule: self.rule.clone(),
            explanation: self.explanation.clone(),
            explanation_zh: self.explanation_zh.clone(),
            cycle: self.cycle.clone(),
            order: self.order.clone(),
            claimable: self.claimable.clone(),
            ordered_at: self.ordered_at,
            claimed_by: self.claimed_by,
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Ruling {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Ruling, D::Error> {
        let j = RulingJson::deserialize(deserializer)?;
        Ok(Ruling {
            result: j.result,
            reason: j.reason,
            ply: j.ply,
            offender: j.offender,
            rule: j.rule,
            explanation: j.explanation,
            explanation_zh: j.explanation_zh,
            cycle: j.cycle,
            order: j.order,
            claimable: j.claimable,
            ordered_at: j.ordered_at,
            claimed_by: j.claimed_by,
        })
    }
}
