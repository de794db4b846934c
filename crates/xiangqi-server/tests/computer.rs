//! Playing the computer and the analysis aid, against a real server on loopback.

mod common;

use std::time::{Duration, Instant};

use common::{Data, TestServer};
use serde_json::{Value, json};
use xiangqi_server::Config;

/// A server with its own engine settings.
async fn server_with(threads: usize, queue: usize, analysis_ms: u64) -> TestServer {
    let change = |config: &mut Config| {
        config.limits.create_per_minute = 1000.0;
        config.engines.engine_threads = threads;
        config.engines.engine_queue = queue;
        config.engines.analysis_ms = analysis_ms;
    };
    TestServer::start_with(Data::new().await, change, Duration::from_secs(30)).await
}

async fn create(s: &TestServer, body: Value) -> Value {
    let r = s
        .http
        .post(s.url("/api/games"))
        .json(&body)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 201, "create {body}");
    r.json().await.unwrap()
}

async fn analysis(s: &TestServer, id: &str, query: &str, token: Option<&str>) -> (u16, Value) {
    let mut r = s
        .http
        .get(s.url(&format!("/api/games/{id}/analysis{query}")));
    if let Some(t) = token {
        r = r.bearer_auth(t);
    }
    let r = r.send().await.unwrap();
    (r.status().as_u16(), r.json().await.unwrap_or(Value::Null))
}

