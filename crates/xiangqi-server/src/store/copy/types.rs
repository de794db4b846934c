//! What a copy is told and what it tells: where an installation is, and its counts.

use std::path::PathBuf;
use std::str::FromStr;

use crate::config::DatabaseUrl;

/// Games per page (and per transaction of the destination).
pub const PAGE: i64 = 200;

/// Where an installation is: `sqlite:DIR` (the data directory) or `postgres://…`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Location {
    /// The data directory holding `xq.sqlite3`.
    Sqlite(PathBuf),
    /// A PostgreSQL database.
    Postgres(DatabaseUrl),
}

impl FromStr for Location {
    type Err = String;

    /// `sqlite:DIR` or `postgres://…` (`postgresql://…`).
    ///
    /// ```
    /// use xiangqi_server::store::copy::Location;
    /// assert!(matches!("sqlite:xq-data".parse(), Ok(Location::Sqlite(_))));
    /// assert!(matches!("postgres://db/xq".parse(), Ok(Location::Postgres(_))));
    /// assert!("xq-data".parse::<Location>().is_err());
    /// ```
    fn from_str(s: &str) -> Result<Location, String> {
        if let Some(dir) = s.strip_prefix("sqlite:") {
            if dir.is_empty() {
                return Err("sqlite: needs a directory, e.g. sqlite:xq-data".into());
            }
            return Ok(Location::Sqlite(dir.into()));
        }
        if s.starts_with("postgres://") || s.starts_with("postgresql://") {
            return Ok(Location::Postgres(DatabaseUrl::from(s.to_owned())));
        }
        Err("expected sqlite:DIR or postgres://user:password@host:port/database".into())
    }
}

impl std::fmt::Display for Location {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Location::Sqlite(dir) => write!(f, "sqlite:{}", dir.display()),
            Location::Postgres(url) => write!(f, "{url}"),
        }
    }
}

/// What an installation holds.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counts {
    /// Games.
    pub games: i64,
    /// Games finished.
    pub finished: i64,
    /// Events of all games.
    pub events: i64,
    /// Token digests (players', arbiters', second players').
    pub tokens: i64,
    /// Competitions.
    pub competitions: i64,
    /// Heartbeats (0 or 1).
    pub heartbeat: i64,
}

impl Counts {
    /// Whether nothing is stored.
    pub fn is_empty(&self) -> bool {
        *self == Counts::default()
    }
}

impl std::fmt::Display for Counts {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} games ({} finished), {} events, {} tokens, {} competitions, {} heartbeat",
            self.games, self.finished, self.events, self.tokens, self.competitions, self.heartbeat
        )
    }
}
