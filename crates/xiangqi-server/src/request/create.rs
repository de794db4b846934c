//! `POST /api/games` and an event's game template: the creation request read, its options
//! checked one by one, each refusal naming its option.

use serde::Deserialize;
use xiangqi::{Color, Position};
use xiangqi_clock::TimeControl;
use xiangqi_referee::RuleSet;

use super::body::body;
use crate::error::ApiError;
use crate::option_refusals as refuse;
use xiangqi_game::options::{odds_position, parse_duration_ms, parse_rfc3339_ms, with_first};
use xiangqi_game::{DrawOffers, GameOptions, Pairs};

/// The default time control: ten minutes and five seconds a move.
pub const DEFAULT_CONTROL: &str = "10m+5s";

/// `POST /api/games` as sent.
#[derive(Deserialize, Debug, Default)]
#[serde(deny_unknown_fields)]
struct CreateRequest {
    control: Option<String>,
    rules: Option<String>,
    creator: Option<String>,
    fen: Option<String>,
    red_name: Option<String>,
    black_name: Option<String>,
    first: Option<Color>,
    move_odds: Option<u8>,
    odds: Option<String>,
    repetitions: Option<u32>,
    procedure: Option<xiangqi_referee::Procedure>,
    natural_limit: Option<u32>,
    foul_limit: Option<u32>,
    starts_at: Option<String>,
    lateness: Option<String>,
    draw_offers: Option<DrawOffers>,
    pairs: Option<Pairs>,
    computer: Option<xiangqi_game::opponent::Opponent>,
    analysis: Option<bool>,
}

/// Which side the creator takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Creator {
    /// That side.
    Color(Color),
    /// Drawn at random.
    Random,
}

/// A game to create, validated.
#[derive(Debug, Clone)]
pub struct GameSpec {
    /// The time control.
    pub control: TimeControl,
    /// The rule set.
    pub rules: RuleSet,
    /// The start position (odds and `first` applied).
    pub start: Position,
    /// The options.
    pub options: GameOptions,
    /// The creator's side.
    pub creator: Creator,
}

fn name(field: &str, value: Option<String>) -> Result<Option<String>, ApiError> {
    let Some(value) = value else { return Ok(None) };
    let value = value.trim().to_owned();
    if value.chars().count() > 60 || value.chars().any(char::is_control) {
        return Err(refuse::name(field));
    }
    Ok((!value.is_empty()).then_some(value))
}

fn in_range(field: &str, v: Option<u32>, lo: u32, hi: u32) -> Result<Option<u32>, ApiError> {
    match v {
        Some(n) if !(lo..=hi).contains(&n) => Err(refuse::out_of_range(field, n, lo, hi)),
        v => Ok(v),
    }
}

/// Reads and checks `POST /api/games`.
///
/// # Errors
///
/// `400` for JSON that is not the request, `422` for options that are wrong (the message
/// names the option).
///
/// ```
/// use xiangqi_server::request::parse_create;
/// let spec = parse_create(br#"{"first": "black", "odds": "horse", "foul_limit": 2}"#).unwrap();
/// assert_eq!(spec.options.foul_limit(), 2);
/// assert_eq!(spec.start.turn(), xiangqi::Color::Black);
/// assert!(parse_create(br#"{"lateness": "15m"}"#).is_err()); // needs starts_at
/// let old = parse_create(br#"{"rules": "chinese1960"}"#).unwrap();
/// assert_eq!(old.rules, xiangqi_referee::RuleSet::Chinese1960);
/// assert!(parse_create(br#"{"rules": "1961"}"#).unwrap_err().to_string().contains("chinese1960"));
/// assert!(parse_create(b"{\"control\": 5}").unwrap_err().to_string().contains("line 1 column"));
/// ```
pub fn parse_create(bytes: &[u8]) -> Result<GameSpec, ApiError> {
    spec_of(body(bytes)?)
}

/// An event's game template (its `options`, with the event's `control` and `rules` folded
/// in) read as [`parse_create`] reads a body. The user wrote the template inside the event's
/// body, not as this value's text: a value of the wrong type or an unknown option is named by
/// its field (`options.control: invalid type …`), never by a line and column the user cannot
/// find.
///
/// # Errors
///
/// As [`parse_create`].
///
/// ```
/// use xiangqi_server::request::parse_template;
/// let e = parse_template(&serde_json::json!({"foul_limit": 2, "control": 5})).unwrap_err();
/// assert!(e.to_string().contains("options.control: invalid type"), "{e}");
/// assert!(!e.to_string().contains("line"), "{e}");
/// let e = parse_template(&serde_json::json!({"colour": "red"})).unwrap_err();
/// assert!(e.to_string().contains("options: unknown field `colour`"), "{e}");
/// assert_eq!(parse_template(&serde_json::json!({"foul_limit": 2})).unwrap().options.foul_limit(), 2);
/// ```
pub fn parse_template(template: &serde_json::Value) -> Result<GameSpec, ApiError> {
    let r = CreateRequest::deserialize(template).map_err(|e| {
        // serde names no field on a wrong type: the first option that fails alone is it.
        let alone = |(k, v): &(&String, &serde_json::Value)| {
            CreateRequest::deserialize(&serde_json::json!({ k.as_str(): v })).is_err()
        };
        let at = match template.as_object().and_then(|m| m.iter().find(alone)) {
            Some((field, _)) if !e.to_string().starts_with("unknown field") => {
                format!("options.{field}")
            }
            _ => "options".to_owned(),
        };
        ApiError::BadRequest(format!("JSON body: {at}: {e}"))
    })?;
    spec_of(r)
}

