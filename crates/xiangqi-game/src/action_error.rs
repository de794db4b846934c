//! What a stranger's arbiter action may not carry: numbers out of the range the books and the
//! desk allow, a note too long to keep, an asker where the ground has none (the desk itself is
//! in `desk.rs`).

use std::fmt;

/// Which bound of an [`crate::ArbiterAction`] a request broke, and the field it broke it in.
///
/// ```
/// use xiangqi_game::{ActionError, ArbiterAction};
/// let e = ArbiterAction::MoveLimit { rounds: 0 }.validate().unwrap_err();
/// assert_eq!(e, ActionError::Rounds(0));
/// assert_eq!((e.field(), e.to_string().as_str()), ("rounds", "rounds 0: expected 1 to 500"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ActionError {
    /// A move limit of this many rounds: 1 to 500.
    Rounds(u32),
    /// A time correction of this many ms: not zero, at most a day either way.
    TimeAmount(i64),
    /// A limit request names the asking side on a ground no player asks on, or names none on
    /// one a player does.
    Asker,
    /// A touch of no square, or of more than 32.
    TouchSquares,
    /// A note of more than 500 characters.
    NoteTooLong,
}

impl ActionError {
    /// The request's field at fault (`rounds`, `ms`, `side`, `squares`, `note`).
    pub fn field(&self) -> &'static str {
        match self {
            ActionError::Rounds(_) => "rounds",
            ActionError::TimeAmount(_) => "ms",
            ActionError::Asker => "side",
            ActionError::TouchSquares => "squares",
            ActionError::NoteTooLong => "note",
        }
    }
}

impl fmt::Display for ActionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ActionError::Rounds(rounds) => write!(f, "rounds {rounds}: expected 1 to 500"),
            ActionError::TimeAmount(ms) => {
                write!(f, "ms {ms}: expected a non-zero amount of at most a day")
            }
            ActionError::Asker => {
                f.write_str("side: the player who asked, on grounds undecided and dominant only")
            }
            ActionError::TouchSquares => f.write_str("squares: 1 to 32 squares"),
            ActionError::NoteTooLong => f.write_str("note: at most 500 characters"),
        }
    }
}

impl std::error::Error for ActionError {}
