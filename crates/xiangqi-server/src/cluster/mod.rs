//! Several server nodes on one PostgreSQL database: any node answers any request;
//! each live game is owned by one node at a time, which holds its room (its clock, its
//! decisions); ownership is a lease in the database.
//!
//! * [`lease`]: the `xq_leases` table and its statements (the database's clock only).
//! * [`forward`]: a request for a game another node owns is sent on to it, as a reverse
//!   proxy would, and its answer passed back unchanged; a WebSocket's commands likewise.
//! * [`follow`]: `LISTEN xq_game_events`, waking the *followers* (rooms in
//!   [`crate::room::Role::Follower`]) that feed this node's sockets of games owned elsewhere.
//!
//! With SQLite (no `--database`) none of this runs: one node, as before.
//!
//! # Decisions
//!
//! * **Cluster mode is on whenever the database is PostgreSQL**, even for one node: a second
//!   node started later on the same database cannot then split the games' brain. A node needs
//!   a URL the others reach it at: `--advertise-url`, by default `http://` + the address it
//!   listens on, which is refused when that is a wildcard (`0.0.0.0`, `[::]`): say how to be
//!   reached. `--node-id` names the node in the lease table (default: random per start).
//! * **Leases.** `game:<id>` per game in memory, renewed together every `--renew-ms` (default
//!   1 s) for `--lease-ms` (default 5 s). A node takes a lease only when it is free or lapsed
//!   (`INSERT … ON CONFLICT … WHERE expires < clock_timestamp()`), on the database's clock.
//!   The owner measures its own deadline with its monotonic clock from the moment it *sent*
//!   the renewal, minus a quarter of the lease: no room commits past it, and the renew loop
//!   closes the rooms whose deadline has passed, so a node cut off from the database stops
//!   acting before anyone may take over. A write that fails in cluster mode also closes the
//!   room (another node may have written first); the next request loads the game again.
//! * **Failover.** Every renewal tick each node looks for unfinished games without a live
//!   lease and takes them over: loaded from the database as a restart does, the clock paused
//!   at the old owner's last renewal (or its last stored event, if later) and resumed now
//!   ([`crate::room`]). Clocks keep being enforced with no request arriving.
//! * **Competitions** hold their state in memory ([`crate::event::Events`]), one copy per
//!   node: they are served by one node at a time, the holder of the `competitions` lease,
//!   and every `/api/events…` and `/e/…` request is forwarded there but an event page's
//!   WebSocket, served on every node from a copy kept current by [`crate::event::follow`]. The holder reloads every
//!   competition from the database when it takes the lease, and looks every renewal tick for
//!   results of games that ended on other nodes (as a start-up does, [`crate::event::restore`]).
//! * **An event's result on a game owned elsewhere**: the node serving the competitions sends
//!   the game's owner the arbiter's action (`POST /api/games/{id}/arbiter`) with the secret and
//!   [`forward::ARBITER_HEADER`] instead of a token (the organiser's token is no game's); a
//!   client's `x-xq-…` headers are never passed on. The event's PGN is read from the database.
//! * **Forwarding** carries the method, path, query, body and headers but the hop-by-hop ones,
//!   adds `X-Forwarded-For`, and a shared secret (made by the first node, kept in the
//!   database) that exempts the request from the owner's per-address rate limits (the
//!   forwarding node applied them). An owner that cannot be reached is treated as down only
//!   once its lease lapses: until then the answer is `503` with the reason; a request that
//!   reached the owner but got no answer is `502` (it may have been acted on).
//! * **Sockets on a non-owner** are fed by a follower: it replays from the database the events
//!   after the last one it has, woken by `pg_notify` (a wake-up only: the database is the
//!   truth, so a lost notification costs latency, not an event). Sockets stay up when the
//!   owner dies and go on once another node has taken over.

pub mod duty;
pub mod follow;
pub mod forward;
pub mod lease;
pub mod relay;

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use sqlx::postgres::PgPool;

