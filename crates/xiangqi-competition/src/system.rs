//! The system of a new event (`POST /api/events`): the request as sent, and its system,
//! scoring, tie-breaks, play-off and games per match read into a [`Format`] (1960 §8–§13,
//! the current text's 2.6 and 2.9).

use serde::Deserialize;
use xiangqi_tournament::matchplay::{MatchFormat, Playoff};
use xiangqi_tournament::swiss::{FirstRound, SwissVariant};
use xiangqi_tournament::tournament::{ClubRule, SwissOptions};
use xiangqi_tournament::{Scoring, Settings, System, TieBreak, TieBreakPreset, WithdrawalRule};

use super::error::SpecError;
use super::model::Format;
use super::request::invalid;

/// The most rounds a Swiss may announce (1960 §9 四 has the number announced; the longest
/// Swiss events of the books' kind run 9–13 rounds).
///
/// ```
/// use xiangqi_competition::system::{MAX_SWISS_ROUNDS, check_swiss_rounds};
/// assert!(check_swiss_rounds(MAX_SWISS_ROUNDS).is_ok());
/// assert!(check_swiss_rounds(MAX_SWISS_ROUNDS + 1).is_err());
/// ```
pub const MAX_SWISS_ROUNDS: u32 = 50;

/// Refuses a Swiss of no rounds or of more than [`MAX_SWISS_ROUNDS`].
///
/// # Errors
///
/// [`SpecError::Field`] for the field `rounds`.
///
/// ```
/// use xiangqi_competition::system::check_swiss_rounds;
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
pub(crate) struct CreateEventRequest {
    pub(crate) name: Option<String>,
    pub(crate) system: String,
    pub(crate) rounds: Option<u32>,
    pub(crate) swiss: Option<String>,
    pub(crate) clubs_apart: Option<serde_json::Value>,
    pub(crate) baku: Option<bool>,
    pub(crate) first_round: Option<String>,
    pub(crate) swap_last_two: Option<bool>,
    pub(crate) scoring: Option<String>,
    pub(crate) tiebreaks: Option<String>,
    pub(crate) withdrawal: Option<String>,
    pub(crate) control: Option<String>,
    pub(crate) rules: Option<String>,
    pub(crate) options: Option<serde_json::Value>,
    pub(crate) games: Option<u32>,
    pub(crate) best_of: Option<u32>,
    pub(crate) playoff: Option<String>,
    pub(crate) third_place: Option<bool>,
    pub(crate) draw: Option<String>,
    pub(crate) lot_seed: Option<u64>,
    pub(crate) boards: Option<u32>,
    pub(crate) playoff_for_first: Option<bool>,
    pub(crate) groups: Option<u32>,
    pub(crate) qualify: Option<u32>,
    pub(crate) consolation: Option<bool>,
}

/// A tie-break chain: a preset name or a comma list of criteria, read as `xq tournament
/// new --tiebreaks` reads it.
///
/// # Errors
///
/// An unknown preset or criterion.
///
/// ```
/// use xiangqi_competition::system::parse_tiebreaks;
/// assert_eq!(parse_tiebreaks("chinese-swiss").unwrap()[0].code(), "Pts");
/// assert!(parse_tiebreaks("points,luck").is_err());
/// ```
pub fn parse_tiebreaks(s: &str) -> Result<Vec<TieBreak>, SpecError> {
    xiangqi_tournament::tiebreak::parse_chain(s)
        .map_err(|c| invalid(format!("tiebreaks: unknown criterion {:?}", c.0)))
}

pub(crate) fn pick<'a>(
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

/// What every table (round robin, Swiss, a team or grouped event's table) and every match
/// of the request shares: scoring, withdrawal rule, clubs apart, tie-breaks, play-off and
/// games per match.
pub(crate) struct TableRequest<'a> {
    scoring: Scoring,
    withdrawal_rule: WithdrawalRule,
    swiss: SwissOptions,
    /// Read when a table is made: a system without a table ignores it.
    tiebreaks: Option<&'a str>,
    playoff: Playoff,
    match_format: MatchFormat,
}

impl<'a> TableRequest<'a> {
    pub(crate) fn read(r: &'a CreateEventRequest) -> Result<TableRequest<'a>, SpecError> {
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
pub(crate) fn format_of(r: &CreateEventRequest, t: &TableRequest<'_>) -> Result<Format, SpecError> {
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
