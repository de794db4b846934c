//! The game clock: both sides' accounts, whose turn it is, pauses and adjournment.

mod correct;
mod interrupt;
mod view;

use core::time::Duration;

use crate::account::Account;
use crate::adjourn::Envelope;
use crate::flag::Flag;
use crate::reading::{ClockError, ClockState, MoveTiming, Press};
use crate::schedule::TimeControl;
use crate::side::BySide;
use xiangqi::Color;

#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(tag = "state", rename_all = "snake_case"))]
enum Phase<M> {
    Ready,
    /// `spent` is the time taken on this move before the last pause.
    Running {
        to_move: Color,
        since: Duration,
        spent: Duration,
    },
    Paused {
        to_move: Color,
        spent: Duration,
    },
    Adjourned {
        to_move: Color,
        envelope: Envelope<M>,
    },
    Flagged {
        flag: Flag,
    },
    Stopped {
        to_move: Color,
    },
}

/// A game's clock. Pure logic: every operation takes the instant it happens at, as a
/// [`Duration`] since an origin the caller fixes (for example `Instant::now() - origin`,
/// or the time since the game was created). The clock never reads the system time and
/// never sleeps; instants must not go backwards.
///
/// `M` is the sealed move's type for adjournment (any notation; the clock never looks
/// inside it).
///
/// ```
/// use std::time::Duration;
/// use xiangqi_clock::{GameClock, Press, Color, TimeControl};
/// let s = Duration::from_secs;
/// let mut clock: GameClock = GameClock::new("10m+5s".parse::<TimeControl>().unwrap());
/// clock.start(Color::Red, s(0)).unwrap();
/// clock.press(s(30)).unwrap(); // Red moved after 30 s
/// assert_eq!(clock.to_move(), Some(Color::Black));
/// assert_eq!(clock.flag_deadline(), Some(s(30 + 600)));
/// assert_eq!(clock.reading(Color::Red, s(40)).unwrap().remaining, s(575));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct GameClock<M = String> {
    control: TimeControl,
    accounts: BySide<Account>,
    phase: Phase<M>,
    last: Duration,
}

impl<M> GameClock<M> {
    /// A clock not yet started, both sides at the start of their schedules.
    ///
    /// ```
    /// # use xiangqi_clock::{ClockState, GameClock, TimeControl};
    /// let clock: GameClock = GameClock::new("5m".parse::<TimeControl>().unwrap());
    /// assert_eq!(clock.state(), ClockState::Ready);
    /// ```
    pub fn new(control: TimeControl) -> GameClock<M> {
        let accounts = BySide::new(
            Account::new(control.schedule(Color::Red)),
            Account::new(control.schedule(Color::Black)),
        );
        GameClock {
            control,
            accounts,
            phase: Phase::Ready,
            last: Duration::ZERO,
        }
    }

    /// The time control.
    ///
    /// ```
    /// # use xiangqi_clock::{GameClock, TimeControl};
    /// let clock: GameClock = GameClock::new("5m/30".parse::<TimeControl>().unwrap());
    /// assert_eq!(clock.control().to_string(), "5m/30");
    /// ```
    pub fn control(&self) -> &TimeControl {
        &self.control
    }

    /// What the clock is doing.
    ///
    /// See [`ClockState`].
    pub fn state(&self) -> ClockState {
        match self.phase {
            Phase::Ready => ClockState::Ready,
            Phase::Running { .. } => ClockState::Running,
            Phase::Paused { .. } => ClockState::Paused,
            Phase::Adjourned { .. } => ClockState::Adjourned,
            Phase::Flagged { .. } => ClockState::Flagged,
            Phase::Stopped { .. } => ClockState::Stopped,
        }
    }

    /// The side to move (also while paused, adjourned or stopped); `None` before the
    /// start and after a flag.
    ///
    /// See [`GameClock`] for an example.
    pub fn to_move(&self) -> Option<Color> {
        match self.phase {
            Phase::Running { to_move, .. }
            | Phase::Paused { to_move, .. }
            | Phase::Adjourned { to_move, .. }
            | Phase::Stopped { to_move } => Some(to_move),
            Phase::Ready | Phase::Flagged { .. } => None,
        }
    }

