//! Who a token is to an event (the organiser, an arbiter, a team's captain, a player), as
//! every handler of the events' routes asks it.

use std::sync::Arc;

use axum::extract::State;
use axum::http::HeaderMap;
use xiangqi_competition::Competition;

use crate::api::bearer;
use crate::error::{ApiError, Holder};
use crate::ids::TokenHash;
use crate::state::AppState;

/// The shared state, as every handler takes it.
pub(super) type App = State<Arc<AppState>>;

pub(super) fn random_error(e: getrandom::Error) -> ApiError {
    ApiError::Storage(format!("random source: {e}"))
}

/// Who a token is to the event.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Role {
    Organiser,
    Arbiter,
    Player(u32),
    Captain(u32),
}

/// Who the bearer is; `need` names whose token the action needs, for the refusals.
pub(super) fn role(c: &Competition, headers: &HeaderMap, need: Holder) -> Result<Role, ApiError> {
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
pub(super) fn organiser(c: &Competition, headers: &HeaderMap) -> Result<(), ApiError> {
    match role(c, headers, Holder::Organiser)? {
        Role::Organiser => Ok(()),
        _ => Err(ApiError::NotHolder(Holder::Organiser)),
    }
}

/// The organiser's or an arbiter's token (the chief or a deputy), or the refusal.
pub(super) fn organiser_or_arbiter(c: &Competition, headers: &HeaderMap) -> Result<(), ApiError> {
    match role(c, headers, Holder::OrganiserOrArbiter)? {
        Role::Organiser | Role::Arbiter => Ok(()),
        _ => Err(ApiError::NotHolder(Holder::OrganiserOrArbiter)),
    }
}
