//! Swiss options beyond the variant.

use serde::{Deserialize, Serialize};

use crate::{PlayerId, Points};

/// Same-club avoidance (同队不相遇): players of one club (unit, team, federation) are not
/// paired against each other.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum ClubRule {
    /// Clubs are ignored.
    #[default]
    Off,
    /// Absolute (like a rematch) in rounds `1..=rounds`, ignored afterwards.
    FirstRounds {
        /// The last round in which it is absolute.
        rounds: u32,
    },
    /// Absolute in every round.
    Always,
}

impl ClubRule {
    /// Whether the rule forbids same-club pairs in `round`.
    ///
    /// ```
    /// use xiangqi_tournament::tournament::ClubRule;
    /// assert!(ClubRule::FirstRounds { rounds: 2 }.applies(2));
    /// assert!(!ClubRule::FirstRounds { rounds: 2 }.applies(3));
    /// assert!(ClubRule::Always.applies(9) && !ClubRule::Off.applies(1));
    /// ```
    pub fn applies(self, round: u32) -> bool {
        match self {
            ClubRule::Off => false,
            ClubRule::FirstRounds { rounds } => round <= rounds,
            ClubRule::Always => true,
        }
    }
}

/// Options of a Swiss event that the variant alone does not fix.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SwissOptions {
    /// Same-club avoidance.
    #[serde(default)]
    pub clubs: ClubRule,
    /// Baku acceleration (FIDE C.04.5.1) in the Dutch system.
    #[serde(default)]
    pub baku: bool,
    /// Explicit accelerations (TRF `250`): fictitious half-points, rounds, player range.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub accelerations: Vec<crate::trf::Acceleration>,
    /// Pairs that may not meet (TRF `260`): first round, last round, players.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub forbidden: Vec<(u32, u32, Vec<PlayerId>)>,
    /// The top player's side in round 1 (FIDE C.04.3 art. 5.1: by lot; default first).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub initial_colour: Option<crate::Mover>,
    /// Chinese system: in the last `rounds` rounds, the higher scorer's colour preference
    /// decides when the scores differ by at least `gap` half-points (Match BP Online's option
    /// 「后三轮配对后，优先平衡多 0.5 分（含）一方的先后走」, `bp/user/xinjian.php`: last three
    /// rounds, gap ½).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_rounds_priority: Option<LastRoundsPriority>,
    /// Byes asked for in advance (TRF `240`): round, player, points scored. The player is
    /// left out of that round's pairing.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub requested_byes: Vec<(u32, PlayerId, Points)>,
}

/// The Chinese software's last-rounds colour priority.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LastRoundsPriority {
    /// How many final rounds it covers (3 in the software's default).
    pub rounds: u32,
    /// The smallest score gap, in half-points of the event's scale, for which it applies.
    pub gap: Points,
}

impl SwissOptions {
    /// Whether nothing is set.
    pub fn is_default(&self) -> bool {
        *self == SwissOptions::default()
    }
}
