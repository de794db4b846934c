//! FEN: read leniently, write the standard form.
//!
//! The standard form (as written by Pikafish, Fairy-Stockfish and xqbase) is
//! `rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1`: ranks from Black's
//! side (rank 9) down to Red's, upper case for Red, `w` for Red to move. The reader also
//! accepts `h`/`e` for horse and elephant, `r` for Red to move, the two `-` fields missing,
//! and the counters missing (then 0 and 1). A board with no side field is taken as Red to move.

use std::fmt;

use crate::{Color, Piece, Setup};

/// The standard starting position.
pub const START_FEN: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

/// What is wrong with a FEN text, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FenError {
    /// Byte offset in the text where the problem was found.
    pub offset: usize,
    /// What the problem is.
    pub kind: FenErrorKind,
}

/// The kinds of FEN error.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenErrorKind {
    /// The text has no board.
    Empty,
    /// A character that is neither a piece letter, a digit 1–9 nor `/`.
    UnexpectedChar(char),
    /// A rank describes more than nine points.
    RankTooLong {
        /// The rank (0 = Red's back rank).
        rank: u8,
    },
    /// A rank describes fewer than nine points.
    RankTooShort {
        /// The rank.
        rank: u8,
        /// How many points it describes.
        points: u8,
    },
    /// More than ten ranks.
    TooManyRanks,
    /// Fewer than ten ranks.
    TooFewRanks {
        /// How many there are.
        found: u8,
    },
    /// The side to move is not `w`, `r` (Red) or `b` (Black).
    BadSide(String),
    /// A move counter is not a number.
    BadCounter(String),
    /// Text after the last field.
    Trailing(String),
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "FEN, at byte {}: ", self.offset)?;
        match &self.kind {
            FenErrorKind::Empty => f.write_str("empty, expected a board"),
            FenErrorKind::UnexpectedChar(c) => write!(
                f,
                "unexpected {c:?}: expected a piece letter (KABNRCP, kabnrcp, or H/E), a digit 1-9 or '/'"
            ),
            FenErrorKind::RankTooLong { rank } => {
                write!(f, "rank {rank} describes more than 9 points")
            }
            FenErrorKind::RankTooShort { rank, points } => {
                write!(f, "rank {rank} describes {points} points, not 9")
            }
            FenErrorKind::TooManyRanks => f.write_str("more than 10 ranks"),
            FenErrorKind::TooFewRanks { found } => {
                write!(f, "{found} ranks, expected 10 separated by '/'")
            }
            FenErrorKind::BadSide(s) => {
                write!(f, "side to move {s:?}: expected w or r (Red) or b (Black)")
            }
            FenErrorKind::BadCounter(s) => write!(f, "move counter {s:?} is not a number"),
            FenErrorKind::Trailing(s) => write!(f, "unexpected text {s:?} after the counters"),
        }
    }
}

impl std::error::Error for FenError {}

/// Splits the text into whitespace-separated fields with their byte offsets.
fn fields(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let base = text.as_ptr() as usize;
    text.split_ascii_whitespace()
        .map(move |w| (w.as_ptr() as usize - base, w))
}

/// Reads a FEN into an unchecked [`Setup`].
///
/// ```
/// use xiangqi::fen::parse_fen;
/// let setup = parse_fen("4k4/9/9/9/9/9/9/9/9/4K4 r").unwrap();
/// assert_eq!(setup.board.iter().flatten().count(), 2);
/// let err = parse_fen("4k4/9/9/9/9/9/9/9/9/4X4 w").unwrap_err();
/// assert_eq!(err.offset, 21); // the X
/// ```
pub fn parse_fen(text: &str) -> Result<Setup, FenError> {
    let mut setup = Setup::empty();
    let mut fields = fields(text);
    let (board_at, board) = fields.next().ok_or(FenError {
        offset: 0,
        kind: FenErrorKind::Empty,
    })?;
    parse_board(board, board_at, &mut setup)?;

    if let Some((at, side)) = fields.next() {
        setup.turn = match side {
            "w" | "W" | "r" | "R" => Color::Red,
            "b" | "B" => Color::Black,
            _ => {
                return Err(FenError {
                    offset: at,
                    kind: FenErrorKind::BadSide(side.to_owned()),
                });
            }
        };
    }
    let mut rest = fields.peekable();
    // The castling and en-passant fields chess FEN carries: xiangqi writes `-` for both.
    for _ in 0..2 {
        if rest.next_if(|(_, w)| *w == "-").is_none() {
            break;
        }
    }
    let mut counter = |default: u32| -> Result<u32, FenError> {
        match rest.next() {
            None => Ok(default),
            Some((at, w)) => w.parse::<u32>().map_err(|_| FenError {
                offset: at,
                kind: FenErrorKind::BadCounter(w.to_owned()),
            }),
        }
    };
    setup.halfmoves = counter(0)?;
    setup.fullmoves = counter(1)?.max(1);
    if let Some((at, w)) = rest.next() {
        return Err(FenError {
            offset: at,
            kind: FenErrorKind::Trailing(w.to_owned()),
        });
    }
    Ok(setup)
}

