//! The two ends of a copy: a database opened for it and its transactions, with the SQL
//! each step runs on either backend.

use std::time::Duration;

use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{Pool, Postgres, Sqlite, Transaction};

use super::types::{Counts, Location, PAGE};
use crate::store::base::{StoreError, err};
use crate::store::migrations;

const COUNTS: &str = "SELECT (SELECT count(*) FROM games), \
     (SELECT count(*) FROM games WHERE finished <> 0), (SELECT count(*) FROM events), \
     (SELECT count(red_token_sha256) + count(black_token_sha256) + count(arbiter_token_sha256) \
      + count(red2_token_sha256) + count(black2_token_sha256) FROM games), \
     (SELECT count(*) FROM competitions), (SELECT count(*) FROM heartbeat)";

type GameRow = (
    String,
    i64,
    String,
    String,
    Option<String>,
    Option<String>,
    Option<String>,
    i32,
    Option<String>,
);

const GAMES: &str = "SELECT id, created_unix_ms, red_token_sha256, black_token_sha256, \
     arbiter_token_sha256, red2_token_sha256, black2_token_sha256, finished, result \
     FROM games WHERE id > $1 ORDER BY id LIMIT $2";
const INSERT_GAME: &str = "INSERT INTO games (id, created_unix_ms, red_token_sha256, \
     black_token_sha256, arbiter_token_sha256, red2_token_sha256, black2_token_sha256, \
     finished, result) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)";

type EventRow = (String, i64, String);

const EVENTS: &str = "SELECT game_id, seq, body FROM events \
     WHERE game_id >= $1 AND game_id <= $2 ORDER BY game_id, seq";
const INSERT_EVENT: &str = "INSERT INTO events (game_id, seq, body) VALUES ($1, $2, $3)";

type CompetitionRow = (String, i64, i32, String);

const COMPETITIONS: &str = "SELECT id, created_unix_ms, open, body FROM competitions ORDER BY id";
const INSERT_COMPETITION: &str =
    "INSERT INTO competitions (id, created_unix_ms, open, body) VALUES ($1, $2, $3, $4)";

const HEARTBEAT: &str = "SELECT unix_ms FROM heartbeat WHERE id = 1";
const INSERT_HEARTBEAT: &str = "INSERT INTO heartbeat (id, unix_ms) VALUES (1, $1)";

const EMPTY: [&str; 4] = [
    "DELETE FROM events",
    "DELETE FROM games",
    "DELETE FROM competitions",
    "DELETE FROM heartbeat",
];

/// An open, migrated database of either backend.
pub(super) enum Db {
    Sqlite(Pool<Sqlite>),
    Postgres(Pool<Postgres>),
}

