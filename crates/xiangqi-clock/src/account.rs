//! One side's time account under its schedule: how a move's time is charged.
//!
//! Everything here is a pure function of the account, the schedule and the time the
//! current move has taken so far. The flag is decided in one place, [`Account::allowance`],
//! so that the deadline a server schedules and the verdict of a press can never disagree.

use core::time::Duration;

use crate::control::DelayKind;
use crate::flag::FlagReason;
use crate::schedule::Schedule;

/// One side's clock between moves.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub(crate) struct Account {
    /// Index of the stage in force (the last stage repeats under the same index).
    pub stage: usize,
    /// Repetitions of the current stage completed before the one in progress.
    pub period: u32,
    /// Main time left in the current stage, carry-over included.
    pub bank: Duration,
    /// Moves made in the current stage (or repetition).
    pub moves_in_stage: u32,
    /// Byo-yomi periods not yet used up.
    pub byoyomi_left: u32,
    /// Moves made in the game.
    pub moves: u32,
    /// Time used in the game, delays included.
    pub used: Duration,
}

/// The state of a move in progress.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Progress {
    /// The account as it stands after the time taken so far (the move not yet made).
    pub account: Account,
    /// Time taken beyond the main time, into byo-yomi.
    pub overflow: Duration,
    /// Simple delay still to run before the main time starts.
    pub delay_left: Duration,
}

/// Byo-yomi periods fully exceeded by `overflow`: reaching the end of a period exactly
/// does not use it up.
pub(crate) fn periods_exceeded(overflow: Duration, period: Duration) -> u32 {
    if overflow.is_zero() || period.is_zero() {
        return 0;
    }
    let n = (overflow.as_nanos() - 1) / period.as_nanos();
    u32::try_from(n).unwrap_or(u32::MAX)
}

impl Account {
    pub fn new(schedule: &Schedule) -> Account {
        let mut account = Account {
            stage: 0,
            period: 0,
            bank: schedule.stage(0).time,
            moves_in_stage: 0,
            byoyomi_left: schedule.byoyomi().map_or(0, |b| b.periods()),
            moves: 0,
            used: Duration::ZERO,
        };
        account.skip_empty_stages(schedule);
        account
    }

    fn enter(&mut self, schedule: &Schedule, next: usize, carry: Duration) {
        if next == self.stage {
            self.period = self.period.saturating_add(1);
        } else {
            self.stage = next;
            self.period = 0;
        }
        self.bank = carry.saturating_add(schedule.stage(next).time);
        self.moves_in_stage = 0;
    }

    /// A stage without a quota whose time is used up exactly gives way to the next one
    /// ("用完限制时间后", 1960 第十一节二).
    fn skip_empty_stages(&mut self, schedule: &Schedule) {
        while self.bank.is_zero()
            && schedule.stage(self.stage).moves.is_none()
            && self.stage < schedule.stages().len() - 1
        {
            self.enter(schedule, self.stage + 1, Duration::ZERO);
        }
    }

    /// The longest the next move may take, and why the flag falls if it takes longer.
    pub fn allowance(&self, schedule: &Schedule) -> (Duration, FlagReason) {
        let first = schedule.stage(self.stage);
        let last_index = schedule.stages().len() - 1;
        let mut total = self.bank;
        let mut index = self.stage;
        let reason = loop {
            let stage = schedule.stage(index);
            if let Some(quota) = stage.moves {
                let done = if index == self.stage {
                    self.moves_in_stage
                } else {
                    0
                };
                break FlagReason::QuotaNotMet {
                    stage: index,
                    moves_owed: quota.get().saturating_sub(done),
                };
            }
            if index < last_index {
                index += 1;
                total = total.saturating_add(schedule.stage(index).time);
                continue;
            }
            if let Some(b) = schedule.byoyomi() {
                total = total.saturating_add(b.period().saturating_mul(self.byoyomi_left));
                break FlagReason::ByoyomiExhausted {
                    periods: b.periods(),
                };
            }
            match first.delay {
                Some(d) if d.kind == DelayKind::Simple => {
                    break FlagReason::AllowanceExceeded {
                        allowance: d.amount,
                    };
                }
                _ => break FlagReason::TimeExhausted { stage: index },
            }
        };
        if let Some(d) = first.delay.filter(|d| d.kind == DelayKind::Simple) {
            total = total.saturating_add(d.amount);
        }
        match schedule.move_limit() {
            Some(limit) if limit <= total => (limit, FlagReason::MoveLimitExceeded { limit }),
            _ => (total, reason),
        }
    }

    /// The move in progress after `elapsed`, or the reason the flag has fallen.
    pub fn progress(&self, schedule: &Schedule, elapsed: Duration) -> Result<Progress, FlagReason> {
        let (allowance, reason) = self.allowance(schedule);
        if elapsed > allowance {
            return Err(reason);
        }
        let mut account = self.clone();
        let (mut charged, delay_left) = match schedule.stage(self.stage).delay {
            Some(d) if d.kind == DelayKind::Simple => (
                elapsed.saturating_sub(d.amount),
                d.amount.saturating_sub(elapsed),
            ),
            _ => (elapsed, Duration::ZERO),
        };
        let last_index = schedule.stages().len() - 1;
        loop {
            if charged <= account.bank {
                account.bank -= charged;
                charged = Duration::ZERO;
                break;
            }
            charged -= account.bank;
            account.bank = Duration::ZERO;
            if schedule.stage(account.stage).moves.is_some() || account.stage >= last_index {
                break;
            }
            account.enter(schedule, account.stage + 1, Duration::ZERO);
        }
        // Whatever is left is byo-yomi time (the allowance check guarantees it fits).
        let overflow = charged;
        if let Some(b) = schedule.byoyomi() {
            let lost = periods_exceeded(overflow, b.period());
            account.byoyomi_left = account.byoyomi_left.saturating_sub(lost);
        }
        Ok(Progress {
            account,
            overflow,
            delay_left,
        })
    }

    /// The account after a move that took `elapsed`, or the reason the flag fell first.
    pub fn complete(&self, schedule: &Schedule, elapsed: Duration) -> Result<Account, FlagReason> {
        let mut account = self.progress(schedule, elapsed)?.account;
        if let Some(d) = schedule.stage(self.stage).delay
            && d.kind == DelayKind::Bronstein
        {
            account.bank = account.bank.saturating_add(elapsed.min(d.amount));
        }
        let stage = *schedule.stage(account.stage);
        account.bank = account.bank.saturating_add(stage.increment);
        account.moves = account.moves.saturating_add(1);
        account.used = account.used.saturating_add(elapsed);
        account.moves_in_stage = account.moves_in_stage.saturating_add(1);
        if let Some(quota) = stage.moves
            && account.moves_in_stage >= quota.get()
        {
            let carry = if stage.carry_over {
                account.bank
            } else {
                Duration::ZERO
            };
            let next = account
                .stage
                .saturating_add(1)
                .min(schedule.stages().len() - 1);
            account.enter(schedule, next, carry);
        }
        account.skip_empty_stages(schedule);
        Ok(account)
    }
}
