//! The coordinates of the board: files, ranks and squares.
//!
//! Coordinates follow ICCS (see `docs/architecture.md`): files `a`–`i` from Red's left, ranks `0`–`9`
//! from Red's side. Square `a0` is Red's bottom-left corner, `i9` Black's top-right.

use std::fmt;

use crate::Color;

/// A file (column), `a` to `i` from Red's left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct File(u8);

impl File {
    /// The number of files.
    pub const COUNT: usize = 9;

    /// The file with index `0..9`, or `None`.
    pub const fn new(index: u8) -> Option<File> {
        if index < 9 { Some(File(index)) } else { None }
    }

    /// Index from Red's left, `0..9`.
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The ICCS letter `a`–`i`.
    pub const fn char(self) -> char {
        (b'a' + self.0) as char
    }

    /// Reads an ICCS letter of either case.
    pub const fn from_char(c: char) -> Option<File> {
        match c.to_ascii_lowercase() {
            'a'..='i' => Some(File(c.to_ascii_lowercase() as u8 - b'a')),
            _ => None,
        }
    }

    /// The file seen from the given side's right, numbered 1–9, as Chinese notation counts
    /// them (1960 rules, §6: Red's files 一 to 九 from Red's right, Black's 1 to 9 from Black's
    /// right).
    ///
    /// ```
    /// use xiangqi::{Color, File};
    /// let h = File::from_char('h').unwrap();
    /// assert_eq!(h.from_right(Color::Red), 2);
    /// assert_eq!(h.from_right(Color::Black), 8);
    /// ```
    pub const fn from_right(self, side: Color) -> u8 {
        match side {
            Color::Red => 9 - self.0,
            Color::Black => self.0 + 1,
        }
    }
}

/// A rank (row), `0` to `9` from Red's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Rank(u8);

impl Rank {
    /// The number of ranks.
    pub const COUNT: usize = 10;

    /// The rank with index `0..10`, or `None`.
    pub const fn new(index: u8) -> Option<Rank> {
        if index < 10 { Some(Rank(index)) } else { None }
    }

    /// Index from Red's side, `0..10`.
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The ICCS digit `0`–`9`.
    pub const fn char(self) -> char {
        (b'0' + self.0) as char
    }

    /// How far this rank is from the given side's back rank: 0 on its own back rank.
    pub const fn relative_to(self, side: Color) -> u8 {
        match side {
            Color::Red => self.0,
            Color::Black => 9 - self.0,
        }
    }
}

/// One of the 90 points of the board, `a0`..`i9`.
///
/// ```
/// use xiangqi::Square;
/// let sq: Square = "e0".parse().unwrap();
/// assert_eq!(sq.to_string(), "e0");
/// assert_eq!(sq.index(), 4);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The number of squares.
    pub const COUNT: usize = 90;

    /// The square with index `rank * 9 + file`, or `None` if out of range.
    pub const fn new(index: u8) -> Option<Square> {
        if index < 90 {
            Some(Square(index))
        } else {
            None
        }
    }

    /// The square at a file and rank.
    pub const fn from_coords(file: File, rank: Rank) -> Square {
        Square(rank.0 * 9 + file.0)
    }

    /// Index `rank * 9 + file`, `0..90`.
    #[inline]
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The square's file.
    pub const fn file(self) -> File {
        File(self.0 % 9)
    }

    /// The square's rank.
    pub const fn rank(self) -> Rank {
        Rank(self.0 / 9)
    }

    /// Every square, `a0`, `b0`, … `i9`.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..90).map(Square)
    }

    /// The same square seen from the other side (rotated 180°).
    pub const fn flip(self) -> Square {
        Square(89 - self.0)
    }

    /// The square mirrored left-right.
    pub const fn mirror(self) -> Square {
        Square(self.0 - self.0 % 9 + (8 - self.0 % 9))
    }

    /// Whether the square is on the given side's half of the board (before the river).
    pub const fn is_home_half(self, side: Color) -> bool {
        match side {
            Color::Red => self.0 < 45,
            Color::Black => self.0 >= 45,
        }
    }

    /// Whether the square is inside the given side's palace (九宫).
    pub const fn in_palace(self, side: Color) -> bool {
        let f = self.0 % 9;
        let r = self.rank().relative_to(side);
        f >= 3 && f <= 5 && r <= 2
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file().char(), self.rank().char())
    }
}

/// Why a square name could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseSquareError(pub String);

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "not a square: {:?} (expected a file a–i and a rank 0–9, like e0)",
            self.0
        )
    }
}

impl std::error::Error for ParseSquareError {}

impl std::str::FromStr for Square {
    type Err = ParseSquareError;
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let mut chars = s.chars();
        match (chars.next(), chars.next(), chars.next()) {
            (Some(f), Some(r), None) => match (File::from_char(f), r.to_digit(10)) {
                (Some(file), Some(rank)) => Ok(Square::from_coords(file, Rank(rank as u8))),
                _ => Err(ParseSquareError(s.to_owned())),
            },
            _ => Err(ParseSquareError(s.to_owned())),
        }
    }
}
