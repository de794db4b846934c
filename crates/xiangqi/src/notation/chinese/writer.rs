//! Writing Chinese notation in the modern standard form (see the module documentation).

use crate::{Color, Move, Position};

use super::super::spec::{Dir, direction_and_number};
use super::super::standing::{Standing, standing};
use super::tables::RED_NUMERALS;

fn number(side: Color, n: u8, out: &mut String) {
    match side {
        Color::Red => out.push(RED_NUMERALS[n as usize - 1]),
        Color::Black => out.push((b'0' + n) as char),
    }
}

/// The place word for the `index`-th (0 = front) of `count` on a file.
pub(crate) fn place_word(count: usize, index: usize) -> char {
    match (count, index) {
        (2, 0) | (3, 0) => '前',
        (3, 1) => '中',
        (2, 1) | (3, 2) => '后',
        _ => RED_NUMERALS[index.min(8)],
    }
}

/// Writes `m`, a legal move of `pos`.
pub(crate) fn write(pos: &Position, m: Move, out: &mut String) {
    let Some(piece) = pos.piece_at(m.from()) else {
        // Not a move of this position; the contract says it is, so write ICCS rather than panic.
        out.push_str(&m.to_string());
        return;
    };
    let side = piece.color;
    let (from, to) = (m.from(), m.to());
    let file = from.file().from_right(side);
    let Standing {
        by_place,
        on_file,
        index,
        doubled_files,
    } = standing(pos, piece, from);
    if by_place {
        out.push(place_word(on_file, index));
        out.push(piece.chinese());
        if doubled_files >= 2 {
            number(side, file, out);
        }
    } else {
        out.push(piece.chinese());
        number(side, file, out);
    }
    let (dir, value) = direction_and_number(piece, from, to, side);
    out.push(match dir {
        Dir::Forward => '进',
        Dir::Backward => '退',
        Dir::Sideways => '平',
    });
    number(side, value, out);
}
