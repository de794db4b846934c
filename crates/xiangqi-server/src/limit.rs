//! Rate limits: token buckets per HTTP connection, per WebSocket, and per address for game
//! creation.

use std::collections::HashMap;
use std::hash::Hash;
use std::net::{IpAddr, SocketAddr};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::config::LimitOpt;
use crate::error::ApiError;

/// A token bucket: `rate` tokens a second, at most `burst` saved up.
///
/// ```
/// use std::time::{Duration, Instant};
/// use xiangqi_server::limit::Bucket;
/// let t0 = Instant::now();
/// let mut b = Bucket::new(1.0, 2.0, t0);
/// assert!(b.take(t0) && b.take(t0));
/// assert!(!b.take(t0));
/// assert!(b.take(t0 + Duration::from_secs(1)));
/// ```
#[derive(Debug, Clone, Copy)]
pub struct Bucket {
    rate: f64,
    burst: f64,
    tokens: f64,
    last: Instant,
}

impl Bucket {
    /// A full bucket.
    pub fn new(rate: f64, burst: f64, now: Instant) -> Bucket {
        let burst = burst.max(1.0);
        Bucket {
            rate: rate.max(0.0),
            burst,
            tokens: burst,
            last: now,
        }
    }

    /// Takes a token if there is one.
    pub fn take(&mut self, now: Instant) -> bool {
        let elapsed = now.saturating_duration_since(self.last).as_secs_f64();
        self.tokens = (self.tokens + elapsed * self.rate).min(self.burst);
        self.last = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }

    fn idle_since(&self) -> Instant {
        self.last
    }
}

#[derive(Debug)]
struct Keyed<K> {
    rate: f64,
    burst: f64,
    buckets: Mutex<HashMap<K, Bucket>>,
}

impl<K: Hash + Eq> Keyed<K> {
    fn new(rate: f64, burst: f64) -> Keyed<K> {
        Keyed {
            rate,
            burst,
            buckets: Mutex::new(HashMap::new()),
        }
    }

    fn take(&self, key: K) -> bool {
        let now = Instant::now();
        let mut map = self.buckets.lock().unwrap_or_else(|p| p.into_inner());
        map.entry(key)
            .or_insert_with(|| Bucket::new(self.rate, self.burst, now))
            .take(now)
    }

    fn prune(&self, older_than: Duration) {
        let now = Instant::now();
        let mut map = self.buckets.lock().unwrap_or_else(|p| p.into_inner());
        map.retain(|_, b| now.saturating_duration_since(b.idle_since()) < older_than);
    }
}

/// The server's shared limiters.
#[derive(Debug)]
pub struct Limiters {
    http: Keyed<SocketAddr>,
    create: Keyed<IpAddr>,
    ws_rate: f64,
    ws_burst: f64,
}

impl Limiters {
    /// From the options.
    pub fn new(opt: &LimitOpt) -> Limiters {
        Limiters {
            http: Keyed::new(opt.http_rate, opt.http_burst),
            create: Keyed::new(opt.create_per_minute / 60.0, opt.create_per_minute),
            ws_rate: opt.ws_rate,
            ws_burst: opt.ws_burst,
        }
    }

    /// One request on the HTTP connection from `peer` (address and port: the connection).
    pub fn http(&self, peer: SocketAddr) -> bool {
        self.http.take(peer)
    }

    /// One game (or event, or challenge) created from `ip`, or `RateLimited` when `ip` has
    /// used its allowance.
    ///
    /// # Errors
    ///
    /// [`ApiError::RateLimited`] when the allowance is used up.
    pub fn create(&self, ip: IpAddr) -> Result<(), ApiError> {
        if self.create.take(ip) {
            Ok(())
        } else {
            Err(ApiError::RateLimited)
        }
    }

    /// A fresh bucket for one WebSocket.
    pub fn ws_bucket(&self) -> Bucket {
        Bucket::new(self.ws_rate, self.ws_burst, Instant::now())
    }

    /// Forgets buckets idle for a while (they would be full again anyway).
    pub fn prune(&self) {
        self.http.prune(Duration::from_secs(120));
        self.create.prune(Duration::from_secs(600));
    }
}
