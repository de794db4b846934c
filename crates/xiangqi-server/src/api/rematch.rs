//! `POST /api/games/{id}/rematch`: a player's offer of a rematch, or the new game once both
//! have asked (the offers are [`crate::rematch`]'s).

use std::sync::Arc;

use axum::Json;
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};

use super::access::base_url;
use super::games::create_game;
use super::input::bearer;
use crate::error::ApiError;
use crate::fault::Fault;
use crate::ids::GameId;
use crate::rematch::{Next, Step, index};
use crate::state::AppState;
use xiangqi_game::Actor;

/// `POST /api/games/{id}/rematch` (a player's token, after the game): the offer, or the new
/// game when the other player has offered (`{"id", "you", "token", "url"}`, the caller's).
pub async fn request(
    State(app): State<Arc<AppState>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let token = bearer(&headers)?;
    let game = GameId::parse(&id).ok_or(ApiError::NotFound)?;
    let room = app.room(&game).await?;
    let Some(Actor::Player { side, .. }) = room.actor_of(token) else {
        return Err(ApiError::WrongToken);
    };
    let view = serde_json::to_value(room.view().await?)
        .map_err(|e| Fault::Encoding(format!("the game's view: {e}")))?;
    if view["status"] != "ended" {
        return Err(ApiError::GameNotOver);
    }
    let base = base_url(&app, &headers);
    let link = |next: &Next| {
        let token = &next.tokens[index(side)];
        serde_json::json!({"id": next.id, "you": side.other(), "token": token,
            "url": format!("{base}/g/{}#t={token}", next.id)})
    };
    let answer = match app.rematches.ask(&game, side) {
        Step::Offered(by) => serde_json::json!({"offered_by": by}),
        Step::Done(next) => link(&next),
        Step::Create => {
            let mut body = serde_json::json!({"control": view["control"], "rules": view["rules"],
                "fen": view["start_fen"], "creator": side.other()});
            // The names follow the players to their new colours.
            for (old, new) in [("red_name", "black_name"), ("black_name", "red_name")] {
                if let Some(name) = view["options"][old].as_str() {
                    body[new] = name.into();
                }
            }
            let created = create_game(&app, &headers, body.to_string().as_bytes()).await?;
            let token = |k: &str| created[k]["token"].as_str().unwrap_or_default().to_owned();
            let next = Next {
                id: created["id"].as_str().unwrap_or_default().to_owned(),
                // Red of the old game plays Black in the new one, and the other way round.
                tokens: [token("black"), token("red")],
            };
            app.rematches.agreed(&game, next.clone());
            link(&next)
        }
    };
    Ok(Json(answer).into_response())
}
