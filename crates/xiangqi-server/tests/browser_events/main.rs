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
mod teams;
mod whole_event;
mod whole_limit;

use std::collections::HashMap;
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

/// A server, Chromium and the screenshots' folder for one test; `None` without Chromium
/// (said on stderr; an error with `XQ_REQUIRE_BROWSER=1`).
async fn setup() -> Option<(TestServer, Browser, PathBuf)> {
    let chromium = chromium_or_skip()?;
    let s = TestServer::start().await;
    let browser = Browser::launch(&chromium).await;
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("xq-browser");
    std::fs::create_dir_all(&dir).unwrap();
    Some((s, browser, dir))
}

/// The home page, its events listed.
async fn home<'a>(browser: &'a Browser, s: &TestServer) -> cdp::Page<'a> {
    let home = browser.open(&s.url("/")).await;
    home.wait_for(
        "document.body.dataset.events === '1'",
        "the home page's events",
    )
    .await;
    home
}

/// Creates the event the home page's form describes, and waits for the organiser's console
/// it opens; the event's id.
async fn create_event(home: &cdp::Page<'_>) -> String {
    home.eval("document.getElementById('event-form').scrollIntoView()")
        .await;
    home.click("#event-create-btn").await;
    home.wait_for(
        "location.pathname.endsWith('/organiser') && document.body.dataset.ready === '1'",
        "the organiser's console",
    )
    .await;
    assert_eq!(
        home.eval("location.hash").await,
        "",
        "the token left the address bar"
    );
    let id = home.eval("location.pathname.split('/')[2]").await;
    id.as_str().unwrap().to_owned()
}

/// Opens the arbiter's desk at `url` (a game's page with an arbiter's link), in Chinese.
async fn desk<'a>(browser: &'a Browser, url: &str) -> cdp::Page<'a> {
    let desk = browser.open(url).await;
    desk.wait_for(
        "window.xq && window.xq.state && window.xq.role === 'arbiter' && !document.getElementById('arbiter-desk').hidden",
        "the arbiter's desk",
    )
    .await;
    in_chinese(&desk).await;
    desk
}

/// Every player's token in event `id`, by registration number, as the organiser's list of
/// links gives them.
async fn player_tokens(s: &TestServer, id: &str, organiser: &str) -> HashMap<u64, String> {
    let path = format!("/api/events/{id}/links");
    let (st, links) = s.call("GET", &path, Some(organiser), None).await;
    assert_eq!(st, 200, "{links}");
    let players = links["players"].as_array().unwrap();
    let token = |p: &Value| p["url"].as_str()?.split("#t=").nth(1).map(str::to_owned);
    players
        .iter()
        .map(|p| (p["player"].as_u64().unwrap(), token(p).unwrap()))
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_organiser_runs_round_one_in_the_browser() {
    let Some((s, browser, dir)) = setup().await else {
        return;
    };
    // The home page creates the event and opens the organiser's console.
    let page = home(&browser, &s).await;
    page.eval(
        "document.getElementById('event-name').value = 'Club Championship'; \
         document.getElementById('event-system').value = 'round_robin'",
    )
    .await;
    let id = create_event(&page).await;

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
    let home = home(&browser, &s).await;
    let listed = home
        .eval("document.getElementById('events-list').textContent")
        .await;
    assert!(
        listed.as_str().unwrap().contains("Club Championship"),
        "{listed}"
    );
}

/// A team event and an adjourned game, run from the console in Chinese (`teams.rs`).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn teams_and_adjourned_games_from_the_console_in_chinese() {
    let Some((s, browser, dir)) = setup().await else {
        return;
    };
    teams::run(&s, &browser, &dir).await;
}

/// A whole 6-player Swiss run as people would, from the home page to the exports, with a
/// 限着 asked by a player, declared, judged and renewed (`whole_event.rs`, `whole_limit.rs`).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_event_from_the_console_to_the_exports() {
    let Some((s, browser, dir)) = setup().await else {
        return;
    };
    whole_event::run(&s, &browser, &dir).await;
}

/// Switches `page` to Chinese if it is not.
async fn in_chinese(page: &cdp::Page<'_>) {
    if page.eval("document.documentElement.lang").await != "zh-CN" {
        page.click("#lang-btn").await;
    }
    page.wait_for(
        "document.documentElement.lang === 'zh-CN'",
        "the page in Chinese",
    )
    .await;
}

