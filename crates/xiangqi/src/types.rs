//! The typed vocabulary of the board: colours, roles, pieces, files, ranks and squares.
//!
//! Coordinates follow ICCS (see `docs/architecture.md`): files `a`–`i` from Red's left, ranks `0`–`9`
//! from Red's side. Square `a0` is Red's bottom-left corner, `i9` Black's top-right.

use std::fmt;

/// One of the two sides. Red (红) moves first in every current rule book.
///
/// The 1960 rules (§1) and the 1956 text had Black move first; the current text and
/// every modern tournament have Red move first, and so do we. With the `serde` feature a colour
/// is written as its lower-case name, as every JSON of the project writes it.
///
/// ```
/// use xiangqi::Color;
/// assert_eq!(Color::Black.to_string(), "black");
/// # #[cfg(feature = "serde")]
/// assert_eq!(serde_json::to_string(&Color::Red).unwrap(), "\"red\"");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Color {
    /// 红方, conventionally at the bottom, moving first.
    Red = 0,
    /// 黑方.
    Black = 1,
}

impl Color {
    /// Both colours, Red first.
    pub const ALL: [Color; 2] = [Color::Red, Color::Black];

    /// The other side.
    ///
    /// ```
    /// use xiangqi::Color;
    /// assert_eq!(!Color::Red, Color::Black);
    /// ```
    #[inline]
    pub const fn other(self) -> Color {
        match self {
            Color::Red => Color::Black,
            Color::Black => Color::Red,
        }
    }

    /// `Red` or `Black` from a boolean that says "is this Red?".
    #[inline]
    pub const fn from_red(is_red: bool) -> Color {
        if is_red { Color::Red } else { Color::Black }
    }

    /// The index used in tables: Red 0, Black 1.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The colour's lower-case English name, as used in JSON (`"red"`, `"black"`).
    pub const fn name(self) -> &'static str {
        match self {
            Color::Red => "red",
            Color::Black => "black",
        }
    }

    /// 红 or 黑.
    pub const fn chinese(self) -> &'static str {
        match self {
            Color::Red => "红",
            Color::Black => "黑",
        }
    }
}

