//! The lobby and the rematch in the browser: a challenge posted from the home page appears on
//! another person's home page at once (live over the lobby's socket), is accepted there, the
//! players see each other connected, and after the game a rematch is offered, accepted, and
//! played with the colours swapped.

use serde_json::json;

use crate::cdp::Browser;
use crate::common::TestServer;
use crate::{chromium_or_skip, screenshot_dir};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lobby_challenge_is_accepted_and_a_rematch_played() {
    let Some(chromium) = chromium_or_skip() else {
        return;
    };
    let s = TestServer::start().await;
    let browser = Browser::launch(&chromium).await;
    let dir = screenshot_dir();
    // B looks at the lobby before anything is posted.
    let b = browser.open(&s.url("/")).await;
    b.wait_for("document.body.dataset.lobby === '0'", "B's empty lobby")
        .await;
    // A posts a challenge: 5m+3s, the 1960 rules, A plays Red.
    let a = browser.open(&s.url("/")).await;
    a.wait_for("document.body.dataset.lobby === '0'", "A's lobby")
        .await;
    a.eval(
        "document.getElementById('control').value = '5m+3s'; \
         document.getElementById('rules').value = 'chinese1960'; \
         document.querySelector('input[name=creator][value=red]').checked = true",
    )
    .await;
    a.click("#lobby-post").await;
    a.wait_for(
        "location.pathname.startsWith('/g/') && window.xq && window.xq.side === 'red'",
        "A on the challenge's game, as Red",
    )
    .await;
    let first = a.eval("location.pathname.split('/').pop()").await;
    let first = first.as_str().unwrap().to_owned();
    // B's lobby shows it at once, in B's language, with the side B would play.
    b.wait_for(
        "document.body.dataset.lobby === '1'",
        "the challenge in B's lobby",
    )
    .await;
    let line = b
        .eval("document.querySelector('#lobby-list li').textContent")
        .await;
    let line = line.as_str().unwrap();
    assert!(line.contains("5m+3s") && (line.contains("1960")), "{line}");
    assert!(line.contains("Black") || line.contains("黑"), "{line}");
    b.screenshot(&dir.join("lobby-desktop.png")).await;
    b.viewport(390, 844, 2.0, true).await;
    b.eval("document.getElementById('lobby').scrollIntoView()")
        .await;
    b.screenshot(&dir.join("lobby-phone.png")).await;
    b.eval("window.scrollTo(0, 0)").await;
    b.viewport(1280, 900, 1.0, false).await;
    // A third person sees the challenge go when B takes it.
    let c = browser.open(&s.url("/")).await;
    c.wait_for("document.body.dataset.lobby === '1'", "C's lobby")
        .await;
    b.click("#lobby-list li button").await;
    b.wait_for(
        "location.pathname.startsWith('/g/') && window.xq && window.xq.side === 'black'",
        "B on the game, as Black",
    )
    .await;
    assert_eq!(
        b.eval("location.pathname.split('/').pop()").await,
        first.as_str()
    );
    c.wait_for(
        "document.body.dataset.lobby === '0'",
        "the challenge gone from C's lobby",
    )
    .await;
    assert_eq!(s.state(&first).await["rules"], "chinese1960");
    // Each sees the other connected.
    a.wait_for(
        "document.querySelector('#player-top .presence').dataset.online === '1'",
        "A to see B connected",
    )
    .await;
    b.wait_for(
        "document.querySelector('#player-top .presence').dataset.online === '1'",
        "B to see A connected",
    )
    .await;

    // A short game: A opens, B resigns.
    a.click(".piece[data-square='h2']").await;
    a.click(".target[data-square='e2']").await;
    b.wait_for("window.xq.state.moves.length === 1", "A's move")
        .await;
    b.eval("window.confirm = () => true").await;
    b.click("#resign-btn").await;
    a.wait_for("window.xq.state.status === 'ended'", "the end")
        .await;
    // A offers the rematch; B's button turns into the acceptance.
    a.wait_for(
        "!document.getElementById('rematch-btn').hidden",
        "A's rematch button",
    )
    .await;
    a.click("#rematch-btn").await;
    b.wait_for(
        "document.getElementById('rematch-btn').classList.contains('primary')",
        "B told of the offer",
    )
    .await;
    b.screenshot(&dir.join("rematch-offered-desktop.png")).await;
    b.click("#rematch-btn").await;
    // Both go to the new game, colours swapped.
    for (page, side) in [(&a, "black"), (&b, "red")] {
        page.wait_for(
            &format!(
                "location.pathname !== '/g/{first}' && window.xq && window.xq.state && window.xq.side === '{side}'"
            ),
            &format!("the rematch as {side}"),
        )
        .await;
    }
    let second = b.eval("location.pathname.split('/').pop()").await;
    let second = second.as_str().unwrap().to_owned();
    assert_eq!(
        a.eval("location.pathname.split('/').pop()").await,
        second.as_str()
    );
    let state = s.state(&second).await;
    assert_eq!(
        (state["control"].as_str(), state["rules"].as_str()),
        (Some("5m+3s"), Some("chinese1960"))
    );
    // The rematch is played: B, Red now, opens.
    b.click(".piece[data-square='b2']").await;
    b.click(".target[data-square='e2']").await;
    a.wait_for(
        "window.xq.state.moves.length === 1",
        "B's opening in the rematch",
    )
    .await;
    assert_eq!(s.state(&second).await["moves"], json!(["b2e2"]));
    a.viewport(390, 844, 2.0, true).await;
    a.screenshot(&dir.join("rematch-phone.png")).await;
}
