//! A competition as stored: its entrants with their token digests, the tournament crate's
//! own state ([`Tournament`] for round robins and Swiss, a [`Bracket`] of [`Match`]es for
//! knockouts and matches), and which server game is played on which board.
//!
//! Everything here is pure: no clock, no database, no games. The pairing, scoring and
//! standings are the tournament crate's, called as `xq tournament` calls them, so the same
//! results give the same standings on the server and on the command line.

use serde::{Deserialize, Serialize};
use xiangqi_tournament::knockout::Bracket;
use xiangqi_tournament::matchplay::{MatchFormat, Playoff};

pub use super::bracket::{BracketState, Pairing};
use xiangqi_tournament::{Lots, Outcome, Player, PlayerId, Settings, Tournament};

/// How the event is run.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum Format {
    /// Round robin or Swiss: the tournament crate's [`Tournament`] with these settings.
    Table {
        /// The settings (system, scoring, tie-breaks, withdrawal rule).
        settings: Settings,
    },
    /// Teams by boards (分台制, 1960 §8 二): the teams are paired as the tournament crate
    /// pairs players (`settings`), each team match is played on `boards` boards, and the
    /// match's result (by board points) is the team's result in the table.
    Team {
        /// The settings of the teams' table (round robin or Swiss).
        settings: Settings,
        /// Boards per team match.
        boards: u32,
    },
    /// Seeded groups (分组循环制, 1960 §9 三): the snake puts the field in `groups` round
    /// robins; the top `qualify` of each play a final round robin, the others a consolation
    /// event (经验交流赛) when `consolation`.
    Groups {
        /// Every stage's settings.
        settings: Settings,
        /// Number of groups.
        groups: u32,
        /// Qualifiers per group.
        qualify: u32,
        /// A consolation event for the others.
        consolation: bool,
    },
    /// A knockout bracket whose every pairing is a match (`match` is a bracket of two).
    Bracket {
        /// Double elimination.
        double: bool,
        /// A play-off for third place (single elimination).
        third_place: bool,
        /// Games per pairing.
        format: MatchFormat,
        /// What decides a level pairing (2.9, 1960 §9 一).
        playoff: Playoff,
    },
}

/// One registered player.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    /// Registration number: the player's id in the API, fixed for the whole event.
    pub id: u32,
    /// The player as the tournament crate knows him.
    pub player: Player,
    /// SHA-256 of the player's event token (hex).
    pub token_sha256: String,
    /// Starting number once the event has begun (the tournament crate's [`PlayerId`]).
    #[serde(default)]
    pub number: Option<u32>,
    /// Struck off before the first round.
    #[serde(default)]
    pub removed: bool,
    /// Team events: the team (its id) and the player's registered rank in it (1 first).
    #[serde(default)]
    pub team: Option<(u32, u32)>,
}

/// A board of a round and the server game played on it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Board {
    /// Round number.
    pub round: u32,
    /// Board number within the round.
    pub board: u32,
    /// Red (moves first): registration number.
    pub red: u32,
    /// Black: registration number.
    pub black: u32,
    /// The server game, if it is played on the server.
    #[serde(default)]
    pub game: Option<String>,
    /// The result, red first (for bracket events; table events keep theirs in the
    /// [`Tournament`]).
    #[serde(default)]
    pub outcome: Option<Outcome>,
    /// Bracket events: the bracket match this game belongs to.
    #[serde(default)]
    pub bracket_match: Option<usize>,
    /// A play-off game.
    #[serde(default)]
    pub playoff: bool,
    /// Team events: the team match (index into [`Competition::team_matches`]).
    #[serde(default)]
    pub team_match: Option<usize>,
    /// Grouped events: the stage (group index, then the final, then the consolation event),
    /// and the round and board in that stage's own table.
    #[serde(default)]
    pub stage: Option<(u32, u32, u32)>,
}

