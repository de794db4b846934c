//! SQLite storage: games and their events, written by one group-committing writer.
//!
//! # Durability
//!
//! The database runs in WAL mode. A write is acknowledged only after the transaction holding
//! it has committed; with `synchronous=FULL` (the default) SQLite has then `fsync`ed the WAL,
//! so the move survives `kill -9` and power loss alike. `synchronous=NORMAL` (`--synchronous
//! normal`) skips that `fsync`: the commit is in the operating system's cache, which survives
//! the death of the server process (`kill -9`) but not of the machine.
//!
//! One writer task owns the only writing connection. It takes every write waiting in its
//! queue (up to [`MAX_BATCH`]) into one transaction, so under load one `fsync` covers many
//! moves from many games (group commit) and the cost of durability stays flat. If a batch
//! fails, each write is retried alone so that one bad write cannot sink the others.

use std::borrow::Cow;
use std::path::{Path, PathBuf};
use std::pin::Pin;
use std::str::FromStr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use sqlx::migrate::{Migration, MigrationSource, MigrationType, Migrator};
use sqlx::sqlite::{
    SqliteConnectOptions, SqliteConnection, SqliteJournalMode, SqlitePool, SqlitePoolOptions,
    SqliteSynchronous,
};
use sqlx::{Connection, Row};
use tokio::sync::{mpsc, oneshot};

use crate::config::Synchronous;
use crate::game::Event;
use crate::ids::{GameId, TokenHash};
use crate::metrics::Metrics;

/// The most writes committed in one transaction.
pub const MAX_BATCH: usize = 512;

/// The migrations, embedded in the binary (numbered SQL files in `migrations/`).
const MIGRATIONS: &[(i64, &str, &str)] = &[
    (
        1,
        "games and events",
        include_str!("../migrations/0001_games.sql"),
    ),
    (
        2,
        "arbiter and partner tokens",
        include_str!("../migrations/0002_arbiter.sql"),
    ),
    (
        10,
        "competitions",
        include_str!("../migrations/0010_events.sql"),
    ),
];

/// A storage failure, with what was being done.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoreError(pub String);

impl std::fmt::Display for StoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "storage: {}", self.0)
    }
}

impl std::error::Error for StoreError {}

impl From<StoreError> for crate::ApiError {
    fn from(e: StoreError) -> crate::ApiError {
        crate::ApiError::Storage(e.0)
    }
}

fn err(context: &str) -> impl Fn(sqlx::Error) -> StoreError + '_ {
    move |e| StoreError(format!("{context}: {e}"))
}

/// A new game's row.
#[derive(Debug, Clone)]
pub struct NewGame {
    /// Its id.
    pub id: GameId,
    /// When it was created, Unix ms.
    pub created_unix_ms: u64,
    /// Red's token digest.
    pub red: TokenHash,
    /// Black's token digest.
    pub black: TokenHash,
    /// The other tokens.
    pub more: MoreTokens,
    /// The `created` event.
    pub created: Event,
}

/// The arbiter's token and, in a pairs game, each side's second player's.
#[derive(Debug, Clone, Default)]
pub struct MoreTokens {
    /// The arbiter's (none for games created before arbiters existed).
    pub arbiter: Option<TokenHash>,
    /// Red's second player.
    pub red2: Option<TokenHash>,
    /// Black's second player.
    pub black2: Option<TokenHash>,
}

/// A game as loaded: tokens and every event in order.
#[derive(Debug, Clone)]
pub struct StoredGame {
    /// Red's token digest.
    pub red: TokenHash,
    /// Black's token digest.
    pub black: TokenHash,
    /// The other tokens.
    pub more: MoreTokens,
    /// All events, `seq` 1 first.
    pub events: Vec<Event>,
}

enum Write {
    Create {
        id: String,
        created: i64,
        red: String,
        black: String,
        more: [Option<String>; 3],
        event: String,
    },
    Append {
        id: String,
        first_seq: i64,
        events: Vec<String>,
        finished: Option<String>,
    },
    Heartbeat(i64),
}

struct Job {
    write: Write,
    queued: Instant,
    reply: oneshot::Sender<Result<(), StoreError>>,
}

/// The database: a queue to the writer, and a pool of readers.
#[derive(Clone, Debug)]
pub struct Store {
    writer: mpsc::Sender<Job>,
    read: SqlitePool,
    metrics: Arc<Metrics>,
}

