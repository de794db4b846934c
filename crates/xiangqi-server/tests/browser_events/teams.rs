//! A team event run from the console in Chinese (1960 §8 二): two teams entered with a
//! reserve each, round 1 paired, line-ups named board by board (one in the wrong order is
//! refused in Chinese, naming the line-up); a game adjourned, listed in the console with its
//! envelope and scheduled for resumption (1960 §18 五), the time shown on the event page and
//! on the game's page; no English word on the Chinese console and event page. Desktop
//! (1280 x 800) and phone (390 x 844) screenshots.

use std::path::Path;

use serde_json::{Value, json};

use super::cdp::{Browser, Page};
use super::common::TestServer;
use super::in_chinese;

/// The Latin words on `page` (its visible text) but the allowed ones: the formats' names of
/// the export links and the button that switches to English.
pub(super) async fn english_words(page: &Page<'_>) -> Vec<String> {
    let words: Vec<String> = serde_json::from_value(
        page.eval("document.body.innerText.match(/[A-Za-z]{2,}/g) || []")
            .await,
    )
    .unwrap();
    let allowed = ["TRF", "HTML", "CSV", "PGN", "English"];
    words
        .into_iter()
        .filter(|w| !allowed.contains(&w.as_str()))
        .collect()
}

/// Desktop and phone screenshots of `page` scrolled to `focus`.
async fn shots(page: &Page<'_>, dir: &Path, name: &str, focus: &str) {
    let scroll = format!("document.querySelector({focus:?})?.scrollIntoView()");
    page.viewport(1280, 800, 1.0, false).await;
    page.eval(&scroll).await;
    page.screenshot(&dir.join(format!("{name}.png"))).await;
    page.viewport(390, 844, 3.0, true).await;
    page.eval(&scroll).await;
    page.screenshot(&dir.join(format!("{name}-phone.png")))
        .await;
    page.viewport(1280, 800, 1.0, false).await;
}

/// Enters a team in the console's form and waits for the notice.
async fn enter_team(page: &Page<'_>, name: &str, squad: &str) {
    page.eval(&format!(
        "document.getElementById('team-name').value = {}; document.getElementById('team-squad').value = {}",
        serde_json::to_string(name).unwrap(),
        serde_json::to_string(squad).unwrap()
    ))
    .await;
    page.click("#team-entry-btn").await;
    page.wait_for(
        &format!("document.getElementById('notice').textContent.includes('已报名{name}')"),
        "the team entered",
    )
    .await;
}

/// Names the line-up `ranks` for the team first in the form's list.
async fn name_lineup(page: &Page<'_>, ranks: &[u32]) {
    page.wait_for("document.getElementById('lineup-team')", "the line-up form")
        .await;
    page.eval(&format!(
        "[...document.querySelectorAll('#lineup-boards select')].forEach((s, i) => s.value = String({ranks:?}[i]))"
    ))
    .await;
    page.eval("document.getElementById('error').textContent = ''; document.getElementById('notice').textContent = ''")
        .await;
    page.click("#lineup-btn").await;
    page.wait_for(
        "document.getElementById('notice').textContent || document.getElementById('error').textContent",
        "the line-up's answer",
    )
    .await;
}

