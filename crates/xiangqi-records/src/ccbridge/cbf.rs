//! Reading CBF, CCBridge's XML records.
//!
//! Layout (facts from the two samples in walker8088/cchess `tests/data/` and the corpus
//! README): `<ChineseChessRecord>` holds `<Head>` (one element per field, `<FEN>` the start)
//! and `<MoveList>`, a flat run of `<Move value="xy-xy">` whose first, `00-00`, is a dummy
//! root carrying the game comment; the last main-line move has `end="1"`. Comments are the
//! text (usually CDATA) of a `<Move>`.
//!
//! No sample with variations is known, so their layout is not: moves after the one marked
//! `end="1"` are not guessed at but reported in [`GameRecord::problems`].

use xiangqi::{File, Move, Position, Rank, Square};

use super::xml::{Event, Scanner, bad_tag, err};
use crate::tree::{RawNode, RawTree};
use crate::{ErrorKind, GameRecord, GameResult, Place, RecordError, Tags};

/// `<Head>` fields with a PGN name; the others keep their own name.
const HEAD_TAGS: [(&str, &str); 6] = [
    ("Name", "Title"),
    ("Contest", "Event"),
    ("TimeRule", "TimeControl"),
    ("Commentator", "Annotator"),
    ("Creator", "Author"),
    ("RecordResult", "Result"),
];

/// A `RecordResult` code as a result (the CBR result byte uses the same codes: 0 unknown,
/// 1 Red wins, 2 Black wins, 3 and 4 draws).
pub(crate) fn outcome_of(code: u32) -> GameResult {
    match code {
        1 => GameResult::RedWins,
        2 => GameResult::BlackWins,
        3 | 4 => GameResult::Draw,
        _ => GameResult::Ongoing,
    }
}

/// A CBF square: file digit, then rank digit counted from Black's side.
fn square(file: u8, rank_from_black: u8) -> Option<Square> {
    let file = File::new(file.checked_sub(b'0')?)?;
    let rank = Rank::new(9u8.checked_sub(rank_from_black.checked_sub(b'0')?)?)?;
    Some(Square::from_coords(file, rank))
}

/// A `value="xy-xy"` move, `None` when it is not one.
fn parse_move(value: &str) -> Option<Move> {
    match value.as_bytes() {
        [a, b, b'-', c, d] => Some(Move::new(square(*a, *b)?, square(*c, *d)?)),
        _ => None,
    }
}

struct MoveElement {
    value: String,
    end: bool,
    comment: Option<String>,
    at: usize,
}

/// Reads a CBF file (UTF-8, with or without BOM).
///
/// ```
/// let cbf = "<?xml version=\"1.0\"?><ChineseChessRecord><Head><Red>甲</Red>\
///     <RecordResult>1</RecordResult></Head><MoveList><Move value=\"00-00\"/>\
///     <Move value=\"77-47\"><![CDATA[中炮]]></Move><Move value=\"10-22\" end=\"1\"/>\
///     </MoveList></ChineseChessRecord>";
/// let game = xiangqi_records::ccbridge::read_cbf(cbf.as_bytes()).unwrap();
/// assert_eq!(game.mainline().iter().map(|m| m.to_string()).collect::<Vec<_>>(), ["h2e2", "b9c7"]);
/// assert_eq!(game.moves.plies[0].comment.as_deref(), Some("中炮"));
/// assert_eq!(game.outcome(), xiangqi_records::GameResult::RedWins);
/// ```
pub fn read_cbf(bytes: &[u8]) -> Result<GameRecord, RecordError> {
    let base = if bytes.starts_with(b"\xEF\xBB\xBF") {
        3
    } else {
        0
    };
    let text = std::str::from_utf8(&bytes[base..]).map_err(|e| {
        err(
            base + e.valid_up_to(),
            ErrorKind::BadField {
                field: "text".to_owned(),
                why: "not UTF-8".to_owned(),
            },
        )
    })?;
    let mut scanner = Scanner::new(text, base);
    let mut read = Gathered::default();
    while let Some(event) = scanner.next() {
        let (at, event) = event?;
        match event {
            Event::Start { name, attrs, empty } => read.start(at, name, &attrs, empty)?,
            Event::End(name) => read.end(at, name)?,
            Event::Text(t) => read.text(at, &t)?,
        }
    }
    if !read.seen_root {
        return Err(err(
            base,
            ErrorKind::NotThisFormat("CBF (no ChineseChessRecord element)"),
        ));
    }
    if !read.path.is_empty() {
        return Err(scanner.truncated("the record (elements left open)"));
    }
    let start = match &read.fen {
        Some(f) => crate::pgn::read_start(f).map_err(|k| err(base, k))?,
        None => Position::start(),
    };
    let mut tags = read.tags;
    if tags.get("Result").is_none() {
        tags.set("Result", GameResult::Ongoing.pgn());
    }
    let mut problems = Vec::new();
    let tree = build_tree(read.moves, &mut problems);
    Ok(tree.to_record(tags, start, 1, problems))
}

