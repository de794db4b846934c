//! A real server on loopback, with a temporary data directory, and a small client.
#![allow(dead_code)]

pub mod socket;

use std::time::Duration;

use serde_json::{Value, json};
use xiangqi_server::store::testing::{self, TestDatabase};
use xiangqi_server::{Config, Server};

/// Where a test server keeps its data: a temporary directory and, when the environment
/// asks for PostgreSQL (`XQ_TEST_BACKEND=postgres`, `XQ_TEST_POSTGRES=postgres://…`), a
/// fresh database dropped with it. A stopped server's data starts the next one.
pub struct Data {
    pub dir: tempfile::TempDir,
    pub db: Option<TestDatabase>,
}

impl Data {
    /// New data on the backend the environment names; a misconfigured environment fails the
    /// test (it never falls back to SQLite).
    pub async fn new() -> Data {
        let dir = tempfile::tempdir().unwrap();
        let db = match testing::postgres_from_env() {
            Ok(None) => None,
            Ok(Some(admin)) => Some(
                TestDatabase::create(&admin)
                    .await
                    .unwrap_or_else(|e| panic!("the PostgreSQL test database: {e}")),
            ),
            Err(e) => panic!("{e}"),
        };
        Data { dir, db }
    }

    /// A configuration listening on loopback, storing here, with limits no test trips over.
    pub fn config(&self) -> Config {
        let mut config = Config::new("127.0.0.1:0".parse().unwrap(), self.dir.path().to_owned());
        config.storage.database = self.db.as_ref().map(|db| db.url().clone());
        config.limits.http_rate = 1000.0;
        config.limits.http_burst = 1000.0;
        config
    }

    /// Runs a statement straight on the database (for tests that break it on purpose):
    /// `sqlite` on SQLite, `postgres` on PostgreSQL; the rows it changed.
    pub async fn execute(&self, sqlite: &str, postgres: &str) -> u64 {
        use sqlx::Connection;
        match &self.db {
            None => {
                let url = format!("sqlite:{}", self.dir.path().join("xq.sqlite3").display());
                let mut db = sqlx::SqliteConnection::connect(&url).await.unwrap();
                sqlx::query(sqlite)
                    .execute(&mut db)
                    .await
                    .unwrap()
                    .rows_affected()
            }
            Some(pg) => {
                let mut db = sqlx::PgConnection::connect(pg.url().secret())
                    .await
                    .unwrap();
                sqlx::query(postgres)
                    .execute(&mut db)
                    .await
                    .unwrap()
                    .rows_affected()
            }
        }
    }
}

pub struct TestServer {
    pub server: Option<Server>,
    pub base: String,
    pub data: Data,
    pub http: reqwest::Client,
}

pub struct Game {
    pub id: String,
    pub red: String,
    pub black: String,
    pub arbiter: String,
    pub created: Value,
}

impl TestServer {
    pub async fn start() -> TestServer {
        TestServer::start_in(Data::new().await).await
    }

    /// A server on `data` (a stopped server's, to restart it).
    pub async fn start_in(data: Data) -> TestServer {
        TestServer::start_with(data, |_| {}, Duration::from_secs(10)).await
    }

    /// A server on `data` whose configuration `change` adjusts, its client's timeout
    /// `timeout`.
    pub async fn start_with(
        data: Data,
        change: impl FnOnce(&mut Config),
        timeout: Duration,
    ) -> TestServer {
        let mut config = data.config();
        change(&mut config);
        let server = Server::start(config).await.unwrap();
        let base = format!("http://{}", server.local_addr());
        TestServer {
            server: Some(server),
            base,
            data,
            http: reqwest::Client::builder().timeout(timeout).build().unwrap(),
        }
    }

    /// Stops the server, keeping its data.
    pub async fn stop(mut self) -> Data {
        if let Some(server) = self.server.take() {
            server.shutdown().await;
        }
        self.data
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    pub async fn create(&self, body: Value) -> Game {
        let r = self
            .http
            .post(self.url("/api/games"))
            .json(&body)
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 201, "create");
        let created: Value = r.json().await.unwrap();
        Game {
            id: created["id"].as_str().unwrap().to_owned(),
            red: created["red"]["token"].as_str().unwrap().to_owned(),
            black: created["black"]["token"].as_str().unwrap().to_owned(),
            arbiter: created["arbiter"]["token"].as_str().unwrap().to_owned(),
            created,
        }
    }

