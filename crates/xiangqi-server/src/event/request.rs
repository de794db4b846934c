//! The bodies of the events' API, read from a stranger's bytes into typed values; each
//! mistake answers what and where (serde's line and column, or the field at fault).

use serde::Deserialize;
use xiangqi_tournament::matchplay::{MatchFormat, Playoff};
use xiangqi_tournament::swiss::{FirstRound, SwissVariant};
use xiangqi_tournament::tournament::{ClubRule, SwissOptions};
use xiangqi_tournament::{
    Outcome, Player, Scoring, Settings, System, TieBreak, TieBreakPreset, WithdrawalRule,
};

use super::model::Format;
use crate::bounds::check_swiss_rounds;
use crate::error::{ApiError, Invalid};
use crate::request::{body, parse_create};

/// A field of the request at fault: the English message's first word names it (`rounds:
/// …`); `zh` says the same in Chinese, naming the field as the console's form does.
fn invalid(m: impl Into<String>, zh: impl Into<String>) -> ApiError {
    let m: String = m.into();
    let (field, why) = m.split_once(':').unwrap_or(("request", &m));
    let field = field.split_whitespace().next().unwrap_or("request");
    ApiError::Invalid(Invalid::new(field, why.trim(), zh))
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
/// use xiangqi_server::event::request::parse_tiebreaks;
/// assert_eq!(parse_tiebreaks("chinese-swiss").unwrap()[0].code(), "Pts");
/// assert!(parse_tiebreaks("points,luck").is_err());
/// ```
pub fn parse_tiebreaks(s: &str) -> Result<Vec<TieBreak>, ApiError> {
    xiangqi_tournament::tiebreak::parse_chain(s).map_err(|c| {
        invalid(
            format!("tiebreaks: unknown criterion {:?}", c.0),
            format!("破同分方法中没有{:?}这一项", c.0),
        )
    })
}

fn pick<'a>(
    field: &str,
    value: Option<&'a str>,
    default: &'a str,
    allowed: &[&str],
) -> Result<&'a str, ApiError> {
    let v = value.unwrap_or(default);
    if allowed.contains(&v) {
        Ok(v)
    } else {
        Err(invalid(
            format!("{field} {v:?}: expected one of {}", allowed.join(", ")),
            format!(
                "{}不能是{v:?}：应为{}之一",
                field_zh(field),
                allowed.join("、")
            ),
        ))
    }
}

