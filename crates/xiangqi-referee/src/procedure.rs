//! The book's procedure after a repetition ruling (current text 2.5(3), 4.1.7, 4.2.3; the
//! verdict formula 「…变着，不变作负」): a forbidden cycle orders its author to vary, an allowed
//! cycle makes the draw claimable; or, under [`Procedure::Immediate`], the game ends at once.
//!
//! The decisions (written out in the crate README, "The book's procedure"):
//! * **Not varying** is a move of the ordered side, its first after the order, that leads to
//!   a position of the ruled cycle (same pieces, same side to move): the same move again or
//!   any other move that keeps the game in the cycle's positions (4.1.7 「应变着而不变」; the
//!   arbiters' summary 「犯禁必须立即变着，若再重复一次循环，即判负」). Any other move varies and
//!   lifts the order. If the other side leaves the cycle first, there is nothing left to vary
//!   and the order lapses. A side that has no move but the cycle's loses at once (2020 图6
//!   「无从变着…红方作负」).
//! * **An unclaimed draw** is ruled when the position of the ruling occurrence occurs once
//!   more with the game still in the cycle (the 4th occurrence by default): the cycle has gone
//!   round once more, 2.5(3) 「循环反复局面还在延续，裁判员有权…判和」. The claim lapses when
//!   the game leaves the cycle.

use std::fmt;
use std::str::FromStr;

/// What the referee does when a cycle reaches the ruling occurrence.
///
/// ```
/// use xiangqi_referee::Procedure;
/// assert_eq!(Procedure::default(), Procedure::Book);
/// assert_eq!("immediate".parse::<Procedure>().unwrap(), Procedure::Immediate);
/// assert!("soon".parse::<Procedure>().is_err());
/// ```
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Procedure {
    /// As the books do: a forbidden cycle gives an [`Order`](crate::Order) to vary and loses only if the
    /// side does not vary; an allowed cycle makes the draw [`Claimable`](crate::Claimable).
    #[default]
    Book,
    /// As online sites and engine matches do: the ruling occurrence ends the game (a forbidden
    /// cycle loses, an allowed one draws).
    Immediate,
}

impl Procedure {
    /// `"book"` or `"immediate"`.
    pub const fn name(self) -> &'static str {
        match self {
            Procedure::Book => "book",
            Procedure::Immediate => "immediate",
        }
    }
}

impl fmt::Display for Procedure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An unknown procedure name.
///
/// ```
/// let e = "x".parse::<xiangqi_referee::Procedure>().unwrap_err();
/// assert!(e.to_string().contains("book"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseProcedureError(String);

impl fmt::Display for ParseProcedureError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown procedure {:?}: expected book or immediate",
            self.0
        )
    }
}

impl std::error::Error for ParseProcedureError {}

impl FromStr for Procedure {
    type Err = ParseProcedureError;
    fn from_str(s: &str) -> Result<Procedure, ParseProcedureError> {
        match s {
            "book" => Ok(Procedure::Book),
            "immediate" => Ok(Procedure::Immediate),
            _ => Err(ParseProcedureError(s.to_owned())),
        }
    }
}
