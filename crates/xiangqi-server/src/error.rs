//! The one error type of the API, and the one place it becomes an HTTP status.

use std::fmt;

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};

use xiangqi_game::Refusal;

/// Everything a request can fail with. [`ApiError::status`] is the only mapping to HTTP
/// status codes; WebSocket clients get the same `error` names and status numbers.
///
/// ```
/// use xiangqi_server::ApiError;
/// use axum::http::StatusCode;
/// assert_eq!(ApiError::NotFound.status(), StatusCode::NOT_FOUND);
/// assert_eq!(ApiError::MissingToken.name(), "missing_token");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ApiError {
    /// The request could not be read: what was wrong.
    BadRequest(String),
    /// The request's options are well-formed but unacceptable (bad time control, FEN…).
    InvalidOptions(String),
    /// No `Authorization: Bearer` token where one is needed.
    MissingToken,
    /// A token that belongs to neither player of this game.
    WrongToken,
    /// No such game (or page).
    NotFound,
    /// The game refused the action (not your turn, illegal move, game over…).
    Refused(Refusal),
    /// An event refused the request (a round still being played, …): why.
    EventRefused(String),
    /// Too many requests on this connection or from this address.
    RateLimited,
    /// A feature whose building block has not landed yet.
    NotImplemented(&'static str),
    /// The database failed; the action was not taken.
    Storage(String),
    /// A rematch asked for before the game's end.
    GameNotOver,
    /// The game's task is gone (the server is shutting down).
    Unavailable,
    /// Analysis is not allowed now (a game on without `analysis`, or asked by a player).
    AnalysisNotAllowed(&'static str),
    /// Every engine thread is busy and the queue is full.
    EngineBusy,
    /// Several nodes: the game is not this node's to serve now (its owner cannot be reached
    /// yet, or ownership is moving): why. Worth retrying in a moment.
    Cluster(String),
    /// Several nodes: the request was sent to the owner, which failed to answer: why (the
    /// action may or may not have been taken).
    BadGateway(String),
}

impl ApiError {
    /// The HTTP status for this error.
    pub fn status(&self) -> StatusCode {
        match self {
            ApiError::BadRequest(_) => StatusCode::BAD_REQUEST,
            ApiError::InvalidOptions(_) => StatusCode::UNPROCESSABLE_ENTITY,
            ApiError::MissingToken => StatusCode::UNAUTHORIZED,
            ApiError::WrongToken => StatusCode::FORBIDDEN,
            ApiError::NotFound => StatusCode::NOT_FOUND,
            ApiError::Refused(r) if r.is_illegal_move() => StatusCode::UNPROCESSABLE_ENTITY,
            ApiError::Refused(Refusal::NotYours) => StatusCode::FORBIDDEN,
            ApiError::Refused(_) | ApiError::EventRefused(_) => StatusCode::CONFLICT,
            ApiError::RateLimited => StatusCode::TOO_MANY_REQUESTS,
            ApiError::NotImplemented(_) => StatusCode::NOT_IMPLEMENTED,
            ApiError::Storage(_) | ApiError::Unavailable => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::AnalysisNotAllowed(_) | ApiError::GameNotOver => StatusCode::CONFLICT,
            ApiError::EngineBusy | ApiError::Cluster(_) => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::BadGateway(_) => StatusCode::BAD_GATEWAY,
        }
    }

    /// A short machine-readable name (`"illegal_move"`, `"not_your_turn"`, …).
    pub fn name(&self) -> &'static str {
        match self {
            ApiError::BadRequest(_) => "bad_request",
            ApiError::InvalidOptions(_) => "invalid_options",
            ApiError::MissingToken => "missing_token",
            ApiError::WrongToken => "wrong_token",
            ApiError::NotFound => "not_found",
            ApiError::Refused(r) => r.name(),
            ApiError::EventRefused(_) => "event_refused",
            ApiError::RateLimited => "rate_limited",
            ApiError::NotImplemented(_) => "not_implemented",
            ApiError::Storage(_) => "storage",
            ApiError::GameNotOver => "game_not_over",
            ApiError::Unavailable => "unavailable",
            ApiError::AnalysisNotAllowed(_) => "analysis_not_allowed",
            ApiError::EngineBusy => "engine_busy",
            ApiError::Cluster(_) => "not_owner",
            ApiError::BadGateway(_) => "owner_failed",
        }
    }

    /// The JSON body: `{"error": name, "status": code, "message": text}`, and for an illegal
    /// move `"reason"`, the stable name of why (see [`illegal_reason`]), so that a client can
    /// say it in its reader's language.
    ///
    /// ```
    /// use xiangqi::Position;
    /// use xiangqi_server::ApiError;
    /// use xiangqi_server::game::Refusal;
    /// let mut pos = Position::start();
    /// let refused = pos.play("h0h2".parse().unwrap()).unwrap_err();
    /// let body = ApiError::Refused(Refusal::Illegal(refused)).body();
    /// assert_eq!(body["error"], "illegal_move");
    /// assert_eq!(body["reason"], "own_piece");
    /// assert!(ApiError::NotFound.body().get("reason").is_none());
    /// ```
    pub fn body(&self) -> serde_json::Value {
        let mut body = serde_json::json!({
            "error": self.name(),
            "status": self.status().as_u16(),
            "message": self.to_string(),
        });
        if let ApiError::Refused(Refusal::Illegal(m)) = self {
            body["reason"] = illegal_reason(m.reason).into();
        }
        body
    }
}

