//! Opening a game on the server: the one path by which every game is made, whether a
//! stranger asks for it (`POST /api/games`, and the lobby and rematches through it) or a
//! competition pairs a board. The request is read into a [`GameSpec`] by
//! [`crate::request::parse_create`]; the caller chooses the seats' tokens; this writes the
//! game's `created` event and its tokens (committed) and starts its room.

use std::sync::Arc;

use xiangqi_game::Event;

use crate::error::ApiError;
use crate::ids::{GameId, TokenHash};
use crate::request::GameSpec;
use crate::state::AppState;
use crate::store::{MoreTokens, NewGame, StoredGame};

/// Who may sit where: the digests of the tokens each seat is taken with.
#[derive(Debug, Clone)]
pub struct Seats {
    /// Red's token digest.
    pub red: TokenHash,
    /// Black's token digest.
    pub black: TokenHash,
    /// The arbiter's and the partners' of a pairs game.
    pub more: MoreTokens,
}

/// Creates game `id` of `spec` with `seats`, and returns once it is committed and its room
/// is running (on this node, which reserves the game first in a cluster).
///
/// # Errors
///
/// When another node holds the id, or the write fails (then there is no game).
pub async fn open(
    app: &Arc<AppState>,
    id: &GameId,
    spec: &GameSpec,
    seats: Seats,
) -> Result<(), ApiError> {
    let created_unix_ms = app.time.now_ms();
    let created = Event::Created {
        control: spec.control.to_string(),
        rules: spec.rules,
        fen: spec.start.fen(),
        created_unix_ms,
        options: Box::new(spec.options.clone()),
    };
    let new = NewGame {
        id: id.clone(),
        created_unix_ms,
        red: seats.red,
        black: seats.black,
        more: seats.more.clone(),
        created: created.clone(),
    };
    app.reserve(id).await?;
    app.store.create_game(&new).await?;
    let stored = StoredGame {
        red: new.red,
        black: new.black,
        more: seats.more,
        events: vec![created],
    };
    app.install_room(id, stored).await?;
    Ok(())
}
