//! The HTTP API against a real server on loopback.

mod common;

use std::time::Duration;

use common::TestServer;
use serde_json::json;

/// A five-ply mate from the start position, found by a helpmate search with the rules core
/// (the cannon mates on c9 over the d9 advisor); the test below checks the server says so.
const MATE_LINE: [&str; 5] = ["b2b4", "a6a5", "b4c4", "f9e8", "c4c9"];

#[tokio::test]
async fn create_hands_out_two_secret_links_and_a_watch_link() {
    let s = TestServer::start().await;
    let g = s
        .create(json!({"control": "15m+10s", "rules": "asian", "creator": "black"}))
        .await;
    assert_eq!(g.red.len(), 64);
    assert!(g.red.bytes().all(|b| b.is_ascii_hexdigit()));
    assert_ne!(g.red, g.black);
    let red_url = g.created["red"]["url"].as_str().unwrap();
    assert!(red_url.starts_with(&s.base) && red_url.contains(&g.id) && red_url.ends_with(&g.red));
    let watch = g.created["watch_url"].as_str().unwrap();
    assert!(!watch.contains(&g.red) && !watch.contains(&g.black));
    assert_eq!(g.created["you"], "black");
    let state = s.state(&g.id).await;
    assert_eq!(state["control"], "15m+10s");
    assert_eq!(state["rules"], "asian");
    assert_eq!(state["status"], "waiting");
    assert_eq!(state["legal_moves"].as_array().unwrap().len(), 44);
    // The state never shows a token.
    assert!(!state.to_string().contains(&g.red));
}

#[tokio::test]
async fn bad_options_are_refused_with_the_reason() {
    let s = TestServer::start().await;
    for (body, needle) in [
        (json!({"control": "10q"}), "time control"),
        (json!({"rules": "martian"}), "unknown rule set"),
        (json!({"creator": "green"}), "creator"),
        (json!({"fen": "not a fen"}), "FEN"),
        (json!({"colour": "red"}), "unknown field"),
    ] {
        let r = s
            .http
            .post(s.url("/api/games"))
            .json(&body)
            .send()
            .await
            .unwrap();
        let status = r.status().as_u16();
        let text = r.text().await.unwrap();
        assert!(status == 422 || status == 400, "{body}: {status}");
        assert!(text.contains(needle), "{body}: {text}");
    }
}

#[tokio::test]
async fn a_full_game_to_mate() {
    let s = TestServer::start().await;
    let g = s.create(json!({"control": "5m"})).await;
    let end = s.play_line(&g, &MATE_LINE).await;
    assert_eq!(end["status"], "ended");
    assert_eq!(end["result"], "red_wins");
    assert_eq!(end["ruling"]["reason"], "checkmate");
    assert_eq!(end["ruling"]["ply"], 5);
    assert!(
        end["ruling"]["explanation"]
            .as_str()
            .unwrap()
            .contains("checkmate")
    );
    assert!(
        end["ruling"]["explanation_zh"]
            .as_str()
            .unwrap()
            .contains("将死")
    );
    assert_eq!(end["moves"], json!(MATE_LINE));
    assert_eq!(end["check"], true);
    assert_eq!(end["legal_moves"], json!([]));
    assert_eq!(end["clocks"]["state"], "stopped");
    let (status, body) = s.play(&g.id, &g.black, "e9f9").await;
    assert_eq!((status, body["error"].as_str()), (409, Some("game_over")));
    // GET agrees with what the last move returned.
    let state = s.state(&g.id).await;
    assert_eq!(state["ruling"], end["ruling"]);
    assert_eq!(state["fen"], end["fen"]);
}

#[tokio::test]
async fn illegal_and_unreadable_moves_get_422_with_the_reason() {
    let s = TestServer::start().await;
    let g = s.create(json!({})).await;
    // The horse on b0 cannot reach d1: the elephant on c0 blocks its leg.
    let (status, body) = s.play(&g.id, &g.red, "b0d1").await;
    assert_eq!(status, 422);
    assert_eq!(body["error"], "illegal_move");
    assert!(body["message"].as_str().unwrap().contains("leg"), "{body}");
    let (status, body) = s.play(&g.id, &g.red, "x9y9").await;
    assert_eq!(
        (status, body["error"].as_str()),
        (422, Some("unreadable_move"))
    );
    let (status, body) = s.play(&g.id, &g.red, "车九进五").await;
    assert_eq!(status, 422, "{body}");
    let (status, _) = s
        .post(&g.id, "moves", Some(&g.red), json!({"mv": "h2e2"}))
        .await;
    assert_eq!(status, 400);
    // Nothing was played.
    assert_eq!(s.state(&g.id).await["moves"], json!([]));
}

