//! `GET /api/events/{id}/export?format=`: the crosstable as TRF, CSV or HTML, or every game
//! of the event as PGN.

use std::sync::Arc;

use axum::extract::{Path, RawQuery, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use xiangqi_competition::Competition;
use xiangqi_tournament::export::{Crosstable, to_trf};

use super::access::App;
use crate::error::ApiError;
use crate::ids::GameId;
use crate::state::AppState;

pub(super) async fn export(
    State(app): App,
    Path(id): Path<String>,
    RawQuery(query): RawQuery,
) -> Result<Response, ApiError> {
    let c = app.events.get(&id).await.ok_or(ApiError::NoEvent)?;
    let format = query
        .as_deref()
        .unwrap_or("")
        .split('&')
        .find_map(|p| p.strip_prefix("format="))
        .unwrap_or("html")
        .to_owned();
    let table = || {
        c.tournament.as_ref().ok_or_else(|| {
            ApiError::EventRefused(
                "no crosstable yet: the first round has not been paired, or a knockout (export it as pgn)".into(),
                "还没有成绩表：第一轮尚未编排，或这是淘汰赛（请导出PGN）".into(),
            )
        })
    };
    let (kind, text) = match format.as_str() {
        "trf" => ("text/plain; charset=utf-8", to_trf(table()?)),
        "csv" => (
            "text/csv; charset=utf-8",
            Crosstable::build(table()?).to_csv(),
        ),
        "html" => (
            "text/html; charset=utf-8",
            Crosstable::build(table()?).to_html(),
        ),
        "pgn" => ("text/plain; charset=utf-8", pgn(&app, &c).await?),
        other => {
            return Err(ApiError::Invalid(crate::error::Invalid::new(
                "format",
                format!("format={other}: expected trf, html, csv or pgn"),
                format!("导出格式{other}不可用：应为trf、html、csv或pgn"),
            )));
        }
    };
    let disposition = format!("attachment; filename=\"event-{id}.{format}\"");
    let mut response = (
        [
            (header::CONTENT_TYPE, kind.to_owned()),
            (header::CONTENT_DISPOSITION, disposition),
        ],
        text,
    )
        .into_response();
    // An HTML crosstable is a download, never a page of this site.
    response.headers_mut().insert(
        header::CONTENT_SECURITY_POLICY,
        "default-src 'none'".parse().expect("static"),
    );
    Ok(response)
}

/// Every game of the event, in round and board order, with the event's name and the round.
async fn pgn(app: &Arc<AppState>, c: &Competition) -> Result<String, ApiError> {
    let mut out = String::new();
    for b in &c.boards {
        let Some(id) = b.game.as_deref().and_then(GameId::parse) else {
            continue;
        };
        // From the database, the one truth, whichever node plays the game: it holds every
        // acknowledged move.
        let data = crate::export::stored_record(app, &id).await?;
        let text = crate::export::render(&data, crate::export::RecordFormat::PgnChinese)?;
        let name = c.name.replace(['"', '\\'], "'");
        let text = text.replacen(
            "[Event \"Xiangqi Arbiter\"]",
            &format!("[Event \"{name}\"]\n[Round \"{}.{}\"]", b.round, b.board),
            1,
        );
        out.push_str(&text);
        if !out.ends_with("\n\n") {
            out.push('\n');
        }
    }
    Ok(out)
}
