//! What can go wrong reading a move text, as data.

use std::fmt;

use crate::{IllegalMove, Piece, Square};

use super::Notation;

/// Why a move text could not be read as a move of the given position.
///
/// Every variant says what is wrong and where: a byte offset into the text for syntax, the
/// squares of the pieces that fit for an ambiguous text, the rule broken for an illegal move.
///
/// ```
/// use xiangqi::Position;
/// use xiangqi::notation::{parse_move, Notation, NotationError};
///
/// let pos = Position::start();
/// let err = parse_move(&pos, "马二平三", Notation::Chinese).unwrap_err();
/// assert!(matches!(err, NotationError::Impossible { .. }));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotationError {
    /// The text is empty (or only blanks).
    Empty,
    /// The text is not a move in the notation: what is wrong, at which byte offset.
    Syntax {
        /// The notation the text was read as.
        notation: Notation,
        /// Byte offset into the text where reading failed.
        offset: usize,
        /// What was expected there.
        message: String,
    },
    /// The notation of the text could not be told; `hint` says what to do.
    Undetected {
        /// The text.
        text: String,
        /// Advice, when there is some (for example: choose `uci10` explicitly).
        hint: Option<&'static str>,
    },
    /// No piece of the side to move fits the text's description.
    NoSuchPiece {
        /// The piece looked for (its colour is the side to move).
        piece: Piece,
        /// Where it was looked for, in words (for example `on file 2 from red's right`).
        place: String,
    },
    /// The piece found cannot move the way the text says (a horse moving sideways, an
    /// elephant to a file that is not two away, a rook off the board).
    Impossible {
        /// The piece.
        piece: Piece,
        /// Where it stands.
        from: Square,
        /// Why the text cannot describe one of its moves.
        message: String,
    },
    /// The text fits more than one legal move: the squares of the pieces that could make it.
    Ambiguous {
        /// The squares of the candidate pieces, in square order.
        candidates: Vec<Square>,
    },
    /// The text names a move that is not legal here, and why.
    Illegal(IllegalMove),
}

impl NotationError {
    /// The text is not a move in `notation`: `message` says what was expected at byte `offset`.
    pub(crate) fn syntax(notation: Notation, offset: usize, message: impl Into<String>) -> Self {
        NotationError::Syntax {
            notation,
            offset,
            message: message.into(),
        }
    }
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotationError::Empty => f.write_str("empty move text"),
            NotationError::Syntax {
                notation,
                offset,
                message,
            } => write!(f, "not a {notation} move: at byte {offset}: {message}"),
            NotationError::Undetected { text, hint } => {
                write!(f, "cannot tell the notation of {text:?}")?;
                match hint {
                    Some(hint) => write!(f, " ({hint})"),
                    None => f.write_str(
                        " (expected Chinese like 炮二平五, WXF like C2.5, or ICCS like h2e2)",
                    ),
                }
            }
            NotationError::NoSuchPiece { piece, place } => {
                write!(f, "no {} {} {place}", piece.color.name(), piece.role.name())
            }
            NotationError::Impossible {
                piece,
                from,
                message,
            } => write!(
                f,
                "the {} {} on {from} cannot move so: {message}",
                piece.color.name(),
                piece.role.name()
            ),
            NotationError::Ambiguous { candidates } => {
                f.write_str("ambiguous: the pieces on ")?;
                for (i, sq) in candidates.iter().enumerate() {
                    if i > 0 {
                        f.write_str(if i + 1 == candidates.len() {
                            " and "
                        } else {
                            ", "
                        })?;
                    }
                    write!(f, "{sq}")?;
                }
                f.write_str(" could all make this move")
            }
            NotationError::Illegal(illegal) => write!(f, "{illegal}"),
        }
    }
}

impl std::error::Error for NotationError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            NotationError::Illegal(illegal) => Some(illegal),
            _ => None,
        }
    }
}

/// A move of a line that could not be read (or written): which ply, which token, and why.
///
/// ```
/// use xiangqi::Position;
/// use xiangqi::notation::parse_line;
///
/// let err = parse_line(&Position::start(), "1. h2e2 h9g7 2. h0g2 zz", None).unwrap_err();
/// assert_eq!(err.ply, 3);
/// assert_eq!(err.token, "zz");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineError {
    /// The ply (0 = the first move of the line) that failed.
    pub ply: usize,
    /// The move text of that ply.
    pub token: String,
    /// Byte offset of the token in the line (0 when writing).
    pub offset: usize,
    /// Why it failed.
    pub error: NotationError,
}

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "ply {} ({:?} at byte {}): {}",
            self.ply + 1,
            self.token,
            self.offset,
            self.error
        )
    }
}

impl std::error::Error for LineError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.error)
    }
}
