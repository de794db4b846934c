//! The events' web pages (`/e/{id}`, `/e/{id}/organiser`, `/e/{id}/player`: one HTML page
//! whose `page.js` loads the path's script) and their scripts, embedded from `/web` like the
//! board's.

use axum::extract::Path;
use axum::response::Response;

use crate::error::ApiError;
use crate::ids::GameId;
use crate::web::page;

macro_rules! web_file {
    ($name:literal) => {
        include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../../web/", $name))
    };
}

const JS: &str = "text/javascript; charset=utf-8";

/// Files under `/assets/events/`: name, content type, content.
const ASSETS: &[(&str, &str, &str)] = &[
    ("page.js", JS, web_file!("page.js")),
    ("event-i18n.js", JS, web_file!("event-i18n.js")),
    ("event-view.js", JS, web_file!("event-view.js")),
    ("event.js", JS, web_file!("event.js")),
    ("event-live.js", JS, web_file!("event-live.js")),
    ("organiser.js", JS, web_file!("organiser.js")),
    ("console-links.js", JS, web_file!("console-links.js")),
    ("console-entry.js", JS, web_file!("console-entry.js")),
    (
        "console-officials.js",
        JS,
        web_file!("console-officials.js"),
    ),
    ("player.js", JS, web_file!("player.js")),
    ("console-teams.js", JS, web_file!("console-teams.js")),
    ("event-adjourned.js", JS, web_file!("event-adjourned.js")),
    ("home-events.js", JS, web_file!("home-events.js")),
    ("event-create.js", JS, web_file!("event-create.js")),
    (
        "event.css",
        "text/css; charset=utf-8",
        web_file!("event.css"),
    ),
];

fn known(id: &str) -> Result<(), ApiError> {
    GameId::parse(id).map(|_| ()).ok_or(ApiError::NoEvent)
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
    Ok(page(web_file!("event.html")))
}

/// `GET /e/{id}/player`: a player's next game and results.
pub async fn player_page(Path(id): Path<String>) -> Result<Response, ApiError> {
    known(&id)?;
    Ok(page(web_file!("event.html")))
}

/// `GET /assets/events/{file}`.
pub async fn asset(Path(file): Path<String>) -> Response {
    crate::web::asset_of(ASSETS, &file)
}
