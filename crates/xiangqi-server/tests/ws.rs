//! The WebSocket against a real server on loopback.

mod common;

use std::time::Duration;

use common::TestServer;
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

use common::socket::{Socket, next};

async fn connect(s: &TestServer, id: &str, query: &str, origin: Option<&str>) -> Socket {
    let headers: Vec<(&'static str, String)> = origin
        .map(|o| ("origin", o.to_owned()))
        .into_iter()
        .collect();
    common::socket::open(s, &format!("/api/games/{id}/ws{query}"), &headers).await
}

/// Messages up to and including the first of type `kind`.
async fn until(ws: &mut Socket, kind: &str) -> Vec<Value> {
    let mut seen = Vec::new();
    loop {
        let m = next(ws).await;
        let done = m["type"] == kind;
        seen.push(m);
        if done {
            return seen;
        }
    }
}

async fn send(ws: &mut Socket, value: Value) {
    ws.send(Message::Text(value.to_string().into()))
        .await
        .unwrap();
}

#[tokio::test]
async fn a_spectator_replays_then_follows_and_resumes_after_a_drop() {
    let s = TestServer::start().await;
    let g = s.create(json!({})).await;
    s.play_line(&g, &["h2e2", "h9g7"]).await;
    let mut ws = connect(&s, &g.id, "", None).await;
    let first = until(&mut ws, "hello").await;
    let seqs: Vec<u64> = first.iter().filter_map(|m| m["seq"].as_u64()).collect();
    // Events 1 (created), 2 and 3 (moves), then the state at seq 3.
    assert_eq!(seqs, [1, 2, 3, 3]);
    assert_eq!(first[3]["type"], "state");
    assert_eq!(first[3]["moves"], json!(["h2e2", "h9g7"]));
    assert_eq!(first[4]["side"], json!(null), "a spectator plays no side");

    assert_eq!(s.play(&g.id, &g.red, "h0g2").await.0, 200);
    let live = next(&mut ws).await;
    assert_eq!(
        (live["type"].as_str(), live["seq"].as_u64()),
        (Some("event"), Some(4))
    );
    assert_eq!(live["event"]["move"], "h0g2");
    assert_eq!(live["state"]["turn"], "black");
    drop(ws);

    // While disconnected, two more moves; reconnecting with since=4 gets exactly those.
    assert_eq!(s.play(&g.id, &g.black, "i9h9").await.0, 200);
    assert_eq!(s.play(&g.id, &g.red, "i0h0").await.0, 200);
    let mut ws = connect(&s, &g.id, "?since=4", None).await;
    let missed = until(&mut ws, "state").await;
    let moves: Vec<&str> = missed
        .iter()
        .filter_map(|m| m["event"]["move"].as_str())
        .collect();
    assert_eq!(moves, ["i9h9", "i0h0"]);
    assert_eq!(missed.last().unwrap()["seq"], 6);
}

#[tokio::test]
async fn players_move_over_the_socket_and_spectators_cannot() {
    let s = TestServer::start().await;
    let g = s.create(json!({})).await;
    let mut red = connect(&s, &g.id, "", Some(&s.base)).await;
    until(&mut red, "hello").await;
    send(&mut red, json!({"type": "move", "move": "h2e2", "id": 1})).await;
    let refused = next(&mut red).await;
    assert_eq!(
        (refused["type"].as_str(), refused["error"].as_str()),
        (Some("error"), Some("missing_token"))
    );
    assert_eq!(refused["id"], 1);
    send(&mut red, json!({"type": "auth", "token": "f".repeat(64)})).await;
    assert_eq!(next(&mut red).await["error"], "wrong_token");
    send(&mut red, json!({"type": "auth", "token": g.red})).await;
    assert_eq!(next(&mut red).await["side"], "red");

    let mut black = connect(&s, &g.id, "", Some(&s.base)).await;
    until(&mut black, "hello").await;
    send(&mut black, json!({"type": "auth", "token": g.black})).await;
    assert_eq!(next(&mut black).await["side"], "black");

    send(
        &mut red,
        json!({"type": "move", "move": "炮二平五", "id": 2}),
    )
    .await;
    let mut got = until(&mut red, "ack").await;
    let ack = got.pop().unwrap();
    assert_eq!(
        (ack["id"].as_u64(), ack["seq"].as_u64()),
        (Some(2), Some(2))
    );
    let seen = next(&mut black).await;
    assert_eq!(seen["event"]["move"], "h2e2");
    assert_eq!(seen["state"]["moves_chinese"], json!(["炮二平五"]));

    send(&mut red, json!({"type": "move", "move": "h0g2", "id": 3})).await;
    let refused = until(&mut red, "error").await.pop().unwrap();
    assert_eq!(
        (refused["status"].as_u64(), refused["error"].as_str()),
        (Some(409), Some("not_your_turn"))
    );
    send(&mut black, json!({"type": "move", "move": "h9h0", "id": 4})).await;
    let refused = until(&mut black, "error").await.pop().unwrap();
    assert_eq!(
        (refused["status"].as_u64(), refused["error"].as_str()),
        (Some(422), Some("illegal_move"))
    );
}

#[tokio::test]
async fn a_foreign_origin_is_refused() {
    let s = TestServer::start().await;
    let g = s.create(json!({})).await;
    let url = format!(
        "{}/api/games/{}/ws",
        s.base.replace("http://", "ws://"),
        g.id
    );
    let mut request = url.into_client_request().unwrap();
    request
        .headers_mut()
        .insert("origin", "http://evil.example".parse().unwrap());
    let err = tokio_tungstenite::connect_async(request).await.unwrap_err();
    assert!(err.to_string().contains("403"), "{err}");
}

#[tokio::test]
async fn malformed_messages_get_errors_and_floods_get_cut_off() {
    let s = TestServer::start().await;
    let g = s.create(json!({})).await;
    let mut ws = connect(&s, &g.id, "", None).await;
    until(&mut ws, "hello").await;
    for bad in [
        "{",
        "[]",
        "{\"type\":\"dance\"}",
        "{\"type\":\"move\"}",
        "\u{0}",
    ] {
        ws.send(Message::Text(bad.into())).await.unwrap();
        let reply = next(&mut ws).await;
        assert_eq!(reply["error"], "bad_request", "{bad}: {reply}");
    }
    ws.send(Message::Binary(vec![1, 2, 3].into()))
        .await
        .unwrap();
    assert_eq!(next(&mut ws).await["error"], "bad_request");
    // An oversized message closes the connection (the limit is 4 KiB).
    let mut big = connect(&s, &g.id, "", None).await;
    until(&mut big, "hello").await;
    let _ = big.send(Message::Text("x".repeat(100_000).into())).await;
    let closed = tokio::time::timeout(Duration::from_secs(5), async {
        loop {
            match big.next().await {
                None | Some(Err(_)) | Some(Ok(Message::Close(_))) => return true,
                Some(Ok(_)) => {}
            }
        }
    })
    .await;
    assert_eq!(closed, Ok(true));
    // A flood: pings beyond the burst are refused, then the socket is closed. The replies are
    // read between sends: once the server closes a socket with pings still unread, the
    // reset may throw away replies the client had not read yet.
    let mut errors = 0;
    let mut closed = false;
    let read = |message: Option<Result<Message, _>>, errors: &mut u32| match message {
        Some(Ok(Message::Text(text))) if text.contains("rate_limited") => {
            *errors += 1;
            false
        }
        None | Some(Ok(Message::Close(_))) | Some(Err(_)) => true,
        Some(Ok(_)) => false,
    };
    for i in 0..200 {
        let ping = json!({"type": "ping", "n": i}).to_string();
        if ws.send(Message::Text(ping.into())).await.is_err() {
            closed = true;
            break;
        }
        while let Ok(message) = tokio::time::timeout(Duration::from_millis(20), ws.next()).await {
            if read(message, &mut errors) {
                closed = true;
                break;
            }
        }
        if closed {
            break;
        }
    }
    while !closed {
        match tokio::time::timeout(Duration::from_secs(3), ws.next()).await {
            Ok(message) => closed = read(message, &mut errors),
            Err(_) => break,
        }
    }
    assert!(errors > 0, "some messages were refused");
    assert!(closed, "the flood was cut off");
    // The game is unharmed.
    assert_eq!(s.state(&g.id).await["status"], "waiting");
}

#[tokio::test]
async fn the_arbiter_acts_over_the_socket_and_everyone_sees_it_live() {
    let s = TestServer::start().await;
    let g = s.create(json!({})).await;
    s.play_line(&g, &["h2e2"]).await;
    let mut watcher = connect(&s, &g.id, "", None).await;
    until(&mut watcher, "hello").await;
    let mut player = connect(&s, &g.id, "", None).await;
    until(&mut player, "hello").await;
    send(&mut player, json!({"type": "auth", "token": g.black})).await;
    let hello = until(&mut player, "hello").await.pop().unwrap();
    assert_eq!(
        (hello["role"].as_str(), hello["side"].as_str()),
        (Some("player"), Some("black"))
    );
    // A player may not send the arbiter's message.
    send(
        &mut player,
        json!({"type": "arbiter", "id": 1, "request": {"action": "pause"}}),
    )
    .await;
    let refused = until(&mut player, "error").await.pop().unwrap();
    assert_eq!(
        (refused["status"].as_u64(), refused["id"].as_u64()),
        (Some(403), Some(1))
    );

    let mut arbiter = connect(&s, &g.id, "", None).await;
    until(&mut arbiter, "hello").await;
    send(&mut arbiter, json!({"type": "auth", "token": g.arbiter})).await;
    let hello = until(&mut arbiter, "hello").await.pop().unwrap();
    assert_eq!(
        (hello["role"].as_str(), hello["side"].as_str()),
        (Some("arbiter"), None)
    );
    let foul = json!({"type": "arbiter", "id": 7, "request":
        {"action": "foul", "side": "black", "foul": "touched_not_captured", "note": "x"}});
    send(&mut arbiter, foul).await;
    let ack = until(&mut arbiter, "ack").await.pop().unwrap();
    assert_eq!(ack["id"], 7);
    send(
        &mut arbiter,
        json!({"type": "arbiter", "id": 8, "request": {"action": "move_limit", "rounds": 25}}),
    )
    .await;
    assert_eq!(until(&mut arbiter, "ack").await.pop().unwrap()["id"], 8);
    send(
        &mut arbiter,
        json!({"type": "arbiter", "id": 9, "request": {"action": "resume"}}),
    )
    .await;
    let e = until(&mut arbiter, "error").await.pop().unwrap();
    assert_eq!(
        (e["error"].as_str(), e["id"].as_u64()),
        (Some("not_paused"), Some(9))
    );
    // Both the player and the spectator hear every event, with the state after each: the
    // declaration stops the clocks, notes the position and restarts them (1960 §12 二). The
    // socket's arbiter is named on each (the game's own arbiter link).
    for ws in [&mut watcher, &mut player] {
        let mut seen = Vec::new();
        while seen.len() < 4 {
            let m = next(ws).await;
            if m["type"] == "event" {
                seen.push(m);
            }
        }
        assert_eq!(seen[0]["event"]["kind"], "foul");
        assert_eq!(seen[0]["event"]["by"]["role"], "game");
        assert_eq!(seen[0]["state"]["fouls"]["black"], 1);
        let kinds: Vec<_> = seen[1..]
            .iter()
            .map(|m| m["event"]["kind"].clone())
            .collect();
        assert_eq!(
            kinds,
            ["arbiter_paused", "move_limit_declared", "arbiter_resumed"]
        );
        assert_eq!(seen[2]["state"]["move_limit"]["rounds_left"], 25);
        assert_eq!(seen[3]["state"]["paused"], false);
    }
    // The arbiter scores Black's move over the socket, in the short form.
    send(
        &mut arbiter,
        json!({"type": "move", "move": "马87", "id": 10}),
    )
    .await;
    assert_eq!(until(&mut arbiter, "ack").await.pop().unwrap()["id"], 10);
    assert_eq!(s.state(&g.id).await["moves"], json!(["h2e2", "h9g7"]));
}

#[tokio::test]
async fn opening_the_socket_with_a_token_is_arriving() {
    let s = TestServer::start().await;
    let start = common::now_ms();
    let g = s
        .create(json!({"starts_at": common::rfc3339(start), "lateness": "1500ms"}))
        .await;
    let mut black = connect(&s, &g.id, "", None).await;
    until(&mut black, "hello").await;
    send(&mut black, json!({"type": "auth", "token": g.black})).await;
    until(&mut black, "hello").await;
    let mut red = connect(&s, &g.id, "", None).await;
    until(&mut red, "hello").await;
    send(&mut red, json!({"type": "auth", "token": g.red})).await;
    until(&mut red, "hello").await;
    // Past the lateness limit (long enough for a loaded machine to seat both): had the
    // sockets not counted as arriving, both would have lost.
    let past = (start + 1800).saturating_sub(common::now_ms());
    tokio::time::sleep(Duration::from_millis(past)).await;
    let state = s.state(&g.id).await;
    assert_eq!(state["arrived"], json!({"red": true, "black": true}));
    assert_eq!(state["status"], "waiting", "{state}");
    assert_eq!(state["clocks"]["running"], "red");
}

/// The book's procedure over the socket: the state pushed after the ruling occurrence carries
/// the order to vary; a false claim gets the referee's code; a true one ends the game.
#[tokio::test]
async fn orders_and_claims_travel_over_the_socket() {
    let s = TestServer::start().await;
    let g = s
        .create(json!({"fen": "5k3/9/9/9/9/9/9/9/7R1/3K5 w"}))
        .await;
    let mut black = connect(&s, &g.id, "", Some(&s.base)).await;
    until(&mut black, "hello").await;
    send(&mut black, json!({"type": "auth", "token": g.black})).await;
    assert_eq!(next(&mut black).await["side"], "black");
    let checks = [
        "h1h9", "f9f8", "h9h8", "f8f9", "h8h9", "f9f8", "h9h8", "f8f9", "h8h9",
    ];
    s.play_line(&g, &checks).await;
    let mut last = Value::Null;
    for _ in 0..checks.len() {
        last = next(&mut black).await;
    }
    assert_eq!(last["state"]["order"]["side"], "red", "{last}");
    assert_eq!(last["state"]["order"]["forbidden"], json!(["h9h8"]));
    send(&mut black, json!({"type": "claim", "id": 7})).await;
    let refused = until(&mut black, "error").await.pop().unwrap();
    assert_eq!(
        (
            refused["status"].as_u64(),
            refused["error"].as_str(),
            refused["id"].as_u64()
        ),
        (Some(409), Some("repetition_forbidden"), Some(7)),
        "{refused}"
    );

    let g = s.create(json!({})).await;
    let mut red = connect(&s, &g.id, "", Some(&s.base)).await;
    until(&mut red, "hello").await;
    send(&mut red, json!({"type": "auth", "token": g.red})).await;
    assert_eq!(next(&mut red).await["side"], "red");
    s.play_line(
        &g,
        &[
            "h0g2", "h9g7", "g2h0", "g7h9", "h0g2", "h9g7", "g2h0", "g7h9",
        ],
    )
    .await;
    send(&mut red, json!({"type": "claim", "id": 8})).await;
    until(&mut red, "ack").await;
    let mut ended = next(&mut red).await;
    while ended["state"]["status"] != "ended" {
        ended = next(&mut red).await;
    }
    assert_eq!(ended["state"]["ruling"]["claimed_by"], "red");
    assert_eq!(ended["state"]["result"], "draw");
}
