//! The result of a game: won by Red or Black, drawn, lost by both, or not decided. One type
//! for the board, the referee, the arbiter, the server and the game records.

use std::fmt;

use crate::Color;

/// The result of a game: the one result type of the workspace.
///
/// The referee rules wins, draws and `Ongoing`; `BothLose` is the arbiter's (neither player
/// arrived, current rules 4.1.5). A game record's result reads as one of these: a record
/// with no result, an unfinished game or one whose result text is unreadable (PGN's `*`,
/// 未知) is `Ongoing` — as far as the record says, nothing has decided the game. With the
/// `serde` feature a result is its snake_case name (`"red_wins"`, `"both_lose"`).
///
/// ```
/// use xiangqi::{Color, GameResult};
/// assert_eq!(GameResult::win_for(Color::Black), GameResult::BlackWins);
/// assert_eq!(GameResult::RedWins.name(), "red_wins");
/// assert_eq!("和棋".parse::<GameResult>().unwrap(), GameResult::Draw);
/// assert_eq!(GameResult::BlackWins.to_string(), "black_wins");
/// # #[cfg(feature = "serde")]
/// assert_eq!(serde_json::to_string(&GameResult::BothLose).unwrap(), "\"both_lose\"");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum GameResult {
    /// Red has won: `1-0`, 红胜.
    RedWins,
    /// Black has won: `0-1`, 黑胜.
    BlackWins,
    /// The game is drawn: `1/2-1/2`, 和棋.
    Draw,
    /// Both lose (neither player arrived, current rules 4.1.5); an event scores it `− −`.
    BothLose,
    /// Nothing has decided the game yet, or a record does not say: `*`, 未知.
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

    /// Whether the game is over (won, drawn or lost by both).
    pub const fn is_decided(self) -> bool {
        !matches!(self, GameResult::Ongoing)
    }

    /// The snake_case name used in JSON (and by [`Display`](fmt::Display)).
    pub const fn name(self) -> &'static str {
        match self {
            GameResult::RedWins => "red_wins",
            GameResult::BlackWins => "black_wins",
            GameResult::Draw => "draw",
            GameResult::BothLose => "both_lose",
            GameResult::Ongoing => "ongoing",
        }
    }

    /// The score: `1-0`, `0-1`, `1/2-1/2`, `0-0` (both lose), `*`.
    ///
    /// ```
    /// use xiangqi::GameResult;
    /// assert_eq!(GameResult::Draw.score(), "1/2-1/2");
    /// assert_eq!(GameResult::BothLose.score(), "0-0");
    /// ```
    pub const fn score(self) -> &'static str {
        match self {
            GameResult::BothLose => "0-0",
            other => other.pgn(),
        }
    }

    /// The PGN result token: `1-0`, `0-1`, `1/2-1/2` or `*`. PGN has no token for a double
    /// loss, so `BothLose` is `*` there (a record states it in a tag of its own).
    ///
    /// ```
    /// use xiangqi::GameResult;
    /// assert_eq!(GameResult::BlackWins.pgn(), "0-1");
    /// assert_eq!(GameResult::BothLose.pgn(), "*");
    /// ```
    pub const fn pgn(self) -> &'static str {
        match self {
            GameResult::RedWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::BothLose | GameResult::Ongoing => "*",
        }
    }

    /// The Chinese words of DhtmlXQ and move-list files: 红胜, 黑胜, 和棋, 双方负, 未知.
    ///
    /// ```
    /// use xiangqi::GameResult;
    /// assert_eq!(GameResult::RedWins.chinese(), "红胜");
    /// assert_eq!(GameResult::Ongoing.chinese(), "未知");
    /// ```
    pub const fn chinese(self) -> &'static str {
        match self {
            GameResult::RedWins => "红胜",
            GameResult::BlackWins => "黑胜",
            GameResult::Draw => "和棋",
            GameResult::BothLose => "双方负",
            GameResult::Ongoing => "未知",
        }
    }

    /// Reads a PGN token or a Chinese result word (simplified or traditional), as game
    /// records write them; `*`, 未知 and the empty text are `Ongoing`. A double loss has no
    /// such token and is never read.
    ///
    /// ```
    /// use xiangqi::GameResult;
    /// assert_eq!(GameResult::from_text("紅先勝"), Some(GameResult::RedWins));
    /// assert_eq!(GameResult::from_text(" * "), Some(GameResult::Ongoing));
    /// assert_eq!(GameResult::from_text("0-0"), None);
    /// ```
    pub fn from_text(text: &str) -> Option<GameResult> {
        Some(match text.trim() {
            "1-0" | "红胜" | "紅勝" | "黑负" | "黑負" | "红先胜" | "紅先勝" => {
                GameResult::RedWins
            }
            "0-1" | "黑胜" | "黑勝" | "红负" | "紅負" | "红先负" | "紅先負" => {
                GameResult::BlackWins
            }
            "1/2-1/2" | "½-½" | "和棋" | "和" | "红先和" | "紅先和" => GameResult::Draw,
            "*" | "未知" | "" => GameResult::Ongoing,
            _ => return None,
        })
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A result text that is neither a PGN result nor a Chinese result word.
///
/// ```
/// use xiangqi::GameResult;
/// let e = "2-0".parse::<GameResult>().unwrap_err();
/// assert!(e.to_string().contains("\"2-0\""));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseResultError(pub String);

impl fmt::Display for ParseResultError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "not a game result: {:?} (expected 1-0, 0-1, 1/2-1/2, * or 红胜/黑胜/和棋)",
            self.0
        )
    }
}

impl std::error::Error for ParseResultError {}

impl std::str::FromStr for GameResult {
    type Err = ParseResultError;

    /// [`GameResult::from_text`], or the text refused.
    fn from_str(s: &str) -> Result<GameResult, ParseResultError> {
        GameResult::from_text(s).ok_or_else(|| ParseResultError(s.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_decided_result_reads_back_from_its_tokens() {
        for r in [GameResult::RedWins, GameResult::BlackWins, GameResult::Draw] {
            assert_eq!(GameResult::from_text(r.pgn()), Some(r));
            assert_eq!(GameResult::from_text(r.chinese()), Some(r));
            assert_eq!(r.score(), r.pgn());
        }
        assert_eq!(GameResult::from_text("*"), Some(GameResult::Ongoing));
        assert_eq!(GameResult::from_text("未知"), Some(GameResult::Ongoing));
        assert_eq!(GameResult::from_text(""), Some(GameResult::Ongoing));
        assert_eq!(GameResult::from_text("双方负"), None);
        assert_eq!(GameResult::from_text("red_wins"), None);
        assert_eq!("1-0".parse(), Ok(GameResult::RedWins));
        assert_eq!(
            "x".parse::<GameResult>(),
            Err(ParseResultError("x".to_owned()))
        );
    }

    #[test]
    fn winner_and_decided() {
        assert_eq!(GameResult::win_for(Color::Red).winner(), Some(Color::Red));
        assert_eq!(GameResult::Draw.winner(), None);
        assert!(GameResult::BothLose.is_decided());
        assert!(!GameResult::Ongoing.is_decided());
        assert_eq!(GameResult::BothLose.score(), "0-0");
        assert_eq!(GameResult::BothLose.pgn(), "*");
    }
}