    pub async fn state(&self, id: &str) -> Value {
        let r = self
            .http
            .get(self.url(&format!("/api/games/{id}")))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 200);
        r.json().await.unwrap()
    }

    /// POSTs `body` to `/api/games/{id}/{what}` with `token`; status and JSON.
    pub async fn post(
        &self,
        id: &str,
        what: &str,
        token: Option<&str>,
        body: Value,
    ) -> (u16, Value) {
        let mut request = self
            .http
            .post(self.url(&format!("/api/games/{id}/{what}")))
            .json(&body);
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        let r = request.send().await.unwrap();
        let status = r.status().as_u16();
        (status, r.json().await.unwrap_or(Value::Null))
    }

    /// The arbiter's action on game `g`.
    pub async fn arbiter(&self, g: &Game, body: Value) -> (u16, Value) {
        self.post(&g.id, "arbiter", Some(&g.arbiter), body).await
    }

    /// The events of game `id` after `since`.
    pub async fn events(&self, id: &str, since: u64) -> Vec<Value> {
        let r = self
            .http
            .get(self.url(&format!("/api/games/{id}/events?since={since}")))
            .send()
            .await
            .unwrap();
        let body: Value = r.json().await.unwrap();
        body["events"].as_array().unwrap().clone()
    }

    /// The record of game `id` (`format=pgn` or `format=dhtmlxq`).
    pub async fn record(&self, id: &str, query: &str) -> String {
        let r = self
            .http
            .get(self.url(&format!("/api/games/{id}/record?{query}")))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 200);
        r.text().await.unwrap()
    }

    /// Any request to the API: `method` on `path` with `token` and a JSON `body`; the
    /// status and the JSON answer (a panic naming the request when it is not JSON).
    pub async fn call(
        &self,
        method: &str,
        path: &str,
        token: Option<&str>,
        body: Option<Value>,
    ) -> (u16, Value) {
        let method = reqwest::Method::from_bytes(method.as_bytes()).unwrap();
        let mut r = self.http.request(method.clone(), self.url(path));
        if let Some(t) = token {
            r = r.bearer_auth(t);
        }
        if let Some(b) = body {
            r = r.json(&b);
        }
        let r = r.send().await.unwrap();
        let status = r.status().as_u16();
        let text = r.text().await.unwrap();
        let json = serde_json::from_str(&text)
            .unwrap_or_else(|_| panic!("{method} {path}: {status} is not JSON: {text}"));
        (status, json)
    }

    pub async fn play(&self, id: &str, token: &str, mv: &str) -> (u16, Value) {
        self.post(id, "moves", Some(token), json!({"move": mv}))
            .await
    }

    /// Plays a line from the start, alternating Red and Black, asserting each is accepted.
    pub async fn play_line(&self, game: &Game, line: &[&str]) -> Value {
        self.play_line_from(game, line, 0).await
    }

    /// Plays a line after `played` plies (Red first when `played` is even).
    pub async fn play_line_from(&self, game: &Game, line: &[&str], played: usize) -> Value {
        let mut last = Value::Null;
        for (i, mv) in line.iter().enumerate() {
            let token = if (played + i).is_multiple_of(2) {
                &game.red
            } else {
                &game.black
            };
            let (status, body) = self.play(&game.id, token, mv).await;
            assert_eq!(status, 200, "{mv}: {body}");
            last = body;
        }
        last
    }
}

/// An RFC 3339 UTC text for Unix milliseconds (days to civil date: Howard Hinnant's
/// algorithm, public domain).
pub fn rfc3339(unix_ms: u64) -> String {
    let secs = unix_ms / 1000;
    let days = i64::try_from(secs / 86_400).unwrap() + 719_468;
    let rem = secs % 86_400;
    let era = days.div_euclid(146_097);
    let doe = days.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}.{:03}Z",
        rem / 3600,
        rem / 60 % 60,
        rem % 60,
        unix_ms % 1000
    )
}

pub fn now_ms() -> u64 {
    u64::try_from(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_millis(),
    )
    .unwrap()
}
