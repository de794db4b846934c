//! What a clock shows: per-side readings and a snapshot for players.

use core::fmt;
use core::time::Duration;

use crate::adjourn::Envelope;
use crate::flag::Flag;
use crate::side::BySide;
use xiangqi::Color;

/// What a game clock is doing.
///
/// ```
/// use xiangqi_clock::{ClockState, GameClock, TimeControl};
/// let clock: GameClock = GameClock::new("5m".parse::<TimeControl>().unwrap());
/// assert_eq!(clock.state(), ClockState::Ready);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum ClockState {
    /// Not started.
    Ready,
    /// The clock of the side to move is running.
    Running,
    /// Stopped by the arbiter; the side to move continues the same move on resumption.
    Paused,
    /// Adjourned with a sealed move; the opponent of the sealer moves on resumption.
    Adjourned,
    /// A flag has fallen.
    Flagged,
    /// The game ended on the board (or by agreement); the clock is stopped for good.
    Stopped,
}

/// One side's clock at an instant.
///
/// ```
/// use std::time::Duration;
/// use xiangqi_clock::{GameClock, Color, TimeControl};
/// let s = Duration::from_secs;
/// let mut clock: GameClock = GameClock::new("90m/40+15m/10".parse::<TimeControl>().unwrap());
/// clock.start(Color::Red, s(0)).unwrap();
/// let r = clock.reading(Color::Red, s(60)).unwrap();
/// assert_eq!(r.remaining, s(89 * 60));
/// assert_eq!(r.moves_owed, Some(40));
/// assert!(r.on_move);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Reading {
    /// Main time left in the current stage (carry-over included); what a clock face shows.
    pub remaining: Duration,
    /// The stage in force (index into the schedule).
    pub stage: usize,
    /// Completed repetitions of the current stage (the last stage repeats).
    pub period: u32,
    /// Moves still owed in the current stage, the current move included; `None` for a
    /// stage without a quota.
    pub moves_owed: Option<u32>,
    /// Byo-yomi periods not used up; `None` if the schedule has no byo-yomi.
    pub byoyomi_periods: Option<u32>,
    /// Time left in the current byo-yomi period, once the main time is gone.
    pub byoyomi_remaining: Option<Duration>,
    /// Simple delay still to run on the current move (or the whole delay of the next one).
    pub delay_remaining: Duration,
    /// How much longer the current (or next) move may take before the flag falls:
    /// delay, main time, later stages reached by running out, byo-yomi and the per-move
    /// limit all counted.
    pub allowance: Duration,
    /// Time used in the game.
    pub used: Duration,
    /// Moves made.
    pub moves: u32,
    /// Whether this side is to move (running, or paused mid-move).
    pub on_move: bool,
}

/// Everything a player may see of a clock at an instant: no sealed move.
///
/// ```
/// use std::time::Duration;
/// use xiangqi_clock::{ClockState, GameClock, Color, TimeControl};
/// let mut clock: GameClock = GameClock::new("10m+5s".parse::<TimeControl>().unwrap());
/// clock.start(Color::Red, Duration::ZERO).unwrap();
/// let snap = clock.snapshot(Duration::from_secs(3)).unwrap();
/// assert_eq!(snap.state, ClockState::Running);
/// assert_eq!(snap.flag_deadline, Some(Duration::from_secs(600)));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Snapshot {
    /// The instant of the snapshot.
    pub at: Duration,
    /// What the clock is doing.
    pub state: ClockState,
    /// The side to move, if any.
    pub to_move: Option<Color>,
    /// Both sides' readings.
    pub readings: BySide<Reading>,
    /// When the running side's flag falls if it does not move (see
    /// [`GameClock::flag_deadline`](crate::GameClock::flag_deadline)).
    pub flag_deadline: Option<Duration>,
    /// The fallen flag, if any.
    pub flag: Option<Flag>,
    /// The cover of the adjournment envelope, if adjourned.
    pub envelope: Option<Envelope<()>>,
}

/// A move made in time (see [`GameClock::press`](crate::GameClock::press)).
///
/// ```
/// use std::time::Duration;
/// use xiangqi_clock::{GameClock, Press, Color, TimeControl};
/// let s = Duration::from_secs;
/// let mut clock: GameClock = GameClock::new("10m+5s".parse::<TimeControl>().unwrap());
/// clock.start(Color::Red, s(0)).unwrap();
/// let Press::InTime(t) = clock.press(s(20)).unwrap() else { panic!() };
/// assert_eq!((t.side, t.move_number, t.took), (Color::Red, 1, s(20)));
/// assert_eq!(t.remaining, s(585));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MoveTiming {
    /// Who moved.
    pub side: Color,
    /// That side's move number (1-based).
    pub move_number: u32,
    /// Time taken on the move (pauses excluded).
    pub took: Duration,
    /// Main time left after the move (increment, refund and new stage included).
    pub remaining: Duration,
    /// The stage in force for the side's next move.
    pub stage: usize,
}

/// The outcome of pressing the clock (or sealing a move).
///
/// ```
/// use std::time::Duration;
/// use xiangqi_clock::{GameClock, Press, Color, TimeControl};
/// let mut clock: GameClock = GameClock::new("1m".parse::<TimeControl>().unwrap());
/// clock.start(Color::Red, Duration::ZERO).unwrap();
/// assert!(matches!(clock.press(Duration::from_secs(61)).unwrap(), Press::Flagged(_)));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Press {
    /// The move was in time.
    InTime(MoveTiming),
    /// The flag fell before the move was made; the game is lost on time.
    Flagged(Flag),
}

/// An operation the clock cannot perform. The clock is unchanged, except for
/// [`ClockError::Flagged`], which records the flag.
///
/// ```
/// use std::time::Duration;
/// use xiangqi_clock::{ClockError, GameClock, Color, TimeControl};
/// let mut clock: GameClock = GameClock::new("5m".parse::<TimeControl>().unwrap());
/// clock.start(Color::Red, Duration::from_secs(10)).unwrap();
/// assert!(matches!(
///     clock.press(Duration::from_secs(9)),
///     Err(ClockError::TimeWentBackwards { .. })
/// ));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ClockError {
    /// An instant earlier than one already seen.
    TimeWentBackwards {
        /// The latest instant seen.
        last: Duration,
        /// The instant given.
        at: Duration,
    },
    /// The clock has not been started.
    NotStarted,
    /// The clock was already started.
    AlreadyStarted,
    /// No clock is running (paused, adjourned or finished).
    NotRunning,
    /// Resume without a pause or adjournment.
    NotPaused,
    /// The game is over (flag fallen or clock stopped).
    Finished,
    /// The flag had fallen before the operation's instant; it is now recorded.
    Flagged(Flag),
}

impl fmt::Display for ClockError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ClockError::TimeWentBackwards { last, at } => write!(
                f,
                "time went backwards: {at:?} is earlier than the last event at {last:?}"
            ),
            ClockError::NotStarted => f.write_str("the clock has not been started"),
            ClockError::AlreadyStarted => f.write_str("the clock was already started"),
            ClockError::NotRunning => f.write_str("no clock is running"),
            ClockError::NotPaused => f.write_str("the clock is not paused or adjourned"),
            ClockError::Finished => f.write_str("the game is over"),
            ClockError::Flagged(flag) => write!(f, "the flag had fallen: {flag}"),
        }
    }
}

impl std::error::Error for ClockError {}
