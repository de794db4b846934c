//! The event pages in real headless Chromium: the organiser creates an event from the home
//! page, registers four players and pairs round 1 in the console; two games are played
//! through the API; the event page shows their results and the standings. Screenshots go to
//! `$CARGO_TARGET_TMPDIR/xq-browser/`.
//!
//! Skipped, saying so on stderr, when Chromium is not installed; with `XQ_REQUIRE_BROWSER=1`
//! (CI) a missing Chromium fails the test.

#[allow(dead_code)] // the board test uses the rest
#[path = "../browser/cdp.rs"]
mod cdp;
#[path = "../common/mod.rs"]
mod common;

use std::path::PathBuf;

use cdp::{Browser, find_chromium};
use common::TestServer;
use serde_json::{Value, json};

fn chromium_or_skip() -> Option<PathBuf> {
    let found = find_chromium();
    if found.is_none() {
        let required = std::env::var("XQ_REQUIRE_BROWSER").is_ok_and(|v| v == "1");
        assert!(!required, "XQ_REQUIRE_BROWSER=1 but chromium was not found");
        eprintln!(
            "SKIPPED: event browser test: chromium not found (XQ_REQUIRE_BROWSER=1 makes this an error)"
        );
    }
    found
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_organiser_runs_round_one_in_the_browser() {
    let Some(chromium) = chromium_or_skip() else {
        return;
    };
    let s = TestServer::start().await;
    let browser = Browser::launch(&chromium).await;
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("xq-browser");
    std::fs::create_dir_all(&dir).unwrap();

    // The home page creates the event and opens the organiser's console.
    let page = browser.open(&s.url("/")).await;
    page.wait_for(
        "document.body.dataset.events === '1'",
        "the home page's events",
    )
    .await;
    page.eval(
        "document.getElementById('event-name').value = 'Club Championship'; \
         document.getElementById('event-system').value = 'round_robin'",
    )
    .await;
    page.eval("document.getElementById('event-create-btn').scrollIntoView()")
        .await;
    page.click("#event-create-btn").await;
    page.wait_for(
        "location.pathname.endsWith('/organiser') && document.body.dataset.ready === '1'",
        "the organiser's console",
    )
    .await;
    assert_eq!(
        page.eval("location.hash").await,
        "",
        "the token left the address bar"
    );
    let id = page
        .eval("location.pathname.split('/')[2]")
        .await
        .as_str()
        .unwrap()
        .to_owned();

    for (i, name) in ["许银川", "吕钦", "Wang", "Zhao"].iter().enumerate() {
        page.eval(&format!(
            "document.getElementById('add-player-name').value = '{name}'; \
             document.getElementById('add-player-rating').value = '{}'",
            2600 - 10 * i
        ))
        .await;
        page.click("#add-player-btn").await;
        page.wait_for(
            &format!(
                "document.querySelectorAll('#player-links .link-row').length === {}",
                i + 1
            ),
            "a player's link",
        )
        .await;
    }
    let links: Vec<String> = serde_json::from_value(
        page.eval("[...document.querySelectorAll('#player-links input')].map(i => i.value)")
            .await,
    )
    .unwrap();
    assert_eq!(links.len(), 4);
    let tokens: Vec<String> = links
        .iter()
        .map(|l| l.split("#t=").nth(1).unwrap().to_owned())
        .collect();

    page.click("#pair-btn").await;
    page.wait_for(
        "window.xqEvent && window.xqEvent.rounds.length === 1",
        "round 1",
    )
    .await;
    assert_eq!(
        page.eval("document.getElementById('error').textContent")
            .await,
        ""
    );
    let round: Value = page.eval("window.xqEvent.rounds[0]").await;
    page.screenshot(&dir.join("event-organiser.png")).await;

    // A player's own link: his page leads to his game of round 1, with his token.
    let player = browser.open(&links[0]).await;
    player
        .wait_for(
            "document.getElementById('play-link')",
            "the player's next game",
        )
        .await;
    let href = player
        .eval("document.getElementById('play-link').getAttribute('href')")
        .await;
    let mine = round["boards"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["red"] == 1 || b["black"] == 1)
        .unwrap()["game"]
        .as_str()
        .unwrap()
        .to_owned();
    assert_eq!(href, format!("/g/{mine}#t={}", tokens[0]).as_str());
    assert_eq!(player.eval("location.hash").await, "");

    // Two games through the API, with the players' event tokens: a mate and a resignation.
    let board = |i: usize| {
        let b = &round["boards"][i];
        let token = |k: &str| tokens[b[k].as_u64().unwrap() as usize - 1].clone();
        (
            b["game"].as_str().unwrap().to_owned(),
            token("red"),
            token("black"),
        )
    };
    let (g1, red1, black1) = board(0);
    for (i, mv) in ["b2b4", "a6a5", "b4c4", "f9e8", "c4c9"].iter().enumerate() {
        let t = if i % 2 == 0 { &red1 } else { &black1 };
        assert_eq!(s.play(&g1, t, mv).await.0, 200);
    }
    let (g2, red2, _) = board(1);
    assert_eq!(s.post(&g2, "resign", Some(&red2), json!({})).await.0, 200);

    // The public event page shows both results and the standings.
    let event = browser.open(&s.url(&format!("/e/{id}"))).await;
    event
        .wait_for("document.body.dataset.ready === '1'", "the event page")
        .await;
    event
        .wait_for(
            "[...document.querySelectorAll('#rounds table[data-round=\"1\"] tbody tr')].map(r => r.cells[3].textContent).join(' ') === '1-0 0-1'",
            "both results on the event page",
        )
        .await;
    let standings: Vec<Vec<String>> = serde_json::from_value(
        event
            .eval("[...document.querySelectorAll('#standings tbody tr')].map(r => [...r.cells].map(c => c.textContent))")
            .await,
    )
    .unwrap();
    assert_eq!(standings.len(), 4);
    assert_eq!(
        &standings[0][2], "2",
        "a winner on top with 2 points: {standings:?}"
    );
    assert_eq!(&standings[1][2], "2");
    assert_eq!(&standings[3][2], "0");
    let winners: Vec<&str> = standings[..2].iter().map(|r| r[1].as_str()).collect();
    let names = |b: &Value, k: &str| b[format!("{k}_name")].as_str().unwrap().to_owned();
    assert!(
        winners.contains(&names(&round["boards"][0], "red").as_str()),
        "{standings:?}"
    );
    assert!(
        winners.contains(&names(&round["boards"][1], "black").as_str()),
        "{standings:?}"
    );
    // In English after a toggle, and the home page lists the event.
    event.click("#lang-btn").await;
    let heading = event
        .eval("document.querySelector('#standings h2').textContent")
        .await;
    assert!(heading == "Standings" || heading == "名次", "{heading}");
    event.screenshot(&dir.join("event-page.png")).await;
    let home = browser.open(&s.url("/")).await;
    home.wait_for(
        "document.body.dataset.events === '1'",
        "the home page's events",
    )
    .await;
    let listed = home
        .eval("document.getElementById('events-list').textContent")
        .await;
    assert!(
        listed.as_str().unwrap().contains("Club Championship"),
        "{listed}"
    );
}
