//! Failures of the server itself: not the request's fault, not the database's.
//!
//! Each has its own kind, so the log and the code say what went wrong. The API answers them
//! as it answers a failed database (`503`, `"error": "storage"`, "nothing was changed"): a
//! client can only try again in either case, a stranger is told no more about the server's
//! insides, and the answers stay those clients already read.

use std::fmt;

/// A failure of the server itself. Every kind answers exactly what a failed database
/// answers: the same status, code and messages, and no detail of the fault.
///
/// ```
/// use xiangqi_server::{ApiError, fault::Fault};
/// let f = Fault::Replay("game abcdefghjk has no events".into());
/// assert_eq!(f.to_string(), "stored events do not make the game: game abcdefghjk has no events");
/// let storage = ApiError::Storage("the disk is full".into());
/// for fault in [
///     Fault::Random("no entropy".into()),
///     Fault::Replay("game x has no events".into()),
///     Fault::Encoding("a record".into()),
///     Fault::Inconsistent("no links".into()),
/// ] {
///     let detail = fault.to_string();
///     let e = ApiError::from(fault);
///     assert_eq!(e.status(), storage.status());
///     assert_eq!(e.body(), storage.body());
///     assert_eq!(e.to_string(), storage.to_string());
///     assert!(!e.body().to_string().contains(&detail));
/// }
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Fault {
    /// The operating system's random source failed (new ids and tokens).
    Random(String),
    /// Stored events that do not make the game (a damaged or foreign database).
    Replay(String),
    /// A game's view or record could not be written out.
    Encoding(String),
    /// Something the server made itself lacks what it must have (a created game's links).
    Inconsistent(String),
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fault::Random(e) => write!(f, "random source: {e}"),
            Fault::Replay(e) => write!(f, "stored events do not make the game: {e}"),
            Fault::Encoding(e) => write!(f, "encoding: {e}"),
            Fault::Inconsistent(e) => write!(f, "inconsistent: {e}"),
        }
    }
}

impl std::error::Error for Fault {}

impl From<getrandom::Error> for Fault {
    fn from(e: getrandom::Error) -> Fault {
        Fault::Random(e.to_string())
    }
}
