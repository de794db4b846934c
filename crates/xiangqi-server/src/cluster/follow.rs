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
use crate::error::ApiError;
use crate::ids::GameId;
use crate::room::{self, Role, RoomHandle};
use crate::state::{AppState, Place};
use crate::store::StoreError;
use xiangqi_game::Event;

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

    fn live(&self, id: &GameId) -> Option<RoomHandle> {
        let all = self.all.lock().unwrap_or_else(|p| p.into_inner());
        all.get(id)
            .filter(|(h, _)| !h.is_closed())
            .map(|(h, _)| h.clone())
    }
}

/// The room a WebSocket of game `id` subscribes to: the game's own if this node owns it (or
/// can take it), else a follower.
///
/// # Errors
///
/// No such game; storage errors.
pub async fn room_for_socket(app: &Arc<AppState>, id: &GameId) -> Result<RoomHandle, ApiError> {
    let Some(node) = app.cluster.as_ref() else {
        return app.room(id).await;
    };
    if let Place::Here(room) = app.place(id).await? {
        return Ok(room);
    }
    if let Some(handle) = node.followers.live(id) {
        return Ok(handle);
    }
    let stored = app.store.load(id).await?.ok_or(ApiError::NotFound)?;
    let poke = Arc::new(Notify::new());
    let role = Role::Follower { poke: poke.clone() };
    let (handle, task) = room::restore(app.clone(), id.clone(), stored, role)?;
    {
        let mut all = node.followers.all.lock().unwrap_or_else(|p| p.into_inner());
        if let Some((existing, _)) = all.get(id).filter(|(h, _)| !h.is_closed()) {
            return Ok(existing.clone());
        }
        all.insert(id.clone(), (handle.clone(), poke));
    }
    tokio::spawn(task);
    Ok(handle)
}

impl Node {
    /// Events of game `id` after `seq`, from the database.
    ///
    /// # Errors
    ///
    /// If the read fails or an event does not parse.
    pub async fn events_since(
        &self,
        app: &AppState,
        id: &GameId,
        seq: u64,
    ) -> Result<Vec<Event>, StoreError> {
        app.store.events_since(id, seq).await
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
pub async fn listen(node: Arc<Node>, mut stopped: watch::Receiver<bool>) {
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
        node.followers.poke_all();
        loop {
            tokio::select! {
                n = listener.try_recv() => match n {
                    Ok(Some(n)) => {
                        if let Some(id) = game_of_payload(n.payload()) {
                            node.followers.poke(&id);
                        }
                    }
                    // The connection dropped; the next call reconnects. Read everything again.
                    Ok(None) => node.followers.poke_all(),
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
