//! Competitions in the games' SQLite database (table `competitions`, migration 0010).
//!
//! The games' writer batches moves; a competition changes a few times a round, so it has a
//! connection of its own (the same file, WAL, the same `synchronous` setting, a busy
//! timeout that waits out the games' writer). A change is one `INSERT … ON CONFLICT`
//! statement: committed, and with `synchronous=FULL` `fsync`ed, before the API answers.

use std::str::FromStr;
use std::time::Duration;

use sqlx::sqlite::{SqliteConnectOptions, SqliteConnection, SqliteJournalMode, SqliteSynchronous};
use sqlx::{Connection, Row};
use tokio::sync::Mutex;

use super::model::Competition;
use crate::config::{StorageOpt, Synchronous};
use crate::store::StoreError;

/// The competitions' connection.
#[derive(Debug)]
pub struct EventStore {
    conn: Mutex<SqliteConnection>,
}

fn err(context: &'static str) -> impl Fn(sqlx::Error) -> StoreError {
    move |e| StoreError(format!("{context}: {e}"))
}

impl EventStore {
    /// Opens the database the games' [`crate::store::Store`] has created and migrated.
    ///
    /// # Errors
    ///
    /// If it cannot be opened.
    pub async fn open(storage: &StorageOpt) -> Result<EventStore, StoreError> {
        let options = SqliteConnectOptions::from_str("sqlite:")
            .map_err(err("options"))?
            .filename(storage.data.join("xq.sqlite3"))
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(match storage.synchronous {
                Synchronous::Full => SqliteSynchronous::Full,
                Synchronous::Normal => SqliteSynchronous::Normal,
            })
            .busy_timeout(Duration::from_secs(10))
            .pragma("wal_autocheckpoint", "0");
        let conn = SqliteConnection::connect_with(&options)
            .await
            .map_err(err("opening the competitions"))?;
        Ok(EventStore {
            conn: Mutex::new(conn),
        })
    }

    /// Writes an event whole, `open` unless it is finished; returns once committed.
    ///
    /// # Errors
    ///
    /// If the write fails (then nothing changed).
    pub async fn save(&self, c: &Competition, open: bool) -> Result<(), StoreError> {
        let body = serde_json::to_string(c)
            .map_err(|e| StoreError(format!("encoding a competition: {e}")))?;
        let open = i64::from(open);
        let mut conn = self.conn.lock().await;
        sqlx::query(
            "INSERT INTO competitions (id, created_unix_ms, open, body) VALUES (?, ?, ?, ?) \
             ON CONFLICT (id) DO UPDATE SET open = excluded.open, body = excluded.body",
        )
        .bind(&c.id)
        .bind(i64::try_from(c.created_unix_ms).unwrap_or(i64::MAX))
        .bind(open)
        .bind(body)
        .execute(&mut *conn)
        .await
        .map_err(err("writing a competition"))?;
        Ok(())
    }

    /// Every event stored.
    ///
    /// # Errors
    ///
    /// If the read fails or a stored event does not parse.
    pub async fn load_all(&self) -> Result<Vec<Competition>, StoreError> {
        let mut conn = self.conn.lock().await;
        let rows = sqlx::query("SELECT id, body FROM competitions ORDER BY created_unix_ms")
            .fetch_all(&mut *conn)
            .await
            .map_err(err("loading competitions"))?;
        rows.iter()
            .map(|r| {
                serde_json::from_str(r.get::<&str, _>(1))
                    .map_err(|e| StoreError(format!("competition {}: {e}", r.get::<&str, _>(0))))
            })
            .collect()
    }
}
