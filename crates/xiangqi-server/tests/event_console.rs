//! What the organiser's console and the arbiter's desk rely on, through the API: every
//! refusal as the API's JSON error in both languages, naming the right thing; the bounds at
//! creation; the organiser acting as the arbiter of his event's games; the links listed again
//! and re-issued, the team captains' too (the old one refused everywhere); fouls reaching the standings and deciding
//! a tie on the 1960 违例 tie-break (§13 二, §15 二).

mod common;

use std::time::Duration;

use common::TestServer;
use serde_json::{Value, json};

struct Ev {
    id: String,
    organiser: String,
    arbiter: String,
    players: Vec<String>,
}

async fn new_event(s: &TestServer, body: Value, names: &[&str]) -> Ev {
    let (status, created) = s.call("POST", "/api/events", None, Some(body)).await;
    assert_eq!(status, 201, "{created}");
    let mut ev = Ev {
        id: created["id"].as_str().unwrap().to_owned(),
        organiser: created["organiser"]["token"].as_str().unwrap().to_owned(),
        arbiter: created["arbiter"]["token"].as_str().unwrap().to_owned(),
        players: Vec::new(),
    };
    for (i, name) in names.iter().enumerate() {
        let body = json!({"name": name, "rating": 2000 - 10 * i as u32});
        let path = format!("/api/events/{}/players", ev.id);
        let (status, p) = s.call("POST", &path, Some(&ev.organiser), Some(body)).await;
        assert_eq!(status, 201, "{p}");
        ev.players.push(p["token"].as_str().unwrap().to_owned());
    }
    ev
}

async fn show(s: &TestServer, ev: &Ev) -> Value {
    s.call("GET", &format!("/api/events/{}", ev.id), None, None)
        .await
        .1
}

/// An error body: its code, and both messages (the Chinese one with no Latin letter).
fn assert_error(status: u16, body: &Value, want_status: u16, code: &str, words: &str) {
    assert_eq!(status, want_status, "{body}");
    assert_eq!(body["error"], code, "{body}");
    assert_eq!(body["status"], want_status, "{body}");
    let message = body["message"].as_str().unwrap();
    assert!(message.contains(words), "{message:?} should say {words:?}");
    let zh = body["message_zh"].as_str().unwrap();
    assert!(!zh.is_empty() && zh != message, "{body}");
}

