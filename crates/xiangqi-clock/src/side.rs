//! A pair of values indexed by side.
//!
//! The sides are the rules core's [`Color`]: one colour type for the board, the clock and every
//! layer above. The clock does not decide who moves first: the current rules have Red move first
//! (current text §2.1), the 1960 rules had Black move first (1960 第十节); pass the first mover
//! to [`GameClock::start`](crate::GameClock::start).

use core::ops::{Index, IndexMut};

use xiangqi::Color;

/// One value for each side.
///
/// ```
/// use xiangqi_clock::{BySide, Color};
/// let mut moves = BySide::new(0, 0);
/// moves[Color::Black] += 1;
/// assert_eq!(moves.black, 1);
/// assert_eq!(moves[Color::Red], 0);
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

impl<T> Index<Color> for BySide<T> {
    type Output = T;
    fn index(&self, side: Color) -> &T {
        match side {
            Color::Red => &self.red,
            Color::Black => &self.black,
        }
    }
}

impl<T> IndexMut<Color> for BySide<T> {
    fn index_mut(&mut self, side: Color) -> &mut T {
        match side {
            Color::Red => &mut self.red,
            Color::Black => &mut self.black,
        }
    }
}
