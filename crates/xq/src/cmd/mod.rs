//! One module per `xq` subcommand, each owning its arguments (`Args`) and its `run`.

pub mod check;
pub mod convert;
pub mod db;
pub mod engine;
pub mod engine_match;
pub mod judge;
pub mod notation;
pub mod perft;
pub mod serve;
pub mod touch;
pub mod tournament;
