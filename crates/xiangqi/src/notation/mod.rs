//! Move notations: ICCS, UCI (Pikafish's ranks 0–9 and Fairy-Stockfish's ranks 1–10), WXF
//! and Chinese, read in every variant in use and written in the standard form.
//!
//! ```
//! use xiangqi::Position;
//! use xiangqi::notation::{parse_move, parse_move_auto, write_move, Notation};
//!
//! let pos = Position::start();
//! let m = parse_move_auto(&pos, "炮二平五").unwrap();
//! assert_eq!(m.to_string(), "h2e2");
//! assert_eq!(write_move(&pos, m, Notation::Wxf), "C2.5");
//! assert_eq!(write_move(&pos, m, Notation::Uci10), "h3e3");
//! assert_eq!(parse_move(&pos, "h3e3", Notation::Uci10), Ok(m));
//! ```
//!
//! Reading checks the move against the position: a text that fits no legal move is an error
//! saying why ([`NotationError`]), one that fits several lists the candidate pieces. Chinese
//! and WXF texts are read leniently — traditional characters, 上/下, full-width digits, either
//! side's piece names, the tandem conventions of every source — and written in one standard
//! form, described in the documentation of [`Notation::Chinese`] and [`Notation::Wxf`].
//!
//! Sources: the notations of xqbase/ElephantEye, the WXF, Pikafish and Fairy-Stockfish; the 1960
//! rules §6 and the current text §7; the 1956 rules.

mod chinese;
mod coord;
mod detect;
mod error;
mod line;
mod spec;
mod standing;
mod system;
mod wxf;

pub mod short;

use crate::{Move, Position};

pub use detect::detect;
pub use error::{LineError, NotationError};
pub use system::{Notation, UnknownNotation};

/// Reads a move of `pos` written in `notation`.
///
/// ```
/// use xiangqi::Position;
/// use xiangqi::notation::{parse_move, Notation};
///
/// let pos = Position::start();
/// assert_eq!(parse_move(&pos, "H2-E2", Notation::Iccs).unwrap().to_string(), "h2e2");
/// assert_eq!(parse_move(&pos, "炮二平五", Notation::Chinese).unwrap().to_string(), "h2e2");
/// assert_eq!(parse_move(&pos, "H2+3", Notation::Wxf).unwrap().to_string(), "h0g2");
/// assert!(parse_move(&pos, "h2e3", Notation::Iccs).is_err());
/// ```
pub fn parse_move(pos: &Position, text: &str, notation: Notation) -> Result<Move, NotationError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(NotationError::Empty);
    }
    match notation {
        Notation::Iccs | Notation::Uci | Notation::Uci10 => coord::parse(pos, text, notation),
        Notation::Chinese => spec::resolve(pos, &chinese::read_spec(text)?),
        Notation::Wxf => spec::resolve(pos, &wxf::read_spec(text)?),
    }
}

/// Reads a move of `pos` in whatever notation it is written, as [`detect`] tells.
///
/// A 4-character lower-case move like `h2e2` is ICCS, which is also Pikafish's UCI.
/// Fairy-Stockfish's ranks 1–10 are never guessed (`h3e3` would be a different move):
/// `h10g8` is an error advising to choose [`Notation::Uci10`].
///
/// ```
/// use xiangqi::Position;
/// use xiangqi::notation::{parse_move_auto, NotationError};
///
/// let mut pos = Position::start();
/// pos.play(parse_move_auto(&pos, "H2-E2").unwrap()).unwrap();
/// // Black to move: full-width digits, as GBK records write them.
/// assert_eq!(parse_move_auto(&pos, "马８进７").unwrap().to_string(), "h9g7");
/// assert!(matches!(parse_move_auto(&pos, "h10g8"), Err(NotationError::Undetected { .. })));
/// ```
pub fn parse_move_auto(pos: &Position, text: &str) -> Result<Move, NotationError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(NotationError::Empty);
    }
    match detect(text) {
        Some(notation) => parse_move(pos, text, notation),
        None => Err(NotationError::Undetected {
            text: text.to_owned(),
            hint: detect::looks_like_uci10(text).then_some(
                "it looks like Fairy-Stockfish UCI with ranks 1–10: choose uci10 explicitly",
            ),
        }),
    }
}

