//! Playing the computer: the built-in engine (at a few [`LEVELS`]) answers every move of a
//! game created with `"computer": {…}`, from a bounded pool of search threads shared by the
//! whole server.
//!
//! # Decisions
//!
//! * **The computer is a player, not a part of the room.** One task per computer game (its
//!   *driver*) watches the game's events; on the engine's turn it submits the game so far
//!   and the engine's clock to the [`Pool`](xiangqi_engine::Pool) and plays the answer with
//!   [`RoomHandle::act`](crate::room::RoomHandle::act) — the very path of a person's move: the same referee, the same
//!   clock, which runs while the engine thinks. The room never waits for an engine; human
//!   games take no new branch.
//! * **A full pool delays, never blocks.** A refused search ([`PoolBusy`](xiangqi_engine::PoolBusy)) is retried with
//!   backoff (50 ms doubling to 1 s) while the engine's clock runs; the room's actor is never
//!   held, so a hundred computer games leave people's moves answered at once.
//! * **The engine has no token.** It acts as its side directly; the creation answer leaves
//!   its link out.
//! * The computer neither offers nor answers draws and adjournments; it does not resign.
//!   Pairs games are refused at creation.
//! * **External engines** (`xq serve --engine …`) run as one process per game, started at
//!   its first move and killed when the game ends; at most as many of them search at once
//!   as the pool has threads (a turn that finds them all busy waits as above). An engine
//!   that crashes, hangs or answers garbage is killed and started again at its next turn,
//!   while its clock runs: it loses on time if it never recovers.

mod driver;
mod pool;

pub use crate::config::EngineOpt;
pub use driver::attach;
pub use pool::{Computers, DEFAULT_LEVEL, LEVELS, check, hide_token, level_limits, opponent_of};
pub(crate) use pool::{answer, request};
