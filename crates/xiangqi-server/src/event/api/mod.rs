//! The events' routes (documented in `API.md`, section Events): the router; who a token is
//! to an event is the `access` module's. The handlers are grouped by what they do to the event.

use std::sync::Arc;

use axum::Router;
use axum::routing::{get, post};
use xiangqi_competition::{Refused, SpecError};

use crate::error::{ApiError, Invalid};
use crate::state::AppState;

mod access;
mod adjourned;
mod create;
mod download;
mod entries;
mod live;
mod pairing;
mod reissue;
mod results;

/// The events' routes, merged into the server's router.
pub fn routes() -> Router<Arc<AppState>> {
    Router::new()
        .route("/e/{id}", get(super::pages::event_page))
        .route("/e/{id}/organiser", get(super::pages::organiser_page))
        .route("/e/{id}/player", get(super::pages::player_page))
        .route("/assets/events/{file}", get(super::pages::asset))
        .route("/api/events", post(create::create).get(create::list))
        .route("/api/events/{id}", get(create::show))
        .route("/api/events/{id}/players", post(entries::add_player))
        .route("/api/events/{id}/teams", post(entries::add_team))
        .route("/api/events/{id}/lineups", post(pairing::lineup))
        .route("/api/events/{id}/draw", post(pairing::draw))
        .route("/api/events/{id}/rounds", post(pairing::next_round))
        .route("/api/events/{id}/results", post(results::enter_result))
        .route("/api/events/{id}/withdraw", post(results::withdraw))
        .route("/api/events/{id}/me", get(reissue::me))
        .route(
            "/api/events/{id}/links",
            get(reissue::list_links).post(reissue::reissue_link),
        )
        .route("/api/events/{id}/ws", get(live::live))
        .route("/api/events/{id}/officials", post(entries::appoint))
        .route("/api/events/{id}/assign", post(entries::assign))
        .route("/api/events/{id}/export", get(download::export))
        .route(
            "/api/events/{id}/adjourned",
            get(adjourned::list).post(adjourned::schedule),
        )
        .route("/api/games/{id}/event", get(super::of_game::show))
}

impl From<Refused> for ApiError {
    fn from(r: Refused) -> ApiError {
        ApiError::EventRefused(r.to_string(), r.zh())
    }
}

impl From<SpecError> for ApiError {
    fn from(e: SpecError) -> ApiError {
        match e {
            SpecError::Json(m) => ApiError::BadRequest(format!("JSON body: {m}")),
            SpecError::Field { field, en, zh } => ApiError::Invalid(Invalid::new(&field, en, zh)),
        }
    }
}
