//! Competitions in the games' database (table `competitions`, migration 0010), through
//! the one storage interface ([`crate::store::Store`]): SQLite or PostgreSQL. A change is
//! one statement, committed before the API answers.

use crate::store::{Store, StoreError};
use xiangqi_competition::Competition;

/// The competitions' side of the store.
#[derive(Debug)]
pub struct EventStore {
    store: Store,
}

impl EventStore {
    /// The competitions of `store` (opened and migrated already).
    pub fn new(store: Store) -> EventStore {
        EventStore { store }
    }

    /// Writes an event whole, `open` unless it is finished; returns once committed.
    ///
    /// # Errors
    ///
    /// If the write fails (then nothing changed).
    pub async fn save(&self, c: &Competition, open: bool) -> Result<(), StoreError> {
        let body = serde_json::to_string(c)
            .map_err(|e| StoreError(format!("encoding a competition: {e}")))?;
        self.store
            .save_competition(&c.id, c.created_unix_ms, open, &body)
            .await
    }

    /// Every event stored.
    ///
    /// # Errors
    ///
    /// If the read fails or a stored event does not parse.
    pub async fn load_all(&self) -> Result<Vec<Competition>, StoreError> {
        self.store
            .competitions()
            .await?
            .iter()
            .map(|(id, body)| {
                serde_json::from_str(body).map_err(|e| StoreError(format!("competition {id}: {e}")))
            })
            .collect()
    }
}
