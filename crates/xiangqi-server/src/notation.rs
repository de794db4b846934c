//! Move text in and out: the one place the server touches notations.
//!
//! Moves arrive as ICCS (`h2e2`, `H2-E2`), and — once the rules core's `notation` module
//! lands — Chinese (`炮二平五`) and WXF (`C2.5`). The move list is written in Chinese and
//! WXF for people; until the notation module lands both fall back to ICCS.

use xiangqi::{Move, Position};

/// Reads a move in any accepted notation, for the side to move in `pos`. Only the text is
/// checked here, not legality.
///
/// # Errors
///
/// A message saying what could not be read.
///
/// ```
/// use xiangqi::Position;
/// let pos = Position::start();
/// assert_eq!(xiangqi_server::notation::parse_move(&pos, "h2e2").unwrap().to_string(), "h2e2");
/// assert!(xiangqi_server::notation::parse_move(&pos, "zz").is_err());
/// ```
pub fn parse_move(_pos: &Position, text: &str) -> Result<Move, String> {
    let text = text.trim();
    if text.is_empty() || text.len() > 32 {
        return Err("expected a move such as h2e2 (ICCS), 炮二平五 or C2.5".into());
    }
    text.parse::<Move>()
        .map_err(|e| format!("{e}; Chinese and WXF moves are not accepted yet"))
}

/// The move in Chinese notation (`炮二平五`).
pub fn chinese(_pos: &Position, m: Move) -> String {
    m.to_string()
}

/// The move in WXF notation (`C2.5`).
pub fn wxf(_pos: &Position, m: Move) -> String {
    m.to_string()
}
