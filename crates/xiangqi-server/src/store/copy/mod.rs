//! Copying a whole installation from one backend to the other (`xq db copy`): games with
//! their tokens, results and every event, the competitions, the heartbeat.
//!
//! The source is read in one read-only transaction, a snapshot: a server still writing to
//! it changes nothing of the copy (but its later writes are not in it; stop it first). The
//! destination is migrated, must be empty unless `force` (then its data is deleted first),
//! and is written a page of games at a time, each page one transaction. The counts of both
//! sides are compared at the end; a difference is an error.

mod db;
mod run;
mod types;

pub use run::{Copied, copy};
pub use types::{Counts, Location, PAGE};
