//! A node's duties while it runs (cluster mode): renewing the leases of its rooms, taking
//! over the games no node holds, serving the competitions when no other node does, and giving
//! everything up when it stops. These need the whole [`AppState`]; the [`Node`] itself (its
//! leases and claims) does not, so that rooms can hold it.

use std::sync::Arc;
use std::time::Instant;

use tokio::sync::watch;

use super::{COMPETITIONS, Claim, Node, game_resource};
use crate::ids::GameId;
use crate::state::{AppState, Place};

impl Node {
    /// Stops every room of this node and gives up its leases (a shutdown, or a drain).
    pub async fn drain(&self, app: &Arc<AppState>) {
        self.draining
            .store(true, std::sync::atomic::Ordering::Relaxed);
        for (_, room) in app.live_games() {
            room.stop().await;
        }
        self.held.lock().unwrap_or_else(|p| p.into_inner()).clear();
        match self.leases.release_all().await {
            Ok(n) => tracing::info!(leases = n, "leases released"),
            Err(e) => tracing::warn!(error = %e, "leases not released"),
        }
    }

    /// One renewal: renews the leases of the rooms in memory (and of those just claimed),
    /// gives up the others, and closes the rooms whose lease is lost or whose deadline has
    /// passed.
    async fn renew_once(&self, app: &Arc<AppState>) {
        let listed = Instant::now();
        let rooms = app.live_games();
        let mut wanted: Vec<String> = rooms.iter().map(|(id, _)| game_resource(id)).collect();
        {
            let held = self.held.lock().unwrap_or_else(|p| p.into_inner());
            let fresh = held
                .iter()
                .filter(|(r, h)| r.as_str() == COMPETITIONS || h.claimed.elapsed() < self.lease);
            wanted.extend(fresh.map(|(r, _)| r.clone()));
        }
        wanted.sort();
        wanted.dedup();
        if let Err(e) = self.renew(&wanted, listed).await {
            tracing::warn!(error = %e, "leases not renewed");
        }
        for (id, room) in rooms {
            if !self.holds(&game_resource(&id)) {
                tracing::warn!(game = %id, "lease lost: the room closes");
                room.stop().await;
            }
        }
        if let Ok(Err(e)) = tokio::time::timeout(
            self.renew,
            self.leases.release_except(&wanted, self.renew * 2),
        )
        .await
        {
            tracing::debug!(error = %e, "leases of closed rooms not released");
        }
    }

    /// Takes over every unfinished game whose lease has lapsed (or that has none).
    async fn take_over(&self, app: &Arc<AppState>) {
        let unfinished = match app.store.unfinished().await {
            Ok(ids) => ids,
            Err(e) => return tracing::warn!(error = %e, "cannot list unfinished games"),
        };
        let resources: Vec<String> = unfinished.iter().map(game_resource).collect();
        let unheld = match self.leases.unheld(&resources).await {
            Ok(r) => r,
            Err(e) => return tracing::warn!(error = %e, "cannot look for lapsed leases"),
        };
        for resource in unheld {
            let Some(id) = resource.strip_prefix("game:").and_then(GameId::parse) else {
                continue;
            };
            match app.place(&id).await {
                Ok(Place::Here(_)) => {
                    tracing::info!(game = %id, node = %self.id, "game taken over");
                }
                Ok(Place::There(_)) => {}
                Err(e) => tracing::warn!(game = %id, error = %e, "could not take a game over"),
            }
        }
    }

    /// Serves the competitions if no other node does (see the module's decisions).
    async fn competitions(&self, app: &Arc<AppState>) {
        let had = self.holds(COMPETITIONS);
        if !had {
            match self.claim(COMPETITIONS).await {
                Ok(Claim::Mine { .. }) => {
                    if let Err(e) = app.events.reload().await {
                        tracing::warn!(error = %e, "competitions not reloaded");
                        self.release(COMPETITIONS).await;
                        return;
                    }
                    tracing::info!(node = %self.id, "serving the competitions");
                }
                Ok(Claim::Theirs(_)) => return,
                Err(e) => return tracing::warn!(error = %e, "competitions lease"),
            }
        }
        crate::event::restore::restore(app).await;
    }
}

/// The node's background work until `stopped`: the renewals on a task of their own, and every
/// renewal tick the takeovers, the competitions and the sweep of old leases.
///
/// Taking over is slow when many games lack an owner (a node gone with a thousand games, or a
/// database full of games no node holds): a claim, a load and a room per game. Done between
/// two renewals, it held them back for as long, every lease of the node lapsed meanwhile, its
/// rooms closed, the other nodes took them over, and so on: moves refused by the hundred
/// (measured, the load benchmark on a database with 1,000 unfinished games). The renewals
/// never wait for it now.
pub async fn run(app: Arc<AppState>, node: Arc<Node>, mut stopped: watch::Receiver<bool>) {
    let renewals = tokio::spawn(renewals(app.clone(), node.clone(), stopped.clone()));
    let mut tick = tokio::time::interval(node.renew);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            _ = tick.tick() => {
                node.take_over(&app).await;
                node.competitions(&app).await;
                if let Err(e) = node.leases.sweep().await {
                    tracing::debug!(error = %e, "lease sweep");
                }
            }
            _ = stopped.changed() => break,
        }
    }
    let _ = renewals.await;
}

async fn renewals(app: Arc<AppState>, node: Arc<Node>, mut stopped: watch::Receiver<bool>) {
    let mut tick = tokio::time::interval(node.renew);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            _ = tick.tick() => node.renew_once(&app).await,
            _ = stopped.changed() => break,
        }
    }
}
