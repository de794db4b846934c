//! Reading XQF (`xqbase/eleeye` `XQFTOOLS/XQF.TXT`, the XQF 1.0 description by XQStudio's
//! author, and `XQFTOOLS/xqf2pgn.cpp` for the scrambled versions).

use xiangqi::{Color, File, Move, Piece, Position, Rank, Setup, Square};

use super::header::{HEADER, SLOTS, STRINGS, TYPES};
use super::keys::Keys;
use crate::text::decode_gbk;
use crate::tree::{RawTree, Stored};
use crate::{ErrorKind, GameRecord, GameResult, Place, RecordError, Tags};

fn err(place: Place, kind: ErrorKind) -> RecordError {
    RecordError {
        game: 1,
        ply: None,
        place,
        kind,
    }
}

/// An XQF square byte (`x*10 + y`, y from Red's side), or `None` off the board.
fn square(b: u8) -> Option<Square> {
    let file = File::new(b / 10)?;
    let rank = Rank::new(b % 10)?;
    Some(Square::from_coords(file, rank))
}

/// Reads an XQF file, any version. Damaged move records do not lose the rest: the tree read
/// so far is kept and the damage is listed in [`GameRecord::problems`].
///
/// ```
/// let err = xiangqi_records::xqf::read_xqf(b"XQ\x0a").unwrap_err();
/// assert_eq!(err.to_string(), "game 1, byte offset 3: file ends inside the 1024-byte header");
/// ```
pub fn read_xqf(bytes: &[u8]) -> Result<GameRecord, RecordError> {
    if !bytes.starts_with(b"XQ") {
        return Err(err(
            Place::Byte(0),
            ErrorKind::NotThisFormat("XQF (no XQ magic)"),
        ));
    }
    if bytes.len() < HEADER {
        return Err(err(
            Place::Byte(bytes.len() as u64),
            ErrorKind::Truncated("the 1024-byte header"),
        ));
    }
    let h = &bytes[..HEADER];
    let version = h[2];
    let keys = Keys::from_header(h);
    let mut setup = read_pieces(h, version, keys)?;
    let tags = read_tags(h);

    let mut moves = MoveArea {
        bytes,
        at: HEADER,
        keys,
        version,
    };
    let mut problems = Vec::new();
    let tree = moves.read_tree(&mut problems);
    if let Some(first) = tree.first_move().and_then(|n| n.mv) {
        setup.turn = first_mover(&setup, first);
    }
    let start = start_position(setup)?;
    Ok(tree.to_record(tags, start, 1, problems))
}

/// The side to move: XQF stores none, so it is the colour of the first move's piece when that
/// move can be played, and Red otherwise, as when there is no move (`XQFTOOLS/XQF.TXT`). A
/// damaged first move that cannot be played is dropped with the rest of its line; taking its
/// colour would leave a record of no moves with Black to move, which no XQF can say. Only
/// when the header's pieces allow no game with Red to move (Black in check) is that colour
/// kept, so that the position is not lost; the writer then refuses the record, saying why.
fn first_mover(setup: &Setup, first: Move) -> Color {
    let Some(piece) = setup.piece_at(first.from()) else {
        return Color::Red;
    };
    let with_turn = |turn: Color| {
        let mut trial = setup.clone();
        trial.turn = turn;
        start_position(trial)
    };
    let playable = with_turn(piece.color).is_ok_and(|mut pos| pos.play(first).is_ok());
    if playable || with_turn(Color::Red).is_err() {
        piece.color
    } else {
        Color::Red
    }
}

/// The start position of the header's pieces, their placement forgiven (a handicap or a
/// problem may put a piece where no game can).
fn start_position(setup: Setup) -> Result<Position, RecordError> {
    Position::from_setup(setup)
        .or_else(|e| e.ignore_placement())
        .map_err(|e| {
            err(
                Place::Byte(0x10),
                ErrorKind::BadStartPosition(e.to_string()),
            )
        })
}

fn read_pieces(h: &[u8], version: u8, keys: Keys) -> Result<Setup, RecordError> {
    let raw = &h[0x10..0x30];
    let mut squares = [0u8; 32];
    for (i, &b) in raw.iter().enumerate() {
        if version < 11 {
            squares[i] = b;
        } else if version == 11 {
            squares[i] = b.wrapping_sub(keys.xy);
        } else {
            let slot = (keys.xy as usize + 1 + i) % 32;
            squares[slot] = b.wrapping_sub(keys.xy);
        }
    }
    let mut setup = Setup::empty();
    for (i, &s) in squares.iter().enumerate() {
        let Some(sq) = square(s) else { continue };
        let color = if i < 16 { Color::Red } else { Color::Black };
        if setup.board[sq.index() as usize].is_some() {
            return Err(err(
                Place::Byte(0x10 + i as u64),
                ErrorKind::BadField {
                    field: "piece table".to_owned(),
                    why: format!("two pieces on {sq}"),
                },
            ));
        }
        setup.board[sq.index() as usize] = Some(Piece::new(color, SLOTS[i % 16]));
    }
    Ok(setup)
}

