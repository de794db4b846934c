//! The arbiters of an event besides the chief (1960 §18 一: 总裁判长, 副总裁判长, 裁判员):
//! who they are and what each may act on. Appointing and assigning them: `officials.rs`.

use serde::{Deserialize, Serialize};

/// What an official may do.
///
/// ```
/// use xiangqi_competition::arbiters::OfficialRole;
/// assert_eq!(serde_json::to_value(OfficialRole::Deputy).unwrap(), "deputy");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OfficialRole {
    /// 副总裁判长: every game of the event, as the chief.
    Deputy,
    /// 裁判员: the boards assigned to him in each round.
    Board,
}

/// A deputy or board arbiter.
///
/// ```
/// # use xiangqi_competition::{Competition, SpecError, create_event::parse_create_event};
/// # use xiangqi_tournament::{Outcome, Player};
/// # let event = |j: &str| Competition::new(parse_create_event(j.as_bytes(), |_| Ok::<(), SpecError>(())).unwrap(), "ev", 0, 7, ["", ""]);
/// # let four = |j: &str| { let mut c = event(j); for n in ["A", "B", "C", "D"] { c.register(Player::new(n), String::new()).unwrap(); } c };
/// use xiangqi_competition::arbiters::OfficialRole;
/// let mut c = four(r#"{"system": "round_robin"}"#);
/// c.add_official("Li", OfficialRole::Board).unwrap();
/// assert_eq!(c.officials[0].name, "Li");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Official {
    /// His number in the event (1 first).
    pub id: u32,
    /// Name.
    pub name: String,
    /// Deputy or board arbiter.
    pub role: OfficialRole,
    /// SHA-256 of his token (hex).
    pub token_sha256: String,
    /// How many times his link was re-issued.
    #[serde(default)]
    pub link: u32,
    /// The boards assigned to him: (round, board).
    #[serde(default)]
    pub boards: Vec<(u32, u32)>,
}

/// The most boards one arbiter oversees in 1960 §18 一's three kinds of events.
const RATIOS: [(u32, &str, &str); 3] = [
    (3, "national events (1–3)", "全国比赛（1–3台）"),
    (5, "provincial events (2–5)", "省级比赛（2–5台）"),
    (7, "other events (4–7)", "其他比赛（4–7台）"),
];

/// The warnings for an arbiter given `boards` boards in a round: one for each kind of event
/// whose range it exceeds, in English and Chinese.
///
/// ```
/// use xiangqi_competition::arbiters::ratio_warnings;
/// assert!(ratio_warnings("王", 3).is_empty());
/// assert_eq!(ratio_warnings("王", 4).len(), 1);
/// assert_eq!(ratio_warnings("王", 8).len(), 3);
/// ```
pub fn ratio_warnings(name: &str, boards: u32) -> Vec<(String, String)> {
    RATIOS
        .iter()
        .filter(|(most, _, _)| boards > *most)
        .map(|(_, en, zh)| {
            (
                format!("{name} has {boards} boards: more than 1960 §18 gives for {en}"),
                format!("{name}裁判{boards}台，超过1960年规则第十八节{zh}"),
            )
        })
        .collect()
}

impl Official {
    /// Whether he may act on the game of round `round`, board `board`.
    ///
    /// ```
    /// # use xiangqi_competition::{Competition, SpecError, create_event::parse_create_event};
    /// # use xiangqi_tournament::{Outcome, Player};
    /// # let event = |j: &str| Competition::new(parse_create_event(j.as_bytes(), |_| Ok::<(), SpecError>(())).unwrap(), "ev", 0, 7, ["", ""]);
    /// # let four = |j: &str| { let mut c = event(j); for n in ["A", "B", "C", "D"] { c.register(Player::new(n), String::new()).unwrap(); } c };
    /// use xiangqi_competition::arbiters::OfficialRole;
    /// let mut c = four(r#"{"system": "round_robin"}"#);
    /// let li = c.add_official("Li", OfficialRole::Board).unwrap();
    /// c.add_official("Wang", OfficialRole::Deputy).unwrap();
    /// c.assign(li, 2, &[1]).unwrap();
    /// assert!(c.officials[0].covers(2, 1) && !c.officials[0].covers(2, 2));
    /// assert!(c.officials[1].covers(2, 2));
    /// ```
    pub fn covers(&self, round: u32, board: u32) -> bool {
        self.role == OfficialRole::Deputy || self.boards.contains(&(round, board))
    }
}
