//! Storage: games, their events, tokens, the heartbeat and the competitions, in SQLite (the
//! default, a file in `--data`) or PostgreSQL (`--database postgres://…`).
//!
//! # One interface, two backends
//!
//! [`Store`] is an enum of the two backends, [`sqlite::SqliteStore`] and
//! [`postgres::PgStore`], and every method matches on it. An enum rather than a trait
//! object: there are exactly two backends, both compiled in, chosen once at start; the
//! methods are `async`, which a `dyn` trait can only offer through boxed futures; and the
//! cluster code needs what only PostgreSQL has ([`Store::postgres_pool`]), which an enum
//! gives without a downcast.
//!
//! # Durability and group commit (both backends)
//!
//! A write is acknowledged only after the transaction holding it has committed. One writer
//! task per store takes every write waiting in its queue (up to [`MAX_BATCH`]) into one
//! transaction, so under load one commit (one `fsync`) covers many moves from many games. If
//! a batch fails, each of its writes is retried alone so that one bad write cannot sink the
//! others. SQLite: see [`sqlite`] (`synchronous=FULL` by default). PostgreSQL: every
//! connection runs with `synchronous_commit=on` whatever the server's default, so a
//! commit has returned only once its WAL record is flushed on the server (and on the
//! synchronous standbys, if the server has any).
//!
//! # Migrations
//!
//! The same mechanism for both: numbered SQL files embedded in the binary and applied by
//! sqlx's migrator, which records them in `_sqlx_migrations`; a second start applies
//! nothing. `migrations/*.sql` are SQLite's; `migrations/postgres/` holds PostgreSQL's, with
//! the same numbers and names. A migration written in the SQL both accept (0002) is one file
//! used by both.
//!
//! # Notifications (PostgreSQL only)
//!
//! Inside the transaction that commits them, for the nodes of a cluster to follow
//! (PostgreSQL delivers a notification at commit, in commit order, and those of one
//! transaction in the order they were sent):
//!
//! | channel            | payload            | when                                |
//! |--------------------|--------------------|-------------------------------------|
//! | [`GAME_EVENTS_CHANNEL`] `xq_game_events` | `<game_id> <seq>` | each event stored (the `created` event is seq 1) |
//! | [`COMPETITIONS_CHANNEL`] `xq_competitions` | `<competition id>` | each save of a competition |
//!
//! A follower reads what it missed with [`Store::events_since`].

mod base;
pub mod copy;
mod migrations;
pub mod postgres;
pub mod sqlite;
pub mod testing;
mod writer;

use std::sync::Arc;

use crate::config::{DatabaseUrl, StorageOpt};
use crate::ids::{GameId, TokenHash};
use crate::metrics::Metrics;
use xiangqi_game::Event;

pub use base::{COMPETITIONS_CHANNEL, GAME_EVENTS_CHANNEL, StoreError};
pub use writer::MAX_BATCH;
use writer::{Queue, Write};

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

/// The database, in one of its two backends.
#[derive(Clone, Debug)]
pub enum Store {
    /// `xq.sqlite3` in the data directory.
    Sqlite(sqlite::SqliteStore),
    /// A PostgreSQL database.
    Postgres(postgres::PgStore),
}

impl Store {
    /// Opens the store `storage` names: PostgreSQL if `--database` is given, else SQLite in
    /// `--data`; migrates it and starts its writer, which records timings in `metrics`.
    ///
    /// # Errors
    ///
    /// If the database cannot be reached, created or migrated; a URL is named without its
    /// password.
    pub async fn open(storage: &StorageOpt, metrics: Arc<Metrics>) -> Result<Store, StoreError> {
        match storage.postgres() {
            Some(url) => Store::open_postgres(url, metrics).await,
            None => sqlite::SqliteStore::open(&storage.data, storage.synchronous, metrics)
                .await
                .map(Store::Sqlite),
        }
    }

    /// Opens (and migrates) the PostgreSQL database at `url`.
    ///
    /// # Errors
    ///
    /// If the URL does not parse or the server cannot be reached or migrated.
    pub async fn open_postgres(
        url: &DatabaseUrl,
        metrics: Arc<Metrics>,
    ) -> Result<Store, StoreError> {
        postgres::PgStore::open(url, metrics)
            .await
            .map(Store::Postgres)
    }

    fn queue(&self) -> &Queue {
        match self {
            Store::Sqlite(s) => &s.queue,
            Store::Postgres(s) => &s.queue,
        }
    }

    /// The PostgreSQL pool, for what only PostgreSQL offers (leases, `LISTEN`); `None` on
    /// SQLite.
    pub fn postgres_pool(&self) -> Option<&sqlx::PgPool> {
        match self {
            Store::Sqlite(_) => None,
            Store::Postgres(s) => Some(&s.pool),
        }
    }

