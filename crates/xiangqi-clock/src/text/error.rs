//! Errors of the text form: what is wrong, and at which byte.

use core::fmt;

use crate::schedule::InvalidControl;
use xiangqi::Color;

/// What is wrong with a time-control text (see [`ParseError`]).
///
/// ```
/// use xiangqi_clock::{ParseErrorKind, TimeControl};
/// let err = "90m/0".parse::<TimeControl>().unwrap_err();
/// assert_eq!(err.kind(), &ParseErrorKind::ZeroMoves);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParseErrorKind {
    /// Something else was expected here; `found` is `None` at the end of the input.
    Expected {
        /// What would have been accepted.
        expected: &'static str,
        /// What was there instead.
        found: Option<char>,
    },
    /// A number in a duration has no unit (`90` instead of `90m`).
    MissingUnit,
    /// Units of a duration must go from largest to smallest, each at most once.
    UnitOrder,
    /// The testers' form with whole numbers only (`90+30`, `40/120`): minutes to an arbiter,
    /// seconds to an engine tester. Refused rather than guessed; a fraction (`10+0.1`) or a
    /// unit (`90m+30s`) says which.
    AmbiguousUnits,
    /// A fraction finer than a nanosecond (`0.0000000001s`, or more than nine decimals).
    TooPrecise,
    /// A number does not fit (moves and periods: 32 bits; other numbers: 64 bits).
    NumberTooLarge,
    /// A duration does not fit in [`std::time::Duration`].
    DurationTooLarge,
    /// A stage of zero moves (`90m/0`).
    ZeroMoves,
    /// Byo-yomi with zero periods (`0x30s`).
    ZeroPeriods,
    /// Byo-yomi periods of zero length (`3x0s`).
    ZeroPeriodLength,
    /// A stage with two increments.
    DuplicateIncrement,
    /// A stage with two delays (`/move` is a delay too).
    DuplicateDelay,
    /// Two byo-yomi terms.
    DuplicateByoyomi,
    /// Two `max` limits.
    DuplicateMoveLimit,
    /// `reset` given twice for a stage.
    DuplicateReset,
    /// `red=` or `black=` given twice.
    DuplicateSide(Color),
    /// `red=` given without `black=`, or the other way round.
    MissingSide(Color),
    /// Byo-yomi must follow the last stage.
    ByoyomiNotLast,
    /// `max` belongs to the whole schedule: stages and stage options come before it.
    AfterMoveLimit,
    /// The pieces parse, but do not make a valid control.
    Invalid(InvalidControl),
}

impl fmt::Display for ParseErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseErrorKind::Expected { expected, found } => match found {
                Some(c) => write!(f, "expected {expected}, found {c:?}"),
                None => write!(f, "expected {expected}, found the end of the text"),
            },
            ParseErrorKind::MissingUnit => {
                f.write_str("a duration needs a unit (h, m, s, ms, us or ns) after the number")
            }
            ParseErrorKind::UnitOrder => f.write_str(
                "the units of a duration must go from largest to smallest, each at most once",
            ),
            ParseErrorKind::AmbiguousUnits => f.write_str(
                "whole numbers without units are ambiguous (minutes to an arbiter, seconds to an \
                 engine tester): write the units, as 90m+30s or 90s+30s (a fraction such as \
                 10+0.1 is read as seconds)",
            ),
            ParseErrorKind::TooPrecise => {
                f.write_str("a fraction finer than a nanosecond (at most nine decimals)")
            }
            ParseErrorKind::NumberTooLarge => f.write_str("number too large"),
            ParseErrorKind::DurationTooLarge => f.write_str("duration too large"),
            ParseErrorKind::ZeroMoves => f.write_str("a stage needs at least one move"),
            ParseErrorKind::ZeroPeriods => f.write_str("byo-yomi needs at least one period"),
            ParseErrorKind::ZeroPeriodLength => {
                f.write_str("a byo-yomi period must be longer than zero")
            }
            ParseErrorKind::DuplicateIncrement => {
                f.write_str("this stage already has an increment")
            }
            ParseErrorKind::DuplicateDelay => f.write_str("this stage already has a delay"),
            ParseErrorKind::DuplicateByoyomi => f.write_str("byo-yomi given twice"),
            ParseErrorKind::DuplicateMoveLimit => f.write_str("max given twice"),
            ParseErrorKind::DuplicateReset => f.write_str("reset given twice for this stage"),
            ParseErrorKind::DuplicateSide(side) => write!(f, "{side}= given twice"),
            ParseErrorKind::MissingSide(side) => {
                write!(
                    f,
                    "{side}= is missing (give both red= and black=, or neither)"
                )
            }
            ParseErrorKind::ByoyomiNotLast => f.write_str("byo-yomi must follow the last stage"),
            ParseErrorKind::AfterMoveLimit => {
                f.write_str("max applies to the whole schedule and must come last")
            }
            ParseErrorKind::Invalid(invalid) => invalid.fmt(f),
        }
    }
}

/// A time-control text that could not be read: what is wrong, and the byte offset where.
///
/// ```
/// use xiangqi_clock::TimeControl;
/// let err = "90m/40+15q/10".parse::<TimeControl>().unwrap_err();
/// assert_eq!(err.offset(), 9);
/// assert_eq!(
///     err.to_string(),
///     "at byte 9: a duration needs a unit (h, m, s, ms, us or ns) after the number"
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    offset: usize,
    kind: ParseErrorKind,
}

impl ParseError {
    pub(crate) fn new(offset: usize, kind: ParseErrorKind) -> ParseError {
        ParseError { offset, kind }
    }

    /// The byte offset in the text where the problem is (the text's length for a problem
    /// at the end).
    ///
    /// ```
    /// # use xiangqi_clock::TimeControl;
    /// assert_eq!("".parse::<TimeControl>().unwrap_err().offset(), 0);
    /// ```
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// What is wrong.
    ///
    /// ```
    /// # use xiangqi_clock::{ParseErrorKind, TimeControl};
    /// let err = "90".parse::<TimeControl>().unwrap_err();
    /// assert_eq!(err.kind(), &ParseErrorKind::MissingUnit);
    /// ```
    pub fn kind(&self) -> &ParseErrorKind {
        &self.kind
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "at byte {}: {}", self.offset, self.kind)
    }
}

impl std::error::Error for ParseError {}
