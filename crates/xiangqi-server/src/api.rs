//! The HTTP JSON API (documented in `API.md`) and the routes of the web board.

use std::net::SocketAddr;
use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::{ConnectInfo, DefaultBodyLimit, Path, RawQuery, Request, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde::de::DeserializeOwned;
use xiangqi::Position;
use xiangqi_clock::{Side, TimeControl};
use xiangqi_referee::RuleSet;

use crate::error::ApiError;
use crate::game::{Action, Answer, Event};
use crate::ids::{GameId, Token};
use crate::room::RoomHandle;
use crate::server::AppState;
use crate::store::{NewGame, StoredGame};

type App = State<Arc<AppState>>;

/// Every route.
pub fn router(state: Arc<AppState>) -> Router {
    let body_limit = state.config.limits.max_body_bytes;
    Router::new()
        .route("/", get(crate::web::home))
        .route("/g/{id}", get(crate::web::game_page))
        .route("/assets/{file}", get(crate::web::asset))
        .route("/api/health", get(health))
        .route("/api/games", post(create))
        .route("/api/games/{id}", get(show))
        .route("/api/games/{id}/moves", post(play))
        .route("/api/games/{id}/resign", post(resign))
        .route("/api/games/{id}/draw", post(draw))
        .route("/api/games/{id}/adjourn", post(adjourn))
        .route("/api/games/{id}/seal", post(seal))
        .route("/api/games/{id}/resume", post(resume))
        .route("/api/games/{id}/events", get(events))
        .route("/api/games/{id}/ws", get(crate::ws::upgrade))
        .route("/api/games/{id}/record", get(crate::export::download))
        .fallback(|| async { ApiError::NotFound })
        .layer(middleware::from_fn_with_state(state.clone(), rate_limit))
        .layer(DefaultBodyLimit::max(body_limit))
        .with_state(state)
}

async fn rate_limit(
    State(app): App,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    request: Request,
    next: Next,
) -> Response {
    if !app.limits.http(peer) {
        return ApiError::RateLimited.into_response();
    }
    let started = std::time::Instant::now();
    let mut response = next.run(request).await;
    app.metrics.http.record_duration(started.elapsed());
    let headers = response.headers_mut();
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        "nosniff".parse().expect("static"),
    );
    headers.insert(
        header::REFERRER_POLICY,
        "no-referrer".parse().expect("static"),
    );
    response
}

async fn health(State(app): App) -> Json<serde_json::Value> {
    Json(serde_json::json!({"ok": true, "games_in_memory": app.rooms_in_memory()}))
}

/// Reads a JSON body into `T`; an empty body reads as `{}`.
fn body<T: DeserializeOwned>(bytes: &Bytes) -> Result<T, ApiError> {
    let text = if bytes.iter().all(u8::is_ascii_whitespace) {
        &b"{}"[..]
    } else {
        &bytes[..]
    };
    serde_json::from_slice(text).map_err(|e| ApiError::BadRequest(format!("JSON body: {e}")))
}

/// The game id from the path, as a room.
async fn room(app: &Arc<AppState>, id: &str) -> Result<RoomHandle, ApiError> {
    let id = GameId::parse(id).ok_or(ApiError::NotFound)?;
    app.room(&id).await
}

/// The side whose token is in `Authorization: Bearer …`.
pub(crate) fn bearer(headers: &HeaderMap) -> Result<&str, ApiError> {
    let value = headers
        .get(header::AUTHORIZATION)
        .ok_or(ApiError::MissingToken)?
        .to_str()
        .map_err(|_| ApiError::MissingToken)?;
    let token = value
        .strip_prefix("Bearer ")
        .or_else(|| value.strip_prefix("bearer "))
        .ok_or(ApiError::MissingToken)?
        .trim();
    if token.is_empty() {
        return Err(ApiError::MissingToken);
    }
    Ok(token)
}

fn player(room: &RoomHandle, headers: &HeaderMap) -> Result<Side, ApiError> {
    room.side_of(bearer(headers)?).ok_or(ApiError::WrongToken)
}

