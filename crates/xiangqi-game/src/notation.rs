//! Move text in and out: the one place a game touches notations.
//!
//! Moves arrive as ICCS (`h2e2`, `H2-E2`), Chinese (`炮二平五`) or WXF (`C2.5`), detected by
//! the rules core's reader, or in the current text's short score form (7.5: `炮25`). ICCS is read here first so that an illegal ICCS move gets the
//! rules core's reason (`the horse's leg is blocked`) rather than "no legal move fits". The
//! move list is written in Chinese and WXF for people.

use std::fmt;
use xiangqi::notation::short::{ShortError, parse_short};
use xiangqi::notation::{Notation, NotationError, parse_move_auto, write_move};
use xiangqi::{Move, Position};

/// Why a move's text names no move: the refusal keeps the rules core's own reason, so that a
/// client learns what to fix (the leg that is blocked, the piece that is not there).
///
/// ```
/// use xiangqi::Position;
/// use xiangqi_game::notation::{MoveTextError, parse_move};
/// let long = "h".repeat(65);
/// assert_eq!(parse_move(&Position::start(), &long), Err(MoveTextError::TooLong));
/// assert!(matches!(parse_move(&Position::start(), "zz"), Err(MoveTextError::Unread(_))));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveTextError {
    /// Longer than any notation's move (64 bytes): not read at all.
    TooLong,
    /// No notation reads it, or the move it names is not on the board: the rules core's
    /// reason.
    Unread(NotationError),
    /// The short score form (7.5: `炮25`) fits more than one move.
    Ambiguous(ShortError),
}

impl fmt::Display for MoveTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveTextError::TooLong => f.write_str("a move is at most a few characters"),
            MoveTextError::Unread(e) => e.fmt(f),
            MoveTextError::Ambiguous(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for MoveTextError {}

/// Reads a move in any accepted notation, for the side to move in `pos`. ICCS is read
/// without looking at the position (its legality is the caller's question); Chinese and WXF
/// are resolved against the legal moves.
///
/// # Errors
///
/// What could not be read ([`MoveTextError`]).
///
/// ```
/// use xiangqi::Position;
/// use xiangqi_game::notation::parse_move;
/// let pos = Position::start();
/// assert_eq!(parse_move(&pos, "h2e2").unwrap().to_string(), "h2e2");
/// assert_eq!(parse_move(&pos, "炮二平五").unwrap().to_string(), "h2e2");
/// assert_eq!(parse_move(&pos, "C2.5").unwrap().to_string(), "h2e2");
/// assert_eq!(parse_move(&pos, "炮25").unwrap().to_string(), "h2e2");
/// assert!(parse_move(&pos, "zz").is_err());
/// ```
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, MoveTextError> {
    crate::work::count(|w| w.read += 1);
    let text = text.trim();
    if text.len() > 64 {
        return Err(MoveTextError::TooLong);
    }
    if let Ok(m) = text.parse::<Move>() {
        return Ok(m);
    }
    match parse_move_auto(pos, text) {
        Ok(m) => Ok(m),
        // The current text's short score form (7.5: 炮25, 马87) as a last resort.
        Err(full) => match parse_short(pos, text) {
            Ok(m) => Ok(m),
            Err(e @ ShortError::Ambiguous(_)) => Err(MoveTextError::Ambiguous(e)),
            Err(_) => Err(MoveTextError::Unread(full)),
        },
    }
}

/// The move in Chinese notation (`炮二平五`).
///
/// ```
/// use xiangqi::Position;
/// let m = "h2e2".parse().unwrap();
/// assert_eq!(xiangqi_game::notation::chinese(&Position::start(), m), "炮二平五");
/// ```
pub fn chinese(pos: &Position, m: Move) -> String {
    write_move(pos, m, Notation::Chinese)
}

/// The move in WXF notation (`C2.5`).
///
/// ```
/// use xiangqi::Position;
/// let m = "h2e2".parse().unwrap();
/// assert_eq!(xiangqi_game::notation::wxf(&Position::start(), m), "C2.5");
/// ```
pub fn wxf(pos: &Position, m: Move) -> String {
    write_move(pos, m, Notation::Wxf)
}