/// Reads and checks `POST /api/events`.
///
/// # Errors
///
/// `400` for JSON that is not the request, `422` for a system, option or game option that
/// is wrong (the message names it).
///
/// ```
/// use xiangqi_server::event::request::parse_create_event;
/// let e = parse_create_event(br#"{"name": "Club", "system": "swiss", "rounds": 3}"#).unwrap();
/// assert_eq!(e.system, "swiss");
/// let dutch = br#"{"system": "swiss", "swiss": "dutch", "rounds": 5, "clubs_apart": "all"}"#;
/// assert!(parse_create_event(dutch).is_ok());
/// assert!(parse_create_event(br#"{"system": "swiss", "rounds": 5, "clubs_apart": -1}"#).is_err());
/// assert!(parse_create_event(br#"{"system": "lottery"}"#).is_err());
/// assert!(parse_create_event(br#"{"system": "match", "rules": "chinese1960"}"#).is_ok());
/// assert!(parse_create_event(br#"{"system": "match", "rules": "1961"}"#).is_err());
/// assert!(parse_create_event(br#"{"system": "match", "options": {"fen": "x"}}"#).is_err());
/// ```
pub fn parse_create_event(bytes: &[u8]) -> Result<EventSpec, ApiError> {
    let r: CreateEventRequest = body(bytes)?;
    let name = r.name.as_deref().unwrap_or("Event").trim().to_owned();
    if name.is_empty() || name.chars().count() > 100 || name.chars().any(char::is_control) {
        return Err(invalid(
            "name: 1 to 100 characters, no control characters",
            "比赛名称应为1至100个字，不含控制字符",
        ));
    }
    let scoring = match pick("scoring", r.scoring.as_deref(), "1960", &["1960", "modern"])? {
        "modern" => Scoring::modern(),
        _ => Scoring::rules_1960(),
    };
    let withdrawal_rule = match pick(
        "withdrawal",
        r.withdrawal.as_deref(),
        "1960",
        &["1960", "fide"],
    )? {
        "fide" => WithdrawalRule::Fide,
        _ => WithdrawalRule::Rules1960,
    };
    // 同队不相遇: players of one club never meet in the first N rounds, or ever ("all");
    // Baku acceleration for the Dutch system (FIDE C.04.5.1). The tournament crate applies
    // both exactly as `xq tournament new --clubs-apart … --baku` does.
    let clubs = match &r.clubs_apart {
        None => ClubRule::Off,
        Some(serde_json::Value::String(s)) if s == "all" => ClubRule::Always,
        Some(serde_json::Value::Number(n)) => match n.as_u64() {
            Some(0) => ClubRule::Off,
            Some(rounds @ 1..=100) => ClubRule::FirstRounds {
                rounds: rounds as u32,
            },
            _ => {
                return Err(invalid(
                    "clubs_apart: a number of rounds 0 to 100, or \"all\"",
                    "同单位回避的轮数应为0至100，或\"all\"（全部轮次）",
                ));
            }
        },
        Some(_) => {
            return Err(invalid(
                "clubs_apart: a number of rounds 0 to 100, or \"all\"",
                "同单位回避的轮数应为0至100，或\"all\"（全部轮次）",
            ));
        }
    };
    let swiss_options = SwissOptions {
        clubs,
        baku: r.baku.unwrap_or(false),
        ..SwissOptions::default()
    };
    let table = |system: System, preset: TieBreakPreset| -> Result<Format, ApiError> {
        let tiebreaks = match r.tiebreaks.as_deref() {
            None => preset.chain(),
            Some(s) => parse_tiebreaks(s)?,
        };
        Ok(Format::Table {
            settings: Settings {
                system,
                scoring,
                tiebreaks,
                withdrawal_rule,
                swiss: swiss_options.clone(),
            },
        })
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
    let match_format = match (r.games, r.best_of) {
        (Some(_), Some(_)) => {
            return Err(invalid(
                "games and best_of: give one or the other",
                "局数（games）和几局几胜（best_of）只能给一个",
            ));
        }
        (None, Some(3)) => MatchFormat::BestOfThree,
        (None, Some(n)) => {
            return Err(invalid(
                format!("best_of {n}: the rule books give best of three (2.6)"),
                format!("不能{n}局定胜负：规则只有三局两胜（现行规则2.6）"),
            ));
        }
        (Some(n @ 1..=20), None) => MatchFormat::Games(n),
        (Some(n), None) => {
            return Err(invalid(
                format!("games {n}: expected 1 to 20"),
                format!("局数{n}不可接受：应为1至20"),
            ));
        }
        (None, None) => MatchFormat::Games(1),
    };
    let format = match r.system.as_str() {
        "round_robin" | "double_round_robin" => {
            let double = r.system == "double_round_robin";
            table(
                System::RoundRobin {
                    cycles: if double { 2 } else { 1 },
                    swap_last_two: r.swap_last_two.unwrap_or(false),
                },
                if double {
                    TieBreakPreset::TwoGame1960
                } else {
                    TieBreakPreset::Single1960
                },
            )?
        }
        "swiss" => {
            let rounds = r.rounds.ok_or_else(|| {
                invalid(
                    "rounds: a Swiss announces its number of rounds (1960 §9 四)",
                    "积分编排赛须预先公布轮数（1960年规则第九节四）",
                )
            })?;
            check_swiss_rounds(rounds)?;
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
            table(
                System::Swiss {
                    rounds,
                    variant,
                    first_round,
                },
                TieBreakPreset::ChineseSwiss,
            )?
        }
        "cards" => Format::Cards {
            format: match_format,
            playoff,
        },
        "knockout" | "double_knockout" | "match" => Format::Bracket {
            double: r.system == "double_knockout",
            third_place: r.third_place.unwrap_or(false),
            format: match (r.system.as_str(), r.games, r.best_of) {
                // 2.6: a match of two is best of three unless a number of games is given.
                ("match", None, None) => MatchFormat::BestOfThree,
                _ => match_format,
            },
            playoff,
        },
        "whole_team_round_robin" => {
            let boards = match r.boards {
                Some(n @ 2..=20) if n % 2 == 0 => n,
                Some(n) => {
                    return Err(invalid(
                        format!(
                            "boards {n}: the whole-team round robin wants an even team of 2 to 20 (1960 §8 二(二))"
                        ),
                        format!(
                            "台数{n}不可接受：全队循环赛每队应为2至20的偶数人（1960年规则第八节二(二)）"
                        ),
                    ));
                }
                None => {
                    return Err(invalid(
                        "boards: the number of players in each team",
                        "请填写台数：每队上场的人数",
                    ));
                }
            };
            let Format::Table { settings } = table(
                System::RoundRobin {
                    cycles: 1,
                    swap_last_two: false,
                },
                TieBreakPreset::Single1960,
            )?
            else {
                return Err(invalid("system", "赛制有误"));
            };
            Format::Team {
                settings,
                boards,
                whole_team: true,
            }
        }
        "team_round_robin" | "team_swiss" => {
            let boards = match r.boards {
                Some(n @ 1..=20) => n,
                Some(n) => {
                    return Err(invalid(
                        format!("boards {n}: expected 1 to 20"),
                        format!("台数{n}不可接受：应为1至20"),
                    ));
                }
                None => {
                    return Err(invalid(
                        "boards: a team event says how many boards a match has",
                        "团体赛须填写每场比赛的台数",
                    ));
                }
            };
            let table = if r.system == "team_swiss" {
                let rounds = r.rounds.ok_or_else(|| {
                    invalid(
                        "rounds: a Swiss announces its number of rounds (1960 §9 四)",
                        "积分编排赛须预先公布轮数（1960年规则第九节四）",
                    )
                })?;
                check_swiss_rounds(rounds)?;
                table(
                    System::Swiss {
                        rounds,
                        variant: SwissVariant::Chinese,
                        first_round: FirstRound::Adjacent,
                    },
                    TieBreakPreset::ChineseSwiss,
                )?
            } else {
                table(
                    System::RoundRobin {
                        cycles: 1,
                        swap_last_two: false,
                    },
                    TieBreakPreset::Single1960,
                )?
            };
            let Format::Table { settings } = table else {
                return Err(invalid("system", "赛制有误"));
            };
            Format::Team {
                settings,
                boards,
                whole_team: false,
            }
        }
        "groups" => {
            let groups = match r.groups {
                Some(n @ 1..=64) => n,
                Some(n) => {
                    return Err(invalid(
                        format!("groups {n}: expected 1 to 64"),
                        format!("组数{n}不可接受：应为1至64"),
                    ));
                }
                None => {
                    return Err(invalid(
                        "groups: how many groups (1960 §9 三)",
                        "请填写分几组（1960年规则第九节三）",
                    ));
                }
            };
            let qualify = match r.qualify {
                None => 1,
                Some(n @ 1..=64) => n,
                Some(n) => {
                    return Err(invalid(
                        format!("qualify {n}: expected 1 to 64"),
                        format!("每组出线人数{n}不可接受：应为1至64"),
                    ));
                }
            };
            let Format::Table { settings } = table(
                System::RoundRobin {
                    cycles: 1,
                    swap_last_two: false,
                },
                TieBreakPreset::Single1960,
            )?
            else {
                return Err(invalid("system", "赛制有误"));
            };
            Format::Groups {
                settings,
                groups,
                qualify,
                consolation: r.consolation.unwrap_or(false),
            }
        }
        other => {
            return Err(invalid(
                format!(
                    "system {other:?}: expected round_robin, double_round_robin, swiss, knockout, double_knockout or match"
                ),
                format!(
                    "没有{other:?}这种赛制：应为单循环、双循环、积分编排（瑞士制）、淘汰、双败淘汰或对抗赛"
                ),
            ));
        }
    };
    let mut game = match r.options {
        None => serde_json::json!({}),
        Some(v @ serde_json::Value::Object(_)) => v,
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
    // The same reader as POST /api/games: a template that makes no game is refused now.
    parse_create(game.to_string().as_bytes())?;
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
pub fn parse_player(bytes: &[u8]) -> Result<Player, ApiError> {
    let r: PlayerRequest = body(bytes)?;
    let text = |field: &str, v: &str| -> Result<String, ApiError> {
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
/// use xiangqi_server::event::request::parse_team;
/// let (name, squad) = parse_team(br#"{"name": "Guangdong", "players": [{"name": "A"}, {"name": "B"}]}"#).unwrap();
/// assert_eq!((name.as_str(), squad.len()), ("Guangdong", 2));
/// assert!(parse_team(br#"{"name": "X", "players": [{"name": ""}]}"#).is_err());
/// ```
pub fn parse_team(bytes: &[u8]) -> Result<(String, Vec<Player>), ApiError> {
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
pub fn parse_result(bytes: &[u8]) -> Result<(ResultRequest, Outcome), ApiError> {
    let r: ResultRequest = body(bytes)?;
    let outcome: Outcome = r.result.parse().map_err(|e| {
        ApiError::Invalid(Invalid::new(
            "result",
            format!("{:?}: {e}; expected 1-0, 0-1, 1/2, +-, -+ or --", r.result),
            format!(
                "{:?}：结果应为 1-0（红胜）、0-1（黑胜）、1/2（和）、+-、-+（不战而胜）或 --（双方弃权）",
                r.result
            ),
        ))
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

/// A field in Chinese, as the console's forms name it.
fn field_zh(field: &str) -> &str {
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
