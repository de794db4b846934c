//! Tie-break criteria and the presets of the rule books.
//!
//! Values are exact: score-like values are kept in quarter-points (a Sonneborn–Berger draw
//! against a player on 1½ is worth ¾), counts as plain integers.

use std::collections::{BTreeMap, HashSet};
use std::fmt;

use serde::{Deserialize, Serialize};

use crate::history::{EntryKind, History};
use crate::{Mover, PlayerId, PlayerResult};

/// One ranking criterion. A ranking is a chain of them, applied in turn to the players still
/// level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TieBreak {
    /// Total points (积分; 小分/局分 in a multi-game event, 1960 §13 三).
    Points,
    /// 大分/场分 (1960 §13 三): per opponent, 1 for out-scoring him over all games between
    /// the two, ½ for level, 0 for less.
    MatchPoints,
    /// 直接胜负 / direct encounter: points scored in the games between the players still
    /// level; applied only when every two of them have met (1960 §13 二 speaks of two players).
    HeadToHead,
    /// 保持不败 (1960 §13 二): a player with no loss ranks before one with a loss.
    Unbeaten,
    /// Fewer losses (defaults included).
    FewerLosses,
    /// Fewer recorded infractions/fouls (违例 1960 §13 二 and §15 二; 犯规 in modern texts).
    FewerFouls,
    /// 对手分 / Buchholz: the sum of the opponents' points (a bye adds nothing; games against
    /// annulled players do not exist).
    Buchholz,
    /// Buchholz without the lowest opponent.
    BuchholzCut1,
    /// 累进分 / progressive score: the sum of the running score after each round.
    Progressive,
    /// 胜局: number of wins, defaults included.
    Wins,
    /// 后手胜局: wins over the board as the second mover.
    WinsAsSecond,
    /// 后手局: games played over the board as the second mover.
    GamesAsSecond,
    /// Sonneborn–Berger: beaten opponents' points plus half of drawn opponents' points.
    SonnebornBerger,
}

impl TieBreak {
    /// Every criterion, for help texts.
    pub const ALL: [TieBreak; 13] = [
        TieBreak::Points,
        TieBreak::MatchPoints,
        TieBreak::HeadToHead,
        TieBreak::Unbeaten,
        TieBreak::FewerLosses,
        TieBreak::FewerFouls,
        TieBreak::Buchholz,
        TieBreak::BuchholzCut1,
        TieBreak::Progressive,
        TieBreak::Wins,
        TieBreak::WinsAsSecond,
        TieBreak::GamesAsSecond,
        TieBreak::SonnebornBerger,
    ];

    /// Short column heading.
    pub fn code(self) -> &'static str {
        match self {
            TieBreak::Points => "Pts",
            TieBreak::MatchPoints => "MP",
            TieBreak::HeadToHead => "DE",
            TieBreak::Unbeaten => "Unb",
            TieBreak::FewerLosses => "Loss",
            TieBreak::FewerFouls => "Foul",
            TieBreak::Buchholz => "BH",
            TieBreak::BuchholzCut1 => "BH-C1",
            TieBreak::Progressive => "PS",
            TieBreak::Wins => "Win",
            TieBreak::WinsAsSecond => "BWG",
            TieBreak::GamesAsSecond => "BPG",
            TieBreak::SonnebornBerger => "SB",
        }
    }

    /// The Chinese name.
    pub fn chinese(self) -> &'static str {
        match self {
            TieBreak::Points => "积分",
            TieBreak::MatchPoints => "大分",
            TieBreak::HeadToHead => "直接胜负",
            TieBreak::Unbeaten => "不败",
            TieBreak::FewerLosses => "负局少",
            TieBreak::FewerFouls => "违例少",
            TieBreak::Buchholz => "对手分",
            TieBreak::BuchholzCut1 => "对手分(去最低)",
            TieBreak::Progressive => "累进分",
            TieBreak::Wins => "胜局",
            TieBreak::WinsAsSecond => "后手胜局",
            TieBreak::GamesAsSecond => "后手局",
            TieBreak::SonnebornBerger => "索伯分",
        }
    }

    /// Whether a smaller value ranks higher.
    pub fn lower_is_better(self) -> bool {
        matches!(self, TieBreak::FewerLosses | TieBreak::FewerFouls)
    }

    /// Whether the value depends on who else is level (computed within the tied group).
    pub fn is_relative(self) -> bool {
        self == TieBreak::HeadToHead
    }

    /// Whether the value is a score (shown in points) rather than a count.
    fn is_score(self) -> bool {
        matches!(
            self,
            TieBreak::Points
                | TieBreak::MatchPoints
                | TieBreak::HeadToHead
                | TieBreak::Buchholz
                | TieBreak::BuchholzCut1
                | TieBreak::Progressive
                | TieBreak::SonnebornBerger
        )
    }

    /// Whether a relative criterion can separate `group` at all: head-to-head only when every
    /// two of them have met. Absolute criteria always apply.
    pub fn applies(self, history: &History, group: &[PlayerId]) -> bool {
        !self.is_relative() || all_met(history, group)
    }

    /// The value of this criterion for `p`; `group` is the set of players still level (used by
    /// relative criteria only).
    pub fn value(self, history: &History, p: PlayerId, group: &[PlayerId]) -> TieValue {
        let entries = history.entries(p);
        let quarter = |pts: crate::Points| i64::from(pts.halves()) * 2;
        let played = || {
            entries.iter().filter_map(|e| match e.kind {
                EntryKind::Game {
                    opponent,
                    side,
                    result,
                } => Some((opponent, side, result, e.points)),
                EntryKind::Bye | EntryKind::Rest => None,
            })
        };
        let raw = match self {
            TieBreak::Points => quarter(history.points(p)),
            TieBreak::MatchPoints => match_points(history, p),
            TieBreak::HeadToHead => {
                let members: HashSet<PlayerId> = group.iter().copied().collect();
                if !all_met(history, group) {
                    0
                } else {
                    played()
                        .filter(|(o, ..)| members.contains(o))
                        .map(|(.., pts)| quarter(pts))
                        .sum()
                }
            }
            TieBreak::Unbeaten => i64::from(!played().any(|(_, _, r, _)| r.is_loss())),
            TieBreak::FewerLosses => played().filter(|(_, _, r, _)| r.is_loss()).count() as i64,
            TieBreak::FewerFouls => entries.iter().map(|e| i64::from(e.fouls)).sum(),
            TieBreak::Buchholz => opponent_scores(history, p).iter().sum(),
            TieBreak::BuchholzCut1 => {
                let s = opponent_scores(history, p);
                s.iter().sum::<i64>() - s.iter().min().copied().unwrap_or(0)
            }
            TieBreak::Progressive => progressive(history, p),
            TieBreak::Wins => played().filter(|(_, _, r, _)| r.is_win()).count() as i64,
            TieBreak::WinsAsSecond => played()
                .filter(|(_, s, r, _)| *s == Mover::Second && *r == PlayerResult::Win)
                .count() as i64,
            TieBreak::GamesAsSecond => played()
                .filter(|(_, s, r, _)| *s == Mover::Second && r.played())
                .count() as i64,
            TieBreak::SonnebornBerger => played()
                .map(|(opp, _, r, _)| {
                    let q = quarter(history.points(opp));
                    match r {
                        PlayerResult::Win => q,
                        PlayerResult::Draw => q / 2,
                        _ => 0,
                    }
                })
                .sum(),
        };
        TieValue {
            raw,
            score: self.is_score(),
        }
    }
}

