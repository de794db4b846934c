//! The shape Chinese and WXF notation share: a piece, where it stands (its file, or its place
//! among pieces of its kind on one file), a direction, and a number; and how to find the move
//! such a description means in a position.
//!
//! Rules (1960 rules §6; xqbase `cchess_move.htm`; the WXF notation page): files are numbered
//! 1–9 from the mover's right; 进/`+` is towards the opponent; for rook, cannon, pawn and
//! king the number after 进/退 counts points and after 平 names the destination file; for
//! horse, elephant and advisor it always names the destination file.

use crate::{Color, IllegalMove, Move, Piece, Position, Rank, Role, Square};

use super::NotationError;

/// Which way a piece moves, from the mover's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Dir {
    /// 进 / `+`: towards the opponent.
    Forward,
    /// 退 / `-`: back towards the mover's own side.
    Backward,
    /// 平 / `.` `=`: along the rank.
    Sideways,
}

/// The direction and number that describe a move of `piece` from `from` to `to` for `side`:
/// points travelled for rook, cannon, pawn and king moving along a file; the destination file
/// (counted from the mover's right) for sideways moves and for horse, elephant and advisor
/// (1960 rules §6). The writers of both notations spell this; `target` reads it back.
pub(crate) fn direction_and_number(
    piece: Piece,
    from: Square,
    to: Square,
    side: Color,
) -> (Dir, u8) {
    let (fr, tr) = (from.rank().relative_to(side), to.rank().relative_to(side));
    let dir = if tr > fr {
        Dir::Forward
    } else if tr < fr {
        Dir::Backward
    } else {
        Dir::Sideways
    };
    let number = match piece.role {
        Role::Horse | Role::Elephant | Role::Advisor => to.file().from_right(side),
        _ if tr == fr => to.file().from_right(side),
        _ => tr.abs_diff(fr),
    };
    (dir, number)
}

/// A piece's place among several of its kind on one file, front (nearest the opponent) first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Place {
    /// 前, or a sign before the piece letter (`+C.5`), or WXF `++`: the foremost.
    Front,
    /// 中: the middle one of three (or five).
    Middle,
    /// 后/後, or `-R+1`, or WXF `--`: the rearmost.
    Rear,
    /// 一 二 三 四 五 (or xqbase `a`–`e`): the n-th from the front, counted from 1.
    Nth(u8),
    /// WXF `33.4`: officially the middle one of three (or five) on file 3; with no middle
    /// (two or four on the file), Fairy-Stockfish's reading: the n-th from the front.
    MiddleOrNth(u8),
    /// WXF `P+`: the front one of two or three, the second from the front of four or five.
    WxfPlus,
    /// WXF `P-`: the rear one of two or three, the second from the rear of four or five.
    WxfMinus,
}

/// Where the moving piece stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Origin {
    /// On this file, 1–9 from the mover's right.
    File(u8),
    /// In this place among pieces of its kind on one file; the file is given (`前兵九平八`,
    /// `3+.4`) or found (`前车进一`).
    Tandem(Place, Option<u8>),
}

/// A move as Chinese or WXF notation describes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Spec {
    /// The piece's role; `None` when the text drops it (`前九平八`, `++.4`).
    pub role: Option<Role>,
    pub origin: Origin,
    pub dir: Dir,
    /// 1–9: points moved, or a destination file.
    pub value: u8,
}

/// A few squares on the stack.
#[derive(Clone, Copy)]
pub(crate) struct Squares {
    items: [Square; 16],
    len: usize,
}

impl Squares {
    pub(crate) fn new() -> Squares {
        Squares {
            items: [Square::from_coords(
                crate::File::new(0).unwrap_or_else(|| unreachable!()),
                Rank::new(0).unwrap_or_else(|| unreachable!()),
            ); 16],
            len: 0,
        }
    }
    pub(crate) fn push(&mut self, sq: Square) {
        if self.len < self.items.len() && !self.as_slice().contains(&sq) {
            self.items[self.len] = sq;
            self.len += 1;
        }
    }
    pub(crate) fn as_slice(&self) -> &[Square] {
        &self.items[..self.len]
    }
}

/// The file index (0 = `a`) of file number `n` (1–9) counted from `side`'s right.
#[inline]
pub(crate) fn file_index(side: Color, n: u8) -> u8 {
    match side {
        Color::Red => 9 - n,
        Color::Black => n - 1,
    }
}

