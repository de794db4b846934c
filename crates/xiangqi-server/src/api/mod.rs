//! The HTTP JSON API of a game (documented in `API.md`), in layers: what a request carries
//! ([`input`]), who it is and on which game ([`access`]), then the handlers ([`games`],
//! [`actions`]). The routes are [`crate::router`]'s.

pub mod access;
pub mod actions;
pub mod games;
pub mod input;
pub mod rematch;

pub(crate) use access::{actor_of, base_url, room};
pub use games::DEFAULT_CONTROL;
pub(crate) use games::create_game;
pub use input::{bearer, since};
