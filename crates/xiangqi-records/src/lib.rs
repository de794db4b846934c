//! # xiangqi-records
//!
//! Xiangqi game records in the formats real files use, read and written:
//!
//! | format | read | write | module |
//! |---|---|---|---|
//! | PGN (xqbase/ElephantEye dialect and others; Chinese, WXF, ICCS moves; GBK or UTF-8) | streaming, several games a file | yes, any of the three move formats | [`pgn`] |
//! | DhtmlXQ / UBB (dpxq.com; lenient forum text) | several games a text | yes | [`dhtmlxq`] |
//! | XQF (XQStudio), every version, scrambled or plain | yes | yes (version 11) | [`xqf`] |
//! | CCBridge CBF (XML), CBR and CBL (binary; a CBL holds many games) | yes | — | [`ccbridge`] |
//! | FEN + moves in any notation | yes | — | [`read_fen_moves`] |
//!
//! Every reader gives the same [`GameRecord`]: tags, the start position, and a tree of moves
//! with variations and comments; so converting is reading one format and writing another.
//! Readers take bytes from strangers: they never panic, report what is wrong and where
//! ([`RecordError`]: game, line and column or byte offset, ply), and one bad game does not
//! stop the others. A move that is illegal or unreadable ends its line and is listed in
//! [`GameRecord::problems`].
//!
//! ```
//! use xiangqi_records::{read_games, pgn::{write_pgn, PgnOptions}, dhtmlxq::write_dhtmlxq};
//!
//! let pgn = "[Game \"Chinese Chess\"]\n[Red \"许银川\"]\n1. 炮二平五 {中炮} 马８进７ (1... 炮８平５) 2. 马二进三 1-0\n";
//! let game = read_games(pgn.as_bytes()).unwrap().remove(0).unwrap();
//! assert_eq!(game.mainline().len(), 3);
//! assert_eq!(game.moves.plies[1].variations.len(), 1);
//! let ubb = write_dhtmlxq(&game).unwrap();
//! let back = xiangqi_records::dhtmlxq::read_dhtmlxq_text(&ubb).remove(0).unwrap();
//! assert_eq!(back, game);
//! ```
//!
//! For files too large to hold, [`pgn::PgnReader`] reads one game at a time into a
//! [`pgn::Visitor`].

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod ccbridge;
mod detect;
pub mod dhtmlxq;
mod error;
pub mod pgn;
mod record;
mod resolve;
mod text;
mod tree;
mod write;
pub mod xqf;

pub use detect::{
    Format, Mainline, ReadFileError, UnsupportedFormat, detect_format, read_fen_moves, read_file,
    read_games, read_mainlines,
};
pub use error::{ErrorKind, Place, RecordError};
pub use record::{GameRecord, Line, Ply, Tags};
pub use text::{Encoding, decode, encode};
pub use tree::MAX_DEPTH;
pub use write::WriteError;
/// A recorded result: the rules core's one result type (a record that does not say is
/// `Ongoing`, written `*`).
pub use xiangqi::{GameResult, ParseResultError};
