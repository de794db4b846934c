//! Lag compensation: the network's share of a move's time is given back, from a budget.
//!
//! # The scheme (after lichess's scalachess `LagTracker`)
//!
//! The server times every move itself: from the instant it stored the opponent's move to the
//! instant this move arrived. That interval includes the network: the opponent's move had to
//! travel to the player, and the player's move back. That round trip is given back to the
//! mover, but only from a *quota* that a player cannot inflate:
//!
//! * **How much lag.** Over a WebSocket the server measures the round trip itself (a ping frame
//!   every few seconds, smoothed); a bot using plain HTTP may declare `lag_ms` with its move.
//!   Either way the estimate is capped at [`MAX_LAG_MS`].
//! * **The quota.** Each move adds `gain = min(1000, 150 + 4 × estimated game seconds)` ms
//!   (lichess: `min(100cs, total×2/5 + 15cs)`); it starts at 3 × gain and never exceeds
//!   7 × gain. The compensation of a move is `min(lag, quota)` and is taken from the quota, so
//!   a client that always claims lag soon has none left to claim.
//! * **The clock** is pressed at `arrival − compensation` (never before the move started). A
//!   move that arrives after the flag deadline is still in time if its compensation covers it.
//! * **Flag grace.** The server's own flag timer waits `min(quota, 2 s)` past the deadline
//!   before declaring the flag, so a move already on its way can arrive.
//!
//! The compensation granted is stored with each move, so replaying a game after a restart
//! rebuilds the same clocks and the same quotas.

use xiangqi_clock::TimeControl;

/// The largest round trip the server believes, in milliseconds.
pub const MAX_LAG_MS: u64 = 1000;

/// The longest the flag timer waits for a move in flight, in milliseconds.
pub const MAX_GRACE_MS: u64 = 2000;

/// One side's lag budget.
///
/// ```
/// use xiangqi_game::lag::LagQuota;
/// let mut q = LagQuota::for_control(&"10m+5s".parse().unwrap());
/// assert_eq!(q.gain_ms(), 1000);
/// assert_eq!(q.quota_ms(), 3000);
/// assert_eq!(q.compensation(400, 10_000), 400);
/// q.record(400);
/// assert_eq!(q.quota_ms(), 3600);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LagQuota {
    gain: u64,
    quota: u64,
}

impl LagQuota {
    /// The starting budget for a time control.
    pub fn for_control(control: &TimeControl) -> LagQuota {
        // The estimate of a game's length is lichess's: the base time plus 40 increments, from
        // the first stage of Red's schedule (a handicap's other side is close enough).
        let stage = control.red().stage(0);
        let estimate_s = stage
            .time
            .saturating_add(stage.increment.saturating_mul(40))
            .as_secs();
        let gain = 150u64
            .saturating_add(estimate_s.saturating_mul(4))
            .min(1000);
        LagQuota {
            gain,
            quota: gain * 3,
        }
    }

    /// What one move adds to the quota.
    pub fn gain_ms(&self) -> u64 {
        self.gain
    }

    /// The quota left.
    pub fn quota_ms(&self) -> u64 {
        self.quota
    }

    /// How much of `lag_ms` is given back to a move that took `took_ms` by the server's watch.
    pub fn compensation(&self, lag_ms: u64, took_ms: u64) -> u64 {
        lag_ms.min(MAX_LAG_MS).min(self.quota).min(took_ms)
    }

    /// How long the flag timer waits past the deadline.
    pub fn grace_ms(&self) -> u64 {
        self.quota.min(MAX_GRACE_MS)
    }

    /// Charges a move's compensation and adds the gain.
    pub fn record(&mut self, compensation_ms: u64) {
        self.quota = self
            .quota
            .saturating_sub(compensation_ms)
            .saturating_add(self.gain)
            .min(self.gain * 7);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_constant_liar_runs_out_of_quota() {
        let mut q = LagQuota::for_control(&"1m".parse().unwrap());
        // 150 + 4 × 60 = 390 ms a move.
        assert_eq!(q.gain_ms(), 390);
        let mut given = Vec::new();
        for _ in 0..10 {
            let c = q.compensation(1000, 5000);
            given.push(c);
            q.record(c);
        }
        // First the starting quota, then only what each move earns.
        assert_eq!(given[0], 1000);
        assert!(given[5..].iter().all(|&c| c == 390), "{given:?}");
    }

    #[test]
    fn quota_is_capped_and_compensation_never_exceeds_the_move() {
        let mut q = LagQuota::for_control(&"1s".parse().unwrap());
        for _ in 0..100 {
            q.record(0);
        }
        assert_eq!(q.quota_ms(), q.gain_ms() * 7);
        assert_eq!(q.compensation(500, 20), 20);
        assert_eq!(q.grace_ms(), q.quota_ms().min(MAX_GRACE_MS));
    }
}
