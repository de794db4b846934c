//! Team events by boards (分台制, 1960 §8 二): teams registered with their squads in ranking
//! order, a line-up named by each team every round and checked against that order by the
//! tournament crate ([`xiangqi_tournament::team::check_lineup`]), one game per board, and
//! the match scored by board points into match points (`team_score.rs`); the teams are
//! paired by the tournament crate as players are, on their match results.

use xiangqi_tournament::team::{check_lineup, home_moves_first, whole_team_round_robin};
use xiangqi_tournament::{Player, Tournament};

use super::model::{Board, Competition, Entry, Format, Refused, Team, TeamMatch, missing, refuse};

impl Competition {
    pub(crate) fn boards_per_match(&self) -> u32 {
        match self.format {
            Format::Team { boards, .. } => boards,
            _ => 0,
        }
    }

    /// The team with registration number `id`.
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
    /// assert_eq!(c.team(2).map(|t| t.name.as_str()), Some("Y"));
    /// assert!(c.team(3).is_none());
    /// ```
    pub fn team(&self, id: u32) -> Option<&Team> {
        self.teams.iter().find(|t| t.id == id)
    }

    /// Registers a team: its squad (ranking order, reserves last) become players. Returns
    /// the team's number and its players' registration numbers.
    ///
    /// # Errors
    ///
    /// Not a team event, already begun, a squad smaller than the boards.
    ///
    /// ```
    /// # use xiangqi_competition::{Competition, SpecError, create_event::parse_create_event};
    /// # use xiangqi_tournament::{Outcome, Player};
    /// # let event = |j: &str| Competition::new(parse_create_event(j.as_bytes(), |_| Ok::<(), SpecError>(())).unwrap(), "ev", 0, 7, ["", ""]);
    /// # let four = |j: &str| { let mut c = event(j); for n in ["A", "B", "C", "D"] { c.register(Player::new(n), String::new()).unwrap(); } c };
    /// let mut c = event(r#"{"system": "team_round_robin", "boards": 2}"#);
    /// let squad = || vec![(Player::new("a"), String::new()), (Player::new("b"), String::new())];
    /// assert_eq!(c.register_team("X".into(), String::new(), squad()), Ok((1, vec![1, 2])));
    /// let one = vec![(Player::new("a"), String::new())];
    /// assert!(c.register_team("Z".into(), String::new(), one).is_err()); // cannot fill 2 boards
    /// assert!(four(r#"{"system": "round_robin"}"#).register_team("X".into(), String::new(), squad()).is_err());
    /// ```
    pub fn register_team(
        &mut self,
        name: String,
        token_sha256: String,
        squad: Vec<(Player, String)>,
    ) -> Result<(u32, Vec<u32>), Refused> {
        if !matches!(self.format, Format::Team { .. }) {
            return refuse(
                "teams are for team events (team_round_robin, team_swiss)",
                "只有团体赛（团体循环赛、团体积分编排赛）才按队报名",
            );
        }
        if self.started() {
            return refuse(
                "the event has begun: too late to enter a team",
                "比赛已开始：报名参赛队已太迟",
            );
        }
        if (squad.len() as u32) < self.boards_per_match() {
            return refuse(
                format!(
                    "a squad of {} cannot fill {} boards",
                    squad.len(),
                    self.boards_per_match()
                ),
                format!(
                    "该队只报了{}名队员，不够{}台",
                    squad.len(),
                    self.boards_per_match()
                ),
            );
        }
        if self.entries.len() + squad.len() > super::model::MAX_ENTRIES {
            return refuse(
                format!(
                    "an event takes at most {} players",
                    super::model::MAX_ENTRIES
                ),
                format!("一个比赛最多{}名选手", super::model::MAX_ENTRIES),
            );
        }
        let team = self.teams.len() as u32 + 1;
        let mut ids = Vec::new();
        for (rank, (player, token)) in squad.into_iter().enumerate() {
            let id = self.entries.len() as u32 + 1;
            self.entries.push(Entry {
                id,
                player,
                token_sha256: token,
                number: None,
                removed: false,
                team: Some((team, rank as u32 + 1)),
                link: 0,
            });
            ids.push(id);
        }
        self.teams.push(Team {
            id: team,
            name,
            token_sha256,
            squad: ids.clone(),
            number: None,
            link: 0,
        });
        Ok((team, ids))
    }

    /// The teams' table: the tournament crate's event over the teams, in registration order
    /// (none for the whole-team round robin, whose rounds are the crate's fixed table).
    pub(crate) fn start_teams(&mut self) -> Result<(), Refused> {
        let Format::Team {
            settings,
            whole_team,
            boards,
        } = self.format.clone()
        else {
            return refuse("not a team event", "不是团体赛");
        };
        if whole_team {
            if self.teams.len() != 2 {
                return refuse(
                    format!(
                        "a whole-team round robin is between two teams, not {}",
                        self.teams.len()
                    ),
                    format!("全队循环赛只在两队之间进行，现有{}队", self.teams.len()),
                );
            }
            for t in &mut self.teams {
                t.number = Some(t.id);
            }
            let _ = boards;
            return Ok(());
        }
        let teams: Vec<Player> = self
            .teams
            .iter()
            .map(|t| Player::new(t.name.clone()).with_seed(t.id))
            .collect();
        self.tournament = Some(Tournament::new(&self.name, teams, settings)?);
        for t in &mut self.teams {
            t.number = Some(t.id);
        }
        Ok(())
    }

