//! Competitions on the server: an event from registration to the final
//! standings, each round's games created on the server with the event's control, rules and
//! options, and every game's result flowing back into the event when the game ends.
//!
//! * [`model`]: the event as stored, and what its procedures do (pure; the tournament
//!   crate pairs, scores and ranks).
//! * [`store`]: the `competitions` table (migration 0010).
//! * [`games`]: a board's server game, and a game's end coming back ([`game_ended`]).
//! * [`request`] and [`view`]: the API's bodies in and out; [`api`]: the routes.
//!
//! # Decisions
//!
//! * **Tokens.** A player's event token *is* his token on every game of his in the event
//!   (each game stores the digest of the player's event token for his side), and the event
//!   arbiter's token is the arbiter token of every game of the event. Nothing in the games
//!   had to change for it.
//! * **Acknowledged means committed.** Every change is written (one statement, committed)
//!   before the answer. A round's games are created (committed) before the event that refers
//!   to them; a crash in between leaves unused games, never an event pointing at nothing.
//! * **Results after a crash.** A game's end is committed with the game; the event learns it
//!   from the room ([`game_ended`]). If the server dies in between, the start-up
//!   ([`restore`]) reads the ending of every game the events still wait for.

pub mod adjourned;
pub mod api;
pub mod arbiters;
pub mod bracket;
pub mod cards;
pub mod follow;
pub mod fouls;
pub mod games;
pub mod groups;
pub mod links;
pub mod log_zh;
pub mod model;
pub mod of_game;
pub mod officials;
pub mod pages;
pub mod playoff;
pub mod refused_zh;
pub mod registration;
pub mod request;
pub mod resumption;
pub mod rounds;
pub mod schedule;
pub mod store;
pub mod team;
pub mod view;

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use tokio::sync::{Mutex, MutexGuard};

use crate::error::ApiError;
use crate::ids::{GameId, TokenHash};
use crate::server::AppState;
use crate::store::StoreError;
use games::outcome_of_ruling;
use model::Competition;
use store::EventStore;

pub use games::{actor_in_event, game_ended, game_fouls};

/// Every competition, in memory and in the database.
#[derive(Debug)]
pub struct Events {
    store: EventStore,
    all: Mutex<HashMap<String, Competition>>,
    /// The digests of every re-issued link of every event (`links.rs`), checked on each
    /// request to a game without waiting for the events' lock.
    revoked: std::sync::Mutex<HashSet<TokenHash>>,
    /// The id of every event committed, for the event pages' WebSockets.
    changes: tokio::sync::broadcast::Sender<String>,
}

fn revoked_of<'a>(all: impl Iterator<Item = &'a Competition>) -> HashSet<TokenHash> {
    all.flat_map(|c| c.revoked.iter())
        .filter_map(|hex| TokenHash::from_hex(hex))
        .collect()
}

impl Events {
    /// Loads every event from the `competitions` table of `store`.
    ///
    /// # Errors
    ///
    /// If the database cannot be read.
    pub async fn open(store: crate::store::Store) -> Result<Events, StoreError> {
        let store = EventStore::new(store);
        let all: HashMap<String, Competition> = store
            .load_all()
            .await?
            .into_iter()
            .map(|c| (c.id.clone(), c))
            .collect();
        Ok(Events {
            store,
            changes: tokio::sync::broadcast::channel(256).0,
            revoked: std::sync::Mutex::new(revoked_of(all.values())),
            all: Mutex::new(all),
        })
    }

    /// Reads every event from the database again (a node of a cluster that starts serving
    /// the competitions: another node may have changed them).
    ///
    /// # Errors
    ///
    /// If the database cannot be read; then nothing changed.
    pub async fn reload(&self) -> Result<(), StoreError> {
        let mut all = self.all.lock().await;
        let fresh = self.store.load_all().await?;
        *all = fresh.into_iter().map(|c| (c.id.clone(), c)).collect();
        *self.revoked.lock().unwrap_or_else(|p| p.into_inner()) = revoked_of(all.values());
        Ok(())
    }

    /// The ids of the events committed from now on (a page's socket listens for its own).
    pub fn subscribe(&self) -> tokio::sync::broadcast::Receiver<String> {
        self.changes.subscribe()
    }