#[tokio::test]
async fn every_refusal_is_the_api_error_naming_the_right_thing_in_both_languages() {
    let s = TestServer::start().await;
    let (st, b) = s.call("GET", "/api/nothing-here", None, None).await;
    assert_error(st, &b, 404, "not_found", "no such page or API route");
    let (st, b) = s.call("DELETE", "/api/games", None, None).await;
    assert_error(
        st,
        &b,
        405,
        "method_not_allowed",
        "does not take that method",
    );
    let (st, b) = s.call("GET", "/api/events/2222222222", None, None).await;
    assert_error(st, &b, 404, "not_found", "no such event");
    let unknown = xiangqi_server::ids::GameId::random().unwrap();
    let (st, b) = s
        .call("GET", &format!("/api/games/{unknown}"), None, None)
        .await;
    assert_error(st, &b, 404, "not_found", "no such game");
    assert_eq!(b["message_zh"], "没有这盘对局（请核对链接）");

    // A mistyped game link gets the game page with 404; the page says so in its reader's
    // language, with a way home (the browser test `links` reads it).
    let page = s
        .http
        .get(s.url(&format!("/g/{unknown}")))
        .send()
        .await
        .unwrap();
    assert_eq!(page.status(), 404);
    let html = page.text().await.unwrap();
    assert!(html.contains("id=\"not-found\""));

    // The organiser's actions name the organiser, not a player.
    let ev = new_event(&s, json!({"system": "round_robin"}), &["A", "B"]).await;
    let path = format!("/api/events/{}/players", ev.id);
    let (st, b) = s
        .call("POST", &path, None, Some(json!({"name": "C"})))
        .await;
    assert_error(
        st,
        &b,
        401,
        "missing_token",
        "the organiser's token is needed",
    );
    assert!(b["message_zh"].as_str().unwrap().contains("组织者"), "{b}");
    let (st, b) = s
        .call(
            "POST",
            &path,
            Some(&ev.players[0]),
            Some(json!({"name": "C"})),
        )
        .await;
    assert_error(st, &b, 403, "wrong_token", "not the organiser's");

    // A result that is not one of the books' names the result, not the game options.
    let rounds = format!("/api/events/{}/rounds", ev.id);
    assert_eq!(
        s.call("POST", &rounds, Some(&ev.organiser), None).await.0,
        200
    );
    let results = format!("/api/events/{}/results", ev.id);
    let body = json!({"round": 1, "board": 1, "result": "red wins"});
    let (st, b) = s
        .call("POST", &results, Some(&ev.organiser), Some(body))
        .await;
    assert_error(st, &b, 422, "invalid_request", "expected 1-0, 0-1, 1/2");
    assert_eq!(b["field"], "result");
    assert!(
        !b["message"].as_str().unwrap().contains("game options"),
        "{b}"
    );
    assert!(b["message_zh"].as_str().unwrap().contains("红胜"), "{b}");

    // A body over --max-body (4 KiB) is the API's JSON error, not plain text.
    let big = json!({"name": "x".repeat(5000)});
    let (st, b) = s.call("POST", &path, Some(&ev.organiser), Some(big)).await;
    assert_error(st, &b, 413, "too_large", "at most 4096 bytes");
    let (st, b) = s
        .call(
            "POST",
            "/api/games",
            None,
            Some(json!({"fen": "x".repeat(5000)})),
        )
        .await;
    assert_error(st, &b, 413, "too_large", "too large");
    // A game's refusal in Chinese too.
    let g = s.create(json!({})).await;
    let (st, b) = s
        .post(&g.id, "moves", Some(&g.red), json!({"move": "h0h5"}))
        .await;
    assert_eq!(
        (st, b["error"].as_str()),
        (422, Some("illegal_move")),
        "{b}"
    );
    assert!(
        b["message_zh"].as_str().unwrap().contains("不合规则"),
        "{b}"
    );
}

#[tokio::test]
async fn bad_settings_are_refused_at_creation_with_the_reason() {
    let s = TestServer::start().await;
    let create = |body: Value| s.call("POST", "/api/games", None, Some(body));
    let (st, b) = create(json!({"control": "0m"})).await;
    assert_error(st, &b, 422, "invalid_request", "no time at all");
    assert_eq!(b["field"], "control");
    let (st, b) = create(json!({"control": "25h"})).await;
    assert_error(st, &b, 422, "invalid_request", "at most 24 h");
    let (st, b) = create(json!({"control": "10m+2h"})).await;
    assert_error(st, &b, 422, "invalid_request", "more than an hour");
    // Just inside the bounds: an increment alone, a day's stage.
    assert_eq!(create(json!({"control": "0m+5s"})).await.0, 201);
    assert_eq!(create(json!({"control": "24h"})).await.0, 201);

    let event = |body: Value| s.call("POST", "/api/events", None, Some(body));
    for rounds in [0u64, 51, 1_000_000_000] {
        let (st, b) = event(json!({"system": "swiss", "rounds": rounds})).await;
        assert_error(st, &b, 422, "invalid_request", "a Swiss has 1 to 50 rounds");
        assert_eq!(b["field"], "rounds");
    }
    let (st, b) = event(json!({"system": "team_swiss", "rounds": 0, "boards": 4})).await;
    assert_error(st, &b, 422, "invalid_request", "1 to 50 rounds");
    for rounds in [1u64, 50] {
        assert_eq!(
            event(json!({"system": "swiss", "rounds": rounds})).await.0,
            201
        );
    }
    let (st, b) = event(json!({"system": "swiss", "rounds": 5, "control": "0m"})).await;
    assert_error(st, &b, 422, "invalid_request", "no time at all");

    // A time correction of a whole day; two hours is the most.
    let g = s.create(json!({})).await;
    let (st, b) = s
        .arbiter(
            &g,
            json!({"action": "time", "side": "red", "ms": 86_400_000}),
        )
        .await;
    assert_error(st, &b, 422, "invalid_request", "at most two hours");
    assert_eq!(b["field"], "ms");
    let (st, _) = s
        .arbiter(
            &g,
            json!({"action": "time", "side": "red", "ms": -7_200_001}),
        )
        .await;
    assert_eq!(st, 422);
    let (st, b) = s
        .arbiter(
            &g,
            json!({"action": "time", "side": "black", "ms": 7_200_000}),
        )
        .await;
    assert_eq!(st, 200, "{b}");
}

