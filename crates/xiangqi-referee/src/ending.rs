//! Why a game ended: one type for every ending, the referee's on the board and the ones ruled
//! off it (the current rules 4.1.4 time, 4.1.5 late arrival, 4.1.8 fouls, 4.1.9 resignation,
//! 4.1.10 misconduct and refusal, 4.2.2 agreement; 1960 §12 the move limit, §14 adjudication,
//! §18 九 disqualification, §4 一(六) a sealed move wrong and unexplained).

use std::fmt;

use crate::Reason;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Why a game ended, written in JSON as one snake_case name (`"checkmate"`, `"flag"`,
/// `"late_arrival"`…), the same names the API has always written.
///
/// ```
/// use xiangqi_referee::{Ending, ForfeitReason, Reason};
/// assert_eq!(Ending::Board(Reason::Checkmate).name(), "checkmate");
/// assert_eq!(Ending::parse("late_arrival"), Ending::Forfeit(ForfeitReason::LateArrival));
/// assert_eq!(serde_json::to_value(Ending::Flag).unwrap(), "flag");
/// let old: Ending = serde_json::from_value("a_name_from_the_future".into()).unwrap();
/// assert_eq!(old.name(), "a_name_from_the_future");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Ending {
    /// Ruled on the board by the referee: mate, stalemate, a repetition, the natural limit,
    /// no attacking material, an illegal move.
    Board(Reason),
    /// The flag fell (4.1.4).
    Flag,
    /// A player resigned (4.1.9).
    Resignation,
    /// Both agreed a draw (4.2.2).
    Agreement,
    /// Three fouls (4.1.8).
    Fouls,
    /// A declared move limit ran out (1960 §12).
    MoveLimit,
    /// Forfeited by the arbiter: late arrival, misconduct or refusal (4.1.5, 4.1.10).
    Forfeit(ForfeitReason),
    /// Adjudicated by the arbiter (1960 §14).
    Adjudication,
    /// A player disqualified (1960 §18 九, current 8.8).
    Disqualification,
    /// A sealed move wrong and not explained (1960 §4 一(六)).
    SealedMoveError,
    /// A name this version does not know, kept as stored so that an old record is never lost
    /// nor rewritten.
    Unknown(String),
}

impl Ending {
    /// Every ending ruled off the board, in the order of the variants.
    ///
    /// ```
    /// use xiangqi_referee::Ending;
    /// assert!(Ending::OFF_BOARD.iter().all(|e| Ending::parse(e.name()) == *e));
    /// ```
    pub const OFF_BOARD: [Ending; 11] = [
        Ending::Flag,
        Ending::Resignation,
        Ending::Agreement,
        Ending::Fouls,
        Ending::MoveLimit,
        Ending::Forfeit(ForfeitReason::LateArrival),
        Ending::Forfeit(ForfeitReason::Misconduct),
        Ending::Forfeit(ForfeitReason::Refusal),
        Ending::Adjudication,
        Ending::Disqualification,
        Ending::SealedMoveError,
    ];

    /// The JSON name.
    pub fn name(&self) -> &str {
        match self {
            Ending::Board(r) => r.name(),
            Ending::Flag => "flag",
            Ending::Resignation => "resignation",
            Ending::Agreement => "agreement",
            Ending::Fouls => "fouls",
            Ending::MoveLimit => "move_limit",
            Ending::Forfeit(f) => f.name(),
            Ending::Adjudication => "adjudication",
            Ending::Disqualification => "disqualification",
            Ending::SealedMoveError => "sealed_move_error",
            Ending::Unknown(name) => name,
        }
    }

    /// The ending of a name; a name not known is kept as [`Ending::Unknown`].
    pub fn parse(name: &str) -> Ending {
        if let Some(r) = Reason::ALL.into_iter().find(|r| r.name() == name) {
            return Ending::Board(r);
        }
        Ending::OFF_BOARD
            .into_iter()
            .find(|e| e.name() == name)
            .unwrap_or_else(|| Ending::Unknown(name.to_owned()))
    }

    /// Whether the game was won by default, never played out: a late arrival always, and a
    /// forfeit for misconduct or refusal before any move (1960 §13's "+"/"−").
    ///
    /// ```
    /// use xiangqi_referee::{Ending, ForfeitReason};
    /// assert!(Ending::Forfeit(ForfeitReason::LateArrival).is_default_win(30));
    /// assert!(Ending::Forfeit(ForfeitReason::Refusal).is_default_win(0));
    /// assert!(!Ending::Forfeit(ForfeitReason::Refusal).is_default_win(12));
    /// assert!(!Ending::Flag.is_default_win(0));
    /// ```
    pub fn is_default_win(&self, ply: u32) -> bool {
        match self {
            Ending::Forfeit(ForfeitReason::LateArrival) => true,
            Ending::Forfeit(_) => ply == 0,
            _ => false,
        }
    }
}

impl fmt::Display for Ending {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl From<Reason> for Ending {
    fn from(r: Reason) -> Ending {
        Ending::Board(r)
    }
}

impl Serialize for Ending {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for Ending {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Ending, D::Error> {
        let name = String::deserialize(deserializer)?;
        Ok(Ending::parse(&name))
    }
}

/// Why the arbiter forfeits a side.
///
/// ```
/// use xiangqi_referee::ForfeitReason;
/// assert_eq!(serde_json::to_string(&ForfeitReason::LateArrival).unwrap(), r#""late_arrival""#);
/// ```
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[serde(rename_all = "snake_case")]
pub enum ForfeitReason {
    /// 4.1.5 超过了比赛规定的迟到判负时限.
    LateArrival,
    /// 4.1.10 严重违反纪律.
    Misconduct,
    /// 4.1.10 拒绝遵守本规则; 1960 §14 拒绝走以后的各局.
    Refusal,
}

impl ForfeitReason {
    /// The JSON name (`late_arrival`, `misconduct`, `refusal`).
    ///
    /// ```
    /// assert_eq!(xiangqi_referee::ForfeitReason::Refusal.name(), "refusal");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            ForfeitReason::LateArrival => "late_arrival",
            ForfeitReason::Misconduct => "misconduct",
            ForfeitReason::Refusal => "refusal",
        }
    }
}
