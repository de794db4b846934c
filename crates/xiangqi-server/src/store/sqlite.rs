//! The SQLite backend: `xq.sqlite3` in the data directory, written by the group-committing
//! writer of the store's `writer` module.
//!
//! # Durability
//!
//! The database runs in WAL mode. A write is acknowledged only after the transaction holding
//! it has committed; with `synchronous=FULL` (the default) SQLite has then `fsync`ed the WAL,
//! so the move survives `kill -9` and power loss alike. `synchronous=NORMAL` (`--synchronous
//! normal`) skips that `fsync`: the commit is in the operating system's cache, which survives
//! the death of the server process (`kill -9`) but not of the machine.
//!
//! One writer task owns the only writing connection for games; it takes every write waiting
//! in its queue (up to [`super::MAX_BATCH`]) into one transaction, so under load one `fsync`
//! covers many moves from many games (group commit) and the cost of durability stays flat.
//!
//! Competitions change a few times a round, so they have a connection of their own (the
//! same file, WAL, the same `synchronous` setting, a busy timeout that waits out the games'
//! writer). A change is one `INSERT … ON CONFLICT` statement: committed, and with
//! `synchronous=FULL` `fsync`ed, before the API answers.

use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use sqlx::sqlite::{
    SqliteConnectOptions, SqliteConnection, SqliteJournalMode, SqlitePool, SqlitePoolOptions,
    SqliteSynchronous,
};
use sqlx::{Connection, Row};
use tokio::sync::Mutex;

use super::base::{CompetitionRow, StoreError, err};
use super::writer::{Batches, Queue, Rows, Write};
use crate::config::Synchronous;
use crate::metrics::Metrics;

/// The SQLite database: a queue to the writer, a pool of readers, the competitions'
/// connection.
#[derive(Clone, Debug)]
pub struct SqliteStore {
    pub(super) queue: Queue,
    read: SqlitePool,
    competitions: Arc<Mutex<SqliteConnection>>,
}

impl SqliteStore {
    /// Opens (creating on first start) `dir/xq.sqlite3`, migrates it and starts the writer,
    /// which records its timings in `metrics`.
    ///
    /// # Errors
    ///
    /// If the directory or database cannot be created or migrated.
    pub async fn open(
        dir: &Path,
        sync: Synchronous,
        metrics: Arc<Metrics>,
    ) -> Result<SqliteStore, StoreError> {
        std::fs::create_dir_all(dir)
            .map_err(|e| StoreError(format!("creating {}: {e}", dir.display())))?;
        let path: PathBuf = dir.join("xq.sqlite3");
        let options = SqliteConnectOptions::from_str("sqlite:")
            .map_err(err("options"))?
            .filename(&path)
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(match sync {
                Synchronous::Full => SqliteSynchronous::Full,
                Synchronous::Normal => SqliteSynchronous::Normal,
            })
            .busy_timeout(Duration::from_secs(10))
            .foreign_keys(true)
            // Checkpoints run beside the writer (see `checkpoints`), not inside its commits.
            .pragma("wal_autocheckpoint", "0");
        let context = format!("opening {}", path.display());
        let mut conn = SqliteConnection::connect_with(&options)
            .await
            .map_err(err(&context))?;
        super::migrations::migrator(super::migrations::SQLITE)
            .await?
            .run(&mut conn)
            .await
            .map_err(|e| StoreError(format!("migrating {}: {e}", path.display())))?;
        let read = SqlitePoolOptions::new()
            .max_connections(4)
            .connect_with(options.clone().read_only(true))
            .await
            .map_err(err("opening readers"))?;
        let finish = Arc::new(AtomicBool::new(false));
        let queue = Queue::start(
            Writer {
                conn,
                finish: finish.clone(),
                metrics: metrics.clone(),
            },
            metrics.clone(),
        );
        let checkpointer = SqliteConnection::connect_with(&options)
            .await
            .map_err(err("opening the checkpointer"))?;
        tokio::spawn(checkpoints(checkpointer, queue.clone(), finish, metrics));
        let competitions = SqliteConnection::connect_with(&options)
            .await
            .map_err(err("opening the competitions"))?;
        Ok(SqliteStore {
            queue,
            read,
            competitions: Arc::new(Mutex::new(competitions)),
        })
    }

    pub(super) async fn save_competition(
        &self,
        row: &CompetitionRow<'_>,
    ) -> Result<(), StoreError> {
        let mut conn = self.competitions.lock().await;
        super::base::save_competition!(&mut *conn, row)?;
        Ok(())
    }

    super::base::reads!(read);
}

/// How often the write-ahead log is copied into the database.
pub const CHECKPOINT_EVERY: Duration = Duration::from_secs(1);

/// Frames (4 KiB pages) the write-ahead log may hold before the writer finishes a checkpoint
/// itself: 32 MiB, about five seconds of writes at 1,000 moves/s.
pub const WAL_FRAMES_LIMIT: i64 = 8192;

