//! A JSON body read into a typed value, with serde's words on what is wrong and where.

use serde::de::DeserializeOwned;

use crate::error::ApiError;

/// Reads a JSON body into `T`; an empty body reads as `{}`.
///
/// # Errors
///
/// [`ApiError::BadRequest`] with serde's message (what, line, column).
pub fn body<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    let text = if bytes.iter().all(u8::is_ascii_whitespace) {
        &b"{}"[..]
    } else {
        bytes
    };
    serde_json::from_slice(text).map_err(|e| ApiError::BadRequest(format!("JSON body: {e}")))
}
