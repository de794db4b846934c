//! Playing a move and taking it back, the board's piece sets, kings and zobrist hash kept
//! incrementally (the hot path of perft and of every search).

use super::{Position, Undo, bit};
use crate::geometry::{EMPTY, TO_PADDED};
use crate::zobrist;
use crate::{Color, Move, Role};

impl Position {
    /// Plays a move without checking that it is legal, returning what [`Position::undo`]
    /// needs. The caller vouches that the move is among [`Position::legal_moves`]; playing
    /// anything else leaves the position meaningless (but never unsafe).
    #[inline]
    pub fn play_unchecked(&mut self, m: Move) -> Undo {
        let (f90, t90) = (m.from().index(), m.to().index());
        let from = TO_PADDED[f90 as usize] as usize;
        let to = TO_PADDED[t90 as usize] as usize;
        let code = self.cells[from];
        let captured = self.cells[to];
        let us = self.turn;
        self.cells[to] = code;
        self.cells[from] = EMPTY;
        let moved = bit(f90) | bit(t90);
        self.by_code[code as usize & 15] ^= moved;
        self.by_color[us.index()] ^= moved;
        let z = &zobrist::PIECE_SQUARE[code as usize & 15];
        self.hash ^= z[f90 as usize] ^ z[t90 as usize] ^ zobrist::BLACK_TO_MOVE;
        let undo = Undo {
            captured,
            halfmoves: self.halfmoves,
        };
        if captured != EMPTY {
            self.by_code[captured as usize & 15] ^= bit(t90);
            self.by_color[(!us).index()] ^= bit(t90);
            self.hash ^= zobrist::PIECE_SQUARE[captured as usize & 15][t90 as usize];
            self.halfmoves = 0;
        } else {
            self.halfmoves += 1;
        }
        if code & 7 == Role::King as u8 {
            self.kings[us.index()] = to as u8;
        }
        if us == Color::Black {
            self.fullmoves += 1;
        }
        self.turn = !us;
        undo
    }

    /// Takes back a move made by [`Position::play_unchecked`] or [`Position::play`].
    #[inline]
    pub fn undo(&mut self, m: Move, undo: Undo) {
        let (f90, t90) = (m.from().index(), m.to().index());
        let from = TO_PADDED[f90 as usize] as usize;
        let to = TO_PADDED[t90 as usize] as usize;
        let us = !self.turn;
        let code = self.cells[to];
        self.cells[from] = code;
        self.cells[to] = undo.captured;
        let moved = bit(f90) | bit(t90);
        self.by_code[code as usize & 15] ^= moved;
        self.by_color[us.index()] ^= moved;
        let z = &zobrist::PIECE_SQUARE[code as usize & 15];
        self.hash ^= z[f90 as usize] ^ z[t90 as usize] ^ zobrist::BLACK_TO_MOVE;
        if undo.captured != EMPTY {
            self.by_code[undo.captured as usize & 15] ^= bit(t90);
            self.by_color[(!us).index()] ^= bit(t90);
            self.hash ^= zobrist::PIECE_SQUARE[undo.captured as usize & 15][t90 as usize];
        }
        self.halfmoves = undo.halfmoves;
        if code & 7 == Role::King as u8 {
            self.kings[us.index()] = from as u8;
        }
        if us == Color::Black {
            self.fullmoves -= 1;
        }
        self.turn = us;
    }
}
