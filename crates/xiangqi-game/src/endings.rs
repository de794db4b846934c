//! The endings ruled off the board, each with the article that makes it so: the clock of the
//! hall (current rules 4.1.4 time), the players (4.1.9 resignation, 4.2.2 agreement) and the
//! arbiter's desk (4.1.5 late arrival, 4.1.8 fouls, 4.1.10 misconduct and refusal; 1960 §12
//! the move limit, §14 adjudication), and the discipline of 1960 §18 九 and current 8.8 (除名)
//! and of 1960 §4 一(六) (封棋着法有误). Each is the one [`Ruling`] of the referee crate, with
//! its [`Ending`].

use xiangqi::Color;
use xiangqi_clock::Flag;
use xiangqi_referee::{Ending, ForfeitReason, GameResult, Ruling};

use super::arbiter::{title, zh};
use super::desk::{Adjudged, with_note};

/// `loser` resigned (4.1.9 自己宣布认输).
///
/// ```
/// use xiangqi::Color;
/// use xiangqi_game::{GameResult, endings};
/// let r = endings::resignation(Color::Black, 12);
/// assert_eq!(r.result, GameResult::RedWins);
/// assert_eq!(serde_json::to_value(&r).unwrap()["reason"], "resignation");
/// ```
pub fn resignation(loser: Color, ply: u32) -> Ruling {
    Ruling::ended(
        GameResult::win_for(loser.other()),
        Ending::Resignation,
        ply,
        Some(loser),
        "current rules 4.1.9 (自己宣布认输)",
        (
            format!("{} resigned.", title(loser)),
            format!("{}方认输。", zh(loser)),
        ),
    )
}

/// Both sides agreed a draw (4.2.2 一方提议作和，另一方表示同意).
///
/// ```
/// use xiangqi_game::{GameResult, endings};
/// let r = endings::agreement(40);
/// assert_eq!((r.result, r.reason_name(), r.offender), (GameResult::Draw, "agreement", None));
/// ```
pub fn agreement(ply: u32) -> Ruling {
    Ruling::ended(
        GameResult::Draw,
        Ending::Agreement,
        ply,
        None,
        "current rules 4.2.2 (提议作和，对方同意)",
        ("Draw agreed.".into(), "双方同意和棋。".into()),
    )
}

/// A flag fell (4.1.4 在规定的时限内未走满规定的着数; 6.5 先超时者判负).
///
/// ```
/// use std::time::Duration;
/// use xiangqi_clock::GameClock;
/// use xiangqi::Color;
/// use xiangqi_game::{GameResult, endings};
/// let mut clock: GameClock = GameClock::new("1m".parse().unwrap());
/// clock.start(Color::Red, Duration::ZERO).unwrap();
/// let flag = clock.check(Duration::from_secs(61)).unwrap().expect("Red's flag fell");
/// let r = endings::flag(&flag, 0);
/// assert_eq!((r.result, r.reason_name()), (GameResult::BlackWins, "flag"));
/// assert_eq!(r.offender, Some(Color::Red));
/// ```
pub fn flag(flag: &Flag, ply: u32) -> Ruling {
    let articles: Vec<String> = flag.citations().iter().map(|c| c.to_string()).collect();
    Ruling::ended(
        GameResult::win_for(flag.winner()),
        Ending::Flag,
        ply,
        Some(flag.loser),
        articles.join("; "),
        (
            format!("{} lost on time: {}.", title(flag.loser), flag.reason),
            format!("{}方超时判负。", zh(flag.loser)),
        ),
    )
}

/// The offender reached the foul limit (4.1.8: 在同一棋局中，三次"犯规"; 2.4(4): 两次).
///
/// ```
/// use xiangqi::Color;
/// use xiangqi_game::{GameResult, endings};
/// let r = endings::fouls(Color::Black, 3, 31);
/// assert_eq!((r.result, r.reason_name()), (GameResult::RedWins, "fouls"));
/// ```
pub fn fouls(offender: Color, count: u32, ply: u32) -> Ruling {
    Ruling::ended(
        GameResult::win_for(offender.other()),
        Ending::Fouls,
        ply,
        Some(offender),
        "current rules 4.1.8 (在同一棋局中，三次“犯规”)",
        (
            format!(
                "{} committed foul number {count} and loses.",
                title(offender)
            ),
            format!("{}方第{count}次犯规，判负。", zh(offender)),
        ),
    )
}

/// A declared move limit ran out and the arbiter found no new change (1960 §12 四).
///
/// ```
/// use xiangqi_game::{GameResult, endings};
/// let r = endings::move_limit(40, 130);
/// assert_eq!((r.result, r.reason_name(), r.ply), (GameResult::Draw, "move_limit", 130));
/// ```
pub fn move_limit(rounds: u32, ply: u32) -> Ruling {
    Ruling::ended(
        GameResult::Draw,
        Ending::MoveLimit,
        ply,
        None,
        "1960 rules §12 四 (限着数目届满，如局势仍无新的变化，判为和局)",
        (
            format!("The arbiter's limit of {rounds} moves ran out with no new change: draw."),
            format!("限着{rounds}回合届满，局势无新的变化，判和。"),
        ),
    )
}

