//! The lobby's routes (API.md, "The lobby"): open a challenge, list, accept, withdraw, and the
//! live list on `/api/lobby/ws`.

use std::net::SocketAddr;
use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{ConnectInfo, Path, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use xiangqi::Color;

use crate::api::{base_url, bearer};
use crate::error::ApiError;
use crate::fault::Fault;
use crate::game::Actor;
use crate::ids::GameId;
use crate::lobby::Challenge;
use crate::state::AppState;

type App = State<Arc<AppState>>;

/// The lobby's routes, merged into the server's router.
pub fn routes() -> Router<Arc<AppState>> {
    Router::new()
        .route("/api/challenges", post(open).get(list))
        .route("/api/challenges/{id}/accept", post(accept))
        .route("/api/challenges/{id}/cancel", post(cancel))
        .route("/api/lobby/ws", get(socket))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ChallengeBody {
    control: Option<String>,
    rules: Option<String>,
    colour: Option<String>,
}

/// Reads a challenge's body (`{"control", "rules", "colour"}`, each optional; `colour` is the
/// creator's: `red`, `black` or `random`) into the `POST /api/games` body it creates.
///
/// # Errors
///
/// `400 bad_request` for a body that is not that object; `422 invalid_options` for a colour
/// that is none of the three. The control and rules are checked by the game's own reader.
///
/// ```
/// use xiangqi_server::lobby_api::parse_challenge;
/// let body = parse_challenge(br#"{"control": "5m+3s", "colour": "black"}"#).unwrap();
/// assert_eq!(body["creator"], "black");
/// assert!(parse_challenge(br#"{"colour": "green"}"#).is_err());
/// assert!(parse_challenge(br#"{"fen": "x"}"#).is_err());
/// assert!(parse_challenge(b"\xff").is_err());
/// ```
pub fn parse_challenge(bytes: &[u8]) -> Result<serde_json::Value, ApiError> {
    let text = if bytes.iter().all(u8::is_ascii_whitespace) {
        b"{}".as_slice()
    } else {
        bytes
    };
    let body: ChallengeBody =
        serde_json::from_slice(text).map_err(|e| ApiError::BadRequest(e.to_string()))?;
    let colour = body.colour.unwrap_or_else(|| "random".into());
    if !matches!(colour.as_str(), "red" | "black" | "random") {
        return Err(crate::error::Invalid::option(
            "colour",
            format!("colour {colour:?}: expected red, black or random"),
            "执子颜色应为red（红）、black（黑）或random（随机）",
        ));
    }
    let mut out = serde_json::json!({"creator": colour});
    if let Some(control) = body.control {
        out["control"] = control.into();
    }
    if let Some(rules) = body.rules {
        out["rules"] = rules.into();
    }
    Ok(out)
}

fn side_of(value: &serde_json::Value) -> Option<Color> {
    match value.as_str()? {
        "red" => Some(Color::Red),
        "black" => Some(Color::Black),
        _ => None,
    }
}

async fn open(
    State(app): App,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    bytes: Bytes,
) -> Result<Response, ApiError> {
    let body = parse_challenge(&bytes)?;
    app.limits.create(peer.ip())?;
    let mut created = crate::api::create_game(&app, &headers, body.to_string().as_bytes()).await?;
    let broken = || {
        ApiError::Fault(Fault::Inconsistent(
            "a created game without its links".into(),
        ))
    };
    let creator = side_of(&created["you"]).ok_or_else(broken)?;
    let free = creator.other();
    let key = |s: Color| if s == Color::Red { "red" } else { "black" };
    let token = created[key(free)]["token"]
        .as_str()
        .ok_or_else(broken)?
        .to_owned();
    let challenge = Challenge {
        id: created["id"].as_str().ok_or_else(broken)?.to_owned(),
        control: created["control"].as_str().unwrap_or_default().to_owned(),
        rules: created["rules"].as_str().unwrap_or_default().to_owned(),
        creator,
        open_side: free,
        created_unix_ms: app.time.now_ms(),
    };
    app.lobby
        .open(challenge, token, app.time.now_ms())
        .map_err(|_| ApiError::RateLimited)?;
    // The stranger's link is the lobby's to give; the arbiter's is nobody's.
    if let Some(map) = created.as_object_mut() {
        map.remove(key(free));
        map.remove("arbiter");
        map.insert("challenge".into(), map["id"].clone());
    }
    Ok((StatusCode::CREATED, Json(created)).into_response())
}

async fn list(State(app): App) -> Response {
    Json(serde_json::json!({"challenges": app.lobby.list(app.time.now_ms())})).into_response()
}

async fn accept(
    State(app): App,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let (challenge, token) = app
        .lobby
        .accept(&id, app.time.now_ms())
        .ok_or(ApiError::NotFound)?;
    let base = base_url(&app, &headers);
    Ok(Json(serde_json::json!({
        "id": challenge.id,
        "you": challenge.open_side,
        "token": token,
        "url": format!("{base}/g/{}#t={token}", challenge.id),
        "control": challenge.control,
        "rules": challenge.rules,
    }))
    .into_response())
}

async fn cancel(
    State(app): App,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let token = bearer(&headers)?;
    let game = GameId::parse(&id).ok_or(ApiError::NotFound)?;
    let creator = app
        .lobby
        .list(app.time.now_ms())
        .into_iter()
        .find(|c| c.id == id)
        .ok_or(ApiError::NotFound)?
        .creator;
    match app.room(&game).await?.actor_of(token) {
        Some(Actor::Player { side, .. }) if side == creator => {}
        _ => return Err(ApiError::WrongToken),
    }
    app.lobby.cancel(&id, app.time.now_ms());
    Ok(Json(serde_json::json!({"cancelled": id})).into_response())
}

async fn socket(State(app): App, headers: HeaderMap, ws: WebSocketUpgrade) -> Response {
    let text = |h| {
        headers
            .get(h)
            .and_then(|v: &header::HeaderValue| v.to_str().ok())
    };
    if !crate::ws::origin_allowed(text(header::ORIGIN), text(header::HOST), &app.config.net) {
        return ApiError::WrongToken.into_response();
    }
    let limit = app.config.limits.max_ws_message_bytes;
    ws.max_message_size(limit)
        .max_frame_size(limit)
        .on_upgrade(move |socket| listen(app, socket))
}

/// The lobby's socket: the list at once and at each change. It takes no messages: any text is
/// answered with the API's error (`bad_request`) and the socket stays open.
async fn listen(app: Arc<AppState>, mut socket: WebSocket) {
    let mut rx = app.lobby.subscribe();
    // Expired challenges leave the list when it is looked at.
    app.lobby.list(app.time.now_ms());
    let first = rx.borrow_and_update().clone();
    if socket.send(Message::Text(first.into())).await.is_err() {
        return;
    }
    loop {
        tokio::select! {
            changed = rx.changed() => {
                if changed.is_err() { break; }
                let text = rx.borrow_and_update().clone();
                if socket.send(Message::Text(text.into())).await.is_err() { break; }
            }
            incoming = socket.recv() => match incoming {
                Some(Ok(Message::Text(_) | Message::Binary(_))) => {
                    let mut body = ApiError::BadRequest("the lobby's socket takes no messages".into()).body();
                    body["type"] = "error".into();
                    if socket.send(Message::Text(body.to_string().into())).await.is_err() { break; }
                }
                Some(Ok(_)) => {}
                _ => break,
            },
        }
    }
}