/// The game a creation request asks for, its options checked.
fn spec_of(r: CreateRequest) -> Result<GameSpec, ApiError> {
    let control = read_control(r.control.as_deref())?;
    let rules: RuleSet = match r.rules.as_deref() {
        None => RuleSet::default(),
        Some(rules) => rules.parse().map_err(|e| refuse::rules(rules, &e))?,
    };
    let (start, odds) = read_start(&r)?;
    let move_odds = match r.move_odds {
        None | Some(1) => None,
        Some(n @ (2 | 3)) => Some(n),
        Some(n) => return Err(refuse::move_odds(n)),
    };
    let (starts_at_unix_ms, lateness_ms) = read_schedule(&r)?;
    let options = GameOptions {
        red_name: name("red_name", r.red_name)?,
        black_name: name("black_name", r.black_name)?,
        move_odds,
        odds,
        repetitions: in_range("repetitions", r.repetitions, 0, 10)?,
        procedure: r.procedure,
        natural_limit: in_range("natural_limit", r.natural_limit, 0, 500)?,
        foul_limit: in_range("foul_limit", r.foul_limit, 1, 20)?,
        starts_at_unix_ms,
        lateness_ms,
        draw_offers: r.draw_offers.unwrap_or_default(),
        pairs: r.pairs,
        computer: r.computer,
        analysis: r.analysis.unwrap_or(false),
        opening: Vec::new(),
    };
    let creator = match r.creator.as_deref().unwrap_or("red") {
        "red" => Creator::Color(Color::Red),
        "black" => Creator::Color(Color::Black),
        "random" => Creator::Random,
        other => return Err(refuse::creator(other)),
    };
    Ok(GameSpec {
        control,
        rules,
        start,
        options,
        creator,
    })
}

/// The time control of a creation (the default when none is given), within the bounds.
fn read_control(text: Option<&str>) -> Result<TimeControl, ApiError> {
    let control_text = text.unwrap_or(DEFAULT_CONTROL).trim();
    if control_text.len() > 100 {
        return Err(refuse::control_too_long());
    }
    let control: TimeControl = control_text.parse().map_err(|e| {
        ApiError::Invalid(crate::error::Invalid::new(
            "control",
            format!("time control {control_text:?}: {e}"),
            format!("无法识别的用时规定 {control_text:?}（例：90m/40+15m/10、10m+5s）"),
        ))
    })?;
    crate::bounds::check_control(&control)?;
    Ok(control)
}

/// The start position of a creation (a FEN, or odds by name or as a FEN; the side to move
/// first), and the odds' name to record.
fn read_start(r: &CreateRequest) -> Result<(Position, Option<String>), ApiError> {
    let fen_too_long = |f: &str| f.len() > 200;
    let (mut start, odds) = match (r.fen.as_deref(), r.odds.as_deref()) {
        (Some(_), Some(_)) => return Err(refuse::fen_and_odds()),
        (Some(fen), None) if fen_too_long(fen) => return Err(refuse::fen_too_long("fen")),
        (None, Some(fen)) if fen_too_long(fen) => return Err(refuse::fen_too_long("odds")),
        (Some(fen), None) => (
            Position::from_fen(fen).map_err(|e| refuse::fen("fen", fen, &e))?,
            None,
        ),
        // Odds as a position: any FEN (a piece count no name covers).
        (None, Some(fen)) if fen.contains('/') => (
            Position::from_fen(fen).map_err(|e| refuse::fen("odds", fen, &e))?,
            Some("fen".to_owned()),
        ),
        (None, Some(odds)) => (
            odds_position(odds).map_err(|e| refuse::odds(odds, e))?,
            Some(odds.to_owned()),
        ),
        (None, None) => (Position::start(), None),
    };
    if let Some(first) = r.first {
        start = with_first(&start, first).map_err(refuse::first)?;
    }
    if start.legal_moves().is_empty() {
        return Err(refuse::no_legal_move());
    }
    Ok((start, odds))
}

/// A scheduled start (Unix ms) and the lateness allowed after it, ms.
fn read_schedule(r: &CreateRequest) -> Result<(Option<u64>, Option<u64>), ApiError> {
    let starts_at_unix_ms = match r.starts_at.as_deref() {
        None => None,
        Some(t) => Some(parse_rfc3339_ms(t).map_err(|e| refuse::starts_at(t, e))?),
    };
    let lateness_ms = match r.lateness.as_deref() {
        None => None,
        Some(_) if starts_at_unix_ms.is_none() => {
            return Err(refuse::lateness(
                None,
                "lateness needs starts_at (the time it counts from)".into(),
            ));
        }
        Some(t) => Some(
            parse_duration_ms(t)
                .map_err(|e| refuse::lateness(Some(t), format!("lateness: {e}")))?,
        ),
    };
    Ok((starts_at_unix_ms, lateness_ms))
}
