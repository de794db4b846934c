//! Points, sides, game outcomes and scoring systems.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// A score counted in half-points, so that ½ is exact and sums never round.
///
/// `Points(4)` is 2 points (a 1960 win), `Points(1)` is ½ (a modern draw).
///
/// ```
/// use xiangqi_tournament::Points;
/// assert_eq!(Points::from_halves(3).to_string(), "1.5");
/// assert_eq!(Points::whole(2).to_string(), "2");
/// ```
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Points(pub i32);

impl Points {
    /// Zero points.
    pub const ZERO: Points = Points(0);

    /// `n` whole points.
    pub const fn whole(n: i32) -> Points {
        Points(n * 2)
    }

    /// `h` half-points.
    pub const fn from_halves(h: i32) -> Points {
        Points(h)
    }

    /// The number of half-points.
    pub const fn halves(self) -> i32 {
        self.0
    }

    /// The value as a float, for display and export only.
    pub fn as_f64(self) -> f64 {
        f64::from(self.0) / 2.0
    }
}

impl std::ops::Add for Points {
    type Output = Points;
    fn add(self, rhs: Points) -> Points {
        Points(self.0 + rhs.0)
    }
}

impl std::ops::AddAssign for Points {
    fn add_assign(&mut self, rhs: Points) {
        self.0 += rhs.0;
    }
}

impl std::ops::Sub for Points {
    type Output = Points;
    fn sub(self, rhs: Points) -> Points {
        Points(self.0 - rhs.0)
    }
}

impl std::iter::Sum for Points {
    fn sum<I: Iterator<Item = Points>>(iter: I) -> Points {
        iter.fold(Points::ZERO, |a, b| a + b)
    }
}

impl fmt::Display for Points {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0 % 2 == 0 {
            write!(f, "{}", self.0 / 2)
        } else {
            let sign = if self.0 < 0 { "-" } else { "" };
            write!(f, "{sign}{}.5", self.0.abs() / 2)
        }
    }
}

/// Which side of a game: the one that moves first or the one that moves second.
///
/// Stored as first/second mover rather than as a colour because the 1960 rules (第十节) have
/// black move first and the current rules (2.1) have red move first. Exports map
/// [`Mover::First`] to red (and to TRF `w`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Mover {
    /// Moves first (red today, black in 1960).
    First,
    /// Moves second.
    Second,
}

impl Mover {
    /// The other side.
    ///
    /// ```
    /// use xiangqi_tournament::Mover;
    /// assert_eq!(Mover::First.other(), Mover::Second);
    /// ```
    pub fn other(self) -> Mover {
        match self {
            Mover::First => Mover::Second,
            Mover::Second => Mover::First,
        }
    }
}

/// The outcome of one scheduled game, seen from the board (first mover listed first).
///
/// Forfeits are the 1960 §13 "+"/"−" results: a default win that was never played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// The first mover won over the board.
    FirstWins,
    /// Drawn.
    Draw,
    /// The second mover won over the board.
    SecondWins,
    /// The first mover won by default (`+ −`).
    FirstWinsByForfeit,
    /// The second mover won by default (`− +`).
    SecondWinsByForfeit,
    /// Neither appeared (`− −`).
    DoubleForfeit,
}

/// A result from one player's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PlayerResult {
    /// Won over the board.
    Win,
    /// Drew.
    Draw,
    /// Lost over the board.
    Loss,
    /// Won by default (`+`).
    ForfeitWin,
    /// Lost by default (`−`).
    ForfeitLoss,
}

impl PlayerResult {
    /// Whether the game was actually played.
    pub fn played(self) -> bool {
        matches!(
            self,
            PlayerResult::Win | PlayerResult::Draw | PlayerResult::Loss
        )
    }

    /// Whether this counts as a win (over the board or by default).
    pub fn is_win(self) -> bool {
        matches!(self, PlayerResult::Win | PlayerResult::ForfeitWin)
    }

    /// Whether this counts as a loss (over the board or by default).
    pub fn is_loss(self) -> bool {
        matches!(self, PlayerResult::Loss | PlayerResult::ForfeitLoss)
    }

    /// The crosstable symbol: `1`, `=`, `0` (shown with the scoring's numbers by callers),
    /// `+`, `−`.
    pub fn symbol(self) -> &'static str {
        match self {
            PlayerResult::Win => "1",
            PlayerResult::Draw => "=",
            PlayerResult::Loss => "0",
            PlayerResult::ForfeitWin => "+",
            PlayerResult::ForfeitLoss => "-",
        }
    }
}

impl Outcome {
    /// The result for the player on `side`.
    ///
    /// ```
    /// use xiangqi_tournament::{Outcome, PlayerResult, Mover};
    /// assert_eq!(Outcome::SecondWins.for_side(Mover::First), PlayerResult::Loss);
    /// ```
    pub fn for_side(self, side: Mover) -> PlayerResult {
        use Outcome::*;
        match (self, side) {
            (FirstWins, Mover::First) | (SecondWins, Mover::Second) => PlayerResult::Win,
            (FirstWins, Mover::Second) | (SecondWins, Mover::First) => PlayerResult::Loss,
            (Draw, _) => PlayerResult::Draw,
            (FirstWinsByForfeit, Mover::First) | (SecondWinsByForfeit, Mover::Second) => {
                PlayerResult::ForfeitWin
            }
            (FirstWinsByForfeit, Mover::Second)
            | (SecondWinsByForfeit, Mover::First)
            | (DoubleForfeit, _) => PlayerResult::ForfeitLoss,
        }
    }