/// The base of the links handed out: `--public-url`, else the request's `Host`.
fn base_url(app: &AppState, headers: &HeaderMap) -> String {
    if let Some(url) = &app.config.net.public_url {
        return url.trim_end_matches('/').to_owned();
    }
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .filter(|h| {
            !h.is_empty()
                && h.len() <= 255
                && h.bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b".-:[]".contains(&b))
        })
        .map_or_else(|| app.config.net.listen.to_string(), str::to_owned);
    format!("http://{host}")
}

#[derive(Deserialize, Debug, Default)]
#[serde(deny_unknown_fields)]
struct CreateRequest {
    /// The time control in the clock's text form.
    control: Option<String>,
    /// `chinese` or `asian`.
    rules: Option<String>,
    /// Which side the creator takes: `red`, `black` or `random`.
    creator: Option<String>,
    /// A start position other than the usual one.
    fen: Option<String>,
}

/// The default time control: ten minutes and five seconds a move.
pub const DEFAULT_CONTROL: &str = "10m+5s";

async fn create(
    State(app): App,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    bytes: Bytes,
) -> Result<Response, ApiError> {
    if !app.limits.create(peer.ip()) {
        return Err(ApiError::RateLimited);
    }
    let request: CreateRequest = body(&bytes)?;
    let control_text = request.control.as_deref().unwrap_or(DEFAULT_CONTROL).trim();
    if control_text.len() > 100 {
        return Err(ApiError::InvalidOptions("time control too long".into()));
    }
    let control: TimeControl = control_text
        .parse()
        .map_err(|e| ApiError::InvalidOptions(format!("time control {control_text:?}: {e}")))?;
    let rules: RuleSet = match request.rules.as_deref() {
        None => RuleSet::default(),
        Some(r) => r
            .parse()
            .map_err(|e| ApiError::InvalidOptions(format!("{e}")))?,
    };
    let start = match request.fen.as_deref() {
        None => Position::start(),
        Some(fen) if fen.len() > 200 => {
            return Err(ApiError::InvalidOptions("FEN too long".into()));
        }
        Some(fen) => {
            Position::from_fen(fen).map_err(|e| ApiError::InvalidOptions(format!("FEN: {e}")))?
        }
    };
    if start.legal_moves().is_empty() {
        return Err(ApiError::InvalidOptions(
            "the side to move has no legal move".into(),
        ));
    }
    let creator = match request.creator.as_deref().unwrap_or("red") {
        "red" => Side::Red,
        "black" => Side::Black,
        "random" => {
            let mut b = [0u8; 1];
            getrandom::fill(&mut b).map_err(|e| ApiError::Storage(e.to_string()))?;
            if b[0] & 1 == 0 {
                Side::Red
            } else {
                Side::Black
            }
        }
        other => {
            return Err(ApiError::InvalidOptions(format!(
                "creator {other:?}: expected red, black or random"
            )));
        }
    };
    let random = |e: getrandom::Error| ApiError::Storage(format!("random source: {e}"));
    let id = GameId::random().map_err(random)?;
    let (red, black) = (
        Token::random().map_err(random)?,
        Token::random().map_err(random)?,
    );
    let created_unix_ms = app.time.now_ms();
    let created = Event::Created {
        control: control.to_string(),
        rules,
        fen: start.fen(),
        created_unix_ms,
    };
    let new = NewGame {
        id: id.clone(),
        created_unix_ms,
        red: red.hash(),
        black: black.hash(),
        created: created.clone(),
    };
    app.store.create_game(&new).await?;
    app.install_room(
        &id,
        StoredGame {
            red: new.red,
            black: new.black,
            events: vec![created],
        },
    )?;
    let base = base_url(&app, &headers);
    let link = |t: &Token| format!("{base}/g/{id}#t={}", t.as_str());
    let answer = serde_json::json!({
        "id": id.as_str(),
        "red": {"token": red.as_str(), "url": link(&red)},
        "black": {"token": black.as_str(), "url": link(&black)},
        "watch_url": format!("{base}/g/{id}"),
        "you": creator,
        "control": control.to_string(),
        "rules": rules.name(),
    });
    Ok((StatusCode::CREATED, Json(answer)).into_response())
}

