//! The analysis aid: `GET /api/games/{id}/analysis?ply=N` searches the position after `N`
//! moves with the server's engine pool and answers the evaluation and the best line, in ICCS
//! and Chinese notation; `GET /api/computer` lists what the home page may offer.
//!
//! # Decisions
//!
//! * Analysis is for a finished game; while a game is on, only if it was created with
//!   `"analysis": true`, and then never for a request bearing a player's token (an engine
//!   consulted by a player during the game is outside help). The web board only asks
//!   for spectators, but a stranger's request is judged on its own.
//! * A full pool answers 503 at once (`engine_busy`): analysis never waits in line behind
//!   the computer games.
//! * The score is from Red's point of view (`cp` in centipawns, or `mate` in moves), as a
//!   board that shows one bar for both sides wants it.

use std::sync::Arc;
use std::time::Duration;

use axum::Json;
use axum::extract::{Path, RawQuery, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use xiangqi::{Color, Move, Position};
use xiangqi_engine::search::Limits;
use xiangqi_engine::{Go, Score};

use crate::computer::{DEFAULT_LEVEL, LEVELS, answer, request};
use crate::error::ApiError;
use crate::fault::Fault;
use crate::state::AppState;
use xiangqi_game::notation::chinese;

/// `ply=N` from a query string; `None` when absent.
///
/// # Errors
///
/// A `ply` that is not a number.
///
/// ```
/// use xiangqi_server::analysis::ply;
/// assert_eq!(ply(Some("ply=4")), Ok(Some(4)));
/// assert_eq!(ply(None), Ok(None));
/// assert!(ply(Some("ply=x")).is_err());
/// ```
pub fn ply(query: Option<&str>) -> Result<Option<usize>, ApiError> {
    let Some(query) = query else { return Ok(None) };
    for pair in query.split('&') {
        if let Some(value) = pair.strip_prefix("ply=") {
            return value
                .parse()
                .map(Some)
                .map_err(|_| ApiError::BadRequest(format!("ply={value:?}: expected a number")));
        }
    }
    Ok(None)
}

/// `GET /api/games/{id}/analysis?ply=N`.
///
/// # Errors
///
/// 404 no game, 409 not allowed now, 400/422 a bad `ply`, 503 the pool is full.
pub async fn analyse(
    State(app): State<Arc<AppState>>,
    Path(id): Path<String>,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let room = crate::api::room(&app, &id).await?;
    let view = room.view().await?;
    if view.ruling.is_none() {
        if !view.options.analysis {
            return Err(ApiError::AnalysisNotAllowed(
                "the game is on and was not created with analysis",
            ));
        }
        if crate::api::bearer(&headers).is_ok_and(|t| room.side_of(t).is_some()) {
            return Err(ApiError::AnalysisNotAllowed(
                "a player may not consult the engine during the game",
            ));
        }
    }
    let ply = ply(query.as_deref())?.unwrap_or(view.moves.len());
    if ply > view.moves.len() {
        return Err(crate::error::Invalid::option(
            "ply",
            format!("ply {ply}: the game has {} moves", view.moves.len()),
            format!("第{ply}着：这盘棋只走了{}着", view.moves.len()),
        ));
    }
    let time = Duration::from_millis(app.config.engines.analysis_ms.max(1));
    let limits = Limits {
        movetime: Some(time),
        ..Limits::default()
    };
    let go = Go {
        movetime: Some(time),
        ..Go::default()
    };
    let req = request(&view, ply, go, limits).ok_or_else(|| {
        ApiError::Fault(Fault::Replay(format!("game {id}: its moves do not replay")))
    })?;
    let mut position = req.start.clone();
    for &m in &req.moves {
        position.play_unchecked(m);
    }
    let turn = position.turn();
    let mut out = serde_json::json!({
        "ply": ply,
        "fen": position.fen(),
        "turn": if turn == Color::Red { "red" } else { "black" },
        "score": null,
        "depth": 0,
        "pv": [],
        "pv_chinese": [],
        "pv_wxf": [],
    });
    if position.legal_moves().is_empty() {
        return Ok(Json(out).into_response());
    }
    let ticket = app
        .computers
        .submit(req)
        .map_err(|_| ApiError::EngineBusy)?;
    let reply = answer(ticket, time + Duration::from_secs(10))
        .await
        .ok_or(ApiError::EngineBusy)?;
    let info = reply.info.unwrap_or_default();
    let red = if turn == Color::Red { 1 } else { -1 };
    out["score"] = match info.score {
        Some(Score::Cp(cp)) => serde_json::json!({"cp": cp * red}),
        Some(Score::Mate(m)) => serde_json::json!({"mate": m * red}),
        None => serde_json::Value::Null,
    };
    out["depth"] = info.depth.unwrap_or(0).into();
    let [iccs, chinese, wxf] = line(&position, &info.pv);
    out["pv"] = iccs.into();
    out["pv_chinese"] = chinese.into();
    out["pv_wxf"] = wxf.into();
    Ok(Json(out).into_response())
}

/// The legal prefix of an engine's line, in ICCS, Chinese and WXF (the page's notations).
fn line(from: &Position, pv: &[String]) -> [Vec<String>; 3] {
    let mut pos = from.clone();
    let mut out = [Vec::new(), Vec::new(), Vec::new()];
    for text in pv {
        let Ok(m) = text.parse::<Move>() else { break };
        if !pos.legal_moves().contains(m) {
            break;
        }
        out[0].push(m.to_string());
        out[1].push(chinese(&pos, m));
        out[2].push(crate::notation::wxf(&pos, m));
        pos.play_unchecked(m);
    }
    out
}

/// `GET /api/computer`: the levels of the built-in engine, for the home page.
pub async fn levels(State(app): State<Arc<AppState>>) -> Response {
    let levels: Vec<_> = LEVELS
        .iter()
        .map(|(n, what)| serde_json::json!({"level": n, "limit": what}))
        .collect();
    let mut engines = vec![
        serde_json::json!({"name": "builtin", "levels": levels, "default_level": DEFAULT_LEVEL}),
    ];
    engines.extend(
        app.computers
            .external()
            .map(|name| serde_json::json!({"name": name})),
    );
    Json(serde_json::json!({
        "engines": engines,
        "threads": app.computers.threads(),
        "analysis_ms": app.config.engines.analysis_ms,
    }))
    .into_response()
}
