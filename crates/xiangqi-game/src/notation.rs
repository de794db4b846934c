//! Move text in and out: the one place a game touches notations.
//!
//! Moves arrive as ICCS (`h2e2`, `H2-E2`), Chinese (`炮二平五`) or WXF (`C2.5`), detected by
//! the rules core's reader, or in the current text's short score form (7.5: `炮25`). ICCS is read here first so that an illegal ICCS move gets the
//! rules core's reason (`the horse's leg is blocked`) rather than "no legal move fits". The
//! move list is written in Chinese and WXF for people.

use xiangqi::notation::short::{ShortError, parse_short};
use xiangqi::notation::{Notation, parse_move_auto, write_move};
use xiangqi::{Move, Position};

/// Reads a move in any accepted notation, for the side to move in `pos`. ICCS is read
/// without looking at the position (its legality is the caller's question); Chinese and WXF
/// are resolved against the legal moves.
///
/// # Errors
///
/// A message saying what could not be read.
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
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, String> {
    let text = text.trim();
    if text.len() > 64 {
        return Err("a move is at most a few characters".into());
    }
    if let Ok(m) = text.parse::<Move>() {
        return Ok(m);
    }
    match parse_move_auto(pos, text) {
        Ok(m) => Ok(m),
        // The current text's short score form (7.5: 炮25, 马87) as a last resort.
        Err(full) => match parse_short(pos, text) {
            Ok(m) => Ok(m),
            Err(e @ ShortError::Ambiguous(_)) => Err(e.to_string()),
            Err(_) => Err(full.to_string()),
        },
    }
}

/// The move in Chinese notation (`炮二平五`).
pub fn chinese(pos: &Position, m: Move) -> String {
    write_move(pos, m, Notation::Chinese)
}

/// The move in WXF notation (`C2.5`).
pub fn wxf(pos: &Position, m: Move) -> String {
    write_move(pos, m, Notation::Wxf)
}
