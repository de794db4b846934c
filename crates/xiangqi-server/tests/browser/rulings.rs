//! Rulings and refusals in the reader's language and notation: a perpetual check (1960 图四's
//! figure, as in the procedure test) is ordered, then ruled, on a Chinese page with Chinese
//! notation with no ICCS and no raw code, and on an English page in WXF; a refused draw offer
//! and an unreadable typed move are told in the page's words; the buttons follow the turn.

use serde_json::json;

use crate::cdp::{Browser, Page};
use crate::common::TestServer;
use crate::{chromium_or_skip, screenshot_dir};

/// ICCS moves, snake_case codes, or any Latin letter: none may show on a Chinese page in
/// Chinese notation.
const NO_LATIN: &str = "(t) => !/[A-Za-z]/.test(t)";

/// The language button's text and the contrast of its colour against its background (the
/// bar's where the button's own is transparent), by WCAG's relative luminance.
const CONTRAST: &str = "(() => { \
    const b = document.getElementById('lang-btn'); \
    const rgb = (s) => s.match(/[\\d.]+/g).map(Number); \
    const lum = ([r, g, bl]) => { const f = (c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; }; \
        return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(bl); }; \
    let bg = rgb(getComputedStyle(b).backgroundColor); \
    if (bg.length === 4 && bg[3] === 0) bg = rgb(getComputedStyle(b.parentElement).backgroundColor); \
    const [x, y] = [lum(rgb(getComputedStyle(b).color)), lum(bg)]; \
    return [b.textContent, (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05)]; })()";

async fn text(page: &Page<'_>, id: &str) -> String {
    page.eval(&format!("document.getElementById('{id}').textContent"))
        .await
        .as_str()
        .unwrap()
        .to_owned()
}

