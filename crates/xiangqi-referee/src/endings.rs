//! The endings that need no repetition: no legal move (mate, stalemate) and no attacking
//! material.

use xiangqi::{Color, Move, Piece, Position, Role, Square};

use crate::articles::is_attacker;

/// Whether the side to move has a legal move ([`Position::has_legal_moves`], which stops at
/// the first one).
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
    pos.has_legal_moves()
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
