//! The men (pieces) of a side, one by one, as each generator walks them: the square sets keep
//! 0..90 squares, but the moves are found on the padded board, so every generator needs both.

use crate::geometry::{CELLS, TO_PADDED};
use crate::{Position, Role};

/// A man where it stands.
#[derive(Clone, Copy)]
pub(super) struct Man {
    /// Its 0..90 square: what moves and square sets are made of.
    pub(super) f90: u8,
    /// Its padded cell, where its moves start.
    pub(super) from: usize,
    /// Its code on the padded board (role and colour).
    pub(super) code: u8,
    /// Whether it is the king, whose every move needs the attack test at its new square.
    pub(super) is_king: bool,
}

/// The men on a set of squares, lowest square first: the order moves are generated in.
pub(super) struct Men<'a> {
    cells: &'a [u8; CELLS],
    left: u128,
}

impl Iterator for Men<'_> {
    type Item = Man;

    // The generators' innermost loop: it must fold into each of them as the hand-written loop
    // did, or perft slows.
    #[inline(always)]
    fn next(&mut self) -> Option<Man> {
        if self.left == 0 {
            return None;
        }
        let f90 = self.left.trailing_zeros() as u8;
        self.left &= self.left - 1;
        let from = TO_PADDED[f90 as usize] as usize;
        let code = self.cells[from];
        Some(Man {
            f90,
            from,
            code,
            is_king: code & 7 == Role::King as u8,
        })
    }
}

impl Position {
    /// The men on `set`, a set of squares that hold pieces (a side's, or part of it).
    #[inline(always)]
    pub(super) fn men(&self, set: u128) -> Men<'_> {
        Men {
            cells: &self.cells,
            left: set,
        }
    }
}
