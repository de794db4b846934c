//! Reading CBR (one CCBridge game) and CBL (a library of CBR records).
//!
//! The byte layout, learnt from reading the CBR/CBL reader of the PyPI package `cchess`
//! 1.25.5 (walker8088/cchess, `read_cbr.py`) and checked against the corpus files:
//!
//! - CBR: magic `CCBridge Record\0` at 0; UTF-16LE strings, NUL-terminated in fixed fields:
//!   title at 180 (128 bytes), event at 692 (64), red at 1076 (64), black at 1300 (64)
//!   (from `cchess`); date at 884, site at 948, red's team at 1140, black's team at 1364
//!   (64 each; found in the corpus libraries, where every record holds them consistently);
//!   result byte at 2076 (codes as CBF's `RecordResult`); side to move at 2116 (u16, 1 =
//!   Red); the board at 2120, 90 bytes, row by row from Black's side, piece codes `0x11`–
//!   `0x17` Red and `0x21`–`0x27` Black (rook, horse, elephant, advisor, king, cannon,
//!   pawn). The move area starts at 2214: an i32 flag, and when it is not 0 an i32 length
//!   and the game comment; then move records of 4 bytes (flags, unused, from, to; a square
//!   is `row * 9 + file` with rows from Black's side), flags bit 0 = the line ends here,
//!   bit 1 = an alternative follows this move's subtree, bit 2 = an i32 length and a
//!   comment follow. Records are in pre-order, as in XQF. Four zero bytes where a record
//!   is expected end the tree.
//! - CBL: magic `CCBridgeLibrary\0` at 0, the library name at 64 (512 bytes, UTF-16LE).
//!   The records follow an index, each starting on a 4096-byte block boundary counted
//!   from the first record (at 101,952 in both corpus libraries); a block that does not
//!   start with the CBR magic continues the record before it.
//!
//! A record with an empty board (a CBL section title) is not a game: it is
//! read as an error naming it so, and the library's other records are read as usual.
//!
//! Header strings are trimmed: libraries indent titles with spaces to lay out their index.
//!
//! The header holds other fields too, among bytes that are left uninitialised by the
//! writing program (stray memory is visible in the corpus files), so only the fields above
//! are read.

use xiangqi::{Color, File, Move, Piece, Position, Rank, Role, Setup, Square};

use super::cbf::outcome_of;
use crate::tree::{RawTree, Stored};
use crate::{ErrorKind, GameRecord, Place, RecordError, Tags};

/// The magic of a CBR record.
pub const CBR_MAGIC: &[u8; 16] = b"CCBridge Record\0";
/// The magic of a CBL library.
pub const CBL_MAGIC: &[u8; 16] = b"CCBridgeLibrary\0";

const HEADER: usize = 2214;
const STRINGS: [(usize, usize, &str); 8] = [
    (180, 128, "Title"),
    (692, 64, "Event"),
    (884, 64, "Date"),
    (948, 64, "Site"),
    (1076, 64, "Red"),
    (1140, 64, "RedTeam"),
    (1300, 64, "Black"),
    (1364, 64, "BlackTeam"),
];
const RESULT: usize = 2076;
const TURN: usize = 2116;
const BOARD: usize = 2120;
const BLOCK: usize = 4096;
const LIBRARY_NAME: (usize, usize) = (64, 512);

/// A CBL library: its name and its records, each read or failed on its own.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Library {
    /// The library's name, when it has one.
    pub name: Option<String>,
    /// The records in file order.
    pub games: Vec<Result<GameRecord, RecordError>>,
}

fn err(game: usize, at: usize, kind: ErrorKind) -> RecordError {
    RecordError {
        game,
        ply: None,
        place: Place::Byte(at as u64),
        kind,
    }
}

/// A UTF-16LE string cut at its first NUL (an unpaired surrogate becomes U+FFFD).
fn utf16(bytes: &[u8]) -> String {
    let units: Vec<u16> = bytes
        .chunks_exact(2)
        .map(|c| u16::from_le_bytes([c[0], c[1]]))
        .take_while(|&u| u != 0)
        .collect();
    String::from_utf16_lossy(&units)
}

/// A CBR square byte, `None` off the board.
fn square(b: u8) -> Option<Square> {
    let file = File::new(b % 9)?;
    let rank = Rank::new(9u8.checked_sub(b / 9)?)?;
    Some(Square::from_coords(file, rank))
}

