//! A ruling does not depend on how the position is drawn: every corpus case, its left-right
//! mirror and its colour swap (red and black exchanged, the board turned round, the verdict
//! swapped with them) are ruled alike, label for label.

mod common;

use common::corpus::{Case, load};
use xiangqi::{Color, Move, Position};
use xiangqi_referee::{
    RuleSet,
    cycle::{classify_cycle, rule_cycle},
};

/// The two redrawings of a position.
#[derive(Clone, Copy, Debug)]
enum Drawing {
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

fn redraw_position(pos: &Position, d: Drawing) -> Position {
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

fn redraw_move(m: Move, d: Drawing) -> Move {
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

/// The labels of the cycle's moves and the loser.
fn ruling(start: &Position, cycle: &[Move], rules: RuleSet) -> (Vec<&'static str>, Option<Color>) {
    let labels = classify_cycle(start, cycle, rules)
        .iter()
        .map(|c| c.kind.label())
        .collect();
    (labels, rule_cycle(start, cycle, rules).loser)
}

fn rules_of(case: &Case) -> RuleSet {
    if case.group.starts_with("cn") {
        RuleSet::Chinese
    } else {
        RuleSet::Asian
    }
}

/// Every case whose redrawing `d` is ruled otherwise than the case itself.
fn differences(d: Drawing) -> (usize, Vec<String>) {
    let cases = load();
    let mut out = Vec::new();
    for case in &cases {
        let rules = rules_of(case);
        let (labels, loser) = ruling(&case.start, &case.cycle, rules);
        let start = redraw_position(&case.start, d);
        let cycle: Vec<Move> = case.cycle.iter().map(|&m| redraw_move(m, d)).collect();
        let (labels2, loser2) = ruling(&start, &cycle, rules);
        let loser2 = match d {
            Drawing::Mirror => loser2,
            Drawing::ColourSwap => loser2.map(|c| !c),
        };
        if labels != labels2 || loser != loser2 {
            out.push(format!(
                "{} {d:?}: {labels:?} {loser:?} as given, {labels2:?} {loser2:?} redrawn",
                case.id
            ));
        }
    }
    (cases.len(), out)
}

#[test]
fn mirrored_cases_are_ruled_alike() {
    let (n, diffs) = differences(Drawing::Mirror);
    println!("mirror: {} of {n} cases ruled alike", n - diffs.len());
    assert!(diffs.is_empty(), "{diffs:#?}");
}

#[test]
fn colour_swapped_cases_are_ruled_alike() {
    let (n, diffs) = differences(Drawing::ColourSwap);
    println!("colour swap: {} of {n} cases ruled alike", n - diffs.len());
    assert!(diffs.is_empty(), "{diffs:#?}");
}
