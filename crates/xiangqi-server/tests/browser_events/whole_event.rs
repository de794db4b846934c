//! A whole event as people run it, in Chinese: the organiser creates a 6-player Swiss of 3
//! rounds on the home page with his own tie-break chain (points, then fewer fouls: 1960 §13
//! 二, §15 二), imports the players from a CSV file, re-issues a lost link, appoints two board
//! arbiters and assigns them round 1's boards. In round 1 one arbiter forfeits board 1 and
//! adjudicates board 2 at the desk, the other records a foul on board 3, whose players play
//! it to mate; in round 2 a player asks for a 限着 from his game page, which the chief
//! arbiter declares, judges, renews and ends in a draw at his desk (`whole_limit.rs`); the
//! other games of rounds 2 and 3 are drawn, entered from the console. The foul then decides the
//! tie between the two players on 2 points; the standings and every export agree. A
//! screenshot of each step (`$CARGO_TARGET_TMPDIR/xq-browser/whole-*.png`).

use std::path::Path;

use serde_json::{Value, json};

use super::cdp::{Browser, Page};
use super::common::TestServer;
use super::{create_event, desk, home, in_chinese, player_tokens};

const CSV: &str = "姓名,等级分,单位\n许银川,2650,广东\n吕钦,2640,广东\n胡荣华,2600,上海\n\
                   赵国荣,2590,黑龙江\n王天一,2580,杭州\n郑惟桐,2570,四川\n";

async fn shot(page: &Page<'_>, dir: &Path, step: &str) {
    page.screenshot(&dir.join(format!("whole-{step}.png")))
        .await;
}

/// Sets the form fields `(id, value)` of `page`, each with its change event.
async fn fill(page: &Page<'_>, fields: &[(&str, &str)]) {
    for (id, value) in fields {
        page.eval(&format!(
            "(() => {{ const e = document.getElementById({id:?}); e.value = {value:?}; e.dispatchEvent(new Event('change')); }})()"
        ))
        .await;
    }
}

/// The event's view as the API gives it.
async fn view(s: &TestServer, id: &str) -> Value {
    s.call("GET", &format!("/api/events/{id}"), None, None)
        .await
        .1
}

/// Clicks `button` at the desk, then confirms what it asks.
async fn confirmed(desk: &Page<'_>, button: &str) {
    desk.click(button).await;
    desk.wait_for(
        "!document.getElementById('at-confirm').hidden",
        "the confirmation",
    )
    .await;
    desk.click("#at-confirm-yes").await;
    desk.wait_for("window.xq.state.status === 'ended'", "the game's end")
        .await;
}

