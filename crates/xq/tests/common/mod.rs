//! `xq serve` as a child process, on the backend the environment names (see
//! `xiangqi_server::store::testing`): SQLite in a temporary directory, or a fresh
//! PostgreSQL database with `XQ_TEST_BACKEND=postgres XQ_TEST_POSTGRES=postgres://…`.
#![allow(dead_code)]

use std::ffi::OsString;
use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};

use xiangqi_server::store::testing::{self, TestDatabase};

/// A test's data: a directory, removed on drop, and on PostgreSQL a database, dropped.
pub struct Storage {
    pub dir: PathBuf,
    pub db: Option<TestDatabase>,
}

/// A runtime for the few async calls of these synchronous tests.
pub fn block_on<F: Future>(f: F) -> F::Output {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
        .block_on(f)
}

impl Storage {
    /// New storage named after the test; a misconfigured environment fails the test.
    pub fn new(name: &str) -> Storage {
        let dir = std::env::temp_dir().join(format!("xq-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let db = match testing::postgres_from_env() {
            Ok(None) => None,
            Ok(Some(admin)) => Some(
                block_on(TestDatabase::create(&admin))
                    .unwrap_or_else(|e| panic!("the PostgreSQL test database: {e}")),
            ),
            Err(e) => panic!("{e}"),
        };
        Storage { dir, db }
    }

    /// `--data DIR`, and `--database URL` on PostgreSQL.
    pub fn args(&self) -> Vec<OsString> {
        let mut args = vec!["--data".into(), self.dir.clone().into()];
        if let Some(db) = &self.db {
            args.extend(["--database".into(), db.url().secret().into()]);
        }
        args
    }

    /// The same through the environment: `XQ_DATA`, and `XQ_DATABASE` on PostgreSQL.
    pub fn env(&self, command: &mut Command) {
        command.env("XQ_DATA", &self.dir);
        if let Some(db) = &self.db {
            command.env("XQ_DATABASE", db.url().secret());
        }
    }

    /// Whether the server created its database: the file on SQLite, the migrated tables on
    /// PostgreSQL (and then no file in the data directory).
    pub fn created(&self) -> bool {
        let file = self.dir.join("xq.sqlite3").exists();
        match &self.db {
            None => file,
            Some(db) => {
                let migrations = block_on(db.applied_migrations()).unwrap();
                !file && !migrations.is_empty()
            }
        }
    }
}

impl Drop for Storage {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// A running `xq serve`, killed on drop.
pub struct Served {
    pub child: Child,
    pub addr: SocketAddr,
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// `xq serve` on `storage` with `extra` options, once it says where it listens.
pub fn serve_with(storage: &Storage, extra: &[&str]) -> Served {
    let mut child = Command::new(env!("CARGO_BIN_EXE_xq"))
        .args(["serve", "--listen", "127.0.0.1:0", "--log", "warn"])
        .args(storage.args())
        .args(extra)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("xq serve starts");
    let stderr = child.stderr.take().unwrap();
    let mut lines = BufReader::new(stderr).lines();
    let addr = lines
        .by_ref()
        .map_while(Result::ok)
        .find_map(|l| {
            l.split("listening on http://")
                .nth(1)
                .and_then(|rest| rest.split_whitespace().next())
                .map(str::to_owned)
        })
        .expect("xq serve says where it listens")
        .parse()
        .unwrap();
    std::thread::spawn(move || for _ in lines {});
    Served { child, addr }
}

/// `xq serve` on `storage`.
pub fn serve(storage: &Storage) -> Served {
    serve_with(storage, &[])
}