#[tokio::test]
async fn chinese_and_wxf_moves_are_accepted_and_listed() {
    let s = TestServer::start().await;
    let g = s.create(json!({})).await;
    assert_eq!(s.play(&g.id, &g.red, "炮二平五").await.0, 200);
    assert_eq!(s.play(&g.id, &g.black, "H8+7").await.0, 200);
    let (status, state) = s.play(&g.id, &g.red, "h0g2").await;
    assert_eq!(status, 200);
    assert_eq!(state["moves"], json!(["h2e2", "h9g7", "h0g2"]));
    assert_eq!(
        state["moves_chinese"],
        json!(["炮二平五", "马8进7", "马二进三"])
    );
    assert_eq!(state["moves_wxf"], json!(["C2.5", "H8+7", "H2+3"]));
}

#[tokio::test]
async fn tokens_decide_who_may_act() {
    let s = TestServer::start().await;
    let g = s.create(json!({})).await;
    let (status, body) = s.post(&g.id, "moves", None, json!({"move": "h2e2"})).await;
    assert_eq!(
        (status, body["error"].as_str()),
        (401, Some("missing_token"))
    );
    let (status, _) = s.play(&g.id, &"0".repeat(64), "h2e2").await;
    assert_eq!(status, 403);
    // Another game's token is no key to this one.
    let other = s.create(json!({})).await;
    assert_eq!(s.play(&g.id, &other.red, "h2e2").await.0, 403);
    let (status, body) = s.play(&g.id, &g.black, "h9g7").await;
    assert_eq!(
        (status, body["error"].as_str()),
        (409, Some("not_your_turn"))
    );
    assert_eq!(s.play(&g.id, &g.red, "h2e2").await.0, 200);
    assert_eq!(s.play(&g.id, &g.red, "h0g2").await.0, 409);
    // Unknown games.
    let r = s
        .http
        .get(s.url("/api/games/zzzzzzzzzz"))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 404);
    let r = s
        .http
        .get(s.url("/api/games/..%2F.."))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 404);
}

#[tokio::test]
async fn the_flag_falls_on_the_server_without_anyone_moving() {
    let s = TestServer::start().await;
    let g = s.create(json!({"control": "1s"})).await;
    assert_eq!(s.play(&g.id, &g.red, "h2e2").await.0, 200);
    // Black has 1 s plus at most its grace (0.46 s at the start of a 1 s game).
    tokio::time::sleep(Duration::from_millis(1800)).await;
    let state = s.state(&g.id).await;
    assert_eq!(state["status"], "ended", "{state}");
    assert_eq!(state["result"], "red_wins");
    assert_eq!(state["ruling"]["reason"], "flag");
    assert_eq!(state["ruling"]["offender"], "black");
    assert_eq!(state["clocks"]["black"]["left_ms"], 0);
    let (status, _) = s.play(&g.id, &g.black, "h9g7").await;
    assert_eq!(status, 409);
}

#[tokio::test]
async fn resignation_and_agreed_draws() {
    let s = TestServer::start().await;
    let g = s.create(json!({})).await;
    s.play_line(&g, &["h2e2"]).await;
    let (status, body) = s.post(&g.id, "resign", Some(&g.red), json!({})).await;
    assert_eq!(status, 200);
    assert_eq!(body["result"], "black_wins");
    assert_eq!(body["ruling"]["reason"], "resignation");

    let d = s.create(json!({})).await;
    let (status, body) = s
        .post(&d.id, "draw", Some(&d.black), json!({"action": "accept"}))
        .await;
    assert_eq!(
        (status, body["error"].as_str()),
        (409, Some("nothing_to_answer"))
    );
    let (_, body) = s.post(&d.id, "draw", Some(&d.red), json!({})).await;
    assert_eq!(body["draw_offer"], "red");
    let (_, body) = s
        .post(&d.id, "draw", Some(&d.black), json!({"action": "decline"}))
        .await;
    assert_eq!(body["draw_offer"], json!(null));
    // Black may offer only on its own turn (1960 §5 二).
    let (status, body) = s
        .post(&d.id, "draw", Some(&d.black), json!({"action": "offer"}))
        .await;
    assert_eq!(
        (status, body["error"].as_str()),
        (409, Some("offer_on_own_turn"))
    );
    s.play_line(&d, &["h2e2"]).await;
    s.post(&d.id, "draw", Some(&d.black), json!({"action": "offer"}))
        .await;
    let (status, body) = s
        .post(&d.id, "draw", Some(&d.red), json!({"action": "accept"}))
        .await;
    assert_eq!(status, 200);
    assert_eq!(body["result"], "draw");
    assert_eq!(body["ruling"]["reason"], "agreement");
}

