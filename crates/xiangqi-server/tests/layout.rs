//! The files of this crate use one another without new circles: the check every crate of the
//! workspace runs (`tools/layout/` at the workspace root).
//!
//! One circle is left to break, listed as exactly its set of files, so the list can
//! only shrink: a listed circle that grows, changes or disappears fails too. It runs between
//! the shared state and the competitions: `AppState` holds the competitions (`event::Events`),
//! and the competitions' start-up and games take the whole `AppState`. It goes when the
//! competitions become actors that take only the handles they need.

#[path = "../../../tools/layout/mod.rs"]
mod layout;

// `new_game.rs` joined it when the events' games were opened through the server's one way
// of opening a game (`new_game::open`, which takes the `AppState`).
const THROUGH_THE_STATE: &[&str] = &["state.rs", "event/mod.rs", "event/games.rs", "new_game.rs"];

#[test]
fn files_use_one_another_without_a_new_circle() {
    layout::assert_no_circles(env!("CARGO_MANIFEST_DIR"), &[THROUGH_THE_STATE]);
}