fn parse_board(board: &str, base: usize, setup: &mut Setup) -> Result<(), FenError> {
    let mut rank: i32 = 9;
    let mut file: u8 = 0;
    for (i, c) in board.char_indices() {
        let offset = base + i;
        let err = |kind| Err(FenError { offset, kind });
        match c {
            '/' => {
                if file < 9 {
                    return err(FenErrorKind::RankTooShort {
                        rank: rank as u8,
                        points: file,
                    });
                }
                rank -= 1;
                file = 0;
                if rank < 0 {
                    return err(FenErrorKind::TooManyRanks);
                }
            }
            '1'..='9' => {
                file += c as u8 - b'0';
                if file > 9 {
                    return err(FenErrorKind::RankTooLong { rank: rank as u8 });
                }
            }
            _ => {
                let Some(piece) = Piece::from_fen_char(c) else {
                    return err(FenErrorKind::UnexpectedChar(c));
                };
                if file >= 9 {
                    return err(FenErrorKind::RankTooLong { rank: rank as u8 });
                }
                setup.board[rank as usize * 9 + file as usize] = Some(piece);
                file += 1;
            }
        }
    }
    let end = base + board.len();
    if rank > 0 {
        return Err(FenError {
            offset: end,
            kind: FenErrorKind::TooFewRanks {
                found: (10 - rank) as u8,
            },
        });
    }
    if file < 9 {
        return Err(FenError {
            offset: end,
            kind: FenErrorKind::RankTooShort {
                rank: 0,
                points: file,
            },
        });
    }
    Ok(())
}

/// Writes the board field of a FEN.
pub fn write_board(board: &[Option<Piece>; 90]) -> String {
    let mut out = String::with_capacity(90);
    for rank in (0..10).rev() {
        let mut empty = 0;
        for file in 0..9 {
            match board[rank * 9 + file] {
                None => empty += 1,
                Some(p) => {
                    if empty > 0 {
                        out.push((b'0' + empty) as char);
                        empty = 0;
                    }
                    out.push(p.fen_char());
                }
            }
        }
        if empty > 0 {
            out.push((b'0' + empty) as char);
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out
}

/// Writes a setup as a standard FEN.
///
/// ```
/// use xiangqi::{fen, Setup};
/// assert_eq!(fen::write_setup(&Setup::start()), fen::START_FEN);
/// ```
pub fn write_setup(setup: &Setup) -> String {
    format!(
        "{} {} - - {} {}",
        write_board(&setup.board),
        match setup.turn {
            Color::Red => 'w',
            Color::Black => 'b',
        },
        setup.halfmoves,
        setup.fullmoves
    )
}

impl fmt::Debug for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Setup({})", write_setup(self))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lenient_forms_read_like_the_standard_one() {
        let standard = parse_fen(START_FEN).unwrap();
        let lenient =
            parse_fen("rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r").unwrap();
        assert_eq!(standard, lenient);
        let no_dashes =
            parse_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w 0 1").unwrap();
        assert_eq!(standard, no_dashes);
    }

    #[test]
    fn errors_name_the_place() {
        let e =
            parse_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN w").unwrap_err();
        assert_eq!(e.kind, FenErrorKind::RankTooShort { rank: 0, points: 8 });
        let e =
            parse_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x").unwrap_err();
        assert_eq!(e.offset, 60);
        assert!(matches!(e.kind, FenErrorKind::BadSide(_)));
        let e = parse_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9").unwrap_err();
        assert_eq!(e.kind, FenErrorKind::TooFewRanks { found: 9 });
        let e = parse_fen("rnbakabnr1/9/9/9/9/9/9/9/9/9").unwrap_err();
        assert_eq!(e.kind, FenErrorKind::RankTooLong { rank: 9 });
        assert_eq!(e.offset, 9);
        let e = parse_fen("9/9/9/9/9/9/9/9/9/9 w - - x").unwrap_err();
        assert!(matches!(e.kind, FenErrorKind::BadCounter(_)));
        assert!(e.to_string().contains("byte 26"));
    }
}
