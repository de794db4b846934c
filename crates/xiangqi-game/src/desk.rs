//! The arbiter's desk: what the game's arbiter may do during play, and the rulings that end a
//! game off the board by the arbiter's decision or by the clock of the hall.
//!
//! Sources (seeds): the current text (`002`) 2.8 (技术犯规), 4.1.5 (迟到判负), 4.1.8 (三次犯规),
//! 4.1.10 (拒绝遵守本规则或严重违反纪律), 5.8 (纠正错误), 7.1 (漏记); the 1960 rules (`000`)
//! §11 四 (封棋), §12 (限着), §14 (未终局由裁判员根据中止时的局面加以审议; 拒绝走以后的各局).

use serde::{Deserialize, Serialize};
use xiangqi::Color;
use xiangqi_referee::ForfeitReason;

use super::limit::{LimitGround, LimitVerdict};
pub use crate::action_error::ActionError;

/// A foul the arbiter records (犯规).
///
/// ```
/// use xiangqi_game::FoulKind;
/// assert!(FoulKind::RepeatedDrawOffer.article().contains("2.8(1)"));
/// assert_eq!(FoulKind::IllegalMove.english(), "illegal move");
/// ```
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum FoulKind {
    /// 2.8(1) 连续提和，干扰对方.
    RepeatedDrawOffer,
    /// 2.8(2) 一方提出"自然限著"经裁判审查后不属实.
    FalseLimitClaim,
    /// 2.8(3) 触摸己方之棋子而不能走该子.
    TouchedNotMoved,
    /// 2.8(4) 触摸对方之棋子而不能吃该子.
    TouchedNotCaptured,
    /// 2.8(5) 一方多走一步或棋子走往不能去的位置.
    IllegalMove,
    /// 7.1 每连续漏记4着，判犯规一次.
    UnrecordedMoves,
    /// Anything else the arbiter rules a foul (8.8).
    Other,
}

impl FoulKind {
    /// The article and its words.
    pub fn article(self) -> &'static str {
        match self {
            FoulKind::RepeatedDrawOffer => "current rules 2.8(1) (连续提和，干扰对方)",
            FoulKind::FalseLimitClaim => "current rules 2.8(2) (提出自然限着经裁判审查后不属实)",
            FoulKind::TouchedNotMoved => "current rules 2.8(3) (触摸己方之棋子而不能走该子)",
            FoulKind::TouchedNotCaptured => "current rules 2.8(4) (触摸对方之棋子而不能吃该子)",
            FoulKind::IllegalMove => "current rules 2.8(5) (多走一步或棋子走往不能去的位置)",
            FoulKind::UnrecordedMoves => "current rules 7.1 (每连续漏记4着，判犯规一次)",
            FoulKind::Other => "current rules 8.8 (根据情节轻重，判其犯规)",
        }
    }

    /// In English.
    pub fn english(self) -> &'static str {
        match self {
            FoulKind::RepeatedDrawOffer => "repeated draw offer",
            FoulKind::FalseLimitClaim => "false move-limit claim",
            FoulKind::TouchedNotMoved => "touched a piece and did not move it",
            FoulKind::TouchedNotCaptured => "touched an opponent's piece and did not capture it",
            FoulKind::IllegalMove => "illegal move",
            FoulKind::UnrecordedMoves => "four moves in a row not recorded",
            FoulKind::Other => "foul",
        }
    }

    /// In Chinese.
    pub fn chinese(self) -> &'static str {
        match self {
            FoulKind::RepeatedDrawOffer => "连续提和",
            FoulKind::FalseLimitClaim => "自然限着申请不属实",
            FoulKind::TouchedNotMoved => "摸子不走",
            FoulKind::TouchedNotCaptured => "摸对方子不吃",
            FoulKind::IllegalMove => "走棋违例",
            FoulKind::UnrecordedMoves => "连续漏记4着",
            FoulKind::Other => "犯规",
        }
    }
}

/// The result an arbiter may rule.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum Adjudged {
    /// 红胜.
    RedWins,
    /// 黑胜.
    BlackWins,
    /// 和棋.
    Draw,
}

