//! Two `xq serve` nodes on one PostgreSQL database, on loopback: a game created on
//! node A is played from node B (HTTP for Red, a WebSocket for Black, both on B, forwarded to
//! A); a spectator's WebSocket on B sees every event in order; `kill -9` of A; B takes the
//! game over within a few seconds with no request arriving; every acknowledged move is there,
//! the clock was paused for the outage, and the game goes on to its end on the same sockets.
//!
//! `XQ_TEST_POSTGRES=postgres://user:password@host/db` names a server where the test may
//! create a database (a fresh one, dropped afterwards). Without it the test says that it did
//! not run, unless `XQ_TEST_BACKEND=postgres` asks for PostgreSQL: then it fails.

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use sqlx::postgres::PgPool;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use xiangqi_server::store::testing::{self, TestDatabase};

const LEASE_MS: u64 = 2000;

/// A fresh database on the `XQ_TEST_POSTGRES` server (dropped afterwards), or `None` when
/// the environment asks for no PostgreSQL.
async fn database() -> Option<TestDatabase> {
    let Some(admin) = testing::postgres_url_if_set() else {
        if let Err(e) = testing::postgres_from_env() {
            panic!("{e}");
        }
        println!("the cluster test did not run: set XQ_TEST_POSTGRES=postgres://… to run it");
        return None;
    };
    Some(
        TestDatabase::create(&admin)
            .await
            .expect("XQ_TEST_POSTGRES: a role that may CREATE DATABASE"),
    )
}

fn nanos() -> u128 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos())
}

struct Node {
    child: Child,
    addr: SocketAddr,
    _data: tempdir::Dir,
}

impl Drop for Node {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

mod tempdir {
    /// A directory removed on drop.
    pub struct Dir(pub std::path::PathBuf);
    impl Drop for Dir {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }
}

fn start(database: &str, id: &str) -> Node {
    let data = std::env::temp_dir().join(format!("xq-cluster-{id}-{}", nanos()));
    let mut child = Command::new(env!("CARGO_BIN_EXE_xq"))
        .args([
            "serve",
            "--listen",
            "127.0.0.1:0",
            "--log",
            "info",
            "--database",
            database,
        ])
        .args([
            "--node-id",
            id,
            "--lease-ms",
            &LEASE_MS.to_string(),
            "--renew-ms",
            "500",
        ])
        .arg("--data")
        .arg(&data)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("xq serve starts");
    let mut lines = BufReader::new(child.stderr.take().unwrap()).lines();
    let addr = lines
        .by_ref()
        .map_while(Result::ok)
        .find_map(|l| {
            let rest = l.split("listening on http://").nth(1)?;
            rest.split_whitespace().next().map(str::to_owned)
        })
        .expect("xq serve says where it listens")
        .parse()
        .unwrap();
    std::thread::spawn(move || {
        for line in lines.map_while(Result::ok) {
            eprintln!("[{addr}] {line}");
        }
    });
    Node {
        child,
        addr,
        _data: tempdir::Dir(data),
    }
}

async fn owner(db: &PgPool, game: &str) -> Option<String> {
    sqlx::query_scalar(
        "SELECT node FROM xq_leases WHERE resource = $1 AND expires > clock_timestamp()",
    )
    .bind(format!("game:{game}"))
    .fetch_optional(db)
    .await
    .unwrap()
}

/// Reads the spectator's socket into `seen` (every `event` message: its seq and kind).
fn spectate(addr: SocketAddr, game: &str, seen: Arc<Mutex<Vec<(u64, String)>>>) {
    let url = format!("ws://{addr}/api/games/{game}/ws");
    tokio::spawn(async move {
        let (mut ws, _) = tokio_tungstenite::connect_async(url)
            .await
            .expect("spectator connects");
        while let Some(Ok(message)) = ws.next().await {
            let Message::Text(text) = message else {
                continue;
            };
            let v: Value = serde_json::from_str(&text).unwrap();
            if v["type"] == "event" {
                let kind = v["event"]["kind"].as_str().unwrap_or("").to_owned();
                seen.lock()
                    .unwrap()
                    .push((v["seq"].as_u64().unwrap(), kind));
            }
        }
        seen.lock().unwrap().push((0, "socket closed".into()));
    });
}

struct Play {
    http: reqwest::Client,
    b: SocketAddr,
    id: String,
    red: String,
    black_ws: tokio_tungstenite::WebSocketStream<
        tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>,
    >,
    acknowledged: Vec<String>,
}

impl Play {
    async fn state(&self) -> Value {
        let url = format!("http://{}/api/games/{}", self.b, self.id);
        let answer = self.http.get(url).send().await.unwrap();
        assert_eq!(answer.status(), 200);
        answer.json().await.unwrap()
    }

