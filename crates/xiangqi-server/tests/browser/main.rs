//! The web board in real headless Chromium (Debian's `chromium`): two players in two browser
//! contexts play by clicking and dragging; the test reads the move list and the clocks, flips
//! the board, switches notation and language, and saves screenshots to
//! `$CARGO_TARGET_TMPDIR/xq-browser/`.
//!
//! Skipped, saying so on stderr, when Chromium is not installed (set `XQ_CHROMIUM` to its path);
//! with `XQ_REQUIRE_BROWSER=1` (CI) a missing Chromium fails the test.

mod cdp;
#[path = "../common/mod.rs"]
mod common;
mod computer;
mod event_game;
mod input;
mod links;
mod lobby;
mod phone;
mod replay;
mod rulings;

use std::path::PathBuf;
use std::time::Duration;

use cdp::{Browser, find_chromium};
use common::TestServer;
use serde_json::json;

fn screenshot_dir() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("xq-browser");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Chromium, or `None` after saying on stderr that the test is skipped. With
/// `XQ_REQUIRE_BROWSER=1` (set by `.ci/run`) a missing browser fails the test instead: CI
/// must not pass a browser test it did not run.
fn chromium_or_skip() -> Option<PathBuf> {
    let found = find_chromium();
    if found.is_none() {
        let required = std::env::var("XQ_REQUIRE_BROWSER").is_ok_and(|v| v == "1");
        assert!(
            !required,
            "XQ_REQUIRE_BROWSER=1 but chromium was not found (apt-get install chromium, or set XQ_CHROMIUM)"
        );
        eprintln!(
            "SKIPPED: browser test: chromium not found (apt-get install chromium, or set XQ_CHROMIUM; XQ_REQUIRE_BROWSER=1 makes this an error)"
        );
    }
    found
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_players_play_in_the_browser() {
    let Some(chromium) = chromium_or_skip() else {
        return;
    };
    let s = TestServer::start().await;
    let browser = Browser::launch(&chromium).await;
    let dir = screenshot_dir();

    // The home page creates a game and hands out the links.
    let home = browser.open(&s.url("/")).await;
    home.wait_for(
        "document.body.dataset.ready === '1'",
        "the home page's script",
    )
    .await;
    home.eval("document.getElementById('control').value = '3m+2s'")
        .await;
    // The rule-set select offers the 1960 rules (named in the page's language).
    let label = home
        .eval("document.querySelector('#rules option[value=chinese1960]').textContent")
        .await;
    assert!(
        label == "Chinese rules of 1960" || label == "中国象棋竞赛规则（1960）",
        "{label}"
    );
    home.eval("document.getElementById('rules').value = 'chinese1960'")
        .await;
    home.click("#create-btn").await;
    home.wait_for(
        "!document.getElementById('links').hidden || !document.getElementById('error').hidden",
        "the links",
    )
    .await;
    let error = home
        .eval("document.getElementById('error').textContent")
        .await;
    assert_eq!(error, "", "creating from the home page");
    let links = home
        .eval("['my-link', 'their-link', 'watch-link'].map(i => document.getElementById(i).value)")
        .await;
    let links: Vec<String> = serde_json::from_value(links).unwrap();
    assert!(links[0].contains("#t=") && links[1].contains("#t=") && !links[2].contains('#'));
    let arbiter_link = home
        .eval("document.getElementById('arbiter-link').value")
        .await;
    assert!(
        arbiter_link.as_str().unwrap().contains("#t="),
        "the home page hands out the arbiter's link: {arbiter_link}"
    );
    let id = links[2].rsplit('/').next().unwrap().to_owned();
    assert_eq!(s.state(&id).await["control"], "3m+2s");
    assert_eq!(s.state(&id).await["rules"], "chinese1960");
    // The game page names the rule set it is played under.
    let watch = browser.open(&links[2]).await;
    watch
        .wait_for(
            "(document.getElementById('info').textContent || '').includes('1960')",
            "the game page's info to name the 1960 rules",
        )
        .await;
    watch.screenshot(&dir.join("watch-1960.png")).await;
    home.screenshot(&dir.join("home.png")).await;

    let g = s.create(json!({"control": "5m+3s"})).await;
    let red_url = g.created["red"]["url"].as_str().unwrap().to_owned();
    let black_url = g.created["black"]["url"].as_str().unwrap().to_owned();

    let red = browser.open(&red_url).await;
    red.wait_for(
        "window.xq && window.xq.state && window.xq.side === 'red'",
        "Red's page to load",
    )
    .await;
    // The token left the address bar.
    assert_eq!(red.eval("location.hash").await, "");
    // Red at the bottom: Red's king is below Black's.
    let (_, red_king_y) = red.centre(".piece[data-square='e0']").await;
    let (_, black_king_y) = red.centre(".piece[data-square='e9']").await;
    assert!(red_king_y > black_king_y);
    assert_eq!(
        red.eval("document.querySelectorAll('#board .piece').length")
            .await,
        32
    );

    // Click the cannon: its targets appear; click e2 to play 炮二平五.
    red.click(".piece[data-square='h2']").await;
    let targets = red
        .eval("document.querySelectorAll('#board .target').length")
        .await;
    assert_eq!(targets, 12, "the cannon on h2 has 12 moves at the start");
    red.click(".target[data-square='e2']").await;
    red.wait_for(
        "window.xq.state.moves.length === 1",
        "Red's move to be stored",
    )
    .await;
    assert_eq!(s.state(&g.id).await["moves"], json!(["h2e2"]));

    // Black, in its own browser context, sees the board from its side and drags 马8进7.
    let black = browser.open(&black_url).await;
    black
        .wait_for(
            "window.xq && window.xq.state && window.xq.side === 'black'",
            "Black's page",
        )
        .await;
    let (_, red_king_y) = black.centre(".piece[data-square='e0']").await;
    let (_, black_king_y) = black.centre(".piece[data-square='e9']").await;
    assert!(
        black_king_y > red_king_y,
        "Black sits at the bottom of its own board"
    );
    // Black's clock runs since Red's first move.
    tokio::time::sleep(Duration::from_millis(1200)).await;
    let black_clock = black
        .eval("document.querySelector('#player-bottom .clock').textContent")
        .await;
    let black_clock = black_clock.as_str().unwrap().to_owned();
    assert!(
        black_clock.starts_with("04:5"),
        "Black's clock ticks down: {black_clock}"
    );
    // Press on the horse and drag it to g7 (the targets appear once it is picked up).
    black.drag_squares("h9", "g7").await;
    black
        .wait_for("window.xq.state.moves.length === 2", "Black's dragged move")
        .await;
    red.wait_for(
        "window.xq.state.moves.length === 2",
        "Red to see Black's move",
    )
    .await;

    // The move list, in Chinese, then WXF.
    let moves = red
        .eval("[...document.querySelectorAll('#moves .mv')].map(e => e.textContent)")
        .await;
    assert_eq!(moves, json!(["炮二平五", "马8进7"]));
    red.click("#notation-btn").await;
    let moves = red
        .eval("[...document.querySelectorAll('#moves .mv')].map(e => e.textContent)")
        .await;
    assert_eq!(moves, json!(["C2.5", "H8+7"]));
    red.click("#notation-btn").await;
    red.click("#notation-btn").await;
    // The last move is marked on both ends.
    let marked = red
        .eval("[...document.querySelectorAll('.last-move')].map(e => e.dataset.square).sort()")
        .await;
    assert_eq!(marked, json!(["g7", "h9"]));
    // Red's clock runs now; read it twice, a second apart.
    let read = "document.querySelector('#player-bottom .clock').textContent";
    let first = red.eval(read).await;
    tokio::time::sleep(Duration::from_millis(1100)).await;
    let second = red.eval(read).await;
    assert_ne!(first, second, "Red's clock ticks");
    assert!(
        first.as_str().unwrap() <= "05:03" && second.as_str().unwrap() < first.as_str().unwrap()
    );

    // A few more moves by API, then a piece selected for the screenshot.
    for (token, mv) in [
        (&g.red, "h0g2"),
        (&g.black, "i9h9"),
        (&g.red, "i0h0"),
        (&g.black, "b7b5"),
    ] {
        assert_eq!(s.play(&g.id, token, mv).await.0, 200);
    }
    red.wait_for(
        "window.xq.state.moves.length === 6",
        "the API moves to reach the page",
    )
    .await;
    red.click(".piece[data-square='e2']").await;
    red.screenshot(&dir.join("board-red.png")).await;

    // Black's connection drops; Red moves meanwhile; Black's page reconnects and catches up.
    black.eval("window.xq.socket.close()").await;
    // Check is warned: Red takes the centre pawn, then the other cannon checks from b9 over
    // the d9 advisor (a line found with the rules core).
    red.click(".piece[data-square='e2']").await;
    red.click(".target[data-square='e6']").await;
    red.wait_for("window.xq.state.moves.length === 7", "Red's capture")
        .await;
    black
        .wait_for(
            "window.xq.state.moves.length === 7",
            "Black's page to catch up after reconnecting",
        )
        .await;
    assert_eq!(
        black
            .eval("document.getElementById('conn').dataset.state")
            .await,
        "connected"
    );
    // A frame the page cannot read (it might have been an event) makes it reconnect from the
    // last event it applied, rather than carry on with a gap.
    black
        .eval("window.lost = window.xq.socket; window.xq.socket.onmessage({data: '{cut'})")
        .await;
    black
        .wait_for(
            "window.xq.socket !== window.lost && window.xq.socket.readyState === 1",
            "Black's page to reconnect after an unreadable frame",
        )
        .await;
    assert_eq!(s.play(&g.id, &g.black, "c9a7").await.0, 200);
    red.wait_for("window.xq.state.moves.length === 8", "Black's reply")
        .await;
    red.drag_squares("b2", "b9").await;
    black
        .wait_for("window.xq.state.check === true", "Black to be in check")
        .await;
    let status = black
        .eval("document.getElementById('status').textContent")
        .await;
    assert!(
        status.as_str().unwrap().contains("Check") || status.as_str().unwrap().contains("将军"),
        "{status}"
    );
    assert_eq!(
        black
            .eval("document.querySelectorAll('.piece.in-check').length")
            .await,
        1
    );
    black.screenshot(&dir.join("board-black-check.png")).await;

    // Flip on Red's page puts Black at the bottom.
    red.click("#flip-btn").await;
    let (_, red_king_y) = red.centre(".piece[data-square='e0']").await;
    let (_, black_king_y) = red.centre(".piece[data-square='e9']").await;
    assert!(black_king_y > red_king_y);
    red.click("#flip-btn").await;

    // Black resigns through the page; both pages show the ruling, in Chinese after a toggle.
    black.eval("window.confirm = () => true").await;
    black.click("#resign-btn").await;
    red.wait_for("window.xq.state.status === 'ended'", "the game to end")
        .await;
    red.click("#lang-btn").await;
    let ruling = red
        .eval("document.getElementById('ruling').textContent")
        .await;
    assert_eq!(ruling, "黑方认输，红胜。");
    let status = red
        .eval("document.getElementById('status').textContent")
        .await;
    assert!(status.as_str().unwrap().contains("红胜"), "{status}");
    red.screenshot(&dir.join("board-ended-zh.png")).await;
    // The record downloads from the page's own link.
    let pgn = red
        .eval("fetch(document.getElementById('dl-pgn-zh').href).then(r => r.text())")
        .await;
    let pgn = pgn.as_str().unwrap();
    assert!(
        pgn.contains("[Result \"1-0\"]") && pgn.contains("1. 炮二平五 马"),
        "{pgn}"
    );

    // On a phone the board fills the width and the panel goes below it.
    red.viewport(390, 844, 2.0, true).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let fits = red
        .eval(
            "(() => { const b = document.getElementById('board-svg').getBoundingClientRect(); \
             const p = document.querySelector('.panel').getBoundingClientRect(); \
             return b.width > 330 && b.right <= 390 && p.top >= b.bottom; })()",
        )
        .await;
    assert_eq!(
        fits, true,
        "the board fits a phone and the panel sits below it"
    );
    red.screenshot(&dir.join("board-phone.png")).await;
    println!("screenshots in {}", dir.display());
}

/// The book's procedure on the board: after the third occurrence of 1960 图四's perpetual
/// check, both pages say that Red must vary; on Red's turn the forbidden check is marked on the
/// board; Red varies by clicking another rook move and the order goes. An allowed cycle shows
/// the claim button, and Black's click draws the game. Screenshots at desktop and phone size,
/// in Chinese and English.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_order_to_vary_is_shown_and_obeyed_and_a_draw_is_claimed() {
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
    red.wait_for("window.xq && window.xq.side === 'red'", "Red's page")
        .await;
    let black = browser
        .open(g.created["black"]["url"].as_str().unwrap())
        .await;
    black
        .wait_for("window.xq && window.xq.side === 'black'", "Black's page")
        .await;
    let checks = [
        "h1h9", "f9f8", "h9h8", "f8f9", "h8h9", "f9f8", "h9h8", "f8f9", "h8h9",
    ];
    s.play_line(&g, &checks).await;
    black
        .wait_for(
            "!document.getElementById('procedure').hidden",
            "the order on Black's page",
        )
        .await;
    let text = black
        .eval("document.getElementById('procedure-text').textContent")
        .await;
    let text = text.as_str().unwrap();
    assert!(
        text.contains("Red") || text.contains("红方"),
        "Black's page names the side that must vary: {text}"
    );
    // Black answers; now Red is to move and the forbidden check is marked on its board.
    assert_eq!(s.play(&g.id, &g.black, "f9f8").await.0, 200);
    red.wait_for(
        "document.querySelector(\"#board .forbidden[data-move='h9h8']\") !== null",
        "the forbidden move on Red's board",
    )
    .await;
    let text = red
        .eval("document.getElementById('procedure-text').textContent")
        .await;
    let text = text.as_str().unwrap();
    assert!(
        // The forbidden check in the page's notation (Chinese), not in ICCS.
        text.contains("车二退一")
            && !text.contains("h9h8")
            && (text.contains("vary") || text.contains("变着")),
        "{text}"
    );
    red.screenshot(&dir.join("order-red.png")).await;
    red.click("#lang-btn").await;
    let zh = red
        .eval("document.getElementById('procedure-text').textContent")
        .await;
    assert!(
        zh.as_str().unwrap().contains("变着") || zh.as_str().unwrap().contains("vary"),
        "{zh}"
    );
    red.screenshot(&dir.join("order-red-other-language.png"))
        .await;
    red.viewport(390, 844, 2.0, true).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    red.screenshot(&dir.join("order-red-phone.png")).await;
    red.viewport(1280, 900, 1.0, false).await;
    // Red varies: the rook goes to h7 instead of checking on h8.
    red.click(".piece[data-square='h9']").await;
    red.click(".target[data-square='h7']").await;
    red.wait_for(
        "window.xq.state.moves.length === 11 && document.getElementById('procedure').hidden",
        "the order lifted after Red varies",
    )
    .await;
    assert_eq!(s.state(&g.id).await["status"], "playing");
    assert_eq!(
        red.eval("document.querySelectorAll('#board .forbidden').length")
            .await,
        0
    );

    // An allowed cycle: Black's page offers the claim, and the click draws the game.
    let g = s.create(json!({"control": "10m+5s"})).await;
    let black = browser
        .open(g.created["black"]["url"].as_str().unwrap())
        .await;
    black
        .wait_for("window.xq && window.xq.side === 'black'", "Black's page")
        .await;
    let shuffle = [
        "h0g2", "h9g7", "g2h0", "g7h9", "h0g2", "h9g7", "g2h0", "g7h9",
    ];
    s.play_line(&g, &shuffle[..4]).await;
    // A claim too early is false: refused, and in the arbiter's log on every page.
    let (status, _) = s.post(&g.id, "claim", Some(&g.red), json!({})).await;
    assert_eq!(status, 409);
    black
        .wait_for(
            "document.querySelector(\"#arbiter-log li[data-kind='claim_refused']\") !== null",
            "the false claim in the arbiter's log",
        )
        .await;
    assert_eq!(
        black
            .eval("document.getElementById('claim-btn').hidden")
            .await,
        true
    );
    s.play_line_from(&g, &shuffle[4..], 4).await;
    black
        .wait_for(
            "!document.getElementById('claim-btn').hidden",
            "the claim button",
        )
        .await;
    black.screenshot(&dir.join("claimable-black.png")).await;
    black.viewport(390, 844, 2.0, true).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    black
        .screenshot(&dir.join("claimable-black-phone.png"))
        .await;
    black.click("#claim-btn").await;
    black
        .wait_for("window.xq.state.status === 'ended'", "the claimed draw")
        .await;
    let ruling = s.state(&g.id).await["ruling"].clone();
    assert_eq!(
        (ruling["reason"].as_str(), ruling["claimed_by"].as_str()),
        (Some("repetition_draw"), Some("black"))
    );
    black.screenshot(&dir.join("claimed-draw-phone.png")).await;
}

