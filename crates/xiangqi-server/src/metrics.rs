//! Where a move's time goes: lock-free latency histograms, always on.
//!
//! Every acknowledged move passes through the same stages — the handler (HTTP or WebSocket),
//! the room's inbox, the ruling, the writer's queue, the commit (one `fsync` per batch), then
//! applying, encoding and broadcasting — and each stage records how long it took in a
//! [`Histogram`] of [`Metrics`]. Recording is two relaxed atomic additions, so the histograms
//! stay on in production; the load benchmark (`examples/load.rs`) prints them to show where a
//! tail comes from instead of guessing.

use std::fmt;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

/// Sub-buckets per power of two: values are kept to within 1/8 (12.5 %).
const SUB: u32 = 8;
const SUB_BITS: u32 = SUB.trailing_zeros();
/// Enough buckets for values up to 2^40 (µs: twelve days).
const BUCKETS: usize = (41 * SUB) as usize;

/// A histogram of `u64` values (microseconds, or a count), log-linear: exact below 8, then
/// eight buckets per power of two.
///
/// ```
/// use xiangqi_server::metrics::Histogram;
/// let h = Histogram::default();
/// for v in 1..=100 {
///     h.record(v);
/// }
/// let s = h.snapshot();
/// assert_eq!(s.count, 100);
/// assert_eq!(s.max, 100);
/// assert!((48..=56).contains(&s.quantile(0.5)));
/// assert!((96..=100).contains(&s.quantile(0.99)));
/// ```
pub struct Histogram {
    buckets: [AtomicU64; BUCKETS],
    count: AtomicU64,
    sum: AtomicU64,
    max: AtomicU64,
}

impl Default for Histogram {
    fn default() -> Histogram {
        Histogram {
            buckets: std::array::from_fn(|_| AtomicU64::new(0)),
            count: AtomicU64::new(0),
            sum: AtomicU64::new(0),
            max: AtomicU64::new(0),
        }
    }
}

impl fmt::Debug for Histogram {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.snapshot().fmt(f)
    }
}

fn bucket_of(v: u64) -> usize {
    if v < u64::from(SUB) {
        return v as usize;
    }
    let msb = 63 - v.leading_zeros();
    let sub = (v >> (msb - SUB_BITS)) & u64::from(SUB - 1);
    let index = ((msb - SUB_BITS + 1) * SUB) as usize + sub as usize;
    index.min(BUCKETS - 1)
}

/// The largest value that falls in bucket `i`.
fn bucket_top(i: usize) -> u64 {
    let i = i as u64;
    let sub = u64::from(SUB);
    if i < sub {
        return i;
    }
    let shift = i / sub - 1;
    let base = (sub + i % sub) << shift;
    base + (1u64 << shift) - 1
}

impl Histogram {
    /// Counts one value.
    pub fn record(&self, v: u64) {
        self.buckets[bucket_of(v)].fetch_add(1, Ordering::Relaxed);
        self.count.fetch_add(1, Ordering::Relaxed);
        self.sum.fetch_add(v, Ordering::Relaxed);
        self.max.fetch_max(v, Ordering::Relaxed);
    }

    /// Counts a duration, in microseconds.
    pub fn record_duration(&self, d: Duration) {
        self.record(u64::try_from(d.as_micros()).unwrap_or(u64::MAX));
    }

    /// The counts so far.
    pub fn snapshot(&self) -> Snapshot {
        Snapshot {
            buckets: self
                .buckets
                .iter()
                .map(|b| b.load(Ordering::Relaxed))
                .collect(),
            count: self.count.load(Ordering::Relaxed),
            sum: self.sum.load(Ordering::Relaxed),
            max: self.max.load(Ordering::Relaxed),
        }
    }

    /// The counts so far, and starts again from zero.
    pub fn take(&self) -> Snapshot {
        Snapshot {
            buckets: self
                .buckets
                .iter()
                .map(|b| b.swap(0, Ordering::Relaxed))
                .collect(),
            count: self.count.swap(0, Ordering::Relaxed),
            sum: self.sum.swap(0, Ordering::Relaxed),
            max: self.max.swap(0, Ordering::Relaxed),
        }
    }
}

/// A histogram's counts at one moment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Snapshot {
    buckets: Vec<u64>,
    /// Values counted.
    pub count: u64,
    /// Their sum.
    pub sum: u64,
    /// The largest.
    pub max: u64,
}

