//! The system of a new event (`POST /api/events`): the request as sent, and its system,
//! scoring, tie-breaks, play-off and games per match read into a [`Format`](crate::Format) (1960 §8–§13,
//! the current text's 2.6 and 2.9).

use serde::Deserialize;
use xiangqi_tournament::matchplay::{MatchFormat, Playoff};
use xiangqi_tournament::swiss::{FirstRound, SwissVariant};
use xiangqi_tournament::tournament::{ClubRule, SwissOptions};
use xiangqi_tournament::{Scoring, Settings, System, TieBreak, TieBreakPreset, WithdrawalRule};

use super::error::SpecError;

use super::request::{field_zh, invalid};

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
    xiangqi_tournament::tiebreak::parse_chain(s).map_err(|c| {
        invalid(
            format!("tiebreaks: unknown criterion {:?}", c.0),
            format!("破同分方法中没有{:?}这一项", c.0),
        )
    })
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

/// What every table (round robin, Swiss, a team or grouped event's table) and every match
/// of the request shares: scoring, withdrawal rule, clubs apart, tie-breaks, play-off and
/// games per match.
pub(crate) struct TableRequest<'a> {
    scoring: Scoring,
    withdrawal_rule: WithdrawalRule,
    swiss: SwissOptions,
    /// Read when a table is made: a system without a table ignores it.
    tiebreaks: Option<&'a str>,
    pub(crate) playoff: Playoff,
    pub(crate) match_format: MatchFormat,
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
    pub(crate) fn settings(
        &self,
        system: System,
        preset: TieBreakPreset,
    ) -> Result<Settings, SpecError> {
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
    pub(crate) fn round_robin(&self) -> Result<Settings, SpecError> {
        let system = System::RoundRobin {
            cycles: 1,
            swap_last_two: false,
        };
        self.settings(system, TieBreakPreset::Single1960)
    }

    /// A Swiss of `rounds` rounds, ranked by the Chinese Swiss chain.
    pub(crate) fn swiss(
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
pub(crate) fn swiss_rounds(rounds: Option<u32>) -> Result<u32, SpecError> {
    let rounds = rounds.ok_or_else(|| {
        invalid(
            "rounds: a Swiss announces its number of rounds (1960 §9 四)",
            "积分编排赛须预先公布轮数（1960年规则第九节四）",
        )
    })?;
    check_swiss_rounds(rounds)?;
    Ok(rounds)
}

/// 同队不相遇: players of one club never meet in the first N rounds, or ever ("all"). The
/// tournament crate applies it exactly as `xq tournament new --clubs-apart` does.
fn clubs_apart(v: Option<&serde_json::Value>) -> Result<ClubRule, SpecError> {
    let wrong = || {
        invalid(
            "clubs_apart: a number of rounds 0 to 100, or \"all\"",
            "同单位回避的轮数应为0至100，或\"all\"（全部轮次）",
        )
    };
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
    })
}
