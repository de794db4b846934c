//! The bodies of the events' API, read from a stranger's bytes into typed values; each
//! mistake answers what and where (serde's line and column, or the field at fault).

use serde::Deserialize;
use serde::de::DeserializeOwned;
use xiangqi_tournament::matchplay::{MatchFormat, Playoff};
use xiangqi_tournament::swiss::{FirstRound, SwissVariant};
use xiangqi_tournament::tournament::{ClubRule, SwissOptions};
use xiangqi_tournament::{
    Outcome, Player, Scoring, Settings, System, TieBreak, TieBreakPreset, WithdrawalRule,
};

use super::error::SpecError;
use super::model::Format;

/// The most rounds a Swiss may announce (1960 §9 四 has the number announced; the longest
/// Swiss events of the books' kind run 9–13 rounds).
pub const MAX_SWISS_ROUNDS: u32 = 50;

/// A field of the request at fault: the message's first word names it (`rounds: …`).
fn invalid(m: impl Into<String>) -> SpecError {
    let m: String = m.into();
    let (field, why) = m.split_once(':').unwrap_or(("request", &m));
    let field = field.split_whitespace().next().unwrap_or("request");
    SpecError::field(
        field,
        why.trim(),
        format!("{field}不可接受：{}", why.trim()),
    )
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

/// Refuses a Swiss of no rounds or of more than [`MAX_SWISS_ROUNDS`].
///
/// # Errors
///
/// [`SpecError::Field`] for the field `rounds`.
///
/// ```
/// use xiangqi_competition::request::check_swiss_rounds;
/// assert!(check_swiss_rounds(7).is_ok());
/// assert!(check_swiss_rounds(0).is_err());
/// assert!(check_swiss_rounds(1_000_000_000).is_err());
/// ```
pub fn check_swiss_rounds(rounds: u32) -> Result<(), SpecError> {
    if (1..=MAX_SWISS_ROUNDS).contains(&rounds) {
        return Ok(());
    }
    Err(SpecError::field(
        "rounds",
        format!("{rounds}: a Swiss has 1 to {MAX_SWISS_ROUNDS} rounds"),
        format!("{rounds}：瑞士制须为1至{MAX_SWISS_ROUNDS}轮"),
    ))
}

/// `POST /api/events` as sent.
#[derive(Deserialize, Debug, Default)]
#[serde(deny_unknown_fields)]
struct CreateEventRequest {
    name: Option<String>,
    system: String,
    rounds: Option<u32>,
    swiss: Option<String>,
    clubs_apart: Option<serde_json::Value>,
    baku: Option<bool>,
    first_round: Option<String>,
    swap_last_two: Option<bool>,
    scoring: Option<String>,
    tiebreaks: Option<String>,
    withdrawal: Option<String>,
    control: Option<String>,
    rules: Option<String>,
    options: Option<serde_json::Value>,
    games: Option<u32>,
    best_of: Option<u32>,
    playoff: Option<String>,
    third_place: Option<bool>,
    draw: Option<String>,
    lot_seed: Option<u64>,
    boards: Option<u32>,
    playoff_for_first: Option<bool>,
    groups: Option<u32>,
    qualify: Option<u32>,
    consolation: Option<bool>,
}

/// An event to create, validated.
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

/// A tie-break chain: a preset name or a comma list of criteria, read as `xq tournament
/// new --tiebreaks` reads it.
///
/// # Errors
///
/// An unknown preset or criterion.
///
/// ```
/// use xiangqi_competition::request::parse_tiebreaks;
/// assert_eq!(parse_tiebreaks("chinese-swiss").unwrap()[0].code(), "Pts");
/// assert!(parse_tiebreaks("points,luck").is_err());
/// ```
pub fn parse_tiebreaks(s: &str) -> Result<Vec<TieBreak>, SpecError> {
    xiangqi_tournament::tiebreak::parse_chain(s)
        .map_err(|c| invalid(format!("tiebreaks: unknown criterion {:?}", c.0)))
}

fn pick<'a>(
    field: &str,
    value: Option<&'a str>,
    default: &'a str,
    allowed: &[&str],
) -> Result<&'a str, SpecError> {
    let v = value.unwrap_or(default);
    if allowed.contains(&v) {
        Ok(v)
    } else {
        Err(invalid(format!(
            "{field} {v:?}: expected one of {}",
            allowed.join(", ")
        )))
    }
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
/// use xiangqi_competition::request::parse_create_event;
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
        return Err(invalid("name: 1 to 100 characters, no control characters").into());
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

