//! Explaining why a move is illegal, for error messages a person can act on.

use std::fmt;

use crate::geometry::{EMPTY, TO_PADDED};
use crate::{Color, Move, Position, Role, Undo};

/// Why a move is not legal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IllegalReason {
    /// There is no piece on the from-square.
    NoPiece,
    /// The piece on the from-square belongs to the side not to move.
    NotYourTurn,
    /// The destination holds one of the mover's own pieces.
    OwnPiece,
    /// The piece cannot move that way at all (wrong shape or distance).
    CannotMoveThere,
    /// The king or advisor would leave the palace (1960 rules §2.1).
    LeavesPalace,
    /// An elephant may not cross the river (1960 rules §2.1).
    CrossesRiver,
    /// The elephant's eye is blocked (塞象眼, 1960 rules §2.1, 图二).
    ElephantEyeBlocked,
    /// The horse's leg is blocked (蹩马腿, 1960 rules §2.1, 图三).
    HorseLegBlocked,
    /// A rook or cannon cannot pass a piece on its way.
    PathBlocked,
    /// A cannon captures only over exactly one screen (1960 rules §2.2).
    CannonNeedsScreen,
    /// A pawn moves sideways only after crossing the river, and never backwards (1960 rules §2.1).
    PawnDirection,
    /// The move would leave the kings facing on an open file (将帅不能对面, 1960 rules §2.3).
    KingsWouldFace,
    /// The move would leave the mover's king attacked (送将), or fails to answer a check
    /// (1960 rules §3).
    LeavesKingInCheck,
}

impl fmt::Display for IllegalReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            IllegalReason::NoPiece => "there is no piece on the starting square",
            IllegalReason::NotYourTurn => "that piece belongs to the side not to move",
            IllegalReason::OwnPiece => "the destination holds one of the mover's own pieces",
            IllegalReason::CannotMoveThere => "the piece cannot move that way",
            IllegalReason::LeavesPalace => "the piece may not leave the palace",
            IllegalReason::CrossesRiver => "an elephant may not cross the river",
            IllegalReason::ElephantEyeBlocked => "the elephant's eye is blocked",
            IllegalReason::HorseLegBlocked => "the horse's leg is blocked",
            IllegalReason::PathBlocked => "a piece stands in the way",
            IllegalReason::CannonNeedsScreen => "a cannon captures only over exactly one piece",
            IllegalReason::PawnDirection => {
                "a pawn moves forward, and sideways only after crossing the river"
            }
            IllegalReason::KingsWouldFace => "the kings would face each other on an open file",
            IllegalReason::LeavesKingInCheck => "the mover's king would be in check",
        })
    }
}

/// A move that [`Position::play`] refused, and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct IllegalMove {
    /// The move.
    pub mv: Move,
    /// Why it is illegal.
    pub reason: IllegalReason,
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "illegal move {}: {}", self.mv, self.reason)
    }
}

impl std::error::Error for IllegalMove {}

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

impl Position {
    /// Why a move is illegal, assuming it is.
    pub(crate) fn why_illegal(&self, m: Move) -> IllegalReason {
        why_illegal(self, m)
    }

    /// Plays a move if it is legal; otherwise says why not and leaves the position as it was.
    ///
    /// ```
    /// use xiangqi::{IllegalReason, Position};
    /// let mut pos = Position::start();
    /// let err = pos.play("a0b1".parse().unwrap()).unwrap_err();
    /// assert_eq!(err.reason, IllegalReason::CannotMoveThere);
    /// ```
    pub fn play(&mut self, m: Move) -> Result<Undo, IllegalMove> {
        if self.is_legal(m) {
            Ok(self.play_unchecked(m))
        } else {
            Err(IllegalMove {
                mv: m,
                reason: self.why_illegal(m),
            })
        }
    }
}
