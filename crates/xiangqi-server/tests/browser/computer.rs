//! The home page's "play the computer", then the analysis after the game, in Chromium.

use serde_json::json;

use crate::cdp::Browser;
use crate::common::TestServer;
use crate::{chromium_or_skip, screenshot_dir};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_starts_a_computer_game_from_the_home_page() {
    let Some(chromium) = chromium_or_skip() else {
        return;
    };
    let s = TestServer::start().await;
    let browser = Browser::launch(&chromium).await;
    let dir = screenshot_dir();
    let page = browser.open(&s.url("/")).await;
    page.wait_for(
        "document.body.dataset.ready === '1' && document.body.dataset.computer === '1'",
        "the home page and its levels",
    )
    .await;
    let levels = page
        .eval("[...document.querySelectorAll('#computer-level option')].map(o => o.value)")
        .await;
    assert_eq!(
        levels,
        json!(["builtin:1", "builtin:2", "builtin:3", "builtin:4"])
    );
    // The level box starts at the API's default level.
    assert_eq!(
        page.eval("document.getElementById('computer-level').value")
            .await,
        "builtin:2"
    );
    page.eval("document.getElementById('control').value = '5m+3s'")
        .await;
    page.eval("document.getElementById('computer-level').value = 'builtin:1'")
        .await;
    page.screenshot(&dir.join("home-computer.png")).await;
    page.click("#computer-btn").await;
    page.wait_for(
        "location.pathname.startsWith('/g/') && window.xq && window.xq.state && window.xq.side === 'red'",
        "the computer game to open, as Red",
    )
    .await;
    let id = page
        .eval("location.pathname.split('/').pop()")
        .await
        .as_str()
        .unwrap()
        .to_owned();
    let state = s.state(&id).await;
    assert_eq!(state["control"], "5m+3s");
    assert_eq!(state["options"]["computer"]["level"], 1);
    // 炮二平五 by clicking; the engine answers on its own.
    page.click(".piece[data-square='h2']").await;
    page.click(".target[data-square='e2']").await;
    page.wait_for(
        "window.xq.state.moves.length === 2",
        "the computer's answer",
    )
    .await;
    assert_eq!(
        page.eval("document.querySelectorAll('#moves .mv').length")
            .await,
        2
    );
    // No analysis for a player during the game.
    assert_eq!(
        page.eval("document.getElementById('analysis').hidden")
            .await,
        true
    );
    // Nothing is offered that the computer cannot answer: no draw, no adjournment.
    assert_eq!(
        page.eval("[document.getElementById('draw-btn').hidden, document.getElementById('adjourn-btn').hidden, document.getElementById('resign-btn').hidden]")
            .await,
        json!([true, true, false])
    );
    let token = page.eval("window.xq.token").await;
    let (status, _) = s.post(&id, "resign", token.as_str(), json!({})).await;
    assert_eq!(status, 200);
    page.wait_for(
        "document.body.dataset.analysis === '2' && document.getElementById('analysis-line').textContent.length > 0",
        "the analysis after the game",
    )
    .await;
    page.screenshot(&dir.join("game-computer-analysis.png"))
        .await;
}
