//! The events' web pages (`/e/{id}`, `/e/{id}/organiser`, `/e/{id}/player`) and their
//! scripts, embedded from `/web` like the board's.

use axum::extract::Path;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};

use crate::error::ApiError;
use crate::ids::GameId;
use crate::web::page;

macro_rules! web_file {
    ($name:literal) => {
        include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../../web/", $name))
    };
}

/// Scripts under `/assets/events/`.
const ASSETS: &[(&str, &str)] = &[
    ("event-i18n.js", web_file!("event-i18n.js")),
    ("event.js", web_file!("event.js")),
    ("organiser.js", web_file!("organiser.js")),
    ("player.js", web_file!("player.js")),
    ("home-events.js", web_file!("home-events.js")),
];

fn known(id: &str) -> Result<(), ApiError> {
    GameId::parse(id).map(|_| ()).ok_or(ApiError::NotFound)
}

/// `GET /e/{id}`: pairings, live results, standings, crosstable, bracket.
pub async fn event_page(Path(id): Path<String>) -> Result<Response, ApiError> {
    known(&id)?;
    Ok(page(web_file!("event.html")))
}

/// `GET /e/{id}/organiser`: the organiser's (and arbiter's) console; the token is in the
/// fragment, which never reaches the server's logs.
pub async fn organiser_page(Path(id): Path<String>) -> Result<Response, ApiError> {
    known(&id)?;
    Ok(page(web_file!("organiser.html")))
}

/// `GET /e/{id}/player`: a player's next game and results.
pub async fn player_page(Path(id): Path<String>) -> Result<Response, ApiError> {
    known(&id)?;
    Ok(page(web_file!("player.html")))
}

/// `GET /assets/events/{file}`.
pub async fn asset(Path(file): Path<String>) -> Response {
    match ASSETS.iter().find(|(name, _)| *name == file) {
        Some((_, body)) => (
            [
                (header::CONTENT_TYPE, "text/javascript; charset=utf-8"),
                (header::CACHE_CONTROL, "no-cache"),
            ],
            *body,
        )
            .into_response(),
        None => (StatusCode::NOT_FOUND, "no such file").into_response(),
    }
}
