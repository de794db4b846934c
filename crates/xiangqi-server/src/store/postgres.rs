//! The PostgreSQL backend (`--database postgres://…`): a pool of connections, and the same
//! group-committing writer as SQLite's ([`super::writer`]): one transaction per batch of
//! waiting writes, each write acknowledged only once that transaction has committed.
//!
//! Every connection is opened with `synchronous_commit=on`, whatever the server's default:
//! a `COMMIT` has then returned only once the server has flushed its WAL record, so an
//! acknowledged move survives a crash of the database server too. The batch's transaction
//! also sends a notification per event stored (see [the module](super) for channels and
//! payloads); PostgreSQL delivers them at commit, never for a batch rolled back.

use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

use sqlx::Connection;
use sqlx::postgres::{PgConnectOptions, PgConnection, PgPool, PgPoolOptions};

use super::writer::{Batches, Queue, Rows, Write};
use super::{COMPETITIONS_CHANNEL, GAME_EVENTS_CHANNEL, StoreError, err};
use crate::config::DatabaseUrl;
use crate::metrics::Metrics;

/// Connections in the pool: the writer's, the readers', the cluster's listeners.
pub const MAX_CONNECTIONS: u32 = 16;

/// How long opening a connection may take before the server gives up.
pub const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);

/// The PostgreSQL database: a queue to the writer and a pool.
#[derive(Clone, Debug)]
pub struct PgStore {
    pub(super) queue: Queue,
    pub(super) pool: PgPool,
}

/// The connection options of `url`, with `synchronous_commit=on`.
///
/// # Errors
///
/// If the URL does not parse; the error names it without its password.
pub fn options(url: &DatabaseUrl) -> Result<PgConnectOptions, StoreError> {
    let bad = |why: &dyn std::fmt::Display| {
        StoreError(format!(
            "--database {url}: not a PostgreSQL URL (postgres://user:password@host:port/database): {why}"
        ))
    };
    let secret = url.secret();
    if !(secret.starts_with("postgres://") || secret.starts_with("postgresql://")) {
        return Err(bad(&"it must start with postgres:// or postgresql://"));
    }
    let options = PgConnectOptions::from_str(secret).map_err(|e| bad(&e))?;
    Ok(options.options([("synchronous_commit", "on")]))
}

/// A pool on `url`, one connection opened to check that the server answers.
///
/// # Errors
///
/// If the URL does not parse or the server cannot be reached; the error names the URL
/// without its password.
pub async fn connect(url: &DatabaseUrl, max: u32) -> Result<PgPool, StoreError> {
    let options = options(url)?;
    let failed = |why: &dyn std::fmt::Display| {
        StoreError(format!("connecting to PostgreSQL at {url}: {why}"))
    };
    // One connection first, to report why it failed (the pool would only say it timed out).
    match tokio::time::timeout(CONNECT_TIMEOUT, PgConnection::connect_with(&options)).await {
        Err(_) => {
            return Err(failed(&format_args!(
                "no answer within {CONNECT_TIMEOUT:?}"
            )));
        }
        Ok(Err(e)) => return Err(failed(&e)),
        Ok(Ok(conn)) => {
            let _ = conn.close().await;
        }
    }
    PgPoolOptions::new()
        .max_connections(max)
        .acquire_timeout(CONNECT_TIMEOUT)
        .connect_with(options)
        .await
        .map_err(|e| failed(&e))
}

impl PgStore {
    /// Connects to `url`, migrates the database and starts the writer, which records its
    /// timings in `metrics`.
    ///
    /// # Errors
    ///
    /// If the URL does not parse, the server cannot be reached or the migrations fail.
    pub async fn open(url: &DatabaseUrl, metrics: Arc<Metrics>) -> Result<PgStore, StoreError> {
        let pool = connect(url, MAX_CONNECTIONS).await?;
        // sqlx's migrator holds an advisory lock meanwhile: nodes starting together migrate
        // one after the other, and the second finds nothing to do.
        super::migrations::migrator(super::migrations::POSTGRES)
            .await?
            .run(&pool)
            .await
            .map_err(|e| StoreError(format!("migrating {url}: {e}")))?;
        let queue = Queue::start(Writer { pool: pool.clone() }, metrics);
        Ok(PgStore { queue, pool })
    }

