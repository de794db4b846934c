//! Links: one browser (one profile, several tabs) holds Red of one game, Black of another, the
//! arbiter of a third and both sides of a test game, and acts on each as the link says; the
//! secret leaves the address bar; a link pasted into an open tab takes effect; a mistyped game
//! or secret says so.

use serde_json::json;

use crate::cdp::{Browser, Page};
use crate::common::TestServer;
use crate::{chromium_or_skip, screenshot_dir};

async fn opened_as(page: &Page<'_>, side: &str, role: &str) {
    page.wait_for(
        &format!("window.xq && window.xq.state && window.xq.side === {side} && window.xq.role === '{role}'"),
        &format!("the page as {role} {side}"),
    )
    .await;
    assert_eq!(
        page.eval("location.hash").await,
        "",
        "the secret left the address bar"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_browser_holds_links_of_several_games_and_acts_on_each() {
    let Some(chromium) = chromium_or_skip() else {
        return;
    };
    let s = TestServer::start().await;
    let browser = Browser::launch(&chromium).await;
    let dir = screenshot_dir();
    let (a, b, c, d) = (
        s.create(json!({})).await,
        s.create(json!({})).await,
        s.create(json!({})).await,
        s.create(json!({})).await,
    );
    let url =
        |g: &crate::common::Game, who: &str| g.created[who]["url"].as_str().unwrap().to_owned();
    let me = browser.context().await;
    let tab_a = browser.open_in(&me, &url(&a, "red")).await;
    opened_as(&tab_a, "'red'", "player").await;
    let tab_b = browser.open_in(&me, &url(&b, "black")).await;
    opened_as(&tab_b, "'black'", "player").await;
    let tab_c = browser.open_in(&me, &url(&c, "arbiter")).await;
    opened_as(&tab_c, "null", "arbiter").await;
    let d_red = browser.open_in(&me, &url(&d, "red")).await;
    opened_as(&d_red, "'red'", "player").await;
    let d_black = browser.open_in(&me, &url(&d, "black")).await;
    opened_as(&d_black, "'black'", "player").await;

    // Each tab acts as its link says.
    tab_a.click(".piece[data-square='h2']").await;
    tab_a.click(".target[data-square='e2']").await;
    assert_eq!(s.play(&b.id, &b.red, "h2e2").await.0, 200);
    tab_b
        .wait_for("window.xq.state.moves.length === 1", "Red's move in game B")
        .await;
    tab_b.drag_squares("h9", "g7").await;
    // The arbiter scores a move only once he has switched the desk to scoring.
    tab_c.click("#at-score").await;
    tab_c
        .eval("document.getElementById('at-move-text').value = '炮二平五'")
        .await;
    tab_c.click("#at-move").await;
    d_red.click(".piece[data-square='b2']").await;
    d_red.click(".target[data-square='e2']").await;
    d_black
        .wait_for("window.xq.state.moves.length === 1", "Red's move in game D")
        .await;
    d_black.drag_squares("b9", "c7").await;
    d_red
        .wait_for(
            "window.xq.state.moves.length === 2",
            "Black's move in game D",
        )
        .await;
    for (g, moves) in [
        (&a, json!(["h2e2"])),
        (&b, json!(["h2e2", "h9g7"])),
        (&c, json!(["h2e2"])),
        (&d, json!(["b2e2", "b9c7"])),
    ] {
        let mut state = s.state(&g.id).await;
        for _ in 0..40 {
            if state["moves"] == moves {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
            state = s.state(&g.id).await;
        }
        assert_eq!(state["moves"], moves, "game {}", g.id);
    }
    // A reload keeps each tab's identity: Red's tab of game D is still Red, though this
    // browser opened Black's link of that game last.
    d_red.eval("location.reload()").await;
    opened_as(&d_red, "'red'", "player").await;
    // A new tab with the plain address of game D opens as the identity used last, and offers
    // the others.
    let d_plain = browser
        .open_in(&me, d.created["watch_url"].as_str().unwrap())
        .await;
    d_plain
        .wait_for("window.xq && window.xq.role === 'player'", "the plain link")
        .await;
    let choices = d_plain
        .eval("[...document.querySelectorAll('#identity option')].map(o => o.value === '' ? 'watch' : 'token')")
        .await;
    assert_eq!(choices, json!(["token", "token", "watch"]));
    d_plain
        .screenshot(&dir.join("links-identity-choice.png"))
        .await;

    // Black's link of game A pasted into the tab that is Red in game A: the tab becomes Black.
    tab_a.navigate(&url(&a, "black")).await;
    opened_as(&tab_a, "'black'", "player").await;

    // A mistyped game: the page says so, with a link home; no "connecting" for ever.
    let id = &a.id;
    let typo = format!(
        "{}{}",
        &id[..id.len() - 1],
        if id.ends_with('a') { 'b' } else { 'a' }
    );
    for path in [format!("/g/{typo}"), "/g/not-a-game".to_owned()] {
        let page = browser.open_in(&me, &s.url(&path)).await;
        page.wait_for(
            "document.body.dataset.notFound === '1'",
            &format!("{path}: not found"),
        )
        .await;
        let home = page
            .eval("document.querySelector('#not-found a').getAttribute('href')")
            .await;
        assert_eq!(home, "/");
        let text = page
            .eval("document.getElementById('not-found-text').textContent")
            .await;
        assert!(text.as_str().unwrap().len() > 10, "{text}");
        page.screenshot(&dir.join("links-not-found.png")).await;
    }
    // A mistyped secret: told so in the page's words, and the page watches.
    let bad = format!("{}#t={}", s.url(&format!("/g/{}", b.id)), "0".repeat(64));
    let page = browser.open_in(&me, &bad).await;
    page.wait_for(
        "!document.getElementById('error').hidden",
        "the wrong secret's error",
    )
    .await;
    let error = page
        .eval("document.getElementById('error').textContent")
        .await;
    assert!(!error.as_str().unwrap().contains("wrong_token"), "{error}");
    assert_eq!(page.eval("window.xq.side").await, json!(null));
}
