//! Moves and move lists.

use std::fmt;

use crate::{File, Rank, Square};

/// A move from one square to another. Xiangqi has no promotions, castling or drops, so the two
/// squares say everything; whether the move is legal is a question for a [`crate::Position`].
///
/// `Display` writes ICCS (`h2e2`); `FromStr` reads ICCS, also in the `H2-E2` form.
///
/// ```
/// use xiangqi::Move;
/// let m: Move = "H2-E2".parse().unwrap();
/// assert_eq!(m.to_string(), "h2e2");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move(u16);

impl Move {
    /// A move from `from` to `to`.
    #[inline]
    pub const fn new(from: Square, to: Square) -> Move {
        Move(from.index() as u16 | ((to.index() as u16) << 7))
    }

    /// Where the moving piece stands.
    #[inline]
    pub const fn from(self) -> Square {
        match Square::new((self.0 & 127) as u8) {
            Some(s) => s,
            None => unreachable!(),
        }
    }

    /// Where it goes.
    #[inline]
    pub const fn to(self) -> Square {
        match Square::new((self.0 >> 7) as u8) {
            Some(s) => s,
            None => unreachable!(),
        }
    }

    #[inline]
    pub(crate) const fn from_index(from: u8, to: u8) -> Move {
        Move(from as u16 | ((to as u16) << 7))
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from(), self.to())
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Move({self})")
    }
}

/// Why a move text could not be read as ICCS.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseMoveError(pub String);

impl fmt::Display for ParseMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "not an ICCS move: {:?} (expected four characters like h2e2 or H2-E2)",
            self.0
        )
    }
}

impl std::error::Error for ParseMoveError {}

impl std::str::FromStr for Move {
    type Err = ParseMoveError;
    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        let b = s.as_bytes();
        let (f1, r1, f2, r2) = match b.len() {
            4 => (b[0], b[1], b[2], b[3]),
            5 if b[2] == b'-' => (b[0], b[1], b[3], b[4]),
            _ => return Err(ParseMoveError(s.to_owned())),
        };
        let square = |f: u8, r: u8| {
            let file = File::from_char(f as char)?;
            let rank = Rank::new(r.wrapping_sub(b'0'))?;
            Some(Square::from_coords(file, rank))
        };
        match (square(f1, r1), square(f2, r2)) {
            (Some(from), Some(to)) => Ok(Move::new(from, to)),
            _ => Err(ParseMoveError(s.to_owned())),
        }
    }
}

/// The most legal moves any board can offer, including the boards with too many pieces of a
/// kind that [`crate::PositionError::ignore_placement`] accepts (a board of 43 horses has 249
/// moves). A game position has far fewer (about 120 even with every piece free), but the list
/// must hold every move of every board the parsers accept, or perft and the referee would
/// count a truncated list without a word.
///
/// The bound, proved from the laws of movement: with `n` pieces of the side to move, every
/// piece has at most 17 moves (a rook or cannon: 8 along its rank, 9 along its file), so there
/// are at most `17n`. Counted by destination instead, a move ends on one of the other `90 - n`
/// squares and arrives there in one of 24 ways: from the nearest piece in each of the four
/// directions (a rook, a cannon's quiet move, a king's or pawn's step), from a cannon behind
/// one screen in each direction, from one of the 8 horse squares, and from one of the 4
/// advisor and 4 elephant squares. So at most `min(17n, 24(90 - n))`, which is largest at
/// `n = 53`: `min(901, 888)` = 888.
pub const MAX_MOVES: usize = 888;

/// A list of moves on the stack, as the move generator fills it.
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MAX_MOVES],
    len: usize,
}

impl MoveList {
    /// An empty list.
    #[inline]
    pub fn new() -> MoveList {
        MoveList {
            moves: [Move(0); MAX_MOVES],
            len: 0,
        }
    }

    #[inline]
    pub(crate) fn push(&mut self, m: Move) {
        // MAX_MOVES is a proven bound, so this never drops a move; the check keeps a logic
        // error in the generator from writing out of bounds.
        if let Some(slot) = self.moves.get_mut(self.len) {
            *slot = m;
            self.len += 1;
        }
    }

    /// The moves as a slice.
    #[inline]
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }

    /// Number of moves.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there are no moves.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Whether the list holds the move.
    pub fn contains(&self, m: Move) -> bool {
        self.as_slice().contains(&m)
    }

    /// Iterates over the moves.
    pub fn iter(&self) -> std::slice::Iter<'_, Move> {
        self.as_slice().iter()
    }

    /// Removes every move.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList::new()
    }
}

impl std::ops::Deref for MoveList {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        self.as_slice()
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}
