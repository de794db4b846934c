//! Load benchmark, on loopback only and bounded in time (about 30 s):
//!
//! ```text
//! cargo run --release -p xiangqi-server --example load -- [GAMES] [PACED_SECONDS] [FLAT_OUT_SECONDS] [--in-process]
//! ```
//!
//! Starts the server as a **separate process** (this program again, with `--serve`), on
//! `127.0.0.1:0` with a temporary database (`synchronous=FULL`: every acknowledged move is on
//! disk), creates `GAMES` games (default 1000), half played over HTTP and half over WebSockets
//! (both players connected, every move broadcast to both), and measures:
//!
//! 1. **paced** (default 20 s): every game makes one move a second (1,000 games ≈ 1,000
//!    moves/s, far above real play) — latency of each move from sending it to its
//!    acknowledgement, which comes only after the move is committed to SQLite;
//! 2. **flat out** (default 6 s): every game moves as soon as its last move is acknowledged —
//!    throughput.
//!
//! It prints moves/s, p50/p90/p99/max latency as the client sees it, the CPU time each
//! process spent per move, the server's own histograms of where a move's time goes (see
//! `xiangqi_server::metrics`, plus `sched_delay`: how late a 5 ms timer fires on the server's
//! runtime), and memory per game: the server process's resident set growth once the games
//! are created, and with their sockets open.
//!
//! `LOAD_SYNC=normal` runs with `synchronous=NORMAL` instead, to see what `fsync` costs.
//! `LOAD_DATABASE=postgres://…` keeps the games in that PostgreSQL database instead of
//! SQLite (`--database`; give it an empty database to compare runs: unfinished games there
//! are taken over by the nodes and add to their work). Errors are printed by reason.
//! `--in-process` runs the server inside the load generator's process (one runtime for both,
//! as before); the client then competes with the server for the same threads and its memory
//! counts as the server's. Either way the two share the machine's cores.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde::Deserialize;
use serde_json::json;
use tokio_tungstenite::tungstenite::Message;
use xiangqi_server::metrics::Histogram;
use xiangqi_server::{Config, Server};

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

#[derive(Default)]
struct Stats {
    latencies_us: Mutex<Vec<u32>>,
    moves: AtomicU64,
    errors: AtomicU64,
    /// The errors of the phase by what they were (an HTTP status and the error's name, a
    /// socket's error, …), to tell a lost lease from a slow answer.
    reasons: Mutex<std::collections::BTreeMap<String, u64>>,
    games_finished: AtomicU64,
}

impl Stats {
    fn error(&self, why: impl Into<String>) {
        self.errors.fetch_add(1, Ordering::Relaxed);
        *self
            .reasons
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .entry(why.into())
            .or_default() += 1;
    }

    fn record(&self, took: Duration) {
        self.moves.fetch_add(1, Ordering::Relaxed);
        let us = u32::try_from(took.as_micros()).unwrap_or(u32::MAX);
        self.latencies_us
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .push(us);
    }

    /// Prints the phase's figures; returns its moves.
    fn report(&self, phase: &str, seconds: f64) -> u64 {
        let mut l =
            std::mem::take(&mut *self.latencies_us.lock().unwrap_or_else(|p| p.into_inner()));
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
        let reasons = std::mem::take(&mut *self.reasons.lock().unwrap_or_else(|p| p.into_inner()));
        for (why, n) in reasons {
            println!("           {n} × {why}");
        }
        moves
    }
}

fn status_kib(pid: &str, field: &str) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with(field))
                .and_then(|l| l.split_whitespace().nth(1).and_then(|v| v.parse().ok()))
        })
        .unwrap_or(0)
}

/// User plus system CPU time of a process, in clock ticks (1/100 s on Linux).
fn cpu_ticks(pid: &str) -> u64 {
    let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
        return 0;
    };
    // The command name (field 2) may hold spaces; fields after its `)` are plain.
    let rest = stat.rsplit_once(')').map_or("", |(_, r)| r);
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let field = |i: usize| {
        fields
            .get(i)
            .and_then(|v| v.parse::<u64>().ok())
            .unwrap_or(0)
    };
    // utime and stime are fields 14 and 15; `rest` starts at field 3.
    field(11) + field(12)
}

fn pick(legal: &[String], rng: &mut u64) -> String {
    *rng ^= *rng << 13;
    *rng ^= *rng >> 7;
    *rng ^= *rng << 17;
    legal[(*rng % legal.len() as u64) as usize].clone()
}

