//! Reading DhtmlXQ.

use xiangqi::{Color, Piece, Position, Setup};

use super::fields::{FIELDS, error, square};
use super::lines::Lines;
use crate::pgn::read_start;
use crate::text::decode;
use crate::tree::RawTree;
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

/// The game of `fields`: its tags, its start position and its move tree.
fn build(fields: Vec<Field>, game: usize) -> Result<GameRecord, RecordError> {
    let mut tags = Tags::default();
    let mut setup = None;
    let mut fen = None;
    let mut lines = Lines::default();
    let mut problems = Vec::new();
    for f in fields {
        let name = f.key.as_str();
        if name == "binit" {
            setup = Some(read_binit(&f.value, game, f.place)?);
        } else if name == "fen" {
            fen = Some((f.value.trim().to_owned(), f.place));
        } else if name == "movelist" {
            lines.main_line(&f.value, f.place);
        } else if let Some(ids) = name.strip_prefix("move_") {
            if !lines.branch(ids, &f.value, f.place) {
                problems.push(error(
                    game,
                    f.place,
                    ErrorKind::BadField {
                        field: f.name.clone(),
                        why: "expected move_PARENT_PLY_BRANCH".to_owned(),
                    },
                ));
            }
        } else if let Some(ids) = name.strip_prefix("comment") {
            if !lines.comment(ids, &f.value) {
                tags.set(&f.name, f.value);
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
    let tree = lines.into_tree(game, &mut problems);
    let start = match fen {
        Some((fen, place)) => read_start(&fen).map_err(|kind| error(game, place, kind))?,
        None => binit_start(setup, &tree, game)?,
    };
    Ok(tree.to_record(tags, start, game, problems))
}

/// The start position of `binit` (the standard one without it), with the side to move
/// that of the piece the first move moves: `binit` does not say whose turn it is.
fn binit_start(setup: Option<Setup>, tree: &RawTree, game: usize) -> Result<Position, RecordError> {
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
        })
}