/// The console keeps every link and the desk is safe, in Chinese: six players imported from
/// a pasted CSV, the links listed again after a reload, one re-issued (the old link is
/// refused), slips printed; round 1 paired; a board link opens the arbiter's desk with the
/// organiser's token, where the board moves nothing until "score a move", a foul's note box
/// empties, a forfeit asks first (cancel, then confirm), and an illegal move is refused in
/// Chinese; a result from the books' list; the foul is on the event page.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_console_keeps_every_link_and_the_desk_asks_before_it_acts() {
    let Some((s, browser, dir)) = setup().await else {
        return;
    };
    // The home page's form, with the options the API has: a Swiss of 3 rounds under the
    // 1960 rules, a tie-break chain with fewer fouls, the 1960 §11 二 control, 2 fouls lose.
    let home = home(&browser, &s).await;
    home.eval(
        "const v = (id, x) => { const e = document.getElementById(id); e.value = x; e.dispatchEvent(new Event('change')); }; \
         v('event-name', '象棋公开赛'); v('event-system', 'swiss'); v('event-rounds', '3'); \
         v('event-swiss', '1960'); v('event-tiebreaks', 'chinese-swiss-full'); v('event-rules', 'chinese1960'); \
         v('event-control-preset', '90m+15m/10'); v('event-foul-limit', '2')",
    )
    .await;
    assert_eq!(
        home.eval("document.getElementById('event-boards').closest('label').hidden")
            .await,
        true,
        "a Swiss of players asks no boards"
    );
    home.eval("document.getElementById('event-form').scrollIntoView()")
        .await;
    home.screenshot(&dir.join("home-create-event.png")).await;
    let id = create_event(&home).await;
    let organiser = home
        .eval(&format!("localStorage.getItem('xq-event-organiser-{id}')"))
        .await
        .as_str()
        .unwrap()
        .to_owned();
    let console_url = s.url(&format!("/e/{id}/organiser#t={organiser}"));
    let (_, settings) = s
        .call("GET", &format!("/api/events/{id}"), None, None)
        .await;
    assert_eq!(settings["settings"]["system"]["rounds"], 3, "{settings}");
    assert_eq!(settings["settings"]["system"]["variant"], "rules1960");
    assert_eq!(settings["game"]["control"], "90m+15m/10");
    assert_eq!(settings["game"]["rules"], "chinese1960");
    assert_eq!(settings["game"]["foul_limit"], 2);
    assert!(
        settings["tiebreak_chain"]
            .as_array()
            .unwrap()
            .contains(&json!("Foul")),
        "{settings}"
    );

    let page = browser.open(&console_url).await;
    page.wait_for("document.body.dataset.ready === '1'", "the console")
        .await;
    in_chinese(&page).await;
    let list = "姓名,等级分,单位\n许银川,2650,广东\n吕钦,2640,广东\n胡荣华,2600,上海\n\
                赵国荣,2590,黑龙江\n\"Wang, Tianyi\",2580,杭州\n郑惟桐,2570,四川";
    page.eval(&format!(
        "document.getElementById('import-text').value = {}",
        serde_json::to_string(list).unwrap()
    ))
    .await;
    page.click("#import-btn").await;
    page.wait_for(
        "document.querySelectorAll('#player-links .link-row').length === 6",
        "six imported players' links",
    )
    .await;
    // Opened again elsewhere (a browser of its own), the links are all still there, with
    // the arbiter's.
    let page = browser.open(&console_url).await;
    page.wait_for(
        "document.body.dataset.ready === '1' && document.querySelectorAll('#player-links input').length === 6",
        "the links on opening the console again",
    )
    .await;
    in_chinese(&page).await;
    let names: Vec<String> = serde_json::from_value(
        page.eval("[...document.querySelectorAll('#player-links .link-row > span:first-child')].map(s => s.textContent)")
            .await,
    )
    .unwrap();
    assert_eq!(names[4], "5. Wang, Tianyi", "{names:?}");
    let arbiter_link = page
        .eval("document.getElementById('arbiter-link').value")
        .await;
    assert!(
        arbiter_link.as_str().unwrap().contains("#t="),
        "{arbiter_link}"
    );
    let old = page.eval("document.getElementById('link-2').value").await;
    let old = old.as_str().unwrap().to_owned();
    // Re-issue player 2's link: the first click only arms the button.
    page.click("#reissue-2").await;
    assert_eq!(
        page.eval("document.getElementById('link-2').value").await,
        old.as_str()
    );
    page.click("#reissue-2").await;
    page.wait_for(
        &format!("document.getElementById('link-2') && document.getElementById('link-2').value !== {old:?}"),
        "the re-issued link",
    )
    .await;
    let fresh = page.eval("document.getElementById('link-2').value").await;
    let slips = page
        .eval("[...document.querySelectorAll('#slips .slip')].map(s => s.textContent)")
        .await;
    let slips: Vec<String> = serde_json::from_value(slips).unwrap();
    assert_eq!(slips.len(), 6);
    assert!(
        slips[1].contains(fresh.as_str().unwrap()) && slips[1].contains("吕钦"),
        "{slips:?}"
    );
    let old_token = old.split("#t=").nth(1).unwrap();
    let me = s
        .http
        .get(s.url(&format!("/api/events/{id}/me")))
        .bearer_auth(old_token)
        .send()
        .await
        .unwrap();
    assert_eq!(me.status(), 403, "the old link no longer works");
    // A board arbiter appointed, with his link; four boards in round 1 exceed the 1960 §18
    // ratio of national events: the console warns.
    page.eval("document.getElementById('appoint-name').value = '王裁判'")
        .await;
    page.click("#appoint-btn").await;
    page.wait_for(
        "document.getElementById('official-link-1') && document.getElementById('official-link-1').value.includes('#t=')",
        "the board arbiter's link",
    )
    .await;
    page.eval(
        "document.getElementById('assign-official').value = '1'; \
         document.getElementById('assign-boards').value = '1,2,3,4'",
    )
    .await;
    page.click("#assign-btn").await;
    page.wait_for(
        "document.getElementById('notice').textContent.includes('第十八节')",
        "the 1960 §18 warning",
    )
    .await;
    page.screenshot(&dir.join("console-links.png")).await;

    page.click("#pair-btn").await;
    page.wait_for(
        "window.xqEvent && window.xqEvent.rounds.length === 1 && document.querySelector('#rounds a.desk-link')",
        "round 1 with desk links",
    )
    .await;
    let round_label = page
        .eval("document.getElementById('result-round').selectedOptions[0].textContent")
        .await;
    assert_eq!(round_label, "第1轮");
    let results: Vec<String> = serde_json::from_value(
        page.eval("[...document.getElementById('result-result').options].map(o => o.value)")
            .await,
    )
    .unwrap();
    assert_eq!(results, ["1-0", "0-1", "1/2", "+-", "-+", "--"]);
    let desk_href = page
        .eval("document.querySelector('#rounds table[data-round=\"1\"] a.desk-link').getAttribute('href')")
        .await;
    let desk_href = desk_href.as_str().unwrap().to_owned();
    assert!(
        desk_href.ends_with(&format!("#t={organiser}")),
        "{desk_href}"
    );
    let game = desk_href[3..13].to_owned();

    // The desk, opened from the console's board link.
    let desk = desk(&browser, &s.url(&desk_href)).await;
    // Outside the scoring mode a drag on the board moves nothing.
    desk.drag_squares("h2", "e2").await;
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    assert_eq!(
        s.state(&game).await["moves"],
        json!([]),
        "the board is not live"
    );
    desk.eval(
        "document.getElementById('at-foul-side').value = 'red'; \
         document.getElementById('at-foul-note').value = '手机响'",
    )
    .await;
    desk.click("#at-foul").await;
    desk.wait_for("window.xq.state.fouls.red === 1", "the foul")
        .await;
    assert_eq!(
        desk.eval("document.getElementById('at-foul-note').value")
            .await,
        ""
    );
    // Scoring: an illegal move is refused in Chinese; a legal one is played.
    desk.click("#at-score").await;
    desk.eval("document.getElementById('at-move-text').value = 'h0h5'")
        .await;
    desk.click("#at-move").await;
    desk.wait_for(
        "!document.getElementById('error').hidden && document.getElementById('error').textContent.includes('不合规则')",
        "the refusal in Chinese",
    )
    .await;
    desk.eval("document.getElementById('at-move-text').value = '炮二平五'")
        .await;
    desk.click("#at-move").await;
    desk.wait_for("window.xq.state.moves.length === 1", "the scored move")
        .await;
    assert_eq!(
        desk.eval("document.getElementById('at-ply').value").await,
        "0",
        "take back defaults to the last move"
    );
    // A forfeit asks first: cancelled, nothing happens; confirmed, the game ends.
    desk.eval("document.getElementById('at-forfeit-side').value = 'black'; document.getElementById('at-forfeit-reason').value = 'misconduct'").await;
    desk.click("#at-forfeit").await;
    let asked = desk
        .eval("document.getElementById('at-confirm-text').textContent")
        .await;
    assert!(
        asked.as_str().unwrap().contains("黑方") && asked.as_str().unwrap().contains("严重违纪"),
        "{asked}"
    );
    desk.screenshot(&dir.join("desk-confirm.png")).await;
    desk.click("#at-confirm-no").await;
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    assert_eq!(s.state(&game).await["status"], "playing");
    desk.click("#at-forfeit").await;
    desk.click("#at-confirm-yes").await;
    desk.wait_for("window.xq.state.status === 'ended'", "the forfeit")
        .await;
    desk.viewport(390, 844, 3.0, true).await;
    desk.screenshot(&dir.join("desk-phone.png")).await;

    // Back in the console: board 2's result from the list; the foul reaches the event.
    page.eval("document.getElementById('result-board').value = '2'; document.getElementById('result-result').value = '1/2'").await;
    page.click("#result-btn").await;
    page.wait_for(
        "window.xqEvent.rounds[0].boards[1].result === '1/2' && window.xqEvent.rounds[0].boards[0].result === '1-0'",
        "both results",
    )
    .await;
    page.wait_for(
        "document.querySelector('#foul-notes li') && document.querySelector('#foul-notes li').textContent.includes('违例1次')",
        "the foul in the event's notes",
    )
    .await;
    assert_eq!(
        page.eval("document.getElementById('error').textContent")
            .await,
        ""
    );
    page.screenshot(&dir.join("console-round.png")).await;
    page.viewport(390, 844, 3.0, true).await;
    page.screenshot(&dir.join("console-phone.png")).await;
}
