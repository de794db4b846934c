//! The server's notion of now.
//!
//! Clocks need two things that the system offers separately: a time that survives a restart
//! (wall time, to compare with what was stored) and a time that never jumps (monotonic, to
//! measure a move). [`TimeBase`] reads the wall clock once at start and advances it with the
//! monotonic clock, so an NTP step during a game cannot give or take a player's time. Game
//! clocks count in whole milliseconds since the game was created.

use std::time::{Instant, SystemTime, UNIX_EPOCH};

/// Milliseconds since the Unix epoch, advanced monotonically from the process start.
///
/// ```
/// let base = xiangqi_server::time::TimeBase::new();
/// let a = base.now_ms();
/// let b = base.now_ms();
/// assert!(b >= a && a > 1_600_000_000_000);
/// ```
#[derive(Debug, Clone, Copy)]
pub struct TimeBase {
    start_wall_ms: u64,
    start: Instant,
}

impl TimeBase {
    /// Reads the wall clock now.
    pub fn new() -> TimeBase {
        let start_wall_ms = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map(|d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
            .unwrap_or(0);
        TimeBase {
            start_wall_ms,
            start: Instant::now(),
        }
    }

    /// Now, in Unix milliseconds.
    pub fn now_ms(&self) -> u64 {
        let elapsed = u64::try_from(self.start.elapsed().as_millis()).unwrap_or(u64::MAX);
        self.start_wall_ms.saturating_add(elapsed)
    }

    /// The monotonic instant at Unix time `ms` (for timers).
    pub fn instant_at(&self, ms: u64) -> Instant {
        let offset = ms.saturating_sub(self.start_wall_ms);
        self.start + std::time::Duration::from_millis(offset)
    }
}

impl Default for TimeBase {
    fn default() -> TimeBase {
        TimeBase::new()
    }
}
