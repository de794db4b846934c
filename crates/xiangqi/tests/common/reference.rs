//! A slow, obviously-correct statement of the laws of movement, for checking the fast
//! generator against. It knows nothing of the fast code's tables or shortcuts: it works on
//! (file, rank) pairs and the public `Position::piece_at`, straight from the rule text
//! (1960 rules §2; current text 2.2).

#![allow(dead_code)]

use xiangqi::{Color, Move, Piece, Position, Role, Square};

pub type Board = [Option<Piece>; 90];

fn at(board: &Board, f: i32, r: i32) -> Option<Option<Piece>> {
    if (0..9).contains(&f) && (0..10).contains(&r) {
        Some(board[(r * 9 + f) as usize])
    } else {
        None
    }
}

fn in_palace(color: Color, f: i32, r: i32) -> bool {
    let rel = if color == Color::Red { r } else { 9 - r };
    (3..=5).contains(&f) && (0..=2).contains(&rel)
}

fn own_half(color: Color, r: i32) -> bool {
    if color == Color::Red { r <= 4 } else { r >= 5 }
}

/// Destinations a piece could reach by its own laws, ignoring the safety of its king.
pub fn piece_moves(board: &Board, f: i32, r: i32) -> Vec<(i32, i32)> {
    let Some(Some(p)) = at(board, f, r) else {
        return vec![];
    };
    let empty = |x: i32, y: i32| at(board, x, y) == Some(None);
    let enterable = |x: i32, y: i32| match at(board, x, y) {
        Some(None) => true,
        Some(Some(q)) => q.color != p.color,
        None => false,
    };
    let mut out = vec![];
    let orth = [(0, 1), (0, -1), (1, 0), (-1, 0)];
    let diag = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
    match p.role {
        Role::King => {
            for (dx, dy) in orth {
                let (x, y) = (f + dx, r + dy);
                if in_palace(p.color, x, y) && enterable(x, y) {
                    out.push((x, y));
                }
            }
        }
        Role::Advisor => {
            for (dx, dy) in diag {
                let (x, y) = (f + dx, r + dy);
                if in_palace(p.color, x, y) && enterable(x, y) {
                    out.push((x, y));
                }
            }
        }
        Role::Elephant => {
            for (dx, dy) in diag {
                let (x, y) = (f + 2 * dx, r + 2 * dy);
                if own_half(p.color, y) && empty(f + dx, r + dy) && enterable(x, y) {
                    out.push((x, y));
                }
            }
        }
        Role::Horse => {
            for (dx, dy) in orth {
                if !empty(f + dx, r + dy) {
                    continue;
                }
                let sides = if dx == 0 {
                    [(1, 0), (-1, 0)]
                } else {
                    [(0, 1), (0, -1)]
                };
                for (sx, sy) in sides {
                    let (x, y) = (f + 2 * dx + sx, r + 2 * dy + sy);
                    if enterable(x, y) {
                        out.push((x, y));
                    }
                }
            }
        }
        Role::Rook | Role::Cannon => {
            for (dx, dy) in orth {
                let mut screens = 0;
                let (mut x, mut y) = (f + dx, r + dy);
                while let Some(cell) = at(board, x, y) {
                    match cell {
                        None => {
                            if screens == 0 {
                                out.push((x, y));
                            }
                        }
                        Some(q) => {
                            let needed = if p.role == Role::Rook { 0 } else { 1 };
                            if screens == needed && q.color != p.color {
                                out.push((x, y));
                            }
                            screens += 1;
                            if screens > needed {
                                break;
                            }
                        }
                    }
                    x += dx;
                    y += dy;
                }
            }
        }
        Role::Pawn => {
            let fwd = if p.color == Color::Red { 1 } else { -1 };
            let mut steps = vec![(0, fwd)];
            if !own_half(p.color, r) {
                steps.extend([(1, 0), (-1, 0)]);
            }
            for (dx, dy) in steps {
                if enterable(f + dx, r + dy) {
                    out.push((f + dx, r + dy));
                }
            }
        }
    }
    out
}

/// Whether the king of `color` could be captured by the other side on `board`, or faces the
/// other king on an open file.
pub fn king_in_danger(board: &Board, color: Color) -> bool {
    let find = |c: Color| (0..90).find(|&i| board[i] == Some(Piece::new(c, Role::King)));
    let (Some(k), Some(enemy_k)) = (find(color), find(!color)) else {
        return true;
    };
    let (kf, kr) = ((k % 9) as i32, (k / 9) as i32);
    let (ef, er) = ((enemy_k % 9) as i32, (enemy_k / 9) as i32);
    if kf == ef {
        let (lo, hi) = (kr.min(er), kr.max(er));
        if (lo + 1..hi).all(|y| board[(y * 9 + kf) as usize].is_none()) {
            return true;
        }
    }
    (0..90).any(|i| match board[i] {
        Some(p) if p.color != color => {
            piece_moves(board, (i % 9) as i32, (i / 9) as i32).contains(&(kf, kr))
        }
        _ => false,
    })
}

/// Every legal move, by brute force: every law-abiding move after which the mover's king is
/// neither capturable nor facing the other king.
pub fn legal_moves(pos: &Position) -> Vec<Move> {
    let board = pos.board();
    let us = pos.turn();
    let mut out = vec![];
    for i in 0..90 {
        let Some(p) = board[i] else { continue };
        if p.color != us {
            continue;
        }
        for (x, y) in piece_moves(&board, (i % 9) as i32, (i / 9) as i32) {
            let to = (y * 9 + x) as usize;
            let mut after = board;
            after[to] = after[i];
            after[i] = None;
            if !king_in_danger(&after, us) {
                out.push(Move::new(
                    Square::new(i as u8).unwrap(),
                    Square::new(to as u8).unwrap(),
                ));
            }
        }
    }
    out.sort();
    out
}
