//! How a new event is run (`POST /api/events`): its [`Format`] from its system — a table
//! (round robin, Swiss), a card knockout, a bracket, teams by boards or the whole-team round
//! robin (1960 §8 二), seeded groups (1960 §9 三). The request and its table's settings are
//! read by [`crate::system`].

use xiangqi_tournament::matchplay::MatchFormat;
use xiangqi_tournament::swiss::{FirstRound, SwissVariant};
use xiangqi_tournament::{Settings, System, TieBreakPreset};

use super::error::SpecError;
use super::model::Format;
use super::request::invalid;
use super::system::{CreateEventRequest, TableRequest, pick, swiss_rounds};

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
            return Err(invalid(
                format!(
                    "system {other:?}: expected round_robin, double_round_robin, swiss, knockout, double_knockout or match"
                ),
                format!(
                    "没有{other:?}这种赛制：应为单循环、双循环、积分编排（瑞士制）、淘汰、双败淘汰或对抗赛"
                ),
            ));
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
pub(crate) fn team_format(
    r: &CreateEventRequest,
    t: &TableRequest<'_>,
) -> Result<Format, SpecError> {
    if r.system == "whole_team_round_robin" {
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
        return Ok(Format::Team {
            settings: t.round_robin()?,
            boards,
            whole_team: true,
        });
    }
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
pub(crate) fn groups_format(
    r: &CreateEventRequest,
    t: &TableRequest<'_>,
) -> Result<Format, SpecError> {
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
    Ok(Format::Groups {
        settings: t.round_robin()?,
        groups,
        qualify,
        consolation: r.consolation.unwrap_or(false),
    })
}
