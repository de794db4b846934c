//! `GET /api/games/{id}/event`: the event a game is played in, for the game page (the event's
//! name, the round and board, and the way back to the event's page).

use std::sync::Arc;

use axum::Json;
use axum::extract::{Path, State};
use axum::response::{IntoResponse, Response};

use crate::error::ApiError;
use crate::state::AppState;
use xiangqi_competition::Competition;

/// What the game page shows of a game's event.
///
/// ```
/// use xiangqi_server::event::of_game::EventOfGame;
/// let e = EventOfGame {
///     event: "abc".into(), name: "Club Swiss".into(), round: 2, board: 1, resumes_unix_ms: None,
/// };
/// assert_eq!(e.json()["url"], "/e/abc");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EventOfGame {
    /// The event's id.
    pub event: String,
    /// The event's name.
    pub name: String,
    /// The round (1-based).
    pub round: u32,
    /// The board in the round (1-based).
    pub board: u32,
    /// When the game resumes, Unix ms, if it is adjourned and scheduled (`xiangqi_competition::schedule`).
    pub resumes_unix_ms: Option<u64>,
}

impl EventOfGame {
    /// The game of `game` in competition `c`, if `c` plays it.
    pub fn find(c: &Competition, game: &str) -> Option<EventOfGame> {
        let (round, board) = c.board_of_game(game)?;
        Some(EventOfGame {
            event: c.id.clone(),
            name: c.name.clone(),
            round,
            board,
            resumes_unix_ms: c.resumption(round, board),
        })
    }

    /// `{"event", "name", "round", "board", "url"}`.
    pub fn json(&self) -> serde_json::Value {
        serde_json::json!({
            "event": self.event,
            "name": self.name,
            "round": self.round,
            "board": self.board,
            "resumes_unix_ms": self.resumes_unix_ms,
            "url": format!("/e/{}", self.event),
        })
    }
}

/// The handler: `404 not_found` for a game no event plays.
pub async fn show(State(app): State<Arc<AppState>>, Path(id): Path<String>) -> Response {
    let found = app
        .events
        .playing(&id)
        .and_then(|h| EventOfGame::find(&h.state(), &id));
    match found {
        Some(found) => Json(found.json()).into_response(),
        None => ApiError::NotFound.into_response(),
    }
}
