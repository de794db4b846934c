//! Actions relayed to the node that owns a game: a competition's arbiter action entered on
//! the node that serves the competitions, and the actions of a socket on a node that only
//! follows the game, each sent as the owner's HTTP API takes it.

use std::sync::Arc;

use axum::body::Bytes;
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::response::Response;

use super::forward::{ARBITER_HEADER, Resource, Sent, outgoing, send};
use super::{Holder, Node};
use crate::error::ApiError;
use crate::ids::GameId;
use crate::state::{AppState, Place};
use xiangqi_game::Action;

/// A competition's arbiter action `action` (the JSON body of `POST /api/games/{id}/arbiter`)
/// on game `id`, wherever the game is served: in its room here (taking the game if its lease
/// is free or lapsed), else sent to its owner with the cluster's secret. `Ok(false)` if the
/// game refused it (it is over, say).
///
/// # Errors
///
/// A bad action; the game's storage; an owner that cannot be reached or failed to answer.
pub async fn arbitrate(
    app: &Arc<AppState>,
    id: &GameId,
    action: &serde_json::Value,
) -> Result<bool, ApiError> {
    let body = Bytes::from(action.to_string());
    let holder = match app.place(id).await? {
        Place::Here(room) => {
            let action = crate::request::parse_arbiter(&body)?;
            return match room
                .act(xiangqi_game::Actor::Arbiter, Action::Arbiter(action), false)
                .await
            {
                Ok(_) => Ok(true),
                Err(ApiError::Refused(_)) => Ok(false),
                Err(e) => Err(e),
            };
        }
        Place::There(holder) => holder,
    };
    let Some(node) = app.cluster.clone() else {
        return Err(ApiError::Cluster("not in cluster mode".into()));
    };
    let answer = match post_to_owner(app, &node, id, holder, "arbiter", None, &body).await {
        Ok(Some(r)) => r,
        // Taken over meanwhile: act here.
        Ok(None) => return Box::pin(arbitrate(app, id, action)).await,
        Err(e) => return Err(e),
    };
    let status = answer.status();
    if status.is_success() {
        return Ok(true);
    }
    // The arbiter route's 409 is the game's refusal.
    if status == StatusCode::CONFLICT {
        return Ok(false);
    }
    let bytes = axum::body::to_bytes(answer.into_body(), 1 << 20)
        .await
        .unwrap_or_default();
    let why: serde_json::Value = serde_json::from_slice(&bytes).unwrap_or_default();
    let message = why["message"].as_str().unwrap_or("no reason given");
    Err(if status == StatusCode::SERVICE_UNAVAILABLE {
        ApiError::Cluster(format!("the owner of game {id}: {message}"))
    } else {
        ApiError::BadGateway(format!(
            "the owner of game {id} answered {status}: {message}"
        ))
    })
}

/// `POST /api/games/{id}/{path}` with JSON `body` to the game's owner `holder`: as the player
/// or arbiter whose `token` it is, or without one as a competition's arbiter
/// ([`ARBITER_HEADER`]). `None` if this node took the game over meanwhile (the caller acts
/// here).
async fn post_to_owner(
    app: &Arc<AppState>,
    node: &Node,
    id: &GameId,
    holder: Holder,
    path: &str,
    token: Option<&str>,
    body: &Bytes,
) -> Result<Option<Response>, ApiError> {
    let mut headers = HeaderMap::new();
    if let Some(token) = token {
        let bearer =
            HeaderValue::from_str(&format!("Bearer {token}")).map_err(|_| ApiError::WrongToken)?;
        headers.insert(header::AUTHORIZATION, bearer);
    }
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    let mut headers = outgoing(&headers, node, None);
    if token.is_none() {
        headers.insert(ARBITER_HEADER, HeaderValue::from_static("1"));
    }
    let target = format!("/api/games/{id}/{path}");
    let resource = Resource::Game(id.clone());
    match send(
        app,
        node,
        &resource,
        holder,
        &Method::POST,
        &target,
        &headers,
        body,
    )
    .await
    {
        Sent::Answer(r) => Ok(Some(r)),
        Sent::Here => Ok(None),
        Sent::Failed(e) => Err(e),
    }
}

/// A WebSocket's action on a game another node owns (or that this node has taken over since
/// the socket opened): done as the HTTP request a client would send, with the socket's
/// token. The answer: the last event's number, or the error's JSON body.
pub async fn act(
    app: &Arc<AppState>,
    id: &GameId,
    token: &str,
    action: &Action,
    raw: &serde_json::Value,
) -> Result<u64, serde_json::Value> {
    let Some(node) = app.cluster.clone() else {
        return Err(ApiError::Cluster("not in cluster mode".into()).body());
    };
    let (path, body) = http_of(action, raw);
    let holder = match app.place(id).await {
        Ok(Place::Here(room)) => {
            let actor = room.actor_of(token).ok_or(ApiError::WrongToken.body())?;
            return room
                .act(actor, action.clone(), false)
                .await
                .map(|a| a.seq)
                .map_err(|e| e.body());
        }
        Ok(Place::There(holder)) => holder,
        Err(e) => return Err(e.body()),
    };
    let body = Bytes::from(body.to_string());
    let answer = match post_to_owner(app, &node, id, holder, path, Some(token), &body).await {
        Ok(Some(r)) => r,
        // Taken over meanwhile: act here.
        Ok(None) => return Box::pin(act(app, id, token, action, raw)).await,
        Err(e) => return Err(e.body()),
    };
    let ok = answer.status().is_success();
    let bytes = axum::body::to_bytes(answer.into_body(), 1 << 20)
        .await
        .map_err(|e| ApiError::BadGateway(e.to_string()).body())?;
    let json: serde_json::Value = serde_json::from_slice(&bytes)
        .map_err(|e| ApiError::BadGateway(format!("the owner's answer: {e}")).body())?;
    if ok {
        json["seq"]
            .as_u64()
            .ok_or_else(|| ApiError::BadGateway("the owner's answer has no seq".into()).body())
    } else {
        Err(json)
    }
}

/// The route and body of the HTTP request that does `action` (`raw`: the socket's message).
fn http_of(action: &Action, raw: &serde_json::Value) -> (&'static str, serde_json::Value) {
    use serde_json::json;
    match action {
        Action::Move { text, lag_ms } => ("moves", json!({"move": text, "lag_ms": lag_ms})),
        Action::Resign => ("resign", json!({})),
        Action::Draw(_) => ("draw", json!({"action": raw["action"]})),
        Action::Adjourn(_) => ("adjourn", json!({"action": raw["action"]})),
        Action::Seal { text } => ("seal", json!({"move": text})),
        Action::Resume => ("resume", json!({})),
        Action::Claim => ("claim", json!({})),
        Action::AskLimit { ground } => ("limit", json!({"ground": ground})),
        Action::Arrive => ("arrive", json!({})),
        Action::Arbiter(_) | Action::Signed { .. } => ("arbiter", raw["request"].clone()),
    }
}