/// Writes `m`, a legal move of `pos`, in `notation`.
///
/// ```
/// use xiangqi::Position;
/// use xiangqi::notation::{write_move, Notation};
///
/// let pos = Position::from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b").unwrap();
/// let m = "h9g7".parse().unwrap();
/// assert_eq!(write_move(&pos, m, Notation::Chinese), "马8进7");
/// assert_eq!(write_move(&pos, m, Notation::Wxf), "H8+7");
/// assert_eq!(write_move(&pos, m, Notation::Uci10), "h10g8");
/// ```
pub fn write_move(pos: &Position, m: Move, notation: Notation) -> String {
    let mut out = String::with_capacity(16);
    write_move_into(pos, m, notation, &mut out);
    out
}

/// Like [`write_move`], appending to `out` (no allocation when it has room).
pub fn write_move_into(pos: &Position, m: Move, notation: Notation, out: &mut String) {
    match notation {
        Notation::Iccs | Notation::Uci | Notation::Uci10 => coord::write(m, notation, out),
        Notation::Chinese => chinese::write(pos, m, out),
        Notation::Wxf => wxf::write(pos, m, out),
    }
}

/// Reads a line of moves played from `start`: separated by blanks or commas, with move
/// numbers (`1.`, `1...`), bracketed comments and run-together Chinese moves tolerated (see
/// the rules in the `line` module). `notation` `None` detects each move's notation.
///
/// ```
/// use xiangqi::Position;
/// use xiangqi::notation::{parse_line, Notation};
///
/// let start = Position::start();
/// let line = parse_line(&start, "1. 炮二平五 马8进7 2. 马二进三（捉） 车9平8", None).unwrap();
/// let iccs: Vec<String> = line.iter().map(|m| m.to_string()).collect();
/// assert_eq!(iccs, ["h2e2", "h9g7", "h0g2", "i9h9"]);
/// assert_eq!(parse_line(&start, "h3e3, h10g8", Some(Notation::Uci10)).unwrap().len(), 2);
/// ```
pub fn parse_line(
    start: &Position,
    text: &str,
    notation: Option<Notation>,
) -> Result<Vec<Move>, LineError> {
    let mut pos = start.clone();
    let mut moves = Vec::new();
    for (ply, token) in line::tokens(text).into_iter().enumerate() {
        let read = match notation {
            Some(notation) => parse_move(&pos, token.text, notation),
            None => parse_move_auto(&pos, token.text),
        };
        match read {
            Ok(m) => {
                pos.play_unchecked(m);
                moves.push(m);
            }
            Err(error) => {
                return Err(LineError {
                    ply,
                    token: token.text.to_owned(),
                    offset: token.offset,
                    error,
                });
            }
        }
    }
    Ok(moves)
}

/// Writes a line of moves played from `start`, one text per move. A move that is not legal
/// where it is played is an error naming its ply.
///
/// ```
/// use xiangqi::Position;
/// use xiangqi::notation::{write_line, Notation};
///
/// let moves = ["h2e2", "h9g7"].map(|m| m.parse().unwrap());
/// let texts = write_line(&Position::start(), &moves, Notation::Chinese).unwrap();
/// assert_eq!(texts, ["炮二平五", "马8进7"]);
/// ```
pub fn write_line(
    start: &Position,
    moves: &[Move],
    notation: Notation,
) -> Result<Vec<String>, LineError> {
    let mut pos = start.clone();
    let mut out = Vec::with_capacity(moves.len());
    for (ply, &m) in moves.iter().enumerate() {
        if !pos.is_legal(m) {
            return Err(LineError {
                ply,
                token: m.to_string(),
                offset: 0,
                error: NotationError::Illegal(crate::IllegalMove {
                    mv: m,
                    reason: pos.why_illegal(m),
                }),
            });
        }
        out.push(write_move(&pos, m, notation));
        pos.play_unchecked(m);
    }
    Ok(out)
}
