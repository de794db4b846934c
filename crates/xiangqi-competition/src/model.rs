//! A competition as stored: its entrants with their token digests, the tournament crate's
//! own state ([`Tournament`] for round robins and Swiss, a
//! [`Bracket`](xiangqi_tournament::knockout::Bracket) of
//! [`Match`](xiangqi_tournament::matchplay::Match)es for knockouts and matches), and which
//! server game is played on which board.
//!
//! Everything here is pure: no clock, no database, no games. The pairing, scoring and
//! standings are the tournament crate's, called as `xq tournament` calls them, so the same
//! results give the same standings on the server and on the command line.

use serde::{Deserialize, Serialize};
use xiangqi_tournament::matchplay::{MatchFormat, Playoff};

use xiangqi_tournament::{Lots, Outcome, Player, PlayerId, Settings, Tournament};

pub use super::error::Refused;
pub(crate) use super::error::{missing, refuse};
pub use super::state::{
    BracketState, CardsState, GroupsState, Pairing, PlayoffState, Team, TeamMatch,
};

/// How the event is run.
///
/// ```
/// # use xiangqi_competition::{Competition, SpecError, create_event::parse_create_event};
/// # use xiangqi_tournament::{Outcome, Player};
/// # let event = |j: &str| Competition::new(parse_create_event(j.as_bytes(), |_| Ok::<(), SpecError>(())).unwrap(), "ev", 0, 7, ["", ""]);
/// # let four = |j: &str| { let mut c = event(j); for n in ["A", "B", "C", "D"] { c.register(Player::new(n), String::new()).unwrap(); } c };
/// let c = event(r#"{"system": "swiss", "rounds": 5}"#);
/// assert_eq!(serde_json::to_value(&c.format).unwrap()["kind"], "table");
/// assert!(matches!(event(r#"{"system": "match"}"#).format, xiangqi_competition::Format::Bracket { .. }));
/// ```
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
///
/// ```
/// # use xiangqi_competition::{Competition, SpecError, create_event::parse_create_event};
/// # use xiangqi_tournament::{Outcome, Player};
/// # let event = |j: &str| Competition::new(parse_create_event(j.as_bytes(), |_| Ok::<(), SpecError>(())).unwrap(), "ev", 0, 7, ["", ""]);
/// # let four = |j: &str| { let mut c = event(j); for n in ["A", "B", "C", "D"] { c.register(Player::new(n), String::new()).unwrap(); } c };
/// let c = four(r#"{"system": "round_robin"}"#);
/// let e = &c.entries[0];
/// assert_eq!((e.id, e.player.name.as_str(), e.removed), (1, "A", false));
/// ```
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
    /// How many times his link was re-issued: the generation his token is derived with
    /// (the server derives each generation's token from the organiser's).
    #[serde(default)]
    pub link: u32,
}

/// A board of a round and the server game played on it.
///
/// ```
/// use xiangqi_competition::Board;
/// // Fields added since are read with their defaults from an event stored before them.
/// let b: Board = serde_json::from_str(r#"{"round": 1, "board": 2, "red": 3, "black": 4}"#).unwrap();
/// assert_eq!((b.game, b.fouls, b.playoff), (None, [0, 0], false));
/// ```
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

/// The whole event.
///
/// ```
/// # use xiangqi_competition::{Competition, SpecError, create_event::parse_create_event};
/// # use xiangqi_tournament::{Outcome, Player};
/// # let event = |j: &str| Competition::new(parse_create_event(j.as_bytes(), |_| Ok::<(), SpecError>(())).unwrap(), "ev", 0, 7, ["", ""]);
/// # let four = |j: &str| { let mut c = event(j); for n in ["A", "B", "C", "D"] { c.register(Player::new(n), String::new()).unwrap(); } c };
/// let c = four(r#"{"name": "Club", "system": "round_robin"}"#);
/// let stored = serde_json::to_string(&c).unwrap();
/// assert_eq!(serde_json::from_str::<Competition>(&stored).unwrap(), c);
/// ```
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
    /// How many times the arbiter's link was re-issued (the generation of his token).
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
    /// When adjourned games resume (1960 §18 五; [`crate::schedule`]).
    #[serde(default)]
    pub resumptions: Vec<super::resumption::Resumption>,
}

/// The most players (team members included) one event registers.
///
/// ```
/// # use xiangqi_competition::{Competition, SpecError, create_event::parse_create_event};
/// # use xiangqi_tournament::{Outcome, Player};
/// # let event = |j: &str| Competition::new(parse_create_event(j.as_bytes(), |_| Ok::<(), SpecError>(())).unwrap(), "ev", 0, 7, ["", ""]);
/// # let four = |j: &str| { let mut c = event(j); for n in ["A", "B", "C", "D"] { c.register(Player::new(n), String::new()).unwrap(); } c };
/// use xiangqi_competition::model::MAX_ENTRIES;
/// let mut c = event(r#"{"system": "swiss", "rounds": 5}"#);
/// for i in 0..MAX_ENTRIES {
///     c.register(Player::new(format!("P{i}")), String::new()).unwrap();
/// }
/// assert!(c.register(Player::new("one more"), String::new()).is_err());
/// ```
pub const MAX_ENTRIES: usize = 2000;