/// Match points (比赛分) in quarters: per opponent, 4 for more points than he scored in our
/// games, 2 for as many, 0 for fewer.
fn match_points(history: &History, p: PlayerId) -> i64 {
    let mut per: BTreeMap<PlayerId, (i32, i32)> = BTreeMap::new();
    for e in history.entries(p) {
        if let EntryKind::Game { opponent, .. } = e.kind {
            let his = entries_points_against(history, opponent, p);
            let slot = per.entry(opponent).or_insert((0, his));
            slot.0 += e.points.halves();
        }
    }
    per.values()
        .map(|&(mine, his)| match mine.cmp(&his) {
            std::cmp::Ordering::Greater => 4,
            std::cmp::Ordering::Equal => 2,
            std::cmp::Ordering::Less => 0,
        })
        .sum()
}

/// The progressive score (累进分) in quarters: the sum of the running score after each round.
fn progressive(history: &History, p: PlayerId) -> i64 {
    let quarter = |pts: crate::Points| i64::from(pts.halves()) * 2;
    let mut running = 0i64;
    let mut total = 0i64;
    let last = (0..history.len())
        .flat_map(|i| history.records[i].iter().map(|e| e.round))
        .max()
        .unwrap_or(0);
    let mut by_round = vec![0i64; last as usize + 1];
    for e in history.entries(p) {
        by_round[e.round as usize] += quarter(e.points);
    }
    for gained in by_round.iter().skip(1) {
        running += gained;
        total += running;
    }
    total
}

/// Points (in half-points) that `me` scored against `opp`.
fn entries_points_against(history: &History, me: PlayerId, opp: PlayerId) -> i32 {
    history
        .entries(me)
        .iter()
        .filter(|e| e.opponent() == Some(opp))
        .map(|e| e.points.halves())
        .sum()
}

/// Opponents' final scores in quarter-points, one per game (a bye adds nothing).
fn opponent_scores(history: &History, p: PlayerId) -> Vec<i64> {
    history
        .entries(p)
        .iter()
        .filter_map(|e| e.opponent())
        .map(|o| i64::from(history.points(o).halves()) * 2)
        .collect()
}

fn all_met(history: &History, group: &[PlayerId]) -> bool {
    group.iter().enumerate().all(|(i, &a)| {
        group[i + 1..]
            .iter()
            .all(|&b| history.entries(a).iter().any(|e| e.opponent() == Some(b)))
    })
}

/// A tie-break value: quarter-points for scores, a plain number for counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct TieValue {
    /// Quarter-points (scores) or the count.
    pub raw: i64,
    /// Whether `raw` is in quarter-points.
    pub score: bool,
}

