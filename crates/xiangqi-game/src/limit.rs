//! 限着, the move limit, as the 1960 rules §12 set it out: who may ask for it (一), the
//! procedure of declaring it (二), its length (三), and the arbiter's judgment when it runs out
//! (四).
//!
//! * 一(一) an endgame whose trend (win or draw) cannot yet be judged, once both sides have
//!   made their preparations: a player asks; 一(二) one side has an overwhelming advantage and
//!   the play keeps going round in cycles: a player asks; 一(三) the arbiter himself, seeing
//!   repetition in an endgame hard to judge.
//! * 二 the arbiter has both sides pause, notes the position (the move number and the side to
//!   move), tells both players the number of moves, then restarts the clocks.
//! * 三 forty rounds in the general case.
//! * 四 at expiry: "如局势仍无新的变化，判为和局；但当局势出现新的变化（如一方失子或棋子处于险境，
//!   士、象不归宫，将、帅被威胁等），裁判员应根据情况重限着数，或不限着数继续进行比赛". The
//!   game pauses the clocks and shows the arbiter the book's criteria, measured against the
//!   position noted at the declaration ([`LimitChanges`]); he rules draw, a new limit or play
//!   on ([`LimitVerdict`]).
//!
//! Decisions where the book leaves room (written here, as the guide asks):
//! * *in danger* (处于险境): a piece other than the general attacked by the opponent and
//!   either not defended or attacked by a piece of lower value;
//! * *advisors and elephants at home* (归宫): an advisor on its two starting points or the
//!   palace centre, an elephant on its two starting points or the point in front of the
//!   palace centre — the defensive formation they return to;
//! * *the general threatened*: in check, or the side to move has a mate in one;
//! * each criterion counts as a *new* change only if it was not already so in the noted
//!   position (a piece lost always is);
//! * the arbiter's ruling must agree with the criteria unless he writes why (his judgment is
//!   the book's, the criteria are the book's examples, "等"): a draw with a change found, or a
//!   new limit or play on with none, needs a note.

use serde::{Deserialize, Serialize};
use xiangqi::{Color, Position, Role, Square};

/// Who asked for a move limit, on which ground of 1960 §12 一.
///
/// ```
/// use xiangqi_game::LimitGround;
/// assert!(LimitGround::Dominant.article().contains("一(二)"));
/// assert!(!LimitGround::ArbiterSees.player_asks());
/// ```
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum LimitGround {
    /// 一(一) the trend of the endgame cannot be judged; the preparations are made.
    Undecided,
    /// 一(二) one side dominates and the play repeats in cycles.
    Dominant,
    /// 一(三) the arbiter, seeing repetition in an endgame hard to judge.
    ArbiterSees,
}

impl LimitGround {
    /// Whether a player asks (一(一), 一(二)); the arbiter's own ground names no player.
    pub fn player_asks(self) -> bool {
        self != LimitGround::ArbiterSees
    }

    /// The article and its words.
    pub fn article(self) -> &'static str {
        match self {
            LimitGround::Undecided => {
                "1960 rules §12 一(一) (一时判断不出胜或和的趋势的残局，由一方的运动员提出限着)"
            }
            LimitGround::Dominant => {
                "1960 rules §12 一(二) (一方占绝对优势的残局，历次出现反复循环，由一方的运动员提出要求限着)"
            }
            LimitGround::ArbiterSees => {
                "1960 rules §12 一(三) (裁判员根据残局中出现反复现象，而又难判胜或和的趋势，认为需要限着)"
            }
        }
    }
}

/// The arbiter's ruling when a limit runs out (1960 §12 四).
///
/// ```
/// use xiangqi_game::LimitVerdict;
/// let v: LimitVerdict = serde_json::from_str(r#""new_limit""#).unwrap();
/// assert_eq!(v, LimitVerdict::NewLimit);
/// ```
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum LimitVerdict {
    /// 判为和局: no new change.
    Draw,
    /// 重限着数: a new change; a new limit from here.
    NewLimit,
    /// 不限着数继续进行比赛: a new change; play on without a limit.
    PlayOn,
}

impl LimitVerdict {
    /// In Chinese.
    pub fn chinese(self) -> &'static str {
        match self {
            LimitVerdict::Draw => "局势无新的变化，判和",
            LimitVerdict::NewLimit => "局势出现新的变化，重限着数",
            LimitVerdict::PlayOn => "局势出现新的变化，不限着数继续比赛",
        }
    }
}

