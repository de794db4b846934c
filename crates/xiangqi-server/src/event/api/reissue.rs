//! The secret links again: `GET /api/events/{id}/links` (every link, for the organiser),
//! `POST /api/events/{id}/links` (one re-issued, the old one refused from then on), and
//! `GET /api/events/{id}/me` (a player's own games).

use axum::Json;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use serde_json::{Value, json};
use xiangqi_competition::request::ReissueRequest;

use super::access::{App, Role, organiser, role};
use crate::api::{base_url, bearer};
use crate::error::{ApiError, Holder};
use crate::event::links;
use crate::ids::Token;
use crate::request::body;

/// `GET /api/events/{id}/links` (organiser): every link of the event, again.
pub(super) async fn list_links(
    State(app): App,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let c = app.events.get(&id).await.ok_or(ApiError::NoEvent)?;
    organiser(&c, &headers)?;
    let secret = bearer(&headers)?;
    let base = base_url(&app, &headers);
    let url =
        |page: &str, t: Option<Token>| t.map(|t| format!("{base}/e/{id}/{page}#t={}", t.as_str()));
    let players: Vec<Value> = c
        .entries
        .iter()
        .filter(|e| !e.removed)
        .map(|e| {
            json!({
                "player": e.id, "number": e.number, "name": e.player.name, "club": e.player.club,
                "team": e.team.map(|t| t.0), "issued": e.link + 1,
                "url": url("player", links::link_token(&c, secret, links::Holder::Player(e.id))),
            })
        })
        .collect();
    // The team captains' links (领队, who name the line-ups).
    let teams: Vec<Value> = c
        .teams
        .iter()
        .map(|t| {
            json!({
                "team": t.id, "name": t.name, "issued": t.link + 1,
                "url": url("organiser", links::link_token(&c, secret, links::Holder::Captain(t.id))),
            })
        })
        .collect();
    let officials: Vec<Value> = c
        .officials
        .iter()
        .map(|o| {
            json!({
                "official": o.id, "name": o.name, "role": o.role, "boards": o.boards,
                "issued": o.link + 1,
                "url": url("organiser", links::link_token(&c, secret, links::Holder::Official(o.id))),
            })
        })
        .collect();
    Ok(Json(json!({
        "officials": officials,
        "event": c.name,
        "organiser": {"url": format!("{base}/e/{id}/organiser#t={secret}")},
        "arbiter": {"url": url("organiser", links::link_token(&c, secret, links::Holder::Arbiter)),
                    "issued": c.arbiter_link + 1},
        "players": players,
        "teams": teams,
    })))
}

/// `POST /api/events/{id}/links` (organiser) `{"player": N}`, `{"official": N}`, `{"team":
/// N}` (its captain's) or `{"arbiter": true}`: re-issues that link; the old one stops working
/// at once, on every game and route of the event.
pub(super) async fn reissue_link(
    State(app): App,
    Path(id): Path<String>,
    headers: HeaderMap,
    bytes: Bytes,
) -> Result<Json<Value>, ApiError> {
    let r: ReissueRequest = body(&bytes)?;
    let holder = match (r.player, r.official, r.team, r.arbiter) {
        (Some(n), None, None, None | Some(false)) => links::Holder::Player(n),
        (None, Some(n), None, None | Some(false)) => links::Holder::Official(n),
        (None, None, Some(n), None | Some(false)) => links::Holder::Captain(n),
        (None, None, None, Some(true)) => links::Holder::Arbiter,
        _ => {
            return Err(ApiError::Invalid(crate::error::Invalid::new(
                "player",
                "give one of a player's number, an official's number, a team's number or \"arbiter\": true",
                "请给出选手编号、裁判编号、队的编号或 \"arbiter\": true 之一",
            )));
        }
    };
    let h = headers.clone();
    let token = app
        .events
        .change(&id, move |desk| async move {
            let mut c = desk.copy();
            organiser(&c, &h)?;
            let token = links::reissue(&mut c, bearer(&h)?, holder)?;
            desk.commit(c).await?;
            Ok(token)
        })
        .await?;
    let base = base_url(&app, &headers);
    let (page, who) = match holder {
        links::Holder::Arbiter => ("organiser", json!("arbiter")),
        links::Holder::Player(n) => ("player", json!(n)),
        links::Holder::Official(n) => ("organiser", json!({"official": n})),
        links::Holder::Captain(n) => ("organiser", json!({"team": n})),
    };
    Ok(Json(json!({
        "holder": who, "token": token.as_str(),
        "url": format!("{base}/e/{id}/{page}#t={}", token.as_str()),
    })))
}

pub(super) async fn me(
    State(app): App,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let c = app.events.get(&id).await.ok_or(ApiError::NoEvent)?;
    let Role::Player(me) = role(&c, &headers, Holder::Player)? else {
        return Err(ApiError::NotHolder(Holder::Player));
    };
    let games: Vec<Value> = c
        .boards
        .iter()
        .filter(|b| b.red == me || b.black == me)
        .map(|b| {
            let (side, opponent) = if b.red == me {
                ("red", b.black)
            } else {
                ("black", b.red)
            };
            json!({
                "round": b.round, "board": b.board, "side": side, "opponent": opponent,
                "opponent_name": c.entry(opponent).map(|e| e.player.name.clone()),
                "game": b.game, "result": c.outcome_of(b).map(|o| o.to_string()),
            })
        })
        .collect();
    let current = c
        .boards
        .iter()
        .rev()
        .find(|b| (b.red == me || b.black == me) && c.outcome_of(b).is_none())
        .and_then(|b| b.game.clone());
    let entry = c.entry(me).ok_or(ApiError::NotHolder(Holder::Player))?;
    Ok(Json(json!({
        "player": me, "number": entry.number, "name": entry.player.name, "withdrawn": entry.removed,
        "current_game": current, "games": games,
    })))
}
