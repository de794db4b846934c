//! Reading Chinese notation.

use super::super::spec::{Origin, Place, Spec};
use super::super::{Notation, NotationError};
use super::tables;
use crate::Role;

fn syntax(offset: usize, message: impl Into<String>) -> NotationError {
    NotationError::syntax(Notation::Chinese, offset, message)
}

/// A place word: 前/中/后, or a numeral 1–5 counting from the front (一兵, xqbase; 二7平6,
/// traditional).
fn place_word(c: char) -> Option<Place> {
    tables::place(c).or_else(|| match tables::numeral(c) {
        Some((n @ 1..=5, _)) => Some(Place::Nth(n)),
        _ => None,
    })
}

/// Reads the text into a description, without looking at a position.
pub(crate) fn read_spec(text: &str) -> Result<Spec, NotationError> {
    let (chars, len) = characters(text)?;
    let (head, tail) = chars[..len].split_at(len - 2);
    let (dir_at, dir_char) = tail[0];
    let dir = tables::direction(dir_char)
        .ok_or_else(|| syntax(dir_at, format!("expected 进, 退 or 平, found {dir_char:?}")))?;
    let (value_at, value_char) = tail[1];
    let value = tables::numeral(value_char).map(|(n, _)| n).ok_or_else(|| {
        syntax(
            value_at,
            format!("expected a number 1–9, found {value_char:?}"),
        )
    })?;
    let (role, origin) = piece_and_origin(head)?;
    Ok(Spec {
        role,
        origin,
        dir,
        value,
    })
}

/// The four or five characters of a move, each with its byte offset, and how many there are.
fn characters(text: &str) -> Result<([(usize, char); 5], usize), NotationError> {
    let mut chars: [(usize, char); 5] = [(0, ' '); 5];
    let mut len = 0;
    for (i, c) in text.char_indices() {
        if len == 5 {
            return Err(syntax(
                i,
                "a Chinese move has four characters (five for 前兵九平八)",
            ));
        }
        chars[len] = (i, c);
        len += 1;
    }
    if len < 4 {
        return Err(syntax(
            text.len(),
            "a Chinese move has four characters: piece, file, direction, number (炮二平五)",
        ));
    }
    Ok((chars, len))
}

/// The piece (when written) and where it stands, from the characters before the direction:
/// a file (炮二), or a place among pieces on one file (前车, 二兵, 前九, 前兵九).
fn piece_and_origin(head: &[(usize, char)]) -> Result<(Option<Role>, Origin), NotationError> {
    let number = |(at, c): (usize, char)| {
        tables::numeral(c)
            .map(|(n, _)| n)
            .ok_or_else(|| syntax(at, format!("expected a file number, found {c:?}")))
    };
    Ok(match *head {
        // 炮二平五, 马8进7; also 炮前退二 (place word after the piece).
        [(_, a), b] if tables::role(a).is_some() => {
            let role = tables::role(a);
            match tables::place(b.1) {
                Some(place) => (role, Origin::Tandem(place, None)),
                None => (role, Origin::File(number(b)?)),
            }
        }
        // 前车进一, 二兵平四, 一卒平５.
        [(at, a), (_, b)] if tables::role(b).is_some() => {
            let place = place_word(a).ok_or_else(|| {
                syntax(
                    at,
                    format!("expected 前, 中, 后 or a number before the piece, found {a:?}"),
                )
            })?;
            (tables::role(b), Origin::Tandem(place, None))
        }
        // 前九平八, 二7平6: the piece is dropped to keep four characters.
        [(at, a), b] => {
            let place = place_word(a).ok_or_else(|| {
                syntax(
                    at,
                    format!("expected a piece (车 马 炮 …) or 前/中/后, found {a:?}"),
                )
            })?;
            (None, Origin::Tandem(place, Some(number(b)?)))
        }
        // 前兵九平八.
        [(at, a), (piece_at, b), c] => {
            let place = place_word(a)
                .ok_or_else(|| syntax(at, format!("expected 前, 中 or 后, found {a:?}")))?;
            let role = tables::role(b)
                .ok_or_else(|| syntax(piece_at, format!("expected a piece, found {b:?}")))?;
            (Some(role), Origin::Tandem(place, Some(number(c)?)))
        }
        _ => return Err(syntax(0, "not a Chinese move")),
    })
}