    /// One move by the side to move, through node B: Red over HTTP, Black over its socket.
    async fn one_move(&mut self) {
        let state = self.state().await;
        let legal: Vec<String> = serde_json::from_value(state["legal_moves"].clone()).unwrap();
        let mv = legal[(self.acknowledged.len() * 7) % legal.len()].clone();
        if state["turn"] == "red" {
            let url = format!("http://{}/api/games/{}/moves", self.b, self.id);
            let answer = self
                .http
                .post(url)
                .bearer_auth(&self.red)
                .json(&json!({"move": mv}))
                .send()
                .await
                .unwrap();
            let status = answer.status();
            let body: Value = answer.json().await.unwrap();
            assert_eq!(status, 200, "{mv}: {body}");
            assert_eq!(
                body["moves"].as_array().unwrap().last().unwrap(),
                &json!(mv)
            );
        } else {
            let n = self.acknowledged.len() as u64;
            let message = json!({"type": "move", "move": mv, "id": n}).to_string();
            self.black_ws
                .send(Message::Text(message.into()))
                .await
                .unwrap();
            loop {
                let text = match self.black_ws.next().await {
                    Some(Ok(Message::Text(text))) => text,
                    // Pings (answered by the client library), pongs.
                    Some(Ok(_)) => continue,
                    other => panic!("Black's socket closed: {other:?}"),
                };
                let v: Value = serde_json::from_str(&text).unwrap();
                if v["id"] == n && v["type"] == "ack" {
                    break;
                }
                assert!(v["type"] != "error" || v["id"] != n, "{mv}: {v}");
            }
        }
        self.acknowledged.push(mv);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_nodes_one_database_kill_9_of_the_owner() {
    let Some(database) = database().await else {
        return;
    };
    let url = database.url().secret();
    let mut a = start(url, "a");
    let b = start(url, "b");
    let db = PgPool::connect(url).await.unwrap();
    let http = reqwest::Client::new();

    let created: Value = http
        .post(format!("http://{}/api/games", a.addr))
        .json(&json!({"control": "10m+5s"}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let id = created["id"].as_str().unwrap().to_owned();
    assert_eq!(
        owner(&db, &id).await.as_deref(),
        Some("a"),
        "the creating node owns the game"
    );

    let seen = Arc::new(Mutex::new(Vec::new()));
    spectate(b.addr, &id, seen.clone());
    let mut request = format!("ws://{}/api/games/{id}/ws", b.addr)
        .into_client_request()
        .unwrap();
    let bearer = format!("Bearer {}", created["black"]["token"].as_str().unwrap());
    request
        .headers_mut()
        .insert("authorization", bearer.parse().unwrap());
    let (black_ws, _) = tokio_tungstenite::connect_async(request).await.unwrap();
    let mut play = Play {
        http: http.clone(),
        b: b.addr,
        id: id.clone(),
        red: created["red"]["token"].as_str().unwrap().to_owned(),
        black_ws,
        acknowledged: Vec::new(),
    };
    for _ in 0..10 {
        play.one_move().await;
    }
    assert_eq!(
        owner(&db, &id).await.as_deref(),
        Some("a"),
        "B forwarded, A still owns it"
    );

    // kill -9 of the owner, with Black's clock running. B takes over by itself.
    a.child.kill().unwrap();
    a.child.wait().unwrap();
    let killed = Instant::now();
    while owner(&db, &id).await.as_deref() != Some("b") {
        assert!(
            killed.elapsed() < Duration::from_secs(8),
            "B did not take the game over"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let took = killed.elapsed();
    println!(
        "node B took the game over {} ms after kill -9 of A",
        took.as_millis()
    );
    assert!(took < Duration::from_millis(LEASE_MS + 2000), "{took:?}");

    let state = play.state().await;
    let stored: Vec<String> = serde_json::from_value(state["moves"].clone()).unwrap();
    assert_eq!(
        stored, play.acknowledged,
        "every acknowledged move is there"
    );
    for _ in 0..6 {
        play.one_move().await;
    }
    let resigned = http
        .post(format!("http://{}/api/games/{id}/resign", b.addr))
        .bearer_auth(&play.red)
        .send()
        .await
        .unwrap();
    assert_eq!(resigned.status(), 200);
    let end = play.state().await;
    assert_eq!(end["status"], "ended", "{end}");
    assert_eq!(end["result"], "black_wins", "{end}");
    let last = end["seq"].as_u64().unwrap();

    // The spectator, connected to B from the start, saw every event, in order, once.
    let waited = Instant::now();
    while seen.lock().unwrap().last().map(|e| e.0) != Some(last) {
        assert!(
            waited.elapsed() < Duration::from_secs(5),
            "spectator: {:?}",
            seen.lock().unwrap()
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let seen = seen.lock().unwrap().clone();
    let seqs: Vec<u64> = seen.iter().map(|e| e.0).collect();
    assert_eq!(seqs, (1..=last).collect::<Vec<_>>(), "{seen:?}");
    let kinds: Vec<&str> = seen.iter().map(|e| e.1.as_str()).collect();
    assert_eq!(kinds.iter().filter(|k| **k == "move").count(), 16);
    let paused = kinds
        .iter()
        .position(|k| *k == "clock_paused")
        .expect("the outage paused the clock");
    assert_eq!(kinds[paused + 1], "clock_resumed");
    assert_eq!(kinds[..paused].iter().filter(|k| **k == "move").count(), 10);
    assert_eq!(kinds.last(), Some(&"ended"));
    drop(db);
}
