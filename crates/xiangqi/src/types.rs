//! The typed vocabulary of the pieces: colours, roles and pieces. Where they stand (files,
//! ranks, squares) is the `coords` module's.

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
