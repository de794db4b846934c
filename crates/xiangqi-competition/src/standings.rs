//! The standings `GET /api/events/{id}` shows, best first, whatever the format: a table's
//! with the event's tie-break chain (the tournament crate's ranking), a play-off's order for
//! a shared first place (1960 §13 四), a bracket's places, the teams' table (大分, 小分),
//! the card knockout's rounds reached, and a grouped event's stages.

use serde_json::{Value, json};
use xiangqi_tournament::knockout::Slot;
use xiangqi_tournament::{Mover, Points, Scoring};

use super::model::{Competition, Format};

/// A decimal text (`3`, `2.5`) as a JSON number: whole numbers as integers.
fn number(text: String) -> Value {
    if let Ok(n) = text.parse::<i64>() {
        return n.into();
    }
    text.parse::<f64>().map_or(Value::String(text), Value::from)
}

pub(crate) fn points(p: Points) -> Value {
    number(p.to_string())
}

impl Competition {
    /// The standings, best first: `[{"place", "player", "name", "points", "tiebreaks"}]`.
    ///
    /// ```
    /// # use xiangqi_competition::{Competition, SpecError, create_event::parse_create_event};
    /// # use xiangqi_tournament::{Outcome, Player};
    /// # let event = |j: &str| Competition::new(parse_create_event(j.as_bytes(), |_| Ok::<(), SpecError>(())).unwrap(), "ev", 0, 7, ["", ""]);
    /// # let four = |j: &str| { let mut c = event(j); for n in ["A", "B", "C", "D"] { c.register(Player::new(n), String::new()).unwrap(); } c };
    /// let mut c = four(r#"{"system": "round_robin"}"#);
    /// c.pair_next_round().unwrap();
    /// c.set_result(1, 1, Outcome::FirstWins).unwrap();
    /// let rows = c.standings();
    /// assert_eq!(rows.as_array().map(Vec::len), Some(4));
    /// assert_eq!(rows[0]["points"], 2); // a win is two points under the 1960 scoring
    /// ```
    pub fn standings(&self) -> Value {
        if matches!(self.format, Format::Team { .. }) {
            return self.team_standings_view();
        }
        if self.groups.is_some() {
            return self.groups_standings();
        }
        if let Some(t) = &self.tournament {
            let rows = self.table_rows(t, |p| self.by_number(p.0).map_or(0, |e| e.id));
            return Value::Array(self.with_playoff(rows));
        }
        if self.cards.is_some() {
            return self.cards_standings();
        }
        self.bracket_standings()
    }

    /// The tournament crate's standings of `t`, its players mapped to registration numbers
    /// by `id`.
    pub(crate) fn table_rows(
        &self,
        t: &xiangqi_tournament::Tournament,
        id: impl Fn(xiangqi_tournament::PlayerId) -> u32,
    ) -> Vec<Value> {
        let s = t.standings();
        s.rows
            .iter()
            .map(|r| {
                let tiebreaks: serde_json::Map<String, Value> = s
                    .criteria
                    .iter()
                    .zip(&r.values)
                    .map(|(c, v)| {
                        (
                            c.code().to_owned(),
                            v.map_or(Value::Null, |v| number(v.to_string())),
                        )
                    })
                    .collect();
                let id = id(r.player);
                json!({
                    "place": r.rank, "shared": r.shared, "player": id,
                    "number": self.entry(id).and_then(|e| e.number),
                    "name": self.name_of(id), "points": points(r.points), "games": r.games,
                    "wins": r.wins, "draws": r.draws, "losses": r.losses, "tiebreaks": tiebreaks,
                    "fouls": self.fouls_of(id),
                })
            })
            .collect()
    }

