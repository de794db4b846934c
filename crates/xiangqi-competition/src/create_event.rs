//! `POST /api/events`: a new event read from a stranger's bytes and checked, what and where
//! for every mistake; its system is read by [`crate::system`].

use super::error::SpecError;
use super::formats::format_of;
use super::model::Format;
use super::request::{body, invalid};
use super::system::{CreateEventRequest, TableRequest, pick};

/// An event to create, validated.
///
/// ```
/// use xiangqi_competition::{Format, SpecError, create_event::parse_create_event};
/// let spec = parse_create_event(br#"{"system": "match", "control": "40/90m"}"#, |_| Ok::<(), SpecError>(())).unwrap();
/// assert!(matches!(spec.format, Format::Bracket { double: false, .. }));
/// assert_eq!(spec.game["control"], "40/90m");
/// ```
#[derive(Debug, Clone)]
pub struct EventSpec {
    /// Its name.
    pub name: String,
    /// The system as named in the request.
    pub system: String,
    /// How it is run.
    pub format: Format,
    /// The body of `POST /api/games` each game is created from.
    pub game: serde_json::Value,
    /// Numbers by lot.
    pub draw_by_lot: bool,
    /// The lot seed, if given.
    pub lot_seed: Option<u64>,
    /// A play-off for a shared first place (1960 §13 四).
    pub playoff_for_first: bool,
}

/// Reads and checks `POST /api/events`. The games' template (`options` with `control` and
/// `rules` folded in) is handed to `check_game`, the caller's reader of `POST /api/games`,
/// so that a template that makes no game is refused now, in the request's order.
///
/// # Errors
///
/// [`SpecError::Json`] for JSON that is not the request, [`SpecError::Field`] for a system or
/// option that is wrong (the message names it), and whatever `check_game` refuses.
///
/// ```
/// use xiangqi_competition::create_event::parse_create_event;
/// use xiangqi_competition::SpecError;
/// let any = |_: &serde_json::Value| Ok::<(), SpecError>(());
/// let e = parse_create_event(br#"{"name": "Club", "system": "swiss", "rounds": 3}"#, any).unwrap();
/// assert_eq!(e.system, "swiss");
/// let dutch = br#"{"system": "swiss", "swiss": "dutch", "rounds": 5, "clubs_apart": "all"}"#;
/// assert!(parse_create_event(dutch, any).is_ok());
/// assert!(parse_create_event(br#"{"system": "swiss", "rounds": 5, "clubs_apart": -1}"#, any).is_err());
/// assert!(parse_create_event(br#"{"system": "lottery"}"#, any).is_err());
/// assert!(parse_create_event(br#"{"system": "match", "options": {"red_name": "x"}}"#, any).is_err());
/// let strict = |g: &serde_json::Value| match g.get("rules") {
///     Some(r) if r != "chinese1960" => Err(SpecError::field("rules", "unknown", "未知")),
///     _ => Ok(()),
/// };
/// assert!(parse_create_event(br#"{"system": "match", "rules": "chinese1960"}"#, strict).is_ok());
/// assert!(parse_create_event(br#"{"system": "match", "rules": "1961"}"#, strict).is_err());
/// ```
pub fn parse_create_event<E: From<SpecError>>(
    bytes: &[u8],
    check_game: impl FnOnce(&serde_json::Value) -> Result<(), E>,
) -> Result<EventSpec, E> {
    let r: CreateEventRequest = body(bytes)?;
    let name = r.name.as_deref().unwrap_or("Event").trim().to_owned();
    if name.is_empty() || name.chars().count() > 100 || name.chars().any(char::is_control) {
        return Err(invalid(
            "name: 1 to 100 characters, no control characters",
            "比赛名称应为1至100个字，不含控制字符",
        )
        .into());
    }
    let table = TableRequest::read(&r)?;
    let format = format_of(&r, &table)?;
    let game = game_template(&r)?;
    check_game(&game)?;
    let draw_by_lot = pick("draw", r.draw.as_deref(), "seed", &["seed", "lot"])? == "lot";
    Ok(EventSpec {
        name,
        system: r.system,
        format,
        game,
        draw_by_lot,
        lot_seed: r.lot_seed,
        playoff_for_first: r.playoff_for_first.unwrap_or(false),
    })
}

/// The body of `POST /api/games` every game of the event is made from: `options` with
/// `control` and `rules` folded in, without what the event sets for each game.
fn game_template(r: &CreateEventRequest) -> Result<serde_json::Value, SpecError> {
    let mut game = match &r.options {
        None => serde_json::json!({}),
        Some(v @ serde_json::Value::Object(_)) => v.clone(),
        Some(_) => {
            return Err(invalid(
                "options: an object with the options of POST /api/games",
                "对局选项（options）应是一个对象，项目同POST /api/games",
            ));
        }
    };
    if let Some(map) = game.as_object_mut() {
        for banned in ["red_name", "black_name", "creator", "pairs"] {
            if map.contains_key(banned) {
                return Err(invalid(
                    format!("options.{banned}: an event sets it for each game"),
                    format!("对局选项{banned}由比赛为每局设定，不能在这里给出"),
                ));
            }
        }
        if let Some(c) = &r.control {
            map.insert("control".into(), c.clone().into());
        }
        if let Some(rules) = &r.rules {
            map.insert("rules".into(), rules.clone().into());
        }
    }
    Ok(game)
}