/// What the XML has given so far: the elements open, the head's fields, the move elements.
#[derive(Default)]
struct Gathered<'a> {
    path: Vec<&'a str>,
    tags: Tags,
    fen: Option<String>,
    moves: Vec<MoveElement>,
    /// The text of the head field open.
    field: String,
    seen_root: bool,
}

impl<'a> Gathered<'a> {
    /// An element opens: the one root, a move of the move list, or a field.
    fn start(
        &mut self,
        at: usize,
        name: &'a str,
        attrs: &[(&str, String)],
        empty: bool,
    ) -> Result<(), RecordError> {
        if self.path.is_empty() {
            if name != "ChineseChessRecord" || self.seen_root {
                return Err(err(
                    at,
                    ErrorKind::NotThisFormat("CBF (no ChineseChessRecord element)"),
                ));
            }
            self.seen_root = true;
        }
        if name == "Move" && self.path.last() == Some(&"MoveList") {
            let get = |k: &str| attrs.iter().find(|(n, _)| *n == k).map(|(_, v)| v);
            self.moves.push(MoveElement {
                value: get("value").cloned().unwrap_or_default(),
                end: get("end").is_some_and(|v| v == "1"),
                comment: None,
                at,
            });
        }
        self.field.clear();
        if !empty {
            self.path.push(name);
        }
        Ok(())
    }

    /// An element closes: the one open, and a head field is done.
    fn end(&mut self, at: usize, name: &str) -> Result<(), RecordError> {
        if self.path.pop() != Some(name) {
            return Err(bad_tag(at, &format!("</{name}> closes no open element")));
        }
        if self.path.len() == 2 && self.path[1] == "Head" {
            head_field(&mut self.tags, &mut self.fen, name, self.field.trim());
        }
        self.field.clear();
        Ok(())
    }

    /// Text: a move's comment or a field's value; none outside the root.
    fn text(&mut self, at: usize, t: &str) -> Result<(), RecordError> {
        match (self.path.last(), self.path.len()) {
            (Some(&"Move"), 3) => {
                if let Some(m) = self.moves.last_mut() {
                    let c = m.comment.get_or_insert_with(String::new);
                    c.push_str(t);
                }
            }
            (_, 3) => self.field.push_str(t),
            _ => {}
        }
        if self.path.is_empty() && !t.trim().is_empty() {
            return Err(bad_tag(at, "text outside the record element"));
        }
        Ok(())
    }
}

fn head_field(tags: &mut Tags, fen: &mut Option<String>, name: &str, value: &str) {
    if value.is_empty() {
        return;
    }
    if name == "FEN" {
        *fen = Some(value.to_owned());
        return;
    }
    if name == "RecordResult" {
        let outcome = value.parse().map(outcome_of).unwrap_or(GameResult::Ongoing);
        tags.set("Result", outcome.pgn());
        return;
    }
    let tag = HEAD_TAGS
        .iter()
        .find(|(n, _)| *n == name)
        .map_or(name, |(_, t)| t);
    tags.set(tag, value);
}

/// The move elements as a single line: the `00-00` root's comment is the game comment.
fn build_tree(moves: Vec<MoveElement>, problems: &mut Vec<RecordError>) -> RawTree {
    let mut moves = moves.into_iter().peekable();
    let root_comment = match moves.peek() {
        Some(m) if m.value == "00-00" => moves
            .next()
            .and_then(|m| m.comment)
            .and_then(|c| crate::text::normalize_comment(&c)),
        _ => None,
    };
    let mut tree = RawTree::new(root_comment);
    let mut parent = 0;
    let mut ended = false;
    for m in moves {
        if ended {
            problems.push(RecordError {
                game: 1,
                ply: None,
                place: Place::Byte(m.at as u64),
                kind: ErrorKind::BadField {
                    field: "MoveList".to_owned(),
                    why: "a move after the one marked end=\"1\" (CBF variations are not read)"
                        .to_owned(),
                },
            });
            break;
        }
        let mv = parse_move(&m.value);
        let text = match mv {
            Some(mv) => mv.to_string(),
            None => format!("CBF move {:?}", m.value),
        };
        parent = tree.add(
            parent,
            RawNode {
                mv,
                text,
                comment: m
                    .comment
                    .as_deref()
                    .and_then(crate::text::normalize_comment),
                line_comment: None,
                children: Vec::new(),
                place: Place::Byte(m.at as u64),
            },
        );
        ended = m.end;
    }
    tree
}
