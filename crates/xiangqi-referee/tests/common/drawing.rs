//! The two redrawings of a position (the left-right mirror and the colour swap) and of a
//! move, for the tests that rule a position and its redrawings alike.

use xiangqi::{Move, Position};

/// The two redrawings of a position.
#[derive(Clone, Copy, Debug)]
pub enum Drawing {
    /// Files a–i read i–a.
    Mirror,
    /// The board turned round and the colours exchanged.
    ColourSwap,
}

/// The FEN's board rows, each expanded to nine characters ('.' for empty).
fn rows(fen: &str) -> (Vec<Vec<char>>, char) {
    let mut parts = fen.split_whitespace();
    let board = parts.next().expect("board");
    let turn = parts.next().and_then(|t| t.chars().next()).unwrap_or('w');
    let rows = board
        .split('/')
        .map(|r| {
            let mut out = Vec::new();
            for c in r.chars() {
                match c.to_digit(10) {
                    Some(n) => out.extend(std::iter::repeat_n('.', n as usize)),
                    None => out.push(c),
                }
            }
            out
        })
        .collect();
    (rows, turn)
}

fn fen_of(rows: &[Vec<char>], turn: char) -> String {
    let board: Vec<String> = rows
        .iter()
        .map(|r| {
            let mut s = String::new();
            let mut empty = 0;
            for &c in r {
                if c == '.' {
                    empty += 1;
                } else {
                    if empty > 0 {
                        s.push_str(&empty.to_string());
                        empty = 0;
                    }
                    s.push(c);
                }
            }
            if empty > 0 {
                s.push_str(&empty.to_string());
            }
            s
        })
        .collect();
    format!("{} {turn}", board.join("/"))
}

pub fn redraw_position(pos: &Position, d: Drawing) -> Position {
    let (mut rows, turn) = rows(&pos.fen());
    for r in &mut rows {
        r.reverse();
    }
    let turn = match d {
        Drawing::Mirror => turn,
        Drawing::ColourSwap => {
            rows.reverse();
            for r in &mut rows {
                for c in r.iter_mut() {
                    *c = if c.is_ascii_uppercase() {
                        c.to_ascii_lowercase()
                    } else {
                        c.to_ascii_uppercase()
                    };
                }
            }
            if turn == 'w' { 'b' } else { 'w' }
        }
    };
    let fen = fen_of(&rows, turn);
    Position::from_fen(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

pub fn redraw_move(m: Move, d: Drawing) -> Move {
    let text = m.to_string();
    let b: Vec<u8> = text.bytes().collect();
    let file = |c: u8| b'a' + (b'i' - c);
    let rank = |c: u8| match d {
        Drawing::Mirror => c,
        Drawing::ColourSwap => b'0' + (b'9' - c),
    };
    let s = [file(b[0]), rank(b[1]), file(b[2]), rank(b[3])];
    std::str::from_utf8(&s)
        .expect("ascii")
        .parse()
        .expect("a move")
}

/// A square named in ICCS (`f5`), redrawn.
pub fn redraw_square(sq: &str, d: Drawing) -> String {
    let b: Vec<u8> = sq.bytes().collect();
    let file = b'a' + (b'i' - b[0]);
    let rank = match d {
        Drawing::Mirror => b[1],
        Drawing::ColourSwap => b'0' + (b'9' - b[1]),
    };
    String::from_utf8(vec![file, rank]).expect("ascii")
}