#[derive(Debug)]
struct Embedded;

impl MigrationSource<'static> for Embedded {
    fn resolve(
        self,
    ) -> Pin<
        Box<
            dyn Future<Output = Result<Vec<Migration>, Box<dyn std::error::Error + Send + Sync>>>
                + Send,
        >,
    > {
        Box::pin(async {
            Ok(MIGRATIONS
                .iter()
                .map(|(version, name, sql)| {
                    Migration::new(
                        *version,
                        Cow::Borrowed(*name),
                        MigrationType::Simple,
                        Cow::Borrowed(*sql),
                        false,
                    )
                })
                .collect())
        })
    }
}

impl Store {
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
    ) -> Result<Store, StoreError> {
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
        let mut conn = SqliteConnection::connect_with(&options)
            .await
            .map_err(err("opening the database"))?;
        let migrator = Migrator::new(Embedded)
            .await
            .map_err(|e| StoreError(format!("migrations: {e}")))?;
        migrator
            .run(&mut conn)
            .await
            .map_err(|e| StoreError(format!("migrating: {e}")))?;
        let read = SqlitePoolOptions::new()
            .max_connections(4)
            .connect_with(options.clone().read_only(true))
            .await
            .map_err(err("opening readers"))?;
        let (tx, rx) = mpsc::channel(4 * MAX_BATCH);
        let finish = Arc::new(AtomicBool::new(false));
        tokio::spawn(writer(conn, rx, finish.clone(), metrics.clone()));
        let checkpointer = SqliteConnection::connect_with(&options)
            .await
            .map_err(err("opening the checkpointer"))?;
        tokio::spawn(checkpoints(
            checkpointer,
            tx.clone(),
            finish,
            metrics.clone(),
        ));
        Ok(Store {
            writer: tx,
            read,
            metrics,
        })
    }

    async fn write(&self, write: Write) -> Result<(), StoreError> {
        let (reply, answer) = oneshot::channel();
        let queued = Instant::now();
        self.writer
            .send(Job {
                write,
                queued,
                reply,
            })
            .await
            .map_err(|_| StoreError("the writer has stopped".into()))?;
        let result = answer
            .await
            .map_err(|_| StoreError("the writer has stopped".into()))?;
        self.metrics.write.record_duration(queued.elapsed());
        result
    }

    /// Stores a new game and its `created` event.
    ///
    /// # Errors
    ///
    /// If the write fails (including an id that exists).
    pub async fn create_game(&self, game: &NewGame) -> Result<(), StoreError> {
        self.write(Write::Create {
            id: game.id.to_string(),
            created: i64::try_from(game.created_unix_ms).unwrap_or(i64::MAX),
            red: game.red.to_hex(),
            black: game.black.to_hex(),
            more: [&game.more.arbiter, &game.more.red2, &game.more.black2]
                .map(|t| t.as_ref().map(TokenHash::to_hex)),
            event: json(&game.created)?,
        })
        .await
    }

    /// Appends events `first_seq`, `first_seq + 1`, … to a game; `finished` with the result
    /// marks the game over. Returns once committed.
    ///
    /// # Errors
    ///
    /// If the write fails (including a `seq` already taken).
    pub async fn append(
        &self,
        id: &GameId,
        first_seq: u64,
        events: &[Event],
        finished: Option<&str>,
    ) -> Result<(), StoreError> {
        let events = events.iter().map(json).collect::<Result<Vec<_>, _>>()?;
        self.write(Write::Append {
            id: id.to_string(),
            first_seq: i64::try_from(first_seq).unwrap_or(i64::MAX),
            events,
            finished: finished.map(str::to_owned),
        })
        .await
    }

    /// Records that the server is alive at `unix_ms`.
    ///
    /// # Errors
    ///
    /// If the write fails.
    pub async fn heartbeat(&self, unix_ms: u64) -> Result<(), StoreError> {
        self.write(Write::Heartbeat(i64::try_from(unix_ms).unwrap_or(i64::MAX)))
            .await
    }

    /// The last heartbeat, if any.
    ///
    /// # Errors
    ///
    /// If the read fails.
    pub async fn last_heartbeat(&self) -> Result<Option<u64>, StoreError> {
        let row = sqlx::query("SELECT unix_ms FROM heartbeat WHERE id = 1")
            .fetch_optional(&self.read)
            .await
            .map_err(err("reading the heartbeat"))?;
        Ok(row.and_then(|r| u64::try_from(r.get::<i64, _>(0)).ok()))
    }

    /// The ids of games not finished.
    ///
    /// # Errors
    ///
    /// If the read fails.
    pub async fn unfinished(&self) -> Result<Vec<GameId>, StoreError> {
        let rows = sqlx::query("SELECT id FROM games WHERE finished = 0")
            .fetch_all(&self.read)
            .await
            .map_err(err("listing games"))?;
        Ok(rows
            .iter()
            .filter_map(|r| GameId::parse(r.get::<&str, _>(0)))
            .collect())
    }

    /// Loads a game, or `None` if there is no such game.
    ///
    /// # Errors
    ///
    /// If the read fails or a stored event does not parse.
    pub async fn load(&self, id: &GameId) -> Result<Option<StoredGame>, StoreError> {
        let Some(row) = sqlx::query(
            "SELECT red_token_sha256, black_token_sha256, arbiter_token_sha256, \
             red2_token_sha256, black2_token_sha256 FROM games WHERE id = ?",
        )
        .bind(id.as_str())
        .fetch_optional(&self.read)
        .await
        .map_err(err("loading a game"))?
        else {
            return Ok(None);
        };
        let digest = |i: usize| {
            TokenHash::from_hex(row.get::<&str, _>(i))
                .ok_or_else(|| StoreError(format!("game {id}: bad token digest")))
        };
        let optional = |i: usize| match row.get::<Option<&str>, _>(i) {
            None => Ok(None),
            Some(_) => digest(i).map(Some),
        };
        let (red, black) = (digest(0)?, digest(1)?);
        let more = MoreTokens {
            arbiter: optional(2)?,
            red2: optional(3)?,
            black2: optional(4)?,
        };
        let rows = sqlx::query("SELECT seq, body FROM events WHERE game_id = ? ORDER BY seq")
            .bind(id.as_str())
            .fetch_all(&self.read)
            .await
            .map_err(err("loading events"))?;
        let mut events = Vec::with_capacity(rows.len());
        for (i, row) in rows.iter().enumerate() {
            let seq: i64 = row.get(0);
            if usize::try_from(seq).ok() != Some(i + 1) {
                return Err(StoreError(format!(
                    "game {id}: event {seq} out of sequence"
                )));
            }
            let event = serde_json::from_str(row.get::<&str, _>(1))
                .map_err(|e| StoreError(format!("game {id}: event {seq}: {e}")))?;
            events.push(event);
        }
        Ok(Some(StoredGame {
            red,
            black,
            more,
            events,
        }))
    }
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
    writer: mpsc::Sender<Job>,
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