/// What the client needs of a game's state (the rest of the JSON is skipped, not built).
#[derive(Deserialize, Clone, Default)]
struct State {
    #[serde(default)]
    seq: u64,
    #[serde(default)]
    turn: String,
    #[serde(default)]
    status: String,
    #[serde(default)]
    legal_moves: Vec<String>,
}

impl State {
    /// Whose turn: 0 for Red, 1 for Black.
    fn mover(&self) -> usize {
        usize::from(self.turn == "black")
    }

    fn over(&self) -> bool {
        self.legal_moves.is_empty() || self.status == "ended"
    }
}

/// A WebSocket message from the server, the fields the client reads.
#[derive(Deserialize)]
struct ServerMessage {
    #[serde(rename = "type")]
    kind: String,
    id: Option<u64>,
    seq: Option<u64>,
    side: Option<String>,
    state: Option<State>,
    // A `state` message carries the state's fields at the top level.
    turn: Option<String>,
    status: Option<String>,
    legal_moves: Option<Vec<String>>,
    /// An `error` message's name.
    error: Option<String>,
}

impl ServerMessage {
    /// The state this message carries, if any.
    fn take_state(&mut self) -> Option<State> {
        if self.kind == "state" {
            return Some(State {
                seq: self.seq.unwrap_or(0),
                turn: self.turn.take().unwrap_or_default(),
                status: self.status.take().unwrap_or_default(),
                legal_moves: self.legal_moves.take().unwrap_or_default(),
            });
        }
        self.state.take()
    }
}

struct Created {
    id: String,
    tokens: [String; 2],
    state: State,
}

#[derive(Deserialize)]
struct Player {
    token: String,
}

#[derive(Deserialize)]
struct CreateAnswer {
    id: String,
    red: Player,
    black: Player,
}

/// The JSON answer to `request`, or `None` if it failed on the way or was not that JSON.
async fn answer<T: serde::de::DeserializeOwned>(request: reqwest::RequestBuilder) -> Option<T> {
    request.send().await.ok()?.json().await.ok()
}

async fn create(http: &reqwest::Client, base: &str) -> Option<Created> {
    let body = json!({"control": "30m+10s"});
    let created: CreateAnswer = answer(http.post(format!("{base}/api/games")).json(&body)).await?;
    let state = answer(http.get(format!("{base}/api/games/{}", created.id))).await?;
    Some(Created {
        tokens: [created.red.token, created.black.token],
        id: created.id,
        state,
    })
}

struct Phase {
    paced: AtomicBool,
    running: AtomicBool,
}

impl Phase {
    /// While the run is paced, waits for the game's next second (`next`, then a second on).
    async fn pace(&self, next: &mut Instant) {
        if self.paced.load(Ordering::Relaxed) {
            tokio::time::sleep_until((*next).into()).await;
            *next += Duration::from_secs(1);
        }
    }
}

/// Where a game is created, and where it is played (another node, for half the games, when
/// there are several).
#[derive(Clone)]
struct Bases {
    create: String,
    play: String,
}

/// What a simulated pair of players needs: the client, where to create and play, the shared
/// tallies and the phase of the run.
struct Pair {
    http: reqwest::Client,
    bases: Bases,
    stats: Arc<Stats>,
    phase: Arc<Phase>,
}

/// A finished game counted and a new one created in its place, or `None` (the error counted).
async fn next_game(http: &reqwest::Client, bases: &Bases, stats: &Stats) -> Option<Created> {
    stats.games_finished.fetch_add(1, Ordering::Relaxed);
    let fresh = create(http, &bases.create).await;
    if fresh.is_none() {
        stats.error("creating a new game");
    }
    fresh
}