/// The boards of round 1 (paired now), as (game, red token, black token).
async fn round_one(s: &TestServer, ev: &Ev) -> Vec<(String, usize, usize)> {
    let path = format!("/api/events/{}/rounds", ev.id);
    let (st, round) = s.call("POST", &path, Some(&ev.organiser), None).await;
    assert_eq!(st, 200, "{round}");
    round["boards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| {
            let p = |k: &str| b[k].as_u64().unwrap() as usize - 1;
            (b["game"].as_str().unwrap().to_owned(), p("red"), p("black"))
        })
        .collect()
}

#[tokio::test]
async fn the_organiser_acts_as_the_arbiter_of_his_events_games_only() {
    let s = TestServer::start().await;
    let ev = new_event(&s, json!({"system": "round_robin"}), &["A", "B"]).await;
    let other = new_event(&s, json!({"system": "round_robin"}), &["C", "D"]).await;
    let boards = round_one(&s, &ev).await;
    let (game, red, _) = &boards[0];
    let foul = json!({"action": "foul", "side": "red", "foul": "other", "note": "phone"});
    let (st, b) = s
        .post(game, "arbiter", Some(&ev.organiser), foul.clone())
        .await;
    assert_eq!(st, 200, "{b}");
    assert_eq!(b["fouls"]["red"], 1);
    let (st, _) = s
        .post(game, "arbiter", Some(&ev.arbiter), foul.clone())
        .await;
    assert_eq!(st, 200);
    for stranger in [&other.organiser, &other.arbiter, &ev.players[*red]] {
        let (st, b) = s.post(game, "arbiter", Some(stranger), foul.clone()).await;
        assert_eq!((st, b["error"].as_str()), (403, Some("wrong_token")), "{b}");
    }
}

#[tokio::test]
async fn links_are_listed_again_and_a_reissued_link_replaces_the_old_one_everywhere() {
    let s = TestServer::start().await;
    let ev = new_event(&s, json!({"system": "round_robin"}), &["A", "B", "C", "D"]).await;
    let path = format!("/api/events/{}/links", ev.id);
    let (st, b) = s.call("GET", &path, Some(&ev.players[0]), None).await;
    assert_eq!((st, b["error"].as_str()), (403, Some("wrong_token")));
    let (st, links) = s.call("GET", &path, Some(&ev.organiser), None).await;
    assert_eq!(st, 200, "{links}");
    let players = links["players"].as_array().unwrap();
    let listed: Vec<String> = players.iter().map(|p| token_of(&p["url"])).collect();
    assert_eq!(listed, ev.players, "the links given at registration, again");
    let arbiter_url = links["arbiter"]["url"].as_str().unwrap();
    assert!(arbiter_url.ends_with(&format!("/organiser#t={}", ev.arbiter)));

    let boards = round_one(&s, &ev).await;
    let (game, red, black) = boards[0].clone();
    let (st, b) = s
        .call(
            "POST",
            &path,
            Some(&ev.organiser),
            Some(json!({"player": red + 1})),
        )
        .await;
    assert_eq!(st, 200, "{b}");
    let fresh = b["token"].as_str().unwrap().to_owned();
    assert_ne!(fresh, ev.players[red]);
    // The old link is refused on his game of the round and on the event; the new one plays.
    let (st, _) = s.play(&game, &ev.players[red], "h2e2").await;
    assert_eq!(st, 403);
    let me = format!("/api/events/{}/me", ev.id);
    assert_eq!(
        s.call("GET", &me, Some(&ev.players[red]), None).await.0,
        403
    );
    let (st, b) = s.call("GET", &me, Some(&fresh), None).await;
    assert_eq!(
        (st, b["player"].as_u64()),
        (200, Some(red as u64 + 1)),
        "{b}"
    );
    let (st, b) = s.play(&game, &fresh, "h2e2").await;
    assert_eq!(st, 200, "{b}");
    let (st, _) = s.play(&game, &ev.players[black], "h9g7").await;
    assert_eq!(st, 200);
    // The list shows the new link; the arbiter's too can be re-issued.
    let (_, links) = s.call("GET", &path, Some(&ev.organiser), None).await;
    let row = &links["players"][red];
    assert!(row["url"].as_str().unwrap().ends_with(&fresh), "{row}");
    assert_eq!(row["issued"], 2);
    let (st, b) = s
        .call(
            "POST",
            &path,
            Some(&ev.organiser),
            Some(json!({"arbiter": true})),
        )
        .await;
    assert_eq!(st, 200, "{b}");
    let arbiter = b["token"].as_str().unwrap().to_owned();
    let pause = json!({"action": "pause"});
    let (st, _) = s
        .post(&game, "arbiter", Some(&ev.arbiter), pause.clone())
        .await;
    assert_eq!(st, 403, "the old arbiter link is refused");
    let (st, b) = s.post(&game, "arbiter", Some(&arbiter), pause).await;
    assert_eq!(st, 200, "{b}");
    let (st, b) = s
        .call("POST", &path, Some(&ev.organiser), Some(json!({})))
        .await;
    assert_eq!(
        (st, b["error"].as_str()),
        (422, Some("invalid_request")),
        "{b}"
    );
}

