//! The short score form of the current text (7.5 简写记录): the piece, the file it stands on
//! and the last figure of the full move, without the direction — `炮25` for 炮二平五,
//! `马87` for 马8进7.
//!
//! The book gives only those two examples. We read the short form as piece + its file (from
//! the mover's right, 1–9, Arabic or Chinese numerals for either side) + the full form's
//! last figure (the destination file, or the number of steps for a straight move). Dropping
//! the direction can make a text fit two moves (`车23` for both 车二进三 and 车二退三); then
//! the reader refuses it and lists the full forms, and the recorder writes the full move.
//!
//! Source: the current text, 第7条 7.5 ("记录方式可采用完整与简写两种 … 红方炮二平五 炮25，黑方马8进7
//! 马87").
//!
//! ```
//! use xiangqi::Position;
//! use xiangqi::notation::short::{parse_short, write_short};
//! let pos = Position::start();
//! let m = parse_short(&pos, "炮25").unwrap();
//! assert_eq!(m.to_string(), "h2e2");
//! assert_eq!(write_short(&pos, m), "炮25");
//! ```

use std::fmt;

use crate::notation::{Notation, write_move};
use crate::{Move, Position, Role};

/// Why a short-form text was not read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShortError {
    /// Not piece + two figures: what is wrong, at which character (0-based).
    Syntax {
        /// Character index.
        at: usize,
        /// What was expected.
        expected: &'static str,
    },
    /// No legal move fits.
    NoMove(String),
    /// Several legal moves fit: their full forms.
    Ambiguous(Vec<String>),
}

impl fmt::Display for ShortError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShortError::Syntax { at, expected } => {
                write!(f, "short form (7.5): character {at}: expected {expected}")
            }
            ShortError::NoMove(t) => write!(f, "short form (7.5) {t}: no legal move fits"),
            ShortError::Ambiguous(c) => write!(
                f,
                "short form (7.5): several moves fit ({}); write the full move",
                c.join(", ")
            ),
        }
    }
}

impl std::error::Error for ShortError {}

fn role_of(c: char) -> Option<Role> {
    Some(match c {
        '帅' | '帥' | '将' | '將' => Role::King,
        '仕' | '士' => Role::Advisor,
        '相' | '象' => Role::Elephant,
        '马' | '馬' | '傌' | '駒' => Role::Horse,
        '车' | '車' | '俥' | '伡' => Role::Rook,
        '炮' | '砲' | '包' => Role::Cannon,
        '兵' | '卒' => Role::Pawn,
        _ => return None,
    })
}

fn figure(c: char) -> Option<u8> {
    let n = match c {
        '1'..='9' => c as u32 - '0' as u32,
        '１'..='９' => c as u32 - '１' as u32 + 1,
        _ => "一二三四五六七八九".chars().position(|d| d == c)? as u32 + 1,
    };
    u8::try_from(n).ok()
}

/// The full form's last figure (destination file or steps).
fn last_figure(full: &str) -> Option<u8> {
    full.chars().last().and_then(figure)
}

/// Reads a short-form move (`炮25`) for the side to move.
///
/// # Errors
///
/// [`ShortError`]: not the form, no legal move fits, or several do.
///
/// ```
/// use xiangqi::Position;
/// use xiangqi::notation::short::{parse_short, ShortError};
/// let pos = Position::from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b").unwrap();
/// assert_eq!(parse_short(&pos, "马87").unwrap().to_string(), "h9g7");
/// assert!(matches!(parse_short(&pos, "马8"), Err(ShortError::Syntax { at: 2, .. })));
/// ```
pub fn parse_short(pos: &Position, text: &str) -> Result<Move, ShortError> {
    let text = text.trim();
    let chars: Vec<char> = text.chars().collect();
    let role = chars
        .first()
        .copied()
        .and_then(role_of)
        .ok_or(ShortError::Syntax {
            at: 0,
            expected: "a piece (车马炮相仕帅兵 …)",
        })?;
    let from = chars
        .get(1)
        .copied()
        .and_then(figure)
        .ok_or(ShortError::Syntax {
            at: 1,
            expected: "the piece's file, 1–9",
        })?;
    let last = chars
        .get(2)
        .copied()
        .and_then(figure)
        .ok_or(ShortError::Syntax {
            at: 2,
            expected: "the destination file or the steps, 1–9",
        })?;
    if chars.len() > 3 {
        return Err(ShortError::Syntax {
            at: 3,
            expected: "the end of the move",
        });
    }
    let mut fits = Vec::new();
    for m in pos.legal_moves().iter().copied() {
        let Some(piece) = pos.piece_at(m.from()) else {
            continue;
        };
        if piece.role != role || m.from().file().from_right(piece.color) != from {
            continue;
        }
        let full = write_move(pos, m, Notation::Chinese);
        if last_figure(&full) == Some(last) {
            fits.push((m, full));
        }
    }
    match fits.len() {
        0 => Err(ShortError::NoMove(text.to_owned())),
        1 => Ok(fits[0].0),
        _ => Err(ShortError::Ambiguous(
            fits.into_iter().map(|(_, full)| full).collect(),
        )),
    }
}