/// What every table (round robin, Swiss, a team or grouped event's table) and every match
/// of the request shares: scoring, withdrawal rule, clubs apart, tie-breaks, play-off and
/// games per match.
struct TableRequest<'a> {
    scoring: Scoring,
    withdrawal_rule: WithdrawalRule,
    swiss: SwissOptions,
    /// Read when a table is made: a system without a table ignores it.
    tiebreaks: Option<&'a str>,
    playoff: Playoff,
    match_format: MatchFormat,
}

impl<'a> TableRequest<'a> {
    fn read(r: &'a CreateEventRequest) -> Result<TableRequest<'a>, SpecError> {
        let scoring = match pick("scoring", r.scoring.as_deref(), "1960", &["1960", "modern"])? {
            "modern" => Scoring::modern(),
            _ => Scoring::rules_1960(),
        };
        let withdrawal = pick(
            "withdrawal",
            r.withdrawal.as_deref(),
            "1960",
            &["1960", "fide"],
        )?;
        let withdrawal_rule = match withdrawal {
            "fide" => WithdrawalRule::Fide,
            _ => WithdrawalRule::Rules1960,
        };
        // Baku acceleration for the Dutch system (FIDE C.04.5.1), as `xq tournament new
        // --baku` applies it.
        let swiss = SwissOptions {
            clubs: clubs_apart(r.clubs_apart.as_ref())?,
            baku: r.baku.unwrap_or(false),
            ..SwissOptions::default()
        };
        let playoff = match pick(
            "playoff",
            r.playoff.as_deref(),
            "extra_game",
            &["extra_game", "lot", "none"],
        )? {
            "lot" => Playoff::Lot,
            "none" => Playoff::None,
            _ => Playoff::ExtraGame,
        };
        Ok(TableRequest {
            scoring,
            withdrawal_rule,
            swiss,
            tiebreaks: r.tiebreaks.as_deref(),
            playoff,
            match_format: match_format(r.games, r.best_of)?,
        })
    }

    /// A table of `system`, ranked by the request's chain or else by `preset`.
    fn settings(&self, system: System, preset: TieBreakPreset) -> Result<Settings, SpecError> {
        let tiebreaks = match self.tiebreaks {
            None => preset.chain(),
            Some(s) => parse_tiebreaks(s)?,
        };
        Ok(Settings {
            system,
            scoring: self.scoring,
            tiebreaks,
            withdrawal_rule: self.withdrawal_rule,
            swiss: self.swiss.clone(),
        })
    }

    /// A single round robin ranked by 1960's chain for one game.
    fn round_robin(&self) -> Result<Settings, SpecError> {
        let system = System::RoundRobin {
            cycles: 1,
            swap_last_two: false,
        };
        self.settings(system, TieBreakPreset::Single1960)
    }

    /// A Swiss of `rounds` rounds, ranked by the Chinese Swiss chain.
    fn swiss(
        &self,
        rounds: u32,
        variant: SwissVariant,
        first_round: FirstRound,
    ) -> Result<Settings, SpecError> {
        let system = System::Swiss {
            rounds,
            variant,
            first_round,
        };
        self.settings(system, TieBreakPreset::ChineseSwiss)
    }
}

/// A Swiss announces its number of rounds (1960 §9 四), within [`MAX_SWISS_ROUNDS`].
fn swiss_rounds(rounds: Option<u32>) -> Result<u32, SpecError> {
    let rounds = rounds
        .ok_or_else(|| invalid("rounds: a Swiss announces its number of rounds (1960 §9 四)"))?;
    check_swiss_rounds(rounds)?;
    Ok(rounds)
}

/// How the event of `r.system` is run.
fn format_of(r: &CreateEventRequest, t: &TableRequest<'_>) -> Result<Format, SpecError> {
    let settings = |settings| Format::Table { settings };
    Ok(match r.system.as_str() {
        "round_robin" | "double_round_robin" => {
            let double = r.system == "double_round_robin";
            let system = System::RoundRobin {
                cycles: if double { 2 } else { 1 },
                swap_last_two: r.swap_last_two.unwrap_or(false),
            };
            let preset = if double {
                TieBreakPreset::TwoGame1960
            } else {
                TieBreakPreset::Single1960
            };
            settings(t.settings(system, preset)?)
        }
        "swiss" => settings(swiss_of(r, t)?),
        "cards" => Format::Cards {
            format: t.match_format,
            playoff: t.playoff,
        },
        "knockout" | "double_knockout" | "match" => Format::Bracket {
            double: r.system == "double_knockout",
            third_place: r.third_place.unwrap_or(false),
            format: match (r.system.as_str(), r.games, r.best_of) {
                // 2.6: a match of two is best of three unless a number of games is given.
                ("match", None, None) => MatchFormat::BestOfThree,
                _ => t.match_format,
            },
            playoff: t.playoff,
        },
        "whole_team_round_robin" | "team_round_robin" | "team_swiss" => team_format(r, t)?,
        "groups" => groups_format(r, t)?,
        other => {
            return Err(invalid(format!(
                "system {other:?}: expected round_robin, double_round_robin, swiss, knockout, double_knockout or match"
            )));
        }
    })
}

/// A Swiss: its rounds, its pairing rules (the Chinese rules, 1960's or FIDE's Dutch) and
/// how the first round is paired.
fn swiss_of(r: &CreateEventRequest, t: &TableRequest<'_>) -> Result<Settings, SpecError> {
    let rounds = swiss_rounds(r.rounds)?;
    let variant = match pick(
        "swiss",
        r.swiss.as_deref(),
        "chinese",
        &["chinese", "1960", "dutch"],
    )? {
        "1960" => SwissVariant::Rules1960,
        "dutch" => SwissVariant::Dutch,
        _ => SwissVariant::Chinese,
    };
    let first_round = match pick(
        "first_round",
        r.first_round.as_deref(),
        "adjacent",
        &["adjacent", "split"],
    )? {
        "split" => FirstRound::Split,
        _ => FirstRound::Adjacent,
    };
    t.swiss(rounds, variant, first_round)
}

/// Teams by boards (1960 §8 二), or the whole-team round robin of two even teams.
fn team_format(r: &CreateEventRequest, t: &TableRequest<'_>) -> Result<Format, SpecError> {
    if r.system == "whole_team_round_robin" {
        let boards = match r.boards {
            Some(n @ 2..=20) if n % 2 == 0 => n,
            Some(n) => {
                return Err(invalid(format!(
                    "boards {n}: the whole-team round robin wants an even team of 2 to 20 (1960 §8 二(二))"
                )));
            }
            None => return Err(invalid("boards: the number of players in each team")),
        };
        return Ok(Format::Team {
            settings: t.round_robin()?,
            boards,
            whole_team: true,
        });
    }
    let boards = match r.boards {
        Some(n @ 1..=20) => n,
        Some(n) => return Err(invalid(format!("boards {n}: expected 1 to 20"))),
        None => {
            return Err(invalid(
                "boards: a team event says how many boards a match has",
            ));
        }
    };
    let settings = if r.system == "team_swiss" {
        t.swiss(
            swiss_rounds(r.rounds)?,
            SwissVariant::Chinese,
            FirstRound::Adjacent,
        )?
    } else {
        t.round_robin()?
    };
    Ok(Format::Team {
        settings,
        boards,
        whole_team: false,
    })
}

/// Seeded groups (1960 §9 三): how many groups, how many qualify from each.
fn groups_format(r: &CreateEventRequest, t: &TableRequest<'_>) -> Result<Format, SpecError> {
    let groups = match r.groups {
        Some(n @ 1..=64) => n,
        Some(n) => return Err(invalid(format!("groups {n}: expected 1 to 64"))),
        None => return Err(invalid("groups: how many groups (1960 §9 三)")),
    };
    let qualify = match r.qualify {
        None => 1,
        Some(n @ 1..=64) => n,
        Some(n) => return Err(invalid(format!("qualify {n}: expected 1 to 64"))),
    };
    Ok(Format::Groups {
        settings: t.round_robin()?,
        groups,
        qualify,
        consolation: r.consolation.unwrap_or(false),
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
            ));
        }
    };
    if let Some(map) = game.as_object_mut() {
        for banned in ["red_name", "black_name", "creator", "pairs"] {
            if map.contains_key(banned) {
                return Err(invalid(format!(
                    "options.{banned}: an event sets it for each game"
                )));
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

/// 同队不相遇: players of one club never meet in the first N rounds, or ever ("all"). The
/// tournament crate applies it exactly as `xq tournament new --clubs-apart` does.
fn clubs_apart(v: Option<&serde_json::Value>) -> Result<ClubRule, SpecError> {
    let wrong = || invalid("clubs_apart: a number of rounds 0 to 100, or \"all\"");
    match v {
        None => Ok(ClubRule::Off),
        Some(serde_json::Value::String(s)) if s == "all" => Ok(ClubRule::Always),
        Some(serde_json::Value::Number(n)) => match n.as_u64() {
            Some(0) => Ok(ClubRule::Off),
            Some(rounds @ 1..=100) => Ok(ClubRule::FirstRounds {
                rounds: rounds as u32,
            }),
            _ => Err(wrong()),
        },
        Some(_) => Err(wrong()),
    }
}

/// Games per match: `games` (1 to 20) or `best_of` 3 (2.6), one game when neither is given.
fn match_format(games: Option<u32>, best_of: Option<u32>) -> Result<MatchFormat, SpecError> {
    Ok(match (games, best_of) {
        (Some(_), Some(_)) => return Err(invalid("games and best_of: give one or the other")),
        (None, Some(3)) => MatchFormat::BestOfThree,
        (None, Some(n)) => {
            return Err(invalid(format!(
                "best_of {n}: the rule books give best of three (2.6)"
            )));
        }
        (Some(n @ 1..=20), None) => MatchFormat::Games(n),
        (Some(n), None) => return Err(invalid(format!("games {n}: expected 1 to 20"))),
        (None, None) => MatchFormat::Games(1),
    })
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
pub fn parse_player(bytes: &[u8]) -> Result<Player, SpecError> {
    let r: PlayerRequest = body(bytes)?;
    let text = |field: &str, v: &str| -> Result<String, SpecError> {
        let v = v.trim();
        if v.chars().count() > 60 || v.chars().any(char::is_control) {
            return Err(invalid(format!(
                "{field}: at most 60 characters, no control characters"
            )));
        }
        Ok(v.to_owned())
    };
    let name = text("name", &r.name)?;
    if name.is_empty() {
        return Err(invalid("name: required"));
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
            return Err(invalid(format!("rating {rating}: expected 0 to 4000")));
        }
        p = p.with_rating(rating);
    }
    if let Some(seed) = r.seed {
        if seed == 0 || seed > 100_000 {
            return Err(invalid(format!("seed {seed}: expected 1 to 100000")));
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
        return Err(invalid("name: 1 to 60 characters, no control characters"));
    }
    if r.players.is_empty() || r.players.len() > 24 {
        return Err(invalid("players: a squad of 1 to 24, in ranking order"));
    }
    let squad = r
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| {
            parse_player(p.to_string().as_bytes())
                .map_err(|e| invalid(format!("players[{i}]: {e}")))
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok((name, squad))
}

/// `POST /api/events/{id}/lineups`.
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
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct OfficialRequest {
    /// His name.
    pub name: String,
    /// `deputy` or `board`.
    pub role: super::arbiters::OfficialRole,
}

/// `POST /api/events/{id}/assign`: a board arbiter's boards in a round.
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
}

/// `POST /api/events/{id}/withdraw`.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct WithdrawRequest {
    /// The player's registration number.
    pub player: u32,
}
