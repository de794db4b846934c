//! Seeded groups (分组循环制, 1960 §9 三): the tournament crate's [`GroupedEvent`](xiangqi_tournament::groups::GroupedEvent) (the snake
//! into group round robins, the qualifiers' final); the consolation event (经验交流赛) for
//! the others is a round robin here, the crate having none. An event round pairs the next
//! round of every stage still playing: all groups together, then the final and the
//! consolation event together.

use xiangqi_tournament::{Outcome, Player, PlayerId, Settings, Tournament};

use super::model::{Board, Competition, Format, GroupsState, Refused};

fn finished(t: &Tournament) -> bool {
    t.rounds.len() as u32 >= t.planned_rounds()
        && t.rounds.iter().all(|r| r.unfinished().is_empty())
}

impl GroupsState {
    pub(crate) fn stage(&self, s: u32) -> Option<&Tournament> {
        let g = self.event.groups.len() as u32;
        match s {
            s if s < g => self.event.groups.get(s as usize),
            s if s == g => self.event.final_stage.as_ref(),
            _ => self.consolation.as_ref(),
        }
    }

    pub(crate) fn stage_mut(&mut self, s: u32) -> Option<&mut Tournament> {
        let g = self.event.groups.len() as u32;
        match s {
            s if s < g => self.event.groups.get_mut(s as usize),
            s if s == g => self.event.final_stage.as_mut(),
            _ => self.consolation.as_mut(),
        }
    }

    /// Overall number of stage `s`'s player `p`.
    pub(crate) fn overall(&self, s: u32, p: PlayerId) -> PlayerId {
        let g = self.event.groups.len() as u32;
        let list = match s {
            s if s < g => &self.event.members[s as usize],
            s if s == g => &self.event.finalists,
            _ => &self.consolation_players,
        };
        list.get(p.index()).copied().unwrap_or(PlayerId(0))
    }

    /// A stage game's result.
    ///
    /// ```
    /// # use xiangqi_competition::{Competition, SpecError, create_event::parse_create_event};
    /// # use xiangqi_tournament::{Outcome, Player};
    /// # let event = |j: &str| Competition::new(parse_create_event(j.as_bytes(), |_| Ok::<(), SpecError>(())).unwrap(), "ev", 0, 7, ["", ""]);
    /// # let four = |j: &str| { let mut c = event(j); for n in ["A", "B", "C", "D"] { c.register(Player::new(n), String::new()).unwrap(); } c };
    /// let mut c = four(r#"{"system": "groups", "groups": 2}"#);
    /// c.pair_next_round().unwrap();
    /// assert_eq!(c.groups.as_ref().unwrap().outcome(0, 1, 1), None);
    /// ```
    pub fn outcome(&self, stage: u32, round: u32, board: u32) -> Option<Outcome> {
        self.stage(stage)?
            .rounds
            .get(round.checked_sub(1)? as usize)?
            .games
            .iter()
            .find(|g| g.board == board)?
            .outcome
    }

    /// Records a stage game's result.
    ///
    /// # Errors
    ///
    /// No such stage, round or board.
    ///
    /// ```
    /// # use xiangqi_competition::{Competition, SpecError, create_event::parse_create_event};
    /// # use xiangqi_tournament::{Outcome, Player};
    /// # let event = |j: &str| Competition::new(parse_create_event(j.as_bytes(), |_| Ok::<(), SpecError>(())).unwrap(), "ev", 0, 7, ["", ""]);
    /// # let four = |j: &str| { let mut c = event(j); for n in ["A", "B", "C", "D"] { c.register(Player::new(n), String::new()).unwrap(); } c };
    /// let mut c = four(r#"{"system": "groups", "groups": 2}"#);
    /// c.pair_next_round().unwrap();
    /// let g = c.groups.as_mut().unwrap();
    /// g.set_result(0, 1, 1, Outcome::FirstWins).unwrap();
    /// assert_eq!(g.outcome(0, 1, 1), Some(Outcome::FirstWins));
    /// assert!(g.set_result(9, 1, 1, Outcome::Draw).is_err());
    /// ```
    pub fn set_result(
        &mut self,
        stage: u32,
        round: u32,
        board: u32,
        o: Outcome,
    ) -> Result<(), Refused> {
        let t = self.stage_mut(stage).ok_or_else(|| {
            Refused::Missing(format!("no stage {stage}"), format!("没有第{stage}阶段"))
        })?;
        t.set_result(round, board, o)?;
        Ok(())
    }

