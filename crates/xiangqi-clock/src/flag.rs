//! A fallen flag as a result, with the rules that make it one.

use core::fmt;
use core::time::Duration;

use xiangqi::Color;

/// A rule book the clock rules come from.
///
/// ```
/// use xiangqi_clock::RuleBook;
/// assert!(RuleBook::Rules1960.title().contains("1960"));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum RuleBook {
    /// 《中国象棋竞赛规则》(1960).
    Rules1960,
    /// The current text, 最新版《中国象棋比赛规则》.
    Current,
}

impl RuleBook {
    /// The book's title.
    ///
    /// ```
    /// # use xiangqi_clock::RuleBook;
    /// assert_eq!(RuleBook::Current.title(), "最新版《中国象棋比赛规则》");
    /// ```
    pub const fn title(self) -> &'static str {
        match self {
            RuleBook::Rules1960 => "《中国象棋竞赛规则》(1960)",
            RuleBook::Current => "最新版《中国象棋比赛规则》",
        }
    }
}

/// An article of a rule book, with the words that apply.
///
/// ```
/// use xiangqi_clock::{Citation, RuleBook};
/// let c = Citation::CURRENT_4_1_4;
/// assert_eq!(c.book, RuleBook::Current);
/// assert!(c.to_string().contains("4.1.4"));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Citation {
    /// The book.
    pub book: RuleBook,
    /// The article, as numbered in the book.
    pub article: &'static str,
    /// The words of the article that apply (quoted from the seed text).
    pub text: &'static str,
}

impl Citation {
    /// Current text 4.1.4: losing for not making the moves in the time.
    pub const CURRENT_4_1_4: Citation = Citation {
        book: RuleBook::Current,
        article: "第4条 4.1.4",
        text: "在规定的时限内未走满规定的着数",
    };
    /// Current text §6.5: sudden death.
    pub const CURRENT_6_5: Citation = Citation {
        book: RuleBook::Current,
        article: "第6条 6.5",
        text: "每方时间包干使用，不计着数，先超时者判负",
    };
    /// Current text, 时间规定 (preamble): the limit on a single move.
    pub const CURRENT_MOVE_LIMIT: Citation = Citation {
        book: RuleBook::Current,
        article: "时间规定",
        text: "每方走一着棋的时间不得超过…秒，如有一着棋超过时间，判负",
    };
    /// 1960 第四节一(五): overstepping the time loses.
    pub const R1960_4_1_5: Citation = Citation {
        book: RuleBook::Rules1960,
        article: "第四节 一（五）",
        text: "超过时限",
    };
    /// 1960 第十一节一: two minutes a move plus a reserve.
    pub const R1960_11_1: Citation = Citation {
        book: RuleBook::Rules1960,
        article: "第十一节 一",
        text: "全部使用完后，就必须在两分钟内走一着棋，否则就算失败",
    };
    /// 1960 第十一节二: ten moves in every fifteen minutes after the main time.
    pub const R1960_11_2: Citation = Citation {
        book: RuleBook::Rules1960,
        article: "第十一节 二",
        text: "用完限制时间后，须在15分钟内必须走满10着棋，不到10着者即算失败",
    };
}

impl fmt::Display for Citation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}：“{}”", self.book.title(), self.article, self.text)
    }
}

/// Why a flag fell.
///
/// ```
/// use xiangqi_clock::FlagReason;
/// let r = FlagReason::QuotaNotMet { stage: 0, moves_owed: 3 };
/// assert!(r.to_string().contains("3 moves"));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(tag = "kind", rename_all = "snake_case"))]
pub enum FlagReason {
    /// A stage's time ran out with moves of its quota still owed.
    QuotaNotMet {
        /// The stage (index into the schedule; repetitions of the last share its index).
        stage: usize,
        /// Moves of the quota not made, counting the one being thought about.
        moves_owed: u32,
    },
    /// The time of the last stage ran out (sudden death).
    TimeExhausted {
        /// The stage.
        stage: usize,
    },
    /// The reserve was gone and a move took longer than the per-move allowance (the
    /// simple delay): 1960 时间分计制.
    AllowanceExceeded {
        /// The per-move allowance.
        allowance: Duration,
    },
    /// All byo-yomi periods were used up.
    ByoyomiExhausted {
        /// The number of periods the schedule gave.
        periods: u32,
    },
    /// A single move took longer than the schedule's hard limit.
    MoveLimitExceeded {
        /// The limit.
        limit: Duration,
    },
}

