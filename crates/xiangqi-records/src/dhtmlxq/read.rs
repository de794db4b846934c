//! Reading DhtmlXQ.

use std::collections::BTreeMap;

use xiangqi::{Color, Move, Piece, Position, Setup};

use super::fields::{FIELDS, square};
use crate::pgn::read_start;
use crate::text::decode;
use crate::tree::{RawNode, RawTree};
use crate::xqf::SLOTS;
use crate::{ErrorKind, GameRecord, GameResult, Place, RecordError, Tags};

/// Reads every DhtmlXQ game in some bytes (UTF-8 or GBK).
pub fn read_dhtmlxq(bytes: &[u8]) -> Vec<Result<GameRecord, RecordError>> {
    read_dhtmlxq_text(&decode(bytes).0)
}

/// Reads every DhtmlXQ game in a text.
///
/// ```
/// let text = r"\u005BDhtmlXQ_binit]9999995949489999739999999999332302992030404199997299999999999999\u005B/DhtmlXQ_binit]
/// \u005BDhtmlXQ_movelist]7383728283638262\u005B/DhtmlXQ_movelist]";
/// let games = xiangqi_records::dhtmlxq::read_dhtmlxq_text(text);
/// let game = games[0].as_ref().unwrap();
/// assert_eq!(game.start.fen(), "2bak4/4a4/r6r1/2PP3R1/9/9/9/9/4A4/4KA3 w - - 0 1");
/// let moves: Vec<String> = game.mainline().iter().map(|m| m.to_string()).collect();
/// assert_eq!(moves, ["h6i6", "h7i7", "i6g6", "i7g7"]);
/// ```
pub fn read_dhtmlxq_text(text: &str) -> Vec<Result<GameRecord, RecordError>> {
    let text = unescape(text);
    let mut games = Vec::new();
    let mut current: Vec<Field> = Vec::new();
    let flush = |fields: &mut Vec<Field>, games: &mut Vec<_>| {
        if !fields.is_empty() {
            let n = games.len() + 1;
            games.push(build(std::mem::take(fields), n));
        }
    };
    let mut at = 0;
    while let Some(i) = find_ci(&text[at..], "[dhtmlxq")
        .map(|i| at + i)
        .or_else(|| find_ci(&text[at..], "[/dhtmlxq]").map(|i| at + i))
    {
        let open = i;
        let Some(close) = text[open..].find(']').map(|c| open + c) else {
            break;
        };
        let name = &text[open + 1..close];
        at = close + 1;
        if name.eq_ignore_ascii_case("dhtmlxq") {
            flush(&mut current, &mut games);
            continue;
        }
        if name.eq_ignore_ascii_case("/dhtmlxq") {
            flush(&mut current, &mut games);
            continue;
        }
        let Some(field) = name
            .get(8..)
            .filter(|_| name.len() > 8 && name.as_bytes()[7] == b'_')
        else {
            continue;
        };
        if field.starts_with('/') {
            continue;
        }
        // The value runs to `[/DhtmlXQ_name]`, or leniently to the next DhtmlXQ bracket.
        let end_tag = format!("[/{name}]");
        let (value_end, next) = match find_ci(&text[at..], &end_tag) {
            Some(e) if !text[at..at + e].to_ascii_lowercase().contains("[dhtmlxq") => {
                (at + e, at + e + end_tag.len())
            }
            _ => {
                let e = find_ci(&text[at..], "[dhtmlxq")
                    .into_iter()
                    .chain(find_ci(&text[at..], "[/dhtmlxq"))
                    .min()
                    .map_or(text.len(), |e| at + e);
                (e, e)
            }
        };
        let key = field.to_ascii_lowercase();
        if current.iter().any(|f| f.key == key) {
            flush(&mut current, &mut games);
        }
        current.push(Field {
            key,
            name: field.to_owned(),
            value: text[at..value_end].to_owned(),
            place: place_of(&text, open),
        });
        at = next;
    }
    flush(&mut current, &mut games);
    games
}

struct Field {
    /// The name in lower case, for matching.
    key: String,
    /// The name as written, kept for fields with no PGN tag name.
    name: String,
    value: String,
    place: Place,
}

fn place_of(text: &str, at: usize) -> Place {
    let before = &text[..at];
    let line = before.matches('\n').count() as u64 + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    Place::Text {
        line,
        column: text[line_start..at].chars().count() as u64 + 1,
    }
}

fn find_ci(hay: &str, needle: &str) -> Option<usize> {
    let (h, n) = (hay.as_bytes(), needle.as_bytes());
    if n.is_empty() || h.len() < n.len() {
        return None;
    }
    (0..=h.len() - n.len()).find(|&i| h[i..i + n.len()].eq_ignore_ascii_case(n))
}

