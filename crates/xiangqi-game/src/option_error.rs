//! What the text of a game's options may get wrong: a duration, an instant, the odds by name,
//! the side to move first (the options themselves are in `options.rs`). Each says which
//! option, and where in its text.

use std::fmt;
use xiangqi::PositionError;

/// A duration (`15m`, `1h30m`, `500ms`) that does not read; the text as given (trimmed).
///
/// ```
/// use xiangqi_game::options::{DurationError, parse_duration_ms};
/// let e = parse_duration_ms("15").unwrap_err();
/// assert_eq!(e, DurationError::UnitExpected { text: "15".into(), at: 2 });
/// assert_eq!(e.to_string(), r#"duration "15": a unit (h, m, s, ms) expected at byte 2"#);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DurationError {
    /// Empty, or longer than any duration's text (32 bytes).
    Shape {
        /// The text.
        text: String,
    },
    /// No number at byte `at`.
    NumberExpected {
        /// The text.
        text: String,
        /// The byte.
        at: usize,
    },
    /// The number at byte `at` does not fit in 64 bits.
    NumberTooLarge {
        /// The text.
        text: String,
        /// The byte.
        at: usize,
    },
    /// No unit (`h`, `m`, `s`, `ms`) at byte `at`.
    UnitExpected {
        /// The text.
        text: String,
        /// The byte.
        at: usize,
    },
    /// More milliseconds than 64 bits hold.
    TooLong {
        /// The text.
        text: String,
    },
}

impl fmt::Display for DurationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DurationError::Shape { text } => {
                write!(f, "duration {text:?}: expected e.g. 15m, 90s, 1h30m")
            }
            DurationError::NumberExpected { text, at } => {
                write!(f, "duration {text:?}: a number expected at byte {at}")
            }
            DurationError::NumberTooLarge { text, at } => {
                write!(f, "duration {text:?}: number too large at byte {at}")
            }
            DurationError::UnitExpected { text, at } => {
                write!(
                    f,
                    "duration {text:?}: a unit (h, m, s, ms) expected at byte {at}"
                )
            }
            DurationError::TooLong { text } => write!(f, "duration {text:?}: too long"),
        }
    }
}

impl std::error::Error for DurationError {}

/// A scheduled start (`starts_at`) that is not an RFC 3339 instant from 1970 on; the text as
/// given.
///
/// ```
/// use xiangqi_game::options::{InstantError, parse_rfc3339_ms};
/// let e = parse_rfc3339_ms("tomorrow").unwrap_err();
/// assert_eq!(e, InstantError::NotRfc3339("tomorrow".into()));
/// assert!(e.to_string().starts_with(r#"starts_at "tomorrow": expected RFC 3339"#));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InstantError {
    /// Not of the form `2026-12-01T09:30:00Z`, or no such date or time of day.
    NotRfc3339(String),
    /// An instant before the Unix epoch.
    Before1970(String),
}

impl fmt::Display for InstantError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InstantError::NotRfc3339(text) => write!(
                f,
                "starts_at {text:?}: expected RFC 3339, e.g. 2026-12-01T09:30:00Z"
            ),
            InstantError::Before1970(text) => write!(f, "starts_at {text:?}: before 1970"),
        }
    }
}

impl std::error::Error for InstantError {}

/// Piece odds (`odds`) by a name the books do not give, or a start the odds leave illegal.
///
/// ```
/// use xiangqi_game::options::{OddsError, odds_position};
/// assert_eq!(odds_position("queen").unwrap_err(), OddsError::Unknown("queen".into()));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OddsError {
    /// No odds of this name.
    Unknown(String),
    /// The start without the pieces is not a legal position.
    Illegal(PositionError),
}

impl fmt::Display for OddsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OddsError::Unknown(name) => write!(
                f,
                "odds {name:?}: expected rook, horse, cannon, two_horses, two_rooks, \
                 rook_horse, advisor, elephant, pawn, or a FEN"
            ),
            OddsError::Illegal(e) => write!(f, "odds: {e}"),
        }
    }
}

impl std::error::Error for OddsError {}

/// The side chosen to move first (`first`) leaves the start illegal (its general in check,
/// say): the position's own reason.
///
/// ```
/// use xiangqi::{Color, Position};
/// use xiangqi_game::options::with_first;
/// // Black's general is in check from the rook: Red cannot be the side to move.
/// let pos = Position::from_fen("4k4/9/9/9/9/9/9/9/4R4/3K5 b - - 0 1").unwrap();
/// assert!(with_first(&pos, Color::Black).is_ok());
/// assert!(with_first(&pos, Color::Red).unwrap_err().to_string().starts_with("first: "));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FirstMoverError(pub PositionError);

impl fmt::Display for FirstMoverError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "first: {}", self.0)
    }
}

impl std::error::Error for FirstMoverError {}
