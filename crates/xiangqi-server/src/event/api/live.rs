//! `GET /api/events/{id}/ws`: an event page's live view.

use std::sync::Arc;

use axum::Json;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde_json::json;
use xiangqi_competition::Competition;

use super::access::App;
use crate::error::ApiError;

/// `GET /api/events/{id}/ws`: the event's view now, then again after every change (a
/// result coming in, a round paired…), instead of the pages polling. Read-only: messages
/// from the client are ignored; a ping every 25 s keeps proxies from closing it.
pub(super) async fn live(
    State(app): App,
    Path(id): Path<String>,
    headers: HeaderMap,
    ws: axum::extract::ws::WebSocketUpgrade,
) -> Result<Response, ApiError> {
    use axum::extract::ws::Message;
    let text = |h| {
        headers
            .get(h)
            .and_then(|v: &header::HeaderValue| v.to_str().ok())
    };
    if !crate::ws::origin_allowed(text(header::ORIGIN), text(header::HOST), &app.config.net) {
        let refusal = json!({"error": "origin", "status": 403, "message": "WebSocket origin not allowed",
                             "message_zh": "不接受来自此来源的WebSocket"});
        return Ok((StatusCode::FORBIDDEN, Json(refusal)).into_response());
    }
    app.events.get(&id).await.ok_or(ApiError::NoEvent)?;
    let mut changes = app.events.subscribe();
    Ok(ws
        .max_message_size(4096)
        .on_upgrade(move |mut socket| async move {
            let view =
                |c: Arc<Competition>| json!({"type": "event", "event": c.view()}).to_string();
            let Some(c) = app.events.get(&id).await else {
                return;
            };
            if socket.send(Message::Text(view(c).into())).await.is_err() {
                return;
            }
            let mut ping = tokio::time::interval(std::time::Duration::from_secs(25));
            loop {
                let changed = tokio::select! {
                    changed = changes.recv() => changed,
                    _ = ping.tick() => {
                        if socket.send(Message::Ping(Bytes::new())).await.is_err() { return; }
                        continue;
                    }
                    incoming = socket.recv() => match incoming {
                        Some(Ok(Message::Close(_)) | Err(_)) | None => return,
                        Some(Ok(_)) => continue,
                    },
                };
                // A page that fell behind gets the view now, which holds every change.
                let ours = match changed {
                    Ok(changed) => changed == id,
                    Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => true,
                    Err(tokio::sync::broadcast::error::RecvError::Closed) => return,
                };
                if !ours {
                    continue;
                }
                let Some(c) = app.events.get(&id).await else {
                    return;
                };
                if socket.send(Message::Text(view(c).into())).await.is_err() {
                    return;
                }
            }
        }))
}
