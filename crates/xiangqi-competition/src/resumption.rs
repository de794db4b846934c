//! When an adjourned game resumes, as the event keeps it (1960 §18 五); scheduled by
//! [`crate::schedule`].

use serde::{Deserialize, Serialize};

/// When an adjourned game resumes (1960 §18 五).
///
/// ```
/// use xiangqi_competition::resumption::Resumption;
/// let r: Resumption = serde_json::from_str(r#"{"round": 2, "board": 5, "at_unix_ms": 9}"#).unwrap();
/// assert_eq!((r.round, r.board, r.at_unix_ms), (2, 5, 9));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Resumption {
    /// The round.
    pub round: u32,
    /// The board.
    pub board: u32,
    /// When play resumes, Unix ms.
    pub at_unix_ms: u64,
}
