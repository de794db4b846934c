//! Downloading a game's record: `GET /api/games/{id}/record?format=pgn|dhtmlxq&notation=chinese|iccs`.
//!
//! The writers belong to the `xiangqi-records` crate; [`render`] is the one place the server
//! calls them.

use std::sync::Arc;

use axum::extract::{Path, RawQuery, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};

use xiangqi::notation::Notation;
use xiangqi_records::GameRecord;
use xiangqi_records::dhtmlxq::write_dhtmlxq;
use xiangqi_records::pgn::{PgnOptions, write_pgn};

use xiangqi::Color;
use xiangqi::Position;

use crate::error::ApiError;
use crate::fault::Fault;
use crate::ids::GameId;
use crate::room::RecordData;
use crate::state::AppState;
use xiangqi_game::{DrawOffers, GameOptions, GameResult, Pairs};

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
    let options = game.options();
    let (start, skipped, opening) = odds_opening(game);
    let mut record = GameRecord::from_moves(start, game.moves()[skipped..].iter().map(|m| m.mv));
    let tags = &mut record.tags;
    tags.set("Event", "Xiangqi Arbiter");
    tags.set("Site", format!("game {}", data.id));
    tags.set("Date", date(game.created_unix_ms()));
    tags.set("Red", options.name(Color::Red));
    tags.set("Black", options.name(Color::Black));
    tags.set("TimeControl", game.control().to_string());
    tags.set("Rules", game.rules().name());
    option_tags(tags, options);
    // PGN has no token for a double loss: its result is `*`, its score the `Score` tag below.
    let result = game.ruling().map_or(GameResult::Ongoing, |r| r.result);
    tags.set("Result", result.pgn());
    // The arbiter's rulings, each after the move it followed.
    let mut notes: Vec<(u32, String)> = game.arbiter_notes().to_vec();
    if let Some(ruling) = game.ruling() {
        tags.set("Termination", ruling.reason_name().to_owned());
        if ruling.result == GameResult::BothLose {
            tags.set("Score", "--");
        }
        let comment = format!("{} {}", ruling.explanation_zh, ruling.explanation);
        notes.push((
            u32::try_from(game.moves().len()).unwrap_or(u32::MAX),
            comment,
        ));
    }
    if let Some(opening) = opening {
        notes.insert(0, (u32::try_from(skipped).unwrap_or(0), opening));
    }
    for (ply, text) in notes {
        let index = (ply as usize).saturating_sub(skipped);
        let slot = match index.checked_sub(1) {
            Some(i) if i < record.moves.plies.len() => &mut record.moves.plies[i].comment,
            Some(_) => match record.moves.plies.last_mut() {
                Some(last) => &mut last.comment,
                None => &mut record.moves.comment,
            },
            None => &mut record.moves.comment,
        };
        *slot = Some(match slot.take() {
            Some(old) => format!("{old} {text}"),
            None => text,
        });
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
    written.map_err(|e| ApiError::Fault(Fault::Encoding(format!("writing the record: {e}"))))
}

/// Tags for the options given at creation.
fn option_tags(tags: &mut xiangqi_records::Tags, o: &GameOptions) {
    let mut set = |name: &str, value: Option<String>| {
        if let Some(v) = value {
            tags.set(name, v);
        }
    };
    set("MoveOdds", o.move_odds.map(|n| n.to_string()));
    set("Odds", o.odds.clone());
    set("Repetitions", o.repetitions.map(|n| n.to_string()));
    set("NaturalLimit", o.natural_limit.map(|n| n.to_string()));
    set("FoulLimit", Some(o.foul_limit().to_string()));
    set(
        "StartsAt",
        o.starts_at_unix_ms
            .map(|ms| format!("{} (Unix ms {ms})", date(ms))),
    );
    set(
        "Lateness",
        o.lateness_ms.map(|ms| format!("{}s", ms / 1000)),
    );
    set(
        "DrawOffers",
        (o.draw_offers == DrawOffers::Any).then(|| "any".to_owned()),
    );
    set(
        "Pairs",
        o.pairs.map(|p| match p {
            Pairs::Consult => "consult".to_owned(),
            Pairs::Alternate => "alternate".to_owned(),
        }),
    );
}

/// A move-odds opening cannot be written as moves (the giver moves twice in a row, which no
/// record format knows): the record starts after it, from the position it reached, and the
/// opening moves are its first comment. Returns the start, how many moves were skipped, and
/// the comment.
fn odds_opening(game: &xiangqi_game::Game) -> (Position, usize, Option<String>) {
    let Some(n) = game.options().move_odds.map(usize::from) else {
        return (game.start().clone(), 0, None);
    };
    let series = &game.moves()[..n.min(game.moves().len())];
    if series.len() < n {
        // The series is not over: the record cannot start after it yet.
        let text = series
            .iter()
            .map(|m| m.chinese.as_str())
            .collect::<Vec<_>>();
        let comment = format!("让{n}先，已走：{}", text.join(" "));
        return (game.start().clone(), series.len(), Some(comment));
    }
    let giver = game.start().turn();
    let mut pos = game.start().clone();
    for (i, m) in series.iter().enumerate() {
        if pos.play(m.mv).is_err() {
            return (game.start().clone(), 0, None);
        }
        if i + 1 < n {
            let setup = xiangqi::Setup {
                turn: giver,
                ..pos.to_setup()
            };
            match Position::from_setup(setup) {
                Ok(p) => pos = p,
                Err(_) => return (game.start().clone(), 0, None),
            }
        }
    }
    let text = series
        .iter()
        .map(|m| m.chinese.as_str())
        .collect::<Vec<_>>();
    let comment = format!(
        "{}先（1960 rules §7 二）：{}。Move odds: {n} opening moves in a row.",
        ["", "让", "两", "三"].get(n).unwrap_or(&""),
        text.join(" ")
    );
    (pos, n, Some(comment))
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

/// The record of game `id` as the database holds it (every acknowledged action), whichever
/// node plays it.
///
/// # Errors
///
/// No such game; storage errors.
pub async fn stored_record(app: &AppState, id: &GameId) -> Result<RecordData, ApiError> {
    let stored = app.store.load(id).await?.ok_or(ApiError::NotFound)?;
    let game = crate::room::replay(id, &stored.events)?;
    Ok(RecordData {
        game,
        id: id.clone(),
    })
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