    /// Pairs the teams' next round; the boards come when both line-ups are named.
    pub(crate) fn pair_team_round(&mut self) -> Result<(u32, Vec<u32>), Refused> {
        let Some(t) = self.tournament.as_mut() else {
            return refuse("no table", "尚未编排，没有轮次表");
        };
        let number = t.pair_next_round()?;
        let round = t.rounds[number as usize - 1].clone();
        for g in &round.games {
            self.team_matches.push(TeamMatch {
                round: number,
                table_board: g.board,
                teams: [g.first.0, g.second.0],
                lineups: [None, None],
            });
        }
        Ok((
            number,
            round.bye.map(|(p, _)| vec![p.0]).unwrap_or_default(),
        ))
    }

    /// The next round of the whole-team round robin: A's player `a` meets B's player `b` as
    /// the crate's [`whole_team_round_robin`] lays them out (the first `boards` of each squad).
    pub(crate) fn pair_whole_team_round(&mut self) -> Result<(u32, Vec<u32>), Refused> {
        let size = self.boards_per_match();
        let round = self.team_matches.len() as u32 + 1;
        if round > size {
            return refuse(
                format!("all {size} rounds of the whole-team round robin are paired"),
                format!("全队循环赛的{size}轮都已编排"),
            );
        }
        let games: Vec<_> = whole_team_round_robin(size)?
            .into_iter()
            .filter(|g| g.round == round)
            .collect();
        let m = self.team_matches.len();
        let all: Vec<u32> = (1..=size).collect();
        self.team_matches.push(TeamMatch {
            round,
            table_board: 1,
            teams: [1, 2],
            lineups: [Some(all.clone()), Some(all)],
        });
        let player = |team: u32, rank: u32| {
            self.team(team)
                .and_then(|t| t.squad.get(rank as usize - 1).copied())
                .unwrap_or(0)
        };
        let sides: Vec<(u32, u32)> = games
            .iter()
            .map(|g| {
                let (a, b) = (player(1, g.a), player(2, g.b));
                if g.a_first { (a, b) } else { (b, a) }
            })
            .collect();
        for (k, (red, black)) in (1..).zip(sides) {
            self.boards.push(Board {
                team_match: Some(m),
                ..Board::new(round, k, red, black)
            });
        }
        Ok((round, Vec::new()))
    }

    /// A team names its line-up for `round`; once both teams have, the boards are laid out
    /// (home moves first on odd boards, [`home_moves_first`]). Returns whether they were.
    ///
    /// # Errors
    ///
    /// No match of that team in that round, a line-up already named, the wrong number of
    /// boards, or one that breaks the registered order (the crate's [`check_lineup`]).
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
    /// assert_eq!(c.name_lineup(1, 1, vec![1, 2]), Ok(false)); // the other team has not named its own
    /// assert_eq!(c.name_lineup(1, 2, vec![1, 2]), Ok(true));
    /// assert_eq!(c.boards.len(), 2);
    /// ```
    pub fn name_lineup(
        &mut self,
        round: u32,
        team: u32,
        lineup: Vec<u32>,
    ) -> Result<bool, Refused> {
        let boards = self.boards_per_match();
        let squad = self.team(team).map_or(0, |t| t.squad.len() as u32);
        let Some(m) = self
            .team_matches
            .iter()
            .position(|m| m.round == round && m.teams.contains(&team))
        else {
            return missing(
                format!("team {team} has no match in round {round}"),
                format!("{team}号队在第{round}轮没有比赛"),
            );
        };
        let side = usize::from(self.team_matches[m].teams[1] == team);
        if self.team_matches[m].lineups[side].is_some() {
            return refuse(
                format!("team {team} has named its line-up for round {round}"),
                format!("{team}号队已报了第{round}轮的出场名单"),
            );
        }
        if lineup.len() as u32 != boards {
            return refuse(
                format!("a line-up names {boards} players, not {}", lineup.len()),
                format!("出场名单应列{boards}名队员，不是{}名", lineup.len()),
            );
        }
        check_lineup(&lineup, squad)?;
        self.team_matches[m].lineups[side] = Some(lineup);
        let [Some(home), Some(away)] = self.team_matches[m].lineups.clone() else {
            return Ok(false);
        };
        let [h, a] = self.team_matches[m].teams;
        let player = |team: u32, rank: u32| {
            self.team(team)
                .and_then(|t| t.squad.get(rank as usize - 1).copied())
                .unwrap_or(0)
        };
        let first = self.boards.iter().filter(|b| b.round == round).count() as u32;
        let sides: Vec<(u32, u32)> = (0..boards)
            .map(|k| {
                let (hp, ap) = (player(h, home[k as usize]), player(a, away[k as usize]));
                if home_moves_first(k + 1) {
                    (hp, ap)
                } else {
                    (ap, hp)
                }
            })
            .collect();
        for (k, (red, black)) in (0..).zip(sides) {
            self.boards.push(Board {
                team_match: Some(m),
                ..Board::new(round, first + k + 1, red, black)
            });
        }
        Ok(true)
    }
}
