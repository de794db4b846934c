//! Standings: ranking by a tie-break chain, with every criterion's column.

use serde::Serialize;

use crate::history::History;
use crate::tiebreak::{TieBreak, TieValue};
use crate::{PlayerId, PlayerResult, Points};

/// One line of the standings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct StandingsRow {
    /// Place, from 1. Players who stay level after the whole chain share it (1960 §13 二
    /// "名次并列").
    pub rank: u32,
    /// Whether the place is shared.
    pub shared: bool,
    /// The player.
    pub player: PlayerId,
    /// Total points.
    pub points: Points,
    /// Games with a result (defaults included), wins, draws, losses.
    pub games: u32,
    /// Wins, defaults included.
    pub wins: u32,
    /// Draws.
    pub draws: u32,
    /// Losses, defaults included.
    pub losses: u32,
    /// The value of each criterion of the chain, in chain order. A relative criterion
    /// (head-to-head) has a value only where it was used.
    #[serde(serialize_with = "ser_values")]
    pub values: Vec<Option<TieValue>>,
}

fn ser_values<S: serde::Serializer>(v: &[Option<TieValue>], s: S) -> Result<S::Ok, S::Error> {
    use serde::ser::SerializeSeq;
    let mut seq = s.serialize_seq(Some(v.len()))?;
    for x in v {
        seq.serialize_element(&x.map(|x| x.to_string()))?;
    }
    seq.end()
}

/// A ranked table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Standings {
    /// The criteria, in order; `rows[i].values[k]` belongs to `criteria[k]`.
    pub criteria: Vec<TieBreak>,
    /// Rows, best first; players excluded from the standings are not listed.
    pub rows: Vec<StandingsRow>,
}

impl Standings {
    /// Ranks every player of `history` who is not excluded.
    ///
    /// ```
    /// use xiangqi_tournament::{history::{History, Game, Round}, standings::Standings, Outcome, PlayerId, Scoring, TieBreak};
    /// let mut g = Game::new(1, PlayerId(2), PlayerId(1));
    /// g.outcome = Some(Outcome::Draw);
    /// let h = History::build(2, &[Round { number: 1, games: vec![g], bye: None, rests: vec![], notes: vec![] }], &Scoring::modern(), &[]);
    /// let s = Standings::compute(&h, &[TieBreak::Points, TieBreak::GamesAsSecond]);
    /// assert_eq!(s.rows[0].player, PlayerId(1)); // drew with the second move
    /// ```
    pub fn compute(history: &History, chain: &[TieBreak]) -> Standings {
        let mut criteria = chain.to_vec();
        if !matches!(
            criteria.first(),
            Some(TieBreak::Points | TieBreak::MatchPoints)
        ) {
            criteria.insert(0, TieBreak::Points);
        }
        let ids: Vec<PlayerId> = (0..history.len())
            .filter(|&i| !history.excluded[i])
            .map(PlayerId::from_index)
            .collect();
        let mut values: Vec<Vec<Option<TieValue>>> =
            vec![vec![None; criteria.len()]; history.len()];
        for (k, c) in criteria.iter().enumerate() {
            if !c.is_relative() {
                for &p in &ids {
                    values[p.index()][k] = Some(c.value(history, p, &[]));
                }
            }
        }
        let mut classes = Vec::new();
        refine(history, &criteria, &mut values, ids, 0, &mut classes);
        let mut rows = Vec::with_capacity(history.len());
        let mut ahead = 0u32;
        for class in classes {
            let shared = class.len() > 1;
            for p in &class {
                let entries = history.entries(*p);
                let count = |f: fn(PlayerResult) -> bool| {
                    entries
                        .iter()
                        .filter_map(|e| e.result())
                        .filter(|&r| f(r))
                        .count() as u32
                };
                rows.push(StandingsRow {
                    rank: ahead + 1,
                    shared,
                    player: *p,
                    points: history.points(*p),
                    games: count(|_| true),
                    wins: count(PlayerResult::is_win),
                    draws: count(|r| r == PlayerResult::Draw),
                    losses: count(PlayerResult::is_loss),
                    values: values[p.index()].clone(),
                });
            }
            ahead += class.len() as u32;
        }
        Standings { criteria, rows }
    }

    /// The place written as on a Chinese results table: `3` or `3=` when shared.
    pub fn place_label(row: &StandingsRow) -> String {
        if row.shared {
            format!("{}=", row.rank)
        } else {
            row.rank.to_string()
        }
    }
}

/// Splits `group` (level on the first `level` criteria) into ordered classes.
fn refine(
    history: &History,
    criteria: &[TieBreak],
    values: &mut [Vec<Option<TieValue>>],
    mut group: Vec<PlayerId>,
    level: usize,
    out: &mut Vec<Vec<PlayerId>>,
) {
    if group.len() <= 1 || level == criteria.len() {
        group.sort();
        out.push(group);
        return;
    }
    let c = criteria[level];
    if c.is_relative() && !c.applies(history, &group) {
        refine(history, criteria, values, group, level + 1, out);
        return;
    }
    if c.is_relative() {
        for &p in &group {
            values[p.index()][level] = Some(c.value(history, p, &group));
        }
    }
    let key = |p: &PlayerId, values: &[Vec<Option<TieValue>>]| {
        let v = values[p.index()][level].map_or(0, |v| v.raw);
        if c.lower_is_better() { v } else { -v }
    };
    group.sort_by_key(|p| (key(p, values), *p));
    let mut start = 0;
    while start < group.len() {
        let k = key(&group[start], values);
        let mut end = start + 1;
        while end < group.len() && key(&group[end], values) == k {
            end += 1;
        }
        refine(
            history,
            criteria,
            values,
            group[start..end].to_vec(),
            level + 1,
            out,
        );
        start = end;
    }
}