/// The pieces of `piece` on file index `file`, front (nearest the opponent) first.
pub(crate) fn on_file_front_first(pos: &Position, piece: Piece, file: u8) -> Squares {
    let mut out = Squares::new();
    for sq in pos.squares_of(piece) {
        if sq.file().index() == file {
            out.push(sq);
        }
    }
    let side = piece.color;
    out.items[..out.len].sort_unstable_by_key(|sq| std::cmp::Reverse(sq.rank().relative_to(side)));
    out
}

/// Picks by `place` from a front-first list; several when the place does not decide
/// (中 among four).
fn pick(list: &[Square], place: Place, out: &mut Squares) {
    let n = list.len();
    if n < 2 {
        // A place word needs company on the file; a lone piece is not "the front one".
        return;
    }
    match place {
        Place::Front => out.push(list[0]),
        Place::Rear => out.push(list[n - 1]),
        Place::Middle => match n {
            3 => out.push(list[1]),
            5 => out.push(list[2]),
            4 => {
                out.push(list[1]);
                out.push(list[2]);
            }
            _ => {}
        },
        Place::Nth(k) => {
            if (1..=n).contains(&(k as usize)) {
                out.push(list[k as usize - 1]);
            }
        }
        Place::MiddleOrNth(k) => match n {
            3 | 5 => out.push(list[n / 2]),
            _ => pick(list, Place::Nth(k), out),
        },
        Place::WxfPlus => out.push(list[if n >= 4 { 1 } else { 0 }]),
        Place::WxfMinus => out.push(list[if n >= 4 { n - 2 } else { n - 1 }]),
    }
}

/// The squares of the pieces the origin may mean, and the one a convention prefers when
/// several can make the move (the middle pawn for WXF `P3.4` with three on file 3).
fn sources(
    pos: &Position,
    role: Role,
    origin: Origin,
    out: &mut Squares,
    preferred: &mut Option<Square>,
) {
    let us = pos.turn();
    let piece = Piece::new(us, role);
    match origin {
        Origin::File(n) => {
            let file = file_index(us, n);
            let before = out.len;
            for sq in pos.squares_of(piece) {
                if sq.file().index() == file {
                    out.push(sq);
                }
            }
            let here = out.len - before;
            if role == Role::Pawn && (here == 3 || here == 5) {
                let list = on_file_front_first(pos, piece, file);
                *preferred = Some(list.as_slice()[here / 2]);
            }
        }
        Origin::Tandem(place, Some(n)) => {
            let list = on_file_front_first(pos, piece, file_index(us, n));
            pick(list.as_slice(), place, out);
        }
        Origin::Tandem(place, None) => {
            // Every file holding two or more of the piece, from the mover's right.
            let mut groups: [Squares; 9] = [Squares::new(); 9];
            let mut count = 0;
            for n in 1..=9u8 {
                let list = on_file_front_first(pos, piece, file_index(us, n));
                if list.len >= 2 {
                    groups[count] = list;
                    count += 1;
                }
            }
            match (place, count) {
                (_, 0) => {}
                (_, 1) => pick(groups[0].as_slice(), place, out),
                // xqbase: with pawns doubled on several files, 一…五 count all of them, file by
                // file from the mover's right, front to back within a file.
                (Place::Nth(k), _) => {
                    let all = groups[..count].iter().flat_map(|g| g.as_slice().iter());
                    if let Some(&sq) = all.clone().nth(k as usize - 1) {
                        out.push(sq);
                    }
                }
                // Old texts write 前兵 even then; the legal moves decide, or the text is
                // ambiguous.
                _ => {
                    for g in &groups[..count] {
                        pick(g.as_slice(), place, out);
                    }
                }
            }
        }
    }
}

