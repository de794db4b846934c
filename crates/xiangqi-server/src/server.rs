//! Starting and stopping the server; the one [`AppState`].

use std::collections::HashMap;
use std::fmt;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::sync::watch;

use crate::config::Config;
use crate::error::ApiError;
use crate::ids::GameId;
use crate::limit::Limiters;
use crate::metrics::Metrics;
use crate::room::{self, Role, RoomHandle};
use crate::store::{Store, StoreError, StoredGame};
use crate::time::TimeBase;

/// How often the server writes that it is alive (see [`room`] on restarts).
pub const HEARTBEAT: Duration = Duration::from_secs(1);

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
    pub computers: crate::computer::Computers,
    /// This node, when several may share the database (PostgreSQL); `None` with SQLite.
    pub cluster: Option<Arc<crate::cluster::Node>>,
    /// Which players have a socket open, per game (the pages' "connected" sign).
    pub presence: Arc<crate::presence::Presence>,
    /// The lobby's open challenges.
    pub lobby: crate::lobby::Lobby,
    /// The rematch offers of finished games.
    pub rematches: Arc<crate::rematch::Rematches>,
    rooms: Mutex<HashMap<GameId, RoomHandle>>,
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
        let (handle, task) = room::restore(self.clone(), id.clone(), stored, role)?;
        let mut rooms = self.rooms.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(existing) = rooms.get(id).filter(|h| !h.is_closed()) {
            // Someone else loaded it meanwhile; ours was never started.
            return Ok(existing.clone());
        }
        rooms.insert(id.clone(), handle.clone());
        drop(rooms);
        tokio::spawn(task);
        crate::computer::attach(self.clone(), handle.clone(), opponent);
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

/// Why the server could not start.
#[derive(Debug)]
pub enum StartError {
    /// The database.
    Store(StoreError),
    /// The listening socket.
    Bind(SocketAddr, std::io::Error),
}

impl fmt::Display for StartError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StartError::Store(e) => write!(f, "{e}"),
            StartError::Bind(addr, e) => write!(f, "cannot listen on {addr}: {e}"),
        }
    }
}

impl std::error::Error for StartError {}

/// A running server.
#[derive(Debug)]
pub struct Server {
    addr: SocketAddr,
    state: Arc<AppState>,
    stop: watch::Sender<bool>,
    serving: tokio::task::JoinHandle<()>,
}

impl Server {
    /// Opens the database, brings back unfinished games, and starts listening.
    ///
    /// # Errors
    ///
    /// If the database cannot be opened or the address bound.
    pub async fn start(config: Config) -> Result<Server, StartError> {
        let metrics = Arc::new(Metrics::default());
        let store = Store::open(&config.storage, metrics.clone())
            .await
            .map_err(StartError::Store)?;
        let time = TimeBase::new();
        let last_alive_ms = Some(
            store
                .last_heartbeat()
                .await
                .map_err(StartError::Store)?
                .unwrap_or_else(|| time.now_ms()),
        );
        let events = crate::event::Events::open(store.clone())
            .await
            .map_err(StartError::Store)?;
        let listener = tokio::net::TcpListener::bind(config.net.listen)
            .await
            .map_err(|e| StartError::Bind(config.net.listen, e))?;
        let addr = listener
            .local_addr()
            .map_err(|e| StartError::Bind(config.net.listen, e))?;
        let computers = crate::computer::Computers::new(&config.engines);
        let cluster = match state_pool(&store) {
            Some(pool) => Some(Arc::new(
                crate::cluster::Node::join(&config.cluster, pool, addr)
                    .await
                    .map_err(StartError::Store)?,
            )),
            None => None,
        };
        let state = Arc::new(AppState {
            limits: Limiters::new(&config.limits),
            config,
            store,
            time,
            last_alive_ms,
            metrics,
            events,
            computers,
            cluster,
            presence: Arc::default(),
            lobby: crate::lobby::Lobby::default(),
            rematches: Arc::default(),
            rooms: Mutex::new(HashMap::new()),
        });
        let (stop, stopped) = watch::channel(false);
        if let Some(node) = &state.cluster {
            // Games and competitions are taken as their leases allow, at once and then every
            // renewal (see `cluster`).
            tokio::spawn(crate::cluster::run(
                state.clone(),
                node.clone(),
                stopped.clone(),
            ));
            tokio::spawn(crate::cluster::follow::listen(
                node.clone(),
                stopped.clone(),
            ));
            tokio::spawn(crate::event::follow::listen(
                state.clone(),
                node.clone(),
                stopped.clone(),
            ));
        } else {
            let unfinished = state.store.unfinished().await.map_err(StartError::Store)?;
            for id in &unfinished {
                if let Err(e) = state.room(id).await {
                    tracing::error!(game = %id, error = %e, "could not restore a game");
                }
            }
            tracing::info!(games = unfinished.len(), "unfinished games restored");
            crate::event::restore(&state).await;
        }
        tokio::spawn(heartbeat(state.clone(), stopped.clone()));
        tokio::spawn(prune_limits(state.clone(), stopped.clone()));
        let app = crate::api::router(state.clone());
        let mut stopped_serving = stopped;
        let serving = tokio::spawn(async move {
            let shutdown = async move {
                let _ = stopped_serving.changed().await;
            };
            let service = app.into_make_service_with_connect_info::<SocketAddr>();
            if let Err(e) = axum::serve(listener, service)
                .with_graceful_shutdown(shutdown)
                .await
            {
                tracing::error!(error = %e, "server error");
            }
        });
        Ok(Server {
            addr,
            state,
            stop,
            serving,
        })
    }

    /// The address actually bound (useful with port 0).
    pub fn local_addr(&self) -> SocketAddr {
        self.addr
    }

    /// The shared state.
    pub fn state(&self) -> &Arc<AppState> {
        &self.state
    }

    /// Stops accepting, lets requests in flight finish, writes a last heartbeat.
    pub async fn shutdown(self) {
        let _ = self.stop.send(true);
        // Open WebSockets would hold a graceful shutdown forever; give them a moment.
        let _ = tokio::time::timeout(Duration::from_secs(5), self.serving).await;
        if let Some(node) = &self.state.cluster {
            // The other nodes take the games over at once instead of after the lease.
            node.drain(&self.state).await;
        }
        let _ = self.state.store.heartbeat(self.state.time.now_ms()).await;
    }

    /// Runs until Ctrl-C or SIGTERM, then shuts down.
    pub async fn wait(self) {
        shutdown_signal().await;
        tracing::info!("shutting down");
        self.shutdown().await;
    }
}

/// With PostgreSQL, the nodes share the database: cluster mode (see [`crate::cluster`]).
fn state_pool(store: &Store) -> Option<sqlx::PgPool> {
    store.postgres_pool().cloned()
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = term => {},
    }
}

async fn heartbeat(state: Arc<AppState>, mut stopped: watch::Receiver<bool>) {
    let mut tick = tokio::time::interval(HEARTBEAT);
    loop {
        tokio::select! {
            _ = tick.tick() => {
                if let Err(e) = state.store.heartbeat(state.time.now_ms()).await {
                    tracing::warn!(error = %e, "heartbeat not written");
                }
            }
            _ = stopped.changed() => break,
        }
    }
}

async fn prune_limits(state: Arc<AppState>, mut stopped: watch::Receiver<bool>) {
    let mut tick = tokio::time::interval(Duration::from_secs(60));
    loop {
        tokio::select! {
            _ = tick.tick() => state.limits.prune(),
            _ = stopped.changed() => break,
        }
    }
}