    pub(super) async fn save_competition(
        &self,
        id: &str,
        created: i64,
        open: bool,
        body: &str,
    ) -> Result<(), StoreError> {
        let mut tx = self
            .pool
            .begin()
            .await
            .map_err(err("writing a competition"))?;
        sqlx::query(super::SAVE_COMPETITION)
            .bind(id)
            .bind(created)
            .bind(i32::from(open))
            .bind(body)
            .execute(&mut *tx)
            .await
            .map_err(err("writing a competition"))?;
        sqlx::query("SELECT pg_notify($1, $2)")
            .bind(COMPETITIONS_CHANNEL)
            .bind(id)
            .execute(&mut *tx)
            .await
            .map_err(err("notifying a competition"))?;
        tx.commit().await.map_err(err("committing a competition"))
    }

    super::reads!(pool);
}

/// The writer: each batch on a connection from the pool, so that a connection the server
/// dropped (a restart of PostgreSQL) is replaced rather than failing every later batch.
struct Writer {
    pool: PgPool,
}

impl Batches for Writer {
    async fn commit(&mut self, writes: &[&Write]) -> Result<(), StoreError> {
        commit(&self.pool, writes).await
    }
}

/// The events, with one notification each, in the order given (which is `seq` order
/// within a game): one statement, the rows and the notifications from the same arrays.
const EVENTS_SQL: &str = "\
WITH stored AS (
    INSERT INTO events (game_id, seq, body)
    SELECT * FROM UNNEST($1::text[], $2::int8[], $3::text[])
)
SELECT pg_notify($4, t.game_id || ' ' || t.seq)
    FROM UNNEST($1::text[], $2::int8[]) WITH ORDINALITY AS t(game_id, seq, n)
    ORDER BY t.n";

/// One batch in one transaction: each table's rows bound as arrays and unpacked by
/// `UNNEST`, so a batch of any size is at most four statements besides `BEGIN` and
/// `COMMIT`, each prepared once.
async fn commit(pool: &PgPool, writes: &[&Write]) -> Result<(), StoreError> {
    let rows = Rows::of(writes);
    let mut tx = pool.begin().await.map_err(err("beginning a batch"))?;
    if !rows.games.is_empty() {
        let g = &rows.games;
        sqlx::query(
            "INSERT INTO games (id, created_unix_ms, red_token_sha256, black_token_sha256, \
             arbiter_token_sha256, red2_token_sha256, black2_token_sha256) \
             SELECT * FROM UNNEST($1::text[], $2::int8[], $3::text[], $4::text[], $5::text[], \
             $6::text[], $7::text[])",
        )
        .bind(g.iter().map(|g| g.0).collect::<Vec<_>>())
        .bind(g.iter().map(|g| g.1).collect::<Vec<_>>())
        .bind(g.iter().map(|g| g.2).collect::<Vec<_>>())
        .bind(g.iter().map(|g| g.3).collect::<Vec<_>>())
        .bind(g.iter().map(|g| g.4).collect::<Vec<_>>())
        .bind(g.iter().map(|g| g.5).collect::<Vec<_>>())
        .bind(g.iter().map(|g| g.6).collect::<Vec<_>>())
        .execute(&mut *tx)
        .await
        .map_err(err("storing new games"))?;
    }
    if !rows.events.is_empty() {
        sqlx::query(EVENTS_SQL)
            .bind(rows.events.iter().map(|e| e.0).collect::<Vec<_>>())
            .bind(rows.events.iter().map(|e| e.1).collect::<Vec<_>>())
            .bind(rows.events.iter().map(|e| e.2).collect::<Vec<_>>())
            .bind(GAME_EVENTS_CHANNEL)
            .execute(&mut *tx)
            .await
            .map_err(err("storing events"))?;
    }
    if !rows.finished.is_empty() {
        sqlx::query(
            "UPDATE games SET finished = 1, result = f.result \
             FROM UNNEST($1::text[], $2::text[]) AS f(id, result) WHERE games.id = f.id",
        )
        .bind(rows.finished.iter().map(|f| f.0).collect::<Vec<_>>())
        .bind(rows.finished.iter().map(|f| f.1).collect::<Vec<_>>())
        .execute(&mut *tx)
        .await
        .map_err(err("marking games finished"))?;
    }
    if let Some(ms) = rows.heartbeat {
        sqlx::query(
            "INSERT INTO heartbeat (id, unix_ms) VALUES (1, $1) \
             ON CONFLICT (id) DO UPDATE SET unix_ms = excluded.unix_ms",
        )
        .bind(ms)
        .execute(&mut *tx)
        .await
        .map_err(err("storing the heartbeat"))?;
    }
    // Dropping `tx` on an error above rolls the batch back.
    tx.commit().await.map_err(err("committing a batch"))
}