#[tokio::test]
async fn adjournment_keeps_the_sealed_move_secret_until_both_resume() {
    let s = TestServer::start().await;
    let g = s.create(json!({"control": "5m"})).await;
    s.play_line(&g, &["h2e2"]).await;
    s.post(&g.id, "adjourn", Some(&g.red), json!({})).await;
    let (_, body) = s
        .post(
            &g.id,
            "adjourn",
            Some(&g.black),
            json!({"action": "accept"}),
        )
        .await;
    assert_eq!(body["adjournment"]["state"], "agreed");
    let (status, body) = s.play(&g.id, &g.black, "h9g7").await;
    assert_eq!(
        (status, body["error"].as_str()),
        (409, Some("seal_required"))
    );
    let (status, body) = s
        .post(&g.id, "seal", Some(&g.black), json!({"move": "马8进7"}))
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["status"], "adjourned");
    let events = s
        .http
        .get(s.url(&format!("/api/games/{}/events", g.id)))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(
        events.contains("sealed") && !events.contains("h9g7"),
        "{events}"
    );
    assert!(!s.state(&g.id).await.to_string().contains("h9g7"));
    s.post(&g.id, "resume", Some(&g.black), json!({})).await;
    let (_, body) = s.post(&g.id, "resume", Some(&g.red), json!({})).await;
    assert_eq!(body["status"], "playing");
    assert_eq!(body["moves"], json!(["h2e2", "h9g7"]));
    assert_eq!(body["turn"], "red");
}

#[tokio::test]
async fn oversized_and_malformed_requests_are_refused() {
    let s = TestServer::start().await;
    let g = s.create(json!({})).await;
    let huge = format!("{{\"move\": \"{}\"}}", "a".repeat(10_000));
    let r = s
        .http
        .post(s.url(&format!("/api/games/{}/moves", g.id)))
        .bearer_auth(&g.red)
        .body(huge)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 413);
    let (status, body) = s
        .post(&g.id, "draw", Some(&g.red), json!({"action": "maybe"}))
        .await;
    assert_eq!(status, 400, "{body}");
    // The server is still there.
    assert_eq!(s.state(&g.id).await["status"], "waiting");
}

#[tokio::test]
async fn a_restart_keeps_every_move_and_the_clock() {
    let s = TestServer::start().await;
    let g = s.create(json!({"control": "5m"})).await;
    s.play_line(&g, &["h2e2", "h9g7", "h0g2"]).await;
    let before = s.state(&g.id).await;
    let dir = s.stop().await;
    let s = TestServer::start_in(dir).await;
    let after = s.state(&g.id).await;
    assert_eq!(after["moves"], before["moves"]);
    assert_eq!(after["fen"], before["fen"]);
    assert_eq!(after["clocks"]["running"], "black");
    // Black's clock resumed where it stood (within the test's own run time).
    let left = after["clocks"]["black"]["remaining_ms"].as_u64().unwrap();
    assert!((295_000..=300_000).contains(&left), "{left}");
    assert_eq!(s.play(&g.id, &g.black, "i9h9").await.0, 200);
    let events = s
        .http
        .get(s.url(&format!("/api/games/{}/events?since=4", g.id)))
        .send()
        .await
        .unwrap()
        .json::<serde_json::Value>()
        .await
        .unwrap();
    let kinds: Vec<&str> = events["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["event"]["kind"].as_str().unwrap())
        .collect();
    assert_eq!(kinds, ["clock_paused", "clock_resumed", "move"]);
}

#[tokio::test]
async fn pages_and_assets_are_served() {
    let s = TestServer::start().await;
    let g = s.create(json!({})).await;
    for path in [
        "/",
        &format!("/g/{}", g.id),
        "/assets/board.js",
        "/assets/style.css",
    ] {
        let r = s.http.get(s.url(path)).send().await.unwrap();
        assert_eq!(r.status(), 200, "{path}");
    }
    let r = s.http.get(s.url("/")).send().await.unwrap();
    assert!(r.headers().contains_key("content-security-policy"));
    assert_eq!(
        s.http
            .get(s.url("/assets/../Cargo.toml"))
            .send()
            .await
            .unwrap()
            .status(),
        404
    );
    // A mistyped game link gets the game page with 404: the page says so, with a way home.
    let r = s.http.get(s.url("/g/nope")).send().await.unwrap();
    assert_eq!(r.status(), 404);
    assert!(r.text().await.unwrap().contains("id=\"not-found\""));
    // Every module the game and home pages import, directly or not, is served.
    let web = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../web");
    let mut todo = vec![
        "game.js".to_owned(),
        "analysis.js".to_owned(),
        "home.js".to_owned(),
        "computer.js".to_owned(),
    ];
    let mut seen = std::collections::BTreeSet::new();
    while let Some(name) = todo.pop() {
        if !seen.insert(name.clone()) {
            continue;
        }
        let r = s
            .http
            .get(s.url(&format!("/assets/{name}")))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 200, "/assets/{name}");
        let source = std::fs::read_to_string(web.join(&name)).unwrap();
        for line in source.lines().filter(|l| l.starts_with("import ")) {
            if let Some(module) = line.split("\"./").nth(1).and_then(|m| m.split('"').next()) {
                todo.push(module.to_owned());
            }
        }
    }
    assert!(seen.len() >= 12, "{seen:?}");
}

