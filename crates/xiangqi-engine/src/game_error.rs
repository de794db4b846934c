//! Why a refereed game between two players could not be played at all: the fault is the
//! setup's or the opening book's, never a player's (a player's fault loses the game).

use std::fmt;
use xiangqi::Move;
use xiangqi_game::{BadCreation, Refusal};

/// A game [`crate::play_game`] could not play: its setup makes no game, or the referee
/// refused a move of its opening.
///
/// ```
/// use xiangqi_engine::GameError;
/// let e = GameError::Setup(xiangqi_game::BadCreation("FEN: bad".into()));
/// assert_eq!(e.to_string(), "FEN: bad");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GameError {
    /// The start, the time control or the opening does not make a game: the reason.
    Setup(BadCreation),
    /// The referee refused this move, played for a player (the opening book's).
    Refused {
        /// The move.
        mv: Move,
        /// Why.
        refusal: Refusal,
    },
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::Setup(e) => f.write_str(&e.0),
            GameError::Refused { mv, refusal } => write!(f, "referee refused {mv}: {refusal}"),
        }
    }
}

impl std::error::Error for GameError {}