/// Writes `m`, a legal move of `pos`, in the short form: piece, file, last figure, with the
/// side's numerals of the full form (一…九 for Red is the full form's; the book's example
/// writes Arabic figures for both, and so do we).
///
/// ```
/// use xiangqi::Position;
/// use xiangqi::notation::short::write_short;
/// let pos = Position::start();
/// assert_eq!(write_short(&pos, "h0g2".parse().unwrap()), "马23");
/// ```
pub fn write_short(pos: &Position, m: Move) -> String {
    let full = write_move(pos, m, Notation::Chinese);
    let Some(piece) = pos.piece_at(m.from()) else {
        return full;
    };
    let name = full
        .chars()
        .find(|&c| role_of(c) == Some(piece.role))
        .unwrap_or('?');
    let from = m.from().file().from_right(piece.color);
    match last_figure(&full) {
        Some(last) => format!("{name}{from}{last}"),
        None => full,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_books_examples_and_both_numerals() {
        let pos = Position::start();
        for text in ["炮25", "炮二五", "砲２５"] {
            assert_eq!(
                parse_short(&pos, text).unwrap().to_string(),
                "h2e2",
                "{text}"
            );
        }
        let mut pos = Position::start();
        pos.play("h2e2".parse().unwrap()).unwrap();
        assert_eq!(parse_short(&pos, "马87").unwrap().to_string(), "h9g7");
        assert_eq!(parse_short(&pos, "馬8七").unwrap().to_string(), "h9g7");
    }

    #[test]
    fn a_straight_move_forward_or_back_is_ambiguous() {
        // A red rook on h4 may go three forward (h7), three back (h1) or sideways to file 三
        // (g4): 车二进三, 车二退三, 车二平三 all shorten to 车23.
        let pos = Position::from_fen("4k4/9/9/9/9/7R1/9/9/9/3K5 w").unwrap();
        match parse_short(&pos, "车23") {
            Err(ShortError::Ambiguous(c)) => {
                assert_eq!(c, ["车二进三", "车二退三", "车二平三"]);
            }
            other => panic!("{other:?}"),
        }
        // Sideways to file 九 is the only fit (nine steps either way leave the board).
        assert_eq!(parse_short(&pos, "车29").unwrap().to_string(), "h4a4");
    }

    #[test]
    fn no_fit_and_bad_text_say_what() {
        let pos = Position::start();
        assert_eq!(
            parse_short(&pos, "炮29"),
            Err(ShortError::NoMove("炮29".into()))
        );
        assert!(matches!(
            parse_short(&pos, "x25"),
            Err(ShortError::Syntax { at: 0, .. })
        ));
        assert!(matches!(
            parse_short(&pos, "炮255"),
            Err(ShortError::Syntax { at: 3, .. })
        ));
        assert!(parse_short(&pos, "").is_err());
    }

    #[test]
    fn every_unambiguous_move_round_trips() {
        let mut pos = Position::start();
        for m in ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b7b5"] {
            for legal in pos.legal_moves().iter().copied() {
                let short = write_short(&pos, legal);
                if let Ok(back) = parse_short(&pos, &short) {
                    assert_eq!(back, legal, "{short}");
                }
            }
            pos.play(m.parse().unwrap()).unwrap();
        }
    }
}
