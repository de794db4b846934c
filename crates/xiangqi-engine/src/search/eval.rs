//! The evaluation: material and piece-square bonuses, from the side to move's view.
//!
//! Values in centipawns: rook 600, cannon 285, horse 270, advisor and elephant 120 each, a
//! pawn 30 before the river: the material weights of Yen et al., "Computer Chinese Chess",
//! ICGA Journal 2004 (cited by Wukong's `docs/SPECS.MD`), widely used since. A crossed pawn's
//! 70–100 is our own choice (a pawn is worth little until it crosses, about a third of a horse
//! late in the game).

use xiangqi::{Color, Piece, Position, Role, Square};

/// The material value of a role (the king's is nominal: it is never captured).
pub const fn value(role: Role) -> i32 {
    match role {
        Role::King => 0,
        Role::Advisor => 120,
        Role::Elephant => 120,
        Role::Horse => 270,
        Role::Rook => 600,
        Role::Cannon => 285,
        Role::Pawn => 30,
    }
}

/// How far the file is from the edge (0 at a and i, 4 at e).
fn centrality(sq: Square) -> i32 {
    let f = sq.file().index() as i32;
    4 - (f - 4).abs()
}

/// The bonus for `piece` on `sq`, from its owner's view.
pub fn placement(piece: Piece, sq: Square) -> i32 {
    // Rank counted from the owner's side: 0 is its back rank, 9 the opponent's.
    let r = sq.rank().relative_to(piece.color) as i32;
    let c = centrality(sq);
    match piece.role {
        Role::Pawn => {
            if r < 5 {
                // Central pawns at home guard the horse's path.
                if c == 4 && r == 4 { 10 } else { 0 }
            } else {
                const ACROSS: [i32; 5] = [40, 55, 60, 45, 10];
                ACROSS[(r - 5) as usize] + 3 * c
            }
        }
        Role::Horse => {
            const RANK: [i32; 10] = [-10, 0, 5, 10, 15, 20, 28, 30, 20, 0];
            RANK[r as usize] + 4 * c - if c == 0 { 10 } else { 0 }
        }
        Role::Rook => {
            const RANK: [i32; 10] = [-5, 0, 0, 5, 8, 10, 15, 18, 12, 8];
            RANK[r as usize] + 2 * c
        }
        Role::Cannon => {
            let central = if c == 4 && r <= 3 { 15 } else { 0 };
            const RANK: [i32; 10] = [0, 0, 3, 2, 0, 0, 2, 5, 3, 0];
            RANK[r as usize] + central + c
        }
        Role::King => -12 * r,
        Role::Advisor | Role::Elephant => {
            if c == 4 {
                6
            } else {
                0
            }
        }
    }
}

/// Material plus placement, for the side to move.
pub fn evaluate(pos: &Position) -> i32 {
    let mut score = [0i32; 2];
    for (sq, piece) in pos.pieces() {
        score[piece.color.index()] += value(piece.role) + placement(piece, sq);
    }
    let us = pos.turn();
    // A small bonus for the move (tempo).
    score[us.index()] - score[(!us).index()] + 10
}

/// Whether `color` has a rook, horse or cannon (null-move pruning is unsafe without them:
/// zugzwang-like endings of pawns and defenders).
pub fn has_major(pos: &Position, color: Color) -> bool {
    [Role::Rook, Role::Horse, Role::Cannon]
        .into_iter()
        .any(|role| !pos.squares_of(Piece::new(color, role)).is_empty())
}