impl std::ops::Not for Color {
    type Output = Color;
    #[inline]
    fn not(self) -> Color {
        self.other()
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The seven kinds of piece (1960 rules, §1.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    /// 帅/将: confined to the palace, one step orthogonally.
    King = 1,
    /// 仕/士: confined to the palace, one step diagonally.
    Advisor = 2,
    /// 相/象: two steps diagonally, blocked by a piece on the eye, never across the river.
    Elephant = 3,
    /// 马: one orthogonal then one diagonal step, blocked by a piece on the leg.
    Horse = 4,
    /// 车: any distance orthogonally.
    Rook = 5,
    /// 炮: moves like a rook, captures by jumping exactly one screen.
    Cannon = 6,
    /// 兵/卒: one step forward; after the river also sideways; never back.
    Pawn = 7,
}

impl Role {
    /// All roles in the order king, advisor, elephant, horse, rook, cannon, pawn.
    pub const ALL: [Role; 7] = [
        Role::King,
        Role::Advisor,
        Role::Elephant,
        Role::Horse,
        Role::Rook,
        Role::Cannon,
        Role::Pawn,
    ];

    /// How many of this role each side has at the start (1960 rules, §1.2).
    pub const fn start_count(self) -> u8 {
        match self {
            Role::King => 1,
            Role::Pawn => 5,
            _ => 2,
        }
    }

    /// The FEN letter for Red (upper case); Black's is the lower case.
    pub const fn fen_char(self) -> char {
        match self {
            Role::King => 'K',
            Role::Advisor => 'A',
            Role::Elephant => 'B',
            Role::Horse => 'N',
            Role::Rook => 'R',
            Role::Cannon => 'C',
            Role::Pawn => 'P',
        }
    }

    /// Reads a FEN letter of either case. `H` (horse) and `E` (elephant) are accepted as the
    /// older spellings some programs write.
    ///
    /// ```
    /// use xiangqi::Role;
    /// assert_eq!(Role::from_fen_char('h'), Some(Role::Horse));
    /// assert_eq!(Role::from_fen_char('x'), None);
    /// ```
    pub const fn from_fen_char(c: char) -> Option<Role> {
        Some(match c.to_ascii_uppercase() {
            'K' => Role::King,
            'A' => Role::Advisor,
            'B' | 'E' => Role::Elephant,
            'N' | 'H' => Role::Horse,
            'R' => Role::Rook,
            'C' => Role::Cannon,
            'P' => Role::Pawn,
            _ => return None,
        })
    }

    /// The role's English name.
    pub const fn name(self) -> &'static str {
        match self {
            Role::King => "king",
            Role::Advisor => "advisor",
            Role::Elephant => "elephant",
            Role::Horse => "horse",
            Role::Rook => "rook",
            Role::Cannon => "cannon",
            Role::Pawn => "pawn",
        }
    }

    #[inline]
    pub(crate) const fn from_code(code: u8) -> Role {
        match code & 7 {
            1 => Role::King,
            2 => Role::Advisor,
            3 => Role::Elephant,
            4 => Role::Horse,
            5 => Role::Rook,
            6 => Role::Cannon,
            _ => Role::Pawn,
        }
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A piece: a role of a colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Piece {
    /// Whose piece it is.
    pub color: Color,
    /// What kind of piece it is.
    pub role: Role,
}

impl Piece {
    /// Builds a piece.
    pub const fn new(color: Color, role: Role) -> Piece {
        Piece { color, role }
    }

    /// The FEN letter: upper case for Red, lower case for Black.
    ///
    /// ```
    /// use xiangqi::{Color, Piece, Role};
    /// assert_eq!(Piece::new(Color::Black, Role::Horse).fen_char(), 'n');
    /// ```
    pub const fn fen_char(self) -> char {
        let c = self.role.fen_char();
        match self.color {
            Color::Red => c,
            Color::Black => c.to_ascii_lowercase(),
        }
    }

    /// Reads a FEN letter (see [`Role::from_fen_char`]); upper case is Red.
    pub const fn from_fen_char(c: char) -> Option<Piece> {
        match Role::from_fen_char(c) {
            Some(role) => Some(Piece {
                color: Color::from_red(c.is_ascii_uppercase()),
                role,
            }),
            None => None,
        }
    }

    /// The compact code used on the internal board: role 1–7, plus 8 for Black.
    #[inline]
    pub(crate) const fn code(self) -> u8 {
        self.role as u8 | ((self.color as u8) << 3)
    }

    #[inline]
    pub(crate) const fn from_code(code: u8) -> Piece {
        Piece {
            color: if code & 8 == 0 {
                Color::Red
            } else {
                Color::Black
            },
            role: Role::from_code(code),
        }
    }

    /// The traditional character: 帅仕相傌俥炮兵 for Red, 将士象马车炮卒 for Black, in the
    /// simplified forms modern records use (帅 相 马 车 炮 兵 / 将 象 马 车 炮 卒).
    pub const fn chinese(self) -> char {
        match (self.color, self.role) {
            (Color::Red, Role::King) => '帅',
            (Color::Black, Role::King) => '将',
            (Color::Red, Role::Advisor) => '仕',
            (Color::Black, Role::Advisor) => '士',
            (Color::Red, Role::Elephant) => '相',
            (Color::Black, Role::Elephant) => '象',
            (_, Role::Horse) => '马',
            (_, Role::Rook) => '车',
            (_, Role::Cannon) => '炮',
            (Color::Red, Role::Pawn) => '兵',
            (Color::Black, Role::Pawn) => '卒',
        }
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.fen_char())
    }
}

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
