//! Telling a move text's notation from its shape.

use super::{Notation, chinese, coord, wxf};

/// Whether the text has the shape of a Fairy-Stockfish UCI move with a two-digit rank
/// (`h10g8`, `a9a10`), which no other notation has.
pub(crate) fn looks_like_uci10(text: &str) -> bool {
    text.contains("10") && coord::read_squares(text, Notation::Uci10).is_ok()
}

/// The notation a move text is written in, from its shape alone; `None` when it has none.
///
/// Chinese characters mean Chinese; `h2e2` and `H2-E2` are ICCS (a 4-character lower-case
/// move like `h2e2` is also Pikafish UCI: the two are the same text for the same move); a
/// WXF shape (`C2.5`, `+R.3`, `3+.4`) is WXF. Fairy-Stockfish's UCI with ranks 1–10
/// (`h10g8`) is never guessed: the same text `h3e3` is a different move in ICCS, so `uci10`
/// must be chosen explicitly.
///
/// ```
/// use xiangqi::notation::{detect, Notation};
///
/// assert_eq!(detect("炮二平五"), Some(Notation::Chinese));
/// assert_eq!(detect("H2-E2"), Some(Notation::Iccs));
/// assert_eq!(detect("h2e2"), Some(Notation::Iccs));
/// assert_eq!(detect("C2.5"), Some(Notation::Wxf));
/// assert_eq!(detect("h10g8"), None);
/// ```
pub fn detect(text: &str) -> Option<Notation> {
    let text = text.trim();
    if text.is_empty() {
        return None;
    }
    if text.chars().any(chinese::tables::is_notation_char) {
        return Some(Notation::Chinese);
    }
    if coord::read_squares(text, Notation::Iccs).is_ok() {
        return Some(Notation::Iccs);
    }
    if wxf::read_spec(text).is_ok() {
        return Some(Notation::Wxf);
    }
    None
}
