//! Who a request is, and on which game: the room of a path's game id, the actor a token
//! is on it (the game's own tokens or the competition's), the base of the links handed out.

use std::sync::Arc;

use axum::http::HeaderMap;

use super::input::{bearer, link_base};
use crate::error::ApiError;
use crate::ids::GameId;
use crate::room::RoomHandle;
use crate::state::AppState;
use xiangqi_game::Actor;

/// The game id from the path, as a room.
pub(crate) async fn room(app: &Arc<AppState>, id: &str) -> Result<RoomHandle, ApiError> {
    let id = GameId::parse(id).ok_or(ApiError::NotFound)?;
    app.room(&id).await
}

pub(crate) fn actor(
    app: &AppState,
    room: &RoomHandle,
    headers: &HeaderMap,
) -> Result<Actor, ApiError> {
    let token = bearer(headers)?;
    if app.events.is_revoked(token) {
        return Err(ApiError::WrongToken);
    }
    room.actor_of(token).ok_or(ApiError::WrongToken)
}

/// Who `token` is on game `id`: one the game holds, or one the event that plays it knows
/// (its organiser and arbiter, a player's re-issued link); a re-issued link's old token is
/// no one.
pub(crate) async fn actor_of(
    app: &Arc<AppState>,
    room: &RoomHandle,
    id: &GameId,
    token: &str,
) -> Option<Actor> {
    if app.events.is_revoked(token) {
        return None;
    }
    if let Some(actor) = room.actor_of(token) {
        return Some(actor);
    }
    crate::event::actor_in_event(app, id, token).await
}

/// The base of the links handed out: `--public-url`, else the request's `Host`.
pub(crate) fn base_url(app: &AppState, headers: &HeaderMap) -> String {
    link_base(&app.config.net, headers)
}
