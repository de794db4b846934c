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

use super::access::{App, random_error};
use crate::api::base_url;
use crate::error::ApiError;
use crate::event::{games, links};
use crate::ids::{GameId, Token};

pub(super) async fn create(
    State(app): App,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    bytes: Bytes,
) -> Result<Response, ApiError> {
    // Creating an event counts against the same allowance as creating a game.
    app.limits.create(peer.ip())?;
    let spec = games::parse_event(&bytes)?;
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
    let digests = [organiser.hash().to_hex(), arbiter.hash().to_hex()];
    let now = app.time.now_ms();
    let c = Competition::new(
        spec,
        &id,
        now,
        lot_seed,
        digests.each_ref().map(String::as_str),
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
