//! 限着 from the arbiter's desk in Chromium (1960 §12): a player's request recorded with its
//! ground, the declaration confirmed after the desk says what it will do (pause, note the
//! position and side to move, declare, restart), the expiry showing the book's criteria, the
//! arbiter's ruling refused without a reason when it goes against them, then a new limit;
//! desktop and phone screenshots (`desk-limit-*.png`).

use std::path::PathBuf;

use serde_json::json;

use super::cdp::Browser;
use super::common::TestServer;
use super::{chromium_or_skip, in_chinese};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_limit_is_requested_declared_judged_and_renewed_from_the_desk() {
    let Some(chromium) = chromium_or_skip() else {
        return;
    };
    let s = TestServer::start().await;
    let browser = Browser::launch(&chromium).await;
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("xq-browser");
    std::fs::create_dir_all(&dir).unwrap();
    let g = s.create(json!({})).await;
    s.play_line(&g, &["h2e2", "h9g7"]).await;

    let desk = browser
        .open(&s.url(&format!("/g/{}#t={}", g.id, g.arbiter)))
        .await;
    desk.wait_for(
        "window.xq && window.xq.state && window.xq.role === 'arbiter' && document.getElementById('at-limit-request')",
        "the arbiter's desk",
    )
    .await;
    in_chinese(&desk).await;

    // 一(一): Red asks.
    desk.eval(
        "document.getElementById('at-limit-ground').value = 'undecided'; \
         document.getElementById('at-limit-side').value = 'red'",
    )
    .await;
    desk.click("#at-limit-request").await;
    desk.wait_for(
        "window.xq.state.arbiter_log.some(e => e.kind === 'limit_requested' && e.side === 'red')",
        "the request in the log",
    )
    .await;
    let log = desk
        .eval("document.getElementById('arbiter-log').textContent")
        .await;
    assert!(log.as_str().unwrap().contains("红方提出限着"), "{log}");

    // 二: the desk says what the declaration does, and waits.
    desk.eval("document.getElementById('at-rounds').value = '1'")
        .await;
    desk.click("#at-limit").await;
    let asked = desk
        .eval("document.getElementById('at-confirm-text').textContent")
        .await;
    let asked = asked.as_str().unwrap().to_owned();
    assert!(
        asked.contains("记下局势") && asked.contains("第2回合") && asked.contains("红方走"),
        "{asked}"
    );
    desk.click("#at-confirm-yes").await;
    desk.wait_for(
        "window.xq.state.move_limit && window.xq.state.move_limit.rounds === 1 && !window.xq.state.paused",
        "the limit declared, the clocks running",
    )
    .await;

    // 四: one round with no change; the desk shows the criteria and the book's ruling.
    s.play_line_from(&g, &["b0c2", "b9c7"], 2).await;
    desk.wait_for(
        "window.xq.state.limit_judgment && !document.getElementById('at-judge').hidden",
        "the ruling asked for",
    )
    .await;
    let verdict = desk
        .eval("document.getElementById('at-criteria-verdict').textContent")
        .await;
    assert!(verdict.as_str().unwrap().contains("应判和"), "{verdict}");
    let rule = desk
        .eval("document.getElementById('at-criteria-rule').textContent")
        .await;
    assert!(rule.as_str().unwrap().contains("士、象不归宫"), "{rule}");
    desk.screenshot(&dir.join("desk-limit-judge.png")).await;

    // A new limit against "no change" needs the arbiter's reason: asked for, nothing sent.
    desk.eval("document.getElementById('at-new-rounds').value = '5'")
        .await;
    desk.click("#at-judge-new").await;
    let asked = desk
        .eval("document.getElementById('at-confirm-text').textContent")
        .await;
    assert!(asked.as_str().unwrap().contains("写明理由"), "{asked}");
    assert!(s.state(&g.id).await["limit_judgment"].is_object());
    desk.click("#at-confirm-no").await;
    desk.eval("document.getElementById('at-judge-note').value = '双方仍在调整阵形'")
        .await;
    desk.click("#at-judge-new").await;
    desk.wait_for(
        "window.xq.state.move_limit && window.xq.state.move_limit.rounds === 5 && !window.xq.state.limit_judgment && !window.xq.state.paused",
        "the new limit",
    )
    .await;
    let state = s.state(&g.id).await;
    let judged = state["arbiter_log"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["kind"] == "limit_judged")
        .unwrap()
        .clone();
    assert_eq!(
        (judged["verdict"].as_str(), judged["note"].as_str()),
        (Some("new_limit"), Some("双方仍在调整阵形"))
    );
    assert_eq!(judged["by"]["role"], "game");
    assert_eq!(
        desk.eval("document.getElementById('at-judge').hidden")
            .await,
        true
    );
    desk.screenshot(&dir.join("desk-limit-renewed.png")).await;
    desk.viewport(390, 844, 3.0, true).await;
    desk.eval("document.getElementById('at-limit-box').scrollIntoView()")
        .await;
    desk.screenshot(&dir.join("desk-limit-phone.png")).await;
}
