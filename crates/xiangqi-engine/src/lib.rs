//! # xiangqi-engine
//!
//! Engines under the rules of the Xiangqi Arbiter:
//!
//! * clients for engine processes speaking **UCI** as Pikafish does, **Fairy-Stockfish**'s
//!   UCI (`UCI_Variant xiangqi`, ranks 1–10) and **UCCI** ([`Engine`], [`Dialect`]): start,
//!   detect the protocol, set options, send positions and time, read `info` and `bestmove`
//!   ([`parse_engine_line`]); one reader thread per process, every wait bounded, the process
//!   killed on drop;
//! * the **built-in engine** ([`search::Searcher`]) and its UCI/UCCI front end ([`serve`]),
//!   which `xq engine` runs;
//! * **refereed games** between any two [`Player`]s ([`play_game`]): every move goes
//!   through the [`Referee`](xiangqi_referee::Referee), time through the clock crate's
//!   [`GameClock`](xiangqi_clock::GameClock), and engine failures lose;
//! * **match statistics** ([`stats`]): Elo with error bars, LOS, pentanomial counts, SPRT;
//! * a bounded **pool** of built-in engines for a server ([`Pool`]).
//!
//! The arrows point inwards: this crate uses the rules core, the referee and the clock;
//! none of them knows of engines.
//!
//! ```
//! use xiangqi_engine::{parse_engine_line, EngineMessage};
//! assert_eq!(parse_engine_line("uciok"), Ok(EngineMessage::UciOk));
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod adjudicate;
mod builtin;
mod client;
mod dialect;
mod end;
mod error;
mod game;
mod game_error;
mod gui;
mod player;
mod pool;
mod protocol;
mod rules;
pub mod search;
mod server;
mod spec;
pub mod stats;

pub use adjudicate::{Adjudication, DrawRule, ResignRule};
pub use builtin::Builtin;
pub use client::{Engine, EngineConfig, MAX_BAD_LINES, MAX_LINE, Timeouts};
pub use dialect::{ClockTimes, Dialect, Go, SideTime, UnknownDialect};
pub use end::GameEnd;
pub use error::EngineError;
pub use game::{GameOutcome, GameSetup, play_game};
pub use game_error::GameError;
pub use gui::{GoCommand, GuiCommand, GuiParseError, parse_gui_line};
pub use player::{Player, Reply, Request};
pub use pool::{Pool, PoolBusy, PoolRequest, Ticket};
pub use protocol::{
    BestMove, Bound, EngineMessage, EngineOption, Info, ParseError, Score, parse_engine_line,
};
pub use rules::forbidden_moves;
pub use server::{ServerOptions, serve};
pub use spec::{EngineSpec, SpecError, key_values};
