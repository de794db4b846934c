//! The registry of every competition: one task each (`actor.rs`), loaded from the database
//! at start-up, reloaded or followed when another node changed them. The shared state holds
//! it; it knows nothing of the state, so the handlers and the start-up above it may take both.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, RwLock};

use xiangqi_competition::Competition;

use super::actor::{Desk, Handle, Shared};
use super::store::EventStore;
use crate::error::ApiError;
use crate::ids::TokenHash;
use crate::store::StoreError;

/// Every competition: one task each (`actor.rs`), in memory and in the database.
#[derive(Debug)]
pub struct Events {
    shared: Arc<Shared>,
    all: RwLock<HashMap<String, Handle>>,
}

fn revoked_of<'a>(all: impl Iterator<Item = &'a Competition>) -> HashSet<TokenHash> {
    all.flat_map(|c| c.revoked.iter())
        .filter_map(|hex| TokenHash::from_hex(hex))
        .collect()
}

impl Events {
    /// Loads every event from the `competitions` table of `store` and starts its task.
    ///
    /// # Errors
    ///
    /// If the database cannot be read.
    pub async fn open(store: crate::store::Store) -> Result<Events, StoreError> {
        let store = EventStore::new(store);
        let fresh = store.load_all().await?;
        let shared = Arc::new(Shared {
            store,
            changes: tokio::sync::broadcast::channel(256).0,
            revoked: std::sync::Mutex::new(revoked_of(fresh.iter())),
            running: std::sync::atomic::AtomicUsize::new(0),
        });
        let all = fresh
            .into_iter()
            .map(|c| (c.id.clone(), Handle::spawn(shared.clone(), c)))
            .collect();
        Ok(Events {
            shared,
            all: RwLock::new(all),
        })
    }

    /// Reads every event from the database again (a node of a cluster that starts serving
    /// the competitions: another node may have changed them). Each event known here reads
    /// its row again on its own task, after the changes already sent to it, so a row read
    /// before a change this node committed never replaces that change; an event new to this
    /// node gets its task; none is dropped (an event created here since the read is not in
    /// it). Revoked links only ever grow.
    ///
    /// # Errors
    ///
    /// If the database cannot be read; then nothing changed.
    pub async fn reload(&self) -> Result<(), StoreError> {
        let fresh = self.shared.store.load_all().await?;
        for c in fresh {
            self.shared.revoke(&c);
            let Some(h) = self.handle(&c.id) else {
                self.start_new(c);
                continue;
            };
            let (shared, id) = (self.shared.clone(), c.id.clone());
            // A task that is gone has no state to replace.
            let _ = h
                .run(move |desk: Arc<Desk>| async move {
                    let now = shared.store.load_all().await?;
                    if let Some(c) = now.into_iter().find(|c| c.id == id)
                        && !desk.holds(&c)
                    {
                        desk.replace(c);
                    }
                    Ok(())
                })
                .await;
        }
        Ok(())
    }

    /// Commits a new event and starts its task.
    ///
    /// # Errors
    ///
    /// If the write fails; then there is no event.
    pub async fn create(&self, c: Competition) -> Result<(), ApiError> {
        self.shared.save(&c).await?;
        let id = c.id.clone();
        self.start(c);
        self.shared.announce(&id);
        Ok(())
    }

    /// Starts the task of event `c` (as read from the database) unless the event has a task
    /// now: one started since (the event just created here, or followed) holds a state at
    /// least as new. Whether it started it.
    fn start_new(&self, c: Competition) -> bool {
        let mut all = self.all.write().unwrap_or_else(|p| p.into_inner());
        if all.contains_key(&c.id) {
            return false;
        }
        all.insert(c.id.clone(), Handle::spawn(self.shared.clone(), c));
        true
    }

    /// Starts the task of event `c` (as committed) and lists it.
    fn start(&self, c: Competition) {
        let id = c.id.clone();
        let handle = Handle::spawn(self.shared.clone(), c);
        self.all
            .write()
            .unwrap_or_else(|p| p.into_inner())
            .insert(id, handle);
    }

    /// The ids of the events committed from now on (a page's socket listens for its own).
    pub fn subscribe(&self) -> tokio::sync::broadcast::Receiver<String> {
        self.shared.changes.subscribe()
    }

