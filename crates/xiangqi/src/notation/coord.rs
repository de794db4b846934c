//! Coordinate notations: ICCS (`h2e2`, `H2-E2`), Pikafish UCI (ranks 0–9, the same squares as
//! ICCS) and Fairy-Stockfish UCI (ranks 1–10: `h3e3`, `h10g8`).
//!
//! Sources: the xqbase UCCI spec (`xqbase/eleeye` `PROTOCOL/cchess_ucci.htm`: `h2e2`) and
//! ElephantEye's PGN `[Format "ICCS"]` (`H2-E2`); Pikafish `src/uci.cpp` (`UCIEngine::square`,
//! ranks 0–9) and Fairy-Stockfish `src/uci.cpp` (`UCI::square`, ranks 1–10 under plain UCI).

use crate::{File, IllegalMove, Move, Position, Rank, Square};

use super::{Notation, NotationError};

/// Reads one square; `one_based` for Fairy-Stockfish's ranks 1–10. Returns the square and the
/// bytes consumed.
fn read_square(b: &[u8], at: usize, one_based: bool) -> Result<(Square, usize), (usize, String)> {
    let file = b
        .get(at)
        .and_then(|&c| File::from_char(c as char))
        .ok_or_else(|| (at, "expected a file letter a–i".to_owned()))?;
    let digit = |i: usize| b.get(i).filter(|c| c.is_ascii_digit()).map(|c| c - b'0');
    let first = digit(at + 1).ok_or_else(|| {
        (
            at + 1,
            if one_based {
                "expected a rank 1–10"
            } else {
                "expected a rank 0–9"
            }
            .to_owned(),
        )
    })?;
    let (rank, used) = if one_based {
        match (first, digit(at + 2)) {
            (1, Some(0)) => (9, 3),
            (0, _) => {
                return Err((
                    at + 1,
                    "rank 0 does not exist in ranks 1–10 (uci10); did you mean ICCS or uci?"
                        .to_owned(),
                ));
            }
            (r, _) => (r - 1, 2),
        }
    } else {
        (first, 2)
    };
    let rank = Rank::new(rank).ok_or_else(|| (at + 1, "rank out of range".to_owned()))?;
    Ok((Square::from_coords(file, rank), used))
}

/// Reads the two squares of a coordinate move, without looking at any position.
pub(crate) fn read_squares(text: &str, notation: Notation) -> Result<Move, NotationError> {
    let syntax = |(offset, message): (usize, String)| NotationError::Syntax {
        notation,
        offset,
        message,
    };
    let b = text.as_bytes();
    let one_based = notation == Notation::Uci10;
    let (from, used) = read_square(b, 0, one_based).map_err(syntax)?;
    let mut at = used;
    if notation == Notation::Iccs && b.get(at) == Some(&b'-') {
        at += 1;
    }
    let (to, used) = read_square(b, at, one_based).map_err(syntax)?;
    at += used;
    if at != b.len() {
        return Err(syntax((at, "unexpected text after the move".to_owned())));
    }
    Ok(Move::new(from, to))
}

/// Reads a coordinate move and checks it is legal in `pos`.
pub(crate) fn parse(pos: &Position, text: &str, notation: Notation) -> Result<Move, NotationError> {
    let m = read_squares(text, notation)?;
    if pos.is_legal(m) {
        Ok(m)
    } else {
        Err(NotationError::Illegal(IllegalMove {
            mv: m,
            reason: pos.why_illegal(m),
        }))
    }
}

/// Writes a coordinate move.
pub(crate) fn write(m: Move, notation: Notation, out: &mut String) {
    let square = |out: &mut String, sq: Square| {
        out.push(sq.file().char());
        if notation == Notation::Uci10 {
            let r = sq.rank().index() + 1;
            if r == 10 {
                out.push_str("10");
            } else {
                out.push((b'0' + r) as char);
            }
        } else {
            out.push(sq.rank().char());
        }
    };
    square(out, m.from());
    square(out, m.to());
}
