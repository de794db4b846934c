//! The bodies of the events' API after the event is made (players, teams, line-ups,
//! results, officials, links, withdrawals), read from a stranger's bytes into typed values;
//! each mistake answers what and where (serde's line and column, or the field at fault).
//! The event itself is read by [`crate::create_event`].

use serde::Deserialize;
use serde::de::DeserializeOwned;
use xiangqi_tournament::{Outcome, Player};

use super::error::SpecError;

/// A field of the request at fault: the English message's first word names it (`rounds:
/// …`); `zh` says the same in Chinese, naming the field as the console's form does.
pub(crate) fn invalid(m: impl Into<String>, zh: impl Into<String>) -> SpecError {
    let m: String = m.into();
    let (field, why) = m.split_once(':').unwrap_or(("request", &m));
    let field = field.split_whitespace().next().unwrap_or("request");
    SpecError::field(field, why.trim(), zh)
}

/// Reads a JSON body into `T`; an empty body reads as `{}`.
///
/// # Errors
///
/// [`SpecError::Json`] with serde's message (what, line, column).
///
/// ```
/// use xiangqi_competition::request::{WithdrawRequest, body};
/// let r: WithdrawRequest = body(br#"{"player": 3}"#).unwrap();
/// assert_eq!(r.player, 3);
/// assert!(body::<WithdrawRequest>(b"").unwrap_err().to_string().contains("line 1 column"));
/// ```
pub fn body<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, SpecError> {
    let text = if bytes.iter().all(u8::is_ascii_whitespace) {
        &b"{}"[..]
    } else {
        bytes
    };
    serde_json::from_slice(text).map_err(|e| SpecError::Json(e.to_string()))
}

/// `POST /api/events/{id}/players` as sent.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct PlayerRequest {
    name: String,
    rating: Option<u32>,
    club: Option<String>,
    seed: Option<u32>,
}

/// Reads `POST /api/events/{id}/players`.
///
/// # Errors
///
/// `400`/`422` naming the field.
///
/// ```
/// use xiangqi_competition::request::parse_player;
/// let p = parse_player(br#"{"name": " Hu Ronghua ", "rating": 2600, "club": "Shanghai"}"#).unwrap();
/// assert_eq!(p.name, "Hu Ronghua");
/// assert!(parse_player(br#"{"name": "X", "rating": 5000}"#).is_err());
/// assert!(parse_player(br#"{"name": "X", "age": 30}"#).is_err());
/// ```
pub fn parse_player(bytes: &[u8]) -> Result<Player, SpecError> {
    let r: PlayerRequest = body(bytes)?;
    let text = |field: &str, v: &str| -> Result<String, SpecError> {
        let v = v.trim();
        if v.chars().count() > 60 || v.chars().any(char::is_control) {
            return Err(invalid(
                format!("{field}: at most 60 characters, no control characters"),
                format!("{}最多60个字，不含控制字符", field_zh(field)),
            ));
        }
        Ok(v.to_owned())
    };
    let name = text("name", &r.name)?;
    if name.is_empty() {
        return Err(invalid("name: required", "请填写姓名"));
    }
    let mut p = Player::new(name);
    if let Some(club) = r.club.as_deref() {
        let club = text("club", club)?;
        if !club.is_empty() {
            p = p.with_club(club);
        }
    }
    if let Some(rating) = r.rating {
        if rating > 4000 {
            return Err(invalid(
                format!("rating {rating}: expected 0 to 4000"),
                format!("等级分{rating}不可接受：应为0至4000"),
            ));
        }
        p = p.with_rating(rating);
    }
    if let Some(seed) = r.seed {
        if seed == 0 || seed > 100_000 {
            return Err(invalid(
                format!("seed {seed}: expected 1 to 100000"),
                format!("种子序号{seed}不可接受：应为1至100000"),
            ));
        }
        p = p.with_seed(seed);
    }
    Ok(p)
}

/// `POST /api/events/{id}/teams` as sent.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct TeamRequest {
    name: String,
    players: Vec<serde_json::Value>,
}

