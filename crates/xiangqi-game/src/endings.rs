//! The endings the arbiter's desk and the clock of the hall rule (articles in each), and
//! the discipline of 1960 §18 九 and current 8.8 (除名) and of 1960 §4 一(六) (封棋着法有误).

use crate::ending::Ending;
use xiangqi::Color;

use super::arbiter::{GameResult, Ruling, title, zh};
use super::desk::{Adjudged, ForfeitReason, with_note};

impl Ruling {
    /// The offender reached the foul limit (4.1.8: 在同一棋局中，三次"犯规"; 2.4(4): 两次).
    ///
    /// ```
    /// use xiangqi::Color;
    /// use xiangqi_game::{GameResult, Ruling};
    /// let r = Ruling::fouls(Color::Black, 3, 31);
    /// assert_eq!((r.result, r.reason.name()), (GameResult::RedWins, "fouls"));
    /// ```
    pub fn fouls(offender: Color, count: u32, ply: u32) -> Ruling {
        Ruling {
            result: GameResult::win_for(offender.other()),
            reason: Ending::Fouls,
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
            by: None,
        }
    }

    /// A declared move limit ran out and the arbiter found no new change (1960 §12 四).
    pub fn move_limit(rounds: u32, ply: u32) -> Ruling {
        Ruling {
            result: GameResult::Draw,
            reason: Ending::MoveLimit,
            ply,
            offender: None,
            rule: "1960 rules §12 四 (限着数目届满，如局势仍无新的变化，判为和局)".into(),
            explanation: format!(
                "The arbiter's limit of {rounds} moves ran out with no new change: draw."
            ),
            explanation_zh: format!("限着{rounds}回合届满，局势无新的变化，判和。"),
            cycle: None,
            ordered_at: None,
            claimed_by: None,
            by: None,
        }
    }

    /// Forfeit by the arbiter (4.1.5, 4.1.10, 1960 §14).
    pub fn forfeit(loser: Color, reason: ForfeitReason, ply: u32) -> Ruling {
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
            reason: Ending::Forfeit(reason),
            ply,
            offender: Some(loser),
            rule: rule.into(),
            explanation: format!("{} loses: {en}.", title(loser)),
            explanation_zh: format!("{}方{cn}，判负。", zh(loser)),
            cycle: None,
            ordered_at: None,
            claimed_by: None,
            by: None,
        }
    }

    /// Neither player arrived in time (4.1.5): both lose (scored `--` by events, 1960 §13).
    pub fn both_late(ply: u32) -> Ruling {
        Ruling {
            result: GameResult::BothLose,
            reason: Ending::Forfeit(ForfeitReason::LateArrival),
            ply,
            offender: None,
            rule: "current rules 4.1.5 (超过了比赛规定的迟到判负时限)".into(),
            explanation: "Neither player arrived in time: both lose.".into(),
            explanation_zh: "双方均迟到超过判负时限，均判负。".into(),
            cycle: None,
            ordered_at: None,
            claimed_by: None,
            by: None,
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
            reason: Ending::Adjudication,
            ply,
            offender: None,
            rule: "1960 rules §14 (由裁判员根据中止时的局面加以审议); §18 八 (解决比赛过程中的一切纠纷)"
                .into(),
            explanation: with_note(format!("Adjudicated by the arbiter: {en}."), note),
            explanation_zh: with_note(format!("裁判员裁定：{cn}。"), note),
            cycle: None,
            ordered_at: None,
            claimed_by: None,
            by: None,
        }
    }

    /// A player disqualified (除名, 1960 rules §18 九: 给予处分（从警告直至除名）; current
    /// 8.8): he loses the game.
    ///
    /// ```
    /// use xiangqi::Color;
    /// use xiangqi_game::{GameResult, Ruling};
    /// let r = Ruling::disqualification(Color::Red, "", 12);
    /// assert_eq!((r.result, r.reason.name(), r.offender), (GameResult::BlackWins, "disqualification", Some(Color::Red)));
    /// ```
    pub fn disqualification(loser: Color, note: &str, ply: u32) -> Ruling {
        Ruling {
            result: GameResult::win_for(loser.other()),
            reason: Ending::Disqualification,
            ply,
            offender: Some(loser),
            rule: "1960 rules §18 九 (运动员违反纪律者，给予处分（从警告直至除名）); current rules 8.8 (警告.判负.除名)".into(),
            explanation: with_note(
                format!("{} is disqualified and loses.", title(loser)),
                note,
            ),
            explanation_zh: with_note(format!("{}方被除名，判负。", zh(loser)), note),
            cycle: None,
            ordered_at: None,
            claimed_by: None,
            by: None,
        }
    }

    /// The sealed move was wrong and the sealer could not explain it (1960 rules §4 一(六)).
    ///
    /// ```
    /// use xiangqi::Color;
    /// use xiangqi_game::{GameResult, Ruling};
    /// let r = Ruling::sealed_error(Color::Black, "", 40);
    /// assert_eq!((r.result, r.reason.name()), (GameResult::RedWins, "sealed_move_error"));
    /// ```
    pub fn sealed_error(sealer: Color, note: &str, ply: u32) -> Ruling {
        Ruling {
            result: GameResult::win_for(sealer.other()),
            reason: Ending::SealedMoveError,
            ply,
            offender: Some(sealer),
            rule: "1960 rules §4 一(六) (“封棋”时所记着法有误而又解释不清者)".into(),
            explanation: with_note(
                format!(
                    "{}'s sealed move was wrong and could not be explained: {} loses.",
                    title(sealer),
                    title(sealer)
                ),
                note,
            ),
            explanation_zh: with_note(
                format!("{}方封棋所记着法有误而又解释不清，判负。", zh(sealer)),
                note,
            ),
            cycle: None,
            ordered_at: None,
            claimed_by: None,
            by: None,
        }
    }
}
