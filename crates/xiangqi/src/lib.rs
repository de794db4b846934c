//! # xiangqi
//!
//! The rules core of the Xiangqi Arbiter: the board, the laws of movement, and FEN — exact and
//! fast. It knows nothing of files, clocks, engines or servers.
//!
//! The laws are those of the rule books: the 1960 rules (§1–§3: board, pieces, moves, check,
//! mate and stalemate) and the current text (2.2). Coordinates are ICCS: files `a`–`i` from
//! Red's left, ranks `0`–`9` from Red's side.
//!
//! ```
//! use xiangqi::{perft, Position};
//!
//! let pos = Position::from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1")
//!     .expect("the start position is legal");
//! assert_eq!(perft(&pos, 3), 79_666);
//! ```
//!
//! An unchecked [`Setup`] becomes a [`Position`] only through validation, which lists every
//! reason it refuses ([`Problem`]). Moves are played with [`Position::play`] (checked) or
//! [`Position::play_unchecked`] and taken back with [`Position::undo`]; the zobrist
//! [`Position::hash`] is kept incrementally.
//!
//! [`GameResult`] is the one result type of the workspace: the referee rules it, the arbiter
//! and the server store it, the game records read and write it (PGN tokens, Chinese words).

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod coords;
pub mod fen;
mod geometry;
mod illegal;
mod movegen;
mod moves;
pub mod notation;
mod perft;
mod position;
mod result;
mod setup;
mod square_set;
mod types;
mod zobrist;

pub use coords::{File, ParseSquareError, Rank, Square};
pub use illegal::{IllegalMove, IllegalReason};
pub use moves::{MAX_MOVES, Move, MoveList, ParseMoveError};
pub use perft::{perft, perft_divide};
pub use position::{FromFenError, Position, Undo};
pub use result::{GameResult, ParseResultError};
pub use setup::{PositionError, Problem, Setup};
pub use square_set::SquareSet;
pub use types::{Color, Piece, Role};
