//! `xq serve` as a process: `kill -9` in the middle of games, restart, and every acknowledged
//! move is still there, with the clock of the side to move resumed.
//!
//! Uses only the standard library for HTTP (one request per connection), so the test needs no
//! client crate.

mod common;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use common::{Storage, serve, serve_with};
use serde_json::{Value, json};

/// One HTTP request; the status and the JSON body (or `null`). `None` if the connection
/// failed (the server died under us).
fn http(
    addr: SocketAddr,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Option<Value>,
) -> Option<(u16, Value)> {
    let mut stream = TcpStream::connect_timeout(&addr, Duration::from_secs(5)).ok()?;
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .ok()?;
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    let auth = token
        .map(|t| format!("Authorization: Bearer {t}\r\n"))
        .unwrap_or_default();
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n{auth}\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).ok()?;
    let mut response = Vec::new();
    stream.read_to_end(&mut response).ok()?;
    let text = String::from_utf8_lossy(&response);
    let status = text.split_whitespace().nth(1)?.parse().ok()?;
    let (_, body) = text.split_once("\r\n\r\n")?;
    Some((status, serde_json::from_str(body).unwrap_or(Value::Null)))
}

/// A tiny deterministic generator, to pick among legal moves.
fn next_random(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

struct Played {
    id: String,
    acknowledged: Vec<String>,
}

/// Plays random legal moves in one game until `stop`, recording each move the server
/// acknowledged (HTTP 200).
fn play_until_killed(addr: SocketAddr, seed: u64, stop: Arc<AtomicBool>) -> Played {
    let (_, created) = http(
        addr,
        "POST",
        "/api/games",
        None,
        Some(json!({"control": "30m"})),
    )
    .unwrap();
    let id = created["id"].as_str().unwrap().to_owned();
    let tokens = [
        created["red"]["token"].as_str().unwrap().to_owned(),
        created["black"]["token"].as_str().unwrap().to_owned(),
    ];
    let mut acknowledged = Vec::new();
    let mut legal: Vec<String> = {
        let (_, state) = http(addr, "GET", &format!("/api/games/{id}"), None, None).unwrap();
        serde_json::from_value(state["legal_moves"].clone()).unwrap()
    };
    let mut rng = seed | 1;
    while !stop.load(Ordering::Relaxed) && !legal.is_empty() && acknowledged.len() < 400 {
        let mv = legal[(next_random(&mut rng) % legal.len() as u64) as usize].clone();
        let token = &tokens[acknowledged.len() % 2];
        match http(
            addr,
            "POST",
            &format!("/api/games/{id}/moves"),
            Some(token),
            Some(json!({"move": mv})),
        ) {
            Some((200, state)) => {
                acknowledged.push(mv);
                legal = serde_json::from_value(state["legal_moves"].clone()).unwrap();
            }
            Some((status, body)) => panic!("{mv}: {status} {body}"),
            None => break, // killed mid-request: this move was never acknowledged
        }
    }
    Played { id, acknowledged }
}

#[test]
fn kill_9_loses_no_acknowledged_move_and_the_clock_resumes() {
    let data = Storage::new("crash");
    let server = serve(&data);
    let addr = server.addr;
    let stop = Arc::new(AtomicBool::new(false));
    let players: Vec<_> = (0..4u64)
        .map(|seed| {
            let stop = stop.clone();
            std::thread::spawn(move || play_until_killed(addr, 0x9e37_79b9_7f4a_7c15 ^ seed, stop))
        })
        .collect();
    // Let the games run, then kill -9 (SIGKILL) with requests in flight.
    std::thread::sleep(Duration::from_millis(1500));
    let mut server = server;
    server.child.kill().unwrap();
    server.child.wait().unwrap();
    stop.store(true, Ordering::Relaxed);
    let played: Vec<Played> = players.into_iter().map(|p| p.join().unwrap()).collect();
    assert!(
        played.iter().all(|p| !p.acknowledged.is_empty()),
        "every game got going"
    );

    let server = serve(&data);
    let counts: Vec<usize> = played.iter().map(|p| p.acknowledged.len()).collect();
    println!("acknowledged before kill -9: {counts:?}");
    for game in &played {
        let (status, state) = http(
            server.addr,
            "GET",
            &format!("/api/games/{}", game.id),
            None,
            None,
        )
        .unwrap();
        assert_eq!(status, 200);
        let stored: Vec<String> = serde_json::from_value(state["moves"].clone()).unwrap();
        let n = game.acknowledged.len();
        assert!(
            stored.len() == n || stored.len() == n + 1,
            "game {}: {} acknowledged, {} stored",
            game.id,
            n,
            stored.len()
        );
        assert_eq!(
            stored[..n],
            game.acknowledged[..],
            "every acknowledged move, in order"
        );
        if state["status"] == "playing" {
            let to_move = state["turn"].as_str().unwrap();
            assert_eq!(
                state["clocks"]["running"], to_move,
                "the clock of the side to move runs again"
            );
            let left = state["clocks"][to_move]["remaining_ms"].as_u64().unwrap();
            // 30 minutes, less what was used before the crash (a few seconds at most); the
            // time the server was down is not charged.
            assert!(left > 29 * 60 * 1000 && left <= 30 * 60 * 1000, "{left}");
            let kinds: Vec<String> = {
                let (_, events) = http(
                    server.addr,
                    "GET",
                    &format!("/api/games/{}/events?since=1", game.id),
                    None,
                    None,
                )
                .unwrap();
                events["events"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|e| e["event"]["kind"].as_str().unwrap().to_owned())
                    .collect()
            };
            assert_eq!(kinds[kinds.len() - 2..], ["clock_paused", "clock_resumed"]);
        }
    }
    drop(server);
}

#[test]
fn serve_reads_its_options_from_the_environment() {
    let data = Storage::new("env");
    let mut command = Command::new(env!("CARGO_BIN_EXE_xq"));
    command.arg("serve").env("XQ_LISTEN", "127.0.0.1:0");
    data.env(&mut command);
    let mut child = command
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let stderr = child.stderr.take().unwrap();
    let line = BufReader::new(stderr)
        .lines()
        .map_while(Result::ok)
        .find(|l| l.contains("listening on"))
        .unwrap();
    let _ = child.kill();
    let _ = child.wait();
    assert!(
        line.contains("127.0.0.1:") && !line.contains(":8080"),
        "{line}"
    );
    assert!(data.created(), "the database is created on first start");
}

/// `kill -9` with arbiter events stored: a foul, a declared move limit, time given
/// and a pause are acknowledged, the server is killed with SIGKILL and started again on the
/// same data; every event is still there and in force, and the tokens still act.
#[test]
fn kill_9_keeps_every_arbiter_event() {
    let dir = Storage::new("kill-arbiter");
    let server = serve(&dir);
    let (status, created) = http(
        server.addr,
        "POST",
        "/api/games",
        None,
        Some(json!({"red_name": "甲", "foul_limit": 5, "pairs": "consult"})),
    )
    .expect("the server answers");
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_str().unwrap().to_owned();
    let token = |who: &str| created[who]["token"].as_str().unwrap().to_owned();
    let (red, black2, arbiter) = (token("red"), token("black2"), token("arbiter"));
    let post = |addr, what: &str, token: &str, body: Value| {
        let (status, state) = http(
            addr,
            "POST",
            &format!("/api/games/{id}/{what}"),
            Some(token),
            Some(body),
        )
        .expect("the server answers");
        assert_eq!(status, 200, "{what}: {state}");
        state
    };
    post(server.addr, "moves", &red, json!({"move": "h2e2"}));
    post(server.addr, "moves", &black2, json!({"move": "马8进7"}));
    for action in [
        json!({"action": "foul", "side": "black", "foul": "touched_not_moved"}),
        json!({"action": "move_limit", "rounds": 30}),
        json!({"action": "time", "side": "red", "ms": 60000}),
        json!({"action": "pause"}),
    ] {
        post(server.addr, "arbiter", &arbiter, action);
    }
    drop(server); // SIGKILL: Child::kill on Unix.

    let server = serve(&dir);
    let (_, state) =
        http(server.addr, "GET", &format!("/api/games/{id}"), None, None).expect("answers");
    assert_eq!(state["moves"], json!(["h2e2", "h9g7"]));
    assert_eq!(state["fouls"], json!({"red": 0, "black": 1}));
    assert_eq!(state["foul_limit"], 5);
    assert_eq!(state["move_limit"]["rounds"], 30);
    assert_eq!(state["paused"], true);
    assert_eq!(state["clocks"]["state"], "paused");
    assert_eq!(state["names"]["red"], "甲");
    // Four actions, six events: the declaration of the limit stops the clocks, notes the
    // position and restarts them (1960 §12 二); each names the game's arbiter.
    let log = state["arbiter_log"].as_array().unwrap();
    assert_eq!(log.len(), 6);
    assert!(log.iter().all(|e| e["by"]["role"] == "game"), "{log:?}");
    // Red had 10 min, +5 s for its move, +60 s from the arbiter, and thinks from move 2.
    let red_ms = state["clocks"]["red"]["remaining_ms"].as_u64().unwrap();
    assert!((660_000..=665_000).contains(&red_ms), "{red_ms}");
    // The tokens survived too: the partner and the arbiter act after the restart.
    let state = post(
        server.addr,
        "arbiter",
        &arbiter,
        json!({"action": "resume"}),
    );
    assert_eq!(state["clocks"]["state"], "running");
    post(server.addr, "moves", &red, json!({"move": "h0g2"}));
    post(server.addr, "moves", &black2, json!({"move": "i9h9"}));
    drop(server);
}

/// `xq serve --engine` takes the spec as `xq match --engine` does, in separate words, as well
/// as in one quoted word (below): both reach the engine crate's one parser.
#[test]
fn serve_takes_an_engine_in_separate_words() {
    let data = Storage::new("serve-engine-words");
    let served = serve_with(
        &data,
        &[
            "--engine",
            "name=xqe",
            "cmd=builtin",
            "depth=1",
            "--engine-threads",
            "1",
        ],
    );
    let (_, offered) = http(served.addr, "GET", "/api/computer", None, None).unwrap();
    assert_eq!(offered["engines"][1]["name"], "xqe", "{offered}");
}

/// An external engine given to `xq serve --engine` (here `xq engine` itself, a separate
/// process spoken to over UCI) plays a person: it is listed, answers the move, and the game
/// ends by the referee's ruling.
#[test]
fn serve_plays_an_external_engine_given_by_flag() {
    let data = Storage::new("serve-engine");
    let served = serve_with(&data, &["--engine", "name=xqe cmd=builtin depth=2"]);
    let addr = served.addr;
    let (_, offered) = http(addr, "GET", "/api/computer", None, None).unwrap();
    assert_eq!(offered["engines"][1]["name"], "xqe", "{offered}");
    let (status, created) = http(
        addr,
        "POST",
        "/api/games",
        None,
        Some(json!({"computer": {"side": "black", "engine": "xqe"}})),
    )
    .unwrap();
    assert_eq!(status, 201, "{created}");
    assert!(created.get("black").is_none());
    let id = created["id"].as_str().unwrap().to_owned();
    let red = created["red"]["token"].as_str().unwrap().to_owned();
    let moves = format!("/api/games/{id}/moves");
    let (status, _) = http(
        addr,
        "POST",
        &moves,
        Some(&red),
        Some(json!({"move": "h2e2"})),
    )
    .unwrap();
    assert_eq!(status, 200);
    let mut state = Value::Null;
    for _ in 0..300 {
        state = http(addr, "GET", &format!("/api/games/{id}"), None, None)
            .unwrap()
            .1;
        if state["moves"].as_array().is_some_and(|m| m.len() == 2) {
            break;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    assert_eq!(state["moves"].as_array().map(Vec::len), Some(2), "{state}");
    let (status, ended) = http(
        addr,
        "POST",
        &format!("/api/games/{id}/resign"),
        Some(&red),
        None,
    )
    .unwrap();
    assert_eq!(status, 200);
    assert_eq!(ended["result"], "black_wins");
    // An unknown engine is refused, naming those there are.
    let (status, refused) = http(
        addr,
        "POST",
        "/api/games",
        None,
        Some(json!({"computer": {"side": "black", "engine": "nope"}})),
    )
    .unwrap();
    assert_eq!(status, 422);
    assert!(refused.to_string().contains("xqe"), "{refused}");
    drop(served);
}
