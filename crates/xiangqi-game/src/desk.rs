//! The arbiter's desk: what the game's arbiter may do during play, and the rulings that end a
//! game off the board by the arbiter's decision or by the clock of the hall.
//!
//! Sources (seeds): the current text (`002`) 2.8 (技术犯规), 4.1.5 (迟到判负), 4.1.8 (三次犯规),
//! 4.1.10 (拒绝遵守本规则或严重违反纪律), 5.8 (纠正错误), 7.1 (漏记); the 1960 rules (`000`)
//! §11 四 (封棋), §12 (限着), §14 (未终局由裁判员根据中止时的局面加以审议; 拒绝走以后的各局).

use serde::{Deserialize, Serialize};
use xiangqi_clock::Side;

use super::arbiter::{GameResult, Ruling, title, zh};

/// A foul the arbiter records (犯规).
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

/// Why the arbiter forfeits a side.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum ForfeitReason {
    /// 4.1.5 超过了比赛规定的迟到判负时限.
    LateArrival,
    /// 4.1.10 严重违反纪律.
    Misconduct,
    /// 4.1.10 拒绝遵守本规则; 1960 §14 拒绝走以后的各局.
    Refusal,
}

impl ForfeitReason {
    fn name(self) -> &'static str {
        match self {
            ForfeitReason::LateArrival => "late_arrival",
            ForfeitReason::Misconduct => "misconduct",
            ForfeitReason::Refusal => "refusal",
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
        side: Side,
        /// What kind.
        foul: FoulKind,
        /// The arbiter's words.
        #[serde(default)]
        note: String,
    },
    /// Declare a move limit of `rounds` (1960 §12; 40 in the general case, §12 三).
    MoveLimit {
        /// Rounds (moves by each side).
        rounds: u32,
    },
    /// Forfeit a side.
    Forfeit {
        /// Who loses.
        side: Side,
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
        side: Side,
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
    /// What is out of range.
    pub fn validate(&self) -> Result<(), String> {
        let note_ok = |n: &str| n.chars().count() <= 500;
        match self {
            ArbiterAction::MoveLimit { rounds } if !(1..=500).contains(rounds) => {
                Err(format!("rounds {rounds}: expected 1 to 500"))
            }
            ArbiterAction::Time { ms, .. } if *ms == 0 || ms.unsigned_abs() > 86_400_000 => Err(
                format!("ms {ms}: expected a non-zero amount of at most a day"),
            ),
            ArbiterAction::Foul { note, .. }
            | ArbiterAction::Adjudicate { note, .. }
            | ArbiterAction::Time { note, .. }
            | ArbiterAction::Takeback { note, .. }
                if !note_ok(note) =>
            {
                Err("note: at most 500 characters".into())
            }
            _ => Ok(()),
        }
    }
}

fn with_note(text: String, note: &str) -> String {
    if note.is_empty() {
        text
    } else {
        format!("{text} ({note})")
    }
}

impl Ruling {
    /// The offender reached the foul limit (4.1.8: 在同一棋局中，三次"犯规"; 2.4(4): 两次).
    pub fn fouls(offender: Side, count: u32, ply: u32) -> Ruling {
        Ruling {
            result: GameResult::win_for(offender.other()),
            reason: "fouls".into(),
            ply,
            offender: Some(offender),
            rule: "current rules 4.1.8 (在同一棋局中，三次“犯规”)".into(),
            explanation: format!(
                "{} committed foul number {count} and loses.",
                title(offender)
            ),
            explanation_zh: format!("{}方第{count}次犯规，判负。", zh(offender)),
            cycle: None,
            ordered_at: None,
            claimed_by: None,
        }
    }

    /// A declared move limit ran out with no capture (1960 §12 四).
    pub fn move_limit(rounds: u32, ply: u32) -> Ruling {
        Ruling {
            result: GameResult::Draw,
            reason: "move_limit".into(),
            ply,
            offender: None,
            rule: "1960 rules §12 四 (限着数目届满，如局势仍无新的变化，判为和局)".into(),
            explanation: format!(
                "The arbiter's limit of {rounds} moves ran out without a capture: draw."
            ),
            explanation_zh: format!("限着{rounds}回合届满，局势无新的变化，判和。"),
            cycle: None,
            ordered_at: None,
            claimed_by: None,
        }
    }

    /// Forfeit by the arbiter (4.1.5, 4.1.10, 1960 §14).
    pub fn forfeit(loser: Side, reason: ForfeitReason, ply: u32) -> Ruling {
        let (rule, en, cn) = match reason {
            ForfeitReason::LateArrival => (
                "current rules 4.1.5 (超过了比赛规定的迟到判负时限)",
                "arrived too late",
                "迟到超过判负时限",
            ),
            ForfeitReason::Misconduct => (
                "current rules 4.1.10 (严重违反纪律)",
                "serious misconduct",
                "严重违反纪律",
            ),
            ForfeitReason::Refusal => (
                "current rules 4.1.10 (拒绝遵守本规则); 1960 rules §14 (拒绝走以后的各局)",
                "refused to play on or to keep the rules",
                "拒绝遵守规则或拒绝续弈",
            ),
        };
        Ruling {
            result: GameResult::win_for(loser.other()),
            reason: reason.name().into(),
            ply,
            offender: Some(loser),
            rule: rule.into(),
            explanation: format!("{} loses: {en}.", title(loser)),
            explanation_zh: format!("{}方{cn}，判负。", zh(loser)),
            cycle: None,
            ordered_at: None,
            claimed_by: None,
        }
    }

    /// Neither player arrived in time (4.1.5): both lose (scored `--` by events, 1960 §13).
    pub fn both_late(ply: u32) -> Ruling {
        Ruling {
            result: GameResult::BothLose,
            reason: "late_arrival".into(),
            ply,
            offender: None,
            rule: "current rules 4.1.5 (超过了比赛规定的迟到判负时限)".into(),
            explanation: "Neither player arrived in time: both lose.".into(),
            explanation_zh: "双方均迟到超过判负时限，均判负。".into(),
            cycle: None,
            ordered_at: None,
            claimed_by: None,
        }
    }

    /// The arbiter ruled on the game (1960 §14: 由裁判员根据中止时的局面加以审议).
    pub fn adjudication(result: Adjudged, note: &str, ply: u32) -> Ruling {
        let (result, en, cn) = match result {
            Adjudged::RedWins => (GameResult::RedWins, "Red wins", "红胜"),
            Adjudged::BlackWins => (GameResult::BlackWins, "Black wins", "黑胜"),
            Adjudged::Draw => (GameResult::Draw, "draw", "和棋"),
        };
        Ruling {
            result,
            reason: "adjudication".into(),
            ply,
            offender: None,
            rule: "1960 rules §14 (由裁判员根据中止时的局面加以审议); §18 八 (解决比赛过程中的一切纠纷)"
                .into(),
            explanation: with_note(format!("Adjudicated by the arbiter: {en}."), note),
            explanation_zh: with_note(format!("裁判员裁定：{cn}。"), note),
            cycle: None,
            ordered_at: None,
            claimed_by: None,
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
    pub fn ends_at(&self) -> u32 {
        self.from_ply.saturating_add(self.rounds.saturating_mul(2))
    }
}
