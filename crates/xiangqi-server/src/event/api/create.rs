//! `POST /api/events` (a new event, its organiser's and arbiter's links), `GET /api/events`
//! (the events not finished) and `GET /api/events/{id}` (one event's view).

use std::net::SocketAddr;

use axum::Json;
use axum::body::Bytes;
use axum::extract::{ConnectInfo, Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};
use xiangqi_competition::Competition;
use xiangqi_competition::request::{EventSpec, parse_create_event};

use super::{App, random_error};
use crate::api::base_url;
use crate::error::ApiError;
use crate::event::links;
use crate::ids::{GameId, Token};
use crate::request::parse_create;

pub(super) async fn create(
    State(app): App,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    bytes: Bytes,
) -> Result<Response, ApiError> {
    // Creating an event counts against the same allowance as creating a game.
    if !app.limits.create(peer.ip()) {
        return Err(ApiError::RateLimited);
    }
    // The same reader as POST /api/games: a template that makes no game is refused now.
    let spec = parse_create_event(&bytes, |game| {
        parse_create(game.to_string().as_bytes()).map(|_| ())
    })?;
    let id = GameId::random().map_err(random_error)?.to_string();
    let organiser = Token::random().map_err(random_error)?;
    // Derived from the organiser's, so that his console can list it again (`links.rs`).
    let arbiter = links::token(&id, organiser.as_str(), links::Holder::Arbiter, 0);
    let lot_seed = match spec.lot_seed {
        Some(s) => s,
        None => {
            let mut b = [0u8; 8];
            getrandom::fill(&mut b).map_err(random_error)?;
            u64::from_le_bytes(b)
        }
    };
    let c = new_event(
        spec,
        &id,
        app.time.now_ms(),
        lot_seed,
        [&organiser, &arbiter],
    );
    app.events.create(c).await?;
    let base = base_url(&app, &headers);
    let answer = json!({
        "id": id,
        "url": format!("{base}/e/{id}"),
        "organiser": {"token": organiser.as_str(), "url": format!("{base}/e/{id}/organiser#t={}", organiser.as_str())},
        "arbiter": {"token": arbiter.as_str(), "url": format!("{base}/e/{id}/organiser#t={}", arbiter.as_str())},
        "lot_seed": lot_seed,
    });
    Ok((StatusCode::CREATED, Json(answer)).into_response())
}

/// The event of `spec`, with no one registered yet; `tokens` are the organiser's and the
/// arbiter's.
fn new_event(
    spec: EventSpec,
    id: &str,
    created_unix_ms: u64,
    lot_seed: u64,
    tokens: [&Token; 2],
) -> Competition {
    Competition {
        id: id.to_owned(),
        name: spec.name,
        created_unix_ms,
        system: spec.system,
        format: spec.format,
        organiser_sha256: tokens[0].hash().to_hex(),
        arbiter_sha256: tokens[1].hash().to_hex(),
        arbiter_link: 0,
        revoked: Vec::new(),
        officials: Vec::new(),
        game: spec.game,
        draw_by_lot: spec.draw_by_lot,
        lot_seed,
        lots_drawn: 0,
        entries: Vec::new(),
        tournament: None,
        bracket: None,
        boards: Vec::new(),
        log: Vec::new(),
        teams: Vec::new(),
        team_matches: Vec::new(),
        playoff_for_first: spec.playoff_for_first,
        playoff: None,
        drawn: None,
        groups: None,
        cards: None,
    }
}

pub(super) async fn list(State(app): App) -> Json<Value> {
    let open = app.events.open_events().await;
    let events: Vec<Value> = open
        .iter()
        .map(|c| {
            // The games being played now, to watch.
            let live: Vec<Value> = c
                .boards
                .iter()
                .filter(|b| b.game.is_some() && c.outcome_of(b).is_none())
                .map(|b| {
                    json!({
                        "round": b.round, "board": b.board, "game": b.game,
                        "red_name": c.name_of(b.red), "black_name": c.name_of(b.black),
                    })
                })
                .collect();
            json!({
                "live": live,
                "id": c.id, "name": c.name, "system": c.system, "status": c.status(),
                "players": c.field().count(), "round": c.boards.iter().map(|b| b.round).max().unwrap_or(0),
                "url": format!("/e/{}", c.id),
            })
        })
        .collect();
    Json(json!({ "events": events }))
}

pub(super) async fn show(State(app): App, Path(id): Path<String>) -> Result<Json<Value>, ApiError> {
    let c = app.events.get(&id).await.ok_or(ApiError::NoEvent)?;
    Ok(Json(c.view()))
}
