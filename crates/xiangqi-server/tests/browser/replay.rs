//! Replay: two players and a spectator step back and forward with keys, clicks and the buttons
//! while moves arrive; a move never pulls a reader back to the live position; the analysis
//! after the game follows the position shown.

use serde_json::json;

use crate::cdp::{Browser, Page};
use crate::common::TestServer;
use crate::{chromium_or_skip, screenshot_dir};

/// The opening the pages replay (a line from the rules core's start, no capture until ply 7).
const LINE: [&str; 8] = [
    "h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b7b5", "e2e6", "c9a7",
];

/// The ply shown, the page's own view marker, and the piece on `square` there.
async fn shown(page: &Page<'_>, square: &str) -> (u64, String, String) {
    let v = page
        .eval(&format!(
            "[window.xq.shownPly, document.body.dataset.view, \
             (document.querySelector(\"#board .piece[data-square='{square}']\") || {{dataset: {{piece: ''}}}}).dataset.piece]"
        ))
        .await;
    (
        v[0].as_u64().unwrap(),
        v[1].as_str().unwrap().to_owned(),
        v[2].as_str().unwrap().to_owned(),
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn players_and_a_spectator_step_through_the_game_while_moves_arrive() {
    let Some(chromium) = chromium_or_skip() else {
        return;
    };
    let s = TestServer::start().await;
    let browser = Browser::launch(&chromium).await;
    let dir = screenshot_dir();
    let g = s.create(json!({"control": "10m+5s"})).await;
    let red = browser
        .open(g.created["red"]["url"].as_str().unwrap())
        .await;
    let black = browser
        .open(g.created["black"]["url"].as_str().unwrap())
        .await;
    let watch = browser.open(g.created["watch_url"].as_str().unwrap()).await;
    for (page, who) in [(&red, "'red'"), (&black, "'black'"), (&watch, "null")] {
        page.wait_for(
            &format!("window.xq && window.xq.state && window.xq.side === {who}"),
            "the page",
        )
        .await;
    }
    // A desktop of 1280 × 800: the board, both clocks and the buttons under it are on screen.
    red.viewport(1280, 800, 1.0, false).await;
    let (off, _) = red
        .off_screen(&[
            "#board-svg",
            "#player-top .clock",
            "#player-bottom .clock",
            "#nav-last",
            "#resign-btn",
        ])
        .await;
    assert!(off.is_empty(), "off screen at 1280 × 800: {off:?}");
    s.play_line(&g, &LINE[..4]).await;
    for page in [&red, &black, &watch] {
        page.wait_for("window.xq.state.moves.length === 4", "four moves")
            .await;
    }
    // Red steps back with the keys: ← twice shows the position after ply 2 (the horse on
    // h0 again, h2's cannon on e2), Home the start.
    red.key("ArrowLeft").await;
    red.key("ArrowLeft").await;
    assert_eq!(shown(&red, "h0").await, (2, "2".into(), "N".into()));
    assert_eq!(
        red.eval("document.querySelector('#moves .mv.current').dataset.ply")
            .await,
        "2",
        "the move list marks the move shown"
    );
    red.key("Home").await;
    assert_eq!(shown(&red, "h2").await, (0, "0".into(), "C".into()));
    // Black clicks the second move in the list; the spectator uses the buttons.
    black.click("#moves .mv[data-ply='2']").await;
    assert_eq!(shown(&black, "g7").await, (2, "2".into(), "n".into()));
    watch.click("#nav-first").await;
    watch.click("#nav-next").await;
    assert_eq!(shown(&watch, "e2").await, (1, "1".into(), "C".into()));
    // Moves arrive: nobody looking back is pulled to the live position.
    s.play_line_from(&g, &LINE[4..6], 4).await;
    for page in [&red, &black, &watch] {
        page.wait_for("window.xq.state.moves.length === 6", "the new moves")
            .await;
    }
    assert_eq!(shown(&red, "h2").await, (0, "0".into(), "C".into()));
    assert_eq!(shown(&black, "g7").await, (2, "2".into(), "n".into()));
    assert_eq!(shown(&watch, "e2").await, (1, "1".into(), "C".into()));
    // While Red looks back its board offers no move, and the way back stands out.
    assert_eq!(
        red.eval(
            "[document.querySelectorAll('#board .target').length, \
                  document.getElementById('nav-last').classList.contains('behind'), \
                  document.getElementById('nav-where').textContent]"
        )
        .await,
        json!([0, true, "0/6"])
    );
    red.screenshot(&dir.join("replay-red-looking-back.png"))
        .await;
    // One key brings the live position back; → past the end stays live.
    red.key("End").await;
    assert_eq!(shown(&red, "h0").await, (6, "live".into(), "R".into()));
    red.key("ArrowRight").await;
    assert_eq!(shown(&red, "h0").await.1, "live");
    // Red plays from the live position by clicking; Black, still on ply 2, is not moved.
    red.click(".piece[data-square='e2']").await;
    red.click(".target[data-square='e6']").await;
    black
        .wait_for("window.xq.state.moves.length === 7", "Red's capture")
        .await;
    assert_eq!(shown(&black, "g7").await, (2, "2".into(), "n".into()));
    // Black steps forward to the end with → and is live again, able to move.
    for _ in 0..5 {
        black.key("ArrowRight").await;
    }
    assert_eq!(shown(&black, "e6").await, (7, "live".into(), "C".into()));
    black.click(".piece[data-square='c9']").await;
    black.click(".target[data-square='a7']").await;
    red.wait_for("window.xq.state.moves.length === 8", "Black's move")
        .await;
    // A phone: the spectator's page at 390 × 844, stepping with a swipe over the board.
    watch.viewport(390, 844, 2.0, true).await;
    watch.touch_screen().await;
    watch.key("End").await;
    let (a, b) = (watch.square("h5").await, watch.square("b5").await);
    watch.swipe(a, b).await; // right to left: forward — already live, stays
    assert_eq!(shown(&watch, "a7").await.1, "live");
    watch.swipe(b, a).await; // left to right: one move back
    assert_eq!(shown(&watch, "c9").await, (7, "7".into(), "b".into()));
    watch.screenshot(&dir.join("replay-watch-phone.png")).await;

    // After the game the analysis follows the position shown.
    let (status, _) = s.post(&g.id, "resign", Some(&g.black), json!({})).await;
    assert_eq!(status, 200);
    red.wait_for("window.xq.state.status === 'ended'", "the end")
        .await;
    red.click("#moves .mv[data-ply='3']").await;
    red.wait_for(
        "document.body.dataset.analysis === '3'",
        "the analysis of ply 3",
    )
    .await;
    red.key("ArrowLeft").await;
    red.wait_for(
        "document.body.dataset.analysis === '2'",
        "the analysis of ply 2",
    )
    .await;
    let text = red
        .eval("document.getElementById('analysis-eval').textContent")
        .await;
    assert!(text.as_str().unwrap().contains('2'), "{text}");
    // The best line follows the page's notation: WXF after one press of the button.
    red.click("#notation-btn").await;
    red.wait_for(
        "/^[KAEBHNRCP][1-9][.+=-][1-9]/.test(document.getElementById('analysis-line').textContent)",
        "the best line in WXF",
    )
    .await;
    red.screenshot(&dir.join("replay-analysis-desktop.png"))
        .await;
}
