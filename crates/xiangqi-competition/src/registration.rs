//! Registration, the draw of numbers, the start of the event (the tournament crate's state
//! made from the field), and withdrawals.

use xiangqi_tournament::knockout::Bracket;
use xiangqi_tournament::{Player, PlayerId, Tournament};

use super::create_event::EventSpec;
use super::model::{
    BracketState, CardsState, Competition, Entry, Format, GroupsState, MAX_ENTRIES, Refused,
    missing, refuse,
};

impl Competition {
    /// A new event of `spec`, with no one registered yet: its id, when it was created (Unix
    /// ms), the seed of its lots, and the digests of the organiser's and the event
    /// arbiter's tokens.
    ///
    /// ```
    /// use xiangqi_competition::{Competition, SpecError, create_event::parse_create_event};
    /// let spec = parse_create_event(br#"{"name": "Club", "system": "round_robin"}"#, |_| {
    ///     Ok::<(), SpecError>(())
    /// })
    /// .unwrap();
    /// let c = Competition::new(spec, "ev1", 1_700_000_000_000, 42, ["a1b2", "c3d4"]);
    /// assert_eq!((c.name.as_str(), c.lot_seed, c.status()), ("Club", 42, "registration"));
    /// assert!(c.entries.is_empty() && c.boards.is_empty());
    /// ```
    pub fn new(
        spec: EventSpec,
        id: &str,
        created_unix_ms: u64,
        lot_seed: u64,
        digests: [&str; 2],
    ) -> Competition {
        Competition {
            id: id.to_owned(),
            name: spec.name,
            created_unix_ms,
            system: spec.system,
            format: spec.format,
            organiser_sha256: digests[0].to_owned(),
            arbiter_sha256: digests[1].to_owned(),
            arbiter_link: 0,
            revoked: Vec::new(),
            officials: Vec::new(),
            game: spec.game,
            draw_by_lot: spec.draw_by_lot,
            lot_seed,
            lots_drawn: 0,
            entries: Vec::new(),
            tournament: None,
            bracket: None,
            boards: Vec::new(),
            log: Vec::new(),
            teams: Vec::new(),
            team_matches: Vec::new(),
            playoff_for_first: spec.playoff_for_first,
            playoff: None,
            drawn: None,
            groups: None,
            cards: None,
            resumptions: Vec::new(),
        }
    }

    /// Registers a player (or a late entry into a Swiss already running). Returns the
    /// registration number.
    ///
    /// # Errors
    ///
    /// A late entry into anything but a Swiss, or into a Swiss with no round left.
    ///
    /// ```
    /// # use xiangqi_competition::{Competition, SpecError, create_event::parse_create_event};
    /// # use xiangqi_tournament::{Outcome, Player};
    /// # let event = |j: &str| Competition::new(parse_create_event(j.as_bytes(), |_| Ok::<(), SpecError>(())).unwrap(), "ev", 0, 7, ["", ""]);
    /// # let four = |j: &str| { let mut c = event(j); for n in ["A", "B", "C", "D"] { c.register(Player::new(n), String::new()).unwrap(); } c };
    /// let mut c = event(r#"{"system": "round_robin"}"#);
    /// assert_eq!(c.register(Player::new("A"), String::new()), Ok(1));
    /// assert_eq!(c.register(Player::new("B"), String::new()), Ok(2));
    /// ```
    pub fn register(&mut self, player: Player, token_sha256: String) -> Result<u32, Refused> {
        if self.entries.len() >= MAX_ENTRIES {
            return refuse(
                format!("an event takes at most {MAX_ENTRIES} players"),
                format!("一个比赛最多{MAX_ENTRIES}名选手"),
            );
        }
        let id = self.entries.len() as u32 + 1;
        let mut number = None;
        if self.drawn.take().is_some() {
            self.log.push(format!(
                "{} entered after the draw: the numbers will be drawn again",
                player.name
            ));
        }
        if matches!(self.format, Format::Team { .. }) {
            return refuse(
                "a team event registers teams with their squads (POST /api/events/{id}/teams)",
                "团体赛按队报名，连同全队名单（POST /api/events/{id}/teams）",
            );
        }
        if self.started() {
            let Some(t) = self.tournament.as_mut() else {
                return refuse(
                    "only a Swiss takes late entries; this event has begun",
                    "比赛已开始：只有积分编排制（瑞士制）接受迟到报名",
                );
            };
            let xiangqi_tournament::System::Swiss { rounds, .. } = t.settings.system else {
                return refuse(
                    "only a Swiss takes late entries; a round robin's table is fixed",
                    "循环赛的轮次表已定：只有积分编排制（瑞士制）接受迟到报名",
                );
            };
            if t.rounds.len() as u32 >= rounds {
                return refuse(
                    "every round has been paired: too late to enter",
                    "各轮都已编排：报名已太迟",
                );
            }
            // A late entrant takes the next number and starts on the points of the rounds
            // he missed: none (decision written in the README).
            t.players.push(player.clone());
            number = Some(t.players.len() as u32);
            self.log.push(format!(
                "late entry: {} as number {} before round {}",
                player.name,
                t.players.len(),
                t.rounds.len() + 1
            ));
        }
        self.entries.push(Entry {
            id,
            player,
            token_sha256,
            number,
            removed: false,
            team: None,
            link: 0,
        });
        Ok(id)
    }

