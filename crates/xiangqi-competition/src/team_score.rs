//! A team match's score and the teams' table (1960 §8 二): each board's result counts for
//! the home or the away team by the side its player had, the match is scored by board
//! points into match points ([`score_match`]), and the teams are ranked by match points,
//! then board points ([`team_standings`]).

use xiangqi_tournament::team::{
    MatchScoring, TeamMatchScore, TeamRow, score_match, team_standings,
};
use xiangqi_tournament::{Mover, Outcome, PlayerId, Scoring};

use super::model::{Competition, Refused, Team};

impl Competition {
    /// The home team's result on each board of match `m`, if every board has its result.
    fn home_results(&self, m: usize) -> Option<Vec<xiangqi_tournament::PlayerResult>> {
        let home = self.team_matches.get(m)?.teams[0];
        let mut out = Vec::new();
        for b in self.boards.iter().filter(|b| b.team_match == Some(m)) {
            let o = b.outcome?;
            let home_red = self.entry(b.red).and_then(|e| e.team).map(|t| t.0) == Some(home);
            out.push(o.for_side(if home_red {
                Mover::First
            } else {
                Mover::Second
            }));
        }
        Some(out)
    }

    fn match_score(&self, m: usize) -> Option<TeamMatchScore> {
        let results = self.home_results(m)?;
        (!results.is_empty())
            .then(|| score_match(&results, &Scoring::rules_1960(), &MatchScoring::default()))
    }

    /// A team board's result; once the match is complete its result (by board points) goes
    /// into the teams' table.
    pub(crate) fn set_team_board(&mut self, i: usize, outcome: Outcome) -> Result<(), Refused> {
        self.boards[i].outcome = Some(outcome);
        let Some(m) = self.boards[i].team_match else {
            return Ok(());
        };
        let Some(score) = self.match_score(m) else {
            return Ok(());
        };
        let [home, away] = score.match_points;
        let result = match home.cmp(&away) {
            std::cmp::Ordering::Greater => Outcome::FirstWins,
            std::cmp::Ordering::Equal => Outcome::Draw,
            std::cmp::Ordering::Less => Outcome::SecondWins,
        };
        let (round, board) = (self.team_matches[m].round, self.team_matches[m].table_board);
        if let Some(t) = self.tournament.as_mut() {
            t.set_result(round, board, result)?;
        }
        Ok(())
    }

    /// The teams ranked by match points, then board points (大分, 小分: the crate's
    /// [`team_standings`]).
    ///
    /// ```
    /// # use xiangqi_competition::{Competition, SpecError, create_event::parse_create_event};
    /// # use xiangqi_tournament::{Outcome, Player};
    /// # let event = |j: &str| Competition::new(parse_create_event(j.as_bytes(), |_| Ok::<(), SpecError>(())).unwrap(), "ev", 0, 7, ["", ""]);
    /// # let four = |j: &str| { let mut c = event(j); for n in ["A", "B", "C", "D"] { c.register(Player::new(n), String::new()).unwrap(); } c };
    /// let mut c = event(r#"{"system": "team_round_robin", "boards": 2}"#);
    /// for name in ["X", "Y"] {
    ///     let squad = vec![(Player::new("a"), String::new()), (Player::new("b"), String::new())];
    ///     c.register_team(name.into(), String::new(), squad).unwrap();
    /// }
    /// assert_eq!(c.team_rows().len(), 2);
    /// ```
    pub fn team_rows(&self) -> Vec<(TeamRow, Option<TeamMatchScore>)> {
        let scored: Vec<(u32, u32, TeamMatchScore)> = (0..self.team_matches.len())
            .filter_map(|m| {
                let s = self.match_score(m)?;
                let [h, a] = self.team_matches[m].teams;
                Some((h, a, s))
            })
            .collect();
        team_standings(self.teams.len() as u32, &scored)
            .into_iter()
            .map(|r| (r, None))
            .collect()
    }

    /// Match `m`'s score so far, for the view.
    ///
    /// ```
    /// # use xiangqi_competition::{Competition, SpecError, create_event::parse_create_event};
    /// # use xiangqi_tournament::{Outcome, Player};
    /// # let event = |j: &str| Competition::new(parse_create_event(j.as_bytes(), |_| Ok::<(), SpecError>(())).unwrap(), "ev", 0, 7, ["", ""]);
    /// # let four = |j: &str| { let mut c = event(j); for n in ["A", "B", "C", "D"] { c.register(Player::new(n), String::new()).unwrap(); } c };
    /// let mut c = event(r#"{"system": "team_round_robin", "boards": 2}"#);
    /// for name in ["X", "Y"] {
    ///     let squad = vec![(Player::new("a"), String::new()), (Player::new("b"), String::new())];
    ///     c.register_team(name.into(), String::new(), squad).unwrap();
    /// }
    /// c.pair_next_round().unwrap();
    /// assert!(c.team_match_score(0).is_none()); // no board played yet
    /// assert!(c.team_match_score(5).is_none());
    /// ```
    pub fn team_match_score(&self, m: usize) -> Option<TeamMatchScore> {
        self.match_score(m)
    }

    /// Team `n`'s number in the table as a [`PlayerId`].
    ///
    /// ```
    /// # use xiangqi_competition::{Competition, SpecError, create_event::parse_create_event};
    /// # use xiangqi_tournament::{Outcome, Player};
    /// # let event = |j: &str| Competition::new(parse_create_event(j.as_bytes(), |_| Ok::<(), SpecError>(())).unwrap(), "ev", 0, 7, ["", ""]);
    /// # let four = |j: &str| { let mut c = event(j); for n in ["A", "B", "C", "D"] { c.register(Player::new(n), String::new()).unwrap(); } c };
    /// let mut c = event(r#"{"system": "team_round_robin", "boards": 2}"#);
    /// for name in ["X", "Y"] {
    ///     let squad = vec![(Player::new("a"), String::new()), (Player::new("b"), String::new())];
    ///     c.register_team(name.into(), String::new(), squad).unwrap();
    /// }
    /// use xiangqi_tournament::PlayerId;
    /// assert!(c.team_number(PlayerId(1)).is_none()); // numbered at the start
    /// c.pair_next_round().unwrap();
    /// assert!(c.team_number(PlayerId(1)).is_some());
    /// ```
    pub fn team_number(&self, n: PlayerId) -> Option<&Team> {
        self.teams.iter().find(|t| t.number == Some(n.0))
    }
}
