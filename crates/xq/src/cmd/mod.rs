//! One module per `xq` subcommand.

pub mod perft;
pub mod tournament;