fn role(code: u8) -> Option<Role> {
    use Role::*;
    Some(match code {
        1 => Rook,
        2 => Horse,
        3 => Elephant,
        4 => Advisor,
        5 => King,
        6 => Cannon,
        7 => Pawn,
        _ => return None,
    })
}

/// Reads a CBR file.
///
/// ```
/// let err = xiangqi_records::ccbridge::read_cbr(b"CCBridge Record\0").unwrap_err();
/// assert_eq!(err.to_string(), "game 1, byte offset 16: file ends inside the 2214-byte CBR header");
/// ```
pub fn read_cbr(bytes: &[u8]) -> Result<GameRecord, RecordError> {
    read_record(bytes, 0, 1)
}

/// Reads the record `bytes` that starts at `base` in its file, as game number `game`.
fn read_record(bytes: &[u8], base: usize, game: usize) -> Result<GameRecord, RecordError> {
    if !bytes.starts_with(CBR_MAGIC) {
        return Err(err(
            game,
            base,
            ErrorKind::NotThisFormat("CBR (no CCBridge Record magic)"),
        ));
    }
    if bytes.len() < HEADER {
        return Err(err(
            game,
            base + bytes.len(),
            ErrorKind::Truncated("the 2214-byte CBR header"),
        ));
    }
    let tags = header_tags(bytes);
    let setup = board(bytes, base, game)?;
    let mut area = MoveArea {
        bytes,
        at: HEADER,
        base,
        game,
    };
    let mut problems = Vec::new();
    let tree = area.read_tree(&mut problems);
    if setup.board.iter().all(Option::is_none) {
        // CBL libraries use such records as section titles (男子组, 女子组), with a
        // comment and stray move bytes that no board could play.
        let title = tags.get("Title").unwrap_or("").trim();
        return Err(err(
            game,
            base + BOARD,
            ErrorKind::BadField {
                field: "board".to_owned(),
                why: format!("empty: a section header titled {title:?}, not a game"),
            },
        ));
    }
    let start = Position::from_setup(setup)
        .or_else(|e| e.ignore_placement())
        .map_err(|e| {
            err(
                game,
                base + BOARD,
                ErrorKind::BadStartPosition(e.to_string()),
            )
        })?;
    Ok(tree.to_record(tags, start, game, problems))
}

/// The header's strings and result byte as tags (PGN names).
fn header_tags(bytes: &[u8]) -> Tags {
    let mut tags = Tags::default();
    for (at, len, name) in STRINGS {
        let text = utf16(&bytes[at..at + len]);
        // Libraries indent titles with leading spaces to lay out their index; that is
        // layout, not the title, and no other format keeps it.
        if !text.trim().is_empty() {
            tags.set(name, text.trim());
        }
    }
    tags.set("Result", outcome_of(bytes[RESULT] as u32).pgn());
    tags
}

/// The start position's pieces and side to move, as the header stores them.
fn board(bytes: &[u8], base: usize, game: usize) -> Result<Setup, RecordError> {
    let mut setup = Setup::empty();
    for (i, &code) in bytes[BOARD..BOARD + 90].iter().enumerate() {
        if code == 0 {
            continue;
        }
        let color = match code >> 4 {
            1 => Some(Color::Red),
            2 => Some(Color::Black),
            _ => None,
        };
        let (Some(color), Some(role), Some(sq)) = (color, role(code & 0x0F), square(i as u8))
        else {
            return Err(err(
                game,
                base + BOARD + i,
                ErrorKind::BadField {
                    field: "board".to_owned(),
                    why: format!("unknown piece code {code:#04x}"),
                },
            ));
        };
        setup.board[sq.index() as usize] = Some(Piece::new(color, role));
    }
    setup.turn = if u16::from_le_bytes([bytes[TURN], bytes[TURN + 1]]) == 1 {
        Color::Red
    } else {
        Color::Black
    };
    Ok(setup)
}

struct MoveArea<'a> {
    bytes: &'a [u8],
    at: usize,
    base: usize,
    game: usize,
}