    /// Whether `token` is a link re-issued since (refused everywhere).
    pub fn is_revoked(&self, token: &str) -> bool {
        let revoked = self
            .shared
            .revoked
            .lock()
            .unwrap_or_else(|p| p.into_inner());
        !revoked.is_empty() && revoked.contains(&TokenHash::of(token))
    }

    /// The task of event `id`.
    pub fn handle(&self, id: &str) -> Option<Handle> {
        let all = self.all.read().unwrap_or_else(|p| p.into_inner());
        all.get(id).cloned()
    }

    /// The task of every event.
    pub fn handles(&self) -> Vec<Handle> {
        let all = self.all.read().unwrap_or_else(|p| p.into_inner());
        all.values().cloned().collect()
    }

    /// Takes event `id` as committed by the node serving the events (`follow.rs`): `read`
    /// reads it from the database, on the event's task after the changes sent before it (so
    /// a row read before a change of this node committed never replaces that change); the
    /// node's copy becomes it, and its pages hear of it if it changed.
    pub async fn follow<F>(&self, id: &str, read: F)
    where
        F: std::future::Future<Output = Option<Competition>> + Send + 'static,
    {
        let changed = match self.handle(id) {
            Some(h) => {
                let shared = self.shared.clone();
                h.run(move |desk: Arc<Desk>| async move {
                    let Some(c) = read.await else {
                        return Ok(false);
                    };
                    if desk.holds(&c) {
                        return Ok(false);
                    }
                    shared.revoke(&c);
                    desk.replace(c);
                    Ok(true)
                })
                .await
                // A task that is gone has no state to replace.
                .unwrap_or(false)
            }
            None => match read.await {
                Some(c) => {
                    self.shared.revoke(&c);
                    self.start_new(c)
                }
                None => false,
            },
        };
        if changed {
            self.shared.announce(id);
        }
    }

    /// Whether any event page listens on this node.
    pub fn watched(&self) -> bool {
        self.shared.changes.receiver_count() > 0
    }

    /// The task of the event that plays server game `game`.
    pub fn playing(&self, game: &str) -> Option<Handle> {
        let all = self.all.read().unwrap_or_else(|p| p.into_inner());
        all.values()
            .find(|h| h.state().board_of_game(game).is_some())
            .cloned()
    }

    /// The task of the event that plays server game `game`, once every change begun before
    /// this call is over: a round still being paired has created its games but not yet
    /// committed the boards that name them.
    pub async fn settled_playing(&self, game: &str) -> Option<Handle> {
        if let Some(h) = self.playing(game) {
            return Some(h);
        }
        // No change running: no round is between creating its games and committing them.
        if self
            .shared
            .running
            .load(std::sync::atomic::Ordering::SeqCst)
            == 0
        {
            return None;
        }
        for h in self.handles() {
            // Queued behind the changes in flight; a task that is gone has none.
            let _ = h.run(|_| async { Ok(()) }).await;
        }
        self.playing(game)
    }

    /// Runs `change` on event `id`'s task ([`Handle::run`]).
    ///
    /// # Errors
    ///
    /// [`ApiError::NoEvent`], or what `change` answers.
    pub async fn change<T, F, Fut>(&self, id: &str, change: F) -> Result<T, ApiError>
    where
        F: FnOnce(Arc<Desk>) -> Fut + Send + 'static,
        Fut: std::future::Future<Output = Result<T, ApiError>> + Send + 'static,
        T: Send + 'static,
    {
        let handle = self.handle(id).ok_or(ApiError::NoEvent)?;
        handle.run(change).await
    }

    /// Event `id` as last committed.
    pub async fn get(&self, id: &str) -> Option<Arc<Competition>> {
        self.handle(id).map(|h| h.state())
    }

    /// The events not finished, newest first.
    pub async fn open_events(&self) -> Vec<Arc<Competition>> {
        let mut v: Vec<Arc<Competition>> = self
            .handles()
            .iter()
            .map(Handle::state)
            .filter(|c| c.status() != "finished")
            .collect();
        v.sort_by_key(|c| std::cmp::Reverse(c.created_unix_ms));
        v
    }
}
