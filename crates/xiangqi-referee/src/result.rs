//! The outcome of a game: won by Red or Black, drawn, lost by both, or not yet decided.

use std::fmt;

use serde::{Deserialize, Serialize};
use xiangqi::Color;

/// The outcome of a game: the one result type of the board, the game and the server. The
/// referee itself rules only wins, draws and `Ongoing`; `BothLose` is the arbiter's (neither
/// player arrived, 2020 4.1.5).
///
/// ```
/// use xiangqi::Color;
/// use xiangqi_referee::GameResult;
/// assert_eq!(GameResult::win_for(Color::Black), GameResult::BlackWins);
/// assert_eq!(GameResult::RedWins.name(), "red_wins");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameResult {
    /// Red has won.
    RedWins,
    /// Black has won.
    BlackWins,
    /// The game is drawn.
    Draw,
    /// Both lose (neither player arrived, 2020 4.1.5); an event scores it `− −`.
    BothLose,
    /// Nothing has decided the game yet.
    Ongoing,
}

impl GameResult {
    /// A win for `color`.
    pub const fn win_for(color: Color) -> GameResult {
        match color {
            Color::Red => GameResult::RedWins,
            Color::Black => GameResult::BlackWins,
        }
    }

    /// The winner, if there is one.
    pub const fn winner(self) -> Option<Color> {
        match self {
            GameResult::RedWins => Some(Color::Red),
            GameResult::BlackWins => Some(Color::Black),
            _ => None,
        }
    }

    /// Whether the game is over (won or drawn).
    pub const fn is_decided(self) -> bool {
        !matches!(self, GameResult::Ongoing)
    }

    /// The snake_case name used in JSON.
    pub const fn name(self) -> &'static str {
        match self {
            GameResult::RedWins => "red_wins",
            GameResult::BlackWins => "black_wins",
            GameResult::Draw => "draw",
            GameResult::BothLose => "both_lose",
            GameResult::Ongoing => "ongoing",
        }
    }

    /// The usual score notation (PGN's result tag): `1-0`, `0-1`, `1/2-1/2`, `0-0` (both
    /// lose), `*`.
    ///
    /// ```
    /// use xiangqi_referee::GameResult;
    /// assert_eq!(GameResult::Draw.score(), "1/2-1/2");
    /// assert_eq!(GameResult::BothLose.score(), "0-0");
    /// ```
    pub const fn score(self) -> &'static str {
        match self {
            GameResult::RedWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::BothLose => "0-0",
            GameResult::Ongoing => "*",
        }
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