    /// Gives starting numbers and creates the tournament crate's state: by seed then rating
    /// ([`xiangqi_tournament::player::starting_order`], as `xq tournament new` does), or by
    /// lot when the event draws its numbers.
    /// The field in number order: by lot, or the crate's starting order.
    fn order_field(&mut self) -> Result<Vec<u32>, Refused> {
        let mut field: Vec<u32> = self.field().map(|e| e.id).collect();
        if field.len() < 2 {
            return refuse(
                "an event needs at least two players",
                "比赛至少需要两名选手",
            );
        }
        if self.draw_by_lot {
            let mut lots = self.lots();
            lots.shuffle(&mut field);
            self.log.push(format!(
                "numbers drawn by lot (seed {}, draw {}): {}",
                self.lot_seed,
                self.lots_drawn,
                field
                    .iter()
                    .map(u32::to_string)
                    .collect::<Vec<_>>()
                    .join(" ")
            ));
        } else {
            // The crate's order, read back through the registration numbers put in the names
            // (the order depends on seed and rating alone).
            let keyed: Vec<Player> = field
                .iter()
                .filter_map(|id| self.entry(*id))
                .map(|e| Player {
                    name: e.id.to_string(),
                    ..e.player.clone()
                })
                .collect();
            field = xiangqi_tournament::player::starting_order(keyed)
                .iter()
                .filter_map(|p| p.name.parse().ok())
                .collect();
        }
        Ok(field)
    }

    /// Draws the starting numbers before the first round (抽签), so that they can be
    /// announced; returns the registration numbers in number order.
    ///
    /// # Errors
    ///
    /// The event has begun, or has fewer than two players.
    ///
    /// ```
    /// # use xiangqi_competition::{Competition, SpecError, create_event::parse_create_event};
    /// # use xiangqi_tournament::{Outcome, Player};
    /// # let event = |j: &str| Competition::new(parse_create_event(j.as_bytes(), |_| Ok::<(), SpecError>(())).unwrap(), "ev", 0, 7, ["", ""]);
    /// # let four = |j: &str| { let mut c = event(j); for n in ["A", "B", "C", "D"] { c.register(Player::new(n), String::new()).unwrap(); } c };
    /// let mut c = four(r#"{"system": "round_robin", "draw": "lot"}"#);
    /// let mut order = c.draw_numbers().unwrap();
    /// order.sort_unstable();
    /// assert_eq!(order, vec![1, 2, 3, 4]);
    /// assert!(!c.started());
    /// ```
    pub fn draw_numbers(&mut self) -> Result<Vec<u32>, Refused> {
        if self.started() {
            return refuse(
                "the event has begun: its numbers are drawn",
                "比赛已开始：序号已经抽定",
            );
        }
        let order = self.order_field()?;
        self.drawn = Some(order.clone());
        Ok(order)
    }

    pub(crate) fn start(&mut self) -> Result<(), Refused> {
        let bracket = matches!(self.format, Format::Bracket { .. });
        let field = match self.drawn.clone() {
            // A bracket has no place for a number nobody holds: its seeds close up.
            Some(d) if !bracket => d,
            _ => self.order_field()?,
        };
        for (i, id) in field.iter().enumerate() {
            if let Some(e) = self.entries.iter_mut().find(|e| e.id == *id) {
                e.number = Some(i as u32 + 1);
            }
        }
        let mut players: Vec<Player> = field
            .iter()
            .filter_map(|id| self.entry(*id))
            .map(|e| e.player.clone())
            .collect();
        if self.draw_by_lot || self.drawn.is_some() {
            // The drawn number is the seed, so the crate keeps the drawn order.
            for (i, p) in players.iter_mut().enumerate() {
                p.seed = Some(i as u32 + 1);
            }
        }
        match &self.format {
            Format::Table { settings } | Format::Team { settings, .. } => {
                let mut t = Tournament::new(&self.name, players, settings.clone())?;
                // A number kept for a player who withdrew after the draw: his games are
                // not played, his opponents sit out (1960 §14).
                for e in self.entries.iter().filter(|e| e.removed) {
                    if let Some(n) = e.number {
                        t.withdraw(PlayerId(n), 0)?;
                    }
                }
                self.tournament = Some(t);
            }
            Format::Groups {
                settings, groups, ..
            } => {
                let event = xiangqi_tournament::groups::GroupedEvent::new(
                    &self.name,
                    players,
                    *groups as usize,
                    settings.clone(),
                )?;
                self.groups = Some(GroupsState {
                    event,
                    consolation: None,
                    consolation_players: Vec::new(),
                });
            }
            Format::Cards { .. } => {
                self.cards = Some(CardsState {
                    alive: (1..=players.len() as u32).collect(),
                    stage: 0,
                    pairings: Vec::new(),
                    bye: None,
                    out: Vec::new(),
                });
            }
            Format::Bracket {
                double,
                third_place,
                ..
            } => {
                let n = players.len() as u32;
                let bracket = if *double {
                    Bracket::double(n, false)?
                } else {
                    Bracket::single(n, *third_place)?
                };
                self.bracket = Some(BracketState {
                    bracket,
                    pairings: Vec::new(),
                    rounds: 0,
                });
            }
        }
        Ok(())
    }

