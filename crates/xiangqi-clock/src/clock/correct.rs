//! The arbiter's corrections of a clock (current text 5.8 纠正错误): time given or taken
//! away, and the move handed to a side without counting a move.

use core::time::Duration;

use super::{GameClock, Phase};
use crate::reading::ClockError;
use xiangqi::Color;

/// The arbiter's corrections (for the play server's arbiter desk).
impl<M> GameClock<M> {
    /// Charges the side on move for the time it has taken up to `at` without counting a
    /// move (for a stop, or a hand-over); the flag if it fell first.
    pub(super) fn charge_to_move(&mut self, at: Duration) -> Result<Color, ClockError> {
        if let Some(flag) = self.settle(at)? {
            return Err(ClockError::Flagged(flag));
        }
        let Some(to_move) = self.to_move() else {
            return Err(ClockError::Finished);
        };
        let took = self.elapsed(at);
        let schedule = self.control.schedule(to_move);
        let account = &self.accounts[to_move];
        let mut charged = account
            .progress(schedule, took)
            .map_or_else(|_| account.clone(), |p| p.account);
        charged.used = account.used.saturating_add(took);
        self.accounts[to_move] = charged;
        Ok(to_move)
    }

    /// Gives `side` `amount` of main time (`give = true`) or takes it away: the arbiter's
    /// correction of a clock (current text 5.8 纠正错误; a clock set wrong or stopped by
    /// mistake). Taking more than is left leaves zero; if that side's clock is running its
    /// flag may then fall at the next [`check`](Self::check).
    ///
    /// ```
    /// # use std::time::Duration;
    /// # use xiangqi_clock::{GameClock, Color, TimeControl};
    /// let s = Duration::from_secs;
    /// let mut clock: GameClock = GameClock::new("5m".parse::<TimeControl>().unwrap());
    /// clock.start(Color::Red, s(0)).unwrap();
    /// clock.adjust(Color::Red, s(60), true);
    /// assert_eq!(clock.flag_deadline(), Some(s(360)));
    /// clock.adjust(Color::Red, s(120), false);
    /// assert_eq!(clock.flag_deadline(), Some(s(240)));
    /// ```
    pub fn adjust(&mut self, side: Color, amount: Duration, give: bool) {
        let account = &mut self.accounts[side];
        account.bank = if give {
            account.bank.saturating_add(amount)
        } else {
            account.bank.saturating_sub(amount)
        };
    }

    /// Hands the move to `side` without counting a move: the time the side on move has
    /// taken is charged to it, and `side`'s clock starts (runs, or stays paused if the
    /// clock was paused). For a correction that takes moves back (current text 5.8).
    /// Nothing happens before the clock is started.
    ///
    /// # Errors
    ///
    /// If the clock has finished or is adjourned, or `at` is earlier than an instant seen.
    ///
    /// ```
    /// # use std::time::Duration;
    /// # use xiangqi_clock::{GameClock, Color, TimeControl};
    /// let s = Duration::from_secs;
    /// let mut clock: GameClock = GameClock::new("5m".parse::<TimeControl>().unwrap());
    /// clock.start(Color::Red, s(0)).unwrap();
    /// clock.press(s(10)).unwrap();
    /// clock.hand_over(Color::Red, s(40)).unwrap();
    /// assert_eq!(clock.to_move(), Some(Color::Red));
    /// assert_eq!(clock.reading(Color::Black, s(40)).unwrap().used, s(30));
    /// assert_eq!(clock.flag_deadline(), Some(s(40 + 290)));
    /// ```
    pub fn hand_over(&mut self, side: Color, at: Duration) -> Result<(), ClockError> {
        self.not_before_last(at)?;
        let paused = match &self.phase {
            Phase::Ready => return Ok(()),
            Phase::Running { .. } => false,
            Phase::Paused { .. } => true,
            Phase::Adjourned { .. } => return Err(ClockError::NotRunning),
            Phase::Flagged { .. } | Phase::Stopped { .. } => return Err(ClockError::Finished),
        };
        self.charge_to_move(at)?;
        self.phase = if paused {
            Phase::Paused {
                to_move: side,
                spent: Duration::ZERO,
            }
        } else {
            Phase::Running {
                to_move: side,
                since: at,
                spent: Duration::ZERO,
            }
        };
        Ok(())
    }
}