/// The whole event.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Competition {
    /// Its id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// When it was created, Unix ms.
    pub created_unix_ms: u64,
    /// The system's name as requested (`swiss`, `round_robin`, …).
    pub system: String,
    /// How it is run.
    pub format: Format,
    /// SHA-256 of the organiser's token.
    pub organiser_sha256: String,
    /// SHA-256 of the event arbiter's token.
    pub arbiter_sha256: String,
    /// The body of `POST /api/games` every game of the event is created from (control,
    /// rules, options), without names.
    pub game: serde_json::Value,
    /// Starting numbers by lot (1960 §10: 抽签) instead of by seed and rating.
    #[serde(default)]
    pub draw_by_lot: bool,
    /// The seed of every lot drawn in the event, so the draws can be re-run and checked.
    pub lot_seed: u64,
    /// Lots drawn so far (each draw uses `lot_seed` + this count).
    #[serde(default)]
    pub lots_drawn: u64,
    /// Entrants in registration order.
    pub entries: Vec<Entry>,
    /// Table events, once started.
    #[serde(default)]
    pub tournament: Option<Tournament>,
    /// Bracket events, once started.
    #[serde(default)]
    pub bracket: Option<BracketState>,
    /// Every board of every round.
    #[serde(default)]
    pub boards: Vec<Board>,
    /// What the procedures did (draws, redraws, lots), in order, for the record.
    #[serde(default)]
    pub log: Vec<String>,
    /// Team events: the teams.
    #[serde(default)]
    pub teams: Vec<super::team::Team>,
    /// Team events: every team match.
    #[serde(default)]
    pub team_matches: Vec<super::team::TeamMatch>,
    /// A play-off decides a shared first place (1960 §13 四).
    #[serde(default)]
    pub playoff_for_first: bool,
    /// That play-off, once due.
    #[serde(default)]
    pub playoff: Option<super::playoff::PlayoffState>,
    /// Starting numbers drawn before the first round (registration numbers in number order).
    #[serde(default)]
    pub drawn: Option<Vec<u32>>,
    /// Grouped events, once started.
    #[serde(default)]
    pub groups: Option<super::groups::GroupsState>,
}

/// The most players (team members included) one event registers.
pub const MAX_ENTRIES: usize = 2000;

/// A request the event's state refuses: the message says why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refused(pub String);

impl From<xiangqi_tournament::Error> for Refused {
    fn from(e: xiangqi_tournament::Error) -> Refused {
        Refused(e.to_string())
    }
}

fn refuse<T>(m: impl Into<String>) -> Result<T, Refused> {
    Err(Refused(m.into()))
}

impl Competition {
    /// Whether the first round has been paired.
    pub fn started(&self) -> bool {
        self.tournament.is_some() || self.bracket.is_some() || self.groups.is_some()
    }

