//! What `GET /api/events/{id}` answers: status, players, rounds with boards and results,
//! standings with tie-breaks (the tournament crate's, with the event's chain), the
//! crosstable, and for knockouts the bracket.

use serde_json::{Value, json};
use xiangqi_tournament::export::Crosstable;
use xiangqi_tournament::knockout::Slot;
use xiangqi_tournament::{Outcome, Points, Scoring, Side};

use super::model::{Competition, Format};

/// A decimal text (`3`, `2.5`) as a JSON number: whole numbers as integers.
fn number(text: String) -> Value {
    if let Ok(n) = text.parse::<i64>() {
        return n.into();
    }
    text.parse::<f64>().map_or(Value::String(text), Value::from)
}

fn points(p: Points) -> Value {
    number(p.to_string())
}

/// A result as the API shows it, red first: `1-0`, `0-1`, `1/2`, `+-`, `-+`, `--`.
pub fn result_text(o: Outcome) -> String {
    o.to_string()
}

impl Competition {
    pub(crate) fn name_of(&self, id: u32) -> String {
        self.entry(id)
            .map(|e| e.player.name.clone())
            .unwrap_or_default()
    }

    /// The standings, best first: `[{"place", "player", "name", "points", "tiebreaks"}]`.
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
                        Side::First
                    } else if self.entry(b.black).and_then(|e| e.number) == Some(n) {
                        Side::Second
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

    fn team_matches_view(&self, round: u32) -> Value {
        let matches: Vec<Value> = self
            .team_matches
            .iter()
            .enumerate()
            .filter(|(_, m)| m.round == round)
            .map(|(i, m)| {
                let score = self.team_match_score(i);
                json!({
                    "match": m.table_board, "home": m.teams[0], "away": m.teams[1],
                    "home_name": self.team(m.teams[0]).map(|t| t.name.clone()),
                    "away_name": self.team(m.teams[1]).map(|t| t.name.clone()),
                    "lineups": m.lineups,
                    "board_points": score.map(|s| s.board_points.map(points)),
                    "match_points": score.map(|s| s.match_points.map(points)),
                })
            })
            .collect();
        Value::Array(matches)
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

    fn rounds_view(&self) -> Value {
        let last = self
            .boards
            .iter()
            .map(|b| b.round)
            .chain(self.team_matches.iter().map(|m| m.round))
            .max()
            .unwrap_or(0);
        let rounds: Vec<Value> = (1..=last)
            .map(|round| {
                let boards: Vec<Value> = self
                    .boards
                    .iter()
                    .filter(|b| b.round == round)
                    .map(|b| {
                        let mut v = json!({
                            "board": b.board, "red": b.red, "black": b.black,
                            "red_name": self.name_of(b.red), "black_name": self.name_of(b.black),
                            "game": b.game, "result": self.outcome_of(b).map(result_text),
                            "playoff": b.playoff, "fouls": b.fouls,
                        });
                        if let (Some(i), Some(s), Some(map)) =
                            (b.bracket_match, &self.bracket, v.as_object_mut())
                        {
                            map.insert("match".into(), s.bracket.matches[i].label.clone().into());
                        }
                        v
                    })
                    .collect();
                let byes: Vec<u32> = self
                    .tournament
                    .as_ref()
                    .and_then(|t| t.rounds.get(round as usize - 1))
                    .and_then(|r| r.bye)
                    .and_then(|(p, _)| match self.teams.is_empty() {
                        true => self.by_number(p.0).map(|e| e.id),
                        false => Some(p.0),
                    })
                    .map(|id| vec![id])
                    .unwrap_or_default();
                let mut v = json!({"round": round, "boards": boards, "byes": byes});
                if let (false, Some(map)) = (self.teams.is_empty(), v.as_object_mut()) {
                    map.insert("team_matches".into(), self.team_matches_view(round));
                }
                v
            })
            .collect();
        Value::Array(rounds)
    }

    fn bracket_view(&self) -> Value {
        let Some(s) = &self.bracket else {
            return Value::Null;
        };
        let id = |slot: Slot| match slot {
            Slot::Player(p) => self.by_number(p.0).map_or(Value::Null, |e| e.id.into()),
            Slot::Bye => "bye".into(),
            Slot::Pending => Value::Null,
        };
        let matches: Vec<Value> = s
            .bracket
            .matches
            .iter()
            .enumerate()
            .map(|(i, m)| {
                let pairing = s.pairings.iter().find(|p| p.index == i);
                json!({
                    "label": m.label,
                    "sides": [id(s.bracket.slot(m.sides[0])), id(s.bracket.slot(m.sides[1]))],
                    "winner": m.winner.map(|w| id(s.bracket.slot(m.sides[w]))),
                    "games": pairing.map(|p| p.games.games.iter().map(|o| o.to_string()).collect::<Vec<_>>()),
                    "decided": pairing.and_then(|p| p.decided.clone()),
                })
            })
            .collect();
        let champion = s
            .bracket
            .champion()
            .and_then(|p| self.by_number(p.0))
            .map(|e| e.id);
        json!({"matches": matches, "champion": champion})
    }

    /// The codes of the standings' criteria, primary first (the keys of each row's
    /// `tiebreaks`; a JSON object has no order).
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

    /// Every stage's own standings.
    pub(crate) fn stages_view(&self) -> Value {
        let Some(g) = &self.groups else {
            return Value::Null;
        };
        let count = g.event.groups.len() as u32 + 2;
        let stages: Vec<Value> = (0..count)
            .filter_map(|s| {
                let t = g.stage(s)?;
                let members: Vec<u32> = (0..t.players.len())
                    .map(|i| self.id_of(g.overall(s, xiangqi_tournament::PlayerId::from_index(i))))
                    .collect();
                Some(json!({
                    "stage": g.stage_name(s), "players": members,
                    "standings": self.table_rows(t, |p| self.id_of(g.overall(s, p))),
                }))
            })
            .collect();
        Value::Array(stages)
    }

    /// The whole public view.
    pub fn view(&self) -> Value {
        let players: Vec<Value> = self
            .entries
            .iter()
            .map(|e| {
                json!({
                    "player": e.id, "number": e.number, "name": e.player.name, "club": e.player.club,
                    "rating": e.player.rating, "seed": e.player.seed, "withdrawn": e.removed,
                    "team": e.team.map(|t| t.0), "rank": e.team.map(|t| t.1),
                })
            })
            .collect();
        let (settings, planned) = match (&self.format, &self.tournament) {
            (
                Format::Table { settings }
                | Format::Team { settings, .. }
                | Format::Groups { settings, .. },
                t,
            ) => (
                serde_json::to_value(settings).unwrap_or_default(),
                t.as_ref().map(|t| t.planned_rounds()),
            ),
            (f, _) => (serde_json::to_value(f).unwrap_or_default(), None),
        };
        let crosstable = self.tournament.as_ref().map_or(Value::Null, |t| {
            serde_json::to_value(Crosstable::build(t)).unwrap_or_default()
        });
        json!({
            "id": self.id, "name": self.name, "system": self.system, "status": self.status(),
            "settings": settings, "planned_rounds": planned, "game": self.game,
            "tiebreak_chain": self.tiebreak_chain(),
            "players": players, "rounds": self.rounds_view(), "standings": self.standings(),
            "crosstable": crosstable, "bracket": self.bracket_view(), "log": self.log,
            "foul_notes": self.foul_notes(),
            "cards": self.cards,
            "stages": self.stages_view(),
            "teams": self.teams.iter().map(|t| json!({"team": t.id, "name": t.name, "squad": t.squad})).collect::<Vec<_>>(),
            "boards_per_match": match self.format { Format::Team { boards, .. } => Some(boards), _ => None },
            "log_zh": self.log.iter().map(|l| super::log_zh::log_zh(l).unwrap_or_else(|| l.clone())).collect::<Vec<_>>(),
        })
    }
}
