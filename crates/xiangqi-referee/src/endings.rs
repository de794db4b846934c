//! The endings that need no repetition: no legal move (mate, stalemate) and no attacking
//! material.

use xiangqi::{Color, Move, Piece, Position, Role, Square};

use crate::articles::is_attacker;

/// Whether the side to move has a legal move.
///
/// The referee asks this after every ply, so it tries the cheapest candidates first (one step
/// of each piece, the moves that are legal in almost every position) and generates the full
/// move list only when none of them is legal, which happens near mate and stalemate.
///
/// ```
/// use xiangqi::Position;
/// use xiangqi_referee::has_legal_move;
/// assert!(has_legal_move(&Position::start()));
/// // Black is stalemated: d8 is the rook's, e9 faces Red's king.
/// let pos = Position::from_fen("3k5/2R6/9/9/9/9/9/9/9/4K4 b").unwrap();
/// assert!(!has_legal_move(&pos));
/// ```
pub fn has_legal_move(pos: &Position) -> bool {
    has_legal_move_in(pos, pos.is_check())
}

/// [`has_legal_move`] when the caller already knows whether the side to move is in check.
///
/// Out of check, a short step that moves no piece on the king's file or rank or diagonally
/// next to it, and lands on none of those squares, cannot expose the king: rooks, cannons and
/// the facing king attack along the file and rank, a horse's leg towards the king is always
/// diagonally next to it, and pawns attack only the squares beside it. Such a step is legal as
/// soon as the piece may make it, which needs no attack generation. Everything else goes
/// through [`Position::is_legal`], and the full generator settles the rest.
pub(crate) fn has_legal_move_in(pos: &Position, in_check: bool) -> bool {
    let us = pos.turn();
    let king = pos.king(us);
    if in_check {
        // Most checks are met by a king step; otherwise one full generation settles it.
        let k = Piece::new(us, Role::King);
        return candidate_steps(k).iter().any(|&(df, dr)| {
            offset(king, df, dr).is_some_and(|to| {
                pos.piece_at(to).is_none_or(|p| p.color != us) && pos.is_legal(Move::new(king, to))
            })
        }) || !pos.legal_moves().is_empty();
    }
    // First the steps that need no attack test at all, then the others.
    for from in pos.occupied_by(us) {
        if near_king(from, king) {
            continue;
        }
        let Some(piece) = pos.piece_at(from) else {
            continue;
        };
        for &(df, dr) in candidate_steps(piece) {
            let Some(to) = offset(from, df, dr) else {
                continue;
            };
            let target = pos.piece_at(to);
            if target.is_none_or(|p| p.color != us)
                && !near_king(to, king)
                && may_step(pos, piece, from, df, dr, to, target.is_some())
            {
                return true;
            }
        }
    }
    for from in pos.occupied_by(us) {
        let Some(piece) = pos.piece_at(from) else {
            continue;
        };
        for &(df, dr) in candidate_steps(piece) {
            let Some(to) = offset(from, df, dr) else {
                continue;
            };
            if pos.piece_at(to).is_none_or(|p| p.color != us) && pos.is_legal(Move::new(from, to)) {
                return true;
            }
        }
    }
    !pos.legal_moves().is_empty()
}

/// Whether move `m` may have given check to the king on `king`: false only when it surely
/// did not. A check after a move comes from the moved piece (along the king's file or rank,
/// from a square beside it, or a horse's jump away), from a line opened through `from`, from
/// a cannon screen made on `to`, or from a horse leg freed at `from` — always a square on the
/// king's file or rank, diagonally next to it, or a horse's jump away; a move touching none
/// of those cannot check. The referee asks this to spare itself most attack tests.
pub(crate) fn may_give_check(m: Move, king: Square) -> bool {
    let horse_jump = |sq: Square| {
        let df = sq.file().index().abs_diff(king.file().index());
        let dr = sq.rank().index().abs_diff(king.rank().index());
        (df == 1 && dr == 2) || (df == 2 && dr == 1)
    };
    near_king(m.from(), king) || near_king(m.to(), king) || horse_jump(m.to())
}

/// On the king's file or rank, or diagonally next to it.
fn near_king(sq: Square, king: Square) -> bool {
    let df = sq.file().index().abs_diff(king.file().index());
    let dr = sq.rank().index().abs_diff(king.rank().index());
    df == 0 || dr == 0 || (df == 1 && dr == 1)
}