async fn show(State(app): App, Path(id): Path<String>) -> Result<Response, ApiError> {
    let view = room(&app, &id).await?.view().await?;
    Ok(Json(view).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MoveRequest {
    #[serde(rename = "move")]
    mv: String,
    /// The client's own estimate of its round trip, ms (bounded by the lag quota).
    #[serde(default)]
    lag_ms: u64,
}

async fn act(
    app: &Arc<AppState>,
    id: &str,
    headers: &HeaderMap,
    action: Action,
) -> Result<Response, ApiError> {
    let room = room(app, id).await?;
    let side = player(&room, headers)?;
    let started = std::time::Instant::now();
    let acted = room.act(side, action, true).await;
    app.metrics.act.record_duration(started.elapsed());
    let state = acted?.state.unwrap_or_default();
    Ok((
        [(header::CONTENT_TYPE, "application/json")],
        Bytes::from(state),
    )
        .into_response())
}

async fn play(
    State(app): App,
    Path(id): Path<String>,
    headers: HeaderMap,
    bytes: Bytes,
) -> Result<Response, ApiError> {
    let request: MoveRequest = body(&bytes)?;
    let action = Action::Move {
        text: request.mv,
        lag_ms: request.lag_ms,
    };
    act(&app, &id, &headers, action).await
}

async fn resign(
    State(app): App,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    act(&app, &id, &headers, Action::Resign).await
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AnswerRequest {
    #[serde(default = "offer")]
    action: Answer,
}

fn offer() -> Answer {
    Answer::Offer
}

async fn draw(
    State(app): App,
    Path(id): Path<String>,
    headers: HeaderMap,
    bytes: Bytes,
) -> Result<Response, ApiError> {
    let request: AnswerRequest = body(&bytes)?;
    act(&app, &id, &headers, Action::Draw(request.action)).await
}

async fn adjourn(
    State(app): App,
    Path(id): Path<String>,
    headers: HeaderMap,
    bytes: Bytes,
) -> Result<Response, ApiError> {
    let request: AnswerRequest = body(&bytes)?;
    act(&app, &id, &headers, Action::Adjourn(request.action)).await
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SealRequest {
    #[serde(rename = "move")]
    mv: String,
}

async fn seal(
    State(app): App,
    Path(id): Path<String>,
    headers: HeaderMap,
    bytes: Bytes,
) -> Result<Response, ApiError> {
    let request: SealRequest = body(&bytes)?;
    act(&app, &id, &headers, Action::Seal { text: request.mv }).await
}

async fn resume(
    State(app): App,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    act(&app, &id, &headers, Action::Resume).await
}

/// `since=N` from a query string (default 0).
pub(crate) fn since(query: Option<&str>) -> Result<u64, ApiError> {
    let Some(query) = query else { return Ok(0) };
    for pair in query.split('&') {
        if let Some(value) = pair.strip_prefix("since=") {
            return value
                .parse()
                .map_err(|_| ApiError::BadRequest(format!("since={value:?}: expected a number")));
        }
    }
    Ok(0)
}

async fn events(
    State(app): App,
    Path(id): Path<String>,
    RawQuery(query): RawQuery,
) -> Result<Response, ApiError> {
    let since = since(query.as_deref())?;
    let sub = room(&app, &id).await?.subscribe(since).await?;
    let mut out = String::from("{\"events\":[");
    for (i, text) in sub.missed.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str(text.as_str());
    }
    out.push_str("],\"state\":");
    out.push_str(sub.state.as_str());
    out.push('}');
    Ok(([(header::CONTENT_TYPE, "application/json")], out).into_response())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn since_reads_the_number_or_refuses() {
        assert_eq!(since(None), Ok(0));
        assert_eq!(since(Some("since=12")), Ok(12));
        assert_eq!(since(Some("a=b&since=3")), Ok(3));
        assert!(since(Some("since=-1")).is_err());
    }

    #[test]
    fn bearer_needs_the_scheme_and_a_token() {
        let mut h = HeaderMap::new();
        assert_eq!(bearer(&h), Err(ApiError::MissingToken));
        h.insert(header::AUTHORIZATION, "Basic abc".parse().unwrap());
        assert_eq!(bearer(&h), Err(ApiError::MissingToken));
        h.insert(header::AUTHORIZATION, "Bearer abc".parse().unwrap());
        assert_eq!(bearer(&h), Ok("abc"));
    }
}
