//! What `GET /api/events/{id}` answers: status, players, rounds with boards and results,
//! standings with tie-breaks (the tournament crate's, with the event's chain), the
//! crosstable, and for knockouts the bracket.

use serde_json::{Value, json};
use xiangqi_tournament::Outcome;
use xiangqi_tournament::export::Crosstable;
use xiangqi_tournament::knockout::Slot;

use super::model::{Competition, Format};
use super::standings::points;

/// A result as the API shows it, red first: `1-0`, `0-1`, `1/2`, `+-`, `-+`, `--`.
///
/// ```
/// use xiangqi_competition::view::result_text;
/// use xiangqi_tournament::Outcome;
/// assert_eq!(result_text(Outcome::Draw), "1/2");
/// assert_eq!(result_text(Outcome::SecondWinsByForfeit), "-+");
/// ```
pub fn result_text(o: Outcome) -> String {
    o.to_string()
}
impl Competition {
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
    ///
    /// ```
    /// # use xiangqi_competition::{Competition, SpecError, create_event::parse_create_event};
    /// # use xiangqi_tournament::{Outcome, Player};
    /// # let event = |j: &str| Competition::new(parse_create_event(j.as_bytes(), |_| Ok::<(), SpecError>(())).unwrap(), "ev", 0, 7, ["", ""]);
    /// # let four = |j: &str| { let mut c = event(j); for n in ["A", "B", "C", "D"] { c.register(Player::new(n), String::new()).unwrap(); } c };
    /// let c = four(r#"{"name": "Club", "system": "round_robin"}"#);
    /// let v = c.view();
    /// assert_eq!((v["name"].as_str(), v["status"].as_str()), (Some("Club"), Some("registration")));
    /// ```
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
