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

use crate::tree::{RawNode, RawTree};
use crate::{ErrorKind, GameRecord, GameResult, Place, RecordError, Tags};

fn err(at: usize, kind: ErrorKind) -> RecordError {
    RecordError {
        game: 1,
        ply: None,
        place: Place::Byte(at as u64),
        kind,
    }
}

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

/// One XML event, with the byte offset where it starts.
#[derive(Debug)]
enum Event<'a> {
    Start {
        name: &'a str,
        attrs: Vec<(&'a str, String)>,
        empty: bool,
    },
    End(&'a str),
    Text(String),
}

/// A minimal XML scanner: elements, attributes, text, CDATA, comments, the five named
/// entities and numeric references. Enough for CBF; anything malformed is an error at its
/// byte offset.
struct Scanner<'a> {
    text: &'a str,
    at: usize,
    base: usize,
}

fn unescape(raw: &str, at: usize) -> Result<String, RecordError> {
    let mut out = String::with_capacity(raw.len());
    let mut rest = raw;
    while let Some(i) = rest.find('&') {
        out.push_str(&rest[..i]);
        let tail = &rest[i..];
        let end = tail.find(';').ok_or_else(|| {
            err(
                at,
                ErrorKind::BadField {
                    field: "XML text".to_owned(),
                    why: "'&' without ';'".to_owned(),
                },
            )
        })?;
        let name = &tail[1..end];
        let c = match name {
            "lt" => Some('<'),
            "gt" => Some('>'),
            "amp" => Some('&'),
            "quot" => Some('"'),
            "apos" => Some('\''),
            _ => {
                let n = if let Some(h) = name.strip_prefix("#x").or(name.strip_prefix("#X")) {
                    u32::from_str_radix(h, 16).ok()
                } else if let Some(d) = name.strip_prefix('#') {
                    d.parse().ok()
                } else {
                    None
                };
                n.and_then(char::from_u32)
            }
        };
        let c = c.ok_or_else(|| {
            err(
                at,
                ErrorKind::BadField {
                    field: "XML text".to_owned(),
                    why: format!("unknown entity &{name};"),
                },
            )
        })?;
        out.push(c);
        rest = &tail[end + 1..];
    }
    out.push_str(rest);
    Ok(out)
}

impl<'a> Scanner<'a> {
    fn truncated(&self, what: &'static str) -> RecordError {
        err(self.base + self.text.len(), ErrorKind::Truncated(what))
    }

    /// The next event and its offset, `None` at the end.
    fn next(&mut self) -> Option<Result<(usize, Event<'a>), RecordError>> {
        loop {
            let rest = &self.text[self.at..];
            if rest.is_empty() {
                return None;
            }
            let at = self.base + self.at;
            if !rest.starts_with('<') {
                let len = rest.find('<').unwrap_or(rest.len());
                self.at += len;
                return Some(unescape(&rest[..len], at).map(|t| (at, Event::Text(t))));
            }
            let (skip, close) = if rest.starts_with("<![CDATA[") {
                let Some(end) = rest.find("]]>") else {
                    return Some(Err(self.truncated("a CDATA section")));
                };
                self.at += end + 3;
                return Some(Ok((at, Event::Text(rest[9..end].to_owned()))));
            } else if rest.starts_with("<!--") {
                (4, "-->")
            } else if rest.starts_with("<?") {
                (2, "?>")
            } else if rest.starts_with("<!") {
                (2, ">")
            } else {
                return Some(self.tag(rest, at));
            };
            match rest[skip..].find(close) {
                Some(end) => self.at += skip + end + close.len(),
                None => return Some(Err(self.truncated("an XML declaration or comment"))),
            }
        }
    }

