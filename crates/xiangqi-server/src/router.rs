//! Every route of the server: the HTTP API (documented in `API.md`), the WebSockets and the
//! web board's pages, with the layers every request passes (rate limits, forwarding to the
//! node that owns a game, the API's JSON errors).

use std::net::SocketAddr;
use std::sync::Arc;

use axum::extract::{ConnectInfo, DefaultBodyLimit, Path, Request, State};
use axum::http::header;
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};

use crate::api::{actions, games};
use crate::error::ApiError;
use crate::ids::GameId;
use crate::state::AppState;

type App = State<Arc<AppState>>;

/// Every route.
pub fn router(state: Arc<AppState>) -> Router {
    let body_limit = state.config.limits.max_body_bytes;
    let mut router = Router::new();
    for (path, reads) in actions::actions() {
        router = router.route(&format!("/api/games/{{id}}/{path}"), actions::route(reads));
    }
    router
        .route("/", get(crate::web::home))
        .route("/g/{id}", get(game_page))
        .route("/assets/{file}", get(crate::web::asset))
        .route("/api/health", get(health))
        .route("/api/games", post(games::create))
        .route("/api/games/{id}", get(games::show))
        .route("/api/games/{id}/arrive", post(actions::arrive_now))
        .route("/api/games/{id}/events", get(games::events))
        .route("/api/games/{id}/ws", get(crate::ws::upgrade))
        .route("/api/games/{id}/record", get(crate::export::download))
        .merge(crate::event::api::routes())
        .merge(crate::lobby_api::routes())
        .route(
            "/api/games/{id}/rematch",
            post(crate::api::rematch::request),
        )
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