async fn http_game(pair: Pair, mut rng: u64, mut game: Created) {
    let Pair {
        http,
        bases,
        stats,
        phase,
    } = pair;
    let mut next = Instant::now() + Duration::from_millis(rng % 1000);
    while phase.running.load(Ordering::Relaxed) {
        phase.pace(&mut next).await;
        if game.state.over() {
            let Some(fresh) = next_game(&http, &bases, &stats).await else {
                return;
            };
            game = fresh;
            continue;
        }
        let mv = pick(&game.state.legal_moves, &mut rng);
        let started = Instant::now();
        let response = http
            .post(format!("{}/api/games/{}/moves", bases.play, game.id))
            .bearer_auth(&game.tokens[game.state.mover()])
            .json(&json!({"move": mv}))
            .send()
            .await;
        let state = match response {
            Ok(r) if r.status() == 200 => r
                .json::<State>()
                .await
                .map_err(|e| format!("http 200: {e}")),
            Ok(r) => {
                let status = r.status().as_u16();
                let body: serde_json::Value = r.json().await.unwrap_or_default();
                Err(format!(
                    "http {status} {}",
                    body["error"].as_str().unwrap_or("?")
                ))
            }
            Err(e) if e.is_timeout() => Err("http: no answer in time".into()),
            Err(e) => Err(format!("http: {e}")),
        };
        match state {
            Ok(state) => {
                stats.record(started.elapsed());
                game.state = state;
            }
            Err(why) => {
                stats.error(why);
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        }
    }
}

async fn connect(base: &str, id: &str, token: &str) -> Option<Socket> {
    let url = format!("{}/api/games/{id}/ws", base.replace("http://", "ws://"));
    // Small buffers on the client side too, so that memory per game is mostly the server's.
    let config = tokio_tungstenite::tungstenite::protocol::WebSocketConfig::default()
        .read_buffer_size(8 * 1024)
        .write_buffer_size(8 * 1024);
    let (mut ws, _) = tokio_tungstenite::connect_async_with_config(url, Some(config), false)
        .await
        .ok()?;
    ws.send(Message::Text(
        json!({"type": "auth", "token": token}).to_string().into(),
    ))
    .await
    .ok()?;
    Some(ws)
}

/// Reads messages until `want` says yes; keeps the latest state seen.
async fn read_until(
    ws: &mut Socket,
    state: &mut State,
    want: impl Fn(&ServerMessage, &State) -> bool,
) -> Option<ServerMessage> {
    loop {
        let message = tokio::time::timeout(Duration::from_secs(30), ws.next())
            .await
            .ok()??
            .ok()?;
        let Message::Text(text) = message else {
            continue;
        };
        let Ok(mut message) = serde_json::from_str::<ServerMessage>(&text) else {
            continue;
        };
        if let Some(s) = message.take_state() {
            *state = s;
        }
        if want(&message, state) {
            return Some(message);
        }
    }
}

/// Both players' sockets of a game, once both are authenticated.
async fn seat(base: &str, game: &Created) -> Option<[Socket; 2]> {
    let mut sockets = [
        connect(base, &game.id, &game.tokens[0]).await?,
        connect(base, &game.id, &game.tokens[1]).await?,
    ];
    for ws in &mut sockets {
        let mut s = State::default();
        read_until(ws, &mut s, |m, _| m.kind == "hello" && m.side.is_some()).await?;
    }
    Some(sockets)
}

async fn ws_game(pair: Pair, mut rng: u64, mut game: Created) {
    let Some(mut sockets) = seat(&pair.bases.play, &game).await else {
        pair.stats.error("ws: seating the players");
        return;
    };
    let mut state = game.state.clone();
    let mut next = Instant::now() + Duration::from_millis(rng % 1000);
    let mut id = 0u64;
    while pair.phase.running.load(Ordering::Relaxed) {
        pair.phase.pace(&mut next).await;
        if state.over() {
            let Some(fresh) = next_game(&pair.http, &pair.bases, &pair.stats).await else {
                return;
            };
            game = fresh;
            state = game.state.clone();
            let Some(fresh) = seat(&pair.bases.play, &game).await else {
                pair.stats.error("ws: seating the players");
                return;
            };
            sockets = fresh;
            continue;
        }
        let mover = state.mover();
        let mv = pick(&state.legal_moves, &mut rng);
        id += 1;
        let seq = state.seq;
        let started = Instant::now();
        let message = json!({"type": "move", "move": mv, "id": id}).to_string();
        if sockets[mover]
            .send(Message::Text(message.into()))
            .await
            .is_err()
        {
            pair.stats.error("ws: sending a move");
            return;
        }
        let answer = read_until(&mut sockets[mover], &mut state, |m, _| {
            (m.kind == "ack" || m.kind == "error") && m.id == Some(id)
        })
        .await;
        match answer {
            Some(a) if a.kind == "ack" => pair.stats.record(started.elapsed()),
            Some(a) => {
                pair.stats
                    .error(format!("ws error {}", a.error.as_deref().unwrap_or("?")));
                return;
            }
            None => {
                pair.stats.error("ws: no answer to a move");
                return;
            }
        }
        // The broadcast with the new state reaches both players.
        let fresh = |_: &ServerMessage, s: &State| s.seq > seq;
        if state.seq <= seq
            && read_until(&mut sockets[mover], &mut state, fresh)
                .await
                .is_none()
        {
            pair.stats.error("ws: the mover saw no broadcast");
            return;
        }
        let mut other_state = State::default();
        if read_until(&mut sockets[1 - mover], &mut other_state, fresh)
            .await
            .is_none()
        {
            pair.stats.error("ws: the opponent saw no broadcast");
            return;
        }
    }
}

fn config(dir: &std::path::Path) -> Config {
    let mut config = Config::new("127.0.0.1:0".parse().expect("address"), dir.to_owned());
    config.limits.http_rate = 1e6;
    config.limits.http_burst = 1e6;
    config.limits.ws_rate = 1e6;
    config.limits.ws_burst = 1e6;
    config.limits.create_per_minute = 1e9;
    if std::env::var("LOAD_SYNC").is_ok_and(|v| v == "normal") {
        config.storage.synchronous = xiangqi_server::Synchronous::Normal;
    }
    // `LOAD_DATABASE=postgres://…`: PostgreSQL (cluster mode; with `LOAD_NODES`, one database
    // for every node).
    if let Ok(url) = std::env::var("LOAD_DATABASE") {
        config.storage.database = Some(url.into());
    }
    config
}

/// How late a 5 ms timer fires on the server's runtime (µs): a busy or blocked runtime
/// delays every task, and this shows by how much.
async fn probe_scheduling(late: Arc<Histogram>) {
    let period = Duration::from_millis(5);
    loop {
        let due = Instant::now() + period;
        tokio::time::sleep_until(due.into()).await;
        late.record_duration(Instant::now().saturating_duration_since(due));
    }
}

fn server_histograms(server: &Server, late: &Histogram) -> Vec<String> {
    let mut lines: Vec<String> = server
        .state()
        .metrics
        .take_all()
        .into_iter()
        .filter(|(_, s)| s.count > 0)
        .map(|(name, s)| format!("{name:>12}: {s}"))
        .collect();
    lines.push(format!("{:>12}: {}", "sched_delay", late.take()));
    lines
}

/// `--serve`: the server alone. Prints `listening ADDR`, then answers commands on stdin
/// (`memory`, `metrics`) until stdin closes.
fn serve() {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("runtime");
    runtime.block_on(async {
        let dir = tempfile::tempdir().expect("temporary directory");
        let server = Server::start(config(dir.path())).await.expect("server");
        let late = Arc::new(Histogram::default());
        tokio::spawn(probe_scheduling(late.clone()));
        println!("listening {}", server.local_addr());
        let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel();
        std::thread::spawn(move || {
            for line in std::io::stdin().lock().lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        while let Some(line) = rx.recv().await {
            match line.trim() {
                "memory" => println!(
                    "{} {} {}",
                    status_kib("self", "VmRSS:"),
                    status_kib("self", "VmHWM:"),
                    server.state().rooms_in_memory()
                ),
                "metrics" => {
                    for l in server_histograms(&server, &late) {
                        println!("{l}");
                    }
                    println!("end");
                }
                _ => println!("?"),
            }
            let _ = std::io::stdout().flush();
        }
        server.shutdown().await;
    });
}

/// The server under test: in this process, or a child process.
enum Target {
    Here {
        server: Server,
        late: Arc<Histogram>,
        _dir: tempfile::TempDir,
    },
    Child {
        child: Child,
        stdin: ChildStdin,
        stdout: BufReader<ChildStdout>,
    },
}

struct Memory {
    rss_kib: u64,
    peak_kib: u64,
    rooms: u64,
}

impl Target {
    async fn start(in_process: bool) -> (Target, String) {
        if in_process {
            let dir = tempfile::tempdir().expect("temporary directory");
            let server = Server::start(config(dir.path())).await.expect("server");
            let late = Arc::new(Histogram::default());
            tokio::spawn(probe_scheduling(late.clone()));
            let base = format!("http://{}", server.local_addr());
            let target = Target::Here {
                server,
                late,
                _dir: dir,
            };
            return (target, base);
        }
        let exe = std::env::current_exe().expect("this program");
        let mut child = Command::new(exe)
            .arg("--serve")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("starting the server process");
        let stdin = child.stdin.take().expect("stdin");
        let mut stdout = BufReader::new(child.stdout.take().expect("stdout"));
        let mut line = String::new();
        stdout.read_line(&mut line).expect("the server's address");
        let addr = line
            .trim()
            .strip_prefix("listening ")
            .expect("`listening ADDR`")
            .to_owned();
        let target = Target::Child {
            child,
            stdin,
            stdout,
        };
        (target, format!("http://{addr}"))
    }

    fn pid(&self) -> String {
        match self {
            Target::Here { .. } => "self".into(),
            Target::Child { child, .. } => child.id().to_string(),
        }
    }

    fn ask(&mut self, command: &str) -> Vec<String> {
        let Target::Child { stdin, stdout, .. } = self else {
            return Vec::new();
        };
        writeln!(stdin, "{command}").expect("asking the server");
        stdin.flush().expect("asking the server");
        let mut lines = Vec::new();
        loop {
            let mut line = String::new();
            if stdout.read_line(&mut line).unwrap_or(0) == 0 {
                break;
            }
            let line = line.trim_end().to_owned();
            if command != "metrics" {
                lines.push(line);
                break;
            }
            if line == "end" {
                break;
            }
            lines.push(line);
        }
        lines
    }

    fn memory(&mut self) -> Memory {
        if let Target::Here { server, .. } = self {
            return Memory {
                rss_kib: status_kib("self", "VmRSS:"),
                peak_kib: status_kib("self", "VmHWM:"),
                rooms: server.state().rooms_in_memory() as u64,
            };
        }
        let line = self.ask("memory").join(" ");
        let n: Vec<u64> = line
            .split_whitespace()
            .filter_map(|v| v.parse().ok())
            .collect();
        Memory {
            rss_kib: n.first().copied().unwrap_or(0),
            peak_kib: n.get(1).copied().unwrap_or(0),
            rooms: n.get(2).copied().unwrap_or(0),
        }
    }

    fn histograms(&mut self) -> Vec<String> {
        match self {
            Target::Here { server, late, .. } => server_histograms(server, late),
            Target::Child { .. } => self.ask("metrics"),
        }
    }

    async fn stop(self) {
        match self {
            Target::Here { server, .. } => server.shutdown().await,
            Target::Child {
                mut child, stdin, ..
            } => {
                drop(stdin);
                let _ = child.wait();
            }
        }
    }
}

/// CPU time of the server (every node's process) and of the client since the last call, per
/// move.
struct Cpu {
    server_pid: String,
    more_pids: Vec<String>,
    server: u64,
    client: u64,
}

impl Cpu {
    fn new(server_pid: String, more_pids: Vec<String>) -> Cpu {
        let mut cpu = Cpu {
            server: 0,
            client: cpu_ticks("self"),
            server_pid,
            more_pids,
        };
        cpu.server = cpu.servers();
        cpu
    }

    fn servers(&self) -> u64 {
        let more: u64 = self.more_pids.iter().map(|p| cpu_ticks(p)).sum();
        cpu_ticks(&self.server_pid) + more
    }

    fn report(&mut self, moves: u64, seconds: f64) {
        let (server, client) = (self.servers(), cpu_ticks("self"));
        let ds = (server - self.server) as f64 * 10.0;
        let dc = (client - self.client) as f64 * 10.0;
        (self.server, self.client) = (server, client);
        let per = |ms: f64| ms * 1000.0 / moves.max(1) as f64;
        if self.server_pid == "self" {
            println!(
                "      cpu: {:.0}% of one core, {:.0} µs per move (server and client together)",
                dc / seconds / 10.0,
                per(dc)
            );
        } else {
            println!(
                "      cpu: server {:.0}% of one core, {:.0} µs per move; client {:.0}%, {:.0} µs per move",
                ds / seconds / 10.0,
                per(ds),
                dc / seconds / 10.0,
                per(dc)
            );
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "--serve") {
        serve();
        return;
    }
    let in_process = args.iter().any(|a| a == "--in-process");
    let numbers: Vec<u64> = args.iter().filter_map(|a| a.parse().ok()).collect();
    let games = numbers.first().copied().unwrap_or(1000) as usize;
    let paced_s = numbers.get(1).copied().unwrap_or(20);
    let flat_s = numbers.get(2).copied().unwrap_or(6);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("runtime");
    runtime.block_on(run(games, paced_s, flat_s, in_process));
}

fn print_histograms(target: &mut Target) {
    println!("    server, µs (batch: writes per commit):");
    for line in target.histograms() {
        println!("    {line}");
    }
}

async fn run(games: usize, paced_s: u64, flat_s: u64, in_process: bool) {
    let (mut target, base) = Target::start(in_process).await;
    // `LOAD_NODES=2` (with `LOAD_DATABASE=postgres://…`): more nodes on the same database,
    // each in its own process; games are created on the nodes in turn, and half of them
    // are played through a node other than the one they were created on.
    let nodes: usize = std::env::var("LOAD_NODES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(1);
    let mut others = Vec::new();
    for _ in 1..nodes {
        others.push(Target::start(false).await);
    }
    let all_bases: Vec<String> = std::iter::once(base.clone())
        .chain(others.iter().map(|(_, b)| b.clone()))
        .collect();
    let bases_of = |i: usize| {
        let create = all_bases[i % nodes].clone();
        let elsewhere = nodes > 1 && (i / 2) % 2 == 1;
        let play = all_bases[(i + usize::from(elsewhere)) % nodes].clone();
        Bases { create, play }
    };
    let http = reqwest::Client::builder()
        .pool_max_idle_per_host(games)
        .timeout(Duration::from_secs(30))
        .build()
        .expect("client");
    println!(
        "load: {games} games on {} ({}), synchronous={}, {} cores",
        all_bases.join(" + "),
        if in_process {
            "server in this process"
        } else {
            "server in its own process"
        },
        std::env::var("LOAD_SYNC").unwrap_or_else(|_| "full".into()),
        std::thread::available_parallelism().map_or(1, |n| n.get())
    );
    if let Ok(url) = std::env::var("LOAD_DATABASE") {
        let url = xiangqi_server::config::DatabaseUrl::from(url);
        println!("load: storage in PostgreSQL at {url} (synchronous_commit=on)");
    }

    let before = target.memory();
    let started = Instant::now();
    let mut created = Vec::with_capacity(games);
    for chunk in (0..games).collect::<Vec<_>>().chunks(50) {
        let batch = chunk.iter().map(|i| create(&http, &all_bases[i % nodes]));
        for game in futures_util::future::join_all(batch).await {
            created.push(game.expect("creating a game"));
        }
    }
    let after_create = target.memory();
    let per_game = |m: &Memory| m.rss_kib.saturating_sub(before.rss_kib) as f64 / games as f64;
    println!(
        "  created: {games} games in {:.1} s; server resident memory +{:.1} KiB per game (rooms in memory: {})",
        started.elapsed().as_secs_f64(),
        per_game(&after_create),
        after_create.rooms,
    );

    let stats = Arc::new(Stats::default());
    let phase = Arc::new(Phase {
        paced: AtomicBool::new(true),
        running: AtomicBool::new(true),
    });
    let mut tasks = Vec::new();
    for (i, game) in created.into_iter().enumerate() {
        let rng = 0x2545_f491_4f6c_dd1d ^ (i as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let pair = Pair {
            http: http.clone(),
            bases: bases_of(i),
            stats: stats.clone(),
            phase: phase.clone(),
        };
        tasks.push(if i % 2 == 0 {
            tokio::spawn(http_game(pair, rng, game))
        } else {
            tokio::spawn(ws_game(pair, rng, game))
        });
    }
    // Give the sockets a moment to connect, then measure.
    tokio::time::sleep(Duration::from_secs(2)).await;
    stats.report("warm-up", 2.0);
    target.histograms();
    let mut cpu = Cpu::new(target.pid(), others.iter().map(|(t, _)| t.pid()).collect());
    println!(
        "  with {} WebSocket players connected: server resident memory +{:.1} KiB per game",
        games,
        per_game(&target.memory())
    );
    tokio::time::sleep(Duration::from_secs(paced_s)).await;
    let moves = stats.report("paced", paced_s as f64);
    cpu.report(moves, paced_s as f64);
    print_histograms(&mut target);
    for (other, base) in &mut others {
        println!("    node {base}:");
        print_histograms(other);
    }
    phase.paced.store(false, Ordering::Relaxed);
    tokio::time::sleep(Duration::from_secs(flat_s)).await;
    let moves = stats.report("flat out", flat_s as f64);
    cpu.report(moves, flat_s as f64);
    print_histograms(&mut target);
    phase.running.store(false, Ordering::Relaxed);
    for task in tasks {
        let _ = tokio::time::timeout(Duration::from_secs(5), task).await;
    }
    let end = target.memory();
    println!(
        "  server peak resident memory (VmHWM): {} MiB; load generator: {} MiB",
        end.peak_kib / 1024,
        status_kib("self", "VmHWM:") / 1024
    );
    target.stop().await;
    for (other, _) in others {
        other.stop().await;
    }
}
