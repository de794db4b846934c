//! Load benchmark, on loopback only and bounded in time (about 30 s):
//!
//! ```text
//! cargo run --release -p xiangqi-server --example load -- [GAMES] [PACED_SECONDS] [FLAT_OUT_SECONDS]
//! ```
//!
//! Starts the server in this process on `127.0.0.1:0` with a temporary database
//! (`synchronous=FULL`: every acknowledged move is on disk), creates `GAMES` games (default
//! 1000), half played over HTTP and half over WebSockets (both players connected, every move
//! broadcast to both), and measures:
//!
//! 1. **paced**: every game makes one move a second (1,000 games ≈ 1,000 moves/s, far above
//!    real play) — latency of each move from sending it to its acknowledgement, which comes
//!    only after the move is committed to SQLite;
//! 2. **flat out**: every game moves as soon as its last move is acknowledged — throughput.
//!
//! `LOAD_SYNC=normal` runs with `synchronous=NORMAL` instead, to see what `fsync` costs.
//! It prints moves/s, p50/p90/p99/max latency, and memory per game (resident set growth
//! when the games were created, and with their sockets open). The load generator shares the
//! process and the cores with the server, so the numbers are a floor.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::sync::Mutex;
use tokio_tungstenite::tungstenite::Message;
use xiangqi_server::{Config, Server};

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

#[derive(Default)]
struct Stats {
    latencies_us: Mutex<Vec<u32>>,
    moves: AtomicU64,
    errors: AtomicU64,
    games_finished: AtomicU64,
}

impl Stats {
    async fn record(&self, took: Duration) {
        self.moves.fetch_add(1, Ordering::Relaxed);
        let us = u32::try_from(took.as_micros()).unwrap_or(u32::MAX);
        self.latencies_us.lock().await.push(us);
    }

    async fn report(&self, phase: &str, seconds: f64) {
        let mut l = std::mem::take(&mut *self.latencies_us.lock().await);
        l.sort_unstable();
        let pct = |p: f64| {
            if l.is_empty() {
                0.0
            } else {
                let i = ((l.len() as f64 * p).ceil() as usize).clamp(1, l.len()) - 1;
                f64::from(l[i]) / 1000.0
            }
        };
        let moves = self.moves.swap(0, Ordering::Relaxed);
        println!(
            "{phase:>9}: {moves} moves in {seconds:.1} s = {:.0} moves/s; latency p50 {:.2} ms, p90 {:.2} ms, p99 {:.2} ms, max {:.2} ms; errors {}; games finished {}",
            moves as f64 / seconds,
            pct(0.50),
            pct(0.90),
            pct(0.99),
            l.last().map_or(0.0, |&m| f64::from(m) / 1000.0),
            self.errors.swap(0, Ordering::Relaxed),
            self.games_finished.swap(0, Ordering::Relaxed),
        );
    }
}

fn rss_kib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1).and_then(|v| v.parse().ok()))
        })
        .unwrap_or(0)
}

fn peak_kib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM:"))
                .and_then(|l| l.split_whitespace().nth(1).and_then(|v| v.parse().ok()))
        })
        .unwrap_or(0)
}

fn pick(legal: &[Value], rng: &mut u64) -> String {
    *rng ^= *rng << 13;
    *rng ^= *rng >> 7;
    *rng ^= *rng << 17;
    legal[(*rng % legal.len() as u64) as usize]
        .as_str()
        .unwrap_or("")
        .to_owned()
}

struct Created {
    id: String,
    tokens: [String; 2],
    state: Value,
}

