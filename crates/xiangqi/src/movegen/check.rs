//! Whether a move gives check, without playing it (1960 rules §3: 将军; the facing kings of
//! §2.1 count as a check, as in [`Position::is_check`]).

use super::{CANNON, HORSE, KING, PAWN, ROOK, color_bit, is_own};
use crate::geometry::{CELLS, EMPTY, HOME, OFF, TO_PADDED, W, forward};
use crate::{Color, Move, Position};

impl Position {
    /// Whether moving the piece on `m.from()` to `m.to()` would leave the other side in
    /// check: [`Position::is_check`] after the move, without playing it. False when
    /// `m.from()` holds no piece of the side to move.
    ///
    /// The side not to move is never in check (a [`Position`] is legal), so only the move can
    /// make a check: the moved piece itself, or a line through one of the two squares it
    /// touches — opened, given a new cannon screen, or reached — or a horse leg it frees. Only
    /// those are looked at, which is cheaper than a full attack test on the king.
    ///
    /// ```
    /// use xiangqi::Position;
    /// let pos = Position::from_fen("3k5/9/9/9/9/9/9/9/4K4/7R1 w").unwrap();
    /// assert!(pos.gives_check("h0h9".parse().unwrap()));
    /// assert!(pos.gives_check("h0d0".parse().unwrap()));
    /// assert!(!pos.gives_check("h0h5".parse().unwrap()));
    /// ```
    pub fn gives_check(&self, m: Move) -> bool {
        let from = TO_PADDED[m.from().index() as usize] as usize;
        let to = TO_PADDED[m.to().index() as usize] as usize;
        let code = self.cells[from];
        let us = self.turn;
        if from == to || !is_own(code, us) {
            return false;
        }
        let k = self.kings[(!us).index()] as usize;
        let after = After {
            cells: &self.cells,
            from,
            to,
            code,
        };
        if after.moved_piece_checks(k, us) {
            return true;
        }
        // Lines from the king through `from` and `to`. (0: not on a line through the king.)
        let ub = color_bit(us);
        let (d_from, d_to) = (direction(from, k), direction(to, k));
        if (d_from != 0 && after.line_checks(k, d_from, ub))
            || (d_to != 0 && d_to != d_from && after.line_checks(k, d_to, ub))
        {
            return true;
        }
        after.freed_leg_checks(k, ub)
    }
}

/// The board after a move, read without playing it: `from` empty, the moved piece on `to`.
struct After<'a> {
    cells: &'a [u8; CELLS],
    from: usize,
    to: usize,
    code: u8,
}

impl After<'_> {
    /// The cell `s` after the move.
    #[inline(always)]
    fn at(&self, s: usize) -> u8 {
        if s == self.from {
            EMPTY
        } else if s == self.to {
            self.code
        } else {
            self.cells[s]
        }
    }

    /// Whether the moved piece itself checks the king on `k` where a line does not cover it:
    /// a horse with a free leg, or a pawn one step from the king.
    #[inline(always)]
    fn moved_piece_checks(&self, k: usize, us: Color) -> bool {
        let to = self.to;
        match self.code & 7 {
            HORSE => {
                // The leg of the jump from `to` to the king, if the king is a jump away.
                let leg = match k as i32 - to as i32 {
                    33 | 31 => W,
                    -33 | -31 => -W,
                    18 | -14 => 1,
                    14 | -18 => -1,
                    _ => 0,
                };
                leg != 0 && self.at((to as i32 + leg) as usize) == EMPTY
            }
            PAWN => {
                to as i32 + forward(us) == k as i32
                    || (!HOME[us.index()][to] && (to + 1 == k || to == k + 1))
            }
            _ => false,
        }
    }

    /// Whether the line from the king on `k` in direction `d` now checks: a rook of the
    /// mover's colour (`ub`) or, on the file, the mover's king first, or a cannon second.
    #[inline(always)]
    fn line_checks(&self, k: usize, d: i32, ub: u8) -> bool {
        let mut s = k as i32 + d;
        while self.at(s as usize) == EMPTY {
            s += d;
        }
        let c = self.at(s as usize);
        if c == OFF {
            return false;
        }
        if c == ROOK | ub || (d.abs() == W && c == KING | ub) {
            return true;
        }
        s += d;
        while self.at(s as usize) == EMPTY {
            s += d;
        }
        self.at(s as usize) == CANNON | ub
    }

    /// Whether the move frees the leg of a horse of the mover's colour (`ub`) aimed at the
    /// king on `k`: `from` diagonally next to the king.
    #[inline(always)]
    fn freed_leg_checks(&self, k: usize, ub: u8) -> bool {
        let from = self.from;
        let diff = from as i32 - k as i32;
        if !matches!(diff.abs(), 15 | 17) {
            return false;
        }
        let v = if diff > 0 { W } else { -W };
        let h = diff - v;
        let horse = HORSE | ub;
        self.at((from as i32 + h) as usize) == horse || self.at((from as i32 + v) as usize) == horse
    }
}

/// The direction from the king on `k` to `s` along a file (±W) or a rank (±1); 0 when `s` is
/// on neither.
#[inline(always)]
fn direction(s: usize, k: usize) -> i32 {
    if s % W as usize == k % W as usize {
        if s > k { W } else { -W }
    } else if s / W as usize == k / W as usize {
        if s > k { 1 } else { -1 }
    } else {
        0
    }
}

#[cfg(test)]
mod tests {
    use crate::geometry::{FROM_PADDED, TO_PADDED};
    use crate::{Move, Position, Square};

    /// Every pseudo-legal move (legal or not) in every position of many random games, from
    /// the opening and from sparse endings: `gives_check` says what playing the move and
    /// asking [`Position::is_check`] says.
    #[test]
    fn gives_check_agrees_with_playing_the_move() {
        let mut state = 0x9e37_79b9_u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let starts = [
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
            "2bak4/4a4/4b4/2n1c4/3P5/2R6/9/4C4/4A4/3AK4 w",
            "4k4/9/9/9/4n4/9/9/9/9/3K1R3 b",
        ];
        let (mut moves, mut checks) = (0, 0);
        for game in 0..90 {
            let mut pos = Position::from_fen(starts[game % starts.len()]).unwrap();
            for _ in 0..200 {
                for sq in Square::all() {
                    let from = TO_PADDED[sq.index() as usize] as usize;
                    let code = pos.cells[from];
                    if !super::is_own(code, pos.turn()) {
                        continue;
                    }
                    pos.pseudo_moves_from(from, code, |to| {
                        let m = Move::new(sq, Square::new(FROM_PADDED[to]).unwrap());
                        let mut after = pos.clone();
                        after.play_unchecked(m);
                        let check = after.is_check();
                        assert_eq!(pos.gives_check(m), check, "{m} in {}", pos.fen());
                        moves += 1;
                        checks += usize::from(check);
                    });
                }
                let legal = pos.legal_moves();
                if legal.is_empty() {
                    break;
                }
                pos.play_unchecked(legal[(next() % legal.len() as u64) as usize]);
            }
        }
        assert!(
            moves > 100_000 && checks > 5_000,
            "{moves} moves, {checks} checks"
        );
    }

    /// Moves that are not the mover's: no check, no panic.
    #[test]
    fn gives_check_is_false_for_moves_that_are_not_the_movers() {
        let pos = Position::start();
        for (m, why) in [
            ("e5e4", "an empty square"),
            ("h7h0", "Black's cannon, Red to move"),
            ("h2h2", "no move at all"),
        ] {
            assert!(!pos.gives_check(m.parse().unwrap()), "{why}");
        }
    }
}
