//! Cluster mode in one process: two servers on one PostgreSQL database (`XQ_TEST_POSTGRES`,
//! a fresh database per test). Forwarding to the owner and its failures (an owner that cannot
//! be reached: 503 until its lease lapses, then a takeover; an owner that does not answer:
//! 502), a node that loses its lease closing the room, the competitions on one node, a drain
//! that hands the games over at once, forwarded requests exempt from the owner's rate limit,
//! an event's result entry and PGN export on a node other than its game's owner, a
//! disqualification there reaching the event as one.
//! The processes, `kill -9` and the sockets are in `crates/xq/tests/cluster.rs`.

mod common;

use std::time::{Duration, Instant};

use common::{Data, TestServer};
use serde_json::{Value, json};
use sqlx::postgres::PgPool;
use xiangqi_server::Config;
use xiangqi_server::store::testing::{self, TestDatabase};

async fn database() -> Option<TestDatabase> {
    let Some(admin) = testing::postgres_url_if_set() else {
        if let Err(e) = testing::postgres_from_env() {
            panic!("{e}");
        }
        println!("cluster test did not run: XQ_TEST_POSTGRES is not set");
        return None;
    };
    Some(TestDatabase::create(&admin).await.unwrap())
}

/// Two nodes, `a` (which keeps the database) and `b`, with short leases.
async fn two_nodes(
    lease_ms: u64,
    a_limits: impl FnOnce(&mut Config),
) -> Option<(TestServer, TestServer, PgPool)> {
    let db = database().await?;
    let url = db.url().clone();
    let node = |id: &'static str| {
        let url = url.clone();
        move |c: &mut Config| {
            c.storage.database = Some(url);
            c.cluster.node_id = Some(id.into());
            c.cluster.lease_ms = lease_ms;
            c.cluster.renew_ms = lease_ms / 5;
            c.cluster.forward_timeout_ms = 700;
        }
    };
    let data = Data {
        dir: tempfile::tempdir().unwrap(),
        db: Some(db),
    };
    let long = Duration::from_secs(20);
    let a = TestServer::start_with(
        data,
        |c| {
            node("a")(c);
            a_limits(c);
        },
        long,
    )
    .await;
    let other = Data {
        dir: tempfile::tempdir().unwrap(),
        db: None,
    };
    let b = TestServer::start_with(other, node("b"), long).await;
    let pool = PgPool::connect(url.secret()).await.unwrap();
    Some((a, b, pool))
}

async fn owner(pool: &PgPool, id: &str) -> Option<String> {
    sqlx::query_scalar(
        "SELECT node FROM xq_leases WHERE resource = $1 AND expires > clock_timestamp()",
    )
    .bind(format!("game:{id}"))
    .fetch_optional(pool)
    .await
    .unwrap()
}

/// Gives game `id`'s lease to a node `node` at `url` for `ms`.
async fn give_lease(pool: &PgPool, id: &str, node: &str, url: &str, ms: i64) {
    sqlx::query(
        "UPDATE xq_leases SET node = $2, url = $3,
             expires = clock_timestamp() + $4 * interval '1 millisecond'
         WHERE resource = $1",
    )
    .bind(format!("game:{id}"))
    .bind(node)
    .bind(url)
    .bind(ms)
    .execute(pool)
    .await
    .unwrap();
}