#[tokio::test]
async fn records_download_as_pgn_and_dhtmlxq() {
    let s = TestServer::start().await;
    let g = s.create(json!({"control": "5m"})).await;
    s.play_line(&g, &MATE_LINE).await;
    let get = |query: &'static str| {
        let url = s.url(&format!("/api/games/{}/record{query}", g.id));
        let http = s.http.clone();
        async move {
            let r = http.get(url).send().await.unwrap();
            let status = r.status().as_u16();
            let disposition = r
                .headers()
                .get("content-disposition")
                .map(|v| v.to_str().unwrap().to_owned());
            (status, disposition, r.text().await.unwrap())
        }
    };
    let (status, disposition, pgn) = get("").await;
    assert_eq!(status, 200);
    assert!(disposition.unwrap().contains(".pgn"));
    assert!(pgn.contains("[Result \"1-0\"]"), "{pgn}");
    assert!(pgn.contains("[TimeControl \"5m\"]"), "{pgn}");
    assert!(pgn.contains("1. 炮八进二 "), "Chinese moves: {pgn}");
    assert!(
        pgn.contains("将死"),
        "the ruling as the closing comment: {pgn}"
    );
    let (_, _, iccs) = get("?format=pgn&notation=iccs").await;
    assert!(iccs.contains("B2-B4") || iccs.contains("b2b4"), "{iccs}");
    assert!(iccs.contains("[Format \"ICCS\"]"), "{iccs}");
    let (status, _, ubb) = get("?format=dhtmlxq").await;
    assert_eq!(status, 200);
    assert!(
        ubb.contains("[DhtmlXQ_movelist]") && ubb.contains("红胜"),
        "{ubb}"
    );
    // Each record reads back, with the same moves, through the records crate.
    for text in [&pgn, &iccs, &ubb] {
        let games = xiangqi_records::read_games(text.as_bytes()).unwrap();
        let game = games.into_iter().next().unwrap().unwrap();
        let moves: Vec<String> = game.mainline().iter().map(ToString::to_string).collect();
        assert_eq!(moves, MATE_LINE);
    }
    let (status, _, _) = get("?format=xqf").await;
    assert_eq!(status, 400);
}

#[tokio::test]
async fn perpetual_check_is_ruled_through_the_api() {
    let s = TestServer::start().await;
    // 1960 rules §4.2(一), 图四: Red's rook checks for ever (the referee crate's example).
    let g = s
        .create(json!({"fen": "5k3/9/9/9/9/9/9/9/7R1/3K5 w", "procedure": "immediate"}))
        .await;
    let line = [
        "h1h9", "f9f8", "h9h8", "f8f9", "h8h9", "f9f8", "h9h8", "f8f9", "h8h9",
    ];
    let end = s.play_line(&g, &line).await;
    assert_eq!(end["status"], "ended", "{end}");
    assert_eq!(end["result"], "black_wins");
    assert_eq!(end["ruling"]["reason"], "perpetual_check");
    assert_eq!(end["ruling"]["offender"], "red");
    assert_eq!(end["ruling"]["ply"], 9);
    assert!(!end["ruling"]["rule"].as_str().unwrap().is_empty());
    assert!(!end["ruling"]["explanation_zh"].as_str().unwrap().is_empty());
}

#[tokio::test]
async fn idle_repetition_is_a_draw_through_the_api() {
    let s = TestServer::start().await;
    let g = s.create(json!({"procedure": "immediate"})).await;
    // Both horses out and back, twice: the start position occurs for the third time.
    let line = [
        "h0g2", "h9g7", "g2h0", "g7h9", "h0g2", "h9g7", "g2h0", "g7h9",
    ];
    let end = s.play_line(&g, &line).await;
    assert_eq!(end["status"], "ended", "{end}");
    assert_eq!(end["result"], "draw");
    assert_eq!(end["ruling"]["reason"], "repetition_draw");
    assert_eq!(end["ruling"]["ply"], 8);
}
