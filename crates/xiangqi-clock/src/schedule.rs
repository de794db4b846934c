//! One side's schedule and the game's time control.

use core::fmt;
use core::time::Duration;

use crate::control::{Byoyomi, Stage};
use crate::side::BySide;
use xiangqi::Color;

/// Why a combination of stages is not a valid schedule.
///
/// ```
/// use xiangqi_clock::{InvalidControl, Schedule};
/// assert_eq!(Schedule::new(vec![]).unwrap_err(), InvalidControl::NoStages);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum InvalidControl {
    /// A schedule needs at least one stage.
    NoStages,
    /// Byo-yomi follows the main time, so the last stage may not have a move quota.
    ByoyomiAfterQuota,
    /// Byo-yomi replaces the increment and delay of the last stage; it may not have them.
    ByoyomiWithIncrementOrDelay,
    /// A per-move limit of zero would lose every game at once.
    ZeroMoveLimit,
}

impl fmt::Display for InvalidControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            InvalidControl::NoStages => "a time control needs at least one stage",
            InvalidControl::ByoyomiAfterQuota => "byo-yomi needs a last stage without a move quota",
            InvalidControl::ByoyomiWithIncrementOrDelay => {
                "byo-yomi cannot be combined with an increment or a delay on the last stage"
            }
            InvalidControl::ZeroMoveLimit => "a per-move limit must be longer than zero",
        })
    }
}

impl std::error::Error for InvalidControl {}

/// One side's time control: stages, then optional byo-yomi, and an optional hard limit
/// for every single move.
///
/// ```
/// use std::time::Duration;
/// use xiangqi_clock::{Schedule, Stage};
/// let min = |m: u64| Duration::from_secs(60 * m);
/// // Current text §6.1: 90 minutes for 40 moves, then 15 minutes for every 10.
/// let s = Schedule::new(vec![Stage::moves(min(90), 40), Stage::moves(min(15), 10)]).unwrap();
/// assert_eq!(s.to_string(), "90m/40+15m/10");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Schedule {
    stages: Vec<Stage>,
    byoyomi: Option<Byoyomi>,
    move_limit: Option<Duration>,
}

impl Schedule {
    /// A schedule of the given stages (the last one repeats if it has a move quota).
    ///
    /// ```
    /// # use std::time::Duration;
    /// # use xiangqi_clock::{Schedule, Stage};
    /// assert!(Schedule::new(vec![Stage::time(Duration::from_secs(60))]).is_ok());
    /// ```
    pub fn new(stages: Vec<Stage>) -> Result<Schedule, InvalidControl> {
        if stages.is_empty() {
            return Err(InvalidControl::NoStages);
        }
        Ok(Schedule {
            stages,
            byoyomi: None,
            move_limit: None,
        })
    }

    /// Sudden death (包干): all moves in `time` (current text §6.5).
    ///
    /// ```
    /// # use std::time::Duration;
    /// # use xiangqi_clock::Schedule;
    /// assert_eq!(Schedule::sudden_death(Duration::from_secs(1800)).to_string(), "30m");
    /// ```
    pub fn sudden_death(time: Duration) -> Schedule {
        Schedule {
            stages: vec![Stage::time(time)],
            byoyomi: None,
            move_limit: None,
        }
    }

    /// This schedule followed by byo-yomi.
    ///
    /// ```
    /// # use std::time::Duration;
    /// # use xiangqi_clock::{Byoyomi, Schedule};
    /// let b = Byoyomi::new(3, Duration::from_secs(30)).unwrap();
    /// let s = Schedule::sudden_death(Duration::from_secs(1800)).with_byoyomi(b).unwrap();
    /// assert_eq!(s.to_string(), "30m+3x30s");
    /// ```
    pub fn with_byoyomi(self, byoyomi: Byoyomi) -> Result<Schedule, InvalidControl> {
        let last = self.last_stage();
        if last.moves.is_some() {
            return Err(InvalidControl::ByoyomiAfterQuota);
        }
        if !last.increment.is_zero() || last.delay.is_some() {
            return Err(InvalidControl::ByoyomiWithIncrementOrDelay);
        }
        Ok(Schedule {
            byoyomi: Some(byoyomi),
            ..self
        })
    }

    /// This schedule with a hard limit on every move: a single move longer than `limit`
    /// loses, whatever time is left (current text, 时间规定: "每方走一着棋的时间不得超过…秒，
    /// 如有一着棋超过时间，判负").
    ///
    /// ```
    /// # use std::time::Duration;
    /// # use xiangqi_clock::Schedule;
    /// let s = Schedule::sudden_death(Duration::from_secs(1800))
    ///     .with_move_limit(Duration::from_secs(300))
    ///     .unwrap();
    /// assert_eq!(s.to_string(), "30m max5m");
    /// ```
    pub fn with_move_limit(self, limit: Duration) -> Result<Schedule, InvalidControl> {
        if limit.is_zero() {
            return Err(InvalidControl::ZeroMoveLimit);
        }
        Ok(Schedule {
            move_limit: Some(limit),
            ..self
        })
    }

    /// The stages, in order.
    ///
    /// ```
    /// # use xiangqi_clock::TimeControl;
    /// let c: TimeControl = "90m/40+15m/10".parse().unwrap();
    /// assert_eq!(c.red().stages().len(), 2);
    /// ```
    pub fn stages(&self) -> &[Stage] {
        &self.stages
    }

