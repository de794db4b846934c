//! The ruling on a game: who won, why, when, and under which rule — the one ruling of the
//! workspace, whether the referee ruled it on the board or an arbiter off it.

use std::fmt;

use serde::{Deserialize, Serialize};
use xiangqi::Color;

use crate::GameResult;

use crate::cycle::CycleReport;
use crate::{Claimable, Claimant, Ending, Order, Reason, Signer};

/// The ruling on a game: the result, the reason, the ply where the game was decided (or the
/// number of plies played, while it is ongoing), the side at fault, the rule and an
/// explanation in English and in Chinese. The referee rules the endings on the board
/// ([`Ending::Board`]); the arbiter's endings off it (flag, resignation, agreement, fouls,
/// forfeits, adjudication, …) are rulings of the same type, built with [`Ruling::ended`] and
/// signed by the official who ruled them (`by`).
///
/// `ply` counts moves from the start position: the first move is ply 1; a start position that
/// is already lost (mated or stalemated) is ruled at ply 0. `offender` names the side that
/// broke a rule: the author of an illegal move or of a forbidden repetition; it is `None` for
/// checkmate and stalemate, which break no rule, and for draws.
///
/// Serialized, it is exactly the JSON object of the referee's contract in `docs/architecture.md`,
/// with the Chinese explanation as an extra field `explanation_zh`; the fields after it are
/// written only when present. Reading is lenient so that every stored ruling loads: a missing
/// `offender`, `rule` or explanation is empty, and a reason this version does not know is kept
/// as [`Ending::Unknown`].
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
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ruling {
    /// Who won, or draw, or ongoing.
    pub result: GameResult,
    /// Why; `None` while the game is ongoing.
    pub reason: Option<Ending>,
    /// The ply at which the game was decided, or the plies played so far.
    pub ply: u32,
    /// The side that broke a rule (illegal move, forbidden repetition, a foul, a resignation),
    /// if any.
    #[serde(default)]
    pub offender: Option<Color>,
    /// The rule applied: book and article in the chosen rule set.
    #[serde(default)]
    pub rule: String,
    /// What happened, in English: which piece, which move, which plies.
    #[serde(default)]
    pub explanation: String,
    /// The same in Chinese.
    #[serde(default)]
    pub explanation_zh: String,
    /// For a repetition ruling: the cycle move by move (label, targets, article), as the
    /// rule set classifies it; `None` for every other ruling. Serialized as `cycle` only
    /// when present.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cycle: Option<Box<CycleReport>>,
    /// Under [`Procedure::Book`](crate::Procedure::Book), while the game goes on: the order
    /// to vary given at a forbidden cycle. Serialized as `order` only when present. Boxed, as
    /// the cycle and the claimable draw: most rulings have none of them, and a ruling travels
    /// by value (in the event that ends a game, in the server's news).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub order: Option<Box<Order>>,
    /// Under the book's procedure, while the game goes on: the repetition draw a player may
    /// claim. Serialized as `claimable` only when present.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub claimable: Option<Box<Claimable>>,
    /// For a loss by not varying: the ply of the order. Serialized only when present.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ordered_at: Option<u32>,
    /// For a claimed repetition draw: who claimed it. Serialized only when present.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub claimed_by: Option<Claimant>,
    /// For an ending by an arbiter's action: the official who ruled it. Serialized only when
    /// present.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub by: Option<Signer>,
}

impl Ruling {
    /// The ruling on a game that nothing has decided after `ply` plies.
    ///
    /// ```
    /// use xiangqi_referee::{GameResult, Ruling};
    /// let r = Ruling::ongoing(12);
    /// assert_eq!((r.result, r.board_reason(), r.ply), (GameResult::Ongoing, None, 12));
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
            reason: reason.map(Ending::Board),
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
            by: None,
        }
    }

    /// A game ended for `ending`, off the board or on it: `result` at `ply`, the side at fault
    /// (`offender`, also the side that resigned or lost on time), the `rule` applied and the
    /// explanation in English and Chinese. Nobody has signed it yet (`by`).
    ///
    /// ```
    /// use xiangqi::Color;
    /// use xiangqi_referee::{Ending, GameResult, Ruling};
    /// let r = Ruling::ended(
    ///     GameResult::RedWins,
    ///     Ending::Resignation,
    ///     12,
    ///     Some(Color::Black),
    ///     "current rules 4.1.9",
    ///     ("Black resigned.".into(), "黑方认输。".into()),
    /// );
    /// assert_eq!((r.reason_name(), r.board_reason()), ("resignation", None));
    /// let json = serde_json::to_string(&r).unwrap();
    /// assert!(json.starts_with(r#"{"result":"red_wins","reason":"resignation","ply":12,"offender":"black""#));
    /// assert!(!json.contains("\"by\""));
    /// ```
    pub fn ended(
        result: GameResult,
        ending: Ending,
        ply: u32,
        offender: Option<Color>,
        rule: impl Into<String>,
        explanation: (String, String),
    ) -> Ruling {
        let mut ruling = Ruling::new(result, None, ply, offender, rule.into(), explanation);
        ruling.reason = Some(ending);
        ruling
    }

    /// The referee's reason on the board, if the game ended there.
    ///
    /// ```
    /// use xiangqi::Position;
    /// use xiangqi_referee::{judge, Options, Reason};
    /// let pos = Position::from_fen("3k5/9/2R6/9/9/9/9/9/9/4K4 w").unwrap();
    /// let ruling = judge(&pos, &["c7c8".parse().unwrap()], &Options::default());
    /// assert_eq!(ruling.board_reason(), Some(Reason::Stalemate));
    /// ```
    pub fn board_reason(&self) -> Option<Reason> {
        match self.reason {
            Some(Ending::Board(r)) => Some(r),
            _ => None,
        }
    }

    /// The reason's JSON name (`"checkmate"`, `"flag"`, …); empty while nothing has decided
    /// the game.
    ///
    /// ```
    /// use xiangqi_referee::Ruling;
    /// assert_eq!(Ruling::ongoing(3).reason_name(), "");
    /// ```
    pub fn reason_name(&self) -> &str {
        self.reason.as_ref().map_or("", Ending::name)
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
        if let Some(reason) = &self.reason {
            write!(f, " ({reason})")?;
        }
        write!(f, " at ply {}", self.ply)?;
        if !self.rule.is_empty() {
            write!(f, " [{}]", self.rule)?;
        }
        write!(f, ": {}", self.explanation)
    }
}