/// A transaction of either backend.
pub(super) enum Tx {
    Sqlite(Transaction<'static, Sqlite>),
    Postgres(Transaction<'static, Postgres>),
}

/// The same code on either backend: the SQL text is shared (SQLite reads `$1` too).
macro_rules! each {
    ($value:expr, $inner:ident => $body:expr) => {
        match $value {
            Db::Sqlite($inner) => $body,
            Db::Postgres($inner) => $body,
        }
    };
    (tx $value:expr, $inner:ident => $body:expr) => {
        match $value {
            Tx::Sqlite($inner) => $body,
            Tx::Postgres($inner) => $body,
        }
    };
}

impl Db {
    /// Opens and migrates `at`; a SQLite source must exist already.
    pub(super) async fn open(at: &Location, create: bool) -> Result<Db, StoreError> {
        let db = match at {
            Location::Sqlite(dir) => {
                let path = dir.join("xq.sqlite3");
                if !create && !path.exists() {
                    return Err(StoreError(format!("{}: no such database", path.display())));
                }
                if create {
                    std::fs::create_dir_all(dir)
                        .map_err(|e| StoreError(format!("creating {}: {e}", dir.display())))?;
                }
                let options = SqliteConnectOptions::new()
                    .filename(&path)
                    .create_if_missing(create)
                    .journal_mode(SqliteJournalMode::Wal)
                    .synchronous(SqliteSynchronous::Full)
                    .busy_timeout(Duration::from_secs(10))
                    .foreign_keys(true);
                let pool = SqlitePoolOptions::new()
                    .max_connections(1)
                    .connect_with(options)
                    .await
                    .map_err(|e| StoreError(format!("opening {}: {e}", path.display())))?;
                let migrator = migrations::migrator(migrations::SQLITE).await?;
                migrator
                    .run(&pool)
                    .await
                    .map_err(|e| StoreError(format!("migrating {}: {e}", path.display())))?;
                Db::Sqlite(pool)
            }
            Location::Postgres(url) => {
                let pool = crate::store::postgres::connect(url, 2).await?;
                let migrator = migrations::migrator(migrations::POSTGRES).await?;
                migrator
                    .run(&pool)
                    .await
                    .map_err(|e| StoreError(format!("migrating {url}: {e}")))?;
                Db::Postgres(pool)
            }
        };
        Ok(db)
    }

    pub(super) async fn begin(&self) -> Result<Tx, StoreError> {
        Ok(match self {
            Db::Sqlite(pool) => Tx::Sqlite(pool.begin().await.map_err(err("beginning"))?),
            Db::Postgres(pool) => Tx::Postgres(pool.begin().await.map_err(err("beginning"))?),
        })
    }

    /// A read-only snapshot: every read of the copy sees the same instant.
    pub(super) async fn snapshot(&self) -> Result<Tx, StoreError> {
        let mut tx = self.begin().await?;
        if let Tx::Postgres(tx) = &mut tx {
            sqlx::query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY")
                .execute(&mut **tx)
                .await
                .map_err(err("starting a snapshot"))?;
        }
        Ok(tx)
    }
}

impl Tx {
    pub(super) async fn counts(&mut self) -> Result<Counts, StoreError> {
        let (games, finished, events, tokens, competitions, heartbeat) = each!(tx self, tx => {
            sqlx::query_as(COUNTS).fetch_one(&mut **tx).await.map_err(err("counting"))?
        });
        Ok(Counts {
            games,
            finished,
            events,
            tokens,
            competitions,
            heartbeat,
        })
    }

    pub(super) async fn games_after(&mut self, after: &str) -> Result<Vec<GameRow>, StoreError> {
        each!(tx self, tx => sqlx::query_as(GAMES).bind(after).bind(PAGE).fetch_all(&mut **tx).await)
            .map_err(err("reading games"))
    }

    pub(super) async fn events_of(
        &mut self,
        first: &str,
        last: &str,
    ) -> Result<Vec<EventRow>, StoreError> {
        each!(tx self, tx => sqlx::query_as(EVENTS).bind(first).bind(last).fetch_all(&mut **tx).await)
            .map_err(err("reading events"))
    }

    pub(super) async fn competitions(&mut self) -> Result<Vec<CompetitionRow>, StoreError> {
        each!(tx self, tx => sqlx::query_as(COMPETITIONS).fetch_all(&mut **tx).await)
            .map_err(err("reading competitions"))
    }

    pub(super) async fn heartbeat(&mut self) -> Result<Option<i64>, StoreError> {
        each!(tx self, tx => sqlx::query_scalar(HEARTBEAT).fetch_optional(&mut **tx).await)
            .map_err(err("reading the heartbeat"))
    }

    pub(super) async fn empty(&mut self) -> Result<(), StoreError> {
        for sql in EMPTY {
            each!(tx self, tx => sqlx::query(sql).execute(&mut **tx).await.map(|_| ()))
                .map_err(err("emptying the destination"))?;
        }
        Ok(())
    }

    pub(super) async fn insert_games(
        &mut self,
        games: &[GameRow],
        events: &[EventRow],
    ) -> Result<(), StoreError> {
        if let Tx::Postgres(tx) = self {
            return insert_postgres(tx, games, events).await;
        }
        for g in games {
            each!(tx self, tx => sqlx::query(INSERT_GAME)
                .bind(&g.0).bind(g.1).bind(&g.2).bind(&g.3).bind(&g.4).bind(&g.5).bind(&g.6)
                .bind(g.7).bind(&g.8)
                .execute(&mut **tx).await.map(|_| ()))
            .map_err(|e| StoreError(format!("writing game {}: {e}", g.0)))?;
        }
        for (game, seq, body) in events {
            each!(tx self, tx => sqlx::query(INSERT_EVENT).bind(game).bind(seq).bind(body)
                .execute(&mut **tx).await.map(|_| ()))
            .map_err(|e| StoreError(format!("writing event {seq} of game {game}: {e}")))?;
        }
        Ok(())
    }

    pub(super) async fn insert_rest(
        &mut self,
        competitions: &[CompetitionRow],
        heartbeat: Option<i64>,
    ) -> Result<(), StoreError> {
        for (id, created, open, body) in competitions {
            each!(tx self, tx => sqlx::query(INSERT_COMPETITION)
                .bind(id).bind(created).bind(open).bind(body)
                .execute(&mut **tx).await.map(|_| ()))
            .map_err(|e| StoreError(format!("writing competition {id}: {e}")))?;
        }
        if let Some(ms) = heartbeat {
            each!(tx self, tx => sqlx::query(INSERT_HEARTBEAT).bind(ms).execute(&mut **tx).await.map(|_| ()))
                .map_err(err("writing the heartbeat"))?;
        }
        Ok(())
    }

    pub(super) async fn commit(self) -> Result<(), StoreError> {
        each!(tx self, tx => tx.commit().await).map_err(err("committing"))
    }
}

/// A page of games and their events on PostgreSQL: two statements of arrays (a statement
/// per row made a copy a round trip per event, 3,500 events/s on loopback).
pub(super) async fn insert_postgres(
    tx: &mut Transaction<'static, Postgres>,
    games: &[GameRow],
    events: &[EventRow],
) -> Result<(), StoreError> {
    let first = games.first().map_or("", |g| g.0.as_str());
    sqlx::query(
        "INSERT INTO games (id, created_unix_ms, red_token_sha256, black_token_sha256, \
         arbiter_token_sha256, red2_token_sha256, black2_token_sha256, finished, result) \
         SELECT * FROM UNNEST($1::text[], $2::int8[], $3::text[], $4::text[], $5::text[], \
         $6::text[], $7::text[], $8::int4[], $9::text[])",
    )
    .bind(games.iter().map(|g| g.0.as_str()).collect::<Vec<_>>())
    .bind(games.iter().map(|g| g.1).collect::<Vec<_>>())
    .bind(games.iter().map(|g| g.2.as_str()).collect::<Vec<_>>())
    .bind(games.iter().map(|g| g.3.as_str()).collect::<Vec<_>>())
    .bind(games.iter().map(|g| g.4.as_deref()).collect::<Vec<_>>())
    .bind(games.iter().map(|g| g.5.as_deref()).collect::<Vec<_>>())
    .bind(games.iter().map(|g| g.6.as_deref()).collect::<Vec<_>>())
    .bind(games.iter().map(|g| g.7).collect::<Vec<_>>())
    .bind(games.iter().map(|g| g.8.as_deref()).collect::<Vec<_>>())
    .execute(&mut **tx)
    .await
    .map_err(|e| StoreError(format!("writing {} games from {first}: {e}", games.len())))?;
    sqlx::query(
        "INSERT INTO events (game_id, seq, body) \
         SELECT * FROM UNNEST($1::text[], $2::int8[], $3::text[])",
    )
    .bind(events.iter().map(|e| e.0.as_str()).collect::<Vec<_>>())
    .bind(events.iter().map(|e| e.1).collect::<Vec<_>>())
    .bind(events.iter().map(|e| e.2.as_str()).collect::<Vec<_>>())
    .execute(&mut **tx)
    .await
    .map_err(|e| StoreError(format!("writing the events of games from {first}: {e}")))?;
    Ok(())
}
