//! The backend a test runs on, chosen by the environment, for this crate's tests and the
//! command line's:
//!
//! - `XQ_TEST_BACKEND` unset or `sqlite`: SQLite in a temporary directory;
//! - `XQ_TEST_BACKEND=postgres` with `XQ_TEST_POSTGRES=postgres://user:pw@host:port/db`, a
//!   role that may `CREATE DATABASE`: each test server gets a fresh database
//!   `xq_test_<random>`, dropped when the [`TestDatabase`] is (best effort);
//! - `XQ_TEST_BACKEND=postgres` without `XQ_TEST_POSTGRES`, or another value: an error, which
//!   the tests turn into a failure (never a skip).

use sqlx::{Connection, Executor};
use std::fmt;

use super::StoreError;
use super::postgres::options;
use crate::config::DatabaseUrl;

/// `XQ_TEST_BACKEND`.
pub const BACKEND_VAR: &str = "XQ_TEST_BACKEND";

/// `XQ_TEST_POSTGRES`.
pub const POSTGRES_VAR: &str = "XQ_TEST_POSTGRES";

/// The environment asks for a backend the tests cannot use: the test fails with this
/// (never skips).
///
/// ```
/// use xiangqi_server::store::testing::TestBackendError;
/// let e = TestBackendError::Unknown("mysql".into());
/// assert_eq!(e.to_string(), "XQ_TEST_BACKEND=mysql: expected sqlite or postgres");
/// assert!(TestBackendError::NoPostgresUrl.to_string().contains("XQ_TEST_POSTGRES="));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TestBackendError {
    /// `XQ_TEST_BACKEND=postgres` without `XQ_TEST_POSTGRES`.
    NoPostgresUrl,
    /// `XQ_TEST_BACKEND` names no backend.
    Unknown(String),
}

impl fmt::Display for TestBackendError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TestBackendError::NoPostgresUrl => write!(
                f,
                "{BACKEND_VAR}=postgres needs {POSTGRES_VAR}=postgres://user:password@host:port/postgres \
                 (a role that may CREATE DATABASE)"
            ),
            TestBackendError::Unknown(other) => {
                write!(f, "{BACKEND_VAR}={other}: expected sqlite or postgres")
            }
        }
    }
}

impl std::error::Error for TestBackendError {}

/// The PostgreSQL server the environment asks the tests to use: `None` for SQLite.
///
/// # Errors
///
/// If `XQ_TEST_BACKEND` is `postgres` and `XQ_TEST_POSTGRES` is missing, or it has a value
/// other than `sqlite` and `postgres`.
pub fn postgres_from_env() -> Result<Option<DatabaseUrl>, TestBackendError> {
    match std::env::var(BACKEND_VAR).as_deref() {
        Err(_) | Ok("") | Ok("sqlite") => Ok(None),
        Ok("postgres") => match std::env::var(POSTGRES_VAR) {
            Ok(url) if !url.is_empty() => Ok(Some(DatabaseUrl::from(url))),
            _ => Err(TestBackendError::NoPostgresUrl),
        },
        Ok(other) => Err(TestBackendError::Unknown(other.to_owned())),
    }
}

/// `XQ_TEST_POSTGRES` if set, whatever the backend: for tests that run on both backends in
/// one run.
pub fn postgres_url_if_set() -> Option<DatabaseUrl> {
    std::env::var(POSTGRES_VAR)
        .ok()
        .filter(|u| !u.is_empty())
        .map(DatabaseUrl::from)
}

/// A fresh database `xq_test_<random>` on a server, dropped (with its connections) when
/// this is dropped.
#[derive(Debug)]
pub struct TestDatabase {
    admin: DatabaseUrl,
    name: String,
    url: DatabaseUrl,
}