/// Polls the state until `done` holds (at most 30 s).
async fn wait_for(s: &TestServer, id: &str, done: impl Fn(&Value) -> bool) -> Value {
    let until = Instant::now() + Duration::from_secs(30);
    loop {
        let state = s.state(id).await;
        if done(&state) {
            return state;
        }
        assert!(Instant::now() < until, "timed out; state {state}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

fn moves(state: &Value) -> usize {
    state["moves"].as_array().unwrap().len()
}

#[tokio::test]
async fn a_person_plays_the_builtin_engine_to_a_ruling_then_analyses() {
    let s = server_with(1, 8, 200).await;
    let g = create(
        &s,
        json!({"control": "10m+5s", "computer": {"side": "black", "engine": "builtin", "level": 2}}),
    )
    .await;
    let id = g["id"].as_str().unwrap();
    // The engine's link is never handed out, and the creator plays the other side.
    assert!(g.get("black").is_none(), "{g}");
    assert_eq!(g["you"], "red");
    assert_eq!(g["options"]["computer"]["side"], "black");
    let red = g["red"]["token"].as_str().unwrap();
    let mut state = s.state(id).await;
    for ply in 0..6 {
        // The person plays the first legal move on offer; the engine must answer each.
        let mv = state["legal_moves"][0].as_str().unwrap().to_owned();
        let (status, body) = s.play(id, red, &mv).await;
        assert_eq!(status, 200, "{mv}: {body}");
        state = wait_for(&s, id, |st| moves(st) == 2 * ply + 2).await;
        assert_eq!(state["turn"], "red");
        assert_eq!(state["status"], "playing");
        // Black's clock ran while it thought: it has used some time, and so the referee's
        // and clock's path was the person's one.
        assert!(
            state["clocks"]["black"]["used_ms"].as_u64().is_some(),
            "{state}"
        );
    }
    // During the game (created without analysis): refused.
    let (status, body) = analysis(&s, id, "", None).await;
    assert_eq!(status, 409, "{body}");
    assert_eq!(body["error"], "analysis_not_allowed");
    let (status, body) = s.post(id, "resign", Some(red), json!({})).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["status"], "ended");
    assert_eq!(body["result"], "black_wins");
    // After it: the evaluation and the best line, both notations, for any ply.
    for query in ["", "?ply=0", "?ply=5"] {
        let (status, a) = analysis(&s, id, query, None).await;
        assert_eq!(status, 200, "{query}: {a}");
        let pv = a["pv"].as_array().unwrap();
        assert!(!pv.is_empty() && a["depth"].as_u64().unwrap() >= 1, "{a}");
        assert_eq!(pv.len(), a["pv_chinese"].as_array().unwrap().len());
        assert_eq!(pv.len(), a["pv_wxf"].as_array().unwrap().len());
        assert!(
            a["score"]["cp"].is_i64() || a["score"]["mate"].is_i64(),
            "{a}"
        );
    }
    let (_, a) = analysis(&s, id, "?ply=0", None).await;
    let legal = s.state(id).await;
    assert_eq!(a["fen"], legal["start_fen"]);
    let (status, _) = analysis(&s, id, "?ply=999", None).await;
    assert_eq!(status, 422);
}

#[tokio::test]
async fn the_engine_mates_when_it_can_and_the_referee_rules_it() {
    // Red to move wins at once: a1a8 leaves the black king (d9) no move (e9 faces the red
    // king), and a stalemate loses (4.1.3). The built-in engine at level 1 must find a
    // winning move, and the game ends by the referee's ruling.
    let s = server_with(1, 8, 200).await;
    let fen = "3k5/9/9/9/9/9/9/9/R8/4K4 w - - 0 1";
    let g = create(
        &s,
        json!({"fen": fen, "computer": {"side": "red", "level": 1}}),
    )
    .await;
    let id = g["id"].as_str().unwrap();
    let state = wait_for(&s, id, |st| st["status"] == "ended" || moves(st) > 0).await;
    assert_eq!(moves(&state), 1, "{state}");
    assert_eq!(state["status"], "ended", "{state}");
    assert_eq!(state["result"], "red_wins");
    assert!(state["ruling"].is_object(), "{state}");
}

#[tokio::test]
async fn analysis_for_spectators_only_when_the_game_allows_it() {
    let s = server_with(1, 8, 100).await;
    let open = create(&s, json!({"analysis": true})).await;
    let id = open["id"].as_str().unwrap();
    let (status, a) = analysis(&s, id, "", None).await;
    assert_eq!(status, 200, "{a}");
    assert_eq!(a["turn"], "red");
    // A player's token is refused even then.
    let red = open["red"]["token"].as_str().unwrap();
    let (status, body) = analysis(&s, id, "", Some(red)).await;
    assert_eq!(status, 409, "{body}");
    let closed = create(&s, json!({})).await;
    let (status, _) = analysis(&s, closed["id"].as_str().unwrap(), "", None).await;
    assert_eq!(status, 409);
}

#[tokio::test]
async fn analysis_is_refused_with_503_when_the_pool_is_full() {
    // One thread, one place in the queue: eight requests at once; while one searches and
    // one waits, those that arrive are refused at once.
    let s = server_with(1, 1, 1500).await;
    let g = create(&s, json!({"analysis": true})).await;
    let id = g["id"].as_str().unwrap().to_owned();
    let asks: Vec<_> = (0..8)
        .map(|_| {
            let url = s.url(&format!("/api/games/{id}/analysis"));
            let http = s.http.clone();
            tokio::spawn(async move {
                let r = http.get(url).send().await.unwrap();
                let status = r.status().as_u16();
                (status, r.json::<Value>().await.unwrap())
            })
        })
        .collect();
    let mut answered = 0;
    let mut refused = 0;
    for ask in asks {
        let (status, body) = ask.await.unwrap();
        match status {
            200 => answered += 1,
            503 => {
                assert_eq!(body["error"], "engine_busy");
                refused += 1;
            }
            _ => panic!("{status}: {body}"),
        }
    }
    assert!(
        answered >= 1 && refused >= 1,
        "{answered} answered, {refused} refused"
    );
}

#[tokio::test]
async fn a_hundred_computer_games_do_not_starve_a_human_game() {
    // One search thread, a short queue, the slowest level: the pool is saturated for the
    // whole test. The human game's moves must each be acknowledged.
    let s = server_with(1, 4, 200).await;
    let mut computer_games = Vec::new();
    for _ in 0..100 {
        let g = create(&s, json!({"computer": {"side": "red", "level": 4}})).await;
        computer_games.push(g["id"].as_str().unwrap().to_owned());
    }
    let human = create(&s, json!({})).await;
    let id = human["id"].as_str().unwrap();
    let tokens = [
        human["red"]["token"].as_str().unwrap(),
        human["black"]["token"].as_str().unwrap(),
    ];
    let line = [
        "h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7", "b2c2", "a9b9",
    ];
    for (i, mv) in line.iter().enumerate() {
        let (status, body) = s.play(id, tokens[i % 2], mv).await;
        assert_eq!(status, 200, "{mv}: {body}");
        assert_eq!(moves(&body), i + 1);
    }
    // The computer games are played meanwhile, not dropped: one of them moves; and the
    // pool was saturated: not all of them have.
    wait_for(&s, &computer_games[0], |st| moves(st) > 0).await;
    let mut moved = 0;
    for g in &computer_games {
        moved += usize::from(moves(&s.state(g).await) > 0);
    }
    assert!(moved < 100, "the pool was never saturated");
}

#[tokio::test]
async fn the_computer_comes_back_with_its_game_after_a_restart() {
    let s = TestServer::start().await;
    let g = create(&s, json!({"computer": {"side": "black", "level": 1}})).await;
    let id = g["id"].as_str().unwrap().to_owned();
    let red = g["red"]["token"].as_str().unwrap().to_owned();
    assert_eq!(s.play(&id, &red, "h2e2").await.0, 200);
    wait_for(&s, &id, |st| moves(st) == 2).await;
    let s = TestServer::start_in(s.stop().await).await;
    assert_eq!(s.play(&id, &red, "h0g2").await.0, 200);
    let state = wait_for(&s, &id, |st| moves(st) == 4).await;
    assert_eq!(state["turn"], "red");
}