/// Undoes `\uXXXX` escapes (forums escape the brackets so as not to render the board).
fn unescape(text: &str) -> String {
    if !text.contains("\\u") {
        return text.to_owned();
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find("\\u") {
        out.push_str(&rest[..i]);
        let hex = rest.get(i + 2..i + 6);
        match hex
            .filter(|h| h.bytes().all(|b| b.is_ascii_hexdigit()))
            .and_then(|h| u32::from_str_radix(h, 16).ok())
            .and_then(char::from_u32)
        {
            Some(c) => {
                out.push(c);
                rest = &rest[i + 6..];
            }
            None => {
                out.push_str("\\u");
                rest = &rest[i + 2..];
            }
        }
    }
    out.push_str(rest);
    out
}

fn error(game: usize, place: Place, kind: ErrorKind) -> RecordError {
    RecordError {
        game,
        ply: None,
        place,
        kind,
    }
}

fn read_binit(value: &str, game: usize, place: Place) -> Result<Setup, RecordError> {
    let digits: Vec<u8> = value.bytes().filter(|b| !b.is_ascii_whitespace()).collect();
    if digits.len() != 64 || !digits.iter().all(u8::is_ascii_digit) {
        return Err(error(
            game,
            place,
            ErrorKind::BadField {
                field: "binit".to_owned(),
                why: format!("expected 64 digits (32 squares), found {:?}", value.trim()),
            },
        ));
    }
    let mut setup = Setup::empty();
    for (i, pair) in digits.chunks(2).enumerate() {
        let (x, y) = (pair[0] - b'0', pair[1] - b'0');
        let Some(sq) = square(x, y) else { continue };
        let color = if i < 16 { Color::Red } else { Color::Black };
        if setup.board[sq.index() as usize].is_some() {
            return Err(error(
                game,
                place,
                ErrorKind::BadField {
                    field: "binit".to_owned(),
                    why: format!("two pieces on {sq}"),
                },
            ));
        }
        setup.board[sq.index() as usize] = Some(Piece::new(color, SLOTS[i % 16]));
    }
    Ok(setup)
}

/// The moves of a movelist: 4 digits each, `x1y1x2y2`.
fn read_moves(value: &str) -> Vec<(Option<Move>, String)> {
    let digits: Vec<char> = value.chars().filter(|c| !c.is_whitespace()).collect();
    digits
        .chunks(4)
        .map(|c| {
            let text: String = c.iter().collect();
            let d: Vec<u8> = c
                .iter()
                .filter_map(|c| c.to_digit(10))
                .map(|d| d as u8)
                .collect();
            let mv = match d.as_slice() {
                [x1, y1, x2, y2] => square(*x1, *y1)
                    .zip(square(*x2, *y2))
                    .map(|(a, b)| Move::new(a, b)),
                _ => None,
            };
            (mv, format!("DhtmlXQ {text}"))
        })
        .collect()
}

struct Branch {
    parent: u32,
    start: u32,
    moves: Vec<(Option<Move>, String)>,
    place: Place,
    /// Node index of each of its plies once placed.
    nodes: Vec<usize>,
}

fn build(fields: Vec<Field>, game: usize) -> Result<GameRecord, RecordError> {
    let mut tags = Tags::default();
    let mut setup = None;
    let mut fen = None;
    let mut branches: BTreeMap<u32, Branch> = BTreeMap::new();
    let mut comments: BTreeMap<(u32, u32), String> = BTreeMap::new();
    let mut problems = Vec::new();
    for f in fields {
        let name = f.key.as_str();
        if name == "binit" {
            setup = Some(read_binit(&f.value, game, f.place)?);
        } else if name == "fen" {
            fen = Some((f.value.trim().to_owned(), f.place));
        } else if name == "movelist" {
            branches.insert(
                0,
                Branch {
                    parent: 0,
                    start: 1,
                    moves: read_moves(&f.value),
                    place: f.place,
                    nodes: Vec::new(),
                },
            );
        } else if let Some(ids) = name.strip_prefix("move_") {
            let ids: Vec<Option<u32>> = ids.split('_').map(|n| n.parse().ok()).collect();
            match ids.as_slice() {
                [Some(p), Some(n), Some(b)] if *n >= 1 => {
                    branches.insert(
                        *b,
                        Branch {
                            parent: *p,
                            start: *n,
                            moves: read_moves(&f.value),
                            place: f.place,
                            nodes: Vec::new(),
                        },
                    );
                }
                _ => problems.push(error(
                    game,
                    f.place,
                    ErrorKind::BadField {
                        field: f.name.clone(),
                        why: "expected move_PARENT_PLY_BRANCH".to_owned(),
                    },
                )),
            }
        } else if let Some(ids) = name.strip_prefix("comment") {
            let ids: Vec<Option<u32>> = ids.split('_').map(|n| n.parse().ok()).collect();
            let key = match ids.as_slice() {
                [Some(n)] => Some((0, *n)),
                [Some(b), Some(n)] => Some((*b, *n)),
                _ => None,
            };
            match key {
                Some(key) => {
                    if let Some(text) = crate::text::normalize_comment(&f.value.replace("||", "\n"))
                    {
                        comments.insert(key, text);
                    }
                }
                None => tags.set(&f.name, f.value),
            }
        } else if name == "result" {
            let outcome = GameResult::from_text(&f.value).unwrap_or(GameResult::Ongoing);
            tags.set("Result", outcome.pgn());
        } else if !f.value.trim().is_empty() {
            let tag = FIELDS
                .iter()
                .find(|(d, _)| *d == name)
                .map_or(f.name.as_str(), |(_, t)| t);
            tags.set(tag, f.value.trim());
        }
    }
    if tags.get("Result").is_none() {
        tags.set("Result", GameResult::Ongoing.pgn());
    }
    let tree = place_branches(&mut branches, &comments, game, &mut problems);
    let start = match fen {
        Some((fen, place)) => read_start(&fen).map_err(|kind| error(game, place, kind))?,
        None => {
            let mut setup = setup.unwrap_or_else(Setup::start);
            if let Some(p) = tree
                .first_move()
                .and_then(|n| n.mv)
                .and_then(|m| setup.piece_at(m.from()))
            {
                setup.turn = p.color;
            }
            Position::from_setup(setup)
                .or_else(|e| e.ignore_placement())
                .map_err(|e| {
                    error(
                        game,
                        Place::Game,
                        ErrorKind::BadStartPosition(e.to_string()),
                    )
                })?
        }
    };
    Ok(tree.to_record(tags, start, game, problems))
}

/// Hangs every branch onto the tree under the node it branches from (a branch whose parent
/// comes later is placed once its parent is; one that never fits is a problem).
fn place_branches(
    branches: &mut BTreeMap<u32, Branch>,
    comments: &BTreeMap<(u32, u32), String>,
    game: usize,
    problems: &mut Vec<RecordError>,
) -> RawTree {
    let mut tree = RawTree::new(comments.get(&(0, 0)).cloned());
    let mut pending: Vec<u32> = branches.keys().copied().collect();
    let mut placed: Vec<u32> = Vec::new();
    loop {
        let before = pending.len();
        pending.retain(|&id| {
            let (parent_id, start) = (branches[&id].parent, branches[&id].start);
            // The node the branch's first move follows: ply start-1 along the parent's line.
            let anchor = if id == 0 {
                Some(0)
            } else if !placed.contains(&parent_id) {
                return true;
            } else {
                node_at(branches, parent_id, start - 1)
            };
            let Some(mut node) = anchor else {
                let b = &branches[&id];
                problems.push(error(
                    game,
                    b.place,
                    ErrorKind::BadField {
                        field: format!("move_{parent_id}_{start}_{id}"),
                        why: format!("branch {parent_id} has no ply {}", start - 1),
                    },
                ));
                return false;
            };
            let b = &branches[&id];
            let mut nodes = Vec::with_capacity(b.moves.len());
            let line_comment = comments.get(&(id, start - 1)).filter(|_| id != 0).cloned();
            for (k, (mv, text)) in b.moves.iter().enumerate() {
                let ply = start + k as u32;
                let comment = comments.get(&(id, ply)).cloned();
                let line_comment = if k == 0 { line_comment.clone() } else { None };
                node = tree.add(
                    node,
                    RawNode {
                        mv: *mv,
                        text: text.clone(),
                        comment,
                        line_comment,
                        children: Vec::new(),
                        place: b.place,
                    },
                );
                nodes.push(node);
            }
            if let Some(b) = branches.get_mut(&id) {
                b.nodes = nodes;
            }
            placed.push(id);
            false
        });
        if pending.is_empty() || pending.len() == before {
            break;
        }
    }
    for id in pending {
        let b = &branches[&id];
        problems.push(error(
            game,
            b.place,
            ErrorKind::BadField {
                field: format!("move_{}_{}_{id}", b.parent, b.start),
                why: format!("its parent branch {} does not exist", b.parent),
            },
        ));
    }
    tree
}

/// The node at global ply `ply` along branch `id` (0 = the root).
fn node_at(branches: &BTreeMap<u32, Branch>, mut id: u32, ply: u32) -> Option<usize> {
    if ply == 0 {
        return Some(0);
    }
    for _ in 0..=branches.len() {
        let b = branches.get(&id)?;
        if ply >= b.start {
            return b.nodes.get((ply - b.start) as usize).copied();
        }
        if id == 0 {
            return None;
        }
        id = b.parent;
    }
    None
}
