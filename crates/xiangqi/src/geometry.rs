//! The padded board the move generator walks on, and its fixed tables.
//!
//! Squares are laid out 16 to a row with a border of two off-board cells on every side, so a
//! horse's jump or a rook's ray never needs a bounds check: it simply meets an `OFF` cell.
//! Public code sees only [`crate::Square`] (0..90); the padded index stays inside the crate.

use crate::Color;

/// Width of a padded row.
pub(crate) const W: i32 = 16;
/// Total padded cells.
pub(crate) const CELLS: usize = 256;
/// An empty point.
pub(crate) const EMPTY: u8 = 0;
/// A cell outside the board.
pub(crate) const OFF: u8 = 0x40;
/// Added to a piece code for Black.
pub(crate) const BLACK_BIT: u8 = 8;

/// Orthogonal steps: up (towards Black), down, right, left.
pub(crate) const ORTHO: [i32; 4] = [W, -W, 1, -1];
/// Diagonal steps.
pub(crate) const DIAG: [i32; 4] = [W + 1, W - 1, -W + 1, -W - 1];

/// Padded index of a 0..90 square.
pub(crate) const TO_PADDED: [u8; 90] = {
    let mut t = [0u8; 90];
    let mut i = 0;
    while i < 90 {
        t[i] = (((i / 9) as i32 + 2) * W + (i % 9) as i32 + 2) as u8;
        i += 1;
    }
    t
};

/// 0..90 square of a padded index, or 255 off the board.
pub(crate) const FROM_PADDED: [u8; CELLS] = {
    let mut t = [255u8; CELLS];
    let mut i = 0;
    while i < 90 {
        t[TO_PADDED[i] as usize] = i as u8;
        i += 1;
    }
    t
};

/// Which flag a table holds.
#[derive(Clone, Copy)]
enum Flag {
    Palace,
    Home,
}

const fn flag_table(flag: Flag, color: Color) -> [bool; CELLS] {
    let mut t = [false; CELLS];
    let mut i = 0;
    while i < 90 {
        t[TO_PADDED[i] as usize] = match flag {
            Flag::Palace => in_palace(i as u8, color),
            Flag::Home => home_half(i as u8, color),
        };
        i += 1;
    }
    t
}

const fn in_palace(sq: u8, color: Color) -> bool {
    let f = sq % 9;
    let r = match color {
        Color::Red => sq / 9,
        Color::Black => 9 - sq / 9,
    };
    f >= 3 && f <= 5 && r <= 2
}

const fn home_half(sq: u8, color: Color) -> bool {
    match color {
        Color::Red => sq < 45,
        Color::Black => sq >= 45,
    }
}

/// `PALACE[color][cell]`: inside that side's palace (九宫).
pub(crate) const PALACE: [[bool; CELLS]; 2] = [
    flag_table(Flag::Palace, Color::Red),
    flag_table(Flag::Palace, Color::Black),
];

/// `HOME[color][cell]`: on the board and on that side's half (where its elephants live and its
/// pawns have not crossed).
pub(crate) const HOME: [[bool; CELLS]; 2] = [
    flag_table(Flag::Home, Color::Red),
    flag_table(Flag::Home, Color::Black),
];

/// Forward step of a pawn.
#[inline]
pub(crate) const fn forward(color: Color) -> i32 {
    match color {
        Color::Red => W,
        Color::Black => -W,
    }
}

/// The 0..90 squares where an advisor of the colour can ever stand (1960 rules §2.1: one
/// diagonal step at a time inside the palace, so only the palace's corners and centre).
pub(crate) const fn advisor_square(sq: u8, color: Color) -> bool {
    let f = sq % 9;
    let r = match color {
        Color::Red => sq / 9,
        Color::Black => 9 - sq / 9,
    };
    in_palace(sq, color) && (f + r) % 2 == 1
}

/// The 0..90 squares where an elephant of the colour can ever stand (two diagonal steps at a
/// time on its own half: seven points).
pub(crate) const fn elephant_square(sq: u8, color: Color) -> bool {
    let f = sq % 9;
    let r = match color {
        Color::Red => sq / 9,
        Color::Black => 9 - sq / 9,
    };
    r <= 4 && r.is_multiple_of(2) && f.is_multiple_of(2) && (f + r) % 4 == 2
}

/// A ray in the 0..90 bit layout, per padded square and orthogonal direction: every square
/// from the next one to the edge.
pub(crate) static RAYS: [[u128; 4]; CELLS] = {
    let mut t = [[0u128; 4]; CELLS];
    let mut i = 0;
    while i < 90 {
        let from = TO_PADDED[i] as i32;
        let mut d = 0;
        while d < 4 {
            let mut s = from + ORTHO[d];
            let mut mask = 0u128;
            while FROM_PADDED[s as usize] != 255 {
                mask |= 1u128 << FROM_PADDED[s as usize];
                s += ORTHO[d];
            }
            t[from as usize][d] = mask;
            d += 1;
        }
        i += 1;
    }
    t
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn advisor_and_elephant_points_count() {
        for color in Color::ALL {
            assert_eq!((0..90).filter(|&s| advisor_square(s, color)).count(), 5);
            assert_eq!((0..90).filter(|&s| elephant_square(s, color)).count(), 7);
            assert_eq!((0..90).filter(|&s| in_palace(s, color)).count(), 9);
        }
        // Red elephants start on c0 and g0; Black's on c9 and g9.
        assert!(elephant_square(2, Color::Red) && elephant_square(6, Color::Red));
        assert!(elephant_square(83, Color::Black) && elephant_square(87, Color::Black));
        assert!(elephant_square(22, Color::Red)); // e2
        assert!(!elephant_square(22, Color::Black));
    }

    #[test]
    fn padding_round_trips() {
        for i in 0..90u8 {
            assert_eq!(FROM_PADDED[TO_PADDED[i as usize] as usize], i);
        }
        assert_eq!(FROM_PADDED.iter().filter(|&&x| x != 255).count(), 90);
    }
}