fn read_tags(h: &[u8]) -> Tags {
    let mut tags = Tags::default();
    for (offset, cap, name) in STRINGS {
        let len = (h[offset] as usize).min(cap - 1);
        // XQF strings are GBK by definition; short ones could pass for UTF-8 by accident.
        let text = decode_gbk(&h[offset + 1..offset + 1 + len]);
        let text = text.trim_end_matches('\0');
        if !text.trim().is_empty() {
            tags.set(name, text);
        }
    }
    let outcome = match h[0x33] {
        1 => GameResult::RedWins,
        2 => GameResult::BlackWins,
        3 | 4 => GameResult::Draw,
        _ => GameResult::Ongoing,
    };
    tags.set("Result", outcome.pgn());
    if let Some(kind) = TYPES.get(h[0x40] as usize).filter(|_| h[0x40] != 0) {
        tags.set("Type", *kind);
    }
    tags
}

/// The (scrambled) move area after the header.
struct MoveArea<'a> {
    bytes: &'a [u8],
    at: usize,
    keys: Keys,
    version: u8,
}

impl MoveArea<'_> {
    fn byte(&mut self) -> Option<u8> {
        let b = *self.bytes.get(self.at)?;
        let plain = b.wrapping_sub(self.keys.stream[self.at % 32]);
        self.at += 1;
        Some(plain)
    }

    fn u32le(&mut self) -> Option<u32> {
        let mut v = 0u32;
        for i in 0..4 {
            v |= (self.byte()? as u32) << (8 * i);
        }
        Some(v)
    }

    fn record(&mut self) -> Result<Stored, RecordError> {
        let at = self.at;
        let truncated = |at: usize| {
            err(
                Place::Byte(at as u64),
                ErrorKind::Truncated("a move record"),
            )
        };
        let mut head = [0u8; 4];
        for b in &mut head {
            *b = self.byte().ok_or_else(|| truncated(at))?;
        }
        let src = head[0].wrapping_sub(0x18).wrapping_sub(self.keys.from);
        let dst = head[1].wrapping_sub(0x20).wrapping_sub(self.keys.to);
        let tag = head[2];
        let (child, sibling, has_comment) = if self.version < 11 {
            (tag & 0xF0 != 0, tag & 0x0F != 0, true)
        } else {
            (tag & 0x80 != 0, tag & 0x40 != 0, tag & 0x20 != 0)
        };
        let mut comment = None;
        if has_comment {
            let len_at = self.at;
            let stored = self.u32le().ok_or_else(|| truncated(len_at))?;
            let len = stored.wrapping_sub(if self.version < 11 {
                0
            } else {
                self.keys.comment_size
            });
            let remaining = self.bytes.len() - self.at;
            if len as usize > remaining {
                return Err(err(
                    Place::Byte(len_at as u64),
                    ErrorKind::BadField {
                        field: "comment length".to_owned(),
                        why: format!("{len} bytes, but only {remaining} remain"),
                    },
                ));
            }
            let mut text = Vec::with_capacity(len as usize);
            for _ in 0..len {
                text.push(self.byte().ok_or_else(|| truncated(at))?);
            }
            let s = decode_gbk(&text);
            comment = crate::text::normalize_comment(s.trim_end_matches('\0'));
        }
        let mv = match (square(src), square(dst)) {
            (Some(a), Some(b)) => Some(Move::new(a, b)),
            _ => None,
        };
        let text = match mv {
            Some(m) => m.to_string(),
            None => format!("XQF squares {src}-{dst}"),
        };
        Ok(Stored {
            mv,
            text,
            child,
            sibling,
            comment,
            at,
        })
    }

    /// Reads the records in pre-order: a record, its continuation (flag "has next"), then
    /// its alternative (flag "has variation"), kept on an explicit stack so no file can
    /// exhaust the call stack.
    fn read_tree(&mut self, problems: &mut Vec<RecordError>) -> RawTree {
        if self.at >= self.bytes.len() {
            return RawTree::new(None);
        }
        let root = match self.record() {
            Ok(r) => r,
            Err(e) => {
                problems.push(e);
                return RawTree::new(None);
            }
        };
        let mut tree = RawTree::new(root.comment);
        let first = root.child.then_some(0);
        tree.grow(first, || self.record().map(Some), problems);
        tree
    }
}
