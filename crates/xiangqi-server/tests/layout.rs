//! The files of this crate use one another without new circles: the check every crate of the
//! workspace runs (`tools/layout/` at the workspace root).
//!
//! One circle is left to break, listed as exactly its set of files, so the list can
//! only shrink: a listed circle that grows, changes or disappears fails too. It runs through the
//! crate root: `AppState` and the start-up code share `server.rs`, the router
//! `api.rs` is also a helper library, rooms hold the whole state, and the store reaches back
//! into `lib.rs` for its error helper.

#[path = "../../../tools/layout/mod.rs"]
mod layout;

const THROUGH_THE_ROOT: &[&str] = &[
    "lib.rs",
    "ws.rs",
    "store/mod.rs",
    "store/writer.rs",
    "store/sqlite.rs",
    "store/postgres.rs",
    "store/migrations.rs",
    "server.rs",
    "room.rs",
    "limit.rs",
    "export.rs",
    "event/mod.rs",
    "event/store.rs",
    "event/games.rs",
    "event/api.rs",
    // The handlers of the board's issue (the game's event, the lobby, the rematch) join it as
    // every handler of `AppState` does (`analysis.rs`, `event/api.rs`); their registries
    // (`lobby.rs`, `rematch`'s `Rematches`, `presence.rs`) stay outside it.
    "event/of_game.rs",
    // The adjourned games' handlers and the events' listener, likewise (the rules of a
    // resumption, `event/resumption.rs` and `event/schedule.rs`, stay outside).
    "event/adjourned.rs",
    "event/follow.rs",
    "lobby_api.rs",
    "rematch.rs",
    "config.rs",
    "computer.rs",
    "cluster/mod.rs",
    "cluster/lease.rs",
    "cluster/forward.rs",
    "cluster/follow.rs",
    "api.rs",
    "analysis.rs",
];

#[test]
fn files_use_one_another_without_a_new_circle() {
    layout::assert_no_circles(env!("CARGO_MANIFEST_DIR"), &[THROUGH_THE_ROOT]);
}
