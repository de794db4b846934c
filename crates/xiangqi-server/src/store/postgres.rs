//! The PostgreSQL backend (`--database postgres://…`): a pool of connections, and the same
//! group-committing writer as SQLite's (the store's `writer` module): one transaction per batch of
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

use super::base::{COMPETITIONS_CHANNEL, CompetitionRow, GAME_EVENTS_CHANNEL, StoreError, err};
use super::writer::{Batches, Queue, Rows, Write};
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
        row: &CompetitionRow<'_>,
    ) -> Result<(), StoreError> {
        let mut tx = self
            .pool
            .begin()
            .await
            .map_err(err("writing a competition"))?;
        super::base::save_competition!(&mut *tx, row)?;
        sqlx::query("SELECT pg_notify($1, $2)")
            .bind(COMPETITIONS_CHANNEL)
            .bind(row.id)
            .execute(&mut *tx)
            .await
            .map_err(err("notifying a competition"))?;
        tx.commit().await.map_err(err("committing a competition"))
    }

    super::base::reads!(pool);
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

/// A whole batch in one statement, so in one implicit transaction, committed (and with
/// `synchronous_commit=on` flushed) before the server answers: one round trip per batch.
/// Each table's rows are bound as arrays and unpacked by `UNNEST`; every part runs even
/// with no rows, and the text never changes, so it is prepared once. The events come with
/// one notification each, in the order given (`seq` order within a game). A new game's
/// `created` event refers to the game inserted by the same statement: foreign keys are
/// checked at the end of the statement. A game is never created and finished in one batch
/// (its creation is acknowledged before any move).
const BATCH_SQL: &str = "\
WITH new_games AS (
    INSERT INTO games (id, created_unix_ms, red_token_sha256, black_token_sha256,
                       arbiter_token_sha256, red2_token_sha256, black2_token_sha256)
    SELECT * FROM UNNEST($1::text[], $2::int8[], $3::text[], $4::text[], $5::text[],
                         $6::text[], $7::text[])
), stored AS (
    INSERT INTO events (game_id, seq, body)
    SELECT * FROM UNNEST($8::text[], $9::int8[], $10::text[])
), finished AS (
    UPDATE games SET finished = 1, result = f.result
    FROM UNNEST($11::text[], $12::text[]) AS f(id, result) WHERE games.id = f.id
), beat AS (
    INSERT INTO heartbeat (id, unix_ms) SELECT 1, ms FROM UNNEST($13::int8[]) AS h(ms)
    ON CONFLICT (id) DO UPDATE SET unix_ms = excluded.unix_ms
)
SELECT pg_notify($14, t.game_id || ' ' || t.seq)
    FROM UNNEST($8::text[], $9::int8[]) WITH ORDINALITY AS t(game_id, seq, n)
    ORDER BY t.n";

/// One batch, one statement (see [`BATCH_SQL`]); on an error nothing of it stays.
async fn commit(pool: &PgPool, writes: &[&Write]) -> Result<(), StoreError> {
    let rows = Rows::of(writes);
    let (g, e, f) = (&rows.games, &rows.events, &rows.finished);
    sqlx::query(BATCH_SQL)
        .bind(g.iter().map(|g| g.0).collect::<Vec<_>>())
        .bind(g.iter().map(|g| g.1).collect::<Vec<_>>())
        .bind(g.iter().map(|g| g.2).collect::<Vec<_>>())
        .bind(g.iter().map(|g| g.3).collect::<Vec<_>>())
        .bind(g.iter().map(|g| g.4).collect::<Vec<_>>())
        .bind(g.iter().map(|g| g.5).collect::<Vec<_>>())
        .bind(g.iter().map(|g| g.6).collect::<Vec<_>>())
        .bind(e.iter().map(|e| e.0).collect::<Vec<_>>())
        .bind(e.iter().map(|e| e.1).collect::<Vec<_>>())
        .bind(e.iter().map(|e| e.2).collect::<Vec<_>>())
        .bind(f.iter().map(|f| f.0).collect::<Vec<_>>())
        .bind(f.iter().map(|f| f.1).collect::<Vec<_>>())
        .bind(rows.heartbeat.into_iter().collect::<Vec<i64>>())
        .bind(GAME_EVENTS_CHANNEL)
        .execute(pool)
        .await
        .map_err(err("committing a batch"))?;
    Ok(())
}
