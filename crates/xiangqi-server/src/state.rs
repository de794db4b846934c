//! The one [`AppState`] every handler shares, and where each game is served: the rooms of
//! this node, loaded on demand, or the node that holds the game's lease.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use crate::config::Config;
use crate::error::ApiError;
use crate::ids::GameId;
use crate::limit::Limiters;
use crate::metrics::Metrics;
use crate::news::Publisher;
use crate::room::{self, Role, RoomHandle, RoomServices};
use crate::store::{Store, StoredGame};
use crate::time::TimeBase;

/// Everything the handlers share.
#[derive(Debug)]
pub struct AppState {
    /// The options.
    pub config: Config,
    /// The database.
    pub store: Store,
    /// Now.
    pub time: TimeBase,
    /// Rate limits.
    pub limits: Limiters,
    /// The last heartbeat of the previous run (Unix ms), when this process started.
    pub last_alive_ms: Option<u64>,
    /// Where the time of each move goes.
    pub metrics: Arc<Metrics>,
    /// The competitions.
    pub events: crate::event::Events,
    /// The engines: computer opponents and analysis.
    pub computers: Arc<crate::computer::Computers>,
    /// This node, when several may share the database (PostgreSQL); `None` with SQLite.
    pub cluster: Option<Arc<crate::cluster::Node>>,
    /// Which players have a socket open, per game (the pages' "connected" sign).
    pub presence: Arc<crate::presence::Presence>,
    /// The lobby's open challenges.
    pub lobby: crate::lobby::Lobby,
    /// The rematch offers of finished games.
    pub rematches: Arc<crate::rematch::Rematches>,
    /// The followers of games other nodes own, for this node's sockets (cluster mode).
    pub followers: Arc<crate::cluster::follow::Followers>,
    /// Where the rooms publish a game's end and fouls (see [`crate::news`]).
    pub news: Publisher,
    pub(crate) rooms: Mutex<HashMap<GameId, RoomHandle>>,
}

/// Where a game is served.
#[derive(Debug, Clone)]
pub enum Place {
    /// By this node: its room.
    Here(RoomHandle),
    /// By another node (cluster mode).
    There(crate::cluster::Holder),
}

impl AppState {
    /// The room of game `id`, loading the game from the database if it is not in memory.
    ///
    /// # Errors
    ///
    /// [`ApiError::NotFound`] if there is no such game; storage errors.
    /// In cluster mode, a game another node owns is [`ApiError::Cluster`] (see [`Self::place`]).
    pub async fn room(self: &Arc<Self>, id: &GameId) -> Result<RoomHandle, ApiError> {
        match self.place(id).await? {
            Place::Here(handle) => Ok(handle),
            Place::There(holder) => Err(ApiError::Cluster(format!(
                "node {} owns the game",
                holder.node
            ))),
        }
    }

    /// Where game `id` is served: here (loading it, and in cluster mode taking its lease if
    /// it is free or lapsed), or by the node that holds its lease.
    ///
    /// # Errors
    ///
    /// [`ApiError::NotFound`] if there is no such game; storage errors.
    pub async fn place(self: &Arc<Self>, id: &GameId) -> Result<Place, ApiError> {
        if let Some(handle) = self.live_room(id) {
            return Ok(Place::Here(handle));
        }
        let last_alive = match &self.cluster {
            None => self.last_alive_ms,
            Some(node) => {
                let resource = crate::cluster::game_resource(id);
                match node.claim(&resource).await? {
                    crate::cluster::Claim::Theirs(holder) => return Ok(Place::There(holder)),
                    crate::cluster::Claim::Mine { previous } => {
                        let loaded = self.store.load(id).await;
                        if !matches!(loaded, Ok(Some(_))) {
                            node.release(&resource).await;
                        }
                        let stored = loaded?.ok_or(ApiError::NotFound)?;
                        let last_alive = previous.map(|(_, ms)| ms).or(self.last_alive_ms);
                        return self.start_room(id, stored, last_alive).map(Place::Here);
                    }
                }
            }
        };
        let stored = self.store.load(id).await?.ok_or(ApiError::NotFound)?;
        self.start_room(id, stored, last_alive).map(Place::Here)
    }

