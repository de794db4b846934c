//! Competitions on the server: an event from registration to the final
//! standings, each round's games created on the server with the event's control, rules and
//! options, and every game's result flowing back into the event when the game ends.
//!
//! * The event itself, what its procedures do and the API's bodies in and out are the
//!   `xiangqi-competition` crate's (pure; the tournament crate pairs, scores and ranks).
//! * [`actor`]: one task per competition, which owns its state and makes every change to it
//!   one at a time; [`Events`]: the registry of their handles.
//! * [`store`]: the `competitions` table (migration 0010).
//! * [`games`]: a board's server game, and a game's end coming back ([`game_ended`]);
//!   [`restore`]: the endings missed while the server was down.
//! * [`links`]: the secret links; [`api`]: the routes; `api/adjourned.rs`: the adjourned
//!   games listed and scheduled (the envelope's cover read by [`resumption`]).
//! * [`follow`]: on the other nodes of a cluster, every event kept current for its pages.
//!
//! # Decisions
//!
//! * **Tokens.** A player's event token *is* his token on every game of his in the event
//!   (each game stores the digest of the player's event token for his side), and the event
//!   arbiter's token is the arbiter token of every game of the event. Nothing in the games
//!   had to change for it.
//! * **One change at a time, per event.** Each event's task runs its changes in turn, so a
//!   round being paired and a result coming in never interleave; two events never wait for
//!   each other. Reading an event takes its last committed state without waiting.
//! * **Acknowledged means committed.** Every change is written (one statement, committed)
//!   before the answer. A round's games are created (committed) before the event that refers
//!   to them; a crash in between leaves unused games, never an event pointing at nothing.
//! * **Results after a crash.** A game's end is committed with the game; the event learns it
//!   from the room ([`game_ended`]). If the server dies in between, the start-up
//!   ([`restore`]) reads the ending of every game the events still wait for.

pub mod actor;
pub mod api;
pub mod follow;
pub mod games;
pub mod links;
pub mod of_game;
pub mod pages;
pub mod registry;
pub mod restore;
pub mod resumption;
pub mod store;

pub use games::{actor_in_event, game_ended, game_fouls};
pub use registry::Events;
