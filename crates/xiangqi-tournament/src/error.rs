//! Errors as data: every failure says what went wrong and where.

use std::fmt;

/// Something the tournament manager refused to do, or input it could not read.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error {
    /// A player list could not be read; `line` is 1-based (0 when the whole input is bad).
    Roster {
        /// Line (CSV) or entry (JSON, 1-based) where the problem is.
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// A tournament file could not be read.
    File {
        /// Line and column of the problem, when the parser knows it.
        line: usize,
        /// Column, 1-based.
        column: usize,
        /// What is wrong.
        message: String,
    },
    /// A player number that is not in the event.
    UnknownPlayer(u32),
    /// A round that does not exist (yet).
    UnknownRound(u32),
    /// A board that does not exist in the round.
    UnknownBoard {
        /// The round.
        round: u32,
        /// The board asked for.
        board: u32,
    },
    /// The previous round still has games without a result.
    RoundIncomplete {
        /// The unfinished round.
        round: u32,
        /// Boards still without a result.
        boards: Vec<u32>,
    },
    /// Every planned round has been paired.
    Finished {
        /// The number of rounds the event has.
        rounds: u32,
    },
    /// No pairing satisfies the absolute rules (e.g. everyone left has met everyone).
    NoPairing {
        /// The round being paired.
        round: u32,
        /// Why.
        reason: String,
    },
    /// The event's settings do not fit the request.
    Settings(String),
    /// A team line-up that breaks the registered board order (1960 §8 二(一)).
    LineUp(String),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Roster { line, message } if *line > 0 => {
                write!(f, "player list, line {line}: {message}")
            }
            Error::Roster { message, .. } => write!(f, "player list: {message}"),
            Error::File {
                line,
                column,
                message,
            } => {
                write!(
                    f,
                    "tournament file, line {line}, column {column}: {message}"
                )
            }
            Error::UnknownPlayer(p) => write!(f, "no player number {p} in this event"),
            Error::UnknownRound(r) => write!(f, "round {r} has not been paired"),
            Error::UnknownBoard { round, board } => {
                write!(f, "round {round} has no board {board}")
            }
            Error::RoundIncomplete { round, boards } => {
                let list: Vec<String> = boards.iter().map(u32::to_string).collect();
                write!(
                    f,
                    "round {round} is not finished: boards {} have no result",
                    list.join(", ")
                )
            }
            Error::Finished { rounds } => write!(f, "all {rounds} rounds have been paired"),
            Error::NoPairing { round, reason } => write!(f, "cannot pair round {round}: {reason}"),
            Error::Settings(m) => write!(f, "settings: {m}"),
            Error::LineUp(m) => write!(f, "line-up: {m}"),
        }
    }
}

impl std::error::Error for Error {}
