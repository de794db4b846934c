//! Pseudo-legal moves: where each kind of piece may go by its own move rule (1960 rules §2;
//! current text 2.2), before the test that the mover's king is safe. One step function a kind
//! of piece, each inlined into the generator's loop (the hot path of perft and the search).

use super::{ADVISOR, CANNON, ELEPHANT, HORSE, HORSE_JUMPS, KING, PAWN, ROOK, can_land, color_bit};
use crate::geometry::{BLACK_BIT, CELLS, DIAG, EMPTY, HOME, OFF, ORTHO, PALACE, forward};
use crate::{Color, Position};

impl Position {
    /// Calls `emit(to)` for every pseudo-legal destination of the piece `code` on `from`.
    #[inline(always)]
    pub(crate) fn pseudo_moves_from(&self, from: usize, code: u8, mut emit: impl FnMut(usize)) {
        let us = if code & BLACK_BIT != 0 {
            Color::Black
        } else {
            Color::Red
        };
        let cells = &self.cells;
        match code & 7 {
            ROOK => rook_moves(cells, from, us, &mut emit),
            CANNON => cannon_moves(cells, from, us, &mut emit),
            HORSE => horse_moves(cells, from, us, &mut emit),
            PAWN => pawn_moves(cells, from, us, &mut emit),
            KING => king_moves(cells, from, us, &mut emit),
            ADVISOR => advisor_moves(cells, from, us, &mut emit),
            ELEPHANT => elephant_moves(cells, from, us, &mut emit),
            _ => {}
        }
    }
}

/// The rook (车): along a line to the first piece, taking it if it is an enemy.
#[inline(always)]
fn rook_moves(cells: &[u8; CELLS], from: usize, us: Color, emit: &mut impl FnMut(usize)) {
    for d in ORTHO {
        let mut s = from as i32 + d;
        loop {
            let c = cells[s as usize];
            if c == EMPTY {
                emit(s as usize);
            } else {
                if c != OFF && (c & BLACK_BIT) != color_bit(us) {
                    emit(s as usize);
                }
                break;
            }
            s += d;
        }
    }
}

/// The cannon (炮): along a line to the first piece without taking; takes only over one
/// piece, the screen (炮架).
#[inline(always)]
fn cannon_moves(cells: &[u8; CELLS], from: usize, us: Color, emit: &mut impl FnMut(usize)) {
    for d in ORTHO {
        let mut s = from as i32 + d;
        while cells[s as usize] == EMPTY {
            emit(s as usize);
            s += d;
        }
        if cells[s as usize] == OFF {
            continue;
        }
        s += d;
        while cells[s as usize] == EMPTY {
            s += d;
        }
        let c = cells[s as usize];
        if c != OFF && (c & BLACK_BIT) != color_bit(us) {
            emit(s as usize);
        }
    }
}

/// The horse (马): one step along a line, then one diagonally outwards; a piece on the
/// step's square (the leg, 马腿) blocks it.
#[inline(always)]
fn horse_moves(cells: &[u8; CELLS], from: usize, us: Color, emit: &mut impl FnMut(usize)) {
    for (leg, jump) in HORSE_JUMPS {
        let to = (from as i32 + jump) as usize;
        if cells[(from as i32 + leg) as usize] == EMPTY && can_land(cells[to], us) {
            emit(to);
        }
    }
}

/// The pawn (兵, 卒): one step forward; across the river, also one step sideways.
#[inline(always)]
fn pawn_moves(cells: &[u8; CELLS], from: usize, us: Color, emit: &mut impl FnMut(usize)) {
    let fwd = (from as i32 + forward(us)) as usize;
    if can_land(cells[fwd], us) {
        emit(fwd);
    }
    if !HOME[us.index()][from] {
        for side in [from - 1, from + 1] {
            if can_land(cells[side], us) {
                emit(side);
            }
        }
    }
}

/// The king (帅, 将): one step along a line, inside the palace.
#[inline(always)]
fn king_moves(cells: &[u8; CELLS], from: usize, us: Color, emit: &mut impl FnMut(usize)) {
    for d in ORTHO {
        let to = (from as i32 + d) as usize;
        if PALACE[us.index()][to] && can_land(cells[to], us) {
            emit(to);
        }
    }
}

/// The advisor (仕, 士): one step diagonally, inside the palace.
#[inline(always)]
fn advisor_moves(cells: &[u8; CELLS], from: usize, us: Color, emit: &mut impl FnMut(usize)) {
    for d in DIAG {
        let to = (from as i32 + d) as usize;
        if PALACE[us.index()][to] && can_land(cells[to], us) {
            emit(to);
        }
    }
}

/// The elephant (相, 象): two steps diagonally, on its own side of the river; a piece on the
/// middle point (the eye, 象眼) blocks it.
#[inline(always)]
fn elephant_moves(cells: &[u8; CELLS], from: usize, us: Color, emit: &mut impl FnMut(usize)) {
    for d in DIAG {
        let to = (from as i32 + 2 * d) as usize;
        if HOME[us.index()][to]
            && cells[(from as i32 + d) as usize] == EMPTY
            && can_land(cells[to], us)
        {
            emit(to);
        }
    }
}
