//! Errors are data: what went wrong, in which game, at which place and ply.

use std::fmt;

use xiangqi::{IllegalReason, Move};

/// Where in a file something was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Place {
    /// A text position: 1-based line and column (columns count characters, not bytes).
    Text {
        /// Line, from 1.
        line: u64,
        /// Column, from 1, in characters.
        column: u64,
    },
    /// A byte offset from the start of the file (binary formats).
    Byte(u64),
    /// No finer place is known than the game itself.
    Game,
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Place::Text { line, column } => write!(f, "line {line}, column {column}"),
            Place::Byte(offset) => write!(f, "byte offset {offset}"),
            Place::Game => Ok(()),
        }
    }
}

/// A problem in one game of a record file.
///
/// ```
/// use xiangqi_records::{ErrorKind, Place, RecordError};
/// let e = RecordError { game: 2, ply: None, place: Place::Text { line: 14, column: 3 },
///                       kind: ErrorKind::UnterminatedComment };
/// assert_eq!(e.to_string(), "game 2, line 14, column 3: comment '{' is never closed");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError {
    /// The game's number in its file, from 1.
    pub game: usize,
    /// The ply (half-move, from 1 counted from the game's start position) the problem is at,
    /// when it concerns a move.
    pub ply: Option<u32>,
    /// Where in the file.
    pub place: Place,
    /// What is wrong.
    pub kind: ErrorKind,
}

/// The kinds of problem a record can have.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// A `{` comment runs to the end of the game.
    UnterminatedComment,
    /// A tag pair is malformed (`[Name "value"]` expected).
    BadTag(String),
    /// A `)` without its `(`, or a `(` never closed.
    UnbalancedVariation,
    /// The start position cannot be read or cannot occur.
    BadStartPosition(String),
    /// A move text that cannot be read in any notation at this position.
    UnreadableMove {
        /// The text as written.
        text: String,
        /// Why it could not be read.
        why: String,
    },
    /// A move that can be read but is not legal here.
    IllegalMove {
        /// The text as written (squares for binary formats).
        text: String,
        /// The move.
        mv: Move,
        /// Why it is illegal.
        reason: IllegalReason,
    },
    /// The bytes are not a file of the expected format.
    NotThisFormat(&'static str),
    /// The file ends in the middle of a structure.
    Truncated(&'static str),
    /// A field holds a value the format does not allow.
    BadField {
        /// The field.
        field: String,
        /// What is wrong with it.
        why: String,
    },
    /// The file could not be read at all.
    Io(String),
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ErrorKind::UnterminatedComment => f.write_str("comment '{' is never closed"),
            ErrorKind::BadTag(line) => {
                write!(f, "malformed tag {line:?}, expected [Name \"value\"]")
            }
            ErrorKind::UnbalancedVariation => f.write_str("unbalanced variation parentheses"),
            ErrorKind::BadStartPosition(why) => write!(f, "bad start position: {why}"),
            ErrorKind::UnreadableMove { text, why } => {
                write!(f, "cannot read move {text:?}: {why}")
            }
            ErrorKind::IllegalMove { text, mv, reason } => {
                write!(f, "illegal move {text:?} ({mv}): {reason}")
            }
            ErrorKind::NotThisFormat(what) => write!(f, "not a {what} file"),
            ErrorKind::Truncated(what) => write!(f, "file ends inside {what}"),
            ErrorKind::BadField { field, why } => write!(f, "field {field}: {why}"),
            ErrorKind::Io(why) => write!(f, "cannot read: {why}"),
        }
    }
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "game {}", self.game)?;
        if self.place != Place::Game {
            write!(f, ", {}", self.place)?;
        }
        if let Some(ply) = self.ply {
            write!(f, ", ply {ply}")?;
        }
        write!(f, ": {}", self.kind)
    }
}

impl std::error::Error for RecordError {}
