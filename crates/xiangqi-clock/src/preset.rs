//! The time controls named in the rule books.

use core::time::Duration;

use crate::control::{Delay, Stage};
use crate::flag::Citation;
use crate::flag::RuleBook;
use crate::schedule::{Schedule, TimeControl};

const fn min(m: u64) -> Duration {
    Duration::from_secs(60 * m)
}

/// A time control named in a rule book or a major event's regulations.
///
/// ```
/// use xiangqi_clock::Preset;
/// assert_eq!(Preset::Current6_1.control().to_string(), "90m/40+15m/10");
/// assert_eq!(Preset::Rules1960PerMove.control().to_string(), "2m/move+30m");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Preset {
    /// 1960 第十一节一, 时间分计制: at most two minutes a move, plus a 30-minute reserve spent
    /// freely; once the reserve is gone every move within two minutes or lose. A simple
    /// delay of two minutes on thirty minutes: `2m/move+30m`.
    Rules1960PerMove,
    /// 1960 第十一节二, 时间总计制: 1 h 30 min each (adjustable, see
    /// [`Preset::rules_1960_total`]), then 10 moves in every 15 minutes: `90m+15m/10`.
    /// The book does not say whether a 15-minute period's unused time carries over; we
    /// carry it, as the current text's staged controls do.
    Rules1960Total,
    /// Current text §6.1: 40 moves in 90 minutes, then 10 in every 15: `90m/40+15m/10`.
    Current6_1,
    /// Current text §6.2: 30 moves in 60 minutes, then 10 in every 10: `60m/30+10m/10`.
    Current6_2,
    /// Current text §6.3 (rapid): 40 moves in 10 minutes, then 30 in every 5:
    /// `10m/40+5m/30`.
    Current6_3,
    /// Current text §6.4 (rapid): 30 moves in every 5 minutes: `5m/30`.
    Current6_4,
    /// WXF world championships: 60 minutes plus 30 seconds a move (the WXF's regulations for
    /// the 14th and the 18th World Xiangqi Championship): `60m+30s`.
    Wxf,
}

impl Preset {
    /// Every preset.
    ///
    /// ```
    /// # use xiangqi_clock::Preset;
    /// assert_eq!(Preset::ALL.len(), 7);
    /// ```
    pub const ALL: [Preset; 7] = [
        Preset::Rules1960PerMove,
        Preset::Rules1960Total,
        Preset::Current6_1,
        Preset::Current6_2,
        Preset::Current6_3,
        Preset::Current6_4,
        Preset::Wxf,
    ];

    /// The 1960 时间总计制 with another main time ("也可以根据实际情况酌予伸缩").
    ///
    /// ```
    /// # use std::time::Duration;
    /// # use xiangqi_clock::Preset;
    /// let c = Preset::rules_1960_total(Duration::from_secs(3600));
    /// assert_eq!(c.to_string(), "60m+15m/10");
    /// ```
    pub fn rules_1960_total(main: Duration) -> TimeControl {
        let stages = vec![Stage::time(main), Stage::moves(min(15), 10)];
        // Two stages: never empty.
        TimeControl::symmetric(
            Schedule::new(stages).unwrap_or_else(|_| Schedule::sudden_death(main)),
        )
    }

    /// The control.
    ///
    /// ```
    /// # use xiangqi_clock::Preset;
    /// assert_eq!(Preset::Current6_4.control().to_string(), "5m/30");
    /// ```
    pub fn control(self) -> TimeControl {
        // Non-empty stage lists are always valid schedules.
        let staged = |a: Stage, b: Stage| {
            TimeControl::symmetric(
                Schedule::new(vec![a, b]).unwrap_or_else(|_| Schedule::sudden_death(a.time)),
            )
        };
        let single = |a: Stage| {
            TimeControl::symmetric(
                Schedule::new(vec![a]).unwrap_or_else(|_| Schedule::sudden_death(a.time)),
            )
        };
        match self {
            Preset::Rules1960PerMove => {
                single(Stage::time(min(30)).with_delay(Delay::simple(min(2))))
            }
            Preset::Rules1960Total => Preset::rules_1960_total(min(90)),
            Preset::Current6_1 => staged(Stage::moves(min(90), 40), Stage::moves(min(15), 10)),
            Preset::Current6_2 => staged(Stage::moves(min(60), 30), Stage::moves(min(10), 10)),
            Preset::Current6_3 => staged(Stage::moves(min(10), 40), Stage::moves(min(5), 30)),
            Preset::Current6_4 => single(Stage::moves(min(5), 30)),
            Preset::Wxf => single(Stage::time(min(60)).with_increment(Duration::from_secs(30))),
        }
    }

    /// Where the control comes from.
    ///
    /// ```
    /// # use xiangqi_clock::{Preset, RuleBook};
    /// assert_eq!(Preset::Rules1960Total.citation().unwrap().book, RuleBook::Rules1960);
    /// assert!(Preset::Wxf.citation().is_none());
    /// ```
    pub fn citation(self) -> Option<Citation> {
        let current = |article, text| Citation {
            book: RuleBook::Current,
            article,
            text,
        };
        Some(match self {
            Preset::Rules1960PerMove => Citation::R1960_11_1,
            Preset::Rules1960Total => Citation::R1960_11_2,
            Preset::Current6_1 => current(
                "第6条 6.1",
                "第一时限，每方在90分钟内必须走满40着。以后每15分钟内必须走满10着，直至对局结束",
            ),
            Preset::Current6_2 => current(
                "第6条 6.2",
                "第一时限，每方在60分钟内必须走满30着。以后每10分钟内必须走满10着，直至对局结束",
            ),
            Preset::Current6_3 => current(
                "第6条 6.3",
                "第一时限，每方在10分钟内必须走满40着。以后每5分钟内必须走满30着，直至对局结束",
            ),
            Preset::Current6_4 => current("第6条 6.4", "每方每5分钟内必须走满30着，直至对局结束"),
            Preset::Wxf => return None,
        })
    }
}
