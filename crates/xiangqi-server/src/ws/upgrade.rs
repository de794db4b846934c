//! `GET /api/games/{id}/ws`: the checks of the handshake (origin, token), then the socket's
//! [`Connection`].

use std::sync::Arc;
use std::time::Instant;

use axum::extract::ws::WebSocketUpgrade;
use axum::extract::{Path, RawQuery, State};
use axum::http::{HeaderMap, header};
use axum::response::{IntoResponse, Response};

use super::connection::{Connection, arrive};
use crate::api::access::actor_of;
use crate::api::input::{bearer, origin_allowed, since};
use crate::error::ApiError;
use crate::ids::GameId;
use crate::state::AppState;

/// `GET /api/games/{id}/ws`.
pub async fn upgrade(
    State(app): State<Arc<AppState>>,
    Path(id): Path<String>,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
    ws: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    let text = |h| {
        headers
            .get(h)
            .and_then(|v: &header::HeaderValue| v.to_str().ok())
    };
    if !origin_allowed(text(header::ORIGIN), text(header::HOST), &app.config.net) {
        return Ok((
            axum::http::StatusCode::FORBIDDEN,
            axum::Json(serde_json::json!({"error": "origin", "status": 403,
                "message": "WebSocket origin not allowed",
                "message_zh": "不接受来自此来源的WebSocket"})),
        )
            .into_response());
    }
    let since = since(query.as_deref())?;
    let hears_presence = crate::presence::wanted(query.as_deref());
    let id = GameId::parse(&id).ok_or(ApiError::NotFound)?;
    // In a cluster, a follower when another node owns the game.
    let room = app.room_for_socket(&id).await?;
    let token = bearer(&headers).ok().map(str::to_owned);
    let actor = match &token {
        Some(token) => Some(
            actor_of(&app, &room, &id, token)
                .await
                .ok_or(ApiError::WrongToken)?,
        ),
        None => None,
    };
    if let (Some(actor), Some(token)) = (actor, &token) {
        arrive(&app, &room, &id, token, actor)
            .await
            .map_err(|body| ApiError::Cluster(body["message"].as_str().unwrap_or("").into()))?;
    }
    let limit = app.config.limits.max_ws_message_bytes;
    let bucket = app.limits.ws_bucket();
    // Messages are small: a small read buffer (tungstenite's default is 128 KiB, zeroed, per
    // socket) keeps a thousand sockets cheap.
    Ok(ws
        .read_buffer_size(8 * 1024)
        .write_buffer_size(8 * 1024)
        .max_message_size(limit)
        .max_frame_size(limit)
        .on_upgrade(move |socket| async move {
            let conn = Connection {
                app,
                room,
                id,
                token,
                actor,
                bucket,
                strikes: 0,
                rtt_ms: None,
                last_heard: Instant::now(),
                joined: None,
                hears_presence,
            };
            conn.run(socket, since).await;
        }))
}