    /// Whether the game was played over the board.
    pub fn played(self) -> bool {
        matches!(
            self,
            Outcome::FirstWins | Outcome::Draw | Outcome::SecondWins
        )
    }

    /// The canonical text: `1-0`, `1/2`, `0-1`, `+-`, `-+`, `--`.
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::FirstWins => "1-0",
            Outcome::Draw => "1/2",
            Outcome::SecondWins => "0-1",
            Outcome::FirstWinsByForfeit => "+-",
            Outcome::SecondWinsByForfeit => "-+",
            Outcome::DoubleForfeit => "--",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// An outcome text that could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseOutcomeError(pub String);

impl fmt::Display for ParseOutcomeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown result {:?}: expected 1-0, 0-1, 1/2 (or =, draw, 2-0, 0-2, 1-1), +-, -+ or --",
            self.0
        )
    }
}

impl std::error::Error for ParseOutcomeError {}

impl FromStr for Outcome {
    type Err = ParseOutcomeError;

    /// Reads the usual spellings, including the 1960 2/1/0 ones (`2-0`, `1-1`, `0-2`) and
    /// the full-width minus `−`.
    fn from_str(s: &str) -> Result<Outcome, ParseOutcomeError> {
        let t = s
            .trim()
            .replace(['−', '–', '—', ':'], "-")
            .replace('½', "1/2");
        Ok(match t.to_ascii_lowercase().as_str() {
            "1-0" | "2-0" | "first" | "red" => Outcome::FirstWins,
            "0-1" | "0-2" | "second" => Outcome::SecondWins,
            "1/2" | "=" | "draw" | "1-1" | "1/2-1/2" | "0.5-0.5" => Outcome::Draw,
            "+-" | "+" => Outcome::FirstWinsByForfeit,
            "-+" => Outcome::SecondWinsByForfeit,
            "--" => Outcome::DoubleForfeit,
            _ => return Err(ParseOutcomeError(s.to_string())),
        })
    }
}

/// How many points each kind of result is worth.
///
/// ```
/// use xiangqi_tournament::{Scoring, PlayerResult, Points};
/// assert_eq!(Scoring::rules_1960().points(PlayerResult::ForfeitWin), Points::whole(2));
/// assert_eq!(Scoring::modern().points(PlayerResult::Draw), Points::from_halves(1));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Scoring {
    /// A win over the board.
    pub win: Points,
    /// A draw.
    pub draw: Points,
    /// A loss over the board.
    pub loss: Points,
    /// A win by default (`+`).
    pub forfeit_win: Points,
    /// A loss by default (`−`).
    pub forfeit_loss: Points,
    /// A pairing-allocated bye (轮空).
    pub bye: Points,
}

impl Scoring {
    /// 1960 §13: win 2, draw 1, loss 0; "+" counts 2 and "−" counts 0. The 1960 text has no
    /// byes (its Swiss needs an even field); a bye is scored as a win, as Chinese software does.
    pub fn rules_1960() -> Scoring {
        Scoring {
            win: Points::whole(2),
            draw: Points::whole(1),
            loss: Points::ZERO,
            forfeit_win: Points::whole(2),
            forfeit_loss: Points::ZERO,
            bye: Points::whole(2),
        }
    }

    /// Win 1, draw ½, loss 0; a forfeit counts as a win/loss and a bye as a win.
    pub fn modern() -> Scoring {
        Scoring {
            win: Points::whole(1),
            draw: Points::from_halves(1),
            loss: Points::ZERO,
            forfeit_win: Points::whole(1),
            forfeit_loss: Points::ZERO,
            bye: Points::whole(1),
        }
    }

    /// The points for one result.
    pub fn points(&self, r: PlayerResult) -> Points {
        match r {
            PlayerResult::Win => self.win,
            PlayerResult::Draw => self.draw,
            PlayerResult::Loss => self.loss,
            PlayerResult::ForfeitWin => self.forfeit_win,
            PlayerResult::ForfeitLoss => self.forfeit_loss,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outcome_text_round_trips() {
        for o in [
            Outcome::FirstWins,
            Outcome::Draw,
            Outcome::SecondWins,
            Outcome::FirstWinsByForfeit,
            Outcome::SecondWinsByForfeit,
            Outcome::DoubleForfeit,
        ] {
            assert_eq!(o.as_str().parse::<Outcome>(), Ok(o));
        }
        assert_eq!("−+".parse::<Outcome>(), Ok(Outcome::SecondWinsByForfeit));
        assert!("3-0".parse::<Outcome>().is_err());
    }

    #[test]
    fn negative_half_points_display() {
        assert_eq!(Points(-3).to_string(), "-1.5");
        assert_eq!(Points(-4).to_string(), "-2");
    }
}
