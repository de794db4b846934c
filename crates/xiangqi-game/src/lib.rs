//! One game as pure logic: board, clock, offers, adjournment and ruling.
//!
//! The game is event-sourced. [`Game::decide`] looks at an action and the time and answers
//! with the [`Event`]s it causes (or a [`Refusal`]) without changing anything;
//! [`Game::apply`] changes the game by one event and cannot fail. The room stores the events
//! first and applies them after, so what a client was told is exactly what is on disk, and a
//! restart replays the same events through the same `apply`.
//!
//! Pure logic: no I/O, no threads, no async runtime. Time is passed in (milliseconds since
//! the game's creation); the caller owns the real clock, the timers and the storage. The
//! crate's map is in its README.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

// The README's examples run as doctests, so the crate's map cannot drift from the code.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

mod action_error;
pub mod arbiter;
mod claims;
pub mod desk;
mod discipline;
pub mod endings;
mod event;
mod event_desk;
pub mod lag;
pub mod limit;
mod limit_procedure;
mod moves;
pub mod notation;
mod notes;
mod offers;
pub mod opponent;
mod option_error;
pub mod options;
mod procedure;
mod refusal;
mod ruled;
mod timers;
pub mod touch;
mod view;
pub mod work;

mod actor;
mod apply;
mod decide;
mod game;

pub use actor::{Action, Actor, Answer};
pub use arbiter::{GameResult, Ruling};
pub use desk::{ActionError, Adjudged, ArbiterAction, FoulKind};
pub use event::{Event, Sanction};
pub use game::{Adjournment, BadCreation, Decision, Game, PlayedMove};
pub use limit::{LimitChanges, LimitGround, LimitVerdict, MoveLimit};
pub use options::{DrawOffers, GameOptions, Pairs};
pub use refusal::{DeskRefusal, Refusal};
pub use touch::{Binding, BindingCause, BindingError};
pub use view::{ClockView, GameView, SideClock};
/// The referee crate's endings, forfeits and arbiters' offices, which every ruling carries.
pub use xiangqi_referee::{ArbiterRole, Ending, ForfeitReason, Signer};

#[cfg(test)]
mod tests;
