//! Starting and stopping the server: the top of the crate, which builds the one
//! [`AppState`], restores the games, starts the background tasks and serves the router.

use std::fmt;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::watch;

use crate::config::Config;
use crate::limit::Limiters;
use crate::metrics::Metrics;
use crate::news::{GameNews, Publisher, Subscriber};
use crate::state::AppState;
use crate::store::{Store, StoreError};
use crate::time::TimeBase;

/// How often the server writes that it is alive (see [`crate::room`] on restarts).
pub const HEARTBEAT: Duration = Duration::from_secs(1);

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
        let listener = tokio::net::TcpListener::bind(config.net.listen)
            .await
            .map_err(|e| StartError::Bind(config.net.listen, e))?;
        let addr = listener
            .local_addr()
            .map_err(|e| StartError::Bind(config.net.listen, e))?;
        let (state, news) = open_state(config, addr).await?;
        let (stop, stopped) = watch::channel(false);
        tokio::spawn(follow_news(state.clone(), news, stopped.clone()));
        restore(&state, &stopped).await?;
        tokio::spawn(heartbeat(state.clone(), stopped.clone()));
        tokio::spawn(prune_limits(state.clone(), stopped.clone()));
        let app = crate::router::router(state.clone());
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

/// Opens the database and the competitions, joins the cluster (PostgreSQL), and builds the
/// state; the subscriber gets the rooms' news.
async fn open_state(
    config: Config,
    addr: SocketAddr,
) -> Result<(Arc<AppState>, Subscriber), StartError> {
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
    let computers = Arc::new(crate::computer::Computers::new(&config.engines));
    let cluster = match state_pool(&store) {
        Some(pool) => Some(Arc::new(
            crate::cluster::Node::join(&config.cluster, pool, addr)
                .await
                .map_err(StartError::Store)?,
        )),
        None => None,
    };
    let (news, subscriber) = Publisher::channel();
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
        followers: Arc::default(),
        news,
        rooms: std::sync::Mutex::default(),
    });
    Ok((state, subscriber))
}

/// Brings the games back: with SQLite every unfinished game and the competitions now; in
/// cluster mode the node's duties take games and competitions as their leases allow, at once
/// and then every renewal (see [`crate::cluster`]).
async fn restore(state: &Arc<AppState>, stopped: &watch::Receiver<bool>) -> Result<(), StartError> {
    if let Some(node) = &state.cluster {
        tokio::spawn(crate::cluster::duty::run(
            state.clone(),
            node.clone(),
            stopped.clone(),
        ));
        tokio::spawn(crate::cluster::follow::listen(
            node.clone(),
            state.followers.clone(),
            stopped.clone(),
        ));
        // The event pages of a node that does not serve the competitions (`event::follow`).
        tokio::spawn(crate::event::follow::listen(
            state.clone(),
            node.clone(),
            stopped.clone(),
        ));
        return Ok(());
    }
    let unfinished = state.store.unfinished().await.map_err(StartError::Store)?;
    for id in &unfinished {
        if let Err(e) = state.room(id).await {
            tracing::error!(game = %id, error = %e, "could not restore a game");
        }
    }
    tracing::info!(games = unfinished.len(), "unfinished games restored");
    crate::event::restore::restore(state).await;
    Ok(())
}

/// The competitions hear of their games' ends and fouls (the rooms publish them, see
/// [`crate::news`]) until the server stops.
async fn follow_news(
    state: Arc<AppState>,
    mut news: Subscriber,
    mut stopped: watch::Receiver<bool>,
) {
    loop {
        let news = tokio::select! {
            news = news.recv() => news,
            _ = stopped.changed() => None,
        };
        match news {
            Some(GameNews::Ended { game, ruling }) => {
                crate::event::game_ended(&state, &game, &ruling);
            }
            Some(GameNews::Fouls { game, fouls }) => {
                crate::event::game_fouls(&state, &game, fouls);
            }
            None => break,
        }
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
