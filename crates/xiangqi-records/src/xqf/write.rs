//! Writing XQF: version 11 with all keys zero, which makes the scrambling the identity
//! (`XQFTOOLS/xqf2pgn.cpp`: every key, and so every key-stream byte, is 0; comment lengths are
//! stored plus 767). Version 11 rather than ElephantEye's 10 because 1.0 cannot hold
//! variations.

use xiangqi::{Color, Position};

use super::header::{HEADER, SLOTS, STRINGS, TYPES};
use crate::text::{Encoding, encode};
use crate::write::WriteError;
use crate::{GameRecord, GameResult, Line, Ply};

/// Writes a game as XQF bytes.
///
/// ```
/// use xiangqi_records::{GameRecord, xqf::{read_xqf, write_xqf}};
/// let mut game = GameRecord::from_moves(xiangqi::Position::start(),
///     ["h2e2", "h9g7"].iter().map(|m| m.parse().unwrap()));
/// game.tags.set("Result", "*");
/// let bytes = write_xqf(&game).unwrap();
/// assert_eq!(read_xqf(&bytes).unwrap(), game);
/// ```
pub fn write_xqf(game: &GameRecord) -> Result<Vec<u8>, WriteError> {
    check_legal(game)?;
    // XQF stores no side to move: readers take the colour of the first move's piece, and
    // Red when there is none (`XQFTOOLS/XQF.TXT`). A record of no moves from a position
    // with Black to move would read back as Red to move, a different (maybe illegal) game.
    if game.moves.plies.is_empty() && game.start.turn() == Color::Black {
        return Err(WriteError::Unrepresentable(
            "Black to move in a record with no moves (XQF takes the side to move from the \
             first move)"
                .to_owned(),
        ));
    }
    let mut out = vec![0u8; HEADER];
    out[0] = b'X';
    out[1] = b'Q';
    out[2] = 11;
    write_pieces(&game.start, &mut out)?;
    out[0x33] = match game.outcome() {
        GameResult::RedWins => 1,
        GameResult::BlackWins => 2,
        GameResult::Draw => 3,
        // XQF has no code for a double loss; a record's reading never yields one.
        GameResult::BothLose | GameResult::Ongoing => 0,
    };
    out[0x40] = match game.tags.get("Type") {
        Some(t) => TYPES.iter().position(|k| *k == t).unwrap_or(0) as u8,
        None if game.start != Position::start() => 3,
        None => 0,
    };
    write_strings(game, &mut out);
    write_moves(game, &mut out);
    Ok(out)
}

/// The tags XQF has a field for, in GBK, each cut to its field's size.
fn write_strings(game: &GameRecord, out: &mut [u8]) {
    for (offset, cap, name) in STRINGS {
        let Some(value) = game.tags.get(name) else {
            continue;
        };
        let bytes = encode(value, Encoding::Gbk);
        let mut len = bytes.len().min(cap - 1);
        // Never cut a two-byte GBK character in half.
        while len > 0 && cut_inside(&bytes, len) {
            len -= 1;
        }
        out[offset] = len as u8;
        out[offset + 1..offset + 1 + len].copy_from_slice(&bytes[..len]);
    }
}

/// The move records after the header: the root (the game comment), then every move in
/// pre-order.
fn write_moves(game: &GameRecord, out: &mut Vec<u8>) {
    // The root record carries the game comment.
    let has_moves = !game.moves.plies.is_empty();
    record(out, 0, 0, has_moves, false, game.moves.comment.as_deref());
    // Pre-order: a move, its continuation, then its alternatives; an explicit stack keeps
    // long games off the call stack.
    let mut stack: Vec<(Group, usize)> = Vec::new();
    if has_moves {
        stack.push((group(&game.moves, 0), 0));
    }
    while let Some((members, i)) = stack.pop() {
        let Some(&(ply, line, next)) = members.get(i) else {
            continue;
        };
        let more = i + 1 < members.len();
        let cont = next < line.plies.len();
        let (from, to) = (ply.mv.from(), ply.mv.to());
        let sq = |s: xiangqi::Square| s.file().index() * 10 + s.rank().index();
        record(out, sq(from), sq(to), cont, more, ply.comment.as_deref());
        let after = group(line, next);
        stack.push((members, i + 1));
        if cont {
            stack.push((after, 0));
        }
    }
}

/// Moves from one position: each ply, the line it is in, and where its continuation starts.
type Group<'a> = Vec<(&'a Ply, &'a Line, usize)>;

/// Whether `len` falls between the two bytes of a GBK character.
fn cut_inside(bytes: &[u8], len: usize) -> bool {
    let mut i = 0;
    while i < len {
        i += match (bytes[i], bytes.get(i + 1)) {
            (0x81.., Some(0x30..=0x39)) => 4,
            (0x81.., _) => 2,
            _ => 1,
        };
    }
    i > len
}

/// The moves that can be played from the position before `line.plies[at]`: that ply, then
/// every variation's first move (and, flattened, the alternatives to those).
fn group(line: &Line, at: usize) -> Group<'_> {
    let mut out = Vec::new();
    if let Some(ply) = line.plies.get(at) {
        out.push((ply, line, at + 1));
        for var in &ply.variations {
            out.extend(group(var, 0));
        }
    }
    out
}

fn record(out: &mut Vec<u8>, from: u8, to: u8, child: bool, sibling: bool, comment: Option<&str>) {
    // XQStudio writes CRLF line breaks in comments.
    let comment = comment
        .filter(|c| !c.is_empty())
        .map(|c| encode(&c.replace('\n', "\r\n"), Encoding::Gbk).into_owned());
    let mut tag = 0u8;
    if child {
        tag |= 0x80;
    }
    if sibling {
        tag |= 0x40;
    }
    if comment.is_some() {
        tag |= 0x20;
    }
    out.extend_from_slice(&[from + 0x18, to + 0x20, tag, 0]);
    if let Some(c) = comment {
        out.extend_from_slice(&(c.len() as u32 + 767).to_le_bytes());
        out.extend_from_slice(&c);
    }
}

fn write_pieces(start: &Position, out: &mut [u8]) -> Result<(), WriteError> {
    let mut slots = [0xFFu8; 32];
    for (sq, piece) in start.pieces() {
        let base = if piece.color == Color::Red { 0 } else { 16 };
        let free = (0..16).find(|&i| SLOTS[i] == piece.role && slots[base + i] == 0xFF);
        let Some(i) = free else {
            return Err(WriteError::Unrepresentable(format!(
                "a start position with more than the usual number of {} {}s",
                piece.color.name(),
                piece.role.name()
            )));
        };
        slots[base + i] = sq.file().index() * 10 + sq.rank().index();
    }
    out[0x10..0x30].copy_from_slice(&slots);
    Ok(())
}

/// Every move must be legal: XQF stores squares, but a reader replays them.
fn check_legal(game: &GameRecord) -> Result<(), WriteError> {
    fn walk(line: &Line, mut pos: Position, first: u32) -> Result<(), WriteError> {
        for (i, ply) in line.plies.iter().enumerate() {
            for var in &ply.variations {
                walk(var, pos.clone(), first + i as u32)?;
            }
            crate::write::play(&mut pos, ply.mv, first + i as u32 + 1)?;
        }
        Ok(())
    }
    walk(&game.moves, game.start.clone(), 0)
}
