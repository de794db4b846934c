//! Downloading a game's record: `GET /api/games/{id}/record?format=pgn|dhtmlxq&notation=chinese|iccs`.
//!
//! The writers belong to the `xiangqi-records` crate; [`render`] is the one place the server
//! calls them.

use std::sync::Arc;

use axum::extract::{Path, RawQuery, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};

use xiangqi::notation::Notation;
use xiangqi_records::dhtmlxq::write_dhtmlxq;
use xiangqi_records::pgn::{PgnOptions, write_pgn};
use xiangqi_records::{GameRecord, Outcome};

use crate::error::ApiError;
use crate::game::GameResult;
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

/// The record of a game as text, with its tags: event, date (UTC), the time control, the
/// rule set, the result, and the ruling's explanation as the closing comment.
///
/// # Errors
///
/// If the writer refuses the record (it cannot: the server only stores legal moves).
pub fn render(data: &RecordData, format: RecordFormat) -> Result<String, ApiError> {
    let game = &data.game;
    let mut record =
        GameRecord::from_moves(game.start().clone(), game.moves().iter().map(|m| m.mv));
    let tags = &mut record.tags;
    tags.set("Event", "Xiangqi Arbiter");
    tags.set("Site", format!("game {}", data.id));
    tags.set("Date", date(game.created_unix_ms()));
    tags.set("Red", "Red");
    tags.set("Black", "Black");
    tags.set("TimeControl", game.control().to_string());
    tags.set("Rules", game.rules().name());
    let outcome = match game.ruling().map(|r| r.result) {
        Some(GameResult::RedWins) => Outcome::RedWins,
        Some(GameResult::BlackWins) => Outcome::BlackWins,
        Some(GameResult::Draw) => Outcome::Draw,
        _ => Outcome::Unknown,
    };
    tags.set("Result", outcome.pgn());
    if let Some(ruling) = game.ruling() {
        tags.set("Termination", ruling.reason.clone());
        let comment = format!("{} {}", ruling.explanation_zh, ruling.explanation);
        match record.moves.plies.last_mut() {
            Some(last) => last.comment = Some(comment),
            None => record.moves.comment = Some(comment),
        }
    }
    let written = match format {
        RecordFormat::PgnChinese | RecordFormat::PgnIccs => {
            let notation = if format == RecordFormat::PgnIccs {
                Notation::Iccs
            } else {
                Notation::Chinese
            };
            let options = PgnOptions {
                notation,
                ..PgnOptions::default()
            };
            write_pgn(&record, &options)
        }
        RecordFormat::DhtmlXq => write_dhtmlxq(&record),
    };
    written.map_err(|e| ApiError::Storage(format!("writing the record: {e}")))
}

/// `yyyy.mm.dd` (UTC) from Unix milliseconds, the PGN date form.
fn date(unix_ms: u64) -> String {
    // Days to civil date: Howard Hinnant's algorithm (public domain), for the proleptic
    // Gregorian calendar.
    let days = i64::try_from(unix_ms / 86_400_000).unwrap_or(0) + 719_468;
    let era = days.div_euclid(146_097);
    let doe = days.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}.{month:02}.{day:02}")
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

#[cfg(test)]
mod tests {
    #[test]
    fn dates_are_civil_utc() {
        assert_eq!(super::date(0), "1970.01.01");
        // 2024-02-29 12:00 UTC.
        assert_eq!(super::date(1_709_208_000_000), "2024.02.29");
        assert_eq!(super::date(951_782_400_000), "2000.02.29");
    }
}