/// A declared move limit in force (1960 §12).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveLimit {
    /// Rounds allowed.
    pub rounds: u32,
    /// The ply it was declared at.
    pub from_ply: u32,
    /// Captures since.
    pub captures: u32,
}

impl MoveLimit {
    /// The ply at which it runs out.
    ///
    /// ```
    /// use xiangqi_game::MoveLimit;
    /// let limit = MoveLimit { rounds: 20, from_ply: 60, captures: 0 };
    /// assert_eq!(limit.ends_at(), 100);
    /// ```
    pub fn ends_at(&self) -> u32 {
        self.from_ply.saturating_add(self.rounds.saturating_mul(2))
    }
}

/// The book's criteria of a new change (1960 §12 四), measured at expiry against the
/// position noted at the declaration. Squares in ICCS (`e4`).
///
/// ```
/// use xiangqi::Position;
/// use xiangqi_game::LimitChanges;
/// let start = Position::start();
/// assert!(!LimitChanges::between(&start, &start).any());
/// ```
#[derive(Serialize, Deserialize, Clone, Debug, Default, PartialEq, Eq)]
pub struct LimitChanges {
    /// Pieces Red lost since the declaration (一方失子).
    pub red_lost: u32,
    /// Pieces Black lost since.
    pub black_lost: u32,
    /// Pieces newly in danger (棋子处于险境).
    pub in_danger: Vec<String>,
    /// Advisors and elephants newly away from home (士、象不归宫).
    pub away_from_home: Vec<String>,
    /// Generals newly threatened: in check, or facing a mate in one (将、帅被威胁).
    pub general_threatened: Vec<String>,
}

impl LimitChanges {
    /// The criteria between the noted position `noted` and the position `now`.
    pub fn between(noted: &Position, now: &Position) -> LimitChanges {
        let count = |p: &Position, c: Color| p.occupied_by(c).count() as u32;
        let fresh = |then: Vec<Square>, now: Vec<Square>| {
            now.into_iter()
                .filter(|s| !then.contains(s))
                .map(|s| s.to_string())
                .collect()
        };
        LimitChanges {
            red_lost: count(noted, Color::Red).saturating_sub(count(now, Color::Red)),
            black_lost: count(noted, Color::Black).saturating_sub(count(now, Color::Black)),
            in_danger: fresh(in_danger(noted), in_danger(now)),
            away_from_home: fresh(away_from_home(noted), away_from_home(now)),
            general_threatened: fresh(threatened(noted), threatened(now)),
        }
    }

    /// Whether any new change appeared.
    pub fn any(&self) -> bool {
        self.red_lost + self.black_lost > 0
            || !self.in_danger.is_empty()
            || !self.away_from_home.is_empty()
            || !self.general_threatened.is_empty()
    }

    /// The criteria as the arbiter reads them, in Chinese.
    pub fn chinese(&self) -> String {
        if !self.any() {
            return "局势无新的变化".into();
        }
        let mut parts = Vec::new();
        if self.red_lost + self.black_lost > 0 {
            parts.push(format!("失子：红{}、黑{}", self.red_lost, self.black_lost));
        }
        let list = |name: &str, v: &[String]| format!("{name}：{}", v.join("、"));
        if !self.in_danger.is_empty() {
            parts.push(list("棋子处于险境", &self.in_danger));
        }
        if !self.away_from_home.is_empty() {
            parts.push(list("士、象不归宫", &self.away_from_home));
        }
        if !self.general_threatened.is_empty() {
            parts.push(list("将、帅被威胁", &self.general_threatened));
        }
        parts.join("；")
    }
}

fn value(role: Role) -> u32 {
    match role {
        Role::King => 100,
        Role::Rook => 9,
        Role::Cannon | Role::Horse => 4,
        Role::Advisor | Role::Elephant => 2,
        Role::Pawn => 1,
    }
}