/// What the arbiter asks of the game (`POST /api/games/{id}/arbiter`).
///
/// ```
/// use xiangqi_game::ArbiterAction;
/// let a: ArbiterAction = serde_json::from_str(r#"{"action": "move_limit", "rounds": 40}"#).unwrap();
/// assert_eq!(a, ArbiterAction::MoveLimit { rounds: 40 });
/// ```
#[derive(Deserialize, Clone, Debug, PartialEq, Eq)]
#[serde(tag = "action", rename_all = "snake_case", deny_unknown_fields)]
pub enum ArbiterAction {
    /// Record a foul.
    Foul {
        /// The offender.
        side: Color,
        /// What kind.
        foul: FoulKind,
        /// The arbiter's words.
        #[serde(default)]
        note: String,
    },
    /// Record that a player asked for a move limit, or that the arbiter sees the need (1960
    /// §12 一): `side` is the player who asked, absent on the arbiter's own ground.
    LimitRequest {
        /// The ground.
        ground: LimitGround,
        /// Who asked (一(一), 一(二)).
        #[serde(default)]
        side: Option<Color>,
    },
    /// Declare a move limit of `rounds` (1960 §12 二; 40 in the general case, §12 三): the
    /// clocks stop, the position and side to move are noted, the limit told, the clocks
    /// restart.
    MoveLimit {
        /// Rounds (moves by each side).
        rounds: u32,
    },
    /// Rule on an expired limit (1960 §12 四).
    LimitRuling {
        /// Draw, a new limit, or play on.
        verdict: LimitVerdict,
        /// The new limit's rounds (`new_limit`; 40 if absent, §12 三).
        #[serde(default)]
        rounds: Option<u32>,
        /// Why; needed when the ruling goes against the criteria found.
        #[serde(default)]
        note: String,
    },
    /// Lift the limit in force.
    LiftLimit {
        /// Why.
        #[serde(default)]
        note: String,
    },
    /// Record pieces the player to move touched, in order, after those already recorded
    /// this turn (1960 §7 四, current 5.1–5.5).
    Touch {
        /// The squares, ICCS (`h2`), in the order touched.
        squares: Vec<String>,
    },
    /// Withdraw this turn's touch record (the player said 「我来摆正」 first, 1960 §7 四; 5.6).
    Untouch {
        /// Why.
        #[serde(default)]
        note: String,
    },
    /// Correct a move that broke the rules (1960 §7 五): moves from `from_ply` on are taken
    /// back and the replay must move the same piece, unless it cannot move.
    Correct {
        /// The ply of the wrong move (0 = the first move).
        from_ply: u32,
        /// Why.
        #[serde(default)]
        note: String,
    },
    /// Warn a player (警告, 1960 §18 九; current 8.8).
    Warn {
        /// Who.
        side: Color,
        /// Why.
        #[serde(default)]
        note: String,
    },
    /// Disqualify a player (除名, 1960 §18 九; current 8.8): he loses this game and takes no
    /// further part in the event.
    Disqualify {
        /// Who.
        side: Color,
        /// Why.
        #[serde(default)]
        note: String,
    },
    /// Rule on a sealed move that is wrong or unclear (1960 §4 一(六)): with `meant`, the
    /// sealer explained it and the move he meant stands; without, he loses.
    SealedError {
        /// The move the sealer explained he meant.
        #[serde(default)]
        meant: Option<String>,
        /// Why.
        #[serde(default)]
        note: String,
    },
    /// Forfeit a side.
    Forfeit {
        /// Who loses.
        side: Color,
        /// Why.
        reason: ForfeitReason,
    },
    /// Rule on an unfinished game (1960 §14) or a dispute (1960 §18 八).
    Adjudicate {
        /// The result.
        result: Adjudged,
        /// Why.
        #[serde(default)]
        note: String,
    },
    /// Stop both clocks.
    Pause,
    /// Start them again.
    Resume,
    /// Give (`ms` > 0) or take time.
    Time {
        /// Whose clock.
        side: Color,
        /// Milliseconds.
        ms: i64,
        /// Why.
        #[serde(default)]
        note: String,
    },
    /// Order the adjournment now: the side to move seals (1960 §11 四).
    Adjourn,
    /// Declare the claimable repetition draw (current text 2.5(3) 「裁判员有权…判和」); the
    /// referee checks that the cycle allows it.
    RepetitionDraw,
    /// Take moves back so that `to_ply` stand (5.8).
    Takeback {
        /// Moves that stand.
        to_ply: u32,
        /// Why.
        #[serde(default)]
        note: String,
    },
}

impl ArbiterAction {
    /// Checks the numbers a stranger sent.
    ///
    /// # Errors
    ///
    /// What is out of range, and in which field ([`ActionError`]).
    pub fn validate(&self) -> Result<(), ActionError> {
        let note_ok = |n: &str| n.chars().count() <= 500;
        match self {
            ArbiterAction::MoveLimit { rounds } if !(1..=500).contains(rounds) => {
                Err(ActionError::Rounds(*rounds))
            }
            ArbiterAction::Time { ms, .. } if *ms == 0 || ms.unsigned_abs() > 86_400_000 => {
                Err(ActionError::TimeAmount(*ms))
            }
            ArbiterAction::LimitRuling {
                rounds: Some(rounds),
                ..
            } if !(1..=500).contains(rounds) => Err(ActionError::Rounds(*rounds)),
            ArbiterAction::LimitRequest { ground, side }
                if ground.player_asks() != side.is_some() =>
            {
                Err(ActionError::Asker)
            }
            ArbiterAction::Touch { squares } if squares.is_empty() || squares.len() > 32 => {
                Err(ActionError::TouchSquares)
            }
            ArbiterAction::Foul { note, .. }
            | ArbiterAction::Adjudicate { note, .. }
            | ArbiterAction::Time { note, .. }
            | ArbiterAction::Takeback { note, .. }
            | ArbiterAction::LimitRuling { note, .. }
            | ArbiterAction::LiftLimit { note }
            | ArbiterAction::Untouch { note }
            | ArbiterAction::Correct { note, .. }
            | ArbiterAction::Warn { note, .. }
            | ArbiterAction::Disqualify { note, .. }
            | ArbiterAction::SealedError { note, .. }
                if !note_ok(note) =>
            {
                Err(ActionError::NoteTooLong)
            }
            _ => Ok(()),
        }
    }
}

pub(super) fn with_note(text: String, note: &str) -> String {
    if note.is_empty() {
        text
    } else {
        format!("{text} ({note})")
    }
}