/// The arbiter's link opens the desk; a foul and a declared limit recorded there appear on
/// the players' page at once (log and summary line), in Chinese and in English; the arbiter
/// also enters a move in the short form (over-the-board scoring).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_arbiter_records_a_foul_and_a_limit_and_the_players_see_both() {
    let Some(chromium) = chromium_or_skip() else {
        return;
    };
    let s = TestServer::start().await;
    let browser = Browser::launch(&chromium).await;
    let dir = screenshot_dir();
    let g = s
        .create(
            json!({"control": "5m+3s", "red_name": "胡荣华", "black_name": "杨官璘",
            "foul_limit": 4, "pairs": "consult"}),
        )
        .await;
    s.play_line(&g, &["h2e2"]).await;
    let arbiter_url = g.created["arbiter"]["url"].as_str().unwrap().to_owned();
    let red_url = g.created["red"]["url"].as_str().unwrap().to_owned();

    let arbiter = browser.open(&arbiter_url).await;
    arbiter
        .wait_for(
            "window.xq && window.xq.state && window.xq.role === 'arbiter' \
             && !document.getElementById('arbiter-desk').hidden",
            "the arbiter's desk",
        )
        .await;
    let red = browser.open(&red_url).await;
    red.wait_for(
        "window.xq && window.xq.state && window.xq.side === 'red'",
        "Red's page",
    )
    .await;
    assert_eq!(
        red.eval("document.getElementById('arbiter-desk').hidden")
            .await,
        true,
        "a player has no desk"
    );
    let name = red
        .eval("document.querySelector('#player-bottom .name').textContent")
        .await;
    assert!(name.as_str().unwrap().contains("胡荣华"), "{name}");

    // A foul on Black, then a limit of 20 rounds, by the desk's controls.
    arbiter
        .eval(
            "document.getElementById('at-foul-side').value = 'black'; \
             document.getElementById('at-foul-kind').value = 'touched_not_moved'; \
             document.getElementById('at-foul-note').value = '摸马走车'",
        )
        .await;
    arbiter.click("#at-foul").await;
    arbiter
        .wait_for("window.xq.state.fouls.black === 1", "the foul to be stored")
        .await;
    arbiter
        .eval("document.getElementById('at-rounds').value = '20'")
        .await;
    // The declaration says what it does first (1960 §12 二), then stops the clocks, notes
    // the position, declares and restarts them: three events after the foul.
    arbiter.click("#at-limit").await;
    arbiter.click("#at-confirm-yes").await;
    red.wait_for(
        "window.xq.state.arbiter_log.length === 4",
        "Red's page to hear both",
    )
    .await;
    let log = red
        .eval("[...document.querySelectorAll('#arbiter-log li')].map(e => e.textContent)")
        .await;
    let log: Vec<String> = serde_json::from_value(log).unwrap();
    let lang = red.eval("document.documentElement.lang").await;
    if lang == "en" {
        red.click("#lang-btn").await;
    }
    let log_zh = red
        .eval("[...document.querySelectorAll('#arbiter-log li')].map(e => e.textContent)")
        .await;
    let log_zh: Vec<String> = serde_json::from_value(log_zh).unwrap();
    assert!(
        log_zh[0].contains("黑方犯规") && log_zh[0].contains("摸子不走"),
        "{log_zh:?}"
    );
    assert!(log_zh[2].contains("限着20回合"), "{log_zh:?}");
    let summary = red
        .eval("document.getElementById('arbiter-summary').textContent")
        .await;
    assert!(
        summary.as_str().unwrap().contains("黑1") && summary.as_str().unwrap().contains("20"),
        "{summary}"
    );
    red.click("#lang-btn").await;
    let log_en = red
        .eval("[...document.querySelectorAll('#arbiter-log li')].map(e => e.textContent)")
        .await;
    let log_en: Vec<String> = serde_json::from_value(log_en).unwrap();
    assert!(
        log_en[0].contains("Foul by Black") && log_en[2].contains("20 rounds"),
        "{log_en:?} (first read: {log:?})"
    );
    let info = red
        .eval("document.getElementById('info').textContent")
        .await;
    assert!(
        info.as_str().unwrap().contains("4 fouls lose")
            && info.as_str().unwrap().contains("pairs (consulting)"),
        "the options are on the page: {info}"
    );
    red.screenshot(&dir.join("arbiter-events-red.png")).await;

    // Over-the-board scoring, only in the desk's scoring mode: the arbiter enters Black's
    // reply in the short form.
    assert_eq!(
        arbiter
            .eval("document.getElementById('at-foul-note').value")
            .await,
        "",
        "the note box is emptied once its foul is recorded"
    );
    assert_eq!(arbiter.eval("document.body.dataset.scoring").await, "0");
    arbiter.click("#at-score").await;
    arbiter
        .wait_for("document.body.dataset.scoring === '1'", "the scoring mode")
        .await;
    arbiter
        .eval("document.getElementById('at-move-text').value = '马87'")
        .await;
    arbiter.click("#at-move").await;
    red.wait_for(
        "window.xq.state.moves.length === 2",
        "the arbiter's move to reach Red",
    )
    .await;
    assert_eq!(s.state(&g.id).await["moves"], json!(["h2e2", "h9g7"]));
    // The arbiter orders the adjournment: the envelope's cover appears on the desk, and Red
    // (to move) is told to seal.
    arbiter.click("#at-adjourn").await;
    arbiter
        .wait_for(
            "!document.getElementById('at-envelope').hidden",
            "the envelope's cover",
        )
        .await;
    let cover = arbiter
        .eval("document.getElementById('at-envelope').textContent")
        .await;
    assert!(cover.as_str().unwrap().contains("胡荣华"), "{cover}");
    red.wait_for(
        "window.xq.state.adjournment && window.xq.state.adjournment.state === 'agreed'",
        "Red to hear of the adjournment",
    )
    .await;
    assert_eq!(
        red.eval("document.getElementById('offer').hidden").await,
        false,
        "Red is told to seal"
    );
    arbiter.screenshot(&dir.join("arbiter-desk.png")).await;
}
