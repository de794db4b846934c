//! The two sides of a game, and a pair of values indexed by side.

use core::fmt;
use core::ops::{Index, IndexMut};

/// A side of the board.
///
/// The clock does not decide who moves first: the current rules have Red move first
/// (current text §2.1), the 1960 rules had Black move first (1960 第十节); pass the first
/// mover to [`GameClock::start`](crate::GameClock::start).
///
/// ```
/// use xiangqi_clock::Side;
/// assert_eq!(Side::Red.other(), Side::Black);
/// assert_eq!(Side::Black.to_string(), "black");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Side {
    /// 红方.
    Red,
    /// 黑方.
    Black,
}

impl Side {
    /// Both sides, Red first.
    ///
    /// ```
    /// use xiangqi_clock::Side;
    /// assert_eq!(Side::ALL.len(), 2);
    /// ```
    pub const ALL: [Side; 2] = [Side::Red, Side::Black];

    /// The opponent.
    ///
    /// ```
    /// use xiangqi_clock::Side;
    /// assert_eq!(Side::Black.other(), Side::Red);
    /// ```
    #[must_use]
    pub const fn other(self) -> Side {
        match self {
            Side::Red => Side::Black,
            Side::Black => Side::Red,
        }
    }

    /// The lowercase English name, as used in the text form (`red=`, `black=`).
    ///
    /// ```
    /// use xiangqi_clock::Side;
    /// assert_eq!(Side::Red.name(), "red");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Side::Red => "red",
            Side::Black => "black",
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One value for each side.
///
/// ```
/// use xiangqi_clock::{BySide, Side};
/// let mut moves = BySide::new(0, 0);
/// moves[Side::Black] += 1;
/// assert_eq!(moves.black, 1);
/// assert_eq!(moves[Side::Red], 0);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct BySide<T> {
    /// Red's value.
    pub red: T,
    /// Black's value.
    pub black: T,
}

impl<T> BySide<T> {
    /// A pair from Red's and Black's values.
    ///
    /// ```
    /// use xiangqi_clock::BySide;
    /// assert_eq!(BySide::new(1, 2).black, 2);
    /// ```
    pub const fn new(red: T, black: T) -> Self {
        BySide { red, black }
    }

    /// The same value for both sides.
    ///
    /// ```
    /// use xiangqi_clock::BySide;
    /// assert_eq!(BySide::both(7), BySide::new(7, 7));
    /// ```
    pub fn both(value: T) -> Self
    where
        T: Clone,
    {
        BySide {
            red: value.clone(),
            black: value,
        }
    }

    /// Applies `f` to each side's value.
    ///
    /// ```
    /// use xiangqi_clock::BySide;
    /// assert_eq!(BySide::new(1, 2).map(|x| x * 10), BySide::new(10, 20));
    /// ```
    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> BySide<U> {
        BySide {
            red: f(self.red),
            black: f(self.black),
        }
    }
}

impl<T> Index<Side> for BySide<T> {
    type Output = T;
    fn index(&self, side: Side) -> &T {
        match side {
            Side::Red => &self.red,
            Side::Black => &self.black,
        }
    }
}

impl<T> IndexMut<Side> for BySide<T> {
    fn index_mut(&mut self, side: Side) -> &mut T {
        match side {
            Side::Red => &mut self.red,
            Side::Black => &mut self.black,
        }
    }
}