/// The secret token of a link's URL.
fn token_of(url: &Value) -> String {
    let url = url.as_str().unwrap();
    url.split("#t=").nth(1).unwrap().to_owned()
}

/// The team captains' links (领队, who name the line-ups) are listed with the others and
/// re-issued on demand: the old one is refused at once, the new one names the line-up.
#[tokio::test]
async fn a_captains_link_is_listed_again_and_a_reissued_one_replaces_the_old() {
    let s = TestServer::start().await;
    let body = json!({"system": "team_round_robin", "boards": 2});
    let ev = new_event(&s, body, &[]).await;
    let mut captains = Vec::new();
    for team in ["广东", "上海"] {
        let squad: Vec<Value> = (1..=2)
            .map(|n| json!({"name": format!("{team}{n}")}))
            .collect();
        let body = json!({"name": team, "players": squad});
        let path = format!("/api/events/{}/teams", ev.id);
        let (st, t) = s.call("POST", &path, Some(&ev.organiser), Some(body)).await;
        assert_eq!(st, 201, "{t}");
        captains.push(t["token"].as_str().unwrap().to_owned());
    }
    let path = format!("/api/events/{}/links", ev.id);
    let (st, links) = s.call("GET", &path, Some(&ev.organiser), None).await;
    assert_eq!(st, 200, "{links}");
    let listed = |links: &Value| -> Vec<(u64, String, u64)> {
        let teams = links["teams"].as_array().unwrap();
        let row = |t: &Value| {
            (
                t["team"].as_u64().unwrap(),
                token_of(&t["url"]),
                t["issued"].as_u64().unwrap(),
            )
        };
        teams.iter().map(row).collect()
    };
    let first = vec![(1, captains[0].clone(), 1), (2, captains[1].clone(), 1)];
    assert_eq!(listed(&links), first, "the links given at entry, again");
    assert_eq!(links["teams"][0]["name"], "广东");
    let rounds = format!("/api/events/{}/rounds", ev.id);
    assert_eq!(
        s.call("POST", &rounds, Some(&ev.organiser), None).await.0,
        200
    );

    let (st, b) = s
        .call("POST", &path, Some(&ev.organiser), Some(json!({"team": 1})))
        .await;
    assert_eq!((st, &b["holder"]), (200, &json!({"team": 1})), "{b}");
    let fresh = b["token"].as_str().unwrap().to_owned();
    assert_ne!(fresh, captains[0]);
    assert!(
        b["url"]
            .as_str()
            .unwrap()
            .ends_with(&format!("/organiser#t={fresh}"))
    );
    let lineup = json!({"round": 1, "team": 1, "lineup": [1, 2]});
    let lineups = format!("/api/events/{}/lineups", ev.id);
    let (st, b) = s
        .call("POST", &lineups, Some(&captains[0]), Some(lineup.clone()))
        .await;
    assert_eq!(
        (st, b["error"].as_str()),
        (403, Some("wrong_token")),
        "the old link: {b}"
    );
    let (st, b) = s.call("POST", &lineups, Some(&fresh), Some(lineup)).await;
    assert_eq!(st, 200, "the new link names the line-up: {b}");
    let (_, links) = s.call("GET", &path, Some(&ev.organiser), None).await;
    let again = vec![(1, fresh, 2), (2, captains[1].clone(), 1)];
    assert_eq!(listed(&links), again);
    // No such team: refused in both languages.
    let (st, b) = s
        .call("POST", &path, Some(&ev.organiser), Some(json!({"team": 9})))
        .await;
    assert_error(st, &b, 409, "event_refused", "no team 9");
    assert_eq!(b["message_zh"], "没有9号队");
    // Only the organiser lists or re-issues it.
    let (st, _) = s
        .call("POST", &path, Some(&captains[1]), Some(json!({"team": 2})))
        .await;
    assert_eq!(st, 403);
}

