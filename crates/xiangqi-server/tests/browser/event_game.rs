//! An event's game shows the event, the round and board, the players' names and a link back
//! (`GET /api/games/{id}/event`); a game outside events shows none.

use serde_json::{Value, json};

use crate::cdp::Browser;
use crate::common::TestServer;
use crate::{chromium_or_skip, screenshot_dir};

async fn post(s: &TestServer, path: &str, token: Option<&str>, body: Value) -> Value {
    let mut r = s.http.post(s.url(path)).json(&body);
    if let Some(t) = token {
        r = r.bearer_auth(t);
    }
    let r = r.send().await.unwrap();
    assert!(r.status().is_success(), "{path}: {}", r.status());
    r.json().await.unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_event_game_shows_its_event_round_board_and_a_way_back() {
    let Some(chromium) = chromium_or_skip() else {
        return;
    };
    let s = TestServer::start().await;
    let ev = post(
        &s,
        "/api/events",
        None,
        json!({"name": "Club Round Robin", "system": "round_robin"}),
    )
    .await;
    let id = ev["id"].as_str().unwrap();
    let organiser = ev["organiser"]["token"].as_str().unwrap();
    for name in ["许银川", "吕钦"] {
        post(
            &s,
            &format!("/api/events/{id}/players"),
            Some(organiser),
            json!({"name": name}),
        )
        .await;
    }
    let round = post(
        &s,
        &format!("/api/events/{id}/rounds"),
        Some(organiser),
        json!({}),
    )
    .await;
    let game = round["boards"][0]["game"].as_str().unwrap().to_owned();
    let answer: Value = s
        .http
        .get(s.url(&format!("/api/games/{game}/event")))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(
        answer,
        json!({"event": id, "name": "Club Round Robin", "round": 1, "board": 1, "url": format!("/e/{id}"), "resumes_unix_ms": null})
    );
    let other = s.create(json!({})).await;
    let status = s
        .http
        .get(s.url(&format!("/api/games/{}/event", other.id)))
        .send()
        .await
        .unwrap()
        .status();
    assert_eq!(status, 404);

    let browser = Browser::launch(&chromium).await;
    let dir = screenshot_dir();
    let page = browser.open(&s.url(&format!("/g/{game}"))).await;
    page.wait_for(
        "!document.getElementById('event-info').hidden",
        "the event line",
    )
    .await;
    let line = page
        .eval("document.getElementById('event-info').textContent")
        .await;
    let line = line.as_str().unwrap();
    assert!(line.contains("Club Round Robin"), "{line}");
    assert!(
        line.contains("round 1, board 1") || line.contains("第1轮 第1台"),
        "{line}"
    );
    let names = page
        .eval("document.getElementById('player-top').textContent + document.getElementById('player-bottom').textContent")
        .await;
    assert!(
        names.as_str().unwrap().contains("许银川") && names.as_str().unwrap().contains("吕钦"),
        "{names}"
    );
    page.screenshot(&dir.join("event-game-desktop.png")).await;
    page.viewport(390, 844, 2.0, true).await;
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    page.screenshot(&dir.join("event-game-phone.png")).await;
    page.click("#event-link").await;
    page.wait_for(
        &format!("location.pathname === '/e/{id}'"),
        "the event's page",
    )
    .await;
    // The other game has no event line.
    let plain = browser.open(&s.url(&format!("/g/{}", other.id))).await;
    plain
        .wait_for("window.xq && window.xq.state", "a plain game")
        .await;
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    assert_eq!(
        plain
            .eval("document.getElementById('event-info').hidden")
            .await,
        true
    );
}
