//! What the referee tells the players after a repetition ruling under the book's procedure:
//! an [`Order`] to vary, a [`Claimable`] draw, and the answer to a claim ([`Claimant`],
//! [`ClaimError`]).

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use xiangqi::{Color, Move};

use crate::Reason;

use crate::cycle::CycleReport;

/// An order to vary (「…变着，不变作负」): the side whose cycle the rules forbid must leave it;
/// the game goes on, and is lost by that side if its next move continues the cycle (current
/// text 4.1.7 「走棋违反禁例，应变着而不变」). See the crate README, "The book's procedure".
///
/// Serialized as `{"side", "to": "vary", "reason", "ply", "forbidden", "rule", "explanation",
/// "explanation_zh", "cycle"}`:
///
/// ```
/// use xiangqi::Position;
/// use xiangqi_referee::{judge, GameResult, Options};
/// // 1960 rules 图四: Red's rook checks back and forth; the third occurrence comes at ply 9.
/// let pos = Position::from_fen("5k3/9/9/9/9/9/9/9/7R1/3K5 w").unwrap();
/// let moves: Vec<_> = "h1h9 f9f8 h9h8 f8f9 h8h9 f9f8 h9h8 f8f9 h8h9"
///     .split(' ')
///     .map(|m| m.parse().unwrap())
///     .collect();
/// let ruling = judge(&pos, &moves, &Options::default());
/// assert_eq!(ruling.result, GameResult::Ongoing);
/// let json = serde_json::to_value(&ruling).unwrap();
/// assert_eq!(json["order"]["side"], "red");
/// assert_eq!(json["order"]["to"], "vary");
/// assert_eq!(json["order"]["reason"], "perpetual_check");
/// assert_eq!(json["order"]["ply"], 9);
/// // If Black answers f9f8 as before, Red may not check on h8 again.
/// assert_eq!(json["order"]["forbidden"], serde_json::json!(["h9h8"]));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Order {
    /// The side that must vary.
    pub side: Color,
    /// Why (the forbidden pattern: [`Reason::PerpetualCheck`], [`Reason::PerpetualChase`], …).
    pub reason: Reason,
    /// The ply at which the order was given (the ruling occurrence).
    pub ply: u32,
    /// The moves that would continue the ruled cycle on the ordered side's next turn: from the
    /// current position when it is that side's move, else from the position the cycle leads
    /// to next. Recomputed after every move while the order stands.
    pub forbidden: Vec<Move>,
    /// The rule: the cycle's article and the article on not varying.
    pub rule: String,
    /// The order in English.
    pub explanation: String,
    /// The order in Chinese.
    pub explanation_zh: String,
    /// The ruled cycle move by move.
    pub cycle: CycleReport,
}

/// A repetition draw that a player may claim (current text 2.5(3), 4.2.3): the cycle is
/// allowed, the game goes on until a player claims or the arbiter declares the draw
/// ([`crate::Referee::claim`]), or the cycle goes round once more without a claim.
///
/// Serialized as `{"result": "draw", "reason": "repetition_draw", "ply", "rule",
/// "explanation", "explanation_zh", "cycle"}`:
///
/// ```
/// use xiangqi::Position;
/// use xiangqi_referee::{judge, GameResult, Options};
/// // Both horses go out and back twice: the start occurs for the third time at ply 8.
/// let moves: Vec<_> = "b0c2 b9c7 c2b0 c7b9 b0c2 b9c7 c2b0 c7b9"
///     .split(' ')
///     .map(|m| m.parse().unwrap())
///     .collect();
/// let ruling = judge(&Position::start(), &moves, &Options::default());
/// assert_eq!(ruling.result, GameResult::Ongoing);
/// let json = serde_json::to_value(&ruling).unwrap();
/// assert_eq!(json["claimable"]["result"], "draw");
/// assert_eq!(json["claimable"]["reason"], "repetition_draw");
/// assert_eq!(json["claimable"]["ply"], 8);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Claimable {
    /// Always [`Reason::RepetitionDraw`].
    pub reason: Reason,
    /// The ply from which the draw may be claimed.
    pub ply: u32,
    /// The rule.
    pub rule: String,
    /// What may be claimed and why, in English.
    pub explanation: String,
    /// The same in Chinese.
    pub explanation_zh: String,
    /// The ruled cycle move by move.
    pub cycle: CycleReport,
}

/// Who claims a repetition draw: a player, or the arbiter declaring it (2.5(3)
/// 「裁判员有权…判和」). Serialized `"red"`, `"black"` or `"arbiter"`.
///
/// ```
/// use xiangqi::Color;
/// use xiangqi_referee::Claimant;
/// assert_eq!(Claimant::Player(Color::Black).name(), "black");
/// assert_eq!(serde_json::to_string(&Claimant::Arbiter).unwrap(), "\"arbiter\"");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Claimant {
    /// One of the players.
    Player(Color),
    /// The arbiter.
    Arbiter,
}

impl Claimant {
    /// `"red"`, `"black"` or `"arbiter"`.
    pub const fn name(self) -> &'static str {
        match self {
            Claimant::Player(Color::Red) => "red",
            Claimant::Player(Color::Black) => "black",
            Claimant::Arbiter => "arbiter",
        }
    }
}

