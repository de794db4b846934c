//! Who takes part: `POST /api/events/{id}/players` and `/teams` (the organiser registers;
//! each gets his link), `/officials` (a deputy or board arbiter with his own link) and
//! `/assign` (a board arbiter's boards in a round).

use axum::Json;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};
use xiangqi_competition::request::{AssignRequest, OfficialRequest, parse_player, parse_team};

use super::access::{App, organiser, organiser_or_arbiter, random_error};
use crate::api::{base_url, bearer};
use crate::error::ApiError;
use crate::event::links;
use crate::ids::Token;
use crate::request::body;

pub(super) async fn add_player(
    State(app): App,
    Path(id): Path<String>,
    headers: HeaderMap,
    bytes: Bytes,
) -> Result<Response, ApiError> {
    let player = parse_player(&bytes)?;
    let h = headers.clone();
    let (n, number, token) = app
        .events
        .change(&id, move |desk| async move {
            let mut c = desk.copy();
            organiser(&c, &h)?;
            let n = c.register(player, String::new())?;
            // The player's token is derived from the organiser's (`links.rs`).
            let token = links::first_link(&mut c, bearer(&h)?, links::Holder::Player(n))?;
            let number = c.entry(n).and_then(|e| e.number);
            desk.commit(c).await?;
            Ok((n, number, token))
        })
        .await?;
    let base = base_url(&app, &headers);
    let answer = json!({
        "player": n, "number": number, "token": token.as_str(),
        "url": format!("{base}/e/{id}/player#t={}", token.as_str()),
    });
    Ok((StatusCode::CREATED, Json(answer)).into_response())
}

pub(super) async fn add_team(
    State(app): App,
    Path(id): Path<String>,
    headers: HeaderMap,
    bytes: Bytes,
) -> Result<Response, ApiError> {
    let (name, squad) = parse_team(&bytes)?;
    let tokens = (0..squad.len())
        .map(|_| Token::random().map_err(random_error))
        .collect::<Result<Vec<_>, _>>()?;
    let h = headers.clone();
    let (team, ids, tokens, captain) = app
        .events
        .change(&id, move |desk| async move {
            let mut c = desk.copy();
            organiser(&c, &h)?;
            let squad = squad
                .into_iter()
                .zip(tokens.iter().map(|t| t.hash().to_hex()))
                .collect();
            let (team, ids) = c.register_team(name, String::new(), squad)?;
            // The captain's and the squad's tokens are derived from the organiser's, to be
            // listed again and re-issued (`links.rs`).
            let organiser_token = bearer(&h)?;
            let captain = links::first_link(&mut c, organiser_token, links::Holder::Captain(team))?;
            let tokens = ids
                .iter()
                .map(|n| links::first_link(&mut c, organiser_token, links::Holder::Player(*n)))
                .collect::<Result<Vec<_>, _>>()?;
            desk.commit(c).await?;
            Ok((team, ids, tokens, captain))
        })
        .await?;
    let base = base_url(&app, &headers);
    let players: Vec<Value> = ids
        .iter()
        .zip(&tokens)
        .map(|(n, t)| json!({"player": n, "token": t.as_str(), "url": format!("{base}/e/{id}/player#t={}", t.as_str())}))
        .collect();
    let answer = json!({
        "team": team, "token": captain.as_str(),
        "url": format!("{base}/e/{id}/organiser#t={}", captain.as_str()), "players": players,
    });
    Ok((StatusCode::CREATED, Json(answer)).into_response())
}

/// `POST /api/events/{id}/officials` (organiser) `{"name", "role": "deputy" | "board"}`:
/// appoints an arbiter with his own link (`officials.rs`).
pub(super) async fn appoint(
    State(app): App,
    Path(id): Path<String>,
    headers: HeaderMap,
    bytes: Bytes,
) -> Result<Response, ApiError> {
    let r: OfficialRequest = body(&bytes)?;
    let (h, name, role) = (headers.clone(), r.name.clone(), r.role);
    let (n, token) = app
        .events
        .change(&id, move |desk| async move {
            let mut c = desk.copy();
            organiser(&c, &h)?;
            let n = c.add_official(&name, role)?;
            let token = links::first_link(&mut c, bearer(&h)?, links::Holder::Official(n))?;
            desk.commit(c).await?;
            Ok((n, token))
        })
        .await?;
    let url = format!(
        "{}/e/{id}/organiser#t={}",
        base_url(&app, &headers),
        token.as_str()
    );
    let answer = json!({"official": n, "role": r.role, "token": token.as_str(), "url": url});
    Ok((StatusCode::CREATED, Json(answer)).into_response())
}

/// `POST /api/events/{id}/assign` (organiser or chief arbiter) `{"round", "official",
/// "boards"}`: a board arbiter's boards in a round; warns beyond 1960 §18's ratios.
pub(super) async fn assign(
    State(app): App,
    Path(id): Path<String>,
    headers: HeaderMap,
    bytes: Bytes,
) -> Result<Json<Value>, ApiError> {
    let r: AssignRequest = body(&bytes)?;
    let (official, round, boards) = (r.official, r.round, r.boards.clone());
    let warnings = app
        .events
        .change(&id, move |desk| async move {
            let mut c = desk.copy();
            organiser_or_arbiter(&c, &headers)?;
            let warnings = c.assign(official, round, &boards)?;
            desk.commit(c).await?;
            Ok(warnings)
        })
        .await?;
    let (en, zh): (Vec<String>, Vec<String>) = warnings.into_iter().unzip();
    Ok(Json(json!({
        "official": r.official, "round": r.round, "boards": r.boards,
        "warnings": en, "warnings_zh": zh,
    })))
}