/// The destination of `role` standing on `from`, moving as described; `Err` says why the
/// description fits no move of that piece.
pub(crate) fn target(
    side: Color,
    role: Role,
    from: Square,
    dir: Dir,
    value: u8,
) -> Result<Square, String> {
    let f = from.file().index() as i32;
    let r = from.rank().index() as i32;
    let fwd = if side == Color::Red { 1 } else { -1 };
    let sign = match dir {
        Dir::Forward => fwd,
        Dir::Backward => -fwd,
        Dir::Sideways => 0,
    };
    let dest_file = file_index(side, value) as i32;
    let (tf, tr) = match role {
        Role::King | Role::Rook | Role::Cannon | Role::Pawn => {
            if dir == Dir::Sideways {
                if dest_file == f {
                    return Err(format!(
                        "平 to file {value} is the file it already stands on"
                    ));
                }
                (dest_file, r)
            } else {
                (f, r + sign * value as i32)
            }
        }
        Role::Horse | Role::Elephant | Role::Advisor => {
            if dir == Dir::Sideways {
                return Err(format!("a {} never moves sideways (平)", role.name()));
            }
            let df = (dest_file - f).abs();
            let dr = match (role, df) {
                (Role::Horse, 1) => 2,
                (Role::Horse, 2) => 1,
                (Role::Elephant, 2) => 2,
                (Role::Advisor, 1) => 1,
                _ => {
                    return Err(format!(
                        "file {value} is not a file a {} can reach from file {}",
                        role.name(),
                        from.file().from_right(side)
                    ));
                }
            };
            (dest_file, r + sign * dr)
        }
    };
    match (crate::File::new(tf as u8), Rank::new(tr as u8)) {
        (Some(file), Some(rank)) if (0..9).contains(&tf) && (0..10).contains(&tr) => {
            Ok(Square::from_coords(file, rank))
        }
        _ => Err("that would leave the board".to_owned()),
    }
}

fn describe(side: Color, origin: Origin) -> String {
    let file = |n: u8| format!("file {n} from {}'s right", side.name());
    match origin {
        Origin::File(n) => format!("on {}", file(n)),
        Origin::Tandem(place, n) => {
            let which = match place {
                Place::Front | Place::WxfPlus => "the front one",
                Place::Middle | Place::MiddleOrNth(_) => "the middle one",
                Place::Rear | Place::WxfMinus => "the rear one",
                Place::Nth(_) => "the numbered one",
            };
            match n {
                Some(n) => format!("as {which} of several on {}", file(n)),
                None => format!("as {which} of several on one file"),
            }
        }
    }
}

/// Finds the one legal move the description means.
pub(crate) fn resolve(pos: &Position, spec: &Spec) -> Result<Move, NotationError> {
    let us = pos.turn();
    const DROPPED: [Role; 4] = [Role::Pawn, Role::Rook, Role::Horse, Role::Cannon];
    let roles: &[Role] = match &spec.role {
        Some(role) => std::slice::from_ref(role),
        None => &DROPPED,
    };
    let mut from = Squares::new();
    let mut preferred = None;
    for &role in roles {
        sources(pos, role, spec.origin, &mut from, &mut preferred);
    }
    if from.len == 0 {
        return Err(NotationError::NoSuchPiece {
            piece: Piece::new(us, spec.role.unwrap_or(Role::Pawn)),
            place: describe(us, spec.origin),
        });
    }
    let mut found: Option<Move> = None;
    let mut legal = 0;
    let mut failure: Option<NotationError> = None;
    for &sq in from.as_slice() {
        let Some(piece) = pos.piece_at(sq) else {
            continue;
        };
        match target(us, piece.role, sq, spec.dir, spec.value) {
            Ok(to) => {
                let m = Move::new(sq, to);
                if pos.is_legal(m) {
                    legal += 1;
                    if found.is_none() || preferred == Some(sq) {
                        found = Some(m);
                    }
                } else if !matches!(failure, Some(NotationError::Illegal(_))) {
                    // An illegal move says more than an impossible shape: it wins.
                    failure = Some(NotationError::Illegal(IllegalMove {
                        mv: m,
                        reason: pos.why_illegal(m),
                    }));
                }
            }
            Err(message) => {
                if failure.is_none() {
                    failure = Some(NotationError::Impossible {
                        piece,
                        from: sq,
                        message,
                    });
                }
            }
        }
    }
    match found {
        Some(m) if legal == 1 || preferred == Some(m.from()) => Ok(m),
        Some(_) => {
            let mut candidates: Vec<Square> = from
                .as_slice()
                .iter()
                .copied()
                .filter(|&sq| {
                    pos.piece_at(sq).is_some_and(|p| {
                        target(us, p.role, sq, spec.dir, spec.value)
                            .is_ok_and(|to| pos.is_legal(Move::new(sq, to)))
                    })
                })
                .collect();
            candidates.sort_unstable();
            Err(NotationError::Ambiguous { candidates })
        }
        None => Err(failure.unwrap_or(NotationError::Ambiguous { candidates: vec![] })),
    }
}
