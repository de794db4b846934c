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
    let us = pos.turn();
    for from in pos.occupied_by(us) {
        let Some(piece) = pos.piece_at(from) else {
            continue;
        };
        for &(df, dr) in candidate_steps(piece) {
            let Some(to) = offset(from, df, dr) else {
                continue;
            };
            if pos.piece_at(to).is_some_and(|p| p.color == us) {
                continue;
            }
            if pos.is_legal(Move::new(from, to)) {
                return true;
            }
        }
    }
    !pos.legal_moves().is_empty()
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
