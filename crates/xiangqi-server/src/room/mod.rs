//! A live game's room: one task that owns the [`Game`](xiangqi_game::Game), stores its events, runs the flag timer
//! and streams numbered events to everyone watching.
//!
//! Every action on a game goes through its room's inbox, so actions on one game never race
//! (lila's per-game actor, pychess's move lock). An action is decided, its events stored
//! (committed to SQLite), and only then applied and announced: a client never hears of a move
//! the database does not have.
//!
//! # Restarts
//!
//! When the server starts, every unfinished game is loaded and replayed. If the side to move's
//! clock was running, the room records `clock_paused` at the server's last heartbeat (written
//! every second) and `clock_resumed` now: the side to move is charged for the thinking time it
//! had up to (at most one second before) the crash, and not for the outage. Its clock runs
//! again from the moment the server is back. A flag that had already fallen (with its grace)
//! before the crash is declared at once.

mod handle;
mod task;

pub use handle::{Acted, Live, RecordData, Role, RoomHandle, RoomServices, Subscription};
pub(crate) use task::{replay, restore};
