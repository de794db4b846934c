//! The endings that need no repetition: no legal move (mate, stalemate) and no attacking
//! material.

use xiangqi::{Color, Piece, Position, Role};

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
