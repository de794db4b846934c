//! What writers share: the move notation to write in, and the error for a record that holds
//! an illegal move (a notation can only describe a legal move of a position).

use std::fmt;

use xiangqi::notation::Notation;
use xiangqi::{IllegalReason, Move, Position};

/// A record could not be written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WriteError {
    /// One of its moves is not legal where it stands, so no notation can describe it.
    IllegalMove {
        /// The ply, from 1 counted from the start position.
        ply: u32,
        /// The move.
        mv: Move,
        /// Why it is illegal.
        reason: IllegalReason,
    },
    /// The format cannot hold something in the record (what, in words).
    Unrepresentable(String),
}

impl fmt::Display for WriteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WriteError::IllegalMove { ply, mv, reason } => {
                write!(f, "cannot write ply {ply}: move {mv} is illegal: {reason}")
            }
            WriteError::Unrepresentable(what) => write!(f, "the format cannot hold {what}"),
        }
    }
}

impl std::error::Error for WriteError {}

/// Plays a move for a writer, or says why it cannot.
pub(crate) fn play(pos: &mut Position, mv: Move, ply: u32) -> Result<(), WriteError> {
    pos.play(mv)
        .map(|_| ())
        .map_err(|e| WriteError::IllegalMove {
            ply,
            mv,
            reason: e.reason,
        })
}

/// A move in the given notation; ICCS is written in the PGN `Format "ICCS"` form `H2-E2`.
pub(crate) fn move_text(pos: &Position, mv: Move, notation: Notation) -> String {
    match notation {
        Notation::Iccs => {
            let s = mv.to_string().to_ascii_uppercase();
            format!("{}-{}", &s[..2], &s[2..])
        }
        // Black's digits full-width (马８进７), as xqbase and every GBK file in the corpus
        // write them: ElephantEye reads a Chinese move as four two-byte characters.
        Notation::Chinese => xiangqi::notation::write_move(pos, mv, Notation::Chinese)
            .chars()
            .map(|c| match c {
                '1'..='9' => char::from_u32(c as u32 - '1' as u32 + '１' as u32).unwrap_or(c),
                c => c,
            })
            .collect(),
        n => xiangqi::notation::write_move(pos, mv, n),
    }
}
