//! Xiangqi competitions as pure logic: an event from registration to the final standings,
//! as the server runs it. The pairing, scoring and ranking are the tournament crate's; this
//! crate keeps what an event adds around them: its entrants and their token digests, its
//! format (tables, teams, groups, card knockouts, brackets and matches, play-offs), which
//! board of which round is played by which game, the officials, the fouls, and the API's
//! bodies in and out. No clock, no database, no network: the caller passes in what happened.
//!
//! * [`model`]: the event as stored ([`Competition`]); [`state`]: each kind of event's own
//!   state once begun.
//! * [`registration`], [`rounds`], [`team`] (and [`team_score`]), [`groups`], [`cards`],
//!   [`bracket`], [`playoff`]: what the procedures do, format by format.
//! * [`arbiters`] and [`officials`]: the deputies and board arbiters; [`fouls`]: fouls
//!   counted in the tie-breaks.
//! * [`create_event`] (with [`system`] and [`formats`]) and [`request`]: the API's bodies read from a
//!   stranger's bytes; [`view`] and [`standings`]: the event as the API shows it.
//! * [`schedule`] (with [`resumption`]): when adjourned games resume.
//! * [`error`]: what is refused, typed, in English and in Chinese ([`refused_zh`] for the
//!   tournament crate's refusals); [`log_zh`]: the event's record in Chinese.

pub mod arbiters;
mod boards;
pub mod bracket;
pub mod cards;
pub mod create_event;
pub mod disqualification;
pub mod error;
pub mod formats;
pub mod fouls;
pub mod groups;
mod knockout_board;
pub mod log_zh;
pub mod model;
pub mod officials;
pub mod playoff;
pub mod refused_zh;
pub mod registration;
pub mod request;
pub mod resumption;
pub mod rounds;
pub mod schedule;
pub mod standings;
pub mod state;
pub mod system;
pub mod team;
pub mod team_score;
pub mod view;

pub use error::{Refused, SpecError};
pub use model::{Board, Competition, Entry, Format};