    /// Whether `token` is a link re-issued since (refused everywhere).
    pub fn is_revoked(&self, token: &str) -> bool {
        let revoked = self.revoked.lock().unwrap_or_else(|p| p.into_inner());
        !revoked.is_empty() && revoked.contains(&TokenHash::of(token))
    }

    /// Holds every event while a change is made: changes to events are one at a time.
    pub(crate) async fn lock(&self) -> MutexGuard<'_, HashMap<String, Competition>> {
        self.all.lock().await
    }

    /// Commits `c` and, once it is committed, makes it the event's state.
    pub(crate) async fn commit(
        &self,
        all: &mut HashMap<String, Competition>,
        c: Competition,
    ) -> Result<(), ApiError> {
        self.store.save(&c, c.status() != "finished").await?;
        if !c.revoked.is_empty() {
            let mut revoked = self.revoked.lock().unwrap_or_else(|p| p.into_inner());
            revoked.extend(c.revoked.iter().filter_map(|hex| TokenHash::from_hex(hex)));
        }
        // No page listening is no error.
        let _ = self.changes.send(c.id.clone());
        all.insert(c.id.clone(), c);
        Ok(())
    }

    /// Takes `c` as committed by the node serving the events (`follow.rs`): this node's copy
    /// becomes it, and its pages hear of it if it changed.
    pub async fn follow(&self, c: Competition) {
        let mut all = self.all.lock().await;
        if all.get(&c.id) == Some(&c) {
            return;
        }
        if !c.revoked.is_empty() {
            let mut revoked = self.revoked.lock().unwrap_or_else(|p| p.into_inner());
            revoked.extend(c.revoked.iter().filter_map(|hex| TokenHash::from_hex(hex)));
        }
        let _ = self.changes.send(c.id.clone());
        all.insert(c.id.clone(), c);
    }

    /// [`Events::follow`] for every event in the database.
    ///
    /// # Errors
    ///
    /// If the database cannot be read; then nothing changed.
    pub async fn follow_all(&self) -> Result<(), StoreError> {
        for c in self.store.load_all().await? {
            self.follow(c).await;
        }
        Ok(())
    }

    /// Whether any event page listens on this node.
    pub fn watched(&self) -> bool {
        self.changes.receiver_count() > 0
    }

    /// A copy of event `id`.
    pub async fn get(&self, id: &str) -> Option<Competition> {
        self.all.lock().await.get(id).cloned()
    }

    /// Copies of the events not finished, newest first.
    pub async fn open_events(&self) -> Vec<Competition> {
        let mut v: Vec<Competition> = self
            .all
            .lock()
            .await
            .values()
            .filter(|c| c.status() != "finished")
            .cloned()
            .collect();
        v.sort_by_key(|c| std::cmp::Reverse(c.created_unix_ms));
        v
    }
}

/// After a start: every board still waiting for a result whose game has ended (the server
/// died between the game's end and the event's update) gets it now.
pub async fn restore(app: &Arc<AppState>) {
    let mut all = app.events.lock().await;
    let ids: Vec<String> = all.keys().cloned().collect();
    for id in ids {
        let Some(mut c) = all.get(&id).cloned() else {
            continue;
        };
        let mut changed = false;
        let waiting: Vec<(u32, u32, String)> = c
            .boards
            .iter()
            .filter(|b| c.outcome_of(b).is_none())
            .filter_map(|b| Some((b.round, b.board, b.game.clone()?)))
            .collect();
        for (round, board, game) in waiting {
            let Some(gid) = GameId::parse(&game) else {
                continue;
            };
            let Ok(Some(stored)) = app.store.load(&gid).await else {
                continue;
            };
            let ended = stored.events.iter().find_map(|e| match e {
                xiangqi_game::Event::Ended { ruling, .. } => Some(ruling.clone()),
                _ => None,
            });
            if let Some(outcome) = ended.as_ref().and_then(outcome_of_ruling)
                && c.set_result(round, board, outcome).is_ok()
            {
                changed = true;
            }
            // Fouls committed with the game but not yet counted by the event.
            let fouls = fouls::stored_fouls(&stored.events);
            changed |= c.set_fouls(round, board, fouls).unwrap_or(false);
        }
        if changed && let Err(e) = app.events.commit(&mut all, c).await {
            tracing::error!(event = %id, error = %e, "could not record results found at start");
        }
    }
}
