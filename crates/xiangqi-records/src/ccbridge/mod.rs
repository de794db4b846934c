//! CCBridge (象棋桥) records, read only: CBF (XML, one game), CBR (binary, one game) and
//! CBL (binary, a library of CBR records).
//!
//! Header fields map onto PGN tag names: CBF `Name` → `Title`, `Contest` → `Event`,
//! `TimeRule` → `TimeControl`, `Commentator` → `Annotator`, `Creator` → `Author`,
//! `RecordResult` → `Result`, the others (`Red`, `Black`, `Date`, `Site`, `Round`, `ECCO`,
//! `RedTeam`, …) under their own names; CBR title, event, date, site, players and teams →
//! `Title`, `Event`, `Date`, `Site`, `Red`, `Black`, `RedTeam`, `BlackTeam`, the result
//! byte → `Result`. A CBL's records are its games, in file
//! order; a record that cannot be read fails alone.
//!
//! ```
//! let cbf = "\u{FEFF}<ChineseChessRecord><Head><Name>例</Name></Head><MoveList>\
//!     <Move value=\"00-00\"/><Move value=\"77-47\" end=\"1\"/></MoveList></ChineseChessRecord>";
//! let games = xiangqi_records::read_games(cbf.as_bytes()).unwrap();
//! let game = games[0].as_ref().unwrap();
//! assert_eq!(game.tags.get("Title"), Some("例"));
//! assert_eq!(game.mainline()[0].to_string(), "h2e2");
//! ```

mod cbf;
mod cbr;
mod xml;

pub use cbf::read_cbf;
pub use cbr::{CBL_MAGIC, CBR_MAGIC, Library, read_cbl, read_cbr};