    /// In cluster mode, takes the lease of a new game before it is stored, so that no other
    /// node takes the stored game over as one without an owner. A no-op with SQLite.
    ///
    /// # Errors
    ///
    /// If the lease cannot be taken.
    pub async fn reserve(&self, id: &GameId) -> Result<(), ApiError> {
        if let Some(node) = &self.cluster
            && let crate::cluster::Claim::Theirs(holder) =
                node.claim(&crate::cluster::game_resource(id)).await?
        {
            return Err(ApiError::Cluster(format!(
                "node {} owns the game",
                holder.node
            )));
        }
        Ok(())
    }

    /// Starts the room of a new game (just stored); in cluster mode the caller has taken its
    /// lease with [`Self::reserve`] before storing it.
    ///
    /// # Errors
    ///
    /// If the events do not make a game.
    pub async fn install_room(
        self: &Arc<Self>,
        id: &GameId,
        stored: StoredGame,
    ) -> Result<RoomHandle, ApiError> {
        self.start_room(id, stored, self.last_alive_ms)
    }

    fn start_room(
        self: &Arc<Self>,
        id: &GameId,
        stored: StoredGame,
        last_alive: Option<u64>,
    ) -> Result<RoomHandle, ApiError> {
        let opponent = crate::computer::opponent_of(&stored);
        let role = Role::Owner { last_alive };
        let (handle, task) = room::restore(self.room_services(), id.clone(), stored, role)?;
        let mut rooms = self.rooms.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(existing) = rooms.get(id).filter(|h| !h.is_closed()) {
            // Someone else loaded it meanwhile; ours was never started.
            return Ok(existing.clone());
        }
        rooms.insert(id.clone(), handle.clone());
        drop(rooms);
        self.spawn_room(id, task);
        crate::computer::attach(self.computers.clone(), handle.clone(), opponent);
        Ok(handle)
    }

    /// What a room needs of the server.
    pub(crate) fn room_services(&self) -> RoomServices {
        RoomServices {
            store: self.store.clone(),
            time: self.time,
            metrics: self.metrics.clone(),
            node: self.cluster.clone(),
            news: self.news.clone(),
        }
    }

    /// Runs a room's task; once it ends, the room leaves the list of rooms in memory.
    pub(crate) fn spawn_room(
        self: &Arc<Self>,
        id: &GameId,
        task: impl Future<Output = ()> + Send + 'static,
    ) {
        let state = self.clone();
        let id = id.clone();
        tokio::spawn(async move {
            task.await;
            state.forget_room(&id);
        });
    }

    /// The room a WebSocket of game `id` subscribes to: the game's own if this node owns it
    /// (or can take it), else a follower (cluster mode, see [`crate::cluster::follow`]).
    ///
    /// # Errors
    ///
    /// No such game; storage errors.
    pub async fn room_for_socket(self: &Arc<Self>, id: &GameId) -> Result<RoomHandle, ApiError> {
        if self.cluster.is_none() {
            return self.room(id).await;
        }
        if let Place::Here(room) = self.place(id).await? {
            return Ok(room);
        }
        if let Some(handle) = self.followers.live(id) {
            return Ok(handle);
        }
        let stored = self.store.load(id).await?.ok_or(ApiError::NotFound)?;
        let poke = Arc::new(tokio::sync::Notify::new());
        let role = Role::Follower { poke: poke.clone() };
        let (handle, task) = room::restore(self.room_services(), id.clone(), stored, role)?;
        if let Some(existing) = self.followers.register(id, &handle, poke) {
            return Ok(existing);
        }
        self.spawn_room(id, task);
        Ok(handle)
    }

    fn live_room(&self, id: &GameId) -> Option<RoomHandle> {
        let rooms = self.rooms.lock().unwrap_or_else(|p| p.into_inner());
        rooms.get(id).filter(|h| !h.is_closed()).cloned()
    }

    /// Called by a room whose task ends.
    pub(crate) fn forget_room(&self, id: &GameId) {
        let mut rooms = self.rooms.lock().unwrap_or_else(|p| p.into_inner());
        if rooms.get(id).is_some_and(RoomHandle::is_closed) {
            rooms.remove(id);
        }
    }

    /// The rooms in memory.
    pub fn live_games(&self) -> Vec<(GameId, RoomHandle)> {
        let rooms = self.rooms.lock().unwrap_or_else(|p| p.into_inner());
        rooms
            .iter()
            .filter(|(_, h)| !h.is_closed())
            .map(|(id, h)| (id.clone(), h.clone()))
            .collect()
    }

    /// Games in memory.
    pub fn rooms_in_memory(&self) -> usize {
        self.rooms.lock().map_or(0, |r| r.len())
    }
}