impl MoveArea<'_> {
    fn truncated(&self, what: &'static str) -> RecordError {
        err(
            self.game,
            self.base + self.bytes.len(),
            ErrorKind::Truncated(what),
        )
    }

    fn take(&mut self, n: usize, what: &'static str) -> Result<&[u8], RecordError> {
        let end = self
            .at
            .checked_add(n)
            .filter(|&e| e <= self.bytes.len())
            .ok_or_else(|| self.truncated(what))?;
        let s = &self.bytes[self.at..end];
        self.at = end;
        Ok(s)
    }

    fn i32(&mut self, what: &'static str) -> Result<i32, RecordError> {
        let b = self.take(4, what)?;
        Ok(i32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }

    /// A length-prefixed UTF-16LE comment.
    fn comment(&mut self) -> Result<Option<String>, RecordError> {
        let len_at = self.at;
        let len = self.i32("a comment length")?;
        let remaining = self.bytes.len() - self.at;
        let len = usize::try_from(len)
            .ok()
            .filter(|&l| l <= remaining)
            .ok_or_else(|| {
                err(
                    self.game,
                    self.base + len_at,
                    ErrorKind::BadField {
                        field: "comment length".to_owned(),
                        why: format!("{len} bytes, but only {remaining} remain"),
                    },
                )
            })?;
        let text = utf16(self.take(len, "a comment")?);
        Ok(crate::text::normalize_comment(&text))
    }

    /// The next move record; `None` for four zero bytes or the end of the bytes.
    fn record(&mut self) -> Result<Option<Stored>, RecordError> {
        let at = self.at;
        if at >= self.bytes.len() {
            return Ok(None);
        }
        let head = self.take(4, "a move record")?;
        let [flags, _, from, to] = [head[0], head[1], head[2], head[3]];
        if head == [0; 4] {
            return Ok(None);
        }
        let comment = if flags & 4 != 0 {
            self.comment()?
        } else {
            None
        };
        let mv = match (square(from), square(to)) {
            (Some(a), Some(b)) => Some(Move::new(a, b)),
            _ => None,
        };
        Ok(Some(Stored {
            mv,
            text: mv.map_or_else(|| format!("CBR squares {from}-{to}"), |m| m.to_string()),
            child: flags & 1 == 0,
            sibling: flags & 2 != 0,
            comment,
            at,
        }))
    }

    /// The game comment, then the records in pre-order, on an explicit stack.
    fn read_tree(&mut self, problems: &mut Vec<RecordError>) -> RawTree {
        let root_comment = match self.i32("the game comment flag") {
            Ok(0) => Ok(None),
            Ok(_) => self.comment(),
            Err(e) => Err(e),
        };
        let mut tree = match root_comment {
            Ok(c) => RawTree::new(c),
            Err(e) => {
                problems.push(e);
                return RawTree::new(None);
            }
        };
        let base = self.base;
        let next = || {
            self.record().map(|r| {
                r.map(|rec| Stored {
                    at: base + rec.at,
                    ..rec
                })
            })
        };
        tree.grow(Some(0), next, problems);
        tree
    }
}

/// Reads a CBL library.
///
/// ```
/// let err = xiangqi_records::ccbridge::read_cbl(b"CCBridge Record\0").unwrap_err();
/// assert_eq!(err.to_string(), "game 1, byte offset 0: not a CBL (no CCBridgeLibrary magic) file");
/// ```
pub fn read_cbl(bytes: &[u8]) -> Result<Library, RecordError> {
    if !bytes.starts_with(CBL_MAGIC) {
        return Err(err(
            1,
            0,
            ErrorKind::NotThisFormat("CBL (no CCBridgeLibrary magic)"),
        ));
    }
    let (at, len) = LIBRARY_NAME;
    if bytes.len() < at + len {
        return Err(err(1, bytes.len(), ErrorKind::Truncated("the CBL header")));
    }
    let name = utf16(&bytes[at..at + len]);
    let name = Some(name.trim().to_owned()).filter(|n| !n.is_empty());
    let first = bytes[at + len..]
        .windows(CBR_MAGIC.len())
        .position(|w| w == CBR_MAGIC)
        .map(|i| i + at + len);
    let mut starts = Vec::new();
    if let Some(first) = first {
        let mut block = first;
        while block < bytes.len() {
            if bytes[block..].starts_with(CBR_MAGIC) {
                starts.push(block);
            }
            block += BLOCK;
        }
    }
    let games = starts
        .iter()
        .enumerate()
        .map(|(i, &s)| {
            let end = starts.get(i + 1).copied().unwrap_or(bytes.len());
            read_record(&bytes[s..end], s, i + 1)
        })
        .collect();
    Ok(Library { name, games })
}