impl TestDatabase {
    /// Creates a database on the server `admin` connects to.
    ///
    /// # Errors
    ///
    /// If the server cannot be reached or the role may not create databases.
    pub async fn create(admin: &DatabaseUrl) -> Result<TestDatabase, StoreError> {
        let mut bytes = [0u8; 8];
        getrandom::fill(&mut bytes).map_err(|e| StoreError(format!("randomness: {e}")))?;
        let name = format!(
            "xq_test_{}",
            bytes.iter().map(|b| format!("{b:02x}")).collect::<String>()
        );
        let mut conn = sqlx::PgConnection::connect_with(&options(admin)?)
            .await
            .map_err(|e| StoreError(format!("connecting to {admin}: {e}")))?;
        conn.execute(format!("CREATE DATABASE {name}").as_str())
            .await
            .map_err(|e| StoreError(format!("creating database {name} on {admin}: {e}")))?;
        let url = DatabaseUrl::from(with_database(admin.secret(), &name));
        Ok(TestDatabase {
            admin: admin.clone(),
            name,
            url,
        })
    }

    /// The database's URL.
    pub fn url(&self) -> &DatabaseUrl {
        &self.url
    }

    /// The versions of the migrations applied to the database.
    ///
    /// # Errors
    ///
    /// If the database cannot be read, or no server has opened it yet.
    pub async fn applied_migrations(&self) -> Result<Vec<i64>, StoreError> {
        let mut conn = sqlx::PgConnection::connect_with(&options(&self.url)?)
            .await
            .map_err(|e| StoreError(format!("connecting to {}: {e}", self.url)))?;
        sqlx::query_scalar("SELECT version FROM _sqlx_migrations ORDER BY version")
            .fetch_all(&mut conn)
            .await
            .map_err(|e| StoreError(format!("reading the migrations of {}: {e}", self.url)))
    }

    /// The database's name.
    pub fn name(&self) -> &str {
        &self.name
    }
}

impl Drop for TestDatabase {
    /// Dropped inside an async runtime (a test's, which also runs the test's servers), the
    /// database is dropped only once that runtime is gone: when the test's thread ends. The
    /// servers' tasks, pools and sockets die with their runtime, so no connection is left
    /// for `DROP DATABASE` to wait for. Blocking the runtime here instead would freeze a
    /// server's connection halfway through its authentication, and the drop would wait for
    /// PostgreSQL's `authentication_timeout` (60 s by default). The test harness joins a
    /// test's thread before it reports the test, so every database is dropped before the
    /// run ends.
    fn drop(&mut self) {
        let doomed = (self.admin.clone(), self.name.clone());
        if tokio::runtime::Handle::try_current().is_ok() {
            let deferred = DEFERRED.try_with(|d| d.0.borrow_mut().push(doomed.clone()));
            if deferred.is_ok() {
                return;
            }
        }
        drop_database(doomed);
    }
}

/// The databases to drop when this thread ends (see [`TestDatabase`]'s `Drop`).
struct Deferred(std::cell::RefCell<Vec<(DatabaseUrl, String)>>);

impl Drop for Deferred {
    fn drop(&mut self) {
        for doomed in self.0.take() {
            drop_database(doomed);
        }
    }
}

thread_local! {
    static DEFERRED: Deferred = const { Deferred(std::cell::RefCell::new(Vec::new())) };
}

/// Drops database `name` on the server `admin` connects to, with its connections (best
/// effort), on a thread and a runtime of its own.
fn drop_database((admin, name): (DatabaseUrl, String)) {
    let dropped = std::thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .ok()?;
        runtime.block_on(async {
            let mut conn = sqlx::PgConnection::connect_with(&options(&admin).ok()?)
                .await
                .ok()?;
            conn.execute(format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)").as_str())
                .await
                .ok()
        })
    });
    let _ = dropped.join();
}

/// `url` with its database (the path) replaced by `name`.
fn with_database(url: &str, name: &str) -> String {
    let start = url.find("://").map_or(0, |i| i + 3);
    let path = url[start..]
        .find(['/', '?'])
        .map_or(url.len(), |i| start + i);
    let query = url[path..].find('?').map_or(url.len(), |i| path + i);
    format!("{}/{name}{}", &url[..path], &url[query..])
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_database_of_a_url_is_replaced() {
        use super::with_database;
        assert_eq!(
            with_database("postgres://u:p@h:5432/postgres", "x"),
            "postgres://u:p@h:5432/x"
        );
        assert_eq!(with_database("postgres://h", "x"), "postgres://h/x");
        assert_eq!(
            with_database("postgres://h/db?sslmode=disable", "x"),
            "postgres://h/x?sslmode=disable"
        );
    }
}
