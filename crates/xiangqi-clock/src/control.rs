//! Time controls: stages, delays, byo-yomi, per-move limits, one schedule per side.

use core::num::NonZeroU32;
use core::time::Duration;

/// How a delay works (see [`Delay`]).
///
/// ```
/// use xiangqi_clock::DelayKind;
/// assert_ne!(DelayKind::Simple, DelayKind::Bronstein);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum DelayKind {
    /// Simple ("US") delay: the main time does not start running until the delay has
    /// passed on each move. The 1960 时间分计制 (two minutes a move plus a 30-minute
    /// reserve, 1960 第十一节一) is exactly a simple delay of two minutes on a 30-minute
    /// main time: the reserve runs only once a move has used its two minutes.
    Simple,
    /// Bronstein delay: the main time runs from the start of the move, and after the move
    /// the time used, up to the delay, is given back. It never adds more than was used.
    Bronstein,
}

/// A per-move delay.
///
/// ```
/// use std::time::Duration;
/// use xiangqi_clock::{Delay, DelayKind};
/// let d = Delay::simple(Duration::from_secs(5));
/// assert_eq!(d.kind, DelayKind::Simple);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Delay {
    /// Simple or Bronstein.
    pub kind: DelayKind,
    /// The delay granted on each move.
    pub amount: Duration,
}

impl Delay {
    /// A simple (US) delay.
    ///
    /// ```
    /// # use std::time::Duration;
    /// # use xiangqi_clock::Delay;
    /// assert_eq!(Delay::simple(Duration::from_secs(120)).amount.as_secs(), 120);
    /// ```
    pub const fn simple(amount: Duration) -> Delay {
        Delay {
            kind: DelayKind::Simple,
            amount,
        }
    }

    /// A Bronstein delay.
    ///
    /// ```
    /// # use std::time::Duration;
    /// # use xiangqi_clock::{Delay, DelayKind};
    /// assert_eq!(Delay::bronstein(Duration::from_secs(3)).kind, DelayKind::Bronstein);
    /// ```
    pub const fn bronstein(amount: Duration) -> Delay {
        Delay {
            kind: DelayKind::Bronstein,
            amount,
        }
    }
}

/// One stage (时限) of a schedule: a time, optionally for a number of moves.
///
/// * With a move quota (`moves: Some(n)`): the side must make `n` moves within the stage's
///   time, or lose (current text 4.1.4: "在规定的时限内未走满规定的着数"). When the quota is
///   met the next stage begins; the last stage of a schedule repeats ("以后每15分钟内必须走满
///   10着，直至对局结束", current text §6.1). Unused time is carried into the next period
///   when `carry_over` is true (the default).
/// * Without a quota: the time is spent freely. If it is the last stage it is sudden death
///   (包干, current text §6.5) — or leads into byo-yomi; otherwise, when it is used up,
///   the next stage starts at once, during the move (1960 时间总计制: "用完限制时间后，须在
///   15分钟内必须走满10着棋", 1960 第十一节二). The move during which the time ran out is the
///   first move of the next stage.
///
/// The delay of the stage in force when a move starts applies to that move; the increment
/// of the stage in which the move is counted is added after it.
///
/// ```
/// use std::time::Duration;
/// use xiangqi_clock::Stage;
/// let first = Stage::moves(Duration::from_secs(90 * 60), 40);
/// assert_eq!(first.moves.map(|n| n.get()), Some(40));
/// assert!(first.carry_over);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Stage {
    /// Time added when the stage (or each repetition of it) begins.
    pub time: Duration,
    /// Moves to be made within the stage's time; `None` for no quota.
    pub moves: Option<NonZeroU32>,
    /// Fischer increment (加秒), added after every move counted in this stage.
    pub increment: Duration,
    /// A delay granted on every move started in this stage.
    pub delay: Option<Delay>,
    /// Whether time left when the quota is met carries into the next period. Has no effect
    /// on a stage without a quota.
    pub carry_over: bool,
}

