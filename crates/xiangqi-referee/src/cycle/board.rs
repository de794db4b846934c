//! The bottom layer of the cycle code: attacks and legal captures, and the same position
//! with the other side to move. Nothing here weighs material or protection.

use xiangqi::{Color, Move, Piece, Position, Square};

use super::terms::ChaseKind;

/// One threatened enemy piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Threat {
    pub attacker: Square,
    pub attacker_piece: Piece,
    pub target: Square,
    pub target_piece: Piece,
    pub kind: ChaseKind,
}

/// The same position with `turn` to move ("a null move"), or `None` if that side could
/// capture the enemy king (the position would not be legal).
pub(crate) fn with_turn(pos: &Position, turn: Color) -> Option<Position> {
    if pos.turn() == turn {
        Some(pos.clone())
    } else {
        pos.passed()
    }
}

/// The legal captures of the side to move on `sq`.
pub(crate) fn legal_captures_on(pos: &Position, sq: Square) -> impl Iterator<Item = Move> + '_ {
    let us = pos.turn();
    pos.attackers(sq, us)
        .map(move |from| Move::new(from, sq))
        .filter(move |&m| pos.is_legal(m))
}

/// Every legal capture of the side to move.
pub(crate) fn all_captures(pos: &Position) -> Vec<Move> {
    let us = pos.turn();
    let mut out = Vec::new();
    for sq in pos.occupied_by(!us) {
        out.extend(legal_captures_on(pos, sq));
    }
    out
}

/// The opponent's captures available if the side to move passed (`them`: the same position
/// with the opponent to move).
pub(super) fn old_captures(them: Option<&Position>) -> Vec<Move> {
    them.map_or_else(Vec::new, all_captures)
}

/// The leg square a horse on `horse` must have free to attack `target`, if it attacks it at
/// all (1960 rules §2: the horse is blocked by a piece on its leg, 蹩马腿).
pub(crate) fn horse_leg_towards(horse: Square, target: Square) -> Option<Square> {
    let (hf, hr) = (
        i32::from(horse.file().index()),
        i32::from(horse.rank().index()),
    );
    let (tf, tr) = (
        i32::from(target.file().index()),
        i32::from(target.rank().index()),
    );
    let (df, dr) = (tf - hf, tr - hr);
    let (lf, lr) = match (df.abs(), dr.abs()) {
        (1, 2) => (hf, hr + dr / 2),
        (2, 1) => (hf + df / 2, hr),
        _ => return None,
    };
    Square::new((lr * 9 + lf) as u8)
}

/// Whether `sq` lies on the line strictly between `a` and `b` (same file or rank).
pub(crate) fn between(a: Square, b: Square, sq: Square) -> bool {
    let (af, ar) = (a.file().index(), a.rank().index());
    let (bf, br) = (b.file().index(), b.rank().index());
    let (sf, sr) = (sq.file().index(), sq.rank().index());
    let inside = |x: u8, lo: u8, hi: u8| lo.min(hi) < x && x < lo.max(hi);
    (af == bf && sf == af && inside(sr, ar, br)) || (ar == br && sr == ar && inside(sf, af, bf))
}
