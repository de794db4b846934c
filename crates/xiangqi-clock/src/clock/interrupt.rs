//! Interruptions: a pause (the arbiter's), an adjournment with its sealed move (封棋,
//! 1960 第十一节四), the restart after either, and the stop at the game's end.

use core::time::Duration;

use super::{GameClock, Phase};
use crate::adjourn::Envelope;
use crate::reading::{ClockError, Press};

impl<M> GameClock<M> {
    /// Stops the clock mid-move (the arbiter's pause). On [`resume`](Self::resume) the
    /// same side continues the same move: time already taken still counts against a
    /// delay or a per-move limit.
    ///
    /// ```
    /// # use std::time::Duration;
    /// # use xiangqi_clock::{GameClock, Color, TimeControl};
    /// let s = Duration::from_secs;
    /// let mut clock: GameClock = GameClock::new("5m".parse::<TimeControl>().unwrap());
    /// clock.start(Color::Red, s(0)).unwrap();
    /// clock.pause(s(60)).unwrap();
    /// clock.resume(s(1000)).unwrap();
    /// assert_eq!(clock.flag_deadline(), Some(s(1000 + 240)));
    /// ```
    pub fn pause(&mut self, at: Duration) -> Result<(), ClockError> {
        self.not_before_last(at)?;
        self.running()?;
        if let Some(flag) = self.settle(at)? {
            return Err(ClockError::Flagged(flag));
        }
        let (to_move, _) = self.running()?;
        self.phase = Phase::Paused {
            to_move,
            spent: self.elapsed(at),
        };
        Ok(())
    }

    /// Adjourns the game: the running side seals `sealed_move` at `at` instead of playing
    /// it (封棋, 1960 第十一节四). Its time up to `at` is charged as for a move made; both
    /// clocks then stop until [`resume`](Self::resume), which reveals the move and starts
    /// the opponent's clock. If the flag fell before `at`, it is recorded and returned and
    /// nothing is sealed.
    ///
    /// See [`Envelope`] for an example.
    pub fn seal(&mut self, at: Duration, sealed_move: M) -> Result<Press, ClockError> {
        match self.complete(at)? {
            Err(flag) => Ok(Press::Flagged(flag)),
            Ok(timing) => {
                let envelope = Envelope {
                    sealer: timing.side,
                    move_number: timing.move_number,
                    sealed_at: at,
                    time_used: self.accounts.clone().map(|a| a.used),
                    remaining: self.accounts.clone().map(|a| a.bank),
                    sealed_move,
                };
                self.phase = Phase::Adjourned {
                    to_move: timing.side.other(),
                    envelope,
                };
                Ok(Press::InTime(timing))
            }
        }
    }

    /// Restarts the clock after a pause or an adjournment. After an adjournment the
    /// sealed move is returned (revealed) and the sealer's opponent is to move.
    ///
    /// See [`GameClock::pause`] and [`Envelope`] for examples.
    pub fn resume(&mut self, at: Duration) -> Result<Option<M>, ClockError> {
        self.not_before_last(at)?;
        match &self.phase {
            Phase::Paused { .. } | Phase::Adjourned { .. } => {}
            Phase::Ready => return Err(ClockError::NotStarted),
            Phase::Flagged { .. } | Phase::Stopped { .. } => return Err(ClockError::Finished),
            Phase::Running { .. } => return Err(ClockError::NotPaused),
        }
        self.advance(at)?;
        match core::mem::replace(&mut self.phase, Phase::Ready) {
            Phase::Paused { to_move, spent } => {
                self.phase = Phase::Running {
                    to_move,
                    since: at,
                    spent,
                };
                Ok(None)
            }
            Phase::Adjourned { to_move, envelope } => {
                self.phase = Phase::Running {
                    to_move,
                    since: at,
                    spent: Duration::ZERO,
                };
                Ok(Some(envelope.open()))
            }
            other => {
                self.phase = other;
                Err(ClockError::NotPaused)
            }
        }
    }

    /// Stops the clock for good: the game ended on the board, by resignation or by
    /// agreement at `at`. The side to move is charged for the time it took. If the flag
    /// fell before `at`, it is recorded and returned as an error.
    ///
    /// ```
    /// # use std::time::Duration;
    /// # use xiangqi_clock::{ClockState, GameClock, Color, TimeControl};
    /// let s = Duration::from_secs;
    /// let mut clock: GameClock = GameClock::new("5m".parse::<TimeControl>().unwrap());
    /// clock.start(Color::Red, s(0)).unwrap();
    /// clock.stop(s(12)).unwrap();
    /// assert_eq!(clock.state(), ClockState::Stopped);
    /// assert_eq!(clock.reading(Color::Red, s(99)).unwrap().used, s(12));
    /// ```
    pub fn stop(&mut self, at: Duration) -> Result<(), ClockError> {
        self.not_before_last(at)?;
        match &self.phase {
            Phase::Ready => return Err(ClockError::NotStarted),
            Phase::Flagged { .. } | Phase::Stopped { .. } => return Err(ClockError::Finished),
            _ => {}
        }
        let to_move = self.charge_to_move(at)?;
        self.phase = Phase::Stopped { to_move };
        Ok(())
    }
}