pub async fn run(s: &TestServer, browser: &Browser, dir: &Path) {
    // 1. The home page: a Swiss of 3 rounds, the chain typed in.
    let home = home(browser, s).await;
    in_chinese(&home).await;
    home.wait_for(
        "document.getElementById('event-tiebreaks-custom')",
        "the form in Chinese",
    )
    .await;
    fill(
        &home,
        &[
            ("event-name", "全程赛"),
            ("event-system", "swiss"),
            ("event-rounds", "3"),
            ("event-tiebreaks", "custom"),
            ("event-tiebreaks-custom", "points,fewer_fouls,buchholz"),
            ("event-control-preset", "90m+15m/10"),
        ],
    )
    .await;
    home.eval("document.getElementById('event-form').scrollIntoView()")
        .await;
    shot(&home, dir, "1-create").await;
    let id = create_event(&home).await;
    let v = view(s, &id).await;
    assert_eq!(v["tiebreak_chain"], json!(["Pts", "Foul", "BH"]), "{v}");
    let page = home;
    in_chinese(&page).await;

    // 2. The players from a CSV file chosen in the form.
    page.eval(&format!(
        "(() => {{ const t = new DataTransfer(); t.items.add(new File([{CSV:?}], 'players.csv', {{type: 'text/csv'}})); \
         const input = document.getElementById('import-file'); input.files = t.files; input.dispatchEvent(new Event('change')); }})()"
    ))
    .await;
    page.wait_for(
        "document.getElementById('import-text').value.includes('郑惟桐')",
        "the file read",
    )
    .await;
    page.click("#import-btn").await;
    page.wait_for(
        "document.querySelectorAll('#player-links .link-row').length === 6",
        "six players' links",
    )
    .await;
    shot(&page, dir, "2-imported").await;

    // 3. Player 3 lost his link: re-issued (two clicks); the old one is refused.
    let old = page.eval("document.getElementById('link-3').value").await;
    let old = old.as_str().unwrap().to_owned();
    page.click("#reissue-3").await;
    page.click("#reissue-3").await;
    page.wait_for(
        &format!("document.getElementById('link-3') && document.getElementById('link-3').value !== {old:?}"),
        "the new link",
    )
    .await;
    let old_token = old.split("#t=").nth(1).unwrap();
    let me = format!("/api/events/{id}/me");
    assert_eq!(s.call("GET", &me, Some(old_token), None).await.0, 403);
    shot(&page, dir, "3-reissued").await;

    // 4. Two board arbiters; round 1 paired; boards 1–2 to the first, 3 to the second.
    for (n, name) in [(1, "王裁判"), (2, "李裁判")] {
        fill(&page, &[("appoint-name", name), ("appoint-role", "board")]).await;
        page.click("#appoint-btn").await;
        page.wait_for(
            &format!("document.getElementById('official-link-{n}') && document.getElementById('official-link-{n}').value.includes('#t=')"),
            "the arbiter's link",
        )
        .await;
    }
    let arbiter = |n: u32| {
        let page = &page;
        async move {
            let link = page
                .eval(&format!(
                    "document.getElementById('official-link-{n}').value"
                ))
                .await;
            link.as_str()
                .unwrap()
                .split("#t=")
                .nth(1)
                .unwrap()
                .to_owned()
        }
    };
    let (first, second) = (arbiter(1).await, arbiter(2).await);
    page.click("#pair-btn").await;
    page.wait_for(
        "window.xqEvent && window.xqEvent.rounds.length === 1",
        "round 1",
    )
    .await;
    for (official, boards) in [("1", "1,2"), ("2", "3")] {
        fill(
            &page,
            &[
                ("assign-round", "1"),
                ("assign-official", official),
                ("assign-boards", boards),
            ],
        )
        .await;
        page.eval("document.getElementById('notice').textContent = ''")
            .await;
        page.click("#assign-btn").await;
        page.wait_for(
            "document.getElementById('notice').textContent === '已分配'",
            "assigned",
        )
        .await;
    }
    shot(&page, dir, "4-arbiters").await;

    // 5. Round 1 at the desks: a forfeit and an adjudication by the first arbiter, a foul
    // by the second, then the mate played on board 3.
    let v = view(s, &id).await;
    let board = |b: usize| v["rounds"][0]["boards"][b].clone();
    let game = |b: usize| board(b)["game"].as_str().unwrap().to_owned();
    let at = |game: &str, token: &str| s.url(&format!("/g/{game}#t={token}"));
    let d1 = desk(browser, &at(&game(0), &first)).await;
    fill(
        &d1,
        &[
            ("at-forfeit-side", "black"),
            ("at-forfeit-reason", "misconduct"),
        ],
    )
    .await;
    confirmed(&d1, "#at-forfeit").await;
    shot(&d1, dir, "5-forfeit").await;
    let d2 = desk(browser, &at(&game(1), &first)).await;
    fill(
        &d2,
        &[
            ("at-result", "draw"),
            ("at-adjudicate-note", "双方均无进取"),
        ],
    )
    .await;
    confirmed(&d2, "#at-adjudicate").await;
    shot(&d2, dir, "5-adjudicated").await;
    let d3 = desk(browser, &at(&game(2), &second)).await;
    fill(&d3, &[("at-foul-side", "red"), ("at-foul-note", "手机响")]).await;
    d3.click("#at-foul").await;
    d3.wait_for("window.xq.state.fouls.red === 1", "the foul")
        .await;
    shot(&d3, dir, "5-foul").await;
    // The second arbiter's link does not act on board 1, not his.
    let (st, _) = s
        .post(
            &game(0),
            "arbiter",
            Some(&second),
            json!({"action": "pause"}),
        )
        .await;
    assert_eq!(st, 403, "a board arbiter acts on his own boards only");
    let organiser = page_token(&page, &id).await;
    let tokens = player_tokens(s, &id, &organiser).await;
    let token = |n: &Value| tokens[&n.as_u64().unwrap()].clone();
    let (red3, black3) = (token(&board(2)["red"]), token(&board(2)["black"]));
    for (i, mv) in ["b2b4", "a6a5", "b4c4", "f9e8", "c4c9"].iter().enumerate() {
        let t = if i % 2 == 0 { &red3 } else { &black3 };
        assert_eq!(s.play(&game(2), t, mv).await.0, 200, "{mv}");
    }
    page.wait_for(
        "window.xqEvent.rounds[0].boards.every(b => b.result)",
        "round 1's results in the console",
    )
    .await;
    let results = page
        .eval("window.xqEvent.rounds[0].boards.map(b => b.result).join(' ')")
        .await;
    assert_eq!(
        results, "+- 1/2 1-0",
        "a forfeit, an adjudicated draw, a mate"
    );

    // 6. Rounds 2 and 3, paired from the console; 7. in round 2, board 1's players ask for
    // a 限着 (1960 §12) and the chief arbiter declares, judges, renews it and finally rules
    // the draw at his desk (`whole_limit.rs`); every other game is drawn from the console's
    // result form.
    let chief = page
        .eval("document.getElementById('arbiter-link').value")
        .await;
    let chief = chief
        .as_str()
        .unwrap()
        .split("#t=")
        .nth(1)
        .unwrap()
        .to_owned();
    for round in [2, 3] {
        page.click("#pair-btn").await;
        page.wait_for(
            &format!("window.xqEvent.rounds.length === {round} && document.getElementById('result-round').value === '{round}'"),
            "the next round",
        )
        .await;
        let mut boards = 1..=3;
        if round == 2 {
            let b = view(s, &id).await["rounds"][1]["boards"][0].clone();
            let players = [token(&b["red"]), token(&b["black"])];
            let game = b["game"].as_str().unwrap();
            super::whole_limit::run(s, browser, dir, game, &players, &chief).await;
            page.wait_for(
                "window.xqEvent.rounds[1].boards[0].result === '1/2'",
                "the limit's draw in the console",
            )
            .await;
            boards = 2..=3;
        }
        for b in boards {
            fill(
                &page,
                &[("result-board", &b.to_string()), ("result-result", "1/2")],
            )
            .await;
            page.click("#result-btn").await;
            page.wait_for(
                &format!(
                    "window.xqEvent.rounds[{}].boards[{}].result === '1/2'",
                    round - 1,
                    b - 1
                ),
                "a draw entered",
            )
            .await;
        }
        shot(&page, dir, &format!("6-round-{round}")).await;
    }

    // 8. The standings: the two on 2 points are separated by the foul.
    let v = view(s, &id).await;
    assert_eq!(v["status"], "finished", "{v}");
    let standings = v["standings"].as_array().unwrap().clone();
    let (w1, w3) = (board(0)["red"].clone(), board(2)["red"].clone());
    assert_eq!(standings[0]["player"], w1, "{standings:?}");
    assert_eq!(
        standings[1]["player"], w3,
        "the foul puts him second: {standings:?}"
    );
    assert_eq!(standings[0]["points"], standings[1]["points"]);
    assert_eq!(standings[1]["tiebreaks"]["Foul"], 1, "{standings:?}");
    let event = browser.open(&s.url(&format!("/e/{id}"))).await;
    event
        .wait_for("document.body.dataset.ready === '1'", "the event page")
        .await;
    in_chinese(&event).await;
    event
        .wait_for("document.querySelector('#standings th:nth-child(4)') && document.querySelector('#standings th:nth-child(4)').textContent === '违例少'", "the chain's columns in Chinese")
        .await;
    let shown: Vec<String> = serde_json::from_value(
        event.eval("[...document.querySelectorAll('#standings tbody tr')].map(r => r.cells[1].textContent)").await,
    )
    .unwrap();
    let names: Vec<&str> = standings
        .iter()
        .map(|r| r["name"].as_str().unwrap())
        .collect();
    assert_eq!(shown, names);
    shot(&event, dir, "8-standings").await;
    let english = super::teams::english_words(&event).await;
    assert_eq!(english, Vec::<String>::new(), "the event page in Chinese");
    event.viewport(390, 844, 3.0, true).await;
    shot(&event, dir, "8-standings-phone").await;

    // 9. The exports say the same.
    let export = |format: &str| {
        let url = s.url(&format!("/api/events/{id}/export?format={format}"));
        async move { s.http.get(url).send().await.unwrap().text().await.unwrap() }
    };
    let csv = export("csv").await;
    let at: Vec<usize> = names.iter().map(|n| csv.find(n).unwrap()).collect();
    assert!(
        at.windows(2).all(|w| w[0] < w[1]),
        "the CSV in the standings' order: {csv}"
    );
    let trf = export("trf").await;
    assert_eq!(
        trf.lines().filter(|l| l.starts_with("001 ")).count(),
        6,
        "{trf}"
    );
    let html = export("html").await;
    assert!(names.iter().all(|n| html.contains(n)), "{html}");
    let pgn = export("pgn").await;
    assert_eq!(pgn.matches("[Result \"1/2-1/2\"]").count(), 7, "{pgn}");
    assert_eq!(pgn.matches("[Result \"1-0\"]").count(), 2, "{pgn}");
}

/// The organiser's token the console keeps for event `id`.
async fn page_token(page: &Page<'_>, id: &str) -> String {
    let t = page
        .eval(&format!("localStorage.getItem('xq-event-organiser-{id}')"))
        .await;
    t.as_str().unwrap().to_owned()
}
