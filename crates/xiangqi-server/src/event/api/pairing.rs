//! The rounds: `POST /api/events/{id}/draw` (starting numbers, 1960 §10), `/rounds` (the
//! next round paired and its games created) and `/lineups` (a team's line-up for a round,
//! whose boards' games are created once both teams have named theirs).

use axum::Json;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use serde_json::{Value, json};
use xiangqi_competition::request::LineupRequest;

use super::access::{App, Role, organiser, role};
use crate::error::{ApiError, Holder};
use crate::event::games;
use crate::request::body;

pub(super) async fn lineup(
    State(app): App,
    Path(id): Path<String>,
    headers: HeaderMap,
    bytes: Bytes,
) -> Result<Json<Value>, ApiError> {
    let r: LineupRequest = body(&bytes)?;
    let events = app.clone();
    events
        .events
        .change(&id, move |desk| async move {
            let mut c = desk.copy();
            match role(&c, &headers, Holder::OrganiserOrCaptain)? {
                Role::Organiser => {}
                Role::Captain(t) if t == r.team => {}
                _ => return Err(ApiError::NotHolder(Holder::OrganiserOrCaptain)),
            }
            let before = c.boards.len();
            let complete = c.name_lineup(r.round, r.team, r.lineup)?;
            let mut boards = Vec::new();
            for i in before..c.boards.len() {
                let game = games::create(&app, &c, &c.boards[i]).await?;
                c.boards[i].game = Some(game.to_string());
                let b = &c.boards[i];
                boards.push(
                    json!({"board": b.board, "red": b.red, "black": b.black, "game": b.game}),
                );
            }
            desk.commit(c).await?;
            Ok(Json(
                json!({"round": r.round, "team": r.team, "complete": complete, "boards": boards}),
            ))
        })
        .await
}

pub(super) async fn draw(
    State(app): App,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    app.events
        .change(&id, move |desk| async move {
            let mut c = desk.copy();
            organiser(&c, &headers)?;
            let order = c.draw_numbers()?;
            let numbers: Vec<Value> = order
                .iter()
                .enumerate()
                .map(|(i, p)| json!({"number": i + 1, "player": p, "name": c.entry(*p).map(|e| e.player.name.clone())}))
                .collect();
            desk.commit(c).await?;
            Ok(Json(json!({ "numbers": numbers })))
        })
        .await
}

pub(super) async fn next_round(
    State(app): App,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let events = app.clone();
    events
        .events
        .change(&id, move |desk| async move {
            let mut c = desk.copy();
            organiser(&c, &headers)?;
            let (round, byes) = c.pair_next_round()?;
            let mut boards = Vec::new();
            for i in 0..c.boards.len() {
                if c.boards[i].round != round {
                    continue;
                }
                // A game decided before it began (a withdrawn player's) needs no board.
                if c.outcome_of(&c.boards[i]).is_none() {
                    let game = games::create(&app, &c, &c.boards[i]).await?;
                    c.boards[i].game = Some(game.to_string());
                }
                let b = &c.boards[i];
                boards.push(json!({
                    "board": b.board, "red": b.red, "black": b.black, "game": b.game,
                    "result": c.outcome_of(b).map(|o| o.to_string()),
                }));
            }
            let matches: Vec<Value> = c
                .team_matches
                .iter()
                .filter(|m| m.round == round)
                .map(|m| json!({"match": m.table_board, "home": m.teams[0], "away": m.teams[1]}))
                .collect();
            desk.commit(c).await?;
            let mut answer = json!({"round": round, "boards": boards, "byes": byes});
            if let (false, Some(map)) = (matches.is_empty(), answer.as_object_mut()) {
                map.insert("team_matches".into(), matches.into());
            }
            Ok(Json(answer))
        })
        .await
}