pub use crate::config::cluster::{ClusterOpt, ClusterOptError};
use crate::ids::GameId;
use crate::store::StoreError;
pub use lease::{Claim, Holder, Leases};

/// The lease of a game.
pub fn game_resource(id: &GameId) -> String {
    format!("game:{id}")
}

/// The lease of every competition.
pub const COMPETITIONS: &str = "competitions";

/// A lease this node holds.
#[derive(Debug, Clone, Copy)]
struct Held {
    /// When this node stops acting as the owner unless the lease is renewed.
    deadline: Instant,
    /// When it was claimed: a lease claimed a moment ago is renewed even without a room yet
    /// (the game is being loaded).
    claimed: Instant,
}

/// This node, in cluster mode.
#[derive(Debug)]
pub struct Node {
    /// Its id.
    pub id: String,
    /// Its URL.
    pub url: String,
    leases: Leases,
    pool: PgPool,
    secret: String,
    lease: Duration,
    renew: Duration,
    forward_timeout: Duration,
    held: Mutex<HashMap<String, Held>>,
    /// Games owned elsewhere: their holder, until its lease could lapse at the earliest. Saves
    /// a claim (a row lock) per forwarded request.
    owners: Mutex<HashMap<String, (Holder, Instant)>>,
    client: reqwest::Client,
    /// Set by [`Node::drain`]: this node takes no lease any more.
    draining: std::sync::atomic::AtomicBool,
}

impl Node {
    /// Joins the cluster on `pool` (the store's, migrated).
    ///
    /// # Errors
    ///
    /// Bad options, or the database refuses.
    pub async fn join(
        opt: &ClusterOpt,
        pool: PgPool,
        listen: SocketAddr,
    ) -> Result<Node, StoreError> {
        opt.check().map_err(|e| StoreError(e.to_string()))?;
        let url = opt.url(listen).map_err(|e| StoreError(e.to_string()))?;
        let id = match &opt.node_id {
            Some(id) => id.clone(),
            None => GameId::random()
                .map(|g| format!("node-{g}"))
                .map_err(|e| StoreError(format!("random source: {e}")))?,
        };
        let secret = Leases::secret(&pool).await?;
        let lease = Duration::from_millis(opt.lease_ms);
        let client = reqwest::Client::builder()
            .connect_timeout(Duration::from_millis(opt.forward_timeout_ms.min(1000)))
            .timeout(Duration::from_millis(opt.forward_timeout_ms))
            .build()
            .map_err(|e| StoreError(format!("HTTP client: {e}")))?;
        tracing::info!(node = %id, %url, "joined the cluster");
        Ok(Node {
            leases: Leases::new(pool.clone(), &id, &url, lease),
            id,
            url,
            pool,
            secret,
            lease,
            renew: Duration::from_millis(opt.renew_ms),
            forward_timeout: Duration::from_millis(opt.forward_timeout_ms),
            held: Mutex::new(HashMap::new()),
            owners: Mutex::new(HashMap::new()),
            client,
            draining: std::sync::atomic::AtomicBool::new(false),
        })
    }

    /// The database.
    pub fn pool(&self) -> &PgPool {
        &self.pool
    }

    /// The statements on leases.
    pub fn leases(&self) -> &Leases {
        &self.leases
    }

    fn deadline(&self, sent: Instant) -> Instant {
        sent + self.lease - self.lease / 4
    }

    /// Whether this node may still act as the owner of `resource`.
    pub fn holds(&self, resource: &str) -> bool {
        let held = self.held.lock().unwrap_or_else(|p| p.into_inner());
        held.get(resource)
            .is_some_and(|h| h.deadline > Instant::now())
    }