async fn to_chinese(page: &Page<'_>) {
    if page.eval("document.documentElement.lang").await != "zh-CN" {
        page.click("#lang-btn").await;
    }
    assert_eq!(page.eval("document.documentElement.lang").await, "zh-CN");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_perpetual_check_is_ruled_in_the_readers_language_and_notation() {
    let Some(chromium) = chromium_or_skip() else {
        return;
    };
    let s = TestServer::start().await;
    let browser = Browser::launch(&chromium).await;
    let dir = screenshot_dir();
    let g = s
        .create(json!({"fen": "5k3/9/9/9/9/9/9/9/7R1/3K5 w", "control": "10m+5s"}))
        .await;
    let red = browser
        .open(g.created["red"]["url"].as_str().unwrap())
        .await;
    let black = browser
        .open(g.created["black"]["url"].as_str().unwrap())
        .await;
    for (page, side) in [(&red, "red"), (&black, "black")] {
        page.wait_for(
            &format!("window.xq && window.xq.state && window.xq.side === '{side}'"),
            side,
        )
        .await;
        to_chinese(page).await;
    }
    // The language button names the other language and stays readable under the pointer
    // (it was just clicked): its text contrasts with what is behind it by 4.5 or more.
    red.click("#lang-btn").await;
    red.click("#lang-btn").await;
    let button = red.eval(CONTRAST).await;
    assert_eq!(button[0], "English");
    assert!(button[1].as_f64().unwrap() >= 4.5, "{button}");
    // Buttons follow the turn: no draw offer on the opponent's turn, none before it is ours.
    let offers = "[document.getElementById('draw-btn').hidden, document.getElementById('adjourn-btn').hidden]";
    assert_eq!(
        red.eval(offers).await,
        json!([false, true]),
        "Red to move, no move yet"
    );
    assert_eq!(
        black.eval(offers).await,
        json!([true, true]),
        "Black, on Red's turn"
    );
    s.play_line(&g, &["h1h9"]).await;
    black
        .wait_for("window.xq.state.moves.length === 1", "the first check")
        .await;
    assert_eq!(
        black.eval(offers).await,
        json!([false, false]),
        "Black to move"
    );
    assert_eq!(
        red.eval(offers).await,
        json!([true, false]),
        "Red, on Black's turn"
    );
    // A refusal in the page's words: Red's offer on Black's turn, sent past the hidden button.
    red.eval("window.xq.socket.send(JSON.stringify({type: 'draw', action: 'offer', id: 99}))")
        .await;
    red.wait_for("!document.getElementById('error').hidden", "the refusal")
        .await;
    let refusal = text(&red, "error").await;
    assert!(
        refusal.contains("轮到自己走棋") && !refusal.contains("offer_on_own_turn"),
        "{refusal}"
    );
    // A typed move the server cannot read, on Black's own turn.
    black
        .eval("document.getElementById('move-input').value = '马九进'")
        .await;
    black.click("#move-send").await;
    black
        .wait_for(
            "!document.getElementById('error').hidden",
            "the unreadable move",
        )
        .await;
    let refusal = text(&black, "error").await;
    assert!(refusal.contains("看不懂"), "{refusal}");
    // An illegal typed move: why, in the page's words (the API's stable `reason`).
    black.eval("document.getElementById('error').hidden = true; document.getElementById('move-input').value = 'f9g9'").await;
    black.click("#move-send").await;
    black
        .wait_for(
            "!document.getElementById('error').hidden",
            "the illegal move",
        )
        .await;
    let refusal = text(&black, "error").await;
    assert!(
        refusal.contains("不合规则") && (refusal.contains("九宫") || refusal.contains("将军")),
        "{refusal}"
    );
    assert_eq!(
        black.eval(&format!("({NO_LATIN})({refusal:?})")).await,
        true,
        "{refusal}"
    );
    // A typed move in Chinese notation is played.
    black
        .eval("document.getElementById('move-input').value = '将6进1'")
        .await;
    black.click("#move-send").await;
    red.wait_for("window.xq.state.moves.length === 2", "the typed move")
        .await;
    assert_eq!(s.state(&g.id).await["moves"][1], "f9f8");

    s.play_line_from(
        &g,
        &["h9h8", "f8f9", "h8h9", "f9f8", "h9h8", "f8f9", "h8h9"],
        2,
    )
    .await;
    s.play_line_from(&g, &["f9f8"], 9).await;
    red.wait_for(
        "window.xq.state.moves.length === 10 && !document.getElementById('procedure').hidden",
        "the order",
    )
    .await;
    let order = text(&red, "procedure-text").await;
    let no_latin = red.eval(&format!("({NO_LATIN})({order:?})")).await;
    assert_eq!(no_latin, true, "the order in Chinese: {order}");
    assert!(order.contains("长将") && order.contains("车"), "{order}");
    red.screenshot(&dir.join("ruling-order-zh.png")).await;

    // Red plays the forbidden check and loses: the ruling, in Chinese, from its structure.
    s.play_line_from(&g, &["h9h8"], 10).await;
    for page in [&red, &black] {
        page.wait_for("window.xq.state.status === 'ended'", "the ruling")
            .await;
        let ruling = text(page, "ruling").await;
        let no_latin = page.eval(&format!("({NO_LATIN})({ruling:?})")).await;
        assert_eq!(no_latin, true, "the ruling in Chinese: {ruling}");
        assert!(
            ruling.contains("红方长将") && ruling.contains("黑胜") && ruling.contains("将"),
            "{ruling}"
        );
    }
    red.screenshot(&dir.join("ruling-zh-desktop.png")).await;
    red.viewport(390, 844, 2.0, true).await;
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    red.screenshot(&dir.join("ruling-zh-phone.png")).await;
    // English and WXF: the cycle's moves in WXF, the words in English.
    black.click("#lang-btn").await;
    black.click("#notation-btn").await;
    let ruling = text(&black, "ruling").await;
    assert!(
        ruling.contains("Red: perpetual check") && ruling.contains("R2+") && !ruling.contains('_'),
        "{ruling}"
    );
    let iccs = black
        .eval(&format!("/[a-i][0-9][a-i][0-9]/.test({ruling:?})"))
        .await;
    assert_eq!(iccs, false, "{ruling}");
    black
        .screenshot(&dir.join("ruling-en-wxf-desktop.png"))
        .await;
}