async fn create(http: &reqwest::Client, base: &str) -> Created {
    let created: Value = http
        .post(format!("{base}/api/games"))
        .json(&json!({"control": "30m+10s"}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let id = created["id"].as_str().unwrap().to_owned();
    let state = http
        .get(format!("{base}/api/games/{id}"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    Created {
        tokens: [
            created["red"]["token"].as_str().unwrap().to_owned(),
            created["black"]["token"].as_str().unwrap().to_owned(),
        ],
        id,
        state,
    }
}

/// Whose turn: 0 for Red, 1 for Black.
fn turn(state: &Value) -> usize {
    usize::from(state["turn"] == "black")
}

struct Phase {
    paced: AtomicBool,
    running: AtomicBool,
}

async fn http_game(
    http: reqwest::Client,
    base: String,
    stats: Arc<Stats>,
    phase: Arc<Phase>,
    mut rng: u64,
    mut game: Created,
) {
    let mut next = Instant::now() + Duration::from_millis(rng % 1000);
    while phase.running.load(Ordering::Relaxed) {
        if phase.paced.load(Ordering::Relaxed) {
            tokio::time::sleep_until(next.into()).await;
            next += Duration::from_secs(1);
        }
        let legal = game.state["legal_moves"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        if legal.is_empty() || game.state["status"] == "ended" {
            stats.games_finished.fetch_add(1, Ordering::Relaxed);
            game = create(&http, &base).await;
            continue;
        }
        let mv = pick(&legal, &mut rng);
        let started = Instant::now();
        let response = http
            .post(format!("{base}/api/games/{}/moves", game.id))
            .bearer_auth(&game.tokens[turn(&game.state)])
            .json(&json!({"move": mv}))
            .send()
            .await;
        match response {
            Ok(r) if r.status() == 200 => {
                let state: Value = r.json().await.unwrap_or(Value::Null);
                stats.record(started.elapsed()).await;
                game.state = state;
            }
            _ => {
                stats.errors.fetch_add(1, Ordering::Relaxed);
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        }
    }
}

async fn connect(base: &str, id: &str, token: &str) -> Socket {
    let url = format!("{}/api/games/{id}/ws", base.replace("http://", "ws://"));
    // Small buffers on the client side too, so that memory per game is mostly the server's.
    let config = tokio_tungstenite::tungstenite::protocol::WebSocketConfig::default()
        .read_buffer_size(8 * 1024)
        .write_buffer_size(8 * 1024);
    let (mut ws, _) = tokio_tungstenite::connect_async_with_config(url, Some(config), false)
        .await
        .unwrap();
    ws.send(Message::Text(
        json!({"type": "auth", "token": token}).to_string().into(),
    ))
    .await
    .unwrap();
    ws
}

/// Reads messages until `want` returns a value; keeps the latest state seen.
async fn read_until(
    ws: &mut Socket,
    state: &mut Value,
    want: impl Fn(&Value) -> bool,
) -> Option<Value> {
    loop {
        let message = tokio::time::timeout(Duration::from_secs(30), ws.next())
            .await
            .ok()??
            .ok()?;
        let Message::Text(text) = message else {
            continue;
        };
        let Ok(value) = serde_json::from_str::<Value>(&text) else {
            continue;
        };
        if value["type"] == "state" {
            *state = value.clone();
        } else if value["state"].is_object() {
            *state = value["state"].clone();
        }
        if want(&value) {
            return Some(value);
        }
    }
}

async fn ws_game(
    http: reqwest::Client,
    base: String,
    stats: Arc<Stats>,
    phase: Arc<Phase>,
    mut rng: u64,
    mut game: Created,
) {
    let mut sockets = [
        connect(&base, &game.id, &game.tokens[0]).await,
        connect(&base, &game.id, &game.tokens[1]).await,
    ];
    let mut state = game.state.clone();
    for ws in &mut sockets {
        let mut s = Value::Null;
        read_until(ws, &mut s, |v| {
            v["type"] == "hello" && v["side"].is_string()
        })
        .await;
    }
    let mut next = Instant::now() + Duration::from_millis(rng % 1000);
    let mut id = 0u64;
    while phase.running.load(Ordering::Relaxed) {
        if phase.paced.load(Ordering::Relaxed) {
            tokio::time::sleep_until(next.into()).await;
            next += Duration::from_secs(1);
        }
        let legal = state["legal_moves"].as_array().cloned().unwrap_or_default();
        if legal.is_empty() || state["status"] == "ended" {
            stats.games_finished.fetch_add(1, Ordering::Relaxed);
            game = create(&http, &base).await;
            state = game.state.clone();
            sockets = [
                connect(&base, &game.id, &game.tokens[0]).await,
                connect(&base, &game.id, &game.tokens[1]).await,
            ];
            for ws in &mut sockets {
                let mut s = Value::Null;
                read_until(ws, &mut s, |v| {
                    v["type"] == "hello" && v["side"].is_string()
                })
                .await;
            }
            continue;
        }
        let mover = turn(&state);
        let mv = pick(&legal, &mut rng);
        id += 1;
        let seq = state["seq"].as_u64().unwrap_or(0);
        let started = Instant::now();
        let message = json!({"type": "move", "move": mv, "id": id}).to_string();
        if sockets[mover]
            .send(Message::Text(message.into()))
            .await
            .is_err()
        {
            stats.errors.fetch_add(1, Ordering::Relaxed);
            return;
        }
        let answer = read_until(&mut sockets[mover], &mut state, |v| {
            (v["type"] == "ack" || v["type"] == "error") && v["id"] == id
        })
        .await;
        match answer {
            Some(a) if a["type"] == "ack" => stats.record(started.elapsed()).await,
            _ => {
                stats.errors.fetch_add(1, Ordering::Relaxed);
                return;
            }
        }
        // The broadcast with the new state reaches both players.
        let fresh =
            |v: &Value| v["seq"].as_u64().is_some_and(|s| s > seq) && v["state"].is_object();
        let seen = state["seq"].as_u64().is_some_and(|s| s > seq);
        if !seen
            && read_until(&mut sockets[mover], &mut state, fresh)
                .await
                .is_none()
        {
            stats.errors.fetch_add(1, Ordering::Relaxed);
            return;
        }
        let mut other_state = Value::Null;
        if read_until(&mut sockets[1 - mover], &mut other_state, fresh)
            .await
            .is_none()
        {
            stats.errors.fetch_add(1, Ordering::Relaxed);
            return;
        }
    }
}

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let games = args.first().copied().unwrap_or(1000) as usize;
    let paced_s = args.get(1).copied().unwrap_or(15);
    let flat_s = args.get(2).copied().unwrap_or(8);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(run(games, paced_s, flat_s));
}

async fn run(games: usize, paced_s: u64, flat_s: u64) {
    let dir = tempfile::tempdir().unwrap();
    let mut config = Config::new("127.0.0.1:0".parse().unwrap(), dir.path().to_owned());
    config.limits.http_rate = 1e6;
    config.limits.http_burst = 1e6;
    config.limits.ws_rate = 1e6;
    config.limits.ws_burst = 1e6;
    config.limits.create_per_minute = 1e9;
    if std::env::var("LOAD_SYNC").is_ok_and(|v| v == "normal") {
        config.storage.synchronous = xiangqi_server::Synchronous::Normal;
    }
    let server = Server::start(config).await.unwrap();
    let base = format!("http://{}", server.local_addr());
    let http = reqwest::Client::builder()
        .pool_max_idle_per_host(games)
        .timeout(Duration::from_secs(30))
        .build()
        .unwrap();
    println!(
        "load: {games} games on {base}, {} cores",
        std::thread::available_parallelism().map_or(1, |n| n.get())
    );

    let before = rss_kib();
    let started = Instant::now();
    let mut created = Vec::with_capacity(games);
    for chunk in (0..games).collect::<Vec<_>>().chunks(50) {
        let batch = chunk.iter().map(|_| create(&http, &base));
        created.extend(futures_util::future::join_all(batch).await);
    }
    let after_create = rss_kib();
    println!(
        "  created: {games} games in {:.1} s; resident memory +{:.1} KiB per game (rooms in memory: {})",
        started.elapsed().as_secs_f64(),
        (after_create.saturating_sub(before)) as f64 / games as f64,
        server.state().rooms_in_memory(),
    );

    let stats = Arc::new(Stats::default());
    let phase = Arc::new(Phase {
        paced: AtomicBool::new(true),
        running: AtomicBool::new(true),
    });
    let mut tasks = Vec::new();
    for (i, game) in created.into_iter().enumerate() {
        let rng = 0x2545_f491_4f6c_dd1d ^ (i as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let (http, base, stats, phase) = (http.clone(), base.clone(), stats.clone(), phase.clone());
        tasks.push(if i % 2 == 0 {
            tokio::spawn(http_game(http, base, stats, phase, rng, game))
        } else {
            tokio::spawn(ws_game(http, base, stats, phase, rng, game))
        });
    }
    // Give the sockets a moment to connect, then measure.
    tokio::time::sleep(Duration::from_secs(2)).await;
    stats.report("warm-up", 2.0).await;
    println!(
        "  with {} WebSocket players connected: resident memory +{:.1} KiB per game",
        games,
        (rss_kib().saturating_sub(before)) as f64 / games as f64
    );
    tokio::time::sleep(Duration::from_secs(paced_s)).await;
    stats.report("paced", paced_s as f64).await;
    phase.paced.store(false, Ordering::Relaxed);
    tokio::time::sleep(Duration::from_secs(flat_s)).await;
    stats.report("flat out", flat_s as f64).await;
    phase.running.store(false, Ordering::Relaxed);
    for task in tasks {
        let _ = tokio::time::timeout(Duration::from_secs(5), task).await;
    }
    println!("  peak resident memory (VmHWM): {} MiB", peak_kib() / 1024);
    server.shutdown().await;
}
