//! WXF notation (`C2.5`, `H8+7`, `R+.3`, `C--1`, tandem pawns `++.4`, `P3.4`, `3+.4`).
//!
//! Sources: the WXF page "Official Xiangqi piece names and notation" (AXF 1980/82, letters
//! revised 1995, adopted by WXF 1997; `wxf.org/xq/computer/wxf_notation.html`).
//!
//! Writing follows that page: letters K A E H R C P, `.` for sideways, upper case for both
//! sides; tandem pieces replace the file digit by `+`/`-` (`R+.3`, `C--1`); three pawns on a
//! file are `P+`, `P<file>` (the middle one, "normal notation"), `P-`; four are `++`, `P+`,
//! `P-`, `--`; five `++`, `P+`, `P<file>`, `P-`, `--`; pawns doubled on two files put the file
//! digit first and drop the letter: `3+.4`, `33.4` (middle), `3-.4`. Advisors and elephants
//! keep their file digit (the direction tells two on a file apart, as in Chinese notation).
//!
//! Reading accepts, besides: lower-case letters (the AXF texts write Black's pieces so), the
//! letters B and N (and the old ICCS-server G and M), `=` or nothing for sideways (`C2=5`,
//! `C25`), the sign before the letter (`+C.5`, `-R+1`), xqbase's `a`–`e` for the 1st–5th pawn
//! (`Pa+1`) and `P.` for the middle one, Fairy-Stockfish's `<index><file>` for three or more
//! pawns on a file (`14+1`), and a trailing check mark (`+` or `#`) as Fairy-Stockfish writes.
//! `33.4` with equal digits is read the official way (the middle pawn of file 3) when the file
//! has a middle pawn (three or five), not as Fairy-Stockfish's "third from the front on file
//! 3"; with two or four on the file it is Fairy-Stockfish's n-th from the front.

use crate::{Color, Move, Position, Role};

use super::spec::{Dir, Origin, Place, Spec, direction_and_number};
use super::standing::standing;
use super::{Notation, NotationError};

fn syntax(offset: usize, message: impl Into<String>) -> NotationError {
    NotationError::syntax(Notation::Wxf, offset, message)
}

fn letter(c: u8) -> Option<Role> {
    Some(match c.to_ascii_uppercase() {
        b'K' => Role::King,
        b'A' | b'G' => Role::Advisor,
        b'E' | b'B' | b'M' => Role::Elephant,
        b'H' | b'N' => Role::Horse,
        b'R' => Role::Rook,
        b'C' => Role::Cannon,
        b'P' => Role::Pawn,
        _ => return None,
    })
}

fn digit(c: u8) -> Option<u8> {
    matches!(c, b'1'..=b'9').then(|| c - b'0')
}

fn sign(c: u8) -> Option<Place> {
    match c {
        b'+' => Some(Place::Front),
        b'-' => Some(Place::Rear),
        _ => None,
    }
}

fn direction(c: u8) -> Option<Dir> {
    match c {
        b'+' => Some(Dir::Forward),
        b'-' => Some(Dir::Backward),
        b'.' | b'=' => Some(Dir::Sideways),
        _ => None,
    }
}

/// Reads the first two characters: the piece and where it stands.
fn head(a: u8, b: u8) -> Option<(Option<Role>, Origin)> {
    let role = letter(a);
    Some(match (role, a, b) {
        // C2.5
        (Some(_), _, _) if digit(b).is_some() => (role, Origin::File(digit(b)?)),
        // R+.3, C--1
        (Some(_), _, b'+') => (role, Origin::Tandem(Place::WxfPlus, None)),
        (Some(_), _, b'-') => (role, Origin::Tandem(Place::WxfMinus, None)),
        // xqbase: Pa+1 … Pe+1, P.+1
        (Some(_), _, b'a'..=b'e') => (role, Origin::Tandem(Place::Nth(b - b'a' + 1), None)),
        (Some(_), _, b'.') => (role, Origin::Tandem(Place::Middle, None)),
        // +C.5, -R+1
        (None, b'+' | b'-', _) if letter(b).is_some() => {
            (letter(b), Origin::Tandem(sign(a)?, None))
        }
        // ++.4, --.4
        (None, b'+', b'+') => (None, Origin::Tandem(Place::Front, None)),
        (None, b'-', b'-') => (None, Origin::Tandem(Place::Rear, None)),
        // 3+.4, 3-.4
        (None, _, b'+') if digit(a).is_some() => (None, Origin::Tandem(Place::WxfPlus, digit(a))),
        (None, _, b'-') if digit(a).is_some() => (None, Origin::Tandem(Place::WxfMinus, digit(a))),
        // 33.4 (official: the middle pawn of file 3); 14+1 (Fairy-Stockfish: first on file 4)
        (None, _, _) if digit(a).is_some() && digit(b).is_some() => {
            if a == b {
                (
                    None,
                    Origin::Tandem(Place::MiddleOrNth(digit(a)?), digit(a)),
                )
            } else {
                (None, Origin::Tandem(Place::Nth(digit(a)?), digit(b)))
            }
        }
        _ => return None,
    })
}