/// Pieces attacked by the opponent and undefended, or attacked by a cheaper piece.
fn in_danger(pos: &Position) -> Vec<Square> {
    pos.pieces()
        .filter(|(sq, p)| {
            if p.role == Role::King {
                return false;
            }
            let attackers = pos.attackers(*sq, p.color.other());
            let cheaper = attackers.clone().any(|a| {
                pos.piece_at(a)
                    .is_some_and(|q| value(q.role) < value(p.role))
            });
            attackers.first().is_some() && (cheaper || !pos.is_attacked(*sq, p.color))
        })
        .map(|(sq, _)| sq)
        .collect()
}

/// Advisors and elephants off their home points (the decision in the module's notes).
fn away_from_home(pos: &Position) -> Vec<Square> {
    let home = |c: Color, role: Role| -> [&'static str; 3] {
        match (c, role) {
            (Color::Red, Role::Advisor) => ["d0", "f0", "e1"],
            (Color::Black, Role::Advisor) => ["d9", "f9", "e8"],
            (Color::Red, _) => ["c0", "g0", "e2"],
            (Color::Black, _) => ["c9", "g9", "e7"],
        }
    };
    pos.pieces()
        .filter(|(sq, p)| {
            matches!(p.role, Role::Advisor | Role::Elephant)
                && !home(p.color, p.role).contains(&sq.to_string().as_str())
        })
        .map(|(sq, _)| sq)
        .collect()
}

/// The squares of generals in check or facing a mate in one by the side to move.
fn threatened(pos: &Position) -> Vec<Square> {
    let mut out = Vec::new();
    if pos.is_check() {
        out.push(pos.king(pos.turn()));
    }
    let mates = pos.legal_moves().iter().any(|&m| {
        let mut after = pos.clone();
        after.play(m).is_ok() && after.is_checkmate()
    });
    if mates {
        out.push(pos.king(pos.turn().other()));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen).unwrap()
    }

    #[test]
    fn a_lost_piece_is_a_change_for_either_colour() {
        let noted = pos("3k5/9/9/9/4r4/4R4/9/9/9/4K4 w");
        // Red lost its rook.
        let now = pos("3k5/9/9/9/9/4r4/9/9/9/4K4 w");
        let c = LimitChanges::between(&noted, &now);
        assert_eq!((c.red_lost, c.black_lost), (1, 0));
        assert!(c.any());
        // The same, colours swapped.
        let noted = pos("4k4/9/9/9/4r4/4R4/9/9/9/5K3 w");
        let now = pos("4k4/9/9/9/4R4/9/9/9/9/5K3 b");
        let c = LimitChanges::between(&noted, &now);
        assert_eq!((c.red_lost, c.black_lost), (0, 1));
    }

    #[test]
    fn a_piece_newly_hanging_is_in_danger_but_one_already_hanging_is_not_new() {
        // Red's horse on c5 is attacked by Black's rook on c7, undefended.
        let noted = pos("3k5/9/9/9/9/9/9/9/9/4K4 w");
        let now = pos("3k5/9/2r6/9/2N6/9/9/9/9/4K4 w");
        let c = LimitChanges::between(&noted, &now);
        assert_eq!(c.in_danger, ["c5"]);
        // Already so at the declaration: nothing new.
        assert!(!LimitChanges::between(&now, &now).any());
        // Mirrored and colour-swapped: Black's horse on g4 under Red's rook on g2.
        let now = pos("4k4/9/9/9/9/6n2/9/6R2/9/5K3 w");
        let c = LimitChanges::between(&noted, &now);
        assert!(c.in_danger.contains(&"g4".to_string()), "{c:?}");
    }

    #[test]
    fn an_advisor_off_home_and_a_general_in_check_are_changes() {
        let noted = pos("3aka3/9/9/9/9/4p4/9/9/9/3AKA3 w");
        let now = pos("3ak4/4a4/9/9/9/4p4/9/3A5/9/3K1A3 b");
        let c = LimitChanges::between(&noted, &now);
        // Black's advisor on e8 is on the palace centre: home; Red's on d2 is not.
        assert_eq!(c.away_from_home, ["d2"]);
        let check = pos("4k4/9/9/9/9/9/9/9/9/4RK3 b");
        let quiet = pos("4k4/9/9/9/9/9/9/9/9/3R1K3 b");
        let c = LimitChanges::between(&quiet, &check);
        assert_eq!(c.general_threatened, ["e9"]);
        assert!(
            LimitChanges::between(&quiet, &quiet)
                .general_threatened
                .is_empty()
        );
    }
}
