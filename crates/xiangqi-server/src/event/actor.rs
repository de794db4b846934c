//! One task per competition, as there is one room per game: the task owns the event's state
//! and runs every change to it one at a time, each to its end (the games it creates, its
//! commit) before the next begins. A change is a closure sent to the task with a channel for
//! its answer ([`Handle::run`]); readers take the last committed state without waiting
//! ([`Handle::state`]), as the old single lock's copies were.

use std::collections::HashSet;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use tokio::sync::{broadcast, mpsc, oneshot, watch};
use xiangqi_competition::Competition;

use super::store::EventStore;
use crate::error::ApiError;
use crate::ids::TokenHash;

/// What every competition's task shares: the table, the re-issued links and the pages'
/// channel of changes.
#[derive(Debug)]
pub(crate) struct Shared {
    pub(crate) store: EventStore,
    /// The digests of every re-issued link of every event (`links.rs`), checked on each
    /// request to a game without asking any competition.
    pub(crate) revoked: std::sync::Mutex<HashSet<TokenHash>>,
    /// The id of every event committed, for the event pages' WebSockets.
    pub(crate) changes: broadcast::Sender<String>,
    /// How many changes are running now, over every competition.
    pub(crate) running: AtomicUsize,
}

impl Shared {
    /// Writes `c` (one statement, committed) and adds its re-issued links to the refused.
    pub(crate) async fn save(&self, c: &Competition) -> Result<(), ApiError> {
        self.store.save(c, c.status() != "finished").await?;
        self.revoke(c);
        Ok(())
    }

    /// Adds the re-issued links of `c` to the refused.
    pub(crate) fn revoke(&self, c: &Competition) {
        if !c.revoked.is_empty() {
            let mut revoked = self.revoked.lock().unwrap_or_else(|p| p.into_inner());
            revoked.extend(c.revoked.iter().filter_map(|hex| TokenHash::from_hex(hex)));
        }
    }

    /// Tells the pages that event `id` changed. No page listening is no error.
    pub(crate) fn announce(&self, id: &str) {
        let _ = self.changes.send(id.to_owned());
    }
}

/// What a change runs with: the event's committed state, and the way to commit the next.
#[derive(Debug)]
pub struct Desk {
    shared: Arc<Shared>,
    state: watch::Sender<Arc<Competition>>,
}

impl Desk {
    /// A copy of the event as last committed, to change and commit.
    pub fn copy(&self) -> Competition {
        Competition::clone(&self.state.borrow())
    }

    /// Commits `c` and, once it is committed, makes it the event's state; then the pages
    /// hear of it (so that a page reading on the news reads the new state).
    ///
    /// # Errors
    ///
    /// If the write fails; then nothing changed.
    pub async fn commit(&self, c: Competition) -> Result<(), ApiError> {
        self.shared.save(&c).await?;
        let id = c.id.clone();
        self.state.send_replace(Arc::new(c));
        self.shared.announce(&id);
        Ok(())
    }

    /// Whether `c` is the event's state now.
    pub(crate) fn holds(&self, c: &Competition) -> bool {
        **self.state.borrow() == *c
    }

    /// Takes `c` as the event's state without writing it (read again from the database).
    pub(crate) fn replace(&self, c: Competition) {
        self.state.send_replace(Arc::new(c));
    }
}

type Job = Box<dyn FnOnce(Arc<Desk>) -> Pin<Box<dyn Future<Output = ()> + Send>> + Send>;

/// The way to one competition's task.
#[derive(Debug, Clone)]
pub struct Handle {
    jobs: mpsc::UnboundedSender<Job>,
    state: watch::Receiver<Arc<Competition>>,
}

impl Handle {
    /// Starts the task of competition `c`; it ends when its last handle is dropped.
    pub(crate) fn spawn(shared: Arc<Shared>, c: Competition) -> Handle {
        let (state_tx, state) = watch::channel(Arc::new(c));
        let (jobs, mut queue) = mpsc::unbounded_channel::<Job>();
        let desk = Arc::new(Desk {
            shared,
            state: state_tx,
        });
        tokio::spawn(async move {
            while let Some(job) = queue.recv().await {
                desk.shared.running.fetch_add(1, Ordering::SeqCst);
                // Each change on a task of its own: one that panics fails alone, and the
                // competition goes on with its last committed state.
                let done = tokio::spawn(job(desk.clone())).await;
                desk.shared.running.fetch_sub(1, Ordering::SeqCst);
                if let Err(e) = done {
                    tracing::error!(error = %e, "a change to a competition failed");
                }
            }
        });
        Handle { jobs, state }
    }

    /// The event as last committed.
    pub fn state(&self) -> Arc<Competition> {
        self.state.borrow().clone()
    }

    /// Runs `change` on the competition's task, after every change sent before it, and
    /// answers what it answers.
    ///
    /// # Errors
    ///
    /// What `change` answers; [`ApiError::Unavailable`] if the task is gone (the server is
    /// stopping) or the change panicked.
    pub async fn run<T, F, Fut>(&self, change: F) -> Result<T, ApiError>
    where
        F: FnOnce(Arc<Desk>) -> Fut + Send + 'static,
        Fut: Future<Output = Result<T, ApiError>> + Send + 'static,
        T: Send + 'static,
    {
        let (answer, answered) = oneshot::channel();
        let job: Job = Box::new(move |desk| {
            Box::pin(async move {
                let _ = answer.send(change(desk).await);
            })
        });
        self.jobs.send(job).map_err(|_| ApiError::Unavailable)?;
        answered.await.map_err(|_| ApiError::Unavailable)?
    }
}