/// Reads `POST /api/events/{id}/teams`: the name and the squad in ranking order.
///
/// # Errors
///
/// `400`/`422` naming the field.
///
/// ```
/// use xiangqi_competition::request::parse_team;
/// let (name, squad) = parse_team(br#"{"name": "Guangdong", "players": [{"name": "A"}, {"name": "B"}]}"#).unwrap();
/// assert_eq!((name.as_str(), squad.len()), ("Guangdong", 2));
/// assert!(parse_team(br#"{"name": "X", "players": [{"name": ""}]}"#).is_err());
/// ```
pub fn parse_team(bytes: &[u8]) -> Result<(String, Vec<Player>), SpecError> {
    let r: TeamRequest = body(bytes)?;
    let name = r.name.trim().to_owned();
    if name.is_empty() || name.chars().count() > 60 || name.chars().any(char::is_control) {
        return Err(invalid(
            "name: 1 to 60 characters, no control characters",
            "队名应为1至60个字，不含控制字符",
        ));
    }
    if r.players.is_empty() || r.players.len() > 24 {
        return Err(invalid(
            "players: a squad of 1 to 24, in ranking order",
            "队员名单应为1至24人，按报名顺序（台次）排列",
        ));
    }
    let squad = r
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| {
            parse_player(p.to_string().as_bytes()).map_err(|e| {
                invalid(
                    format!("players[{i}]: {e}"),
                    format!("第{}名队员：{}", i + 1, e.zh()),
                )
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok((name, squad))
}

/// `POST /api/events/{id}/lineups`.
///
/// ```
/// use xiangqi_competition::request::{LineupRequest, body};
/// assert!(body::<LineupRequest>(br#"{"round": 1, "team": 2, "lineup": [1, 3]}"#).is_ok());
/// assert!(body::<LineupRequest>(br#"{"round": 1, "team": 2}"#).is_err());
/// ```
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct LineupRequest {
    /// Round.
    pub round: u32,
    /// Team number.
    pub team: u32,
    /// Ranks in the squad, board 1 first.
    pub lineup: Vec<u32>,
}

/// `POST /api/events/{id}/results`.
///
/// ```
/// use xiangqi_competition::request::{ResultRequest, body};
/// assert!(body::<ResultRequest>(br#"{"round": 1, "board": 2, "result": "1-0"}"#).is_ok());
/// assert!(body::<ResultRequest>(br#"{"round": 1, "board": 2}"#).is_err());
/// ```
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct ResultRequest {
    /// Round.
    pub round: u32,
    /// Board.
    pub board: u32,
    /// The result, red first: `1-0`, `0-1`, `1/2` (or 2-0, 0-2, 1-1), `+-`, `-+`, `--`.
    pub result: String,
}

/// Reads `POST /api/events/{id}/results`.
///
/// # Errors
///
/// `400`/`422` naming the field.
///
/// ```
/// use xiangqi_competition::request::parse_result;
/// use xiangqi_tournament::Outcome;
/// let (r, o) = parse_result(br#"{"round": 2, "board": 1, "result": "-+"}"#).unwrap();
/// assert_eq!((r.round, o), (2, Outcome::SecondWinsByForfeit));
/// assert!(parse_result(br#"{"round": 2, "board": 1, "result": "2-1"}"#).is_err());
/// ```
pub fn parse_result(bytes: &[u8]) -> Result<(ResultRequest, Outcome), SpecError> {
    let r: ResultRequest = body(bytes)?;
    let outcome: Outcome = r.result.parse().map_err(|e| {
        SpecError::field(
            "result",
            format!("{:?}: {e}; expected 1-0, 0-1, 1/2, +-, -+ or --", r.result),
            format!(
                "{:?}：结果应为 1-0（红胜）、0-1（黑胜）、1/2（和）、+-、-+（不战而胜）或 --（双方弃权）",
                r.result
            ),
        )
    })?;
    Ok((r, outcome))
}

/// `POST /api/events/{id}/officials`: a deputy or board arbiter to appoint.
///
/// ```
/// use xiangqi_competition::request::{OfficialRequest, body};
/// assert!(body::<OfficialRequest>(br#"{"name": "Wang", "role": "deputy"}"#).is_ok());
/// assert!(body::<OfficialRequest>(br#"{"name": "Wang", "role": "chief"}"#).is_err());
/// ```
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct OfficialRequest {
    /// His name.
    pub name: String,
    /// `deputy` or `board`.
    pub role: super::arbiters::OfficialRole,
}

/// `POST /api/events/{id}/assign`: a board arbiter's boards in a round.
///
/// ```
/// use xiangqi_competition::request::{AssignRequest, body};
/// assert!(body::<AssignRequest>(br#"{"round": 1, "official": 2, "boards": [1, 2]}"#).is_ok());
/// assert!(body::<AssignRequest>(br#"{"round": 1, "official": 2}"#).is_err());
/// ```
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct AssignRequest {
    /// The round.
    pub round: u32,
    /// The official's number.
    pub official: u32,
    /// His boards.
    pub boards: Vec<u32>,
}

/// `POST /api/events/{id}/links`: whose link to re-issue.
///
/// ```
/// use xiangqi_competition::request::{ReissueRequest, body};
/// assert!(body::<ReissueRequest>(br#"{"player": 3}"#).is_ok());
/// assert!(body::<ReissueRequest>(br#"{"player": "three"}"#).is_err());
/// assert_eq!(body::<ReissueRequest>(br#"{"team": 2}"#).unwrap().team, Some(2));
/// ```
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct ReissueRequest {
    /// A player's registration number.
    #[serde(default)]
    pub player: Option<u32>,
    /// An official's number.
    #[serde(default)]
    pub official: Option<u32>,
    /// The arbiter's link.
    #[serde(default)]
    pub arbiter: Option<bool>,
    /// A team's number: its captain's link.
    #[serde(default)]
    pub team: Option<u32>,
}

/// `POST /api/events/{id}/withdraw`.
///
/// ```
/// use xiangqi_competition::request::{WithdrawRequest, body};
/// assert!(body::<WithdrawRequest>(br#"{"player": 3}"#).is_ok());
/// assert!(body::<WithdrawRequest>(br#"{"player": 3, "why": "ill"}"#).is_err());
/// ```
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct WithdrawRequest {
    /// The player's registration number.
    pub player: u32,
}

/// A field in Chinese, as the console's forms name it.
///
/// ```
/// use xiangqi_competition::request::field_zh;
/// assert_eq!(field_zh("club"), "单位");
/// assert_eq!(field_zh("rounds"), "rounds", "a field not named here keeps its name");
/// ```
pub fn field_zh(field: &str) -> &str {
    match field {
        "name" => "姓名",
        "club" => "单位",
        "scoring" => "计分办法",
        "withdrawal" => "退赛处理办法",
        "playoff" => "加赛办法",
        "swiss" => "积分编排办法",
        "first_round" => "第一轮编排办法",
        "draw" => "序号确定办法",
        _ => field,
    }
}
