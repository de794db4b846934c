//! Reading the clock without changing it.

use core::time::Duration;

use super::{GameClock, Phase};
use crate::account::periods_exceeded;
use crate::adjourn::Envelope;
use crate::control::DelayKind;
use crate::reading::{ClockError, Reading, Snapshot};
use crate::side::BySide;
use xiangqi::Color;

impl<M> GameClock<M> {
    /// `side`'s clock at `at` (not earlier than [`last_event`](Self::last_event)). A flag
    /// that has fallen but not been recorded reads as the instant it fell.
    ///
    /// See [`Reading`] for an example.
    pub fn reading(&self, side: Color, at: Duration) -> Result<Reading, ClockError> {
        self.not_before_last(at)?;
        let schedule = self.control.schedule(side);
        let account = &self.accounts[side];
        let on_move = matches!(
            self.phase,
            Phase::Running { to_move, .. } | Phase::Paused { to_move, .. } if to_move == side
        );
        let (allowance, _) = account.allowance(schedule);
        let elapsed = if on_move {
            self.elapsed(at).min(allowance)
        } else {
            Duration::ZERO
        };
        let progress = account.progress(schedule, elapsed);
        let (now, overflow, delay_left) = match progress {
            Ok(p) => (p.account, p.overflow, p.delay_left),
            Err(_) => (account.clone(), Duration::ZERO, Duration::ZERO),
        };
        let stage = schedule.stage(now.stage);
        let delay_remaining = match (on_move, stage.delay) {
            (true, _) => delay_left,
            (false, Some(d)) if d.kind == DelayKind::Simple => d.amount,
            _ => Duration::ZERO,
        };
        let in_byoyomi = now.bank.is_zero() && now.stage >= schedule.stages().len() - 1;
        let byoyomi_remaining = schedule.byoyomi().filter(|_| in_byoyomi).map(|b| {
            let exceeded = periods_exceeded(overflow, b.period());
            b.period()
                .saturating_mul(exceeded.saturating_add(1))
                .saturating_sub(overflow)
        });
        Ok(Reading {
            remaining: now.bank,
            stage: now.stage,
            period: now.period,
            moves_owed: stage
                .moves
                .map(|q| q.get().saturating_sub(now.moves_in_stage)),
            byoyomi_periods: schedule.byoyomi().map(|_| now.byoyomi_left),
            byoyomi_remaining,
            delay_remaining,
            allowance: allowance.saturating_sub(elapsed),
            used: account.used.saturating_add(elapsed),
            moves: account.moves,
            on_move,
        })
    }

    /// Everything players may see at `at`: both readings, the deadline, the flag, and
    /// the envelope's cover (never the sealed move).
    ///
    /// See [`Snapshot`] for an example.
    pub fn snapshot(&self, at: Duration) -> Result<Snapshot, ClockError> {
        Ok(Snapshot {
            at,
            state: self.state(),
            to_move: self.to_move(),
            readings: BySide::new(
                self.reading(Color::Red, at)?,
                self.reading(Color::Black, at)?,
            ),
            flag_deadline: self.flag_deadline(),
            flag: self.flag().copied(),
            envelope: self.envelope().map(Envelope::cover),
        })
    }
}