    /// Claims `resource`; on success this node acts as its owner until its deadline. A
    /// resource known to be held elsewhere by a lease that cannot have lapsed yet is answered
    /// without asking the database.
    ///
    /// # Errors
    ///
    /// If the database refuses.
    pub async fn claim(&self, resource: &str) -> Result<Claim, StoreError> {
        if self.draining.load(std::sync::atomic::Ordering::Relaxed) {
            return Err(StoreError("this node is shutting down".into()));
        }
        let sent = Instant::now();
        {
            let mut owners = self.owners.lock().unwrap_or_else(|p| p.into_inner());
            match owners.get(resource) {
                Some((holder, until)) if *until > sent => {
                    let mut holder = holder.clone();
                    holder.remaining = *until - sent;
                    return Ok(Claim::Theirs(holder));
                }
                Some(_) => {
                    owners.remove(resource);
                }
                None => {}
            }
        }
        let claim = self.leases.claim(resource).await?;
        if let Claim::Theirs(holder) = &claim {
            let mut owners = self.owners.lock().unwrap_or_else(|p| p.into_inner());
            if owners.len() > 100_000 {
                owners.retain(|_, (_, until)| *until > sent);
            }
            owners.insert(
                resource.to_owned(),
                (holder.clone(), sent + holder.remaining),
            );
        }
        if let Claim::Mine { .. } = claim {
            let mut held = self.held.lock().unwrap_or_else(|p| p.into_inner());
            let claimed = held.get(resource).map_or(sent, |h| h.claimed);
            let deadline = self.deadline(sent);
            held.insert(resource.to_owned(), Held { deadline, claimed });
        }
        Ok(claim)
    }

    /// Forgets who held `resource` (it did not answer, or said it no longer does).
    pub fn forget_holder(&self, resource: &str) {
        let mut owners = self.owners.lock().unwrap_or_else(|p| p.into_inner());
        owners.remove(resource);
    }

    /// Gives up `resource`.
    pub async fn release(&self, resource: &str) {
        self.held
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .remove(resource);
        if let Err(e) = self.leases.release(resource).await {
            tracing::warn!(%resource, error = %e, "lease not released");
        }
    }

    /// Whether `value` is the cluster's secret (compared in constant time).
    pub fn is_secret(&self, value: &[u8]) -> bool {
        let secret = self.secret.as_bytes();
        value.len() == secret.len()
            && value
                .iter()
                .zip(secret)
                .fold(0u8, |acc, (a, b)| acc | (a ^ b))
                == 0
    }

    /// Renews those of `wanted` (listed at `listed`) this node holds; forgets the others
    /// but those claimed since `listed`.
    ///
    /// # Errors
    ///
    /// If the database refuses or does not answer within half a lease; then the deadlines
    /// stay as they were.
    pub async fn renew(&self, wanted: &[String], listed: Instant) -> Result<(), StoreError> {
        let sent = Instant::now();
        // However late the answer, the deadline counts from `sent`: waiting is safe.
        let renewed = tokio::time::timeout(self.lease / 2, self.leases.renew(wanted))
            .await
            .map_err(|_| StoreError("leases not renewed in time".into()))??;
        let mut held = self.held.lock().unwrap_or_else(|p| p.into_inner());
        let before = std::mem::take(&mut *held);
        for r in renewed {
            let claimed = before.get(&r).map_or(sent, |h| h.claimed);
            let deadline = self.deadline(sent);
            held.insert(r, Held { deadline, claimed });
        }
        // Not asked about, or claimed since the list was made: keep. A claim whose request
        // was sent before `listed` may enter `held` only after `wanted` was made, so the
        // claim time alone cannot tell it from a lease that was asked about and lost.
        let asked: std::collections::HashSet<&String> = wanted.iter().collect();
        for (r, h) in before {
            if h.claimed >= listed || !asked.contains(&r) {
                held.entry(r).or_insert(h);
            }
        }
        Ok(())
    }

    /// Whether this node serves the competitions now.
    pub fn serves_competitions(&self) -> bool {
        self.holds(COMPETITIONS)
    }
}

#[cfg(test)]
mod tests;
