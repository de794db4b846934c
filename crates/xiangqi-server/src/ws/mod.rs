//! The WebSocket `/api/games/{id}/ws?since=N`: numbered events, live, with replay.
//!
//! On connecting the client gets every event after `since` (`{"type":"event","seq":…}`), then
//! the state (`{"type":"state",…}`), then each new event as it happens, with the state after
//! it. A client that reconnects with the last `seq` it saw misses nothing.
//!
//! Players authenticate with `Authorization: Bearer` on the upgrade request (bots) or with an
//! `{"type":"auth","token":…}` message (browsers cannot set headers on a WebSocket); anyone
//! else only watches. The `Origin` of a browser must be the server's own (or allowed by
//! `--allow-origin`). Messages are size-limited and rate-limited per connection; a malformed
//! one gets an error message and the connection goes on.

mod connection;
mod message;
mod on_message;
mod upgrade;

pub use crate::api::input::origin_allowed;
pub use message::{ClientMessage, parse_client_message};
pub use upgrade::upgrade;