pub async fn run(s: &TestServer, browser: &Browser, dir: &Path) {
    let body = json!({"name": "团体赛", "system": "team_swiss", "rounds": 1, "boards": 2, "control": "90m"});
    let (st, created) = s.call("POST", "/api/events", None, Some(body)).await;
    assert_eq!(st, 201, "{created}");
    let id = created["id"].as_str().unwrap().to_owned();
    let organiser = created["organiser"]["token"].as_str().unwrap().to_owned();
    let page = browser
        .open(&s.url(&format!("/e/{id}/organiser#t={organiser}")))
        .await;
    page.wait_for(
        "document.body.dataset.ready === '1' && document.getElementById('team-entry')",
        "the console's team entry",
    )
    .await;
    in_chinese(&page).await;
    page.wait_for(
        "document.getElementById('team-entry')",
        "the team entry in Chinese",
    )
    .await;
    enter_team(
        &page,
        "广东队",
        "许银川,2650,广东\n吕钦,2640,广东\n郑惟桐,2600,广东",
    )
    .await;
    enter_team(
        &page,
        "上海队",
        "胡荣华,2600,上海\n孙勇征,2580,上海\n谢靖,2570,上海",
    )
    .await;
    page.wait_for(
        "document.querySelectorAll('#teams tbody tr').length === 2",
        "both teams on the event",
    )
    .await;
    let squad = page
        .eval("document.querySelector('#teams tbody tr').cells[2].textContent")
        .await;
    assert_eq!(squad, "1. 许银川、2. 吕钦、3. 郑惟桐 (替补)");
    shots(&page, dir, "console-teams", "#teams-console").await;

    // The captains' links are listed with the others; the first team's is re-issued (two
    // clicks) and printed on its slip.
    page.wait_for(
        "document.querySelectorAll('#captain-links .link-row').length === 2",
        "the captains' links",
    )
    .await;
    let old = page
        .eval("document.getElementById('captain-link-1').value")
        .await;
    let old = old.as_str().unwrap().to_owned();
    page.click("#reissue-captain-1").await;
    page.click("#reissue-captain-1").await;
    page.wait_for(
        &format!("document.getElementById('captain-link-1') && document.getElementById('captain-link-1').value !== {old:?}"),
        "the captain's new link",
    )
    .await;
    let fresh = page
        .eval("document.getElementById('captain-link-1').value")
        .await;
    let fresh = fresh.as_str().unwrap().to_owned();
    let slips: Vec<String> = serde_json::from_value(
        page.eval("[...document.querySelectorAll('#slips .captain-slip')].map(s => s.textContent)")
            .await,
    )
    .unwrap();
    assert!(
        slips.len() == 2 && slips[0].contains(&fresh) && slips[0].contains("广东队 · 领队"),
        "{slips:?}"
    );
    shots(&page, dir, "console-captains", "#captain-links").await;

    page.click("#pair-btn").await;
    page.wait_for(
        "window.xqEvent && window.xqEvent.rounds.length === 1 && document.getElementById('lineup-team')",
        "round 1's line-up form",
    )
    .await;
    // The old captain's link is refused; the new one reaches the line-up's rules.
    let lineup = json!({"round": 1, "team": 1, "lineup": [2, 1]});
    let lineups = format!("/api/events/{id}/lineups");
    let token = |url: &str| url.split("#t=").nth(1).unwrap().to_owned();
    let (st, _) = s
        .call("POST", &lineups, Some(&token(&old)), Some(lineup.clone()))
        .await;
    assert_eq!(st, 403, "the old captain's link no longer works");
    let (st, b) = s
        .call("POST", &lineups, Some(&token(&fresh)), Some(lineup))
        .await;
    assert_eq!(st, 409, "refused for its order only: {b}");
    // Boards out of the registered order are refused, naming the line-up.
    name_lineup(&page, &[2, 1]).await;
    let refused = page
        .eval("document.getElementById('error').textContent")
        .await;
    assert!(
        refused.as_str().unwrap().contains("出场名单有误"),
        "{refused}"
    );
    // The first team plays its reserve on board 2 (ranks 1 and 3), the second its first two.
    name_lineup(&page, &[1, 3]).await;
    let named = page
        .eval("document.getElementById('notice').textContent")
        .await;
    assert!(named.as_str().unwrap().contains("出场名单已报"), "{named}");
    page.wait_for(
        "document.getElementById('lineup-team') && document.getElementById('lineup-team').options.length === 1",
        "the other team's line-up",
    )
    .await;
    name_lineup(&page, &[1, 2]).await;
    page.wait_for(
        "window.xqEvent.rounds[0].boards.length === 2 && window.xqEvent.rounds[0].boards.every(b => b.game)",
        "both boards with their games",
    )
    .await;
    let v: Value = page.eval("window.xqEvent").await;
    let boards = &v["rounds"][0]["boards"];
    let names: Vec<&str> = (0..2)
        .flat_map(|i| {
            [
                boards[i]["red_name"].as_str().unwrap(),
                boards[i]["black_name"].as_str().unwrap(),
            ]
        })
        .collect();
    assert!(
        names.contains(&"郑惟桐") && !names.contains(&"吕钦"),
        "{names:?}"
    );

    // Board 1's game adjourned by its players (through the API, with their links).
    let tokens = super::player_tokens(s, &id, &organiser).await;
    let token = |n: &Value| tokens[&n.as_u64().unwrap()].clone();
    let (game, red, black) = (
        boards[0]["game"].as_str().unwrap().to_owned(),
        token(&boards[0]["red"]),
        token(&boards[0]["black"]),
    );
    assert_eq!(s.play(&game, &red, "h2e2").await.0, 200);
    s.post(&game, "adjourn", Some(&red), json!({})).await;
    s.post(&game, "adjourn", Some(&black), json!({"action": "accept"}))
        .await;
    let (st, b) = s
        .post(&game, "seal", Some(&black), json!({"move": "h9g7"}))
        .await;
    assert_eq!(st, 200, "{b}");

    // The console lists it (opened again: a seal is the game's, not the event's) and
    // schedules it for the time the form offers (tomorrow, on the hour).
    let page = browser
        .open(&s.url(&format!("/e/{id}/organiser#t={organiser}")))
        .await;
    page.wait_for(
        "document.body.dataset.ready === '1' && document.querySelector('#adjourned form.schedule')",
        "the adjourned game in the console",
    )
    .await;
    in_chinese(&page).await;
    page.wait_for(
        "document.querySelector('#adjourned h2') && document.querySelector('#adjourned h2').textContent.includes('封棋') && document.querySelector('#adjourned tbody')",
        "the list in Chinese",
    )
    .await;
    let row: Vec<String> = serde_json::from_value(
        page.eval(
            "[...document.querySelector('#adjourned tbody tr').cells].map(c => c.textContent)",
        )
        .await,
    )
    .unwrap();
    let cells = [&row[0], &row[1], &row[4], &row[5]];
    assert_eq!(cells, ["第1轮", "1", "黑方", "1"], "{row:?}");
    assert_eq!(row[7], "未排定");
    assert!(
        !page
            .eval("document.body.innerText")
            .await
            .to_string()
            .contains("h9g7")
    );
    page.click("#adjourned .schedule-btn").await;
    page.wait_for(
        "document.getElementById('notice').textContent.includes('续赛时间已排定') && document.querySelector('#adjourned .resume-time').textContent !== '未排定'",
        "the resumption scheduled",
    )
    .await;
    let (_, list) = s
        .call("GET", &format!("/api/events/{id}/adjourned"), None, None)
        .await;
    let at = list["adjourned"][0]["resumes_unix_ms"].as_u64().unwrap();
    let ahead = at.saturating_sub(common_now());
    assert!(
        (82_800_000..=90_000_000).contains(&ahead),
        "tomorrow on the hour: {ahead} ms ahead"
    );
    assert_eq!(
        english_words(&page).await,
        Vec::<String>::new(),
        "the console in Chinese"
    );
    shots(&page, dir, "console-adjourned", "#adjourned").await;

    // The event page and the game's page show when it resumes.
    let event = browser.open(&s.url(&format!("/e/{id}"))).await;
    event
        .wait_for(
            "document.body.dataset.ready === '1' && document.querySelector('#adjourned .resume-time')",
            "the event page's adjourned games",
        )
        .await;
    in_chinese(&event).await;
    event
        .wait_for(
            "document.querySelector('#adjourned h2') && document.querySelector('#adjourned h2').textContent.includes('封棋') && document.querySelector('#adjourned tbody')",
            "in Chinese",
        )
        .await;
    let shown = event
        .eval("document.querySelector('#adjourned .resume-time').textContent")
        .await;
    assert!(shown.as_str().unwrap().contains(':'), "{shown}");
    assert_eq!(
        english_words(&event).await,
        Vec::<String>::new(),
        "the event page in Chinese"
    );
    shots(&event, dir, "event-adjourned", "#adjourned").await;
    let game_page = browser.open(&s.url(&format!("/g/{game}"))).await;
    game_page
        .wait_for(
            "document.getElementById('event-resumes') && document.getElementById('event-resumes').textContent.includes(':')",
            "the resumption on the game's page",
        )
        .await;
    shots(&game_page, dir, "game-adjourned", "#event-info").await;
}

fn common_now() -> u64 {
    super::common::now_ms()
}
