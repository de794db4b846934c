//! The migrations of both backends, embedded in the binary: the same numbers and names,
//! SQLite's in `migrations/`, PostgreSQL's in `migrations/postgres/` where the dialect
//! differs (0002 is plain SQL both accept, one file).

use std::borrow::Cow;
use std::pin::Pin;

use sqlx::migrate::{Migration, MigrationSource, MigrationType, Migrator};

use super::base::StoreError;

/// One migration: its number, its name, its SQL.
type Step = (i64, &'static str, &'static str);

/// SQLite's migrations.
pub const SQLITE: &[Step] = &[
    (
        1,
        "games and events",
        include_str!("../../migrations/0001_games.sql"),
    ),
    (
        2,
        "arbiter and partner tokens",
        include_str!("../../migrations/0002_arbiter.sql"),
    ),
    (
        10,
        "competitions",
        include_str!("../../migrations/0010_events.sql"),
    ),
];

/// PostgreSQL's migrations.
pub const POSTGRES: &[Step] = &[
    (
        1,
        "games and events",
        include_str!("../../migrations/postgres/0001_games.sql"),
    ),
    (
        2,
        "arbiter and partner tokens",
        include_str!("../../migrations/0002_arbiter.sql"),
    ),
    (
        10,
        "competitions",
        include_str!("../../migrations/postgres/0010_events.sql"),
    ),
    (
        20,
        "cluster leases",
        include_str!("../../migrations/postgres/0020_cluster.sql"),
    ),
];

#[derive(Debug)]
struct Embedded(&'static [Step]);

impl MigrationSource<'static> for Embedded {
    fn resolve(
        self,
    ) -> Pin<
        Box<
            dyn Future<Output = Result<Vec<Migration>, Box<dyn std::error::Error + Send + Sync>>>
                + Send,
        >,
    > {
        Box::pin(async move {
            Ok(self
                .0
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

/// The migrator over `steps`.
pub async fn migrator(steps: &'static [Step]) -> Result<Migrator, StoreError> {
    Migrator::new(Embedded(steps))
        .await
        .map_err(|e| StoreError(format!("migrations: {e}")))
}