    /// The fallen flag, if one has been recorded.
    ///
    /// See [`Flag`] for an example.
    pub fn flag(&self) -> Option<&Flag> {
        match &self.phase {
            Phase::Flagged { flag } => Some(flag),
            _ => None,
        }
    }

    /// The adjournment envelope, while adjourned.
    ///
    /// See [`Envelope`] for an example.
    pub fn envelope(&self) -> Option<&Envelope<M>> {
        match &self.phase {
            Phase::Adjourned { envelope, .. } => Some(envelope),
            _ => None,
        }
    }

    /// The latest instant the clock has seen; earlier instants are refused.
    ///
    /// ```
    /// # use std::time::Duration;
    /// # use xiangqi_clock::{GameClock, Color, TimeControl};
    /// let mut clock: GameClock = GameClock::new("5m".parse::<TimeControl>().unwrap());
    /// clock.start(Color::Red, Duration::from_secs(7)).unwrap();
    /// assert_eq!(clock.last_event(), Duration::from_secs(7));
    /// ```
    pub fn last_event(&self) -> Duration {
        self.last
    }

    /// Moves `side` still owes in its current stage (`None` without a quota).
    ///
    /// ```
    /// # use std::time::Duration;
    /// # use xiangqi_clock::{GameClock, Color, TimeControl};
    /// let mut clock: GameClock = GameClock::new("5m/30".parse::<TimeControl>().unwrap());
    /// clock.start(Color::Red, Duration::ZERO).unwrap();
    /// clock.press(Duration::from_secs(1)).unwrap();
    /// assert_eq!(clock.moves_owed(Color::Red), Some(29));
    /// assert_eq!(clock.moves_owed(Color::Black), Some(30));
    /// ```
    pub fn moves_owed(&self, side: Color) -> Option<u32> {
        let account = &self.accounts[side];
        let stage = self.control.schedule(side).stage(account.stage);
        stage
            .moves
            .map(|q| q.get().saturating_sub(account.moves_in_stage))
    }

    /// The instant after which the running side's flag falls if it has not moved, for a
    /// server to set a timer. A press exactly at the deadline is in time; see the crate
    /// documentation. `None` unless a clock is running.
    ///
    /// ```
    /// # use std::time::Duration;
    /// # use xiangqi_clock::{GameClock, Press, Color, TimeControl};
    /// let s = Duration::from_secs;
    /// let mut clock: GameClock = GameClock::new("1m".parse::<TimeControl>().unwrap());
    /// clock.start(Color::Red, s(10)).unwrap();
    /// assert_eq!(clock.flag_deadline(), Some(s(70)));
    /// assert!(matches!(clock.press(s(70)).unwrap(), Press::InTime(_)));
    /// ```
    pub fn flag_deadline(&self) -> Option<Duration> {
        match self.phase {
            Phase::Running {
                to_move,
                since,
                spent,
            } => {
                let (allowance, _) =
                    self.accounts[to_move].allowance(self.control.schedule(to_move));
                Some(since.saturating_add(allowance.saturating_sub(spent)))
            }
            _ => None,
        }
    }

    /// Refuses an instant earlier than one already seen, before anything else is checked.
    fn not_before_last(&self, at: Duration) -> Result<(), ClockError> {
        if at < self.last {
            return Err(ClockError::TimeWentBackwards {
                last: self.last,
                at,
            });
        }
        Ok(())
    }

    fn advance(&mut self, at: Duration) -> Result<(), ClockError> {
        self.not_before_last(at)?;
        self.last = at;
        Ok(())
    }

    /// Records the flag if it fell before `at`.
    fn settle(&mut self, at: Duration) -> Result<Option<Flag>, ClockError> {
        self.not_before_last(at)?;
        if let (Some(deadline), Phase::Running { to_move, .. }) =
            (self.flag_deadline(), &self.phase)
            && at > deadline
        {
            let side = *to_move;
            let schedule = self.control.schedule(side);
            let account = &self.accounts[side];
            let (allowance, reason) = account.allowance(schedule);
            let flag = Flag {
                loser: side,
                at: deadline,
                move_number: account.moves.saturating_add(1),
                reason,
            };
            let mut final_account = account
                .progress(schedule, allowance)
                .map_or_else(|_| account.clone(), |p| p.account);
            final_account.used = account.used.saturating_add(allowance);
            self.accounts[side] = final_account;
            self.phase = Phase::Flagged { flag };
            self.last = at;
            return Ok(Some(flag));
        }
        self.last = at;
        Ok(None)
    }