impl Stage {
    /// A stage without a move quota.
    ///
    /// ```
    /// # use std::time::Duration;
    /// # use xiangqi_clock::Stage;
    /// assert_eq!(Stage::time(Duration::from_secs(600)).moves, None);
    /// ```
    pub const fn time(time: Duration) -> Stage {
        Stage {
            time,
            moves: None,
            increment: Duration::ZERO,
            delay: None,
            carry_over: true,
        }
    }

    /// A stage of `moves` moves in `time`. A quota of zero is read as no quota.
    ///
    /// ```
    /// # use std::time::Duration;
    /// # use xiangqi_clock::Stage;
    /// assert_eq!(Stage::moves(Duration::from_secs(300), 30).moves.unwrap().get(), 30);
    /// ```
    pub const fn moves(time: Duration, moves: u32) -> Stage {
        Stage {
            moves: NonZeroU32::new(moves),
            ..Stage::time(time)
        }
    }

    /// This stage with a Fischer increment.
    ///
    /// ```
    /// # use std::time::Duration;
    /// # use xiangqi_clock::Stage;
    /// let s = Stage::time(Duration::from_secs(600)).with_increment(Duration::from_secs(5));
    /// assert_eq!(s.increment.as_secs(), 5);
    /// ```
    #[must_use]
    pub const fn with_increment(self, increment: Duration) -> Stage {
        Stage { increment, ..self }
    }

    /// This stage with a delay.
    ///
    /// ```
    /// # use std::time::Duration;
    /// # use xiangqi_clock::{Delay, Stage};
    /// let s = Stage::time(Duration::ZERO).with_delay(Delay::simple(Duration::from_secs(60)));
    /// assert!(s.delay.is_some());
    /// ```
    #[must_use]
    pub const fn with_delay(self, delay: Delay) -> Stage {
        Stage {
            delay: Some(delay),
            ..self
        }
    }

    /// This stage with unused time not carried over (Canadian-style periods).
    ///
    /// ```
    /// # use std::time::Duration;
    /// # use xiangqi_clock::Stage;
    /// assert!(!Stage::moves(Duration::from_secs(900), 10).without_carry_over().carry_over);
    /// ```
    #[must_use]
    pub const fn without_carry_over(self) -> Stage {
        Stage {
            carry_over: false,
            ..self
        }
    }
}

/// Byo-yomi (读秒): once the main time is gone, `periods` periods of `period` each. A move
/// made within the current period keeps it; a move that exceeds it uses it up and runs
/// into the next. The flag falls when the last period is exceeded.
///
/// ```
/// use std::time::Duration;
/// use xiangqi_clock::Byoyomi;
/// let b = Byoyomi::new(3, Duration::from_secs(30)).unwrap();
/// assert_eq!(b.periods(), 3);
/// assert!(Byoyomi::new(0, Duration::from_secs(30)).is_none());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Byoyomi {
    periods: NonZeroU32,
    period: Duration,
}

impl Byoyomi {
    /// `periods` periods of `period`; `None` if either is zero.
    ///
    /// ```
    /// # use std::time::Duration;
    /// # use xiangqi_clock::Byoyomi;
    /// assert!(Byoyomi::new(1, Duration::ZERO).is_none());
    /// ```
    pub fn new(periods: u32, period: Duration) -> Option<Byoyomi> {
        if period.is_zero() {
            return None;
        }
        Some(Byoyomi {
            periods: NonZeroU32::new(periods)?,
            period,
        })
    }

    /// The number of periods.
    ///
    /// ```
    /// # use std::time::Duration;
    /// # use xiangqi_clock::Byoyomi;
    /// assert_eq!(Byoyomi::new(5, Duration::from_secs(10)).unwrap().periods(), 5);
    /// ```
    pub fn periods(&self) -> u32 {
        self.periods.get()
    }

    /// The length of one period.
    ///
    /// ```
    /// # use std::time::Duration;
    /// # use xiangqi_clock::Byoyomi;
    /// assert_eq!(Byoyomi::new(5, Duration::from_secs(10)).unwrap().period().as_secs(), 10);
    /// ```
    pub fn period(&self) -> Duration {
        self.period
    }
}
