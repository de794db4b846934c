//! What the game runner asks of a player, be it an engine process or the built-in engine
//! in our own process.

use std::time::{Duration, Instant};

use xiangqi::notation::Notation;
use xiangqi::{Move, Position};

use crate::dialect::Go;
use crate::error::EngineError;
use crate::protocol::Info;

/// A request for a move.
#[derive(Clone, Copy, Debug)]
pub struct Request<'a> {
    /// Where the game started.
    pub start: &'a Position,
    /// The moves since.
    pub moves: &'a [Move],
    /// The position now (`start` after `moves`).
    pub position: &'a Position,
    /// Clocks and limits.
    pub go: Go,
    /// Moves the referee forbids (they would complete a forbidden cycle), when enforced.
    pub banned: &'a [Move],
    /// The legal moves less the banned ones (for UCI `searchmoves`); empty if none banned.
    pub allowed: &'a [Move],
    /// When to give up waiting (the flag's fall); `None`: the player's own default.
    pub deadline: Option<Instant>,
}

/// A player's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    /// The move text, `None` for no move.
    pub mv: Option<String>,
    /// The notation of `mv`.
    pub notation: Notation,
    /// A draw offer (UCCI `bestmove … draw`).
    pub draw: bool,
    /// A resignation (UCCI `bestmove … resign`).
    pub resign: bool,
    /// The last `info` with a score.
    pub info: Option<Info>,
    /// Time from the request to the answer.
    pub elapsed: Duration,
}

/// Anything that plays moves.
pub trait Player {
    /// The name in tables and PGN.
    fn name(&self) -> &str;
    /// Prepares for a new game.
    fn new_game(&mut self) -> Result<(), EngineError>;
    /// Asks for a move.
    fn go(&mut self, request: &Request) -> Result<Reply, EngineError>;
}