/// The stable name of why a move is illegal: `no_piece`, `not_your_turn`, `own_piece`,
/// `cannot_move_there`, `leaves_palace`, `crosses_river`, `elephant_eye_blocked`,
/// `horse_leg_blocked`, `path_blocked`, `cannon_needs_screen`, `pawn_direction`,
/// `kings_would_face`, `leaves_king_in_check` (API.md lists them).
///
/// ```
/// use xiangqi::IllegalReason;
/// assert_eq!(xiangqi_server::error::illegal_reason(IllegalReason::HorseLegBlocked), "horse_leg_blocked");
/// ```
pub fn illegal_reason(reason: xiangqi::IllegalReason) -> &'static str {
    use xiangqi::IllegalReason as R;
    match reason {
        R::NoPiece => "no_piece",
        R::NotYourTurn => "not_your_turn",
        R::OwnPiece => "own_piece",
        R::CannotMoveThere => "cannot_move_there",
        R::LeavesPalace => "leaves_palace",
        R::CrossesRiver => "crosses_river",
        R::ElephantEyeBlocked => "elephant_eye_blocked",
        R::HorseLegBlocked => "horse_leg_blocked",
        R::PathBlocked => "path_blocked",
        R::CannonNeedsScreen => "cannon_needs_screen",
        R::PawnDirection => "pawn_direction",
        R::KingsWouldFace => "kings_would_face",
        R::LeavesKingInCheck => "leaves_king_in_check",
    }
}

impl fmt::Display for ApiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ApiError::BadRequest(m) => write!(f, "bad request: {m}"),
            ApiError::InvalidOptions(m) => write!(f, "invalid game options: {m}"),
            ApiError::MissingToken => {
                f.write_str("a player token is needed: Authorization: Bearer <token>")
            }
            ApiError::WrongToken => {
                f.write_str("that token belongs to no player (or not the arbiter) of this game")
            }
            ApiError::NotFound => f.write_str("no such game"),
            ApiError::Refused(r) => write!(f, "{r}"),
            ApiError::EventRefused(m) => f.write_str(m),
            ApiError::RateLimited => f.write_str("too many requests; slow down"),
            ApiError::NotImplemented(what) => write!(f, "not implemented yet: {what}"),
            // The detail is logged, not shown to strangers.
            ApiError::Storage(_) => f.write_str("the database is unavailable; nothing was changed"),
            ApiError::Unavailable => f.write_str("the server is shutting down"),
            ApiError::GameNotOver => f.write_str("a rematch is offered after the game"),
            ApiError::AnalysisNotAllowed(why) => write!(f, "no analysis now: {why}"),
            ApiError::EngineBusy => f.write_str("every engine is busy; try again in a moment"),
            ApiError::Cluster(why) => write!(f, "try again in a moment: {why}"),
            ApiError::BadGateway(why) => write!(f, "the node that owns the game failed: {why}"),
        }
    }
}

impl std::error::Error for ApiError {}

impl From<Refusal> for ApiError {
    fn from(r: Refusal) -> ApiError {
        ApiError::Refused(r)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        match &self {
            ApiError::Storage(detail) => tracing::error!(%detail, "storage error"),
            ApiError::BadRequest(_) | ApiError::RateLimited => tracing::debug!(error = %self),
            _ => {}
        }
        (self.status(), Json(self.body())).into_response()
    }
}
