//! `xq serve` as a process running an event: `kill -9` in the middle of a round, restart,
//! and the event has every acknowledged registration, pairing and result; a game that ended
//! just before the kill has its result in the event after the restart; the round goes on.
//!
//! Standard library HTTP, one request per connection, as `tests/serve.rs` does.

mod common;

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::Duration;

use common::{Storage, serve};
use serde_json::{Value, json};

fn http(
    addr: SocketAddr,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Option<Value>,
) -> (u16, Value) {
    let mut stream = TcpStream::connect_timeout(&addr, Duration::from_secs(5)).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    let auth = token
        .map(|t| format!("Authorization: Bearer {t}\r\n"))
        .unwrap_or_default();
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n{auth}\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).unwrap();
    let mut response = Vec::new();
    stream.read_to_end(&mut response).unwrap();
    let text = String::from_utf8_lossy(&response);
    let status = text.split_whitespace().nth(1).unwrap().parse().unwrap();
    let (_, body) = text.split_once("\r\n\r\n").unwrap();
    (status, serde_json::from_str(body).unwrap_or(Value::Null))
}

const MATE_LINE: [&str; 5] = ["b2b4", "a6a5", "b4c4", "f9e8", "c4c9"];

#[test]
fn kill_9_mid_round_loses_nothing_of_the_event() {
    let data = Storage::new("event-crash");
    let server = serve(&data);
    let addr = server.addr;
    let (status, created) = http(
        addr,
        "POST",
        "/api/events",
        None,
        Some(json!({"name": "Crash Open", "system": "round_robin"})),
    );
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_str().unwrap().to_owned();
    let organiser = created["organiser"]["token"].as_str().unwrap().to_owned();
    let mut tokens = Vec::new();
    for name in ["A", "B", "C", "D"] {
        let (status, p) = http(
            addr,
            "POST",
            &format!("/api/events/{id}/players"),
            Some(&organiser),
            Some(json!({"name": name})),
        );
        assert_eq!(status, 201);
        tokens.push(p["token"].as_str().unwrap().to_owned());
    }
    let (status, round) = http(
        addr,
        "POST",
        &format!("/api/events/{id}/rounds"),
        Some(&organiser),
        None,
    );
    assert_eq!(status, 200, "{round}");
    let board = |i: usize| {
        let b = &round["boards"][i];
        let token = |k: &str| tokens[b[k].as_u64().unwrap() as usize - 1].clone();
        (
            b["game"].as_str().unwrap().to_owned(),
            token("red"),
            token("black"),
        )
    };
    let play = |game: &str, red: &str, black: &str, line: &[&str]| {
        for (i, mv) in line.iter().enumerate() {
            let t = if i % 2 == 0 { red } else { black };
            let (status, body) = http(
                addr,
                "POST",
                &format!("/api/games/{game}/moves"),
                Some(t),
                Some(json!({"move": mv})),
            );
            assert_eq!(status, 200, "{mv}: {body}");
        }
    };
    // Board 1 ends on the mate; board 2 is left half-played; kill -9 straight after the
    // mating move's answer, before anyone waits for the event to hear of it.
    let (g1, r1, b1) = board(0);
    let (g2, r2, b2) = board(1);
    play(&g2, &r2, &b2, &["h2e2", "h9g7"]);
    play(&g1, &r1, &b1, &MATE_LINE);
    let mut server = server;
    server.child.kill().unwrap();
    server.child.wait().unwrap();

    let server = serve(&data);
    let addr = server.addr;
    let event = |addr| http(addr, "GET", &format!("/api/events/{id}"), None, None).1;
    let v = event(addr);
    assert_eq!(v["status"], "running");
    assert_eq!(v["players"].as_array().unwrap().len(), 4);
    assert_eq!(
        v["rounds"][0]["boards"][0]["result"], "1-0",
        "the game's end reached the event: {v}"
    );
    assert_eq!(v["rounds"][0]["boards"][1]["result"], Value::Null);
    let (_, state) = http(addr, "GET", &format!("/api/games/{g2}"), None, None);
    assert_eq!(state["moves"], json!(["h2e2", "h9g7"]));
    // The round goes on after the restart: the players' event tokens still play.
    let (status, _) = http(
        addr,
        "POST",
        &format!("/api/games/{g2}/resign"),
        Some(&r2),
        None,
    );
    assert_eq!(status, 200);
    let mut finished = false;
    for _ in 0..100 {
        if event(addr)["rounds"][0]["boards"][1]["result"] == "0-1" {
            finished = true;
            break;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(finished, "board 2's result flows in after the restart");
    let (status, r2) = http(
        addr,
        "POST",
        &format!("/api/events/{id}/rounds"),
        Some(&organiser),
        None,
    );
    assert_eq!((status, &r2["round"]), (200, &json!(2)), "{r2}");
    drop(server);
}