fn json(event: &Event) -> Result<String, StoreError> {
    serde_json::to_string(event).map_err(|e| StoreError(format!("encoding an event: {e}")))
}

async fn writer(
    mut conn: SqliteConnection,
    mut rx: mpsc::Receiver<Job>,
    finish: Arc<AtomicBool>,
    metrics: Arc<Metrics>,
) {
    let mut batch = Vec::with_capacity(MAX_BATCH);
    while let Some(job) = rx.recv().await {
        if finish.swap(false, Ordering::Relaxed) {
            finish_checkpoint(&mut conn, &metrics).await;
        }
        batch.push(job);
        while batch.len() < MAX_BATCH {
            match rx.try_recv() {
                Ok(job) => batch.push(job),
                Err(_) => break,
            }
        }
        let started = Instant::now();
        for job in &batch {
            metrics
                .queue_wait
                .record_duration(started.saturating_duration_since(job.queued));
        }
        metrics.batch.record(batch.len() as u64);
        let writes: Vec<&Write> = batch.iter().map(|j| &j.write).collect();
        let committed = commit(&mut conn, &writes).await;
        metrics.commit.record_duration(started.elapsed());
        match committed {
            Ok(()) => {
                for job in batch.drain(..) {
                    let _ = job.reply.send(Ok(()));
                }
            }
            Err(e) if batch.len() == 1 => {
                for job in batch.drain(..) {
                    let _ = job.reply.send(Err(e.clone()));
                }
            }
            Err(_) => {
                for job in batch.drain(..) {
                    let result = commit(&mut conn, &[&job.write]).await;
                    let _ = job.reply.send(result);
                }
            }
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

/// The batch's rows, ready to be bound as JSON arrays.
#[derive(Default)]
struct Rows<'a> {
    #[allow(clippy::type_complexity)]
    games: Vec<(
        &'a str,
        i64,
        &'a str,
        &'a str,
        Option<&'a str>,
        Option<&'a str>,
        Option<&'a str>,
    )>,
    events: Vec<(&'a str, i64, &'a str)>,
    finished: Vec<(&'a str, &'a str)>,
    heartbeat: Option<i64>,
}

impl<'a> Rows<'a> {
    fn of(writes: &[&'a Write]) -> Rows<'a> {
        let mut rows = Rows::default();
        for write in writes {
            match write {
                Write::Create {
                    id,
                    created,
                    red,
                    black,
                    more,
                    event,
                } => {
                    let [a, r2, b2] = more.each_ref().map(|t| t.as_deref());
                    rows.games.push((id, *created, red, black, a, r2, b2));
                    rows.events.push((id, 1, event));
                }
                Write::Append {
                    id,
                    first_seq,
                    events,
                    finished,
                } => {
                    for (i, event) in events.iter().enumerate() {
                        let seq = first_seq.saturating_add(i64::try_from(i).unwrap_or(i64::MAX));
                        rows.events.push((id, seq, event));
                    }
                    if let Some(result) = finished {
                        rows.finished.push((id, result));
                    }
                }
                Write::Heartbeat(ms) => {
                    rows.heartbeat = Some(rows.heartbeat.map_or(*ms, |h| h.max(*ms)));
                }
            }
        }
        rows
    }
}

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

#[cfg(test)]
mod tests {
    use super::*;
    use xiangqi_clock::Side;

    fn created() -> Event {
        Event::Created {
            control: "10m+5s".into(),
            rules: Default::default(),
            fen: xiangqi::Position::start().fen(),
            created_unix_ms: 1000,
            options: Default::default(),
        }
    }

    fn a_move(mv: &str) -> Event {
        Event::Move {
            side: Side::Red,
            mv: mv.into(),
            at_ms: 10,
            lag_ms: 0,
            seat: None,
            by_arbiter: false,
        }
    }

    async fn new_game(store: &Store) -> GameId {
        let id = GameId::random().unwrap();
        let token = crate::ids::Token::random().unwrap().hash();
        store
            .create_game(&NewGame {
                id: id.clone(),
                created_unix_ms: 1000,
                red: token.clone(),
                black: token,
                more: MoreTokens::default(),
                created: created(),
            })
            .await
            .unwrap();
        id
    }

    #[tokio::test]
    async fn one_bad_write_in_a_batch_fails_alone() {
        let dir = tempfile::tempdir().unwrap();
        let metrics = Arc::new(Metrics::default());
        let store = Store::open(dir.path(), Synchronous::Full, metrics.clone())
            .await
            .unwrap();
        let (a, b) = (new_game(&store).await, new_game(&store).await);
        store.append(&a, 2, &[a_move("h2e2")], None).await.unwrap();
        metrics.batch.take();
        // Sent together, so the writer takes them as one batch: a `seq` already taken, a
        // good move that also ends its game, and a heartbeat.
        let (taken, two) = ([a_move("b2e2")], [a_move("h2e2"), a_move("h0g2")]);
        let (bad, good, beat) = tokio::join!(
            store.append(&a, 2, &taken, None),
            store.append(&b, 2, &two, Some("draw")),
            store.heartbeat(5000),
        );
        assert!(bad.is_err(), "seq 2 of game a was taken");
        good.unwrap();
        beat.unwrap();
        assert_eq!(metrics.batch.snapshot().max, 3, "the writes were batched");
        let a_events = store.load(&a).await.unwrap().unwrap().events;
        assert_eq!(a_events, vec![created(), a_move("h2e2")]);
        let b_events = store.load(&b).await.unwrap().unwrap().events;
        assert_eq!(b_events, vec![created(), a_move("h2e2"), a_move("h0g2")]);
        assert_eq!(store.unfinished().await.unwrap(), vec![a]);
        assert_eq!(store.last_heartbeat().await.unwrap(), Some(5000));
    }
}