    /// `registration`, `running` or `finished`.
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
            _ => false,
        };
        if done && !open { "finished" } else { "running" }
    }

    pub(crate) fn lots(&mut self) -> Lots {
        self.lots_drawn += 1;
        Lots::new(self.lot_seed.wrapping_add(self.lots_drawn))
    }

    /// Entrants still in the field before the start.
    pub fn field(&self) -> impl Iterator<Item = &Entry> {
        self.entries.iter().filter(|e| !e.removed)
    }

    /// The entry with registration number `id`.
    pub fn entry(&self, id: u32) -> Option<&Entry> {
        self.entries.iter().find(|e| e.id == id)
    }

    /// The entry with starting number `n`.
    pub fn by_number(&self, n: u32) -> Option<&Entry> {
        self.entries.iter().find(|e| e.number == Some(n))
    }

    pub(crate) fn id_of(&self, n: PlayerId) -> u32 {
        self.by_number(n.0).map_or(0, |e| e.id)
    }

    /// Registers a player (or a late entry into a Swiss already running). Returns the
    /// registration number.
    ///
    /// # Errors
    ///
    /// A late entry into anything but a Swiss, or into a Swiss with no round left.
    pub fn register(&mut self, player: Player, token_sha256: String) -> Result<u32, Refused> {
        if self.entries.len() >= MAX_ENTRIES {
            return refuse(format!("an event takes at most {MAX_ENTRIES} players"));
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
            );
        }
        if self.started() {
            let Some(t) = self.tournament.as_mut() else {
                return refuse("only a Swiss takes late entries; this event has begun");
            };
            let xiangqi_tournament::System::Swiss { rounds, .. } = t.settings.system else {
                return refuse("only a Swiss takes late entries; a round robin's table is fixed");
            };
            if t.rounds.len() as u32 >= rounds {
                return refuse("every round has been paired: too late to enter");
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
            return refuse("an event needs at least two players");
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
    pub fn draw_numbers(&mut self) -> Result<Vec<u32>, Refused> {
        if self.started() {
            return refuse("the event has begun: its numbers are drawn");
        }
        let order = self.order_field()?;
        self.drawn = Some(order.clone());
        Ok(order)
    }

    fn start(&mut self) -> Result<(), Refused> {
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
                self.groups = Some(super::groups::GroupsState {
                    event,
                    consolation: None,
                    consolation_players: Vec::new(),
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

    /// Pairs the next round: its boards (games not yet created) and its byes, by
    /// registration number.
    ///
    /// # Errors
    ///
    /// A round still being played, the last round paired, too few players.
    pub fn pair_next_round(&mut self) -> Result<(u32, Vec<u32>), Refused> {
        if let Some(b) = self.boards.iter().find(|b| self.outcome_of(b).is_none()) {
            return refuse(format!(
                "round {} board {} has no result yet",
                b.round, b.board
            ));
        }
        if let Some(m) = self
            .team_matches
            .iter()
            .find(|m| m.lineups.iter().any(Option::is_none))
        {
            return refuse(format!(
                "round {} match {}: a line-up is still missing",
                m.round, m.table_board
            ));
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
        if matches!(self.format, Format::Team { .. }) {
            self.pair_team_round()
        } else if self.groups.is_some() {
            self.pair_groups_round()
        } else if self.tournament.is_some() {
            self.pair_table_round()
        } else {
            self.pair_bracket_round()
        }
    }

    fn pair_table_round(&mut self) -> Result<(u32, Vec<u32>), Refused> {
        let Some(t) = self.tournament.as_mut() else {
            return refuse("no table");
        };
        let number = t.pair_next_round()?;
        let round = t.rounds[number as usize - 1].clone();
        let byes = round.bye.map(|(p, _)| vec![p]).unwrap_or_default();
        for g in &round.games {
            let board = Board {
                round: number,
                board: g.board,
                red: self.id_of(g.first),
                black: self.id_of(g.second),
                game: None,
                outcome: None,
                bracket_match: None,
                playoff: false,
                team_match: None,
                stage: None,
            };
            self.boards.push(board);
        }
        Ok((number, byes.into_iter().map(|p| self.id_of(p)).collect()))
    }

    /// The result of a board, wherever it is kept.
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

    /// The board holding server game `game`.
    pub fn board_of_game(&self, game: &str) -> Option<(u32, u32)> {
        self.boards
            .iter()
            .find(|b| b.game.as_deref() == Some(game))
            .map(|b| (b.round, b.board))
    }

    /// Records (or corrects, for a table event) a board's result, red first.
    ///
    /// # Errors
    ///
    /// No such board; a bracket game whose match has moved on.
    pub fn set_result(&mut self, round: u32, board: u32, outcome: Outcome) -> Result<(), Refused> {
        let Some(i) = self
            .boards
            .iter()
            .position(|b| b.round == round && b.board == board)
        else {
            return refuse(format!("round {round} has no board {board}"));
        };
        if self.boards[i].team_match.is_some() {
            return self.set_team_board(i, outcome);
        }
        if let (Some((stage, round, board)), Some(g)) = (self.boards[i].stage, self.groups.as_mut())
        {
            return g.set_result(stage, round, board, outcome);
        }
        if self.boards[i].playoff && self.boards[i].bracket_match.is_none() {
            if self.boards[i].outcome.is_some() {
                return refuse(format!(
                    "round {round} board {board}: the play-off game has its result"
                ));
            }
            self.boards[i].outcome = Some(outcome);
            self.settle_playoff();
            return Ok(());
        }
        if let Some(t) = self.tournament.as_mut() {
            t.set_result(round, board, outcome)?;
            return Ok(());
        }
        self.set_bracket_board(i, outcome)
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
    pub fn withdraw(&mut self, id: u32) -> Result<String, Refused> {
        let Some(e) = self.entries.iter().position(|e| e.id == id) else {
            return refuse(format!("no player {id}"));
        };
        if self.entries[e].removed {
            return refuse(format!("player {id} has already withdrawn"));
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
            return refuse(format!("player {id} has no starting number"));
        };
        if matches!(self.format, Format::Team { .. }) {
            return refuse("a team's player is replaced by the team's line-up, not withdrawn");
        }
        let Some(t) = self.tournament.as_mut() else {
            return refuse(
                "in a knockout or a grouped event a player who stops is forfeited game by game by the arbiter",
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

/// What a game's end means to the event, red first: a forfeit when the arbiter forfeited a
/// side before any move was made, or for a late arrival (the game was not played: `+-`,
/// `-+`, `--`); otherwise the result over the board.
///
/// ```
/// use xiangqi_server::event::model::outcome_of_game;
/// use xiangqi_server::game::GameResult;
/// use xiangqi_tournament::Outcome;
/// assert_eq!(outcome_of_game(GameResult::RedWins, "checkmate", 30), Some(Outcome::FirstWins));
/// assert_eq!(outcome_of_game(GameResult::BlackWins, "late_arrival", 0), Some(Outcome::SecondWinsByForfeit));
/// assert_eq!(outcome_of_game(GameResult::Ongoing, "", 3), None);
/// ```
pub fn outcome_of_game(result: crate::game::GameResult, reason: &str, ply: u32) -> Option<Outcome> {
    use crate::game::GameResult;
    let forfeit =
        reason == "late_arrival" || (ply == 0 && matches!(reason, "misconduct" | "refusal"));
    Some(match (result, forfeit) {
        (GameResult::RedWins, false) => Outcome::FirstWins,
        (GameResult::RedWins, true) => Outcome::FirstWinsByForfeit,
        (GameResult::BlackWins, false) => Outcome::SecondWins,
        (GameResult::BlackWins, true) => Outcome::SecondWinsByForfeit,
        (GameResult::Draw, _) => Outcome::Draw,
        (GameResult::BothLose, _) => Outcome::DoubleForfeit,
        (GameResult::Ongoing, _) => return None,
    })
}
