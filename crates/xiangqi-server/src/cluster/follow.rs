//! Followers: this node's view of games another node owns, for its WebSockets.
//!
//! One connection per node listens on `xq_game_events`; the owner's append transaction
//! notifies `'<game id> <seq>'` per event, delivered at its commit. A notification only wakes
//! the game's follower, which reads the events after the last one it has from the database
//! (`events_since`), so events arrive in order, without gaps or duplicates, whatever the
//! notifications do. A dropped listener connection wakes every follower to read again; a
//! follower also reads every two seconds by itself.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use sqlx::postgres::PgListener;
use tokio::sync::{Notify, watch};

use super::Node;
use crate::ids::GameId;
use crate::room::RoomHandle;

/// The channel of new game events.
pub const GAME_EVENTS: &str = "xq_game_events";

/// The followers of a node.
#[derive(Debug, Default)]
pub struct Followers {
    all: Mutex<HashMap<GameId, (RoomHandle, Arc<Notify>)>>,
}

impl Followers {
    fn poke(&self, id: &GameId) {
        let all = self.all.lock().unwrap_or_else(|p| p.into_inner());
        if let Some((_, poke)) = all.get(id) {
            poke.notify_one();
        }
    }

    fn poke_all(&self) {
        let mut all = self.all.lock().unwrap_or_else(|p| p.into_inner());
        all.retain(|_, (handle, _)| !handle.is_closed());
        for (_, poke) in all.values() {
            poke.notify_one();
        }
    }

    /// The live follower of game `id`, if any.
    pub fn live(&self, id: &GameId) -> Option<RoomHandle> {
        let all = self.all.lock().unwrap_or_else(|p| p.into_inner());
        all.get(id)
            .filter(|(h, _)| !h.is_closed())
            .map(|(h, _)| h.clone())
    }

    /// Registers the follower `handle` of game `id`, woken by `poke`, and answers `None`;
    /// if another was registered meanwhile and is live, answers that one instead (the caller
    /// then drops its own).
    pub fn register(
        &self,
        id: &GameId,
        handle: &RoomHandle,
        poke: Arc<Notify>,
    ) -> Option<RoomHandle> {
        let mut all = self.all.lock().unwrap_or_else(|p| p.into_inner());
        if let Some((existing, _)) = all.get(id).filter(|(h, _)| !h.is_closed()) {
            return Some(existing.clone());
        }
        all.insert(id.clone(), (handle.clone(), poke));
        None
    }
}

/// `'<game id> <seq>'` → the game.
///
/// ```
/// use xiangqi_server::cluster::follow::game_of_payload;
/// assert!(game_of_payload("not-a-game 3").is_none());
/// assert!(game_of_payload("").is_none());
/// ```
pub fn game_of_payload(payload: &str) -> Option<GameId> {
    let (id, seq) = payload.split_once(' ')?;
    seq.parse::<u64>().ok()?;
    GameId::parse(id)
}

/// Listens for new events until `stopped`, waking followers; reconnects after a failure.
pub async fn listen(
    node: Arc<Node>,
    followers: Arc<Followers>,
    mut stopped: watch::Receiver<bool>,
) {
    loop {
        let listener = async {
            let mut l = PgListener::connect_with(node.pool()).await?;
            l.listen(GAME_EVENTS).await?;
            Ok::<_, sqlx::Error>(l)
        };
        let mut listener = tokio::select! {
            l = listener => match l {
                Ok(l) => l,
                Err(e) => {
                    tracing::warn!(error = %e, "cannot listen for game events; retrying");
                    tokio::select! {
                        () = tokio::time::sleep(Duration::from_secs(1)) => continue,
                        _ = stopped.changed() => return,
                    }
                }
            },
            _ = stopped.changed() => return,
        };
        // Whatever was missed while not listening.
        followers.poke_all();
        loop {
            tokio::select! {
                n = listener.try_recv() => match n {
                    Ok(Some(n)) => {
                        if let Some(id) = game_of_payload(n.payload()) {
                            followers.poke(&id);
                        }
                    }
                    // The connection dropped; the next call reconnects. Read everything again.
                    Ok(None) => followers.poke_all(),
                    Err(e) => {
                        tracing::warn!(error = %e, "game events listener failed");
                        break;
                    }
                },
                _ = stopped.changed() => return,
            }
        }
    }
}