/// Waits until `check` holds of the event (fouls and results reach it on a task of their
/// own).
async fn until(s: &TestServer, ev: &Ev, what: &str, check: impl Fn(&Value) -> bool) -> Value {
    for _ in 0..200 {
        let v = show(s, ev).await;
        if check(&v) {
            return v;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    panic!("{what}: {}", show(s, ev).await);
}

#[tokio::test]
async fn a_foul_recorded_on_a_game_decides_a_tie_on_the_1960_tiebreak() {
    let s = TestServer::start().await;
    // 1960 §13 二: points, then the games between the tied, then fewer losses-as-unbeaten,
    // then fewer fouls (违例).
    let body = json!({"system": "round_robin", "tiebreaks": "single-1960"});
    let ev = new_event(&s, body, &["A", "B", "C", "D"]).await;
    let boards = round_one(&s, &ev).await;
    let (g1, r1, b1) = boards[0].clone();
    let (g2, r2, b2) = boards[1].clone();
    let foul = |side: &str| json!({"action": "foul", "side": side, "foul": "touched_not_moved"});
    // Board 1: Red commits a foul, then wins. Board 2: Red commits a foul and loses.
    assert_eq!(
        s.post(&g1, "arbiter", Some(&ev.arbiter), foul("red"))
            .await
            .0,
        200
    );
    assert_eq!(
        s.post(&g2, "arbiter", Some(&ev.organiser), foul("red"))
            .await
            .0,
        200
    );
    assert_eq!(
        s.post(&g1, "resign", Some(&ev.players[b1]), json!({}))
            .await
            .0,
        200
    );
    assert_eq!(
        s.post(&g2, "resign", Some(&ev.players[r2]), json!({}))
            .await
            .0,
        200
    );

    let v = until(&s, &ev, "both results and fouls", |v| {
        let b = &v["rounds"][0]["boards"];
        b[0]["result"].is_string()
            && b[1]["result"].is_string()
            && b[1]["fouls"][0] == 1
            && b[0]["fouls"][0] == 1
    })
    .await;
    let standings = v["standings"].as_array().unwrap();
    let order: Vec<(u64, bool, usize)> = standings
        .iter()
        .map(|r| {
            (
                r["place"].as_u64().unwrap(),
                r["shared"].as_bool().unwrap(),
                r["player"].as_u64().unwrap() as usize - 1,
            )
        })
        .collect();
    // Two winners on 2 points who have not met, both unbeaten: the one without a foul
    // first. Two losers likewise.
    assert_eq!(
        order,
        vec![
            (1, false, b2),
            (2, false, r1),
            (3, false, b1),
            (4, false, r2)
        ],
        "{standings:?}"
    );
    let fouls = |p: usize| {
        standings
            .iter()
            .find(|r| r["player"] == p as u64 + 1)
            .unwrap()["tiebreaks"]["Foul"]
            .clone()
    };
    assert_eq!(
        (fouls(r1), fouls(b2), fouls(r2), fouls(b1)),
        (json!(1), json!(0), json!(1), json!(0))
    );
    let notes = v["foul_notes"].as_array().unwrap();
    assert_eq!(notes.len(), 2, "{notes:?}");
    assert_eq!(notes[0]["player"], r1 as u64 + 1);
    assert_eq!(notes[0]["fouls"], 1);
    // The exports carry the tie-break's column.
    let csv = s
        .http
        .get(s.url(&format!("/api/events/{}/export?format=csv", ev.id)))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(csv.lines().next().unwrap().contains("Foul"), "{csv}");
}

/// The next event view on the event's socket (skipping pings).
async fn next_view<S>(socket: &mut S) -> Value
where
    S: futures_util::Stream<
            Item = Result<
                tokio_tungstenite::tungstenite::Message,
                tokio_tungstenite::tungstenite::Error,
            >,
        > + Unpin,
{
    use futures_util::StreamExt;
    loop {
        let message = tokio::time::timeout(Duration::from_secs(5), socket.next())
            .await
            .expect("a view within 5 s")
            .unwrap()
            .unwrap();
        if let tokio_tungstenite::tungstenite::Message::Text(text) = message {
            let v: Value = serde_json::from_str(&text).unwrap();
            assert_eq!(v["type"], "event");
            return v["event"].clone();
        }
    }
}

#[tokio::test]
async fn the_events_socket_sends_the_view_at_once_and_after_every_change() {
    let s = TestServer::start().await;
    let ev = new_event(&s, json!({"system": "round_robin"}), &["A", "B"]).await;
    let other = new_event(&s, json!({"system": "round_robin"}), &["C", "D"]).await;
    let url = s
        .url(&format!("/api/events/{}/ws", ev.id))
        .replacen("http", "ws", 1);
    let (mut socket, _) = tokio_tungstenite::connect_async(url).await.unwrap();
    let first = next_view(&mut socket).await;
    assert_eq!(first["players"].as_array().unwrap().len(), 2);
    // Another event's change sends nothing; this one's pairing sends the new view.
    let path = |e: &Ev| format!("/api/events/{}/rounds", e.id);
    assert_eq!(
        s.call("POST", &path(&other), Some(&other.organiser), None)
            .await
            .0,
        200
    );
    assert_eq!(
        s.call("POST", &path(&ev), Some(&ev.organiser), None)
            .await
            .0,
        200
    );
    let paired = next_view(&mut socket).await;
    assert_eq!(paired["id"], ev.id.as_str());
    assert_eq!(paired["rounds"].as_array().unwrap().len(), 1);
    // A game's end reaches the page by itself.
    let game = paired["rounds"][0]["boards"][0]["game"]
        .as_str()
        .unwrap()
        .to_owned();
    let red = paired["rounds"][0]["boards"][0]["red"].as_u64().unwrap() as usize - 1;
    assert_eq!(
        s.post(&game, "resign", Some(&ev.players[red]), json!({}))
            .await
            .0,
        200
    );
    let ended = next_view(&mut socket).await;
    assert_eq!(ended["rounds"][0]["boards"][0]["result"], "0-1");
    let unknown = s.url("/api/events/2222222222/ws").replacen("http", "ws", 1);
    match tokio_tungstenite::connect_async(unknown).await {
        Err(tokio_tungstenite::tungstenite::Error::Http(r)) => assert_eq!(r.status(), 404),
        other => panic!("an unknown event's socket: {other:?}"),
    }
}

#[tokio::test]
async fn deputies_act_on_every_board_and_a_board_arbiter_on_his_own() {
    let s = TestServer::start().await;
    let ev = new_event(&s, json!({"system": "round_robin"}), &["A", "B", "C", "D"]).await;
    let appoint = format!("/api/events/{}/officials", ev.id);
    let (st, deputy) = s
        .call(
            "POST",
            &appoint,
            Some(&ev.organiser),
            Some(json!({"name": "副裁", "role": "deputy"})),
        )
        .await;
    assert_eq!(st, 201, "{deputy}");
    let (st, board) = s
        .call(
            "POST",
            &appoint,
            Some(&ev.organiser),
            Some(json!({"name": "王", "role": "board"})),
        )
        .await;
    assert_eq!(st, 201, "{board}");
    let (st, b) = s
        .call(
            "POST",
            &appoint,
            Some(&ev.arbiter),
            Some(json!({"name": "x", "role": "board"})),
        )
        .await;
    assert_eq!(
        (st, b["error"].as_str()),
        (403, Some("wrong_token")),
        "only the organiser appoints"
    );
    let deputy_token = deputy["token"].as_str().unwrap().to_owned();
    let board_token = board["token"].as_str().unwrap().to_owned();

    let boards = round_one(&s, &ev).await;
    let assign = format!("/api/events/{}/assign", ev.id);
    let body = json!({"round": 1, "official": board["official"], "boards": [1]});
    let (st, b) = s
        .call("POST", &assign, Some(&ev.organiser), Some(body))
        .await;
    assert_eq!(st, 200, "{b}");
    assert_eq!(b["warnings"], json!([]));
    let foul = json!({"action": "foul", "side": "black", "foul": "other"});
    // His board: yes; the other: no. The deputy: both.
    assert_eq!(
        s.post(&boards[0].0, "arbiter", Some(&board_token), foul.clone())
            .await
            .0,
        200
    );
    let (st, b) = s
        .post(&boards[1].0, "arbiter", Some(&board_token), foul.clone())
        .await;
    assert_eq!((st, b["error"].as_str()), (403, Some("wrong_token")), "{b}");
    for (game, _, _) in &boards {
        assert_eq!(
            s.post(game, "arbiter", Some(&deputy_token), foul.clone())
                .await
                .0,
            200
        );
    }
    // A deputy has every board already; eight boards exceed every range of 1960 §18.
    let body = json!({"round": 2, "official": deputy["official"], "boards": [1]});
    let (st, b) = s
        .call("POST", &assign, Some(&ev.organiser), Some(body))
        .await;
    assert_eq!(
        (st, b["error"].as_str()),
        (409, Some("event_refused")),
        "{b}"
    );
    let body = json!({"round": 2, "official": board["official"], "boards": [1, 2, 3, 4]});
    let (_, b) = s.call("POST", &assign, Some(&ev.arbiter), Some(body)).await;
    let warnings = b["warnings"].as_array().unwrap();
    assert_eq!(warnings.len(), 1, "{b}");
    assert!(
        warnings[0]
            .as_str()
            .unwrap()
            .contains("national events (1–3)"),
        "{b}"
    );
    assert!(
        b["warnings_zh"][0].as_str().unwrap().contains("第十八节"),
        "{b}"
    );
    let body =
        json!({"round": 2, "official": board["official"], "boards": (1..=8).collect::<Vec<u32>>()});
    let (_, b) = s
        .call("POST", &assign, Some(&ev.organiser), Some(body))
        .await;
    assert_eq!(b["warnings"].as_array().unwrap().len(), 3, "{b}");

    // Their links are listed and re-issued like the players'.
    let links = format!("/api/events/{}/links", ev.id);
    let (_, l) = s.call("GET", &links, Some(&ev.organiser), None).await;
    assert!(
        l["officials"][1]["url"]
            .as_str()
            .unwrap()
            .ends_with(&board_token),
        "{l}"
    );
    assert_eq!(
        l["officials"][1]["boards"],
        json!([
            [1, 1],
            [2, 1],
            [2, 2],
            [2, 3],
            [2, 4],
            [2, 5],
            [2, 6],
            [2, 7],
            [2, 8]
        ])
    );
    let (st, b) = s
        .call(
            "POST",
            &links,
            Some(&ev.organiser),
            Some(json!({"official": 1})),
        )
        .await;
    assert_eq!(st, 200, "{b}");
    let (st, _) = s
        .post(&boards[1].0, "arbiter", Some(&deputy_token), foul.clone())
        .await;
    assert_eq!(st, 403, "the deputy's old link");
    let fresh = b["token"].as_str().unwrap();
    assert_eq!(
        s.post(&boards[1].0, "arbiter", Some(fresh), foul).await.0,
        200
    );
}