    /// Withdraws a player (registration number).
    ///
    /// Before the first round he is struck off; when the draw was by lot and the field left
    /// is even, the numbers are drawn again when the first round is paired, which is when
    /// every draw is made (1960 §14: 如退出后的人数为双数，则重新抽签). During a table event,
    /// 1960 §14's half rule as the tournament crate applies it; his unfinished game of the
    /// current round stays for the arbiter to adjudicate (1960 §14: 由裁判员根据中止时的局面加以审议).
    ///
    /// # Errors
    ///
    /// No such player, already withdrawn, a knockout already begun.
    ///
    /// ```
    /// # use xiangqi_competition::{Competition, SpecError, create_event::parse_create_event};
    /// # use xiangqi_tournament::{Outcome, Player};
    /// # let event = |j: &str| Competition::new(parse_create_event(j.as_bytes(), |_| Ok::<(), SpecError>(())).unwrap(), "ev", 0, 7, ["", ""]);
    /// # let four = |j: &str| { let mut c = event(j); for n in ["A", "B", "C", "D"] { c.register(Player::new(n), String::new()).unwrap(); } c };
    /// let mut c = four(r#"{"system": "round_robin"}"#);
    /// assert!(c.withdraw(4).is_ok());
    /// assert!(c.withdraw(4).is_err()); // already withdrawn
    /// let refused = c.withdraw(9).unwrap_err();
    /// assert!(matches!(refused, xiangqi_competition::Refused::Missing(..)));
    /// assert_eq!(refused.zh(), "没有9号选手");
    /// ```
    pub fn withdraw(&mut self, id: u32) -> Result<String, Refused> {
        let Some(e) = self.entries.iter().position(|e| e.id == id) else {
            return missing(format!("no player {id}"), format!("没有{id}号选手"));
        };
        if self.entries[e].removed {
            return refuse(
                format!("player {id} has already withdrawn"),
                format!("{id}号选手已经退出"),
            );
        }
        if !self.started() {
            self.entries[e].removed = true;
            let left = self.field().count();
            let name = self.entries[e].player.name.clone();
            // 1960 §14: after the draw, before the first round, an even field left draws
            // its numbers again; an odd one keeps the draw, his number sitting out.
            let note = match self.drawn {
                None => format!("{name} withdrew before the draw; {left} players left"),
                Some(_) if left.is_multiple_of(2) && left >= 2 => {
                    self.drawn = None;
                    self.draw_numbers()?;
                    format!(
                        "{name} withdrew after the draw; {left} players left, an even field: numbers drawn again (1960 §14)"
                    )
                }
                Some(_) => format!(
                    "{name} withdrew after the draw; {left} players left, an odd field: the draw stands and his number sits out (1960 §14)"
                ),
            };
            self.log.push(note.clone());
            return Ok(note);
        }
        let Some(number) = self.entries[e].number else {
            return refuse(
                format!("player {id} has no starting number"),
                format!("{id}号选手没有序号"),
            );
        };
        if matches!(self.format, Format::Team { .. }) {
            return refuse(
                "a team's player is replaced by the team's line-up, not withdrawn",
                "团体赛的队员不能退出：由该队的出场名单替换",
            );
        }
        let Some(t) = self.tournament.as_mut() else {
            return refuse(
                "in a knockout or a grouped event a player who stops is forfeited game by game by the arbiter",
                "淘汰赛或分组赛中，中途退出的选手由裁判逐局判负",
            );
        };
        let after = t.rounds.len() as u32;
        let effect = t.withdraw(PlayerId(number), after)?;
        let note = format!(
            "{} withdrew after round {after}: {}",
            self.entries[e].player.name,
            match effect {
                xiangqi_tournament::tournament::WithdrawalEffect::Annulled =>
                    "fewer than half of his games played, all his games are cancelled (1960 §14)",
                xiangqi_tournament::tournament::WithdrawalEffect::RestForfeited =>
                    "half or more of his games played, his remaining games are lost by default (1960 §14)",
            }
        );
        self.entries[e].removed = true;
        self.log.push(note.clone());
        Ok(note)
    }
}
