//! Phone first: Red on a 390 × 844 phone and Black on a 360 × 640 one play 40 plies with a
//! finger, by tap-tap and by drag in turn; after every move the board, both clocks and the
//! buttons are inside the screen and neither page has scrolled.

use serde_json::json;

use crate::cdp::{Browser, Page};
use crate::common::TestServer;
use crate::{chromium_or_skip, screenshot_dir};

const ON_SCREEN: [&str; 5] = [
    "#board-svg",
    "#player-top .clock",
    "#player-bottom .clock",
    "#resign-btn",
    "#nav-last",
];

/// The `n`th move chosen from the legal moves the page offers: quiet moves first (a game
/// that keeps its pieces lasts), by a fixed pseudo-random walk so that no cycle repeats.
async fn choose(page: &Page<'_>, n: u64) -> String {
    let legal = page.eval("window.xq.state.legal_moves").await;
    let placement = page.eval("window.xq.state.fen.split(' ')[0]").await;
    let occupied = occupied(placement.as_str().unwrap());
    let legal: Vec<String> = serde_json::from_value(legal).unwrap();
    let quiet: Vec<&String> = legal
        .iter()
        .filter(|m| !occupied.iter().any(|o| o == &m[2..4]))
        .collect();
    let pool: Vec<&String> = if quiet.is_empty() {
        legal.iter().collect()
    } else {
        quiet
    };
    let pick = (n.wrapping_mul(2_654_435_761).wrapping_add(12_345) >> 7) as usize % pool.len();
    pool[pick].clone()
}

fn occupied(placement: &str) -> Vec<String> {
    let mut out = Vec::new();
    for (i, row) in placement.split('/').enumerate() {
        let mut file = 0u8;
        for ch in row.chars() {
            if let Some(d) = ch.to_digit(10) {
                file += d as u8;
            } else {
                out.push(format!("{}{}", (b'a' + file) as char, 9 - i));
                file += 1;
            }
        }
    }
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_phones_play_forty_plies_with_the_board_and_clocks_on_screen() {
    let Some(chromium) = chromium_or_skip() else {
        return;
    };
    let s = TestServer::start().await;
    let browser = Browser::launch(&chromium).await;
    let dir = screenshot_dir();
    let g = s.create(json!({"control": "30m+10s"})).await;
    let red = browser
        .open(g.created["red"]["url"].as_str().unwrap())
        .await;
    let black = browser
        .open(g.created["black"]["url"].as_str().unwrap())
        .await;
    red.viewport(390, 844, 3.0, true).await;
    black.viewport(360, 640, 2.0, true).await;
    for (page, side) in [(&red, "red"), (&black, "black")] {
        page.touch_screen().await;
        page.wait_for(
            &format!("window.xq && window.xq.state && window.xq.side === '{side}'"),
            "the page",
        )
        .await;
        let (off, scroll) = page.off_screen(&ON_SCREEN).await;
        assert!(
            off.is_empty() && scroll == 0.0,
            "{side} at the start: {off:?}, scrolled {scroll}"
        );
    }
    red.screenshot(&dir.join("phone-390-start.png")).await;
    black.screenshot(&dir.join("phone-360-start.png")).await;
    for ply in 0..40u64 {
        let (page, other) = if ply % 2 == 0 {
            (&red, &black)
        } else {
            (&black, &red)
        };
        let mv = choose(page, ply).await;
        let (from, to) = (page.square(&mv[..2]).await, page.square(&mv[2..]).await);
        if (ply / 2) % 2 == 0 {
            page.tap(from).await;
            page.wait_for(
                &format!(
                    "document.querySelector(\"#board .target[data-square='{}']\")",
                    &mv[2..]
                ),
                "the targets after a tap",
            )
            .await;
            page.tap(to).await;
        } else {
            page.swipe(from, to).await;
        }
        let played = format!("window.xq.state.moves.length === {}", ply + 1);
        page.wait_for(&played, &format!("ply {} ({mv})", ply + 1))
            .await;
        other.wait_for(&played, "the move on the other phone").await;
        assert_eq!(
            s.state(&g.id).await["moves"][ply as usize],
            mv.as_str(),
            "ply {}",
            ply + 1
        );
        for (p, name) in [(&red, "390 × 844"), (&black, "360 × 640")] {
            let (off, scroll) = p.off_screen(&ON_SCREEN).await;
            assert!(
                off.is_empty() && scroll == 0.0,
                "{name} after ply {}: off screen {off:?}, scrolled {scroll}",
                ply + 1
            );
        }
        if ply == 19 {
            red.screenshot(&dir.join("phone-390-ply20.png")).await;
            black.screenshot(&dir.join("phone-360-ply20.png")).await;
        }
    }
    assert_eq!(s.state(&g.id).await["status"], "playing");
    red.screenshot(&dir.join("phone-390-ply40.png")).await;
    black.screenshot(&dir.join("phone-360-ply40.png")).await;
    // Nothing overlaps: the clocks sit above and below the board, the buttons below.
    let layout = black
        .eval(
            "(() => { const r = (s) => document.querySelector(s).getBoundingClientRect(); \
             return r('#player-top').bottom <= r('#board-svg').top + 0.5 \
             && r('#board-svg').bottom <= r('#player-bottom').top + 0.5 \
             && r('#player-bottom').bottom <= r('.board-actions').top + 0.5; })()",
        )
        .await;
    assert_eq!(layout, true);
}