    /// Starts the clock of `first` (Red under the current rules, Black under 1960's).
    ///
    /// ```
    /// # use std::time::Duration;
    /// # use xiangqi_clock::{ClockError, GameClock, Color, TimeControl};
    /// let mut clock: GameClock = GameClock::new("5m".parse::<TimeControl>().unwrap());
    /// clock.start(Color::Red, Duration::ZERO).unwrap();
    /// assert_eq!(clock.start(Color::Red, Duration::ZERO), Err(ClockError::AlreadyStarted));
    /// ```
    pub fn start(&mut self, first: Color, at: Duration) -> Result<(), ClockError> {
        self.not_before_last(at)?;
        if !matches!(self.phase, Phase::Ready) {
            return Err(ClockError::AlreadyStarted);
        }
        self.advance(at)?;
        self.phase = Phase::Running {
            to_move: first,
            since: at,
            spent: Duration::ZERO,
        };
        Ok(())
    }

    fn running(&self) -> Result<(Color, Duration), ClockError> {
        match &self.phase {
            Phase::Running { to_move, spent, .. } => Ok((*to_move, *spent)),
            Phase::Ready => Err(ClockError::NotStarted),
            Phase::Paused { .. } | Phase::Adjourned { .. } => Err(ClockError::NotRunning),
            Phase::Flagged { .. } | Phase::Stopped { .. } => Err(ClockError::Finished),
        }
    }

    fn elapsed(&self, at: Duration) -> Duration {
        match self.phase {
            Phase::Running { since, spent, .. } => spent.saturating_add(at.saturating_sub(since)),
            Phase::Paused { spent, .. } => spent,
            _ => Duration::ZERO,
        }
    }

    /// Completes the running side's move at `at`; `Err` with the flag if it fell first.
    fn complete(&mut self, at: Duration) -> Result<Result<MoveTiming, Flag>, ClockError> {
        self.not_before_last(at)?;
        self.running()?;
        if let Some(flag) = self.settle(at)? {
            return Ok(Err(flag));
        }
        let (side, _) = self.running()?;
        let took = self.elapsed(at);
        let schedule = self.control.schedule(side);
        let Ok(account) = self.accounts[side].complete(schedule, took) else {
            // Unreachable in practice: `settle` found the move in time.
            return Err(ClockError::NotRunning);
        };
        let timing = MoveTiming {
            side,
            move_number: account.moves,
            took,
            remaining: account.bank,
            stage: account.stage,
        };
        self.accounts[side] = account;
        Ok(Ok(timing))
    }

    /// The running side has moved at `at`: its time is charged, its increment added, its
    /// stage advanced if the quota is met, and the opponent's clock starts. If the flag
    /// fell before `at`, the flag is recorded and returned instead.
    ///
    /// See [`Press`] and [`MoveTiming`] for examples.
    pub fn press(&mut self, at: Duration) -> Result<Press, ClockError> {
        match self.complete(at)? {
            Err(flag) => Ok(Press::Flagged(flag)),
            Ok(timing) => {
                self.phase = Phase::Running {
                    to_move: timing.side.other(),
                    since: at,
                    spent: Duration::ZERO,
                };
                Ok(Press::InTime(timing))
            }
        }
    }

    /// Records the flag if it has fallen by `at`, and returns it (also if recorded
    /// earlier). A server calls this when the timer set for
    /// [`flag_deadline`](Self::flag_deadline) fires.
    ///
    /// See [`Flag`] for an example.
    pub fn check(&mut self, at: Duration) -> Result<Option<Flag>, ClockError> {
        if let Phase::Flagged { flag } = self.phase {
            self.advance(at)?;
            return Ok(Some(flag));
        }
        self.settle(at)
    }
}