impl Competition {
    /// Whether the first round has been paired.
    ///
    /// ```
    /// # use xiangqi_competition::{Competition, SpecError, create_event::parse_create_event};
    /// # use xiangqi_tournament::{Outcome, Player};
    /// # let event = |j: &str| Competition::new(parse_create_event(j.as_bytes(), |_| Ok::<(), SpecError>(())).unwrap(), "ev", 0, 7, ["", ""]);
    /// # let four = |j: &str| { let mut c = event(j); for n in ["A", "B", "C", "D"] { c.register(Player::new(n), String::new()).unwrap(); } c };
    /// let mut c = four(r#"{"system": "round_robin"}"#);
    /// assert!(!c.started());
    /// c.pair_next_round().unwrap();
    /// assert!(c.started());
    /// ```
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
    ///
    /// ```
    /// # use xiangqi_competition::{Competition, SpecError, create_event::parse_create_event};
    /// # use xiangqi_tournament::{Outcome, Player};
    /// # let event = |j: &str| Competition::new(parse_create_event(j.as_bytes(), |_| Ok::<(), SpecError>(())).unwrap(), "ev", 0, 7, ["", ""]);
    /// # let four = |j: &str| { let mut c = event(j); for n in ["A", "B", "C", "D"] { c.register(Player::new(n), String::new()).unwrap(); } c };
    /// let mut c = four(r#"{"system": "round_robin"}"#);
    /// c.withdraw(2).unwrap();
    /// assert_eq!(c.field().count(), 3);
    /// ```
    pub fn field(&self) -> impl Iterator<Item = &Entry> {
        self.entries.iter().filter(|e| !e.removed)
    }

    /// The entry with registration number `id`.
    ///
    /// ```
    /// # use xiangqi_competition::{Competition, SpecError, create_event::parse_create_event};
    /// # use xiangqi_tournament::{Outcome, Player};
    /// # let event = |j: &str| Competition::new(parse_create_event(j.as_bytes(), |_| Ok::<(), SpecError>(())).unwrap(), "ev", 0, 7, ["", ""]);
    /// # let four = |j: &str| { let mut c = event(j); for n in ["A", "B", "C", "D"] { c.register(Player::new(n), String::new()).unwrap(); } c };
    /// let c = four(r#"{"system": "round_robin"}"#);
    /// assert_eq!(c.entry(1).map(|e| e.player.name.as_str()), Some("A"));
    /// assert!(c.entry(5).is_none());
    /// ```
    pub fn entry(&self, id: u32) -> Option<&Entry> {
        self.entries.iter().find(|e| e.id == id)
    }

    /// The entry with starting number `n`.
    ///
    /// ```
    /// # use xiangqi_competition::{Competition, SpecError, create_event::parse_create_event};
    /// # use xiangqi_tournament::{Outcome, Player};
    /// # let event = |j: &str| Competition::new(parse_create_event(j.as_bytes(), |_| Ok::<(), SpecError>(())).unwrap(), "ev", 0, 7, ["", ""]);
    /// # let four = |j: &str| { let mut c = event(j); for n in ["A", "B", "C", "D"] { c.register(Player::new(n), String::new()).unwrap(); } c };
    /// let mut c = four(r#"{"system": "round_robin"}"#);
    /// assert!(c.by_number(1).is_none()); // numbers are given at the start
    /// c.pair_next_round().unwrap();
    /// assert!(c.by_number(1).is_some() && c.by_number(5).is_none());
    /// ```
    pub fn by_number(&self, n: u32) -> Option<&Entry> {
        self.entries.iter().find(|e| e.number == Some(n))
    }

    pub(crate) fn id_of(&self, n: PlayerId) -> u32 {
        self.by_number(n.0).map_or(0, |e| e.id)
    }

    ///
    /// ```
    /// # use xiangqi_competition::{Competition, SpecError, create_event::parse_create_event};
    /// # use xiangqi_tournament::{Outcome, Player};
    /// # let event = |j: &str| Competition::new(parse_create_event(j.as_bytes(), |_| Ok::<(), SpecError>(())).unwrap(), "ev", 0, 7, ["", ""]);
    /// # let four = |j: &str| { let mut c = event(j); for n in ["A", "B", "C", "D"] { c.register(Player::new(n), String::new()).unwrap(); } c };
    /// let c = four(r#"{"system": "round_robin"}"#);
    /// assert_eq!(c.name_of(2), "B");
    /// assert_eq!(c.name_of(9), "");
    /// ```
    pub fn name_of(&self, id: u32) -> String {
        self.entry(id)
            .map(|e| e.player.name.clone())
            .unwrap_or_default()
    }

    /// The board holding server game `game`.
    ///
    /// ```
    /// # use xiangqi_competition::{Competition, SpecError, create_event::parse_create_event};
    /// # use xiangqi_tournament::{Outcome, Player};
    /// # let event = |j: &str| Competition::new(parse_create_event(j.as_bytes(), |_| Ok::<(), SpecError>(())).unwrap(), "ev", 0, 7, ["", ""]);
    /// # let four = |j: &str| { let mut c = event(j); for n in ["A", "B", "C", "D"] { c.register(Player::new(n), String::new()).unwrap(); } c };
    /// let mut c = four(r#"{"system": "round_robin"}"#);
    /// c.pair_next_round().unwrap();
    /// c.boards[1].game = Some("g2".into());
    /// assert_eq!(c.board_of_game("g2"), Some((1, 2)));
    /// assert_eq!(c.board_of_game("g9"), None);
    /// ```
    pub fn board_of_game(&self, game: &str) -> Option<(u32, u32)> {
        self.boards
            .iter()
            .find(|b| b.game.as_deref() == Some(game))
            .map(|b| (b.round, b.board))
    }
}
