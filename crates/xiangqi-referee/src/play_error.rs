//! Why the referee refuses a move: it breaks the laws of movement or the conditions of move
//! odds (1960 §7 二), or the game is already decided.

use std::fmt;

use xiangqi::{IllegalMove, Move};

use crate::handicap::OddsViolation;
use crate::{GameResult, Reason};

/// A move the [`Referee`](crate::Referee) refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// The move breaks the laws of movement.
    Illegal(IllegalMove),
    /// The move breaks the conditions on the consecutive opening moves of a move-odds game
    /// (1960 §7.2).
    Odds {
        /// The move.
        mv: Move,
        /// What it broke.
        violation: OddsViolation,
    },
    /// The game was already decided.
    GameOver {
        /// How it ended.
        result: GameResult,
        /// Why.
        reason: Option<Reason>,
        /// At which ply.
        ply: u32,
    },
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::Illegal(e) => e.fmt(f),
            PlayError::Odds { mv, violation } => {
                write!(f, "move {mv} refused: {violation} (1960 rules §7.2)")
            }
            PlayError::GameOver {
                result,
                reason,
                ply,
            } => {
                write!(f, "the game is over ({result}")?;
                if let Some(reason) = reason {
                    write!(f, ", {reason}")?;
                }
                write!(f, " at ply {ply}); no more moves can be played")
            }
        }
    }
}

impl std::error::Error for PlayError {}