/// Keeps the write-ahead log small without making commits wait for a checkpoint.
///
/// Every [`CHECKPOINT_EVERY`], a `PASSIVE` checkpoint on a connection of its own copies the
/// log into the database while the writer goes on committing: that is the bulk of the work
/// (thousands of pages a second at 1,000 moves/s, and an `fsync` of the database file).
///
/// That alone does not bound the log. SQLite starts the log over only when a write begins
/// with every frame of it already copied; under steady load a commit always lands while the
/// checkpoint runs, so the log was never complete and grew without end (50,000 frames,
/// 200 MiB, within half a minute of the load benchmark). So once the log holds more than
/// [`WAL_FRAMES_LIMIT`] frames, the writer is asked to run one more checkpoint between two
/// batches ([`finish_checkpoint`]): it copies only the frames committed meanwhile, and the
/// next write starts the log over. That holds the batches back for a few milliseconds (two
/// `fsync`s), so it is done only every few seconds under heavy load, and never under light
/// load, where the checkpoint beside the writer completes on its own.
async fn checkpoints(
    mut conn: SqliteConnection,
    writer: Queue,
    finish: Arc<AtomicBool>,
    metrics: Arc<Metrics>,
) {
    let mut tick = tokio::time::interval(CHECKPOINT_EVERY);
    loop {
        tick.tick().await;
        if writer.is_closed() {
            break;
        }
        let started = Instant::now();
        match sqlx::query("PRAGMA wal_checkpoint(PASSIVE)")
            .fetch_one(&mut conn)
            .await
        {
            // (busy, frames in the log, frames copied)
            Ok(row) => {
                let frames = row.try_get::<i64, _>(1).unwrap_or(0);
                metrics
                    .wal_frames
                    .record(u64::try_from(frames).unwrap_or(0));
                if frames > WAL_FRAMES_LIMIT {
                    finish.store(true, Ordering::Relaxed);
                }
            }
            Err(e) => tracing::debug!(error = %e, "checkpoint skipped"),
        }
        metrics.checkpoint.record_duration(started.elapsed());
    }
}

/// The writer's share of a checkpoint (see [`checkpoints`]), between two batches.
async fn finish_checkpoint(conn: &mut SqliteConnection, metrics: &Metrics) {
    let started = Instant::now();
    if let Err(e) = sqlx::query("PRAGMA wal_checkpoint(PASSIVE)")
        .execute(&mut *conn)
        .await
    {
        tracing::debug!(error = %e, "checkpoint not finished");
    }
    metrics.checkpoint_finish.record_duration(started.elapsed());
}

/// The games' writing connection.
struct Writer {
    conn: SqliteConnection,
    finish: Arc<AtomicBool>,
    metrics: Arc<Metrics>,
}

impl Batches for Writer {
    async fn commit(&mut self, writes: &[&Write]) -> Result<(), StoreError> {
        commit(&mut self.conn, writes).await
    }

    async fn between(&mut self) {
        if self.finish.swap(false, Ordering::Relaxed) {
            finish_checkpoint(&mut self.conn, &self.metrics).await;
        }
    }
}

/// One batch, one statement list: the writes travel as four JSON arrays (games, events,
/// finished games, heartbeat) unpacked by SQLite's `json_each`, so the text never changes, is
/// prepared once, and the whole transaction is a single trip to SQLite's worker thread.
/// (Each trip is a thread wake-up; on a busy machine a wake-up can wait a millisecond or
/// more for a core, and a statement per write made commits slow exactly when load was high.)
const BATCH_SQL: &str = "\
BEGIN IMMEDIATE;
INSERT INTO games (id, created_unix_ms, red_token_sha256, black_token_sha256,
                   arbiter_token_sha256, red2_token_sha256, black2_token_sha256)
    SELECT value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4, value ->> 5,
           value ->> 6 FROM json_each(?);
INSERT INTO events (game_id, seq, body)
    SELECT value ->> 0, value ->> 1, value ->> 2 FROM json_each(?);
UPDATE games SET finished = 1, result = f.value ->> 1
    FROM json_each(?) AS f WHERE games.id = f.value ->> 0;
INSERT INTO heartbeat (id, unix_ms) SELECT 1, value FROM json_each(?) WHERE true
    ON CONFLICT (id) DO UPDATE SET unix_ms = excluded.unix_ms;
COMMIT;";

async fn commit(conn: &mut SqliteConnection, writes: &[&Write]) -> Result<(), StoreError> {
    let rows = Rows::of(writes);
    let array = |v: Result<String, serde_json::Error>| {
        v.map_err(|e| StoreError(format!("encoding a batch: {e}")))
    };
    let heartbeat: Vec<i64> = rows.heartbeat.into_iter().collect();
    let result = sqlx::query(BATCH_SQL)
        .bind(array(serde_json::to_string(&rows.games))?)
        .bind(array(serde_json::to_string(&rows.events))?)
        .bind(array(serde_json::to_string(&rows.finished))?)
        .bind(array(serde_json::to_string(&heartbeat))?)
        .execute(&mut *conn)
        .await;
    if let Err(e) = result {
        // A statement failed inside the transaction (or the commit itself): nothing of the
        // batch may stay. With no transaction open any more this fails, harmlessly.
        let _ = sqlx::query("ROLLBACK").execute(&mut *conn).await;
        return Err(StoreError(format!("writing a batch: {e}")));
    }
    Ok(())
}
