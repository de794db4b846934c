//! Adjourned games and their resumption (1960 §18 五: the arbiters "排定未了局续赛的次序"):
//! the handlers (the rules of a schedule are `xiangqi_competition::schedule`'s, the
//! envelope's cover `event/resumption.rs`'s).
//!
//! An event game is adjourned when its side to move has sealed (封棋, 1960 §11 四). The
//! event lists every such game with its envelope as the paragraph after §11 四 describes the
//! cover: both players' names, the position when play stopped, who sealed and which move
//! (第几着), and the time each side had used. The sealed move itself is never shown: the
//! game keeps it until both players resume ([`xiangqi_clock::Envelope`]).
//!
//! The organiser, the chief arbiter or a deputy sets the date and time each adjourned game
//! resumes; the event page and the game's page show it.
//!
//! # Decisions
//!
//! * **The games' record is the source of truth.** Whether a game is adjourned is read from
//!   its stored events (every node reads the same), not from a room in memory, so the list
//!   is the same on every node of a cluster.
//! * **Only an adjourned game is scheduled**, for a time not past and within a year; a new
//!   time replaces the old one. A schedule outlives the resumption in the record (the event
//!   keeps when the game was to resume) but the list of adjourned games drops the game once
//!   it resumed or ended.
//! * **Times are Unix milliseconds** in the API; the pages show them in the reader's local
//!   time, so nobody converts time zones by hand.

use std::sync::Arc;

use axum::Json;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use serde::Deserialize;
use serde_json::{Value, json};
use xiangqi::Color;
use xiangqi_competition::Competition;

use super::access::{App, organiser_or_arbiter};
use crate::error::ApiError;
use crate::event::resumption::{Cover, cover};
use crate::ids::GameId;
use crate::request::body;
use crate::state::AppState;

/// `POST /api/events/{id}/adjourned`: when board `board` of round `round` resumes.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct ScheduleRequest {
    round: u32,
    board: u32,
    at_unix_ms: u64,
}

/// The boards of `c` still without a result whose game is adjourned, with their covers.
async fn adjourned_boards(
    app: &Arc<AppState>,
    c: &Competition,
) -> Result<Vec<(u32, u32, String, Cover)>, ApiError> {
    let mut out = Vec::new();
    for b in c.boards.iter().filter(|b| c.outcome_of(b).is_none()) {
        let Some(game) = b.game.as_deref() else {
            continue;
        };
        let Some(id) = GameId::parse(game) else {
            continue;
        };
        let Some(stored) = app.store.load(&id).await? else {
            continue;
        };
        if let Some(cover) = cover(&stored.events) {
            out.push((b.round, b.board, game.to_owned(), cover));
        }
    }
    Ok(out)
}

/// `GET /api/events/{id}/adjourned` (anyone): every adjourned game with its envelope's
/// cover and its resumption, if scheduled. Never the sealed move.
pub(super) async fn list(State(app): App, Path(id): Path<String>) -> Result<Json<Value>, ApiError> {
    let c = app.events.get(&id).await.ok_or(ApiError::NoEvent)?;
    let games = adjourned_boards(&app, &c).await?;
    let name = |n: u32| {
        c.entry(n)
            .map(|e| e.player.name.clone())
            .unwrap_or_default()
    };
    let side = |s: Color| if s == Color::Red { "red" } else { "black" };
    let rows: Vec<Value> = games
        .into_iter()
        .filter_map(|(round, board, game, cv)| {
            let b = c
                .boards
                .iter()
                .find(|b| b.round == round && b.board == board)?;
            Some(json!({
                "round": round, "board": board, "game": game,
                "red": b.red, "black": b.black, "red_name": name(b.red), "black_name": name(b.black),
                "sealed_by": side(cv.sealer), "move_number": cv.move_number, "fen": cv.fen,
                "sealed_unix_ms": cv.sealed_unix_ms, "used_ms": cv.used_ms, "ready": cv.ready,
                "resumes_unix_ms": c.resumption(round, board),
            }))
        })
        .collect();
    Ok(Json(json!({"adjourned": rows})))
}

/// `POST /api/events/{id}/adjourned` (organiser, chief arbiter or deputy) `{"round",
/// "board", "at_unix_ms"}`: schedules the resumption of an adjourned game.
pub(super) async fn schedule(
    State(app): App,
    Path(id): Path<String>,
    headers: HeaderMap,
    bytes: Bytes,
) -> Result<Json<Value>, ApiError> {
    let r: ScheduleRequest = body(&bytes)?;
    let snapshot = app.events.get(&id).await.ok_or(ApiError::NoEvent)?;
    organiser_or_arbiter(&snapshot, &headers)?;
    // Read the game before the change: a sealed game stays sealed until both players
    // resume, which the schedule does not need to be atomic with.
    let game = snapshot
        .boards
        .iter()
        .find(|b| b.round == r.round && b.board == r.board)
        .and_then(|b| b.game.clone());
    let adjourned = match game.as_deref().and_then(GameId::parse) {
        Some(g) => app
            .store
            .load(&g)
            .await?
            .is_some_and(|s| cover(&s.events).is_some()),
        None => false,
    };
    let now = app.time.now_ms();
    app.events
        .change(&id, move |desk| async move {
            let mut c = desk.copy();
            organiser_or_arbiter(&c, &headers)?;
            c.schedule_resumption(r.round, r.board, r.at_unix_ms, now, adjourned)?;
            desk.commit(c).await
        })
        .await?;
    Ok(Json(json!({
        "round": r.round, "board": r.board, "at_unix_ms": r.at_unix_ms,
    })))
}
