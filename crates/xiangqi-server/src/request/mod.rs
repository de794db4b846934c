//! Request bodies from strangers, read into typed values: every HTTP JSON body of the API
//! (`POST /api/games`, `/moves`, `/draw`, `/adjourn`, `/seal`, `/arbiter`). Each reader takes
//! bytes and answers a value or an [`ApiError`] saying what is wrong and where (serde's line
//! and column, or the option at fault). The fuzz target `server_request` drives them all.

use serde::Deserialize;

use crate::error::ApiError;
use crate::option_refusals as refuse;
use xiangqi_game::{Answer, ArbiterAction, LimitGround};

mod body;
mod create;

pub use body::body;
pub use create::{Creator, DEFAULT_CONTROL, GameSpec, parse_create, parse_template};

/// `POST /api/games/{id}/moves`.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct MoveRequest {
    /// The move, in any notation the server reads.
    #[serde(rename = "move")]
    pub mv: String,
    /// The client's own estimate of its round trip, ms (bounded by the lag quota).
    #[serde(default)]
    pub lag_ms: u64,
}

/// `POST /api/games/{id}/draw` and `/adjourn`.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct AnswerRequest {
    /// Offer (default), accept or decline.
    #[serde(default = "offer")]
    pub action: Answer,
}

fn offer() -> Answer {
    Answer::Offer
}

/// `POST /api/games/{id}/seal`.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct SealRequest {
    /// The sealed move.
    #[serde(rename = "move")]
    pub mv: String,
}

/// `POST /api/games/{id}/limit`: a player asks for a move limit (1960 §12 一(一), 一(二)).
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct LimitRequest {
    /// `undecided` (一(一)) or `dominant` (一(二)).
    pub ground: LimitGround,
}

/// Refuses the arbiter's own ground (1960 §12 一(三)) in a player's request.
///
/// ```
/// use xiangqi_game::LimitGround;
/// use xiangqi_server::request::player_ground;
/// assert!(player_ground(LimitGround::Dominant).is_ok());
/// let e = player_ground(LimitGround::ArbiterSees).unwrap_err();
/// assert_eq!(e.body()["field"], "ground");
/// ```
///
/// # Errors
///
/// [`ApiError::Invalid`] for the field `ground`.
pub fn player_ground(ground: LimitGround) -> Result<(), ApiError> {
    if ground.player_asks() {
        return Ok(());
    }
    Err(ApiError::Invalid(crate::error::Invalid::new(
        "ground",
        "arbiter_sees is the arbiter's own ground; a player asks on undecided or dominant (1960 rules §12 一)",
        "运动员只能以残局一时难判胜和（一(一)）或一方占绝对优势而反复循环（一(二)）为由提出限着；一(三)由裁判员决定",
    )))
}

/// Reads and checks `POST /api/games/{id}/limit`.
///
/// # Errors
///
/// `400` for JSON that is not the request, `422` for the arbiter's own ground.
///
/// ```
/// use xiangqi_server::request::parse_limit;
/// assert!(parse_limit(br#"{"ground": "undecided"}"#).is_ok());
/// assert_eq!(parse_limit(br#"{"ground": "arbiter_sees"}"#).unwrap_err().status(), 422);
/// assert_eq!(parse_limit(b"{}").unwrap_err().status(), 400);
/// ```
pub fn parse_limit(bytes: &[u8]) -> Result<LimitRequest, ApiError> {
    let request: LimitRequest = body(bytes)?;
    player_ground(request.ground)?;
    Ok(request)
}

/// Reads and checks `POST /api/games/{id}/arbiter`.
///
/// # Errors
///
/// `400` for JSON that is not an action, `422` for numbers out of range.
///
/// ```
/// use xiangqi_server::request::parse_arbiter;
/// assert!(parse_arbiter(br#"{"action": "time", "side": "red", "ms": 86400000}"#).is_err());
/// assert!(parse_arbiter(br#"{"action": "pause"}"#).is_ok());
/// assert!(parse_arbiter(br#"{"action": "move_limit", "rounds": 0}"#).is_err());
/// assert!(parse_arbiter(br#"{"action": "fly"}"#).is_err());
/// ```
pub fn parse_arbiter(bytes: &[u8]) -> Result<ArbiterAction, ApiError> {
    let action: ArbiterAction = body(bytes)?;
    // The server's bound comes first: it is the tighter one, with the reason in both
    // languages.
    if let ArbiterAction::Time { ms, .. } = &action {
        crate::bounds::check_time_correction(*ms)?;
    }
    action.validate().map_err(|e| refuse::arbiter_request(&e))?;
    Ok(action)
}

/// Every body the HTTP API reads, by route.
#[derive(Debug)]
pub enum Request {
    /// `POST /api/games`.
    Create(Box<GameSpec>),
    /// `/moves`.
    Move(MoveRequest),
    /// `/draw` or `/adjourn`.
    Answer(AnswerRequest),
    /// `/seal`.
    Seal(SealRequest),
    /// `/arbiter`.
    Arbiter(ArbiterAction),
    /// `/limit` (a player's ground: never the arbiter's own).
    Limit(LimitRequest),
}

/// Reads the body of the route `what` (`create`, `moves`, `draw`, `adjourn`, `seal`,
/// `arbiter`, `limit`), for tests and fuzzing.
///
/// # Errors
///
/// As the route's reader; an unknown route is a `400`.
pub fn parse_request(what: &str, bytes: &[u8]) -> Result<Request, ApiError> {
    Ok(match what {
        "create" => Request::Create(Box::new(parse_create(bytes)?)),
        "moves" => Request::Move(body(bytes)?),
        "draw" | "adjourn" => Request::Answer(body(bytes)?),
        "seal" => Request::Seal(body(bytes)?),
        "arbiter" => Request::Arbiter(parse_arbiter(bytes)?),
        "limit" => Request::Limit(parse_limit(bytes)?),
        other => return Err(ApiError::BadRequest(format!("no route {other:?}"))),
    })
}