    /// The stage at `index`, clamped to the last (which repeats).
    ///
    /// ```
    /// # use xiangqi_clock::TimeControl;
    /// let c: TimeControl = "90m/40+15m/10".parse().unwrap();
    /// assert_eq!(c.red().stage(7), c.red().stage(1));
    /// ```
    pub fn stage(&self, index: usize) -> &Stage {
        &self.stages[index.min(self.stages.len() - 1)]
    }

    /// The last stage.
    ///
    /// ```
    /// # use xiangqi_clock::TimeControl;
    /// let c: TimeControl = "90m/40+15m/10".parse().unwrap();
    /// assert_eq!(c.red().last_stage().time.as_secs(), 900);
    /// ```
    pub fn last_stage(&self) -> &Stage {
        self.stage(usize::MAX)
    }

    /// The byo-yomi after the last stage, if any.
    ///
    /// ```
    /// # use xiangqi_clock::TimeControl;
    /// let c: TimeControl = "30m+3x30s".parse().unwrap();
    /// assert_eq!(c.red().byoyomi().unwrap().periods(), 3);
    /// ```
    pub fn byoyomi(&self) -> Option<Byoyomi> {
        self.byoyomi
    }

    /// The hard limit on a single move, if any.
    ///
    /// ```
    /// # use xiangqi_clock::TimeControl;
    /// let c: TimeControl = "30m max5m".parse().unwrap();
    /// assert_eq!(c.red().move_limit().unwrap().as_secs(), 300);
    /// ```
    pub fn move_limit(&self) -> Option<Duration> {
        self.move_limit
    }
}

/// A game's time control: one [`Schedule`] for each side. They differ under handicap and
/// Armageddon time (贴时: 贴时贴分, "time and score odds", is among the changes a
/// yishupeixun.net summary lists for the CXA rules' "2015" edition).
///
/// The text form is described in the crate documentation; `Display` and `FromStr`
/// round-trip.
///
/// ```
/// use xiangqi_clock::{Color, TimeControl};
/// let c: TimeControl = "red=5m black=4m".parse().unwrap();
/// assert_eq!(c.schedule(Color::Black).to_string(), "4m");
/// assert_eq!(c.to_string(), "red=5m black=4m");
/// assert!(!c.is_symmetric());
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct TimeControl {
    sides: BySide<Schedule>,
}

impl TimeControl {
    /// The same schedule for both sides.
    ///
    /// ```
    /// # use std::time::Duration;
    /// # use xiangqi_clock::{Schedule, TimeControl};
    /// let c = TimeControl::symmetric(Schedule::sudden_death(Duration::from_secs(600)));
    /// assert!(c.is_symmetric());
    /// ```
    pub fn symmetric(schedule: Schedule) -> TimeControl {
        TimeControl {
            sides: BySide::both(schedule),
        }
    }

    /// Different schedules for Red and Black (贴时).
    ///
    /// ```
    /// # use std::time::Duration;
    /// # use xiangqi_clock::{Schedule, TimeControl};
    /// let c = TimeControl::handicap(
    ///     Schedule::sudden_death(Duration::from_secs(300)),
    ///     Schedule::sudden_death(Duration::from_secs(240)),
    /// );
    /// assert_eq!(c.to_string(), "red=5m black=4m");
    /// ```
    pub fn handicap(red: Schedule, black: Schedule) -> TimeControl {
        TimeControl {
            sides: BySide::new(red, black),
        }
    }

    /// Sudden death for both sides (包干, current text §6.5).
    ///
    /// ```
    /// # use std::time::Duration;
    /// # use xiangqi_clock::TimeControl;
    /// assert_eq!(TimeControl::sudden_death(Duration::from_secs(7200)).to_string(), "2h");
    /// ```
    pub fn sudden_death(time: Duration) -> TimeControl {
        TimeControl::symmetric(Schedule::sudden_death(time))
    }

    /// Whether both sides have the same schedule.
    ///
    /// ```
    /// # use xiangqi_clock::TimeControl;
    /// assert!("10m+5s".parse::<TimeControl>().unwrap().is_symmetric());
    /// ```
    pub fn is_symmetric(&self) -> bool {
        self.sides.red == self.sides.black
    }

    /// The schedule of `side`.
    ///
    /// ```
    /// # use xiangqi_clock::{Color, TimeControl};
    /// let c: TimeControl = "red=5m black=4m".parse().unwrap();
    /// assert_eq!(c.schedule(Color::Red).to_string(), "5m");
    /// ```
    pub fn schedule(&self, side: Color) -> &Schedule {
        &self.sides[side]
    }

    /// Red's schedule.
    ///
    /// ```
    /// # use xiangqi_clock::TimeControl;
    /// assert_eq!("5m".parse::<TimeControl>().unwrap().red().to_string(), "5m");
    /// ```
    pub fn red(&self) -> &Schedule {
        &self.sides.red
    }

    /// Black's schedule.
    ///
    /// ```
    /// # use xiangqi_clock::TimeControl;
    /// assert_eq!("red=5m black=4m".parse::<TimeControl>().unwrap().black().to_string(), "4m");
    /// ```
    pub fn black(&self) -> &Schedule {
        &self.sides.black
    }
}
