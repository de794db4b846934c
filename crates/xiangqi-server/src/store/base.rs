//! What every file of the store shares: its error, the notification channels, the reads
//! and the competition's save that both backends run as the same SQL.

/// The PostgreSQL channel that carries `<game_id> <seq>` for every event stored.
pub const GAME_EVENTS_CHANNEL: &str = "xq_game_events";

/// The PostgreSQL channel that carries a competition's id each time it is saved.
pub const COMPETITIONS_CHANNEL: &str = "xq_competitions";

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

pub(super) fn err(context: &str) -> impl Fn(sqlx::Error) -> StoreError + '_ {
    move |e| StoreError(format!("{context}: {e}"))
}

/// The reads, the same SQL on both backends (SQLite takes PostgreSQL's `$1` too), as
/// methods of a backend whose pool is the field `$pool`.
macro_rules! reads {
    ($pool:ident) => {
        pub(super) async fn last_heartbeat(&self) -> Result<Option<i64>, StoreError> {
            let row = sqlx::query_scalar("SELECT unix_ms FROM heartbeat WHERE id = 1")
                .fetch_optional(&self.$pool)
                .await
                .map_err(crate::store::base::err("reading the heartbeat"))?;
            Ok(row)
        }

        pub(super) async fn unfinished(&self) -> Result<Vec<String>, StoreError> {
            sqlx::query_scalar("SELECT id FROM games WHERE finished = 0")
                .fetch_all(&self.$pool)
                .await
                .map_err(crate::store::base::err("listing games"))
        }

        /// Red's, Black's, the arbiter's, Red's second and Black's second token digests.
        pub(super) async fn tokens(
            &self,
            id: &str,
        ) -> Result<Option<[Option<String>; 5]>, StoreError> {
            let row: Option<(
                String,
                String,
                Option<String>,
                Option<String>,
                Option<String>,
            )> = sqlx::query_as(
                "SELECT red_token_sha256, black_token_sha256, arbiter_token_sha256, \
                     red2_token_sha256, black2_token_sha256 FROM games WHERE id = $1",
            )
            .bind(id)
            .fetch_optional(&self.$pool)
            .await
            .map_err(crate::store::base::err("loading a game"))?;
            Ok(row.map(|(r, b, a, r2, b2)| [Some(r), Some(b), a, r2, b2]))
        }

        pub(super) async fn events_after(
            &self,
            id: &str,
            after: i64,
        ) -> Result<Vec<(i64, String)>, StoreError> {
            sqlx::query_as(
                "SELECT seq, body FROM events WHERE game_id = $1 AND seq > $2 ORDER BY seq",
            )
            .bind(id)
            .bind(after)
            .fetch_all(&self.$pool)
            .await
            .map_err(crate::store::base::err("loading events"))
        }

        pub(super) async fn competitions(&self) -> Result<Vec<(String, String)>, StoreError> {
            sqlx::query_as("SELECT id, body FROM competitions ORDER BY created_unix_ms")
                .fetch_all(&self.$pool)
                .await
                .map_err(crate::store::base::err("loading competitions"))
        }
    };
}
pub(super) use reads;

/// A competition written whole, on both backends.
pub(super) const SAVE_COMPETITION: &str = "INSERT INTO competitions (id, created_unix_ms, open, body) \
     VALUES ($1, $2, $3, $4) \
     ON CONFLICT (id) DO UPDATE SET open = excluded.open, body = excluded.body";

/// A competition's row as both backends write it: `body` is its JSON, `open` unless it is
/// finished.
pub(super) struct CompetitionRow<'a> {
    pub id: &'a str,
    pub created: i64,
    pub open: bool,
    pub body: &'a str,
}

/// Saves a competition's row through `$conn` (a transaction or a connection of either
/// backend), with the same SQL on both.
macro_rules! save_competition {
    ($conn:expr, $row:expr) => {
        sqlx::query(crate::store::base::SAVE_COMPETITION)
            .bind($row.id)
            .bind($row.created)
            .bind(i32::from($row.open))
            .bind($row.body)
            .execute($conn)
            .await
            .map_err(crate::store::base::err("writing a competition"))
    };
}
pub(super) use save_competition;