impl FlagReason {
    /// The articles that make this a loss.
    ///
    /// Increments, delays and byo-yomi are not in the seed rule books; running out of time
    /// under them is still "超过时限" (1960 第四节一(五)) and sudden death (current §6.5).
    ///
    /// ```
    /// use xiangqi_clock::{Citation, FlagReason};
    /// let r = FlagReason::QuotaNotMet { stage: 1, moves_owed: 2 };
    /// assert!(r.citations().contains(&Citation::CURRENT_4_1_4));
    /// ```
    pub fn citations(&self) -> &'static [Citation] {
        match self {
            FlagReason::QuotaNotMet { .. } => &[
                Citation::CURRENT_4_1_4,
                Citation::R1960_11_2,
                Citation::R1960_4_1_5,
            ],
            FlagReason::TimeExhausted { .. } | FlagReason::ByoyomiExhausted { .. } => {
                &[Citation::CURRENT_6_5, Citation::R1960_4_1_5]
            }
            FlagReason::AllowanceExceeded { .. } => &[Citation::R1960_11_1, Citation::R1960_4_1_5],
            FlagReason::MoveLimitExceeded { .. } => {
                &[Citation::CURRENT_MOVE_LIMIT, Citation::R1960_4_1_5]
            }
        }
    }
}

impl fmt::Display for FlagReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use crate::text::DurationText;
        match self {
            FlagReason::QuotaNotMet { stage, moves_owed } => write!(
                f,
                "time ran out in stage {} with {moves_owed} moves still owed",
                stage.saturating_add(1)
            ),
            FlagReason::TimeExhausted { stage } => {
                write!(
                    f,
                    "time ran out in stage {} (sudden death)",
                    stage.saturating_add(1)
                )
            }
            FlagReason::AllowanceExceeded { allowance } => write!(
                f,
                "the reserve was used up and a move took longer than {}",
                DurationText(*allowance)
            ),
            FlagReason::ByoyomiExhausted { periods } => {
                write!(f, "all {periods} byo-yomi periods were used up")
            }
            FlagReason::MoveLimitExceeded { limit } => {
                write!(
                    f,
                    "a move took longer than the limit of {}",
                    DurationText(*limit)
                )
            }
        }
    }
}

/// A fallen flag: the game is lost on time.
///
/// `at` is the last instant at which a move would still have been in time (the clock
/// reads exactly zero); the flag falls at any later instant. See the crate documentation
/// for why reaching exactly zero is not a loss.
///
/// Whether the opponent could have won at all (insufficient material) is a question for
/// the referee, not the clock.
///
/// ```
/// use std::time::Duration;
/// use xiangqi_clock::{GameClock, Color, TimeControl};
/// let mut clock: GameClock = GameClock::new("1m".parse::<TimeControl>().unwrap());
/// clock.start(Color::Red, Duration::ZERO).unwrap();
/// let flag = clock.check(Duration::from_secs(61)).unwrap().unwrap();
/// assert_eq!(flag.loser, Color::Red);
/// assert_eq!(flag.winner(), Color::Black);
/// assert_eq!(flag.at, Duration::from_secs(60));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Flag {
    /// The side whose flag fell.
    pub loser: Color,
    /// When its time reached zero.
    pub at: Duration,
    /// The loser's move number (1-based) that was not made in time.
    pub move_number: u32,
    /// Why.
    pub reason: FlagReason,
}

impl Flag {
    /// The side that wins on time.
    ///
    /// ```
    /// # use std::time::Duration;
    /// # use xiangqi_clock::{Flag, FlagReason, Color};
    /// let f = Flag { loser: Color::Black, at: Duration::ZERO, move_number: 1,
    ///                reason: FlagReason::TimeExhausted { stage: 0 } };
    /// assert_eq!(f.winner(), Color::Red);
    /// ```
    pub fn winner(&self) -> Color {
        self.loser.other()
    }

    /// The articles that make the fallen flag a loss.
    ///
    /// ```
    /// # use std::time::Duration;
    /// # use xiangqi_clock::{Citation, Flag, FlagReason, Color};
    /// let f = Flag { loser: Color::Red, at: Duration::ZERO, move_number: 1,
    ///                reason: FlagReason::TimeExhausted { stage: 0 } };
    /// assert_eq!(f.citations()[0], Citation::CURRENT_6_5);
    /// ```
    pub fn citations(&self) -> &'static [Citation] {
        self.reason.citations()
    }
}

impl fmt::Display for Flag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} loses on time at move {}: {}",
            self.loser, self.move_number, self.reason
        )
    }
}
