//! The events' routes (documented in `API.md`, section Events): the router, and who a
//! token is to an event. The handlers are grouped by what they do to the event.

use std::sync::Arc;

use axum::Router;
use axum::extract::State;
use axum::http::HeaderMap;
use axum::routing::{get, post};
use xiangqi_competition::{Competition, Refused, SpecError};

use crate::api::bearer;
use crate::error::{ApiError, Holder, Invalid};
use crate::ids::TokenHash;
use crate::state::AppState;

mod create;
mod download;
mod entries;
mod live;
mod pairing;
mod reissue;
mod results;

type App = State<Arc<AppState>>;

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
        .route("/api/games/{id}/event", get(super::of_game::show))
}

impl From<Refused> for ApiError {
    fn from(r: Refused) -> ApiError {
        ApiError::EventRefused(r.to_string())
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

fn random_error(e: getrandom::Error) -> ApiError {
    ApiError::Storage(format!("random source: {e}"))
}

/// Who a token is to the event.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Role {
    Organiser,
    Arbiter,
    Player(u32),
    Captain(u32),
}

/// Who the bearer is; `need` names whose token the action needs, for the refusals.
fn role(c: &Competition, headers: &HeaderMap, need: Holder) -> Result<Role, ApiError> {
    let token = bearer(headers).map_err(|_| ApiError::TokenNeeded(need))?;
    let is = |hex: &str| TokenHash::from_hex(hex).is_some_and(|h| h.matches(token));
    if is(&c.organiser_sha256) {
        return Ok(Role::Organiser);
    }
    // The chief arbiter and his deputies (`officials.rs`).
    let deputy = |o: &xiangqi_competition::arbiters::Official| {
        o.role == xiangqi_competition::arbiters::OfficialRole::Deputy && is(&o.token_sha256)
    };
    if is(&c.arbiter_sha256) || c.officials.iter().any(deputy) {
        return Ok(Role::Arbiter);
    }
    if let Some(t) = c.teams.iter().find(|t| is(&t.token_sha256)) {
        return Ok(Role::Captain(t.id));
    }
    c.entries
        .iter()
        .find(|e| is(&e.token_sha256))
        .map(|e| Role::Player(e.id))
        .ok_or(ApiError::NotHolder(need))
}

/// The organiser's token, or the refusal.
fn organiser(c: &Competition, headers: &HeaderMap) -> Result<(), ApiError> {
    match role(c, headers, Holder::Organiser)? {
        Role::Organiser => Ok(()),
        _ => Err(ApiError::NotHolder(Holder::Organiser)),
    }
}

/// The organiser's or an arbiter's token (the chief or a deputy), or the refusal.
fn organiser_or_arbiter(c: &Competition, headers: &HeaderMap) -> Result<(), ApiError> {
    match role(c, headers, Holder::OrganiserOrArbiter)? {
        Role::Organiser | Role::Arbiter => Ok(()),
        _ => Err(ApiError::NotHolder(Holder::OrganiserOrArbiter)),
    }
}
