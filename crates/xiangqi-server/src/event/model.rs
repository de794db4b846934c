//! A competition as stored: its entrants with their token digests, the tournament crate's
//! own state ([`Tournament`] for round robins and Swiss, a [`Bracket`] of [`Match`]es for
//! knockouts and matches), and which server game is played on which board.
//!
//! Everything here is pure: no clock, no database, no games. The pairing, scoring and
//! standings are the tournament crate's, called as `xq tournament` calls them, so the same
//! results give the same standings on the server and on the command line.

use serde::{Deserialize, Serialize};
use xiangqi_tournament::groups::GroupedEvent;
use xiangqi_tournament::knockout::Bracket;
use xiangqi_tournament::matchplay::{Match, MatchFormat, Playoff};

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
        /// The whole-team round robin (全队循环制, 1960 §8 二(二)) of two teams of `boards`
        /// players: every player of one team meets every player of the other, over `boards`
        /// rounds; ranked by the total of board points.
        #[serde(default)]
        whole_team: bool,
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
    /// The card knockout of the current text's 2.9: the cards are drawn again before every
    /// stage; each meeting is a match of `format` with `playoff`.
    Cards {
        /// Games per meeting.
        format: MatchFormat,
        /// What decides a level meeting.
        playoff: Playoff,
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
    /// How many times his link was re-issued (the generation his token is derived with,
    /// `links.rs`).
    #[serde(default)]
    pub link: u32,
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
    /// Fouls recorded on the board's game, red first (1960 §13 二, §15 二: 违例; see
    /// `fouls.rs`).
    #[serde(default)]
    pub fouls: [u32; 2],
}

/// A pairing of a bracket once both sides are known: A and B by starting number.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pairing {
    /// Index into the bracket's matches.
    pub index: usize,
    /// Side A (the bracket's first side), starting number.
    pub a: u32,
    /// Side B.
    pub b: u32,
    /// The match: its games, colours and play-off.
    pub games: Match,
    /// How it ended: `won`, `by_lot`.
    #[serde(default)]
    pub decided: Option<String>,
}

/// The bracket and its matches.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BracketState {
    /// The tournament crate's bracket.
    pub bracket: Bracket,
    /// Pairings started so far.
    pub pairings: Vec<Pairing>,
    /// Rounds paired so far.
    pub rounds: u32,
}

/// A registered team.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Team {
    /// Registration number.
    pub id: u32,
    /// Name.
    pub name: String,
    /// SHA-256 of the captain's token (names the line-ups).
    pub token_sha256: String,
    /// The squad in ranking order, reserves last: registration numbers of players.
    pub squad: Vec<u32>,
    /// Starting number once the event has begun.
    #[serde(default)]
    pub number: Option<u32>,
}

/// One team match of a round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamMatch {
    /// Round.
    pub round: u32,
    /// The match's board in the teams' table (the tournament crate's board number).
    pub table_board: u32,
    /// Home (first-listed) team id, away team id.
    pub teams: [u32; 2],
    /// Each team's line-up: ranks in its squad, board 1 first.
    pub lineups: [Option<Vec<u32>>; 2],
}

/// A play-off in progress or done.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayoffState {
    /// The players level on first place, by registration number, in standings order.
    pub players: Vec<u32>,
    /// The event round the play-off began in.
    pub first_round: u32,
    /// Play-off rounds paired so far.
    pub rounds: u32,
    /// Their order once decided (registration numbers), play-off points and lot applied.
    #[serde(default)]
    pub order: Option<Vec<u32>>,
}

/// The stages of a grouped event.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GroupsState {
    /// The crate's groups and final.
    pub event: GroupedEvent,
    /// The consolation event, once the groups are over.
    #[serde(default)]
    pub consolation: Option<Tournament>,
    /// Overall numbers of the consolation event's players, in its own numbering.
    #[serde(default)]
    pub consolation_players: Vec<PlayerId>,
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
    /// How many times the arbiter's link was re-issued (`links.rs`).
    #[serde(default)]
    pub arbiter_link: u32,
    /// Digests of the links re-issued since (hex): refused on the event's games, which
    /// hold them, from then on.
    #[serde(default)]
    pub revoked: Vec<String>,
    /// The deputies and board arbiters (`officials.rs`); the chief is the event arbiter.
    #[serde(default)]
    pub officials: Vec<super::arbiters::Official>,
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
    pub teams: Vec<Team>,
    /// Team events: every team match.
    #[serde(default)]
    pub team_matches: Vec<TeamMatch>,
    /// A play-off decides a shared first place (1960 §13 四).
    #[serde(default)]
    pub playoff_for_first: bool,
    /// That play-off, once due.
    #[serde(default)]
    pub playoff: Option<PlayoffState>,
    /// Starting numbers drawn before the first round (registration numbers in number order).
    #[serde(default)]
    pub drawn: Option<Vec<u32>>,
    /// Grouped events, once started.
    #[serde(default)]
    pub groups: Option<GroupsState>,
    /// The card knockout, once started.
    #[serde(default)]
    pub cards: Option<CardsState>,
    /// When adjourned games resume (1960 §18 五; `resumption.rs`).
    #[serde(default)]
    pub resumptions: Vec<super::resumption::Resumption>,
}

/// A card knockout in progress (2.9).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardsState {
    /// Starting numbers still in.
    pub alive: Vec<u32>,
    /// Stages drawn so far.
    pub stage: u32,
    /// The current stage's meetings (A holds the red card).
    pub pairings: Vec<Pairing>,
    /// The current stage's K (a bye into the next stage).
    pub bye: Option<u32>,
    /// Who went out, and in which stage.
    pub out: Vec<(u32, u32)>,
}

/// The most players (team members included) one event registers.
pub const MAX_ENTRIES: usize = 2000;

/// A request the event's state refuses: why, in English and in Chinese (the same things named).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refused(pub String, pub String);

impl From<xiangqi_tournament::Error> for Refused {
    fn from(e: xiangqi_tournament::Error) -> Refused {
        Refused(e.to_string(), super::refused_zh::tournament_zh(&e))
    }
}

/// A refusal with its reason in English and in Chinese.
pub(crate) fn refuse<T>(en: impl Into<String>, zh: impl Into<String>) -> Result<T, Refused> {
    Err(Refused(en.into(), zh.into()))
}

impl Competition {
    /// Whether the first round has been paired.
    pub fn started(&self) -> bool {
        self.tournament.is_some()
            || self.bracket.is_some()
            || self.groups.is_some()
            || self.cards.is_some()
            || !self.team_matches.is_empty()
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

    /// The board holding server game `game`.
    pub fn board_of_game(&self, game: &str) -> Option<(u32, u32)> {
        self.boards
            .iter()
            .find(|b| b.game.as_deref() == Some(game))
            .map(|b| (b.round, b.board))
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
pub fn outcome_of_game(
    result: xiangqi_game::GameResult,
    reason: &str,
    ply: u32,
) -> Option<Outcome> {
    use xiangqi_game::GameResult;
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