/// Reads the text into a description, without looking at a position.
pub(crate) fn read_spec(text: &str) -> Result<Spec, NotationError> {
    let b = text.as_bytes();
    if b.len() < 3 {
        return Err(syntax(
            b.len(),
            "a WXF move has four characters, like C2.5 or H8+7",
        ));
    }
    let (role, origin) = head(b[0], b[1]).ok_or_else(|| {
        syntax(
            0,
            "expected a piece letter (K A E H R C P) and a file digit, or a tandem form (R+, +R, ++, 3+)",
        )
    })?;
    let (dir, value, used) = match (direction(b[2]), b.get(3).copied().and_then(digit)) {
        (Some(dir), Some(v)) => (dir, v, 4),
        // C25: sideways with the separator left out.
        (None, _) if digit(b[2]).is_some() => (Dir::Sideways, b[2] - b'0', 3),
        (Some(_), None) => return Err(syntax(3, "expected a number 1–9 after the direction")),
        (None, _) => {
            return Err(syntax(
                2,
                "expected a direction: + forward, - back, . or = sideways",
            ));
        }
    };
    // Fairy-Stockfish appends + for check and # for mate.
    match &b[used..] {
        [] | [b'+'] | [b'#'] => {}
        _ => return Err(syntax(used, "unexpected text after the move")),
    }
    Ok(Spec {
        role,
        origin,
        dir,
        value,
    })
}

fn role_letter(role: Role) -> char {
    match role {
        Role::King => 'K',
        Role::Advisor => 'A',
        Role::Elephant => 'E',
        Role::Horse => 'H',
        Role::Rook => 'R',
        Role::Cannon => 'C',
        Role::Pawn => 'P',
    }
}

fn digit_char(n: u8) -> char {
    (b'0' + n) as char
}

/// Writes `m`, a legal move of `pos`, in official WXF notation.
pub(crate) fn write(pos: &Position, m: Move, out: &mut String) {
    let Some(piece) = pos.piece_at(m.from()) else {
        out.push_str(&m.to_string());
        return;
    };
    let side: Color = piece.color;
    let (from, to) = (m.from(), m.to());
    let file = digit_char(from.file().from_right(side));
    let letter = role_letter(piece.role);
    let standing = standing(pos, piece, from);
    if !standing.by_place {
        out.push(letter);
        out.push(file);
    } else if standing.doubled_files >= 2 {
        out.push(file);
        out.push(match (standing.on_file, standing.index) {
            (_, 0) => '+',
            (3, 1) => file,
            _ => '-',
        });
    } else {
        let (a, b) = match (standing.on_file, standing.index) {
            (2 | 3, 0) => (letter, '+'),
            (3, 1) => (letter, file),
            (2, 1) | (3, 2) => (letter, '-'),
            (_, 0) => ('+', '+'),
            (n, i) if i + 1 == n => ('-', '-'),
            (4, 1) | (5, 1) => (letter, '+'),
            (5, 2) => (letter, file),
            _ => (letter, '-'),
        };
        out.push(a);
        out.push(b);
    }
    let (dir, value) = direction_and_number(piece, from, to, side);
    out.push(match dir {
        Dir::Forward => '+',
        Dir::Backward => '-',
        Dir::Sideways => '.',
    });
    out.push(digit_char(value));
}
