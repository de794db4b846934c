//! Writing DhtmlXQ (the dpxq.com layout: `movelist`, `move_P_N_B` branches, `commentN` and
//! `commentB_N`).

use xiangqi::{Color, Position};

use super::fields::{FIELDS, digits};
use crate::write::{WriteError, play};
use crate::xqf::SLOTS;
use crate::{GameRecord, Line};

/// Escapes what would end a field early; line breaks become `line_break` (`||` as DhtmlXQ
/// writes them, unless [`comment_line_break`] says otherwise).
fn escape(value: &str, line_break: &str) -> String {
    value
        .replace("\r\n", "\n")
        .replace('\n', line_break)
        .replace('[', "\\u005B")
        .replace(']', "\\u005D")
}

/// How a comment's line breaks are written. DhtmlXQ writes one as `||`, and the reader
/// turns every `||` back into one, so a comment with a `|` of its own next to a line break
/// (`a|` then a new line: `a|||`) would read back changed. Such a comment keeps its line
/// breaks as they are (the reader takes a field over several lines); a comment holding `||`
/// itself has no spelling at all and is refused, naming the ply it follows.
fn comment_line_break(text: &str, ply: u32) -> Result<&'static str, WriteError> {
    if !text.contains('|') {
        Ok("||")
    } else if text.contains("||") {
        Err(WriteError::Unrepresentable(format!(
            "the comment {} holding \"||\" (DhtmlXQ's line break)",
            if ply == 0 {
                "before the first move".to_owned()
            } else {
                format!("after ply {ply}")
            }
        )))
    } else {
        Ok("\n")
    }
}

/// Writes a game as a `[DhtmlXQ]…[/DhtmlXQ]` block.
///
/// ```
/// use xiangqi_records::{GameRecord, dhtmlxq::write_dhtmlxq};
/// let game = GameRecord::from_moves(xiangqi::Position::start(),
///     ["h2e2", "h9g7"].iter().map(|m| m.parse().unwrap()));
/// let text = write_dhtmlxq(&game).unwrap();
/// assert!(text.contains("[DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist]"));
/// ```
pub fn write_dhtmlxq(game: &GameRecord) -> Result<String, WriteError> {
    let mut out = String::from("[DhtmlXQ]\n");
    let mut field_broken = |name: &str, value: &str, line_break: &str| {
        out.push_str(&format!(
            "[DhtmlXQ_{name}]{}[/DhtmlXQ_{name}]\n",
            escape(value, line_break)
        ));
    };
    let mut field = |name: &str, value: &str| field_broken(name, value, "||");
    for (tag, value) in game.tags.iter() {
        if tag.eq_ignore_ascii_case("Result") {
            field("result", game.outcome().chinese());
        } else {
            let name = FIELDS
                .iter()
                .find(|(_, t)| t.eq_ignore_ascii_case(tag))
                .map_or(tag, |(d, _)| d);
            field(name, value);
        }
    }
    // `binit` cannot hold Black to move, nor more pieces of a kind than the start has:
    // then vschess's `fen` says it (readers that know it prefer it).
    let squares = binit(&game.start);
    if let Some(squares) = &squares {
        field("binit", squares);
    }
    if game.start.turn() == Color::Black || squares.is_none() {
        field("fen", &game.start.fen());
    }
    let mut branches = Vec::new();
    let mut comments = Vec::new();
    let mut next_id = 1;
    collect(
        &game.moves,
        game.start.clone(),
        0,
        0,
        &mut next_id,
        &mut branches,
        &mut comments,
    )?;
    for (parent, start, id, moves) in &branches {
        if *id == 0 {
            field("movelist", moves);
        } else {
            field(&format!("move_{parent}_{start}_{id}"), moves);
        }
    }
    for (id, ply, text) in &comments {
        let line_break = comment_line_break(text, *ply)?;
        if *id == 0 {
            field_broken(&format!("comment{ply}"), text, line_break);
        } else {
            field_broken(&format!("comment{id}_{ply}"), text, line_break);
        }
    }
    out.push_str("[/DhtmlXQ]\n");
    Ok(out)
}

type Branches = Vec<(u32, u32, u32, String)>;
type Comments = Vec<(u32, u32, String)>;

/// Writes `line` as branch `id` (whose first move is ply `base + 1`), and its variations as
/// new branches numbered in depth-first order.
fn collect(
    line: &Line,
    mut pos: Position,
    base: u32,
    id: u32,
    next_id: &mut u32,
    branches: &mut Branches,
    comments: &mut Comments,
) -> Result<(), WriteError> {
    let parent_slot = branches.len();
    branches.push((0, base + 1, id, String::new()));
    if let Some(c) = &line.comment {
        comments.push((id, base, c.clone()));
    }
    let mut moves = String::new();
    for (i, ply) in line.plies.iter().enumerate() {
        let n = base + i as u32 + 1;
        for var in &ply.variations {
            let var_id = *next_id;
            *next_id += 1;
            let slot = branches.len();
            collect(var, pos.clone(), n - 1, var_id, next_id, branches, comments)?;
            branches[slot].0 = id;
        }
        for sq in [ply.mv.from(), ply.mv.to()] {
            moves.extend(digits(sq).map(char::from));
        }
        if let Some(c) = &ply.comment {
            comments.push((id, n, c.clone()));
        }
        play(&mut pos, ply.mv, n)?;
    }
    branches[parent_slot].3 = moves;
    Ok(())
}

/// The 32 squares of the start position in slot order, `99` for an absent piece.
fn binit(start: &Position) -> Option<String> {
    let mut slots = [[b'9'; 2]; 32];
    let mut used = [false; 32];
    for (sq, piece) in start.pieces() {
        let base = if piece.color == Color::Red { 0 } else { 16 };
        let i = (0..16).find(|&i| SLOTS[i] == piece.role && !used[base + i])?;
        used[base + i] = true;
        slots[base + i] = digits(sq);
    }
    Some(slots.iter().flatten().map(|&b| char::from(b)).collect())
}