impl fmt::Display for TieValue {
    /// Shown in the event's points, with as many decimals as needed (`3`, `2.5`, `1.75`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.score {
            return write!(f, "{}", self.raw);
        }
        let sign = if self.raw < 0 { "-" } else { "" };
        let a = self.raw.abs();
        match a % 4 {
            0 => write!(f, "{sign}{}", a / 4),
            2 => write!(f, "{sign}{}.5", a / 4),
            1 => write!(f, "{sign}{}.25", a / 4),
            _ => write!(f, "{sign}{}.75", a / 4),
        }
    }
}

/// Ready-made chains.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TieBreakPreset {
    /// 1960 §13 二, one game per pairing: points, head-to-head, unbeaten, fewer infractions,
    /// then the place is shared.
    Single1960,
    /// 1960 §13 三, two or more games per pairing: 大分, 小分, head-to-head, unbeaten, fewer
    /// infractions, shared.
    TwoGame1960,
    /// Chinese online platforms (云比赛): points, 对手分 (Buchholz), 累进分 (progressive).
    ChineseSwiss,
    /// Match BP Online's default "ACDEF" (`grpm_moshi` in its `bp/user/xinjian.php`): points,
    /// 对手分, 胜局, fewer fouls, 后手胜局, 后手局.
    ChineseSwissFull,
    /// A modern round robin: points, head-to-head, Sonneborn–Berger, wins, wins as second.
    RoundRobinModern,
    /// FIDE-style Swiss: points, Buchholz cut 1, Buchholz, Sonneborn–Berger, progressive.
    FideSwiss,
}

impl TieBreakPreset {
    /// The chain, primary score first.
    ///
    /// ```
    /// use xiangqi_tournament::{TieBreak, TieBreakPreset};
    /// assert_eq!(TieBreakPreset::TwoGame1960.chain()[..2], [TieBreak::MatchPoints, TieBreak::Points]);
    /// ```
    pub fn chain(self) -> Vec<TieBreak> {
        use TieBreak::*;
        match self {
            TieBreakPreset::Single1960 => vec![Points, HeadToHead, Unbeaten, FewerFouls],
            TieBreakPreset::TwoGame1960 => {
                vec![MatchPoints, Points, HeadToHead, Unbeaten, FewerFouls]
            }
            TieBreakPreset::ChineseSwiss => vec![Points, Buchholz, Progressive],
            TieBreakPreset::ChineseSwissFull => {
                vec![
                    Points,
                    Buchholz,
                    Wins,
                    FewerFouls,
                    WinsAsSecond,
                    GamesAsSecond,
                ]
            }
            TieBreakPreset::RoundRobinModern => {
                vec![Points, HeadToHead, SonnebornBerger, Wins, WinsAsSecond]
            }
            TieBreakPreset::FideSwiss => {
                vec![Points, BuchholzCut1, Buchholz, SonnebornBerger, Progressive]
            }
        }
    }
}

/// A word of a tie-break chain that is neither a preset nor a criterion (as written, with
/// hyphens read as underscores).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownCriterion(pub String);

impl std::fmt::Display for UnknownCriterion {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "unknown tie-break criterion {:?}", self.0)
    }
}

impl std::error::Error for UnknownCriterion {}

/// A tie-break chain as a person writes it: a preset's name (`chinese-swiss`, `fide_swiss`,
/// …) or criteria separated by commas (`points,buchholz,progressive`), hyphens or
/// underscores alike. The command line and the server's events read chains with it, so both
/// accept the same words.
///
/// # Errors
///
/// The first word that is neither a preset nor a criterion.
///
/// ```
/// use xiangqi_tournament::{TieBreak, tiebreak::parse_chain};
/// assert_eq!(parse_chain("chinese-swiss").unwrap()[1], TieBreak::Buchholz);
/// assert_eq!(parse_chain("two_game_1960").unwrap()[0], TieBreak::MatchPoints);
/// assert_eq!(parse_chain("points, head-to-head").unwrap().len(), 2);
/// assert_eq!(parse_chain("points,luck").unwrap_err().0, "luck");
/// ```
pub fn parse_chain(s: &str) -> Result<Vec<TieBreak>, UnknownCriterion> {
    let preset = match s.trim().replace('_', "-").as_str() {
        "single-1960" => Some(TieBreakPreset::Single1960),
        "two-game-1960" => Some(TieBreakPreset::TwoGame1960),
        "chinese-swiss" => Some(TieBreakPreset::ChineseSwiss),
        "chinese-swiss-full" => Some(TieBreakPreset::ChineseSwissFull),
        "round-robin-modern" => Some(TieBreakPreset::RoundRobinModern),
        "fide-swiss" => Some(TieBreakPreset::FideSwiss),
        _ => None,
    };
    if let Some(p) = preset {
        return Ok(p.chain());
    }
    s.split(',')
        .map(|c| {
            let c = c.trim().replace('-', "_");
            serde_json::from_value::<TieBreak>(serde_json::Value::String(c.clone()))
                .map_err(|_| UnknownCriterion(c))
        })
        .collect()
}