impl Snapshot {
    /// The value below which a fraction `q` of the values fall (to within 12.5 %, never above
    /// the maximum); 0 when empty.
    pub fn quantile(&self, q: f64) -> u64 {
        if self.count == 0 {
            return 0;
        }
        let rank = ((self.count as f64 * q).ceil() as u64).clamp(1, self.count);
        let mut seen = 0;
        for (i, n) in self.buckets.iter().enumerate() {
            seen += n;
            if seen >= rank {
                return bucket_top(i).min(self.max);
            }
        }
        self.max
    }

    /// The mean; 0 when empty.
    pub fn mean(&self) -> f64 {
        if self.count == 0 {
            0.0
        } else {
            self.sum as f64 / self.count as f64
        }
    }
}

impl fmt::Display for Snapshot {
    /// `n=… mean … p50 … p90 … p99 … max …`, the values as recorded (µs for durations).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "n={} mean {:.0} p50 {} p90 {} p99 {} p99.9 {} max {}",
            self.count,
            self.mean(),
            self.quantile(0.5),
            self.quantile(0.9),
            self.quantile(0.99),
            self.quantile(0.999),
            self.max
        )
    }
}

/// The server's histograms (microseconds unless said otherwise).
#[derive(Debug, Default)]
pub struct Metrics {
    /// An HTTP request, from the handler being called to the response being built.
    pub http: Histogram,
    /// A WebSocket message, from being read to the answer being built.
    pub ws_message: Histogram,
    /// An action, from being sent to a room to its answer (inbox wait included).
    pub act: Histogram,
    /// The room ruling on an action (`Game::decide`).
    pub decide: Histogram,
    /// A write, from being queued to the writer to its answer.
    pub write: Histogram,
    /// A write waiting in the writer's queue for its batch to start.
    pub queue_wait: Histogram,
    /// One batch's transaction, `BEGIN` to `COMMIT` returning (its `fsync` included).
    pub commit: Histogram,
    /// Writes per batch (a count).
    pub batch: Histogram,
    /// A `PASSIVE` checkpoint of the write-ahead log (on its own connection).
    pub checkpoint: Histogram,
    /// The writer finishing a checkpoint between two batches (see `store`).
    pub checkpoint_finish: Histogram,
    /// Frames in the write-ahead log when a checkpoint ran (a count; 4 KiB each).
    pub wal_frames: Histogram,
    /// After a commit: applying the events, encoding them and the state, broadcasting.
    pub publish: Histogram,
    /// A broadcast event, from being sent by its room to being written to a socket.
    pub delivery: Histogram,
}

impl Metrics {
    /// Every histogram with its name, taking its counts (and starting again from zero).
    pub fn take_all(&self) -> Vec<(&'static str, Snapshot)> {
        vec![
            ("http", self.http.take()),
            ("ws_message", self.ws_message.take()),
            ("act", self.act.take()),
            ("decide", self.decide.take()),
            ("write", self.write.take()),
            ("queue_wait", self.queue_wait.take()),
            ("commit", self.commit.take()),
            ("batch", self.batch.take()),
            ("checkpoint", self.checkpoint.take()),
            ("ckpt_finish", self.checkpoint_finish.take()),
            ("wal_frames", self.wal_frames.take()),
            ("publish", self.publish.take()),
            ("delivery", self.delivery.take()),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_value_falls_in_a_bucket_whose_top_is_at_least_it() {
        let mut v = 0u64;
        while v < 1 << 39 {
            let i = bucket_of(v);
            assert!(bucket_top(i) >= v, "{v} in {i} tops at {}", bucket_top(i));
            if i > 0 {
                assert!(bucket_top(i - 1) < v, "{v} belongs below {i}");
            }
            // Within 12.5 %.
            assert!(bucket_top(i) - v <= v / 8, "{v}: {}", bucket_top(i));
            v = v * 9 / 8 + 1;
        }
    }

    #[test]
    fn quantiles_follow_the_values_and_take_resets() {
        let h = Histogram::default();
        for _ in 0..990 {
            h.record(1000);
        }
        for _ in 0..10 {
            h.record(50_000);
        }
        let s = h.take();
        assert_eq!(s.count, 1000);
        assert!((1000..=1125).contains(&s.quantile(0.5)));
        assert!((1000..=1125).contains(&s.quantile(0.99)));
        assert_eq!(s.quantile(0.999), 50_000);
        assert_eq!(h.snapshot().count, 0);
        assert_eq!(h.snapshot().quantile(0.5), 0);
    }
}