async fn rooms(s: &TestServer) -> u64 {
    let health: Value = s
        .http
        .get(s.url("/api/health"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    health["games_in_memory"].as_u64().unwrap()
}

async fn wait_for(what: &str, limit: Duration, mut done: impl AsyncFnMut() -> bool) -> Duration {
    let started = Instant::now();
    while !done().await {
        assert!(started.elapsed() < limit, "{what}: not within {limit:?}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    started.elapsed()
}

#[tokio::test]
async fn forwarding_to_the_owner_and_when_it_fails() {
    const LEASE_MS: u64 = 2500;
    let Some((a, b, pool)) = two_nodes(LEASE_MS, |_| {}).await else {
        return;
    };
    let g = a.create(json!({"control": "10m"})).await;
    assert_eq!(owner(&pool, &g.id).await.as_deref(), Some("a"));
    // Played and read through b: forwarded, answered by a.
    assert_eq!(b.play(&g.id, &g.red, "h2e2").await.0, 200);
    let (status, state) = b.play(&g.id, &g.black, "h9g7").await;
    assert_eq!(status, 200, "{state}");
    assert_eq!(state["moves"], json!(["h2e2", "h9g7"]));
    assert_eq!(a.state(&g.id).await["seq"], state["seq"]);
    assert_eq!(rooms(&b).await, 0, "b only forwarded");
    assert_eq!(owner(&pool, &g.id).await.as_deref(), Some("a"));

    // The lease passes to a node that cannot be reached: a closes the room (it renews no
    // more), and requests get 503 with the reason, on either node, without hanging.
    give_lease(&pool, &g.id, "ghost", "http://127.0.0.1:9", 30_000).await;
    wait_for("a closes its room", Duration::from_secs(3), async || {
        rooms(&a).await == 0
    })
    .await;
    // b's idea of the old owner lapses.
    tokio::time::sleep(Duration::from_millis(LEASE_MS + 100)).await;
    for s in [&a, &b] {
        let started = Instant::now();
        let (status, body) = s.play(&g.id, &g.red, "b0c2").await;
        assert_eq!(status, 503, "{body}");
        assert_eq!(body["error"], "not_owner");
        assert!(
            body["message"].as_str().unwrap().contains("ghost"),
            "{body}"
        );
        // The lease and the forward timeout, and no more: no hang.
        let bound = Duration::from_millis(LEASE_MS + 700 + 1500);
        assert!(started.elapsed() < bound, "{:?}", started.elapsed());
    }

    // An owner that takes the request and never answers: 502, after the forward timeout.
    let mute = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let mute_url = format!("http://{}", mute.local_addr().unwrap());
    let held = tokio::spawn(async move {
        let mut open = Vec::new();
        while let Ok((conn, _)) = mute.accept().await {
            open.push(conn);
        }
    });
    give_lease(&pool, &g.id, "mute", &mute_url, 30_000).await;
    let (status, body) = b.play(&g.id, &g.red, "b0c2").await;
    assert_eq!(status, 502, "{body}");
    assert_eq!(body["error"], "owner_failed");
    held.abort();

    // The lease lapses: the request waits for it and b takes the game over; nothing lost.
    give_lease(&pool, &g.id, "ghost", "http://127.0.0.1:9", 800).await;
    let (status, state) = b.play(&g.id, &g.red, "b0c2").await;
    assert_eq!(status, 200, "{state}");
    assert_eq!(state["moves"], json!(["h2e2", "h9g7", "b0c2"]));
    assert_eq!(owner(&pool, &g.id).await.as_deref(), Some("b"));
    assert_eq!(
        a.state(&g.id).await["moves"],
        state["moves"],
        "a now forwards to b"
    );
}

#[tokio::test]
async fn a_draining_node_hands_its_games_over_at_once() {
    let Some((a, b, pool)) = two_nodes(5000, |_| {}).await else {
        return;
    };
    let g = a.create(json!({"control": "10m"})).await;
    a.play_line(&g, &["h2e2", "h9g7", "b0c2"]).await;
    let _data = a.stop().await;
    let took = wait_for("b takes the game", Duration::from_secs(3), async || {
        owner(&pool, &g.id).await.as_deref() == Some("b")
    })
    .await;
    assert!(
        took < Duration::from_millis(2500),
        "released, not lapsed: {took:?}"
    );
    let state = b.state(&g.id).await;
    assert_eq!(state["moves"], json!(["h2e2", "h9g7", "b0c2"]));
    assert_eq!(state["clocks"]["running"], "black", "{state}");
    let kinds: Vec<Value> = b
        .events(&g.id, 4)
        .await
        .iter()
        .map(|e| e["event"]["kind"].clone())
        .collect();
    assert_eq!(kinds, [json!("clock_paused"), json!("clock_resumed")]);
    assert_eq!(b.play(&g.id, &g.black, "b9c7").await.0, 200);
}

#[tokio::test]
async fn competitions_are_served_by_one_node() {
    let Some((a, b, pool)) = two_nodes(1500, |_| {}).await else {
        return;
    };
    let body = json!({"name": "Cluster Open", "system": "swiss", "rounds": 3, "control": "10m"});
    let r = b
        .http
        .post(b.url("/api/events"))
        .json(&body)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 201);
    let created: Value = r.json().await.unwrap();
    let id = created["id"].as_str().unwrap();
    let holder: String =
        sqlx::query_scalar("SELECT node FROM xq_leases WHERE resource = 'competitions'")
            .fetch_one(&pool)
            .await
            .unwrap();
    for s in [&a, &b] {
        let r = s
            .http
            .get(s.url(&format!("/api/events/{id}")))
            .send()
            .await
            .unwrap();
        assert_eq!(
            r.status(),
            200,
            "node {} ({holder} holds the competitions)",
            s.base
        );
        let shown: Value = r.json().await.unwrap();
        assert_eq!(shown["name"], "Cluster Open");
    }
}

#[tokio::test]
async fn forwarded_requests_skip_the_owners_rate_limit() {
    let Some((a, b, _pool)) = two_nodes(1500, |c| {
        c.limits.http_rate = 0.1;
        c.limits.http_burst = 3.0;
    })
    .await
    else {
        return;
    };
    let g = a.create(json!({"control": "10m"})).await;
    // Through b (its own limits are the tests' generous ones): every request gets through,
    // though all reach a from b's address.
    for _ in 0..10 {
        let r = b
            .http
            .get(b.url(&format!("/api/games/{}", g.id)))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 200);
    }
    // Straight to a, over one connection: limited.
    let mut statuses = Vec::new();
    for _ in 0..6 {
        let r = a
            .http
            .get(a.url(&format!("/api/games/{}", g.id)))
            .send()
            .await
            .unwrap();
        statuses.push(r.status().as_u16());
    }
    assert!(statuses.contains(&429), "{statuses:?}");
    // A stranger's guess at the secret changes nothing.
    let r = a
        .http
        .get(a.url(&format!("/api/games/{}", g.id)))
        .header("x-xq-cluster-secret", "guess")
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 429);
}

#[tokio::test]
async fn a_spectator_on_another_node_misses_nothing_when_the_listener_drops() {
    use futures_util::StreamExt;
    let Some((a, b, pool)) = two_nodes(1500, |_| {}).await else {
        return;
    };
    let g = a.create(json!({"control": "10m"})).await;
    let url = format!(
        "{}/api/games/{}/ws",
        b.base.replace("http://", "ws://"),
        g.id
    );
    let (mut ws, _) = tokio_tungstenite::connect_async(url).await.unwrap();
    a.play_line(&g, &["h2e2", "h9g7"]).await;
    // Every node's LISTEN connection is cut; the moves go on at a.
    let cut: Vec<bool> = sqlx::query_scalar(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity
         WHERE datname = current_database() AND query ILIKE 'LISTEN%'",
    )
    .fetch_all(&pool)
    .await
    .unwrap();
    assert!(!cut.is_empty(), "no listener found");
    for (token, mv) in [(&g.red, "b0c2"), (&g.black, "b9c7")] {
        assert_eq!(a.play(&g.id, token, mv).await.0, 200);
    }
    let mut seqs = Vec::new();
    let deadline = tokio::time::Instant::now() + Duration::from_secs(5);
    while seqs.last() != Some(&5) {
        let next = tokio::time::timeout_at(deadline, ws.next()).await;
        let Ok(Some(Ok(message))) = next else {
            panic!("events seen on b: {seqs:?}");
        };
        if let Ok(text) = message.to_text()
            && let Ok(v) = serde_json::from_str::<Value>(text)
            && v["type"] == "event"
        {
            seqs.push(v["seq"].as_u64().unwrap());
        }
    }
    assert_eq!(seqs, [1, 2, 3, 4, 5], "in order, once each");
    assert_eq!(rooms(&b).await, 0, "b followed, a owned");
}

/// An event's game played on the node that does not serve the competitions.
struct EventGame {
    /// The node that serves the competitions, and the one that owns the game.
    events: usize,
    owner: usize,
    event: String,
    arbiter: String,
    game: common::Game,
}

async fn call(
    s: &TestServer,
    path: &str,
    token: Option<&str>,
    body: Option<Value>,
) -> (u16, Value) {
    let mut r = match &body {
        Some(b) => s.http.post(s.url(path)).json(b),
        None => s.http.get(s.url(path)),
    };
    if let Some(t) = token {
        r = r.bearer_auth(t);
    }
    let r = r.send().await.unwrap();
    (r.status().as_u16(), r.json().await.unwrap_or(Value::Null))
}

/// A two-player Swiss paired on `nodes`, whose one game is then moved to the node that does
/// not serve the competitions (its lease handed over, as a takeover would).
async fn event_game_elsewhere(nodes: [&TestServer; 2], pool: &PgPool) -> EventGame {
    let body = json!({"name": "Two Node Open", "system": "swiss", "rounds": 1, "control": "10m"});
    let (status, created) = call(nodes[0], "/api/events", None, Some(body)).await;
    assert_eq!(status, 201, "{created}");
    let event = created["id"].as_str().unwrap().to_owned();
    let organiser = created["organiser"]["token"].as_str().unwrap();
    let mut players = Vec::new();
    for name in ["Hu Ronghua", "Xu Yinchuan"] {
        let path = format!("/api/events/{event}/players");
        let (status, p) = call(
            nodes[1],
            &path,
            Some(organiser),
            Some(json!({"name": name})),
        )
        .await;
        assert_eq!(status, 201, "{p}");
        players.push(p["token"].as_str().unwrap().to_owned());
    }
    let path = format!("/api/events/{event}/rounds");
    let (status, round) = call(nodes[0], &path, Some(organiser), Some(json!({}))).await;
    assert_eq!(status, 200, "{round}");
    let board = &round["boards"][0];
    let token = |p: &Value| players[p.as_u64().unwrap() as usize - 1].clone();
    let game = common::Game {
        id: board["game"].as_str().unwrap().to_owned(),
        red: token(&board["red"]),
        black: token(&board["black"]),
        arbiter: created["arbiter"]["token"].as_str().unwrap().to_owned(),
        created: Value::Null,
    };
    let holder: String =
        sqlx::query_scalar("SELECT node FROM xq_leases WHERE resource = 'competitions'")
            .fetch_one(pool)
            .await
            .unwrap();
    let events = usize::from(holder == "b");
    let elsewhere = 1 - events;
    assert_eq!(
        owner(pool, &game.id).await.as_deref(),
        Some(holder.as_str()),
        "created where the competitions are"
    );
    let servers = nodes;
    let (id, url) = (["a", "b"][elsewhere], servers[elsewhere].base.clone());
    give_lease(pool, &game.id, id, &url, 30_000).await;
    // The new owner loads the game on its first request; the old one closes its room.
    assert_eq!(
        servers[elsewhere].state(&game.id).await["status"],
        "waiting"
    );
    wait_for(
        "the old owner closes its room",
        Duration::from_secs(3),
        async || rooms(servers[events]).await == 0,
    )
    .await;
    assert_eq!(owner(pool, &game.id).await.as_deref(), Some(id));
    EventGame {
        events,
        owner: elsewhere,
        event,
        arbiter: created["arbiter"]["token"].as_str().unwrap().to_owned(),
        game,
    }
}

#[tokio::test]
async fn a_result_entered_on_any_node_ends_an_event_game_another_node_owns() {
    let Some((a, b, pool)) = two_nodes(1500, |_| {}).await else {
        return;
    };
    let nodes = [&a, &b];
    let eg = event_game_elsewhere(nodes, &pool).await;
    let g = &eg.game;
    nodes[eg.events].play_line(g, &["h2e2", "h9g7"]).await;

    // The cluster's own header is not a client's to send: refused on either node, with or
    // without a player's token, and the game goes on.
    let forfeit = json!({"action": "forfeit", "side": "red", "reason": "refusal"});
    for s in nodes {
        for token in [None, Some(g.black.as_str())] {
            let mut r = s
                .http
                .post(s.url(&format!("/api/games/{}/arbiter", g.id)))
                .header("x-xq-competition-arbiter", "1")
                .json(&forfeit);
            if let Some(t) = token {
                r = r.bearer_auth(t);
            }
            let status = r.send().await.unwrap().status().as_u16();
            assert!(status == 401 || status == 403, "{status}");
        }
    }
    assert_eq!(a.state(&g.id).await["status"], "playing");

    // The arbiter enters the result on the game's owner: the request goes to the node
    // serving the competitions, whose arbiter action comes back to the owner.
    let body = json!({"round": 1, "board": 1, "result": "1-0"});
    let path = format!("/api/events/{}/results", eg.event);
    let (status, answer) = call(nodes[eg.owner], &path, Some(&eg.arbiter), Some(body)).await;
    assert_eq!(status, 200, "{answer}");
    for s in nodes {
        let state = s.state(&g.id).await;
        assert_eq!(state["status"], "ended", "{state}");
        assert_eq!(state["result"], "red_wins", "{state}");
        let (_, shown) = call(s, &format!("/api/events/{}", eg.event), None, None).await;
        assert_eq!(shown["rounds"][0]["boards"][0]["result"], "1-0", "{shown}");
    }
    assert_eq!(rooms(nodes[eg.events]).await, 0, "ended where it was owned");
    // Stored: the game read back from the database ends as entered.
    let pgn = call_text(
        nodes[eg.events],
        &format!("/api/events/{}/export?format=pgn", eg.event),
    )
    .await;
    assert!(pgn.contains("[Result \"1-0\"]"), "{pgn}");
}

/// A disqualification (除名, 1960 §18 九) on a game owned by a node that does not serve the
/// competitions reaches the event as a disqualification, as on the node that serves them:
/// the result, and the player leaves the event (1960 §14's rule), seen on both nodes.
#[tokio::test]
async fn a_disqualification_on_a_node_not_serving_the_competitions_takes_the_player_out() {
    let Some((a, b, pool)) = two_nodes(1500, |_| {}).await else {
        return;
    };
    let nodes = [&a, &b];
    let eg = event_game_elsewhere(nodes, &pool).await;
    let g = &eg.game;
    nodes[eg.owner].play_line(g, &["h2e2", "h9g7"]).await;
    let out = json!({"action": "disqualify", "side": "black", "note": "严重违纪"});
    let path = format!("/api/games/{}/arbiter", g.id);
    let (status, state) = call(nodes[eg.owner], &path, Some(&g.arbiter), Some(out)).await;
    assert_eq!(
        (status, &state["result"]),
        (200, &json!("red_wins")),
        "{state}"
    );
    let event = format!("/api/events/{}", eg.event);
    for s in [nodes[eg.events], nodes[eg.owner]] {
        let mut view = Value::Null;
        wait_for(
            "the event hears of the disqualification",
            Duration::from_secs(10),
            async || {
                view = call(s, &event, None, None).await.1;
                let black = &view["rounds"][0]["boards"][0]["black"];
                let players = view["players"].as_array().unwrap();
                players
                    .iter()
                    .any(|p| p["player"] == *black && p["withdrawn"] == true)
            },
        )
        .await;
        assert_eq!(view["rounds"][0]["boards"][0]["result"], "1-0", "{view}");
        assert!(view.to_string().contains("disqualified"), "{view}");
    }
}

async fn call_text(s: &TestServer, path: &str) -> String {
    let r = s.http.get(s.url(path)).send().await.unwrap();
    assert_eq!(r.status(), 200, "{path}");
    r.text().await.unwrap()
}

/// The lines of a PGN text that are not tags.
fn movetext(pgn: &str) -> Vec<&str> {
    pgn.lines()
        .filter(|l| !l.starts_with('[') && !l.trim().is_empty())
        .collect()
}

#[tokio::test]
async fn an_event_pgn_from_any_node_holds_every_acknowledged_move_of_a_game_live_elsewhere() {
    let Some((a, b, pool)) = two_nodes(1500, |_| {}).await else {
        return;
    };
    let nodes = [&a, &b];
    let eg = event_game_elsewhere(nodes, &pool).await;
    let g = &eg.game;
    let line = ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0"];
    let last = nodes[eg.owner].play_line(g, &line).await;
    assert_eq!(last["moves"].as_array().unwrap().len(), line.len());
    // The owner's own record of the game, from its room.
    let record = call_text(nodes[eg.owner], &format!("/api/games/{}/record", g.id)).await;
    let moves = movetext(&record);
    assert!(moves.concat().contains("炮二平五"), "{record}");
    for s in nodes {
        let pgn = call_text(s, &format!("/api/events/{}/export?format=pgn", eg.event)).await;
        assert!(pgn.contains("[Event \"Two Node Open\"]"), "{pgn}");
        assert!(pgn.contains("[Round \"1.1\"]"), "{pgn}");
        assert!(pgn.contains("[Result \"*\"]"), "{pgn}");
        assert_eq!(movetext(&pgn), moves, "{pgn}");
    }
    assert_eq!(
        rooms(nodes[eg.events]).await,
        0,
        "the game stayed where it was"
    );
}

/// An event page connected to the node that does not serve the competitions: its socket is
/// served there (not forwarded), and every change committed on the serving node reaches it
/// (the `xq_competitions` notification, `event::follow`).
#[tokio::test]
async fn an_event_page_on_another_node_hears_every_change() {
    let Some((a, b, pool)) = two_nodes(1500, |_| {}).await else {
        return;
    };
    let body = json!({"name": "Live Open", "system": "swiss", "rounds": 3});
    let (status, created) = call(&a, "/api/events", None, Some(body)).await;
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_str().unwrap().to_owned();
    let organiser = created["organiser"]["token"].as_str().unwrap().to_owned();
    let holder: String =
        sqlx::query_scalar("SELECT node FROM xq_leases WHERE resource = 'competitions'")
            .fetch_one(&pool)
            .await
            .unwrap();
    let (serving, other) = if holder == "a" { (&a, &b) } else { (&b, &a) };
    let url = format!(
        "{}/api/events/{id}/ws",
        other.base.replace("http://", "ws://")
    );
    let mut socket = None;
    wait_for(
        "the other node knows the event",
        Duration::from_secs(5),
        async || {
            socket = tokio_tungstenite::connect_async(url.as_str())
                .await
                .ok()
                .map(|s| s.0);
            socket.is_some()
        },
    )
    .await;
    let mut ws = socket.unwrap();
    let first = common::socket::next(&mut ws).await;
    assert_eq!(first["event"]["players"], json!([]), "{first}");
    // A player entered through either node reaches the page on the other.
    for (n, (node, name)) in [(serving, "Lü Qin"), (other, "Zhao Guorong")]
        .into_iter()
        .enumerate()
    {
        let path = format!("/api/events/{id}/players");
        let (status, p) = call(node, &path, Some(&organiser), Some(json!({"name": name}))).await;
        assert_eq!(status, 201, "{p}");
        let seen = common::socket::next(&mut ws).await;
        let players = seen["event"]["players"].as_array().unwrap();
        assert_eq!(players.len(), n + 1, "{seen}");
        assert_eq!(players[n]["name"], name);
    }
}