    /// The groups are over: the top `qualify` of each play the final (1960 §9 三), the others
    /// the consolation event (经验交流赛) when `consolation`. Returns the log's note.
    fn start_final_stage(
        &mut self,
        players: &[Player],
        qualify: u32,
        consolation: bool,
        settings: Settings,
    ) -> Result<String, Refused> {
        self.event
            .start_final(players, qualify as usize, settings.clone())?;
        let finalists = self.event.finalists.clone();
        let others: Vec<PlayerId> = (0..players.len())
            .map(PlayerId::from_index)
            .filter(|p| !finalists.contains(p))
            .collect();
        let mut note = format!(
            "groups over: the final of {}",
            finalists
                .iter()
                .map(|p| p.0.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        );
        if consolation && others.len() >= 2 {
            let list = others
                .iter()
                .map(|p| {
                    let mut pl = players[p.index()].clone();
                    pl.seed = None;
                    pl
                })
                .collect();
            self.consolation = Some(Tournament::new("consolation", list, settings)?);
            self.consolation_players = others;
            note.push_str("; the others play the consolation event (经验交流赛)");
        }
        Ok(note)
    }

    /// The final (and the consolation event, if any) played out.
    ///
    /// ```
    /// # use xiangqi_competition::{Competition, SpecError, create_event::parse_create_event};
    /// # use xiangqi_tournament::{Outcome, Player};
    /// # let event = |j: &str| Competition::new(parse_create_event(j.as_bytes(), |_| Ok::<(), SpecError>(())).unwrap(), "ev", 0, 7, ["", ""]);
    /// # let four = |j: &str| { let mut c = event(j); for n in ["A", "B", "C", "D"] { c.register(Player::new(n), String::new()).unwrap(); } c };
    /// let mut c = four(r#"{"system": "groups", "groups": 2}"#);
    /// c.pair_next_round().unwrap();
    /// assert!(!c.groups.as_ref().unwrap().done());
    /// ```
    pub fn done(&self) -> bool {
        self.event.final_stage.as_ref().is_some_and(finished)
            && self.consolation.as_ref().is_none_or(finished)
    }

    pub(crate) fn stage_name(&self, s: u32) -> String {
        let g = self.event.groups.len() as u32;
        match s {
            s if s < g => format!("group {}", s + 1),
            s if s == g => "final".into(),
            _ => "consolation".into(),
        }
    }
}

impl Competition {
    /// The players in starting-number order (the stages number them from 1).
    fn players_by_number(&self) -> Vec<Player> {
        let mut by_number: Vec<(u32, Player)> = self
            .entries
            .iter()
            .filter_map(|e| Some((e.number?, e.player.clone())))
            .collect();
        by_number.sort_by_key(|(n, _)| *n);
        by_number.into_iter().map(|(_, p)| p).collect()
    }

    /// Pairs the next round of every stage still playing; after the groups, starts the
    /// final and the consolation event.
    pub(crate) fn pair_groups_round(&mut self) -> Result<(u32, Vec<u32>), Refused> {
        let Format::Groups {
            settings,
            qualify,
            consolation,
            ..
        } = self.format.clone()
        else {
            return Err(Refused::Procedure(
                "not a grouped event".into(),
                "不是分组赛".into(),
            ));
        };
        let players = self.players_by_number();
        let Some(g) = self.groups.as_mut() else {
            return Err(Refused::Procedure(
                "not started".into(),
                "比赛尚未开始".into(),
            ));
        };
        let groups = g.event.groups.len() as u32;
        let groups_left = g
            .event
            .groups
            .iter()
            .any(|t| (t.rounds.len() as u32) < t.planned_rounds());
        if g.event.final_stage.is_none() && !groups_left {
            let note = g.start_final_stage(&players, qualify, consolation, settings)?;
            self.log.push(note);
        }
        let stages: Vec<u32> = if g.event.final_stage.is_some() {
            vec![groups, groups + 1]
        } else {
            (0..groups).collect()
        };
        let mut paired = Vec::new();
        for s in stages {
            let Some(t) = g.stage_mut(s) else { continue };
            if (t.rounds.len() as u32) >= t.planned_rounds() {
                continue;
            }
            let r = t.pair_next_round()?;
            let round = t.rounds[r as usize - 1].clone();
            paired.push((s, r, round));
        }
        if paired.is_empty() {
            return Err(Refused::Procedure(
                "every stage has played all its rounds".into(),
                "各阶段的轮次都已赛完".into(),
            ));
        }
        let number = self.boards.iter().map(|b| b.round).max().unwrap_or(0) + 1;
        let (mut boards, mut byes) = (Vec::new(), Vec::new());
        for (s, r, round) in &paired {
            for game in &round.games {
                let (red, black) = (g.overall(*s, game.first), g.overall(*s, game.second));
                boards.push((*s, *r, game.board, red, black));
            }
            if let Some((p, _)) = round.bye {
                byes.push(g.overall(*s, p));
            }
        }
        for (i, (s, r, b, red, black)) in boards.into_iter().enumerate() {
            let board = Board {
                stage: Some((s, r, b)),
                ..Board::new(number, i as u32 + 1, self.id_of(red), self.id_of(black))
            };
            self.boards.push(board);
        }
        Ok((number, byes.into_iter().map(|p| self.id_of(p)).collect()))
    }
}
