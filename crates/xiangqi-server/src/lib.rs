//! # xiangqi-server
//!
//! The play server of the Xiangqi Arbiter (`xq serve`): two people open a link and play a game
//! that the server referees by the rule books, on an official clock, while spectators watch;
//! the record is kept in SQLite for good.
//!
//! The shape follows lichess's Rust services: as `lichess-org/lila-openingexplorer`, one
//! [`Config`] of flattened option groups, one [`AppState`], one error enum ([`ApiError`])
//! mapped to HTTP status in one place; as `lichess-org/fishnet`'s actors, one task per live
//! game (its *room*) that serialises everything done to the game.
//!
//! ```no_run
//! # async fn run() -> Result<(), xiangqi_server::StartError> {
//! use clap::Parser;
//! #[derive(Parser)]
//! struct Opt {
//!     #[command(flatten)]
//!     server: xiangqi_server::Config,
//! }
//! let opt = Opt::parse_from(["xq", "--listen", "127.0.0.1:0", "--data", "/tmp/xq"]);
//! let server = xiangqi_server::Server::start(opt.server).await?;
//! println!("listening on http://{}", server.local_addr());
//! server.wait().await;
//! # Ok(())
//! # }
//! ```
//!
//! # Decisions
//!
//! * **The server is the authority.** It checks every move with the rules core, runs both
//!   clocks ([`xiangqi_clock::GameClock`]) with instants it measures itself, and ends the game.
//!   The browser only draws what the server sends (the legal moves included), so the rules
//!   live in one place.
//! * **Nothing acknowledged is lost.** Every change to a game is an *event*, appended to the
//!   `events` table in a committed SQLite transaction (WAL, `synchronous=FULL` by default)
//!   before anyone hears of it; a game is rebuilt after a restart by replaying its events
//!   through the same code that applied them. Writes from all games are group-committed by one
//!   writer task, so one `fsync` covers every move that arrived meanwhile.
//! * **Every game has an arbiter** (a third token): fouls with the foul limit, declared move
//!   limits, forfeits, adjudication, pauses, time, ordered adjournments and takebacks are
//!   events like moves ([`game::desk`]); the game's options (names, Black first, odds,
//!   limits, schedule, pairs) live in its `created` event ([`game::options`]).
//! * **Lag compensation** follows lichess's quota scheme; see [`game::lag`].
//! * **A restart** charges the side to move up to the server's last heartbeat and not for the
//!   outage; see [`room`].

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod analysis;
pub mod api;
pub mod bounds;
pub mod cluster;
pub mod computer;
pub mod config;
pub mod desk_signer;
pub mod error;
pub mod event;
pub mod export;
pub mod fault;
pub mod ids;
pub mod limit;
pub mod lobby;
pub mod lobby_api;
pub mod metrics;
pub mod new_game;
pub mod news;
pub mod option_refusals;
pub mod presence;
pub mod refusal_zh;
pub mod rematch;
pub mod request;
pub mod room;
pub mod router;
pub mod server;
pub mod state;
pub mod store;
pub mod time;
pub mod web;
pub mod ws;

/// The game under the rules, as pure logic: the `xiangqi-game` crate.
pub use xiangqi_game as game;
/// Move text in and out (the `xiangqi-game` crate's).
pub use xiangqi_game::notation;

pub use config::{Config, LimitOpt, NetOpt, StorageOpt, Synchronous};
pub use error::ApiError;
pub use server::{Server, StartError};
pub use state::AppState;