    /// The rows sharing first place put in the play-off's order, once it is decided.
    fn with_playoff(&self, mut rows: Vec<Value>) -> Vec<Value> {
        let place = |r: &Value| {
            r["player"]
                .as_u64()
                .and_then(|p| self.playoff_place(p as u32))
        };
        if rows.iter().all(|r| place(r).is_none()) {
            return rows;
        }
        for r in &mut rows {
            if let (Some(p), Some(map)) = (place(r), r.as_object_mut()) {
                map.insert("place".into(), p.into());
                map.insert("shared".into(), false.into());
                map.insert("playoff".into(), true.into());
            }
        }
        rows.sort_by_key(|r| r["place"].as_u64().unwrap_or(u64::MAX));
        rows
    }

    /// A knockout's order: the champion first, then by matches won, then by game points
    /// (equal on both: a shared place). Decision written in the README.
    fn bracket_standings(&self) -> Value {
        let Some(state) = &self.bracket else {
            return Value::Array(Vec::new());
        };
        let scoring = Scoring::rules_1960();
        let champion = state.bracket.champion().map(|p| p.0);
        let mut rows: Vec<(bool, u32, i32, u32)> = self
            .entries
            .iter()
            .filter_map(|e| e.number)
            .map(|n| {
                let won = state
                    .pairings
                    .iter()
                    .filter(|p| {
                        state.bracket.matches[p.index].winner.is_some_and(|w| {
                            let side = state.bracket.matches[p.index].sides[w];
                            state.bracket.slot(side)
                                == Slot::Player(xiangqi_tournament::PlayerId(n))
                        })
                    })
                    .count() as u32;
                let mut halves = 0;
                for b in self.boards.iter().filter(|b| b.outcome.is_some()) {
                    let Some(o) = b.outcome else { continue };
                    let side = if self.entry(b.red).and_then(|e| e.number) == Some(n) {
                        Mover::First
                    } else if self.entry(b.black).and_then(|e| e.number) == Some(n) {
                        Mover::Second
                    } else {
                        continue;
                    };
                    halves += scoring.points(o.for_side(side)).halves();
                }
                (champion == Some(n), won, halves, n)
            })
            .collect();
        rows.sort_by_key(|&(c, w, h, n)| (std::cmp::Reverse((c, w, h)), n));
        let mut out = Vec::new();
        for (i, &(c, w, h, n)) in rows.iter().enumerate() {
            let place = rows
                .iter()
                .position(|&(c2, w2, h2, _)| (c2, w2, h2) == (c, w, h))
                .unwrap_or(i)
                + 1;
            let shared = rows
                .iter()
                .filter(|&&(c2, w2, h2, _)| (c2, w2, h2) == (c, w, h))
                .count()
                > 1;
            let id = self.by_number(n).map_or(0, |e| e.id);
            out.push(json!({
                "place": place, "shared": shared, "player": id, "number": n, "name": self.name_of(id),
                "points": points(Points::from_halves(h)), "tiebreaks": {"matches_won": w},
            }));
        }
        Value::Array(out)
    }

    fn team_standings_view(&self) -> Value {
        let mut rows = self.team_rows();
        // The whole-team round robin is one contest: the total of board points ranks.
        let whole = matches!(
            self.format,
            Format::Team {
                whole_team: true,
                ..
            }
        );
        if whole {
            rows.sort_by_key(|(r, _)| {
                (
                    std::cmp::Reverse(r.board_points),
                    std::cmp::Reverse(r.match_points),
                    r.team,
                )
            });
            for i in 0..rows.len() {
                let level = i > 0
                    && (rows[i].0.board_points, rows[i].0.match_points)
                        == (rows[i - 1].0.board_points, rows[i - 1].0.match_points);
                rows[i].0.rank = if level {
                    rows[i - 1].0.rank
                } else {
                    i as u32 + 1
                };
            }
        }
        let rows: Vec<Value> = rows
            .iter()
            .map(|(r, _)| {
                let name = self.team(r.team).map(|t| t.name.clone()).unwrap_or_default();
                let primary = if whole { r.board_points } else { r.match_points };
                json!({
                    "place": r.rank, "team": r.team, "name": name, "points": points(primary),
                    "tiebreaks": {"match_points": points(r.match_points), "board_points": points(r.board_points)},
                })
            })
            .collect();
        Value::Array(rows)
    }

