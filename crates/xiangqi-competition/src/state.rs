//! The state of each kind of event once it has begun, as stored inside the
//! [`Competition`](crate::Competition): a bracket's pairings, a team event's teams and
//! matches, a grouped event's stages, a card knockout's stage, a play-off for first place.

use serde::{Deserialize, Serialize};
use xiangqi_tournament::groups::GroupedEvent;
use xiangqi_tournament::knockout::Bracket;
use xiangqi_tournament::matchplay::Match;
use xiangqi_tournament::{PlayerId, Tournament};

/// A pairing of a bracket once both sides are known: A and B by starting number.
///
/// ```
/// # use xiangqi_competition::{Competition, SpecError, create_event::parse_create_event};
/// # use xiangqi_tournament::{Outcome, Player};
/// # let event = |j: &str| Competition::new(parse_create_event(j.as_bytes(), |_| Ok::<(), SpecError>(())).unwrap(), "ev", 0, 7, ["", ""]);
/// # let four = |j: &str| { let mut c = event(j); for n in ["A", "B", "C", "D"] { c.register(Player::new(n), String::new()).unwrap(); } c };
/// let mut c = four(r#"{"system": "knockout"}"#);
/// c.pair_next_round().unwrap();
/// let pairings = &c.bracket.as_ref().unwrap().pairings;
/// assert_eq!(pairings.len(), 2);
/// assert!(pairings.iter().all(|p| p.decided.is_none()));
/// ```
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
///
/// ```
/// # use xiangqi_competition::{Competition, SpecError, create_event::parse_create_event};
/// # use xiangqi_tournament::{Outcome, Player};
/// # let event = |j: &str| Competition::new(parse_create_event(j.as_bytes(), |_| Ok::<(), SpecError>(())).unwrap(), "ev", 0, 7, ["", ""]);
/// # let four = |j: &str| { let mut c = event(j); for n in ["A", "B", "C", "D"] { c.register(Player::new(n), String::new()).unwrap(); } c };
/// let mut c = four(r#"{"system": "knockout"}"#);
/// assert!(c.bracket.is_none());
/// c.pair_next_round().unwrap();
/// assert_eq!(c.bracket.as_ref().unwrap().rounds, 1);
/// ```
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
///
/// ```
/// # use xiangqi_competition::{Competition, SpecError, create_event::parse_create_event};
/// # use xiangqi_tournament::{Outcome, Player};
/// # let event = |j: &str| Competition::new(parse_create_event(j.as_bytes(), |_| Ok::<(), SpecError>(())).unwrap(), "ev", 0, 7, ["", ""]);
/// # let four = |j: &str| { let mut c = event(j); for n in ["A", "B", "C", "D"] { c.register(Player::new(n), String::new()).unwrap(); } c };
/// let mut c = event(r#"{"system": "team_round_robin", "boards": 2}"#);
/// let squad = vec![(Player::new("a"), String::new()), (Player::new("b"), String::new())];
/// c.register_team("Guangdong".into(), String::new(), squad).unwrap();
/// assert_eq!((c.teams[0].name.as_str(), c.teams[0].squad.len()), ("Guangdong", 2));
/// ```
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
    /// The generation of the captain's link (0 for the first; each re-issue adds one).
    #[serde(default)]
    pub link: u32,
}

/// One team match of a round.
///
/// ```
/// use xiangqi_competition::model::TeamMatch;
/// let m: TeamMatch = serde_json::from_str(
///     r#"{"round": 1, "table_board": 1, "teams": [1, 2], "lineups": [null, [1, 2]]}"#,
/// ).unwrap();
/// assert!(m.lineups[0].is_none() && m.lineups[1].is_some());
/// ```
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
///
/// ```
/// use xiangqi_competition::model::PlayoffState;
/// let p: PlayoffState =
///     serde_json::from_str(r#"{"players": [3, 1], "first_round": 8, "rounds": 0}"#).unwrap();
/// assert!(p.order.is_none());
/// ```
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
///
/// ```
/// # use xiangqi_competition::{Competition, SpecError, create_event::parse_create_event};
/// # use xiangqi_tournament::{Outcome, Player};
/// # let event = |j: &str| Competition::new(parse_create_event(j.as_bytes(), |_| Ok::<(), SpecError>(())).unwrap(), "ev", 0, 7, ["", ""]);
/// # let four = |j: &str| { let mut c = event(j); for n in ["A", "B", "C", "D"] { c.register(Player::new(n), String::new()).unwrap(); } c };
/// let mut c = four(r#"{"system": "groups", "groups": 2}"#);
/// c.pair_next_round().unwrap();
/// let g = c.groups.as_ref().unwrap();
/// assert!(g.consolation.is_none() && !g.done());
/// ```
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

/// A card knockout in progress (2.9).
///
/// ```
/// # use xiangqi_competition::{Competition, SpecError, create_event::parse_create_event};
/// # use xiangqi_tournament::{Outcome, Player};
/// # let event = |j: &str| Competition::new(parse_create_event(j.as_bytes(), |_| Ok::<(), SpecError>(())).unwrap(), "ev", 0, 7, ["", ""]);
/// # let four = |j: &str| { let mut c = event(j); for n in ["A", "B", "C", "D"] { c.register(Player::new(n), String::new()).unwrap(); } c };
/// let mut c = four(r#"{"system": "cards"}"#);
/// c.pair_next_round().unwrap();
/// let cards = c.cards.as_ref().unwrap();
/// assert_eq!((cards.alive.len(), cards.stage), (4, 1));
/// ```
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
