//! The rounds of every kind of event: which state pairs the next round, where a board's
//! result is kept and goes, and whether the event is over. The systems' own files
//! (`registration`, `bracket`, `team`, `groups`, `playoff`) do the work.

use xiangqi_tournament::Outcome;

use super::model::{Board, Competition, Format, Refused, refuse};

impl Competition {
    /// `registration`, `running` or `finished`.
    ///
    /// ```
    /// # use xiangqi_competition::{Competition, SpecError, create_event::parse_create_event};
    /// # use xiangqi_tournament::{Outcome, Player};
    /// # let event = |j: &str| Competition::new(parse_create_event(j.as_bytes(), |_| Ok::<(), SpecError>(())).unwrap(), "ev", 0, 7, ["", ""]);
    /// # let four = |j: &str| { let mut c = event(j); for n in ["A", "B", "C", "D"] { c.register(Player::new(n), String::new()).unwrap(); } c };
    /// let mut c = four(r#"{"system": "round_robin"}"#);
    /// assert_eq!(c.status(), "registration");
    /// c.pair_next_round().unwrap();
    /// assert_eq!(c.status(), "running");
    /// ```
    pub fn status(&self) -> &'static str {
        if !self.started() {
            return "registration";
        }
        let open = self.boards.iter().any(|b| self.outcome_of(b).is_none());
        if let Some(g) = &self.groups {
            return if g.done() && !open {
                "finished"
            } else {
                "running"
            };
        }
        let done = match (&self.tournament, &self.bracket) {
            (Some(t), _) => {
                t.rounds.len() as u32 >= t.planned_rounds()
                    && t.rounds.last().is_none_or(|r| r.unfinished().is_empty())
                    && (!self.playoff_for_first
                        || self.playoff.as_ref().map_or_else(
                            || self.boards.iter().all(|b| !b.playoff) && !self.first_is_shared(),
                            |p| p.order.is_some(),
                        ))
            }
            (_, Some(b)) => b.bracket.champion().is_some(),
            _ if self.cards.is_some() => self.cards.as_ref().is_some_and(|c| c.alive.len() == 1),
            _ => match self.format {
                Format::Team {
                    whole_team: true,
                    boards,
                    ..
                } => self.team_matches.len() as u32 >= boards,
                _ => false,
            },
        };
        if done && !open { "finished" } else { "running" }
    }

    /// Pairs the next round: its boards (games not yet created) and its byes, by
    /// registration number.
    ///
    /// # Errors
    ///
    /// A round still being played, the last round paired, too few players.
    ///
    /// ```
    /// # use xiangqi_competition::{Competition, SpecError, create_event::parse_create_event};
    /// # use xiangqi_tournament::{Outcome, Player};
    /// # let event = |j: &str| Competition::new(parse_create_event(j.as_bytes(), |_| Ok::<(), SpecError>(())).unwrap(), "ev", 0, 7, ["", ""]);
    /// # let four = |j: &str| { let mut c = event(j); for n in ["A", "B", "C", "D"] { c.register(Player::new(n), String::new()).unwrap(); } c };
    /// let mut c = four(r#"{"system": "round_robin"}"#);
    /// assert_eq!(c.pair_next_round().unwrap(), (1, vec![]));
    /// assert_eq!(c.boards.len(), 2);
    /// // Not before every board of round 1 has its result.
    /// assert!(c.pair_next_round().is_err());
    /// ```
    pub fn pair_next_round(&mut self) -> Result<(u32, Vec<u32>), Refused> {
        if let Some(b) = self.boards.iter().find(|b| self.outcome_of(b).is_none()) {
            return refuse(
                format!("round {} board {} has no result yet", b.round, b.board),
                format!("第{}轮第{}台还没有结果", b.round, b.board),
            );
        }
        if let Some(m) = self
            .team_matches
            .iter()
            .find(|m| m.lineups.iter().any(Option::is_none))
        {
            return refuse(
                format!(
                    "round {} match {}: a line-up is still missing",
                    m.round, m.table_board
                ),
                format!("第{}轮第{}场团体赛还缺出场名单", m.round, m.table_board),
            );
        }
        if !self.started() {
            if matches!(self.format, Format::Team { .. }) {
                self.start_teams()?;
            } else {
                self.start()?;
            }
        }
        if let Some(paired) = self.pair_playoff_round()? {
            return Ok(paired);
        }
        if matches!(
            self.format,
            Format::Team {
                whole_team: true,
                ..
            }
        ) {
            self.pair_whole_team_round()
        } else if matches!(self.format, Format::Team { .. }) {
            self.pair_team_round()
        } else if self.groups.is_some() {
            self.pair_groups_round()
        } else if self.cards.is_some() {
            self.pair_cards_round()
        } else if self.tournament.is_some() {
            self.pair_table_round()
        } else {
            self.pair_bracket_round()
        }
    }

    fn pair_table_round(&mut self) -> Result<(u32, Vec<u32>), Refused> {
        let Some(t) = self.tournament.as_mut() else {
            return refuse("no table", "尚未编排，没有轮次表");
        };
        let number = t.pair_next_round()?;
        let round = t.rounds[number as usize - 1].clone();
        let byes = round.bye.map(|(p, _)| vec![p]).unwrap_or_default();
        for g in &round.games {
            let board = Board::new(number, g.board, self.id_of(g.first), self.id_of(g.second));
            self.boards.push(board);
        }
        Ok((number, byes.into_iter().map(|p| self.id_of(p)).collect()))
    }

    /// The result of a board, wherever it is kept.
    ///
    /// ```
    /// # use xiangqi_competition::{Competition, SpecError, create_event::parse_create_event};
    /// # use xiangqi_tournament::{Outcome, Player};
    /// # let event = |j: &str| Competition::new(parse_create_event(j.as_bytes(), |_| Ok::<(), SpecError>(())).unwrap(), "ev", 0, 7, ["", ""]);
    /// # let four = |j: &str| { let mut c = event(j); for n in ["A", "B", "C", "D"] { c.register(Player::new(n), String::new()).unwrap(); } c };
    /// let mut c = four(r#"{"system": "round_robin"}"#);
    /// c.pair_next_round().unwrap();
    /// assert_eq!(c.outcome_of(&c.boards[0]), None);
    /// c.set_result(1, 1, Outcome::Draw).unwrap();
    /// assert_eq!(c.outcome_of(&c.boards[0]), Some(Outcome::Draw));
    /// ```
    pub fn outcome_of(&self, b: &Board) -> Option<Outcome> {
        if b.team_match.is_some() || (b.playoff && b.bracket_match.is_none()) {
            return b.outcome;
        }
        if let (Some((stage, round, board)), Some(g)) = (b.stage, &self.groups) {
            return g.outcome(stage, round, board);
        }
        match &self.tournament {
            Some(t) => t
                .rounds
                .get(b.round as usize - 1)?
                .games
                .iter()
                .find(|g| g.board == b.board)?
                .outcome
                .or(b.outcome),
            None => b.outcome,
        }
    }

    /// Records (or corrects, for a table event) a board's result, red first.
    ///
    /// # Errors
    ///
    /// No such board; a bracket game whose match has moved on.
    ///
    /// ```
    /// # use xiangqi_competition::{Competition, SpecError, create_event::parse_create_event};
    /// # use xiangqi_tournament::{Outcome, Player};
    /// # let event = |j: &str| Competition::new(parse_create_event(j.as_bytes(), |_| Ok::<(), SpecError>(())).unwrap(), "ev", 0, 7, ["", ""]);
    /// # let four = |j: &str| { let mut c = event(j); for n in ["A", "B", "C", "D"] { c.register(Player::new(n), String::new()).unwrap(); } c };
    /// let mut c = four(r#"{"system": "round_robin"}"#);
    /// c.pair_next_round().unwrap();
    /// assert!(c.set_result(1, 2, Outcome::FirstWins).is_ok());
    /// assert_eq!(c.set_result(1, 9, Outcome::Draw).unwrap_err().to_string(), "round 1 has no board 9");
    /// ```
    pub fn set_result(&mut self, round: u32, board: u32, outcome: Outcome) -> Result<(), Refused> {
        let i = self.board_at(round, board)?;
        if self.boards[i].team_match.is_some() {
            return self.set_team_board(i, outcome);
        }
        if let (Some((stage, round, board)), Some(g)) = (self.boards[i].stage, self.groups.as_mut())
        {
            return g.set_result(stage, round, board, outcome);
        }
        if self.boards[i].playoff && self.boards[i].bracket_match.is_none() {
            if self.boards[i].outcome.is_some() {
                return refuse(
                    format!("round {round} board {board}: the play-off game has its result"),
                    format!("第{round}轮第{board}台：加赛已有结果"),
                );
            }
            self.boards[i].outcome = Some(outcome);
            self.settle_playoff();
            return Ok(());
        }
        if let Some(t) = self.tournament.as_mut() {
            t.set_result(round, board, outcome)?;
            return Ok(());
        }
        if self.cards.is_some() {
            return self.set_cards_board(i, outcome);
        }
        self.set_bracket_board(i, outcome)
    }
}