/// Whether `piece` may step from `from` by (`df`, `dr`) to `to` by the laws of movement
/// (1960 rules §2.1; current text 2.2), the destination holding no own piece. Only the steps
/// of [`candidate_steps`] are asked about.
fn may_step(
    pos: &Position,
    piece: Piece,
    from: Square,
    df: i8,
    dr: i8,
    to: Square,
    capture: bool,
) -> bool {
    let empty = |df: i8, dr: i8| offset(from, df, dr).is_some_and(|s| pos.piece_at(s).is_none());
    match piece.role {
        Role::Rook => true,
        // A cannon captures only over a screen, never on the next square.
        Role::Cannon => !capture,
        // The leg: one step straight towards the long side of the jump (蹩马腿).
        Role::Horse if dr.abs() == 2 => empty(0, dr / 2),
        Role::Horse => empty(df / 2, 0),
        // The eye (塞象眼) and the river.
        Role::Elephant => empty(df / 2, dr / 2) && to.is_home_half(piece.color),
        Role::Advisor => to.in_palace(piece.color),
        // Forward always; sideways only once across the river.
        Role::Pawn => df == 0 || !from.is_home_half(piece.color),
        Role::King => false,
    }
}

/// Short moves worth trying first for each kind of piece (file step, rank step, from Red's
/// side). Rooks and cannons get their single steps; longer moves are left to the full
/// generator.
fn candidate_steps(piece: Piece) -> &'static [(i8, i8)] {
    const ORTHO: [(i8, i8); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];
    const DIAG: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
    const ELEPHANT: [(i8, i8); 4] = [(2, 2), (2, -2), (-2, 2), (-2, -2)];
    const HORSE: [(i8, i8); 8] = [
        (1, 2),
        (-1, 2),
        (1, -2),
        (-1, -2),
        (2, 1),
        (-2, 1),
        (2, -1),
        (-2, -1),
    ];
    const RED_PAWN: [(i8, i8); 3] = [(0, 1), (1, 0), (-1, 0)];
    const BLACK_PAWN: [(i8, i8); 3] = [(0, -1), (1, 0), (-1, 0)];
    match (piece.role, piece.color) {
        (Role::King | Role::Rook | Role::Cannon, _) => &ORTHO,
        (Role::Advisor, _) => &DIAG,
        (Role::Elephant, _) => &ELEPHANT,
        (Role::Horse, _) => &HORSE,
        (Role::Pawn, Color::Red) => &RED_PAWN,
        (Role::Pawn, Color::Black) => &BLACK_PAWN,
    }
}

/// The square `df` files and `dr` ranks away, if it is on the board.
fn offset(sq: Square, df: i8, dr: i8) -> Option<Square> {
    let file = sq.file().index() as i8 + df;
    let rank = sq.rank().index() as i8 + dr;
    if (0..9).contains(&file) && (0..10).contains(&rank) {
        Square::new((rank * 9 + file) as u8)
    } else {
        None
    }
}

/// Whether a side still has a piece that can cross the river: a rook, horse, cannon or pawn.
///
/// Only these can ever give check: advisors and elephants stay at home, and the kings may
/// never face each other (1960 §2.1 and §2.3). When neither side has one, no mate is possible
/// and the referee rules the game drawn (see [`crate::Reason::InsufficientMaterial`]).
///
/// ```
/// use xiangqi::{Color, Position};
/// use xiangqi_referee::has_attacking_material;
/// let pos = Position::from_fen("3akab2/9/4b4/9/9/9/9/4B4/4A4/3AK4 w").unwrap();
/// assert!(!has_attacking_material(&pos, Color::Red));
/// assert!(has_attacking_material(&Position::start(), Color::Black));
/// ```
pub fn has_attacking_material(pos: &Position, color: Color) -> bool {
    Role::ALL
        .into_iter()
        .filter(|&r| is_attacker(r))
        .any(|r| !pos.squares_of(Piece::new(color, r)).is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Random games (a fixed xorshift sequence): `may_give_check` never misses a check.
    #[test]
    fn may_give_check_never_misses_a_check() {
        let mut state = 0x0c0f_fee5_u64;
        let mut checks = 0;
        for _ in 0..200 {
            let mut pos = Position::start();
            for _ in 0..300 {
                let legal = pos.legal_moves();
                if legal.is_empty() {
                    break;
                }
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                let m = legal[(state % legal.len() as u64) as usize];
                let them = !pos.turn();
                pos.play_unchecked(m);
                if pos.is_check() {
                    checks += 1;
                    assert!(
                        may_give_check(m, pos.king(them)),
                        "{m} checks in {}",
                        pos.fen()
                    );
                }
            }
        }
        assert!(checks > 1_000, "{checks}");
    }
}
