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
mod wxf;

pub mod short;

use std::fmt;
use std::str::FromStr;

use crate::{Move, Position};

pub use detect::detect;
pub use error::{LineError, NotationError};

/// A move notation.
///
/// `FromStr` reads the lower-case names (`iccs`, `uci`, `uci10`, `chinese` — also `zh`, `cn`
/// — and `wxf`, any case); `Display` writes them.
///
/// ```
/// use xiangqi::notation::Notation;
/// assert_eq!("zh".parse::<Notation>(), Ok(Notation::Chinese));
/// assert_eq!(Notation::Uci10.to_string(), "uci10");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Notation {
    /// ICCS coordinates: `h2e2`, also read as `H2-E2` (files a–i from Red's left, ranks 0–9
    /// from Red's side). Written lower case without the hyphen, as UCCI uses it.
    Iccs,
    /// UCI as Pikafish speaks it: the same text as ICCS (`h2e2`, ranks 0–9).
    Uci,
    /// UCI as Fairy-Stockfish speaks it (`UCI_Variant xiangqi`): ranks 1–10, so `h3e3`,
    /// `h10g8`. Never detected; only used when chosen.
    Uci10,
    /// Chinese vertical-line notation: `炮二平五`, `马8进7`, `前车进一`.
    ///
    /// Written in the modern standard form: simplified characters (帅仕相马车炮兵 /
    /// 将士象马车炮卒), Red's numbers 一…九 and Black's 1…9 (ASCII); 前/后 for two of a kind on
    /// a file, 前/中/后 for three pawns, 一二三四五 (Chinese numerals for both sides, as
    /// xqbase) for four or five, and 前兵九平八 (place, piece, file) for pawns doubled on two
    /// files. Advisors and elephants never take 前/后 (the direction tells them apart).
    Chinese,
    /// WXF notation: `C2.5`, `H8+7`, `R+.3`, `C--1`, tandem pawns `++.4`, `P3.4`, `3+.4`.
    ///
    /// Written as the official WXF table has it: letters K A E H R C P in upper case, `.` for
    /// sideways, `+`/`-` in place of the file digit for the front and rear of two (or three)
    /// on a file, `++`/`--` for the foremost and rearmost of four or five, and the file digit
    /// first without a letter for pawns doubled on two files.
    Wxf,
}

impl Notation {
    /// All notations.
    pub const ALL: [Notation; 5] = [
        Notation::Iccs,
        Notation::Uci,
        Notation::Uci10,
        Notation::Chinese,
        Notation::Wxf,
    ];

    /// The lower-case name (`iccs`, `uci`, `uci10`, `chinese`, `wxf`).
    pub const fn name(self) -> &'static str {
        match self {
            Notation::Iccs => "iccs",
            Notation::Uci => "uci",
            Notation::Uci10 => "uci10",
            Notation::Chinese => "chinese",
            Notation::Wxf => "wxf",
        }
    }
}

impl fmt::Display for Notation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A notation name that is not one of ours.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownNotation(pub String);

impl fmt::Display for UnknownNotation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown notation {:?} (expected iccs, uci, uci10, chinese or wxf)",
            self.0
        )
    }
}

impl std::error::Error for UnknownNotation {}

impl FromStr for Notation {
    type Err = UnknownNotation;
    fn from_str(s: &str) -> Result<Notation, UnknownNotation> {
        Ok(match s.trim().to_ascii_lowercase().as_str() {
            "iccs" => Notation::Iccs,
            "uci" => Notation::Uci,
            "uci10" => Notation::Uci10,
            "chinese" | "zh" | "cn" => Notation::Chinese,
            "wxf" => Notation::Wxf,
            _ => return Err(UnknownNotation(s.to_owned())),
        })
    }
}

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
        Notation::Chinese => chinese::parse(pos, text),
        Notation::Wxf => wxf::parse(pos, text),
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