impl Serialize for Claimant {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for Claimant {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Claimant, D::Error> {
        match String::deserialize(d)?.as_str() {
            "red" => Ok(Claimant::Player(Color::Red)),
            "black" => Ok(Claimant::Player(Color::Black)),
            "arbiter" => Ok(Claimant::Arbiter),
            other => Err(serde::de::Error::custom(format!(
                "unknown claimant {other:?}: expected red, black or arbiter"
            ))),
        }
    }
}

/// Why a claim of a repetition draw was refused. A false claim is the arbiter's to record as a
/// foul (compare the technical foul of a false natural-limit claim, 「一方提出“自然限著”经裁判审查后不属实」,
/// in the seeds' current text); the referee only says why.
///
/// ```
/// use xiangqi_referee::ClaimError;
/// assert_eq!(ClaimError::NoRepetition.code(), "no_repetition");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClaimError {
    /// No allowed cycle has reached the ruling occurrence, or the game has left it.
    NoRepetition,
    /// The cycle on the board is forbidden to one side: that side is ordered to vary.
    Forbidden {
        /// The side ordered to vary.
        side: Color,
        /// The forbidden pattern.
        reason: Reason,
    },
    /// The game is over.
    GameOver,
}

impl ClaimError {
    /// A stable code for APIs: `no_repetition`, `repetition_forbidden`, `game_over`.
    pub const fn code(self) -> &'static str {
        match self {
            ClaimError::NoRepetition => "no_repetition",
            ClaimError::Forbidden { .. } => "repetition_forbidden",
            ClaimError::GameOver => "game_over",
        }
    }

    /// The reason in Chinese.
    ///
    /// ```
    /// use xiangqi_referee::ClaimError;
    /// assert!(ClaimError::GameOver.chinese().contains("结束"));
    /// ```
    pub fn chinese(self) -> String {
        match self {
            ClaimError::NoRepetition => {
                "提和不成立：没有符合“不变作和”规定的循环反复局面（须循环反复三次）".to_owned()
            }
            ClaimError::Forbidden { side, reason } => format!(
                "提和不成立：此循环{}为禁止着法（{}），{}必须变着",
                crate::articles::side_zh(side),
                reason_zh(reason),
                crate::articles::side_zh(side)
            ),
            ClaimError::GameOver => "提和不成立：对局已经结束".to_owned(),
        }
    }
}

impl fmt::Display for ClaimError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ClaimError::NoRepetition => f.write_str(
                "no draw to claim: no cycle the rules allow has repeated (it must occur three times)",
            ),
            ClaimError::Forbidden { side, reason } => write!(
                f,
                "no draw to claim: the cycle is forbidden to {} ({reason}), who must vary",
                crate::articles::side_en(*side)
            ),
            ClaimError::GameOver => f.write_str("no draw to claim: the game is over"),
        }
    }
}

impl std::error::Error for ClaimError {}

/// The book's names of the forbidden patterns.
pub(crate) fn reason_zh(reason: Reason) -> &'static str {
    match reason {
        Reason::PerpetualCheck => "长将",
        Reason::PerpetualChase => "长捉",
        Reason::PerpetualMateThreat => "长杀",
        Reason::CheckAndChase => "一将一捉",
        _ => "循环反复",
    }
}

#[derive(Serialize, Deserialize)]
pub(crate) struct OrderJson {
    side: Color,
    to: Vary,
    reason: Reason,
    ply: u32,
    forbidden: Vec<String>,
    rule: String,
    explanation: String,
    #[serde(default)]
    explanation_zh: String,
    cycle: CycleReport,
}

/// The only thing an order asks: `"vary"`.
#[derive(Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
enum Vary {
    Vary,
}

impl Serialize for Order {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        OrderJson {
            side: self.side,
            to: Vary::Vary,
            reason: self.reason,
            ply: self.ply,
            forbidden: self.forbidden.iter().map(|m| m.to_string()).collect(),
            rule: self.rule.clone(),
            explanation: self.explanation.clone(),
            explanation_zh: self.explanation_zh.clone(),
            cycle: self.cycle.clone(),
        }
        .serialize(s)
    }
}

impl<'de> Deserialize<'de> for Order {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Order, D::Error> {
        let j = OrderJson::deserialize(d)?;
        let forbidden = j
            .forbidden
            .iter()
            .map(|m| {
                m.parse::<Move>()
                    .map_err(|e| serde::de::Error::custom(format!("forbidden move {m:?}: {e}")))
            })
            .collect::<Result<_, _>>()?;
        Ok(Order {
            side: j.side,
            reason: j.reason,
            ply: j.ply,
            forbidden,
            rule: j.rule,
            explanation: j.explanation,
            explanation_zh: j.explanation_zh,
            cycle: j.cycle,
        })
    }
}

#[derive(Serialize, Deserialize)]
struct ClaimableJson {
    result: crate::GameResult,
    reason: Reason,
    ply: u32,
    rule: String,
    explanation: String,
    #[serde(default)]
    explanation_zh: String,
    cycle: CycleReport,
}

impl Serialize for Claimable {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        ClaimableJson {
            result: crate::GameResult::Draw,
            reason: self.reason,
            ply: self.ply,
            rule: self.rule.clone(),
            explanation: self.explanation.clone(),
            explanation_zh: self.explanation_zh.clone(),
            cycle: self.cycle.clone(),
        }
        .serialize(s)
    }
}

impl<'de> Deserialize<'de> for Claimable {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Claimable, D::Error> {
        let j = ClaimableJson::deserialize(d)?;
        Ok(Claimable {
            reason: j.reason,
            ply: j.ply,
            rule: j.rule,
            explanation: j.explanation,
            explanation_zh: j.explanation_zh,
            cycle: j.cycle,
        })
    }
}