    fn tag(&mut self, rest: &'a str, at: usize) -> Result<(usize, Event<'a>), RecordError> {
        let end = find_tag_end(rest).ok_or_else(|| self.truncated("an XML tag"))?;
        self.at += end + 1;
        let inner = &rest[1..end];
        if let Some(name) = inner.strip_prefix('/') {
            return Ok((at, Event::End(name.trim())));
        }
        let (inner, empty) = match inner.strip_suffix('/') {
            Some(i) => (i, true),
            None => (inner, false),
        };
        let name_end = inner
            .find(|c: char| c.is_whitespace())
            .unwrap_or(inner.len());
        let name = &inner[..name_end];
        if name.is_empty() {
            return Err(bad_tag(at, "a tag without a name"));
        }
        if let Some(c) = name.chars().find(|&c| !is_name_char(c)) {
            return Err(bad_tag(
                at,
                &format!("a tag name {name:?} with {c:?}, which no XML name holds"),
            ));
        }
        let mut attrs = Vec::new();
        let mut a = inner[name_end..].trim_start();
        while !a.is_empty() {
            let eq = a
                .find('=')
                .ok_or_else(|| bad_tag(at, "an attribute without '='"))?;
            let key = a[..eq].trim();
            let v = a[eq + 1..].trim_start();
            let quote = v
                .chars()
                .next()
                .filter(|&q| q == '"' || q == '\'')
                .ok_or_else(|| bad_tag(at, "an attribute value without quotes"))?;
            let close = v[1..]
                .find(quote)
                .ok_or_else(|| bad_tag(at, "an attribute value never closed"))?;
            attrs.push((key, unescape(&v[1..1 + close], at)?));
            a = v[close + 2..].trim_start();
        }
        Ok((at, Event::Start { name, attrs, empty }))
    }
}

fn bad_tag(at: usize, why: &str) -> RecordError {
    err(
        at,
        ErrorKind::BadField {
            field: "XML tag".to_owned(),
            why: why.to_owned(),
        },
    )
}

/// Whether `c` may stand in an XML element name. XML 1.0 (5th ed., §2.3, `NameChar`) allows
/// letters, digits, `-`, `.`, `_`, `:` and most of Unicode beyond ASCII; ASCII punctuation and
/// control characters never. (The finer rule for a name's first character is not checked.)
fn is_name_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '-' | '.' | '_' | ':') || (c as u32) >= 0xB7
}

/// The offset of the `>` closing the tag at the start of `rest`, skipping quoted values.
fn find_tag_end(rest: &str) -> Option<usize> {
    let mut quote = None;
    for (i, c) in rest.char_indices() {
        match (quote, c) {
            (None, '"' | '\'') => quote = Some(c),
            (Some(q), _) if q == c => quote = None,
            (None, '>') => return Some(i),
            _ => {}
        }
    }
    None
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
    let mut scanner = Scanner { text, at: 0, base };
    let mut path: Vec<&str> = Vec::new();
    let mut tags = Tags::default();
    let mut fen: Option<String> = None;
    let mut moves: Vec<MoveElement> = Vec::new();
    let mut field = String::new();
    let mut seen_root = false;
    while let Some(event) = scanner.next() {
        let (at, event) = event?;
        match event {
            Event::Start { name, attrs, empty } => {
                if path.is_empty() {
                    if name != "ChineseChessRecord" || seen_root {
                        return Err(err(
                            at,
                            ErrorKind::NotThisFormat("CBF (no ChineseChessRecord element)"),
                        ));
                    }
                    seen_root = true;
                }
                if name == "Move" && path.last() == Some(&"MoveList") {
                    let get = |k: &str| attrs.iter().find(|(n, _)| *n == k).map(|(_, v)| v);
                    moves.push(MoveElement {
                        value: get("value").cloned().unwrap_or_default(),
                        end: get("end").is_some_and(|v| v == "1"),
                        comment: None,
                        at,
                    });
                }
                field.clear();
                if !empty {
                    path.push(name);
                }
            }
            Event::End(name) => {
                if path.pop() != Some(name) {
                    return Err(bad_tag(at, &format!("</{name}> closes no open element")));
                }
                if path.len() == 2 && path[1] == "Head" {
                    head_field(&mut tags, &mut fen, name, field.trim());
                }
                field.clear();
            }
            Event::Text(t) => {
                match (path.last(), path.len()) {
                    (Some(&"Move"), 3) => {
                        if let Some(m) = moves.last_mut() {
                            let c = m.comment.get_or_insert_with(String::new);
                            c.push_str(&t);
                        }
                    }
                    (_, 3) => field.push_str(&t),
                    _ => {}
                }
                if path.is_empty() && !t.trim().is_empty() {
                    return Err(bad_tag(at, "text outside the record element"));
                }
            }
        }
    }
    if !seen_root {
        return Err(err(
            base,
            ErrorKind::NotThisFormat("CBF (no ChineseChessRecord element)"),
        ));
    }
    if !path.is_empty() {
        return Err(scanner.truncated("the record (elements left open)"));
    }
    let start = match &fen {
        Some(f) => crate::pgn::read_start(f).map_err(|k| err(base, k))?,
        None => Position::start(),
    };
    if tags.get("Result").is_none() {
        tags.set("Result", GameResult::Ongoing.pgn());
    }
    let mut problems = Vec::new();
    let tree = build_tree(moves, &mut problems);
    Ok(tree.to_record(tags, start, 1, problems))
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