/// Forfeit by the arbiter (4.1.5, 4.1.10, 1960 §14).
///
/// ```
/// use xiangqi::Color;
/// use xiangqi_game::{ForfeitReason, GameResult, endings};
/// let r = endings::forfeit(Color::Red, ForfeitReason::Misconduct, 7);
/// assert_eq!((r.result, r.reason_name(), r.offender), (GameResult::BlackWins, "misconduct", Some(Color::Red)));
/// ```
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
    Ruling::ended(
        GameResult::win_for(loser.other()),
        Ending::Forfeit(reason),
        ply,
        Some(loser),
        rule,
        (
            format!("{} loses: {en}.", title(loser)),
            format!("{}方{cn}，判负。", zh(loser)),
        ),
    )
}

/// Neither player arrived in time (4.1.5): both lose (scored `--` by events, 1960 §13).
///
/// ```
/// use xiangqi_game::{GameResult, endings};
/// let r = endings::both_late(0);
/// assert_eq!((r.result, r.reason_name(), r.offender), (GameResult::BothLose, "late_arrival", None));
/// ```
pub fn both_late(ply: u32) -> Ruling {
    Ruling::ended(
        GameResult::BothLose,
        Ending::Forfeit(ForfeitReason::LateArrival),
        ply,
        None,
        "current rules 4.1.5 (超过了比赛规定的迟到判负时限)",
        (
            "Neither player arrived in time: both lose.".into(),
            "双方均迟到超过判负时限，均判负。".into(),
        ),
    )
}

/// The arbiter ruled on the game (1960 §14: 由裁判员根据中止时的局面加以审议).
///
/// ```
/// use xiangqi_game::{Adjudged, GameResult, endings};
/// let r = endings::adjudication(Adjudged::Draw, "", 60);
/// assert_eq!((r.result, r.reason_name()), (GameResult::Draw, "adjudication"));
/// ```
pub fn adjudication(result: Adjudged, note: &str, ply: u32) -> Ruling {
    let (result, en, cn) = match result {
        Adjudged::RedWins => (GameResult::RedWins, "Red wins", "红胜"),
        Adjudged::BlackWins => (GameResult::BlackWins, "Black wins", "黑胜"),
        Adjudged::Draw => (GameResult::Draw, "draw", "和棋"),
    };
    Ruling::ended(
        result,
        Ending::Adjudication,
        ply,
        None,
        "1960 rules §14 (由裁判员根据中止时的局面加以审议); §18 八 (解决比赛过程中的一切纠纷)",
        (
            with_note(format!("Adjudicated by the arbiter: {en}."), note),
            with_note(format!("裁判员裁定：{cn}。"), note),
        ),
    )
}

/// A player disqualified (除名, 1960 rules §18 九: 给予处分（从警告直至除名）; current 8.8):
/// he loses the game.
///
/// ```
/// use xiangqi::Color;
/// use xiangqi_game::{GameResult, endings};
/// let r = endings::disqualification(Color::Red, "", 12);
/// assert_eq!((r.result, r.reason_name(), r.offender), (GameResult::BlackWins, "disqualification", Some(Color::Red)));
/// ```
pub fn disqualification(loser: Color, note: &str, ply: u32) -> Ruling {
    Ruling::ended(
        GameResult::win_for(loser.other()),
        Ending::Disqualification,
        ply,
        Some(loser),
        "1960 rules §18 九 (运动员违反纪律者，给予处分（从警告直至除名）); current rules 8.8 (警告.判负.除名)",
        (
            with_note(format!("{} is disqualified and loses.", title(loser)), note),
            with_note(format!("{}方被除名，判负。", zh(loser)), note),
        ),
    )
}

/// The sealed move was wrong and the sealer could not explain it (1960 rules §4 一(六)).
///
/// ```
/// use xiangqi::Color;
/// use xiangqi_game::{GameResult, endings};
/// let r = endings::sealed_error(Color::Black, "", 40);
/// assert_eq!((r.result, r.reason_name()), (GameResult::RedWins, "sealed_move_error"));
/// ```
pub fn sealed_error(sealer: Color, note: &str, ply: u32) -> Ruling {
    Ruling::ended(
        GameResult::win_for(sealer.other()),
        Ending::SealedMoveError,
        ply,
        Some(sealer),
        "1960 rules §4 一(六) (“封棋”时所记着法有误而又解释不清者)",
        (
            with_note(
                format!(
                    "{}'s sealed move was wrong and could not be explained: {} loses.",
                    title(sealer),
                    title(sealer)
                ),
                note,
            ),
            with_note(
                format!("{}方封棋所记着法有误而又解释不清，判负。", zh(sealer)),
                note,
            ),
        ),
    )
}
