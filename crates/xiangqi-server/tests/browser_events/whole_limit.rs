//! The 限着 step of the whole event (1960 rules §12), in Chinese, with desktop and phone
//! screenshots (`whole-7-*.png`): Red asks for a limit from his own game page (一(二): one
//! side dominates and play cycles; the page then says the arbiter decides); the chief
//! arbiter's desk shows the request in its log and declares the limit after saying what it
//! does (二: the clocks paused, the position and the side to move noted, then restarted); the
//! limit runs out with no new change and the desk shows the book's criteria and ruling (四);
//! the arbiter renews it, with the reason the book asks for when he goes against "no change";
//! it runs out again and he rules the draw, which reaches the event.

use std::path::Path;

use serde_json::Value;

use super::cdp::{Browser, Page};
use super::common::{Game, TestServer};
use super::{desk, in_chinese};

/// Desktop and phone screenshots of `page` with `focus` in view, back at desktop size.
async fn shots(page: &Page<'_>, dir: &Path, step: &str, focus: &str) {
    let scroll = format!("document.querySelector({focus:?})?.scrollIntoView()");
    page.eval(&scroll).await;
    page.screenshot(&dir.join(format!("whole-7-{step}.png")))
        .await;
    page.viewport(390, 844, 3.0, true).await;
    page.eval(&scroll).await;
    page.screenshot(&dir.join(format!("whole-7-{step}-phone.png")))
        .await;
    page.viewport(1280, 800, 1.0, false).await;
}

/// The text of element `id` on `page`.
async fn text(page: &Page<'_>, id: &str) -> String {
    let t = page
        .eval(&format!("document.getElementById({id:?}).textContent"))
        .await;
    t.as_str().unwrap().to_owned()
}

/// Game `game`'s limit, asked by Red (`players`: Red's and Black's tokens), run at the desk
/// of the chief arbiter (`chief`'s token) until the arbiter's draw.
pub async fn run(
    s: &TestServer,
    browser: &Browser,
    dir: &Path,
    game: &str,
    players: &[String; 2],
    chief: &str,
) {
    let g = Game {
        id: game.to_owned(),
        red: players[0].clone(),
        black: players[1].clone(),
        arbiter: chief.to_owned(),
        created: Value::Null,
    };
    s.play_line(&g, &["h2e2", "h9g7"]).await;

    // 一(二): Red asks from his own page; the page says the arbiter decides.
    let red = browser
        .open(&s.url(&format!("/g/{game}#t={}", g.red)))
        .await;
    red.wait_for(
        "window.xq && window.xq.state && window.xq.side === 'red' && !document.getElementById('limit-ask').hidden",
        "Red's page with the move limit's request",
    )
    .await;
    in_chinese(&red).await;
    assert_eq!(text(&red, "limit-btn").await, "提出限着");
    red.eval("document.getElementById('limit-ground').value = 'dominant'")
        .await;
    shots(&red, dir, "1-ask", "#player-controls").await;
    red.click("#limit-btn").await;
    red.wait_for(
        "!document.getElementById('limit-asked').hidden && document.getElementById('limit-ask').hidden",
        "the request acknowledged",
    )
    .await;
    assert!(
        text(&red, "limit-asked").await.contains("由裁判员决定"),
        "the arbiter declares (§12 二)"
    );
    let state = s.state(game).await;
    assert_eq!(
        state["move_limit"],
        Value::Null,
        "a request declares nothing"
    );
    shots(&red, dir, "1-asked", "#player-controls").await;

    // 二: the desk shows the request, then says what the declaration does, and waits.
    let d = desk(browser, &s.url(&format!("/g/{game}#t={chief}"))).await;
    d.wait_for(
        "document.getElementById('arbiter-log').textContent.includes('红方提出限着')",
        "the request in the desk's log",
    )
    .await;
    d.eval("document.getElementById('at-rounds').value = '1'")
        .await;
    d.click("#at-limit").await;
    let asked = text(&d, "at-confirm-text").await;
    assert!(
        asked.contains("记下局势") && asked.contains("第2回合") && asked.contains("红方走"),
        "{asked}"
    );
    shots(&d, dir, "2-declare", "#at-confirm").await;
    d.click("#at-confirm-yes").await;
    d.wait_for(
        "window.xq.state.move_limit && window.xq.state.move_limit.rounds === 1 && !window.xq.state.paused",
        "the limit declared, the clocks running",
    )
    .await;

    // 四: one round without a new change; the criteria and the book's ruling.
    s.play_line_from(&g, &["b0c2", "b9c7"], 2).await;
    d.wait_for(
        "window.xq.state.limit_judgment && !document.getElementById('at-judge').hidden",
        "the ruling asked for",
    )
    .await;
    assert!(text(&d, "at-criteria-verdict").await.contains("应判和"));
    assert!(text(&d, "at-criteria-rule").await.contains("士、象不归宫"));
    shots(&d, dir, "3-judge", "#at-judge").await;

    // A new limit against "no change" needs the arbiter's reason: asked for, nothing sent.
    d.eval("document.getElementById('at-new-rounds').value = '1'")
        .await;
    d.click("#at-judge-new").await;
    assert!(text(&d, "at-confirm-text").await.contains("写明理由"));
    d.click("#at-confirm-no").await;
    assert!(s.state(game).await["limit_judgment"].is_object());
    d.eval("document.getElementById('at-judge-note').value = '双方仍在调整阵形'")
        .await;
    d.click("#at-judge-new").await;
    d.wait_for(
        "window.xq.state.move_limit && window.xq.state.move_limit.rounds === 1 && !window.xq.state.limit_judgment && !window.xq.state.paused",
        "the limit renewed",
    )
    .await;
    let judged = s.state(game).await["arbiter_log"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["kind"] == "limit_judged")
        .cloned()
        .unwrap();
    assert_eq!(
        (judged["verdict"].as_str(), judged["note"].as_str()),
        (Some("new_limit"), Some("双方仍在调整阵形"))
    );
    assert_eq!(
        judged["by"]["role"], "chief",
        "the chief arbiter named: {judged}"
    );
    shots(&d, dir, "4-renewed", "#at-limit-box").await;

    // The renewed limit runs out (the horses go home: no new change); the draw, confirmed.
    s.play_line_from(&g, &["c2b0", "c7b9"], 4).await;
    d.wait_for(
        "window.xq.state.limit_judgment && !document.getElementById('at-judge').hidden",
        "the second ruling asked for",
    )
    .await;
    d.click("#at-judge-draw").await;
    d.wait_for(
        "!document.getElementById('at-confirm').hidden",
        "the draw's confirmation",
    )
    .await;
    d.click("#at-confirm-yes").await;
    d.wait_for(
        "window.xq.state.status === 'ended' && window.xq.state.result === 'draw'",
        "the draw at the limit's end",
    )
    .await;
    shots(&d, dir, "5-drawn", "#ruling").await;
    // Red's page follows, in Chinese.
    red.wait_for(
        "window.xq.state.status === 'ended' && document.getElementById('limit-ask').hidden",
        "the end on Red's page",
    )
    .await;
    // Neither page shows English (but the records' format names).
    let notation = ["PGN", "ICCS", "DhtmlXQ", "WXF"];
    for (page, whose) in [(&red, "Red's page"), (&d, "the desk")] {
        let english = super::teams::english_words(page).await;
        let english: Vec<String> = english
            .into_iter()
            .filter(|w| !notation.contains(&w.as_str()))
            .collect();
        assert_eq!(english, Vec::<String>::new(), "{whose} in Chinese");
    }
}
