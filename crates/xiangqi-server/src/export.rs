//! Downloading a game's record: `GET /api/games/{id}/record?format=pgn|dhtmlxq&notation=chinese|iccs`.
//!
//! The writers belong to the `xiangqi-records` crate; [`render`] is the one place the server
//! calls them.

use std::sync::Arc;

use axum::extract::{Path, RawQuery, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};

use crate::error::ApiError;
use crate::ids::GameId;
use crate::room::RecordData;
use crate::server::AppState;

/// The record formats offered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RecordFormat {
    /// PGN with Chinese moves (xqbase dialect).
    PgnChinese,
    /// PGN with ICCS moves.
    PgnIccs,
    /// DhtmlXQ (UBB) as used by Chinese xiangqi forums.
    DhtmlXq,
}

impl RecordFormat {
    /// From the query string: `format=pgn` (default) or `format=dhtmlxq`, and for PGN
    /// `notation=chinese` (default) or `notation=iccs`.
    ///
    /// # Errors
    ///
    /// An unknown format or notation.
    ///
    /// ```
    /// use xiangqi_server::export::RecordFormat;
    /// assert_eq!(RecordFormat::from_query(None), Ok(RecordFormat::PgnChinese));
    /// assert_eq!(RecordFormat::from_query(Some("format=pgn&notation=iccs")), Ok(RecordFormat::PgnIccs));
    /// assert_eq!(RecordFormat::from_query(Some("format=dhtmlxq")), Ok(RecordFormat::DhtmlXq));
    /// assert!(RecordFormat::from_query(Some("format=xqf")).is_err());
    /// ```
    pub fn from_query(query: Option<&str>) -> Result<RecordFormat, ApiError> {
        let (mut format, mut notation) = ("pgn", "chinese");
        for pair in query.unwrap_or("").split('&').filter(|p| !p.is_empty()) {
            match pair.split_once('=') {
                Some(("format", v)) => format = v,
                Some(("notation", v)) => notation = v,
                _ => {}
            }
        }
        match (format, notation) {
            ("pgn", "chinese") => Ok(RecordFormat::PgnChinese),
            ("pgn", "iccs") => Ok(RecordFormat::PgnIccs),
            ("dhtmlxq", _) => Ok(RecordFormat::DhtmlXq),
            _ => Err(ApiError::BadRequest(format!(
                "format={format}, notation={notation}: expected format=pgn (notation=chinese or iccs) or format=dhtmlxq"
            ))),
        }
    }

    fn extension(self) -> &'static str {
        match self {
            RecordFormat::PgnChinese | RecordFormat::PgnIccs => "pgn",
            RecordFormat::DhtmlXq => "txt",
        }
    }
}

/// The record of a game as text.
///
/// # Errors
///
/// [`ApiError::NotImplemented`] until the `xiangqi-records` writers land.
pub fn render(_data: &RecordData, _format: RecordFormat) -> Result<String, ApiError> {
    Err(ApiError::NotImplemented(
        "game records: the PGN and DhtmlXQ writers of the xiangqi-records crate have not landed",
    ))
}

/// `GET /api/games/{id}/record`.
pub async fn download(
    State(app): State<Arc<AppState>>,
    Path(id): Path<String>,
    RawQuery(query): RawQuery,
) -> Result<Response, ApiError> {
    let format = RecordFormat::from_query(query.as_deref())?;
    let id = GameId::parse(&id).ok_or(ApiError::NotFound)?;
    let data = app.room(&id).await?.record().await?;
    let text = render(&data, format)?;
    let disposition = format!(
        "attachment; filename=\"xiangqi-{id}.{}\"",
        format.extension()
    );
    Ok((
        [
            (header::CONTENT_TYPE, "text/plain; charset=utf-8".to_owned()),
            (header::CONTENT_DISPOSITION, disposition),
        ],
        text,
    )
        .into_response())
}
