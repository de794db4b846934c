//! PGN for xiangqi: the xqbase / ElephantEye / XQWizard dialect and the others in use
//! (xqbase's cchess_pgn description, ElephantEye's `cchess/pgnfile.cpp`).
//!
//! Reading is in two layers, like pgn-reader: [`PgnReader`] splits a byte stream into games
//! and reports their syntax to a [`Visitor`]; [`GameBuilder`] is the visitor that reads the
//! moves in their notation, checks them and builds a [`crate::GameRecord`].
//!
//! Decisions where the dialects differ:
//! - `[Format]` absent or `Chinese` means Chinese moves, `WXF`, `ICCS`, `Node` (vschess) and
//!   `UCI` coordinates; without a `Format` tag the notation is detected from the first move.
//! - The side to move comes from the `FEN` tag, never from how the move numbers are laid out
//!   (`1. … 马８进７` and `1. 马８进７` both start with Black when the FEN says so).
//! - `( … )` are variations (ElephantEye swallows them as comments; we keep them).
//! - The result token ends the game: anything after it up to the next tag line (the xqbase
//!   advert footer) is ignored. The `Result` tag wins over the token when both are present.

mod build;
mod lexer;
mod reader;
mod visitor;
mod write;

pub use build::GameBuilder;
pub(crate) use build::read_start;
pub use reader::PgnReader;
pub use visitor::{Skip, Visitor};
pub use write::{PgnOptions, write_pgn, write_pgn_bytes};

use crate::{GameRecord, RecordError};

/// Reads every game of a PGN text (any encoding) into records; a game with a syntax error
/// is an `Err` in its place and the others still read.
///
/// ```
/// let pgn = "[Game \"Chinese Chess\"]\n[Format \"ICCS\"]\n1. H2-E2 H9-G7 *\n";
/// let games = xiangqi_records::pgn::read_all(pgn.as_bytes());
/// assert_eq!(games[0].as_ref().unwrap().mainline().len(), 2);
/// ```
pub fn read_all(bytes: &[u8]) -> Vec<Result<GameRecord, RecordError>> {
    let mut reader = PgnReader::new(bytes);
    let mut builder = GameBuilder::new();
    std::iter::from_fn(|| reader.read_game(&mut builder).map(Result::flatten)).collect()
}
