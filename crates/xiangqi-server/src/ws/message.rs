//! What a client sends on a game's socket, read strictly, and the errors it is answered.

use axum::extract::ws::Utf8Bytes;
use serde::Deserialize;

use crate::error::ApiError;
use xiangqi_game::{Answer, ArbiterAction, LimitGround};

/// What a client may send (see `API.md`); `id`s come back in the answer.
#[derive(Deserialize, Debug)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
#[allow(missing_docs)]
pub enum ClientMessage {
    Auth {
        token: String,
    },
    /// The arbiter's action, as the body of `POST /api/games/{id}/arbiter`.
    Arbiter {
        request: ArbiterAction,
        #[serde(default)]
        id: Option<u64>,
    },
    Move {
        #[serde(rename = "move")]
        mv: String,
        #[serde(default)]
        id: Option<u64>,
    },
    Resign {
        #[serde(default)]
        id: Option<u64>,
    },
    Claim {
        #[serde(default)]
        id: Option<u64>,
    },
    Draw {
        action: Answer,
        #[serde(default)]
        id: Option<u64>,
    },
    Adjourn {
        action: Answer,
        #[serde(default)]
        id: Option<u64>,
    },
    Seal {
        #[serde(rename = "move")]
        mv: String,
        #[serde(default)]
        id: Option<u64>,
    },
    Resume {
        #[serde(default)]
        id: Option<u64>,
    },
    /// A player asks for a move limit, as `POST /api/games/{id}/limit`.
    Limit {
        ground: LimitGround,
        #[serde(default)]
        id: Option<u64>,
    },
    Ping {
        #[serde(default)]
        n: Option<u64>,
    },
}

/// Reads one client message.
///
/// # Errors
///
/// [`ApiError::BadRequest`] saying what is wrong and where (line, column), or
/// [`ApiError::Invalid`] for an arbiter action's number out of range, naming the field.
///
/// ```
/// use xiangqi_server::ws::{parse_client_message, ClientMessage};
/// assert!(matches!(parse_client_message(br#"{"type":"ping","n":1}"#), Ok(ClientMessage::Ping { n: Some(1) })));
/// assert!(parse_client_message(br#"{"type":"arbiter","request":{"action":"pause"}}"#).is_ok());
/// assert!(parse_client_message(br#"{"type":"limit","ground":"dominant"}"#).is_ok());
/// assert!(parse_client_message(br#"{"type":"limit","ground":"arbiter_sees"}"#).is_err());
/// // Malformed JSON: where; a missing field: which.
/// assert!(parse_client_message(b"{\"type\":\"ping\",}").unwrap_err().to_string().contains("line 1 column"));
/// assert!(parse_client_message(b"{\"type\":\"move\"}").unwrap_err().to_string().contains("`move`"));
/// ```
pub fn parse_client_message(bytes: &[u8]) -> Result<ClientMessage, ApiError> {
    let message: ClientMessage =
        serde_json::from_slice(bytes).map_err(|e| ApiError::BadRequest(format!("message: {e}")))?;
    match &message {
        ClientMessage::Arbiter { request, .. } => request
            .validate()
            .map_err(|e| crate::option_refusals::arbiter_request(&e))?,
        ClientMessage::Limit { ground, .. } => crate::request::player_ground(*ground)?,
        _ => {}
    }
    Ok(message)
}

/// An error as a socket message.
pub(super) fn error_text(e: &ApiError, id: Option<u64>) -> Utf8Bytes {
    error_body(e.body(), id)
}

/// An error body as a socket message.
pub(super) fn error_body(mut body: serde_json::Value, id: Option<u64>) -> Utf8Bytes {
    if let Some(map) = body.as_object_mut() {
        map.insert("type".into(), "error".into());
        if let Some(id) = id {
            map.insert("id".into(), id.into());
        }
    }
    body.to_string().into()
}
