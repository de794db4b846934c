//! Explaining why a move is illegal, for error messages a person can act on.

use crate::geometry::{EMPTY, TO_PADDED};
use crate::{Color, IllegalReason, Move, Position, Role};

/// Why `m` is illegal in `pos` (only called for moves that are).
pub(crate) fn why_illegal(pos: &Position, m: Move) -> IllegalReason {
    let Some(piece) = pos.piece_at(m.from()) else {
        return IllegalReason::NoPiece;
    };
    if piece.color != pos.turn() {
        return IllegalReason::NotYourTurn;
    }
    if pos.piece_at(m.to()).is_some_and(|p| p.color == piece.color) {
        return IllegalReason::OwnPiece;
    }
    let from = TO_PADDED[m.from().index() as usize] as usize;
    let to = TO_PADDED[m.to().index() as usize] as usize;
    let mut pseudo = false;
    pos.pseudo_moves_from(from, pos.cells[from], |t| pseudo |= t == to);
    if pseudo {
        let mut after = pos.clone();
        after.play_unchecked(m);
        return if kings_face(&after) {
            IllegalReason::KingsWouldFace
        } else {
            IllegalReason::LeavesKingInCheck
        };
    }
    let (ff, fr) = (
        m.from().file().index() as i32,
        m.from().rank().index() as i32,
    );
    let (tf, tr) = (m.to().file().index() as i32, m.to().rank().index() as i32);
    let (df, dr) = (tf - ff, tr - fr);
    let side = piece.color;
    match piece.role {
        Role::King | Role::Advisor => {
            let shape = if piece.role == Role::King {
                df.abs() + dr.abs() == 1
            } else {
                df.abs() == 1 && dr.abs() == 1
            };
            if shape {
                IllegalReason::LeavesPalace
            } else {
                IllegalReason::CannotMoveThere
            }
        }
        Role::Elephant => {
            if df.abs() != 2 || dr.abs() != 2 {
                IllegalReason::CannotMoveThere
            } else if !m.to().is_home_half(side) {
                IllegalReason::CrossesRiver
            } else {
                IllegalReason::ElephantEyeBlocked
            }
        }
        Role::Horse => {
            if (df.abs(), dr.abs()) == (1, 2) || (df.abs(), dr.abs()) == (2, 1) {
                IllegalReason::HorseLegBlocked
            } else {
                IllegalReason::CannotMoveThere
            }
        }
        Role::Rook | Role::Cannon => {
            if df != 0 && dr != 0 {
                IllegalReason::CannotMoveThere
            } else if piece.role == Role::Cannon && pos.piece_at(m.to()).is_some() {
                IllegalReason::CannonNeedsScreen
            } else {
                IllegalReason::PathBlocked
            }
        }
        Role::Pawn => {
            if df.abs() + dr.abs() == 1 {
                IllegalReason::PawnDirection
            } else {
                IllegalReason::CannotMoveThere
            }
        }
    }
}

/// Whether the kings stand on one file with nothing between (the side to move in `after` has
/// just moved into it).
fn kings_face(after: &Position) -> bool {
    let (r, b) = (after.king(Color::Red), after.king(Color::Black));
    if r.file() != b.file() {
        return false;
    }
    (r.index() + 9..b.index())
        .step_by(9)
        .all(|i| after.cells[TO_PADDED[i as usize] as usize] == EMPTY)
}
