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
use xiangqi_clock::Side;

use crate::error::ApiError;
use crate::ids::{GameId, Token};
use crate::request::{
    AnswerRequest, Creator, MoveRequest, SealRequest, body, parse_arbiter, parse_create,
};
use crate::room::RoomHandle;
use crate::server::AppState;
use crate::store::{MoreTokens, NewGame, StoredGame};
use xiangqi_game::{Action, Actor, Event};

type App = State<Arc<AppState>>;

/// Every route.
pub fn router(state: Arc<AppState>) -> Router {
    let body_limit = state.config.limits.max_body_bytes;
    Router::new()
        .route("/", get(crate::web::home))
        .route("/g/{id}", get(game_page))
        .route("/assets/{file}", get(crate::web::asset))
        .route("/api/health", get(health))
        .route("/api/games", post(create))
        .route("/api/games/{id}", get(show))
        .route("/api/games/{id}/moves", post(play))
        .route("/api/games/{id}/resign", post(resign))
        .route("/api/games/{id}/claim", post(claim))
        .route("/api/games/{id}/draw", post(draw))
        .route("/api/games/{id}/adjourn", post(adjourn))
        .route("/api/games/{id}/seal", post(seal))
        .route("/api/games/{id}/resume", post(resume))
        .route("/api/games/{id}/arrive", post(arrive_now))
        .route("/api/games/{id}/arbiter", post(arbiter))
        .route("/api/games/{id}/events", get(events))
        .route("/api/games/{id}/ws", get(crate::ws::upgrade))
        .route("/api/games/{id}/record", get(crate::export::download))
        .merge(crate::event::api::routes())
        .merge(crate::lobby_api::routes())
        .route("/api/games/{id}/rematch", post(crate::rematch::request))
        .route("/api/games/{id}/analysis", get(crate::analysis::analyse))
        .route("/api/computer", get(crate::analysis::levels))
        .fallback(|| async { ApiError::NoRoute })
        .layer(middleware::map_response_with_state(
            state.clone(),
            json_errors,
        ))
        .layer(middleware::from_fn_with_state(
            state.clone(),
            crate::cluster::forward::route,
        ))
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
    // A request another node of the cluster forwarded was limited there, for its client.
    if !crate::cluster::forward::trusted(&app, request.headers()) && !app.limits.http(peer) {
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

/// `GET /g/{id}`: the board, or a page saying that there is no such game (a mistyped link
/// would otherwise show a board waiting for its game forever).
async fn game_page(State(app): App, Path(id): Path<String>) -> Response {
    let known = match GameId::parse(&id) {
        Some(id) => !matches!(app.room(&id).await, Err(ApiError::NotFound)),
        None => false,
    };
    crate::web::game_page(known)
}

/// Every refusal is the API's JSON error: a response the router or an extractor made by
/// itself (a body over `--max-body`, a method a route does not have) is replaced by it.
async fn json_errors(State(app): App, response: Response) -> Response {
    let status = response.status();
    let json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json") || v.starts_with("text/html"));
    if !(status.is_client_error() || status.is_server_error()) || json {
        return response;
    }
    ApiError::of_status(status, app.config.limits.max_body_bytes).into_response()
}

async fn health(State(app): App) -> Json<serde_json::Value> {
    Json(serde_json::json!({"ok": true, "games_in_memory": app.rooms_in_memory()}))
}

/// The game id from the path, as a room.
pub(crate) async fn room(app: &Arc<AppState>, id: &str) -> Result<RoomHandle, ApiError> {
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

fn actor(app: &AppState, room: &RoomHandle, headers: &HeaderMap) -> Result<Actor, ApiError> {
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

/// Records that a player opened a scheduled game (late arrival, 4.1.5), once per side.
pub(crate) async fn arrive(room: &RoomHandle, actor: Actor) -> Result<(), ApiError> {
    if let Actor::Player { side, .. } = actor
        && !room.has_arrived(side)
    {
        match room.act(actor, Action::Arrive, false).await {
            Ok(_) | Err(ApiError::Refused(_)) => {}
            Err(e) => return Err(e),
        }
    }
    Ok(())
}

/// The base of the links handed out: `--public-url`, else the request's `Host`.
pub(crate) fn base_url(app: &AppState, headers: &HeaderMap) -> String {
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

/// The default time control: ten minutes and five seconds a move.
pub const DEFAULT_CONTROL: &str = crate::request::DEFAULT_CONTROL;

async fn create(
    State(app): App,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    bytes: Bytes,
) -> Result<Response, ApiError> {
    if !app.limits.create(peer.ip()) {
        return Err(ApiError::RateLimited);
    }
    let answer = create_game(&app, &headers, &bytes).await?;
    Ok((StatusCode::CREATED, Json(answer)).into_response())
}

/// Creates a game from a `POST /api/games` body and answers its creation JSON (every link);
/// the lobby and rematches create theirs with it. The caller applies the rate limit.
pub(crate) async fn create_game(
    app: &Arc<AppState>,
    headers: &HeaderMap,
    bytes: &[u8],
) -> Result<serde_json::Value, ApiError> {
    let mut spec = parse_create(bytes)?;
    crate::computer::check(&app.computers, &spec.options, &mut spec.creator)?;
    let random = |e: getrandom::Error| ApiError::Storage(format!("random source: {e}"));
    let creator = match spec.creator {
        Creator::Side(side) => side,
        Creator::Random => {
            let mut b = [0u8; 1];
            getrandom::fill(&mut b).map_err(random)?;
            if b[0] & 1 == 0 {
                Side::Red
            } else {
                Side::Black
            }
        }
    };
    let id = GameId::random().map_err(random)?;
    let token = || Token::random().map_err(random);
    let (red, black, arbiter) = (token()?, token()?, token()?);
    let partners = match spec.options.pairs {
        Some(_) => Some((token()?, token()?)),
        None => None,
    };
    let created_unix_ms = app.time.now_ms();
    let created = Event::Created {
        control: spec.control.to_string(),
        rules: spec.rules,
        fen: spec.start.fen(),
        created_unix_ms,
        options: Box::new(spec.options.clone()),
    };
    let more = MoreTokens {
        arbiter: Some(arbiter.hash()),
        red2: partners.as_ref().map(|(r, _)| r.hash()),
        black2: partners.as_ref().map(|(_, b)| b.hash()),
    };
    let new = NewGame {
        id: id.clone(),
        created_unix_ms,
        red: red.hash(),
        black: black.hash(),
        more: more.clone(),
        created: created.clone(),
    };
    app.reserve(&id).await?;
    app.store.create_game(&new).await?;
    app.install_room(
        &id,
        StoredGame {
            red: new.red,
            black: new.black,
            more,
            events: vec![created],
        },
    )
    .await?;
    let base = base_url(app, headers);
    let link = |t: &Token| serde_json::json!({"token": t.as_str(), "url": format!("{base}/g/{id}#t={}", t.as_str())});
    let mut answer = serde_json::json!({
        "id": id.as_str(),
        "red": link(&red),
        "black": link(&black),
        "arbiter": link(&arbiter),
        "watch_url": format!("{base}/g/{id}"),
        "you": creator,
        "control": spec.control.to_string(),
        "rules": spec.rules.name(),
        "options": spec.options,
    });
    crate::computer::hide_token(&spec.options, &mut answer);
    if let (Some((red2, black2)), Some(map)) = (&partners, answer.as_object_mut()) {
        map.insert("red2".into(), link(red2));
        map.insert("black2".into(), link(black2));
    }
    Ok(answer)
}

async fn show(State(app): App, Path(id): Path<String>) -> Result<Response, ApiError> {
    let view = room(&app, &id).await?.view().await?;
    Ok(Json(view).into_response())
}

async fn act(
    app: &Arc<AppState>,
    id: &str,
    headers: &HeaderMap,
    action: Action,
) -> Result<Response, ApiError> {
    let room = room(app, id).await?;
    let actor =
        if action.is_arbiters() && crate::cluster::forward::competition_arbiter(app, headers) {
            Actor::Arbiter
        } else {
            let game = GameId::parse(id).ok_or(ApiError::NotFound)?;
            actor_of(app, &room, &game, bearer(headers)?)
                .await
                .ok_or(ApiError::WrongToken)?
        };
    // The arbiter's token may enter moves (over-the-board scoring); the players' other
    // actions are theirs alone.
    if actor == Actor::Arbiter && !matches!(action, Action::Move { .. }) && !action.is_arbiters() {
        return Err(ApiError::WrongToken);
    }
    if action.is_arbiters() && actor != Actor::Arbiter {
        return Err(ApiError::WrongToken);
    }
    arrive(&room, actor).await?;
    let started = std::time::Instant::now();
    let acted = room.act(actor, action, true).await;
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

async fn arbiter(
    State(app): App,
    Path(id): Path<String>,
    headers: HeaderMap,
    bytes: Bytes,
) -> Result<Response, ApiError> {
    let action = parse_arbiter(&bytes)?;
    let action = crate::event::games::signed(&app, &id, bearer(&headers).ok(), action).await;
    act(&app, &id, &headers, action).await
}

async fn resign(
    State(app): App,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    act(&app, &id, &headers, Action::Resign).await
}

/// A claim of a repetition draw; the referee checks it (a false claim is a 409 with the
/// referee's code, recorded for the arbiter).
async fn claim(
    State(app): App,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    act(&app, &id, &headers, Action::Claim).await
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

async fn seal(
    State(app): App,
    Path(id): Path<String>,
    headers: HeaderMap,
    bytes: Bytes,
) -> Result<Response, ApiError> {
    let request: SealRequest = body(&bytes)?;
    act(&app, &id, &headers, Action::Seal { text: request.mv }).await
}

/// `POST /api/games/{id}/arrive`: a player says they are here (what any request with their
/// token does; a WebSocket on another node of a cluster sends it for its player).
async fn arrive_now(
    State(app): App,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let room = room(&app, &id).await?;
    let actor = actor(&app, &room, &headers)?;
    arrive(&room, actor).await?;
    Ok(Json(room.view().await?).into_response())
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