    /// A card knockout's order: the last one in first, then by the stage each went out in
    /// (later is better; one stage shares a place).
    fn cards_standings(&self) -> Value {
        let Some(c) = &self.cards else {
            return Value::Array(Vec::new());
        };
        let reached = |n: u32| {
            c.out
                .iter()
                .find(|(p, _)| *p == n)
                .map_or(c.stage + 1, |(_, stage)| *stage)
        };
        let mut numbers: Vec<u32> = self.entries.iter().filter_map(|e| e.number).collect();
        numbers.sort_by_key(|&n| (std::cmp::Reverse(reached(n)), n));
        let rows: Vec<Value> = numbers
            .iter()
            .map(|&n| {
                let better = numbers.iter().filter(|&&m| reached(m) > reached(n)).count();
                let level = numbers
                    .iter()
                    .filter(|&&m| reached(m) == reached(n))
                    .count();
                let id = self.by_number(n).map_or(0, |e| e.id);
                json!({
                    "place": better + 1, "shared": level > 1, "player": id, "number": n,
                    "name": self.name_of(id), "points": reached(n),
                    "tiebreaks": {"stage_reached": reached(n)},
                })
            })
            .collect();
        Value::Array(rows)
    }

    /// The codes of the standings' criteria, primary first (the keys of each row's
    /// `tiebreaks`; a JSON object has no order).
    ///
    /// ```
    /// # use xiangqi_competition::{Competition, SpecError, create_event::parse_create_event};
    /// # use xiangqi_tournament::{Outcome, Player};
    /// # let event = |j: &str| Competition::new(parse_create_event(j.as_bytes(), |_| Ok::<(), SpecError>(())).unwrap(), "ev", 0, 7, ["", ""]);
    /// # let four = |j: &str| { let mut c = event(j); for n in ["A", "B", "C", "D"] { c.register(Player::new(n), String::new()).unwrap(); } c };
    /// let c = event(r#"{"system": "team_round_robin", "boards": 2}"#);
    /// assert_eq!(c.tiebreak_chain(), vec!["match_points", "board_points"]);
    /// let table = four(r#"{"system": "swiss", "rounds": 5, "tiebreaks": "points,buchholz"}"#);
    /// assert_eq!(table.tiebreak_chain().len(), 2);
    /// ```
    pub fn tiebreak_chain(&self) -> Vec<&'static str> {
        match &self.format {
            Format::Table { settings } => settings.tiebreaks.iter().map(|c| c.code()).collect(),
            Format::Team {
                whole_team: true, ..
            } => vec!["board_points", "match_points"],
            Format::Team { .. } => vec!["match_points", "board_points"],
            Format::Groups { settings, .. } => {
                settings.tiebreaks.iter().map(|c| c.code()).collect()
            }
            Format::Bracket { .. } => vec!["matches_won"],
            Format::Cards { .. } => vec!["stage_reached"],
        }
    }

    /// Overall standings: the final's, then the consolation event's; before the final, every
    /// group's one after the other, each row with its `group`.
    pub(crate) fn groups_standings(&self) -> Value {
        let Some(g) = &self.groups else {
            return Value::Array(Vec::new());
        };
        let groups = g.event.groups.len() as u32;
        let stages: Vec<u32> = if g.event.final_stage.is_some() {
            vec![groups, groups + 1]
        } else {
            (0..groups).collect()
        };
        let mut out = Vec::new();
        let mut offset = 0;
        for s in stages {
            let Some(t) = g.stage(s) else { continue };
            let mut rows = self.table_rows(t, |p| self.id_of(g.overall(s, p)));
            for r in &mut rows {
                if let Some(map) = r.as_object_mut() {
                    if s >= groups {
                        let place = map.get("place").and_then(Value::as_u64).unwrap_or(0);
                        map.insert("place".into(), (place + offset).into());
                    }
                    map.insert("stage".into(), g.stage_name(s).into());
                }
            }
            if s >= groups {
                offset += rows.len() as u64;
            }
            out.extend(rows);
        }
        Value::Array(out)
    }
}