    /// Which backend: `"sqlite"` or `"postgres"`.
    pub fn backend(&self) -> &'static str {
        match self {
            Store::Sqlite(_) => "sqlite",
            Store::Postgres(_) => "postgres",
        }
    }

    /// Stores a new game and its `created` event (seq 1).
    ///
    /// # Errors
    ///
    /// If the write fails (including an id that exists).
    pub async fn create_game(&self, game: &NewGame) -> Result<(), StoreError> {
        self.queue()
            .write(Write::Create {
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
        self.queue()
            .write(Write::Append {
                id: id.to_string(),
                first_seq: i64::try_from(first_seq).unwrap_or(i64::MAX),
                events,
                finished: finished.map(str::to_owned),
            })
            .await
    }

    /// Records that the server is alive at `unix_ms` (the latest of all heartbeats is kept).
    ///
    /// # Errors
    ///
    /// If the write fails.
    pub async fn heartbeat(&self, unix_ms: u64) -> Result<(), StoreError> {
        self.queue()
            .write(Write::Heartbeat(i64::try_from(unix_ms).unwrap_or(i64::MAX)))
            .await
    }

    /// The last heartbeat, if any.
    ///
    /// # Errors
    ///
    /// If the read fails.
    pub async fn last_heartbeat(&self) -> Result<Option<u64>, StoreError> {
        let ms = match self {
            Store::Sqlite(s) => s.last_heartbeat().await?,
            Store::Postgres(s) => s.last_heartbeat().await?,
        };
        Ok(ms.and_then(|ms| u64::try_from(ms).ok()))
    }

    /// The ids of games not finished.
    ///
    /// # Errors
    ///
    /// If the read fails.
    pub async fn unfinished(&self) -> Result<Vec<GameId>, StoreError> {
        let ids = match self {
            Store::Sqlite(s) => s.unfinished().await?,
            Store::Postgres(s) => s.unfinished().await?,
        };
        Ok(ids.iter().filter_map(|id| GameId::parse(id)).collect())
    }

    /// Loads a game, or `None` if there is no such game.
    ///
    /// # Errors
    ///
    /// If the read fails or a stored event does not parse.
    pub async fn load(&self, id: &GameId) -> Result<Option<StoredGame>, StoreError> {
        let tokens = match self {
            Store::Sqlite(s) => s.tokens(id.as_str()).await?,
            Store::Postgres(s) => s.tokens(id.as_str()).await?,
        };
        let Some(tokens) = tokens else {
            return Ok(None);
        };
        let digest = |t: &str| {
            TokenHash::from_hex(t).ok_or_else(|| StoreError(format!("game {id}: bad token digest")))
        };
        let optional = |t: &Option<String>| t.as_deref().map(digest).transpose();
        let [red, black, arbiter, red2, black2] = &tokens;
        let (Some(red), Some(black)) = (red, black) else {
            return Err(StoreError(format!(
                "game {id}: a player's token is missing"
            )));
        };
        Ok(Some(StoredGame {
            red: digest(red)?,
            black: digest(black)?,
            more: MoreTokens {
                arbiter: optional(arbiter)?,
                red2: optional(red2)?,
                black2: optional(black2)?,
            },
            events: self.events_since(id, 0).await?,
        }))
    }

    /// The events of game `id` after `seq`: `seq + 1`, `seq + 2`, … to the last committed
    /// (empty if there are none, or no such game).
    ///
    /// # Errors
    ///
    /// If the read fails, a stored event does not parse, or the events are not in sequence.
    pub async fn events_since(&self, id: &GameId, seq: u64) -> Result<Vec<Event>, StoreError> {
        let after = i64::try_from(seq).unwrap_or(i64::MAX);
        let rows = match self {
            Store::Sqlite(s) => s.events_after(id.as_str(), after).await?,
            Store::Postgres(s) => s.events_after(id.as_str(), after).await?,
        };
        let mut events = Vec::with_capacity(rows.len());
        for (i, (seq, body)) in rows.iter().enumerate() {
            let expected = after.saturating_add(1 + i64::try_from(i).unwrap_or(i64::MAX));
            if *seq != expected {
                return Err(StoreError(format!(
                    "game {id}: event {seq} out of sequence (expected {expected})"
                )));
            }
            let event = serde_json::from_str(body)
                .map_err(|e| StoreError(format!("game {id}: event {seq}: {e}")))?;
            events.push(event);
        }
        Ok(events)
    }

    /// Writes competition `id` whole (`body` is its JSON), `open` unless it is finished;
    /// returns once committed. On PostgreSQL the same transaction notifies
    /// [`COMPETITIONS_CHANNEL`].
    ///
    /// # Errors
    ///
    /// If the write fails (then nothing changed).
    pub async fn save_competition(
        &self,
        id: &str,
        created_unix_ms: u64,
        open: bool,
        body: &str,
    ) -> Result<(), StoreError> {
        let row = base::CompetitionRow {
            id,
            created: i64::try_from(created_unix_ms).unwrap_or(i64::MAX),
            open,
            body,
        };
        match self {
            Store::Sqlite(s) => s.save_competition(&row).await,
            Store::Postgres(s) => s.save_competition(&row).await,
        }
    }

    /// Every competition stored, `(id, JSON body)`, oldest first.
    ///
    /// # Errors
    ///
    /// If the read fails.
    pub async fn competitions(&self) -> Result<Vec<(String, String)>, StoreError> {
        match self {
            Store::Sqlite(s) => s.competitions().await,
            Store::Postgres(s) => s.competitions().await,
        }
    }
}

fn json(event: &Event) -> Result<String, StoreError> {
    serde_json::to_string(event).map_err(|e| StoreError(format!("encoding an event: {e}")))
}
