//! Competitions through the API on a real server: events created, players registered,
//! rounds paired with their games created on the server, games played to their end, and the
//! standings compared with what the tournament crate computes for the same results.

mod common;

use std::time::Duration;

use common::TestServer;
use serde_json::{Value, json};
use xiangqi_tournament::{Outcome, Player, Settings, Tournament};

/// Red mates in three (the server's own API test line).
const MATE_LINE: [&str; 5] = ["b2b4", "a6a5", "b4c4", "f9e8", "c4c9"];

struct Ev {
    id: String,
    organiser: String,
    arbiter: String,
    /// Player tokens by registration number - 1.
    players: Vec<String>,
}

async fn call(
    s: &TestServer,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Option<Value>,
) -> (u16, Value) {
    let mut r = match method {
        "GET" => s.http.get(s.url(path)),
        _ => s.http.post(s.url(path)),
    };
    if let Some(t) = token {
        r = r.bearer_auth(t);
    }
    if let Some(b) = body {
        r = r.json(&b);
    }
    let r = r.send().await.unwrap();
    let status = r.status().as_u16();
    (status, r.json().await.unwrap_or(Value::Null))
}

async fn new_event(s: &TestServer, body: Value, names: &[&str]) -> Ev {
    let (status, created) = call(s, "POST", "/api/events", None, Some(body)).await;
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_str().unwrap().to_owned();
    assert!(
        created["url"]
            .as_str()
            .unwrap()
            .ends_with(&format!("/e/{id}"))
    );
    let mut ev = Ev {
        organiser: created["organiser"]["token"].as_str().unwrap().to_owned(),
        arbiter: created["arbiter"]["token"].as_str().unwrap().to_owned(),
        id,
        players: Vec::new(),
    };
    for (i, name) in names.iter().enumerate() {
        let body = json!({"name": name, "rating": 2000 - 10 * i as u32});
        let (status, p) = call(
            s,
            "POST",
            &format!("/api/events/{}/players", ev.id),
            Some(&ev.organiser),
            Some(body),
        )
        .await;
        assert_eq!(status, 201, "{p}");
        assert_eq!(p["player"], i + 1);
        ev.players.push(p["token"].as_str().unwrap().to_owned());
    }
    ev
}

async fn show(s: &TestServer, ev: &Ev) -> Value {
    call(s, "GET", &format!("/api/events/{}", ev.id), None, None)
        .await
        .1
}

async fn pair(s: &TestServer, ev: &Ev) -> Value {
    let (status, round) = call(
        s,
        "POST",
        &format!("/api/events/{}/rounds", ev.id),
        Some(&ev.organiser),
        None,
    )
    .await;
    assert_eq!(status, 200, "{round}");
    round
}

async fn enter(s: &TestServer, ev: &Ev, round: u64, board: u64, result: &str) -> (u16, Value) {
    let body = json!({"round": round, "board": board, "result": result});
    call(
        s,
        "POST",
        &format!("/api/events/{}/results", ev.id),
        Some(&ev.organiser),
        Some(body),
    )
    .await
}

fn token<'a>(ev: &'a Ev, player: &Value) -> &'a str {
    &ev.players[player.as_u64().unwrap() as usize - 1]
}

/// Waits until the event shows a result on `round`/`board` (results flow in from the games'
/// rooms on a task of their own).
async fn result_of(s: &TestServer, ev: &Ev, round: u64, board: u64) -> String {
    for _ in 0..200 {
        let v = show(s, ev).await;
        if let Some(r) =
            v["rounds"][round as usize - 1]["boards"][board as usize - 1]["result"].as_str()
        {
            return r.to_owned();
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    panic!("round {round} board {board}: no result reached the event");
}

async fn play(s: &TestServer, game: &str, red: &str, black: &str, line: &[&str]) {
    for (i, mv) in line.iter().enumerate() {
        let t = if i % 2 == 0 { red } else { black };
        let (status, body) = s.play(game, t, mv).await;
        assert_eq!(status, 200, "{mv}: {body}");
    }
}

/// How a board's game is brought to its end on the server.
#[derive(Clone, Copy, Debug)]
enum Ending {
    Mate,
    Agreement,
    BlackResigns,
    RedResigns,
    Flag,
    ArbiterForfeitsRed,
}

async fn finish(s: &TestServer, ev: &Ev, board: &Value, how: Ending) -> Outcome {
    let game = board["game"].as_str().unwrap();
    let (red, black) = (token(ev, &board["red"]), token(ev, &board["black"]));
    match how {
        Ending::Mate => {
            play(s, game, red, black, &MATE_LINE).await;
            Outcome::FirstWins
        }
        Ending::Agreement => {
            assert_eq!(s.post(game, "draw", Some(red), json!({})).await.0, 200);
            let (status, body) = s
                .post(game, "draw", Some(black), json!({"action": "accept"}))
                .await;
            assert_eq!((status, &body["result"]), (200, &json!("draw")));
            Outcome::Draw
        }
        Ending::BlackResigns => {
            play(s, game, red, black, &["h2e2"]).await;
            assert_eq!(s.post(game, "resign", Some(black), json!({})).await.0, 200);
            Outcome::FirstWins
        }
        Ending::RedResigns => {
            play(s, game, red, black, &["h2e2", "h9g7"]).await;
            assert_eq!(s.post(game, "resign", Some(red), json!({})).await.0, 200);
            Outcome::SecondWins
        }
        Ending::Flag => {
            play(s, game, red, black, &["h2e2"]).await;
            // The event's control is 1 s: Black's flag falls on the server.
            tokio::time::sleep(Duration::from_millis(1800)).await;
            let state = s.state(game).await;
            assert_eq!(state["ruling"]["reason"], "flag", "{state}");
            Outcome::FirstWins
        }
        Ending::ArbiterForfeitsRed => {
            // The event arbiter's token acts on every game of the event.
            let body = json!({"action": "forfeit", "side": "red", "reason": "late_arrival"});
            let (status, answer) = s.post(game, "arbiter", Some(&ev.arbiter), body).await;
            assert_eq!(status, 200, "{answer}");
            Outcome::SecondWinsByForfeit
        }
    }
}

/// The event's standings as (number, place, points, tie-break values), to compare with
/// the tournament crate's.
fn rows(event: &Value) -> Vec<(u64, u64, f64, Vec<String>)> {
    let chain: Vec<&str> = event["tiebreak_chain"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap())
        .collect();
    event["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            let tb: Vec<String> = chain
                .iter()
                .map(|c| r["tiebreaks"][c].to_string())
                .collect();
            (
                r["number"].as_u64().unwrap(),
                r["place"].as_u64().unwrap(),
                r["points"].as_f64().unwrap(),
                tb,
            )
        })
        .collect()
}

fn crate_rows(t: &Tournament) -> Vec<(u64, u64, f64, Vec<String>)> {
    let s = t.standings();
    s.rows
        .iter()
        .map(|r| {
            let tb = s
                .criteria
                .iter()
                .zip(&r.values)
                .map(|(_, v)| v.map_or("null".to_owned(), |v| v.to_string()))
                .collect();
            (
                u64::from(r.player.0),
                u64::from(r.rank),
                r.points.to_string().parse().unwrap(),
                tb,
            )
        })
        .collect()
}

fn players(n: usize) -> Vec<Player> {
    (0..n)
        .map(|i| Player::new(format!("P{}", i + 1)).with_rating(2000 - 10 * i as u32))
        .collect()
}

#[tokio::test]
async fn a_swiss_played_to_the_end_on_the_server_ranks_as_the_tournament_crate_does() {
    let s = TestServer::start().await;
    let names = ["P1", "P2", "P3", "P4", "P5", "P6"];
    let ev = new_event(
        &s,
        json!({"name": "Club Swiss", "system": "swiss", "rounds": 3, "control": "1s"}),
        &names,
    )
    .await;
    assert_eq!(show(&s, &ev).await["status"], "registration");
    // Only the organiser pairs.
    let (status, _) = call(
        &s,
        "POST",
        &format!("/api/events/{}/rounds", ev.id),
        Some(&ev.players[0]),
        None,
    )
    .await;
    assert_eq!(status, 403);

    let mut expected = Tournament::new("Club Swiss", players(6), Settings::swiss(3)).unwrap();
    let endings = [
        [Ending::Mate, Ending::Agreement, Ending::Flag],
        [
            Ending::RedResigns,
            Ending::ArbiterForfeitsRed,
            Ending::Agreement,
        ],
        [Ending::BlackResigns, Ending::Mate, Ending::RedResigns],
    ];
    for (r, endings) in endings.iter().enumerate() {
        let round = pair(&s, &ev).await;
        let number = expected.pair_next_round().unwrap();
        assert_eq!(round["round"], number);
        let boards = round["boards"].as_array().unwrap().clone();
        // The same pairing as the tournament crate's, board by board, red first.
        let theirs: Vec<(u64, u64)> = expected.rounds[r]
            .games
            .iter()
            .map(|g| (u64::from(g.first.0), u64::from(g.second.0)))
            .collect();
        let ours: Vec<(u64, u64)> = boards
            .iter()
            .map(|b| (b["red"].as_u64().unwrap(), b["black"].as_u64().unwrap()))
            .collect();
        assert_eq!(ours, theirs, "round {number}");
        // A second round cannot be paired while this one is being played.
        let (status, body) = call(
            &s,
            "POST",
            &format!("/api/events/{}/rounds", ev.id),
            Some(&ev.organiser),
            None,
        )
        .await;
        assert_eq!(
            (status, body["error"].as_str()),
            (409, Some("event_refused"))
        );
        for (b, how) in boards.iter().zip(endings) {
            let outcome = finish(&s, &ev, b, *how).await;
            let board = b["board"].as_u64().unwrap();
            assert_eq!(
                result_of(&s, &ev, u64::from(number), board).await,
                outcome.to_string(),
                "{how:?}"
            );
            expected.set_result(number, board as u32, outcome).unwrap();
        }
    }
    let v = show(&s, &ev).await;
    assert_eq!(v["status"], "finished");
    assert_eq!(rows(&v), crate_rows(&expected));
    assert_eq!(
        v["standings"][0]["tiebreaks"].as_object().unwrap().len(),
        expected.settings.tiebreaks.len()
    );
    // Exports: the crate's TRF and crosstable, and every game's record.
    let trf = s
        .http
        .get(s.url(&format!("/api/events/{}/export?format=trf", ev.id)))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert_eq!(trf, xiangqi_tournament::export::to_trf(&expected));
    let csv = s
        .http
        .get(s.url(&format!("/api/events/{}/export?format=csv", ev.id)))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert_eq!(
        csv,
        xiangqi_tournament::export::Crosstable::build(&expected).to_csv()
    );
    let pgn = s
        .http
        .get(s.url(&format!("/api/events/{}/export?format=pgn", ev.id)))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert_eq!(pgn.matches("[Event \"Club Swiss\"]").count(), 9, "{pgn}");
    assert!(pgn.contains("[Round \"3.3\"]"));
    let (status, _) = call(
        &s,
        "GET",
        &format!("/api/events/{}/export?format=xls", ev.id),
        None,
        None,
    )
    .await;
    // The request's field at fault, as every other field's (`invalid_request`).
    assert_eq!(status, 422);
}

#[tokio::test]
async fn a_player_token_plays_his_games_and_no_one_elses() {
    let s = TestServer::start().await;
    let ev = new_event(&s, json!({"system": "round_robin"}), &["A", "B", "C", "D"]).await;
    let round = pair(&s, &ev).await;
    let b1 = &round["boards"][0];
    let game = b1["game"].as_str().unwrap();
    let (red, black) = (token(&ev, &b1["red"]), token(&ev, &b1["black"]));
    let other = token(&ev, &round["boards"][1]["red"]);
    assert_eq!(s.play(game, other, "h2e2").await.0, 403);
    assert_eq!(s.play(game, black, "h2e2").await.0, 409);
    assert_eq!(s.play(game, red, "h2e2").await.0, 200);
    // The home page's list shows the games being played, to watch.
    let (_, list) = call(&s, "GET", "/api/events", None, None).await;
    let live = list["events"][0]["live"].as_array().unwrap();
    assert_eq!(live.len(), 2, "{list}");
    assert_eq!(live[0]["game"], game);
    assert!(live[0]["red_name"].is_string());
    // The player's page finds his current game.
    let (status, me) = call(
        &s,
        "GET",
        &format!("/api/events/{}/me", ev.id),
        Some(red),
        None,
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(me["current_game"], game);
    assert_eq!(me["games"][0]["side"], "red");
    let (status, _) = call(
        &s,
        "GET",
        &format!("/api/events/{}/me", ev.id),
        Some("nobody"),
        None,
    )
    .await;
    assert_eq!(status, 403);
    // The game carries the players' names.
    let state = s.state(game).await;
    assert_eq!(
        state["options"]["red_name"],
        show(&s, &ev).await["players"][b1["red"].as_u64().unwrap() as usize - 1]["name"]
    );
}

#[tokio::test]
async fn a_five_player_round_robin_gives_everyone_one_bye() {
    let s = TestServer::start().await;
    let names = ["A", "B", "C", "D", "E"];
    let ev = new_event(&s, json!({"system": "round_robin"}), &names).await;
    let mut expected = Tournament::new("Event", players(5), Settings::round_robin_1960()).unwrap();
    let mut byes = Vec::new();
    let results = ["1-0", "1/2", "0-1", "+-", "-+"];
    for r in 0..5u64 {
        let round = pair(&s, &ev).await;
        expected.pair_next_round().unwrap();
        assert_eq!(round["boards"].as_array().unwrap().len(), 2);
        let bye = round["byes"].as_array().unwrap();
        assert_eq!(bye.len(), 1);
        byes.push(bye[0].as_u64().unwrap());
        for b in 1..=2u64 {
            let result = results[((r * 2 + b) % 5) as usize];
            let (status, body) = enter(&s, &ev, r + 1, b, result).await;
            assert_eq!(status, 200, "{body}");
            expected
                .set_result(r as u32 + 1, b as u32, result.parse().unwrap())
                .unwrap();
            // Entered by the organiser, the server game ends as the result says.
            let game = round["boards"][b as usize - 1]["game"].as_str().unwrap();
            assert_eq!(s.state(game).await["status"], "ended");
        }
    }
    byes.sort_unstable();
    assert_eq!(byes, [1, 2, 3, 4, 5]);
    let v = show(&s, &ev).await;
    assert_eq!(v["status"], "finished");
    assert_eq!(rows(&v), crate_rows(&expected));
    let (status, body) = call(
        &s,
        "POST",
        &format!("/api/events/{}/rounds", ev.id),
        Some(&ev.organiser),
        None,
    )
    .await;
    assert_eq!(
        (status, body["error"].as_str()),
        (409, Some("event_refused")),
        "{body}"
    );
    // A bad result is refused with the reason.
    let (status, body) = enter(&s, &ev, 1, 1, "3-0").await;
    assert_eq!(status, 422, "{body}");
    let (status, _) = enter(&s, &ev, 9, 1, "1-0").await;
    assert_eq!(status, 409);
}

#[tokio::test]
async fn a_drawn_knockout_match_goes_to_its_play_off_game() {
    let s = TestServer::start().await;
    let ev = new_event(
        &s,
        json!({"system": "knockout", "games": 2, "playoff": "extra_game"}),
        &["A", "B", "C", "D"],
    )
    .await;
    let r1 = pair(&s, &ev).await;
    assert_eq!(r1["boards"].as_array().unwrap().len(), 2);
    // Semi-final 1 is played on the server and won by its red player; semi-final 2 won by
    // the same player twice.
    let b = &r1["boards"][0];
    finish(&s, &ev, b, Ending::Mate).await;
    let first_winner = b["red"].clone();
    assert_eq!(result_of(&s, &ev, 1, 1).await, "1-0");
    enter(&s, &ev, 1, 2, "1-0").await;
    let semi2_winner = r1["boards"][1]["red"].clone();
    // Game 2: colours alternate.
    let r2 = pair(&s, &ev).await;
    assert_eq!(r2["boards"][0]["black"], first_winner, "{r2}");
    assert_eq!(enter(&s, &ev, 2, 1, "1-0").await.0, 200); // level 2-2: a play-off
    assert_eq!(enter(&s, &ev, 2, 2, "0-1").await.0, 200); // semi 2 decided 4-0
    let r3 = pair(&s, &ev).await;
    let boards = r3["boards"].as_array().unwrap();
    assert_eq!(boards.len(), 1, "only the drawn match plays on: {r3}");
    let v = show(&s, &ev).await;
    assert_eq!(v["rounds"][2]["boards"][0]["playoff"], true);
    assert_eq!(
        v["bracket"]["matches"][1]["winner"], semi2_winner,
        "{}",
        v["bracket"]
    );
    let playoff_red = boards[0]["red"].clone();
    enter(&s, &ev, 3, 1, "1-0").await;
    // The final: the play-off winner against semi-final 2's winner.
    let r4 = pair(&s, &ev).await;
    let final_players = [
        r4["boards"][0]["red"].clone(),
        r4["boards"][0]["black"].clone(),
    ];
    assert!(
        final_players.contains(&playoff_red) && final_players.contains(&semi2_winner),
        "{r4}"
    );
    enter(&s, &ev, 4, 1, "1-0").await;
    pair(&s, &ev).await;
    enter(&s, &ev, 5, 1, "1/2").await;
    // Game 1 won, game 2 drawn: 3-1 on 小分 decides the final without a play-off.
    let v = show(&s, &ev).await;
    assert_eq!(v["status"], "finished", "{}", v["bracket"]);
    assert_eq!(v["bracket"]["champion"], r4["boards"][0]["red"]);
    assert_eq!(v["standings"][0]["player"], r4["boards"][0]["red"]);
}

#[tokio::test]
async fn best_of_three_stops_when_it_is_decided_and_alternates_colours() {
    let s = TestServer::start().await;
    let ev = new_event(&s, json!({"system": "match", "lot_seed": 7}), &["A", "B"]).await;
    let g1 = pair(&s, &ev).await;
    let b1 = g1["boards"][0].clone();
    finish(&s, &ev, &b1, Ending::Mate).await;
    assert_eq!(result_of(&s, &ev, 1, 1).await, "1-0");
    let g2 = pair(&s, &ev).await;
    let b2 = g2["boards"][0].clone();
    assert_eq!(
        (&b2["red"], &b2["black"]),
        (&b1["black"], &b1["red"]),
        "colours alternate (1960 §10)"
    );
    finish(&s, &ev, &b2, Ending::RedResigns).await;
    assert_eq!(result_of(&s, &ev, 2, 1).await, "0-1");
    // Two wins of three: no third game.
    let v = show(&s, &ev).await;
    assert_eq!(v["status"], "finished");
    assert_eq!(v["bracket"]["champion"], b1["red"]);
    let (status, _) = call(
        &s,
        "POST",
        &format!("/api/events/{}/rounds", ev.id),
        Some(&ev.organiser),
        None,
    )
    .await;
    assert_eq!(status, 409);
    // The lot for game 1's colours is in the event's log.
    assert!(
        v["log"][0].as_str().unwrap().contains("by lot"),
        "{}",
        v["log"]
    );
}

#[tokio::test]
async fn withdrawals_follow_the_half_rule_and_late_entries_join_a_swiss() {
    let s = TestServer::start().await;
    let ev = new_event(
        &s,
        json!({"system": "round_robin"}),
        &["A", "B", "C", "D", "E"],
    )
    .await;
    // Before the first round: struck off.
    let (status, w) = call(
        &s,
        "POST",
        &format!("/api/events/{}/withdraw", ev.id),
        Some(&ev.organiser),
        Some(json!({"player": 5})),
    )
    .await;
    assert_eq!(status, 200, "{w}");
    let round = pair(&s, &ev).await;
    assert_eq!(
        round["boards"].as_array().unwrap().len(),
        2,
        "four players left: {round}"
    );
    assert_eq!(round["byes"], json!([]));
    // In round 1, fewer than half his games played: player 1's games are cancelled.
    let (status, w) = call(
        &s,
        "POST",
        &format!("/api/events/{}/withdraw", ev.id),
        Some(&ev.organiser),
        Some(json!({"player": 1})),
    )
    .await;
    assert_eq!(status, 200);
    assert!(w["note"].as_str().unwrap().contains("cancelled"), "{w}");
    // His unfinished game is the arbiter's to adjudicate (1960 §14).
    assert_eq!(w["to_adjudicate"].as_array().unwrap().len(), 1, "{w}");
    let game = w["to_adjudicate"][0]["game"].as_str().unwrap();
    let (status, _) = s
        .post(
            game,
            "arbiter",
            Some(&ev.arbiter),
            json!({"action": "adjudicate", "result": "draw"}),
        )
        .await;
    assert_eq!(status, 200);

    let sw = new_event(
        &s,
        json!({"system": "swiss", "rounds": 3}),
        &["A", "B", "C", "D"],
    )
    .await;
    let r1 = pair(&s, &sw).await;
    for b in 1..=2 {
        enter(&s, &sw, 1, b, "1-0").await;
    }
    assert_eq!(r1["boards"].as_array().unwrap().len(), 2);
    let (status, late) = call(
        &s,
        "POST",
        &format!("/api/events/{}/players", sw.id),
        Some(&sw.organiser),
        Some(json!({"name": "Late"})),
    )
    .await;
    assert_eq!(status, 201, "{late}");
    assert_eq!(late["number"], 5);
    let r2 = pair(&s, &sw).await;
    let seen: Vec<u64> = r2["boards"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|b| [b["red"].as_u64().unwrap(), b["black"].as_u64().unwrap()])
        .chain(
            r2["byes"]
                .as_array()
                .unwrap()
                .iter()
                .map(|b| b.as_u64().unwrap()),
        )
        .collect();
    assert!(
        seen.contains(&5),
        "the late entry is paired in round 2: {r2}"
    );
    // A round robin takes no late entry.
    let (status, body) = call(
        &s,
        "POST",
        &format!("/api/events/{}/players", ev.id),
        Some(&ev.organiser),
        Some(json!({"name": "Late"})),
    )
    .await;
    assert_eq!(
        (status, body["error"].as_str()),
        (409, Some("event_refused"))
    );
}

#[tokio::test]
async fn bad_requests_are_refused_with_the_reason() {
    let s = TestServer::start().await;
    for (body, status) in [
        (json!({"system": "lottery"}), 422),
        (json!({"system": "swiss"}), 422),
        (json!({"system": "round_robin", "control": "fast"}), 422),
        (
            json!({"system": "round_robin", "options": {"red_name": "x"}}),
            422,
        ),
        (json!({"system": "round_robin", "colour": "red"}), 400),
        (json!({"system": "groups"}), 422),
        (json!({"system": "team_swiss", "rounds": 1}), 422),
        (json!({"system": "match", "best_of": 5}), 422),
    ] {
        let (got, answer) = call(&s, "POST", "/api/events", None, Some(body.clone())).await;
        assert_eq!(got, status, "{body}: {answer}");
        assert!(answer["message"].as_str().is_some_and(|m| !m.is_empty()));
    }
    let ev = new_event(&s, json!({"system": "round_robin"}), &["A"]).await;
    let (status, _) = call(
        &s,
        "POST",
        &format!("/api/events/{}/players", ev.id),
        None,
        Some(json!({"name": "B"})),
    )
    .await;
    assert_eq!(status, 401);
    let (status, _) = call(
        &s,
        "POST",
        &format!("/api/events/{}/players", ev.id),
        Some(&ev.organiser),
        Some(json!({"name": ""})),
    )
    .await;
    assert_eq!(status, 422);
    let (status, body) = call(
        &s,
        "POST",
        &format!("/api/events/{}/rounds", ev.id),
        Some(&ev.organiser),
        None,
    )
    .await;
    assert_eq!(
        (status, body["error"].as_str()),
        (409, Some("event_refused")),
        "one player is no event"
    );
    assert_eq!(
        call(&s, "GET", "/api/events/AAAAAAAAAA", None, None)
            .await
            .0,
        404
    );
}

#[tokio::test]
async fn an_event_survives_a_restart_and_results_keep_flowing() {
    let s = TestServer::start().await;
    let ev = new_event(&s, json!({"system": "round_robin"}), &["A", "B", "C", "D"]).await;
    let round = pair(&s, &ev).await;
    finish(&s, &ev, &round["boards"][0], Ending::Mate).await;
    assert_eq!(result_of(&s, &ev, 1, 1).await, "1-0");
    let dir = s.stop().await;
    let s = TestServer::start_in(dir).await;
    let v = show(&s, &ev).await;
    assert_eq!(v["rounds"][0]["boards"][0]["result"], "1-0");
    assert_eq!(v["players"].as_array().unwrap().len(), 4);
    finish(&s, &ev, &round["boards"][1], Ending::Agreement).await;
    assert_eq!(result_of(&s, &ev, 1, 2).await, "1/2");
    // As if the server had died between a game's end and the event's update: the event
    // loses board 2's result; the start-up finds it in the game.
    let dir = s.stop().await;
    let forgot = dir
        .execute(
            "UPDATE competitions SET body = json_set(body, \
             '$.tournament.rounds[0].games[1].outcome', json('null'))",
            "UPDATE competitions SET body = jsonb_set(body::jsonb, \
             '{tournament,rounds,0,games,1,outcome}', 'null'::jsonb)::text",
        )
        .await;
    assert_eq!(forgot, 1);
    let s = TestServer::start_in(dir).await;
    assert_eq!(
        show(&s, &ev).await["rounds"][0]["boards"][1]["result"],
        "1/2"
    );
    // The home page's list.
    let (_, list) = call(&s, "GET", "/api/events", None, None).await;
    assert_eq!(list["events"][0]["id"], ev.id.as_str());
}

#[tokio::test]
async fn a_team_match_refuses_a_line_up_out_of_order_and_scores_board_points() {
    let s = TestServer::start().await;
    let ev = new_event(&s, json!({"system": "team_round_robin", "boards": 2}), &[]).await;
    let mut captains = Vec::new();
    let mut squads = Vec::new();
    for team in ["Guangdong", "Shanghai"] {
        let body = json!({"name": team, "players": [{"name": format!("{team} 1")}, {"name": format!("{team} 2")}, {"name": format!("{team} reserve")}]});
        let (status, t) = call(
            &s,
            "POST",
            &format!("/api/events/{}/teams", ev.id),
            Some(&ev.organiser),
            Some(body),
        )
        .await;
        assert_eq!(status, 201, "{t}");
        captains.push(t["token"].as_str().unwrap().to_owned());
        squads.push(t["players"].as_array().unwrap().clone());
    }
    // A team event takes teams, not single players.
    let (status, _) = call(
        &s,
        "POST",
        &format!("/api/events/{}/players", ev.id),
        Some(&ev.organiser),
        Some(json!({"name": "X"})),
    )
    .await;
    assert_eq!(status, 409);
    let round = pair(&s, &ev).await;
    assert_eq!(round["team_matches"][0]["home"], 1, "{round}");
    let lineup = |team: u64, lineup: Value, token: String| {
        let path = format!("/api/events/{}/lineups", ev.id);
        let s = &s;
        async move {
            call(
                s,
                "POST",
                &path,
                Some(&token),
                Some(json!({"round": 1, "team": team, "lineup": lineup})),
            )
            .await
        }
    };
    // Board 1 must be the higher-ranked player fielded (1960 §8 二).
    let (status, body) = lineup(1, json!([2, 1]), captains[0].clone()).await;
    assert_eq!(status, 409, "{body}");
    assert!(
        body["message"]
            .as_str()
            .unwrap()
            .contains("registered order"),
        "{body}"
    );
    // Another team's captain cannot name it.
    assert_eq!(lineup(1, json!([1, 3]), captains[1].clone()).await.0, 403);
    let (status, body) = lineup(1, json!([1, 3]), captains[0].clone()).await;
    assert_eq!((status, &body["complete"]), (200, &json!(false)), "{body}");
    assert_eq!(show(&s, &ev).await["status"], "running");
    let (status, body) = lineup(2, json!([1, 2]), captains[1].clone()).await;
    assert_eq!((status, &body["complete"]), (200, &json!(true)), "{body}");
    let boards = body["boards"].as_array().unwrap().clone();
    // Home moves first on board 1, away on board 2; the home reserve plays board 2.
    assert_eq!(boards[0]["red"], squads[0][0]["player"]);
    assert_eq!(boards[0]["black"], squads[1][0]["player"]);
    assert_eq!(boards[1]["red"], squads[1][1]["player"]);
    assert_eq!(boards[1]["black"], squads[0][2]["player"]);
    // Board 1 played on the server with the players' own event tokens; board 2 entered.
    let game = boards[0]["game"].as_str().unwrap();
    let (red, black) = (
        squads[0][0]["token"].as_str().unwrap(),
        squads[1][0]["token"].as_str().unwrap(),
    );
    play(&s, game, red, black, &MATE_LINE).await;
    assert_eq!(result_of(&s, &ev, 1, 1).await, "1-0");
    assert_eq!(enter(&s, &ev, 1, 2, "1/2").await.0, 200);
    let v = show(&s, &ev).await;
    assert_eq!(v["status"], "finished", "{v}");
    let m = &v["rounds"][0]["team_matches"][0];
    assert_eq!(
        (&m["board_points"], &m["match_points"]),
        (&json!([3, 1]), &json!([2, 0])),
        "{m}"
    );
    assert_eq!(v["standings"][0]["name"], "Guangdong");
    assert_eq!(
        v["standings"][0]["tiebreaks"],
        json!({"match_points": 2, "board_points": 3})
    );
    assert_eq!(
        v["standings"][1]["tiebreaks"],
        json!({"match_points": 0, "board_points": 1})
    );
}

#[tokio::test]
async fn a_shared_first_place_goes_to_a_play_off() {
    let s = TestServer::start().await;
    let ev = new_event(
        &s,
        json!({"system": "round_robin", "playoff_for_first": true}),
        &["A", "B"],
    )
    .await;
    let r1 = pair(&s, &ev).await;
    assert_eq!(enter(&s, &ev, 1, 1, "1/2").await.0, 200);
    let v = show(&s, &ev).await;
    assert_eq!(
        v["status"], "running",
        "first place is shared: the play-off is due"
    );
    assert_eq!(
        (&v["standings"][0]["shared"], &v["standings"][1]["place"]),
        (&json!(true), &json!(1))
    );
    // The play-off game, played on the server.
    let r2 = pair(&s, &ev).await;
    assert_eq!(r2["round"], 2);
    let b = r2["boards"][0].clone();
    finish(&s, &ev, &b, Ending::RedResigns).await;
    assert_eq!(result_of(&s, &ev, 2, 1).await, "0-1");
    let v = show(&s, &ev).await;
    assert_eq!(v["status"], "finished", "{}", v["log"]);
    assert_eq!(v["rounds"][1]["boards"][0]["playoff"], true);
    assert_eq!(v["rounds"][0]["boards"][0]["playoff"], false);
    assert_eq!(
        v["standings"][0]["player"], b["black"],
        "the play-off winner is first"
    );
    assert_eq!(
        (&v["standings"][0]["place"], &v["standings"][1]["place"]),
        (&json!(1), &json!(2))
    );
    assert_eq!(v["standings"][0]["playoff"], true);
    // The round-robin points are unchanged by the play-off.
    assert_eq!(
        (&v["standings"][0]["points"], &v["standings"][1]["points"]),
        (&json!(1), &json!(1))
    );
    let (status, _) = call(
        &s,
        "POST",
        &format!("/api/events/{}/rounds", ev.id),
        Some(&ev.organiser),
        None,
    )
    .await;
    assert_eq!(status, 409);
    let _ = r1;
}

#[tokio::test]
async fn a_withdrawal_after_the_draw_redraws_an_even_field_and_keeps_an_odd_one() {
    let s = TestServer::start().await;
    let draw = |ev: &Ev| {
        let path = format!("/api/events/{}/draw", ev.id);
        let token = ev.organiser.clone();
        let s = &s;
        async move { call(s, "POST", &path, Some(&token), None).await }
    };
    let withdraw = |ev: &Ev, player: u32| {
        let path = format!("/api/events/{}/withdraw", ev.id);
        let token = ev.organiser.clone();
        let s = &s;
        async move {
            call(
                s,
                "POST",
                &path,
                Some(&token),
                Some(json!({"player": player})),
            )
            .await
        }
    };
    // Five drawn, one withdraws: four left, an even field, drawn again.
    let even = new_event(
        &s,
        json!({"system": "round_robin", "draw": "lot", "lot_seed": 3}),
        &["A", "B", "C", "D", "E"],
    )
    .await;
    let (status, numbers) = draw(&even).await;
    assert_eq!(status, 200, "{numbers}");
    assert_eq!(numbers["numbers"].as_array().unwrap().len(), 5);
    let (_, w) = withdraw(&even, 3).await;
    assert!(w["note"].as_str().unwrap().contains("drawn again"), "{w}");
    let r1 = pair(&s, &even).await;
    assert_eq!(
        (r1["boards"].as_array().unwrap().len(), &r1["byes"]),
        (2, &json!([]))
    );
    let v = show(&s, &even).await;
    assert_eq!(v["planned_rounds"], 3, "four players: three rounds");
    let numbers: Vec<Value> = v["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["number"].clone())
        .collect();
    assert_eq!(
        numbers[2],
        Value::Null,
        "the withdrawn player has no number"
    );

    // Four drawn, one withdraws: three left, an odd field, the draw stands: his number's
    // opponent sits out each round, and the event keeps its four numbers' rounds.
    let odd = new_event(
        &s,
        json!({"system": "round_robin", "draw": "lot", "lot_seed": 5}),
        &["A", "B", "C", "D"],
    )
    .await;
    let (_, numbers) = draw(&odd).await;
    let drawn: Vec<u64> = numbers["numbers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n["player"].as_u64().unwrap())
        .collect();
    let (_, w) = withdraw(&odd, 2).await;
    assert!(w["note"].as_str().unwrap().contains("draw stands"), "{w}");
    let r1 = pair(&s, &odd).await;
    assert_eq!(r1["boards"].as_array().unwrap().len(), 1, "{r1}");
    let v = show(&s, &odd).await;
    assert_eq!(v["planned_rounds"], 3);
    let kept: Vec<u64> = v["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["number"].as_u64().unwrap())
        .collect();
    for (number, player) in drawn.iter().enumerate() {
        assert_eq!(
            kept[*player as usize - 1],
            number as u64 + 1,
            "the drawn numbers stand"
        );
    }
    // A draw after the first round is refused.
    let (status, _) = draw(&odd).await;
    assert_eq!(status, 409);
}

#[tokio::test]
async fn seeded_groups_then_a_final_and_a_consolation_event() {
    let s = TestServer::start().await;
    let names = ["P1", "P2", "P3", "P4", "P5", "P6"];
    let body = json!({"system": "groups", "groups": 2, "qualify": 1, "consolation": true});
    let ev = new_event(&s, body, &names).await;
    // The tournament crate's grouped event, fed the same results.
    let mut expected = xiangqi_tournament::groups::GroupedEvent::new(
        "Event",
        players(6),
        2,
        Settings::round_robin_1960(),
    )
    .unwrap();
    let mut round = 0u64;
    for r in 1..=3u32 {
        let paired = pair(&s, &ev).await;
        round += 1;
        assert_eq!(paired["round"], round);
        // Both groups play every round: one board each (groups of three, one bye each).
        assert_eq!(
            (
                paired["boards"].as_array().unwrap().len(),
                paired["byes"].as_array().unwrap().len()
            ),
            (2, 2),
            "{paired}"
        );
        for b in 1..=2 {
            assert_eq!(enter(&s, &ev, round, b, "1-0").await.0, 200);
        }
        for t in &mut expected.groups {
            t.pair_next_round().unwrap();
            let boards: Vec<u32> = t.rounds[r as usize - 1]
                .games
                .iter()
                .map(|g| g.board)
                .collect();
            for b in boards {
                t.set_result(r, b, Outcome::FirstWins).unwrap();
            }
        }
    }
    let v = show(&s, &ev).await;
    assert_eq!(v["standings"][0]["stage"], "group 1", "{}", v["standings"]);
    // The final of the two group winners, and the consolation event of the other four.
    let fin = pair(&s, &ev).await;
    let qualifiers: Vec<u64> = expected
        .qualifiers(1)
        .iter()
        .map(|p| u64::from(p.0))
        .collect();
    let v = show(&s, &ev).await;
    let stages = v["stages"].as_array().unwrap();
    assert_eq!(stages[2]["stage"], "final");
    assert_eq!(stages[2]["players"], json!(qualifiers), "{}", v["stages"]);
    assert_eq!(stages[3]["players"].as_array().unwrap().len(), 4);
    assert_eq!(
        fin["boards"].as_array().unwrap().len(),
        3,
        "the final's game and two consolation games: {fin}"
    );
    let mut last = fin;
    loop {
        let r = last["round"].as_u64().unwrap();
        for b in 1..=last["boards"].as_array().unwrap().len() as u64 {
            assert_eq!(enter(&s, &ev, r, b, "1/2").await.0, 200);
        }
        if show(&s, &ev).await["status"] == "finished" {
            break;
        }
        last = pair(&s, &ev).await;
    }
    let v = show(&s, &ev).await;
    assert_eq!(
        v["rounds"].as_array().unwrap().len(),
        6,
        "three group rounds, three consolation rounds"
    );
    let standings = v["standings"].as_array().unwrap();
    assert_eq!(standings.len(), 6);
    assert_eq!(standings[0]["stage"], "final");
    assert_eq!(standings[2]["stage"], "consolation");
    assert_eq!(
        standings[2]["place"], 3,
        "the consolation event ranks after the final"
    );
}

#[tokio::test]
async fn a_withdrawal_after_half_his_games_loses_the_rest_by_default() {
    let s = TestServer::start().await;
    let ev = new_event(&s, json!({"system": "round_robin"}), &["A", "B", "C", "D"]).await;
    for r in 1..=2 {
        pair(&s, &ev).await;
        for b in 1..=2 {
            assert_eq!(enter(&s, &ev, r, b, "1/2").await.0, 200);
        }
    }
    let (status, w) = call(
        &s,
        "POST",
        &format!("/api/events/{}/withdraw", ev.id),
        Some(&ev.organiser),
        Some(json!({"player": 2})),
    )
    .await;
    assert_eq!(status, 200);
    assert!(
        w["note"].as_str().unwrap().contains("lost by default"),
        "{w}"
    );
    let r3 = pair(&s, &ev).await;
    let his = r3["boards"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["red"] == 2 || b["black"] == 2)
        .unwrap()
        .clone();
    let expected = if his["red"] == 2 { "-+" } else { "+-" };
    assert_eq!(
        (&his["result"], &his["game"]),
        (&json!(expected), &Value::Null),
        "no game for a default: {r3}"
    );
    let other = r3["boards"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["red"] != 2 && b["black"] != 2)
        .unwrap()
        .clone();
    assert!(other["game"].is_string());
    assert_eq!(
        enter(&s, &ev, 3, other["board"].as_u64().unwrap(), "1-0")
            .await
            .0,
        200
    );
    let v = show(&s, &ev).await;
    assert_eq!(v["status"], "finished");
    let p2 = v["standings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["player"] == 2)
        .unwrap()
        .clone();
    assert_eq!(p2["points"], 2, "his two draws stand: {p2}");
}

#[tokio::test]
async fn a_team_swiss_pairs_teams_as_the_crate_pairs_players() {
    let s = TestServer::start().await;
    let ev = new_event(
        &s,
        json!({"system": "team_swiss", "rounds": 2, "boards": 1}),
        &[],
    )
    .await;
    let mut captains = Vec::new();
    for team in ["A", "B", "C", "D"] {
        let body = json!({"name": team, "players": [{"name": format!("{team}1")}, {"name": format!("{team}2")}]});
        let (status, t) = call(
            &s,
            "POST",
            &format!("/api/events/{}/teams", ev.id),
            Some(&ev.organiser),
            Some(body),
        )
        .await;
        assert_eq!(status, 201, "{t}");
        captains.push(t["token"].as_str().unwrap().to_owned());
    }
    let mut expected = Tournament::new(
        "Event",
        (1..=4)
            .map(|i| Player::new(format!("{i}")).with_seed(i))
            .collect(),
        Settings::swiss(2),
    )
    .unwrap();
    for r in 1..=2u32 {
        let round = pair(&s, &ev).await;
        expected.pair_next_round().unwrap();
        let ours: Vec<(u64, u64)> = round["team_matches"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| (m["home"].as_u64().unwrap(), m["away"].as_u64().unwrap()))
            .collect();
        let theirs: Vec<(u64, u64)> = expected.rounds[r as usize - 1]
            .games
            .iter()
            .map(|g| (u64::from(g.first.0), u64::from(g.second.0)))
            .collect();
        assert_eq!(ours, theirs, "round {r}");
        for (home, away) in ours {
            for team in [home, away] {
                let body = json!({"round": r, "team": team, "lineup": [1]});
                let (status, b) = call(
                    &s,
                    "POST",
                    &format!("/api/events/{}/lineups", ev.id),
                    Some(&captains[team as usize - 1]),
                    Some(body),
                )
                .await;
                assert_eq!(status, 200, "{b}");
            }
        }
        let boards = show(&s, &ev).await["rounds"][r as usize - 1]["boards"]
            .as_array()
            .unwrap()
            .len() as u64;
        for b in 1..=boards {
            assert_eq!(enter(&s, &ev, u64::from(r), b, "1-0").await.0, 200);
        }
        // One board a match: the home team's red player won, so the home team won.
        for g in 1..=2 {
            expected.set_result(r, g, Outcome::FirstWins).unwrap();
        }
    }
    let v = show(&s, &ev).await;
    assert_eq!(v["status"], "finished");
    let crate_order: Vec<u64> = expected
        .standings()
        .rows
        .iter()
        .map(|r| u64::from(r.player.0))
        .collect();
    let ours: Vec<u64> = v["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["team"].as_u64().unwrap())
        .collect();
    assert_eq!(
        ours[0], crate_order[0],
        "the team with two match wins leads: {}",
        v["standings"]
    );
}

#[tokio::test]
async fn a_whole_team_round_robin_meets_every_player_of_the_other_team_once() {
    let s = TestServer::start().await;
    let ev = new_event(
        &s,
        json!({"system": "whole_team_round_robin", "boards": 4}),
        &[],
    )
    .await;
    let mut squads = Vec::new();
    for team in ["A", "B"] {
        let players: Vec<Value> = (1..=4)
            .map(|i| json!({"name": format!("{team}{i}")}))
            .collect();
        let (status, t) = call(
            &s,
            "POST",
            &format!("/api/events/{}/teams", ev.id),
            Some(&ev.organiser),
            Some(json!({"name": team, "players": players})),
        )
        .await;
        assert_eq!(status, 201, "{t}");
        squads.push(
            t["players"]
                .as_array()
                .unwrap()
                .iter()
                .map(|p| p["player"].as_u64().unwrap())
                .collect::<Vec<_>>(),
        );
    }
    let mut met = std::collections::HashSet::new();
    let mut firsts = std::collections::HashMap::new();
    for r in 1..=4u64 {
        let round = pair(&s, &ev).await;
        let boards = round["boards"].as_array().unwrap().clone();
        assert_eq!(boards.len(), 4, "{round}");
        for b in &boards {
            let (red, black) = (b["red"].as_u64().unwrap(), b["black"].as_u64().unwrap());
            let a_red = squads[0].contains(&red);
            let (a, bb) = if a_red { (red, black) } else { (black, red) };
            assert!(squads[0].contains(&a) && squads[1].contains(&bb));
            assert!(met.insert((a, bb)), "{a} meets {bb} twice");
            *firsts.entry(red).or_insert(0) += 1;
            let result = if a_red { "1-0" } else { "1/2" };
            assert_eq!(
                enter(&s, &ev, r, b["board"].as_u64().unwrap(), result)
                    .await
                    .0,
                200
            );
        }
    }
    assert_eq!(met.len(), 16);
    assert!(
        firsts.values().all(|&n| n == 2),
        "every player moves first twice: {firsts:?}"
    );
    let v = show(&s, &ev).await;
    assert_eq!(v["status"], "finished");
    assert_eq!(
        (&v["standings"][0]["name"], &v["standings"][0]["points"]),
        (&json!("A"), &json!(24)),
        "{}",
        v["standings"]
    );
    assert_eq!(v["standings"][1]["points"], 8);
    let (status, _) = call(
        &s,
        "POST",
        &format!("/api/events/{}/rounds", ev.id),
        Some(&ev.organiser),
        None,
    )
    .await;
    assert_eq!(status, 409);
}

#[tokio::test]
async fn a_card_knockout_draws_again_before_every_stage() {
    let s = TestServer::start().await;
    let body = json!({"system": "cards", "playoff": "lot", "lot_seed": 11});
    let ev = new_event(&s, body, &["A", "B", "C", "D", "E"]).await;
    // Stage 1: five players, two meetings and the K (a bye).
    let r1 = pair(&s, &ev).await;
    assert_eq!(
        (
            r1["boards"].as_array().unwrap().len(),
            r1["byes"].as_array().unwrap().len()
        ),
        (2, 1),
        "{r1}"
    );
    // A drawn single game, level: decided by lot (2.9's play-off by lot).
    assert_eq!(enter(&s, &ev, 1, 1, "1/2").await.0, 200);
    assert_eq!(enter(&s, &ev, 1, 2, "1-0").await.0, 200);
    let v = show(&s, &ev).await;
    assert_eq!(
        v["cards"]["alive"].as_array().unwrap().len(),
        3,
        "{}",
        v["cards"]
    );
    assert_eq!(v["cards"]["pairings"][0]["decided"], "by_lot");
    // Stage 2: three players, one meeting and the K; stage 3: the final.
    let r2 = pair(&s, &ev).await;
    assert_eq!(
        (
            r2["boards"].as_array().unwrap().len(),
            r2["byes"].as_array().unwrap().len()
        ),
        (1, 1),
        "{r2}"
    );
    enter(&s, &ev, 2, 1, "0-1").await;
    let r3 = pair(&s, &ev).await;
    assert_eq!(
        (r3["boards"].as_array().unwrap().len(), &r3["byes"]),
        (1, &json!([])),
        "{r3}"
    );
    let winner = r3["boards"][0]["red"].clone();
    enter(&s, &ev, 3, 1, "1-0").await;
    let v = show(&s, &ev).await;
    assert_eq!(v["status"], "finished", "{}", v["cards"]);
    let draws = v["log"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|l| l.as_str().unwrap().contains("cards drawn"))
        .count();
    assert_eq!(draws, 3, "{}", v["log"]);
    let st = v["standings"].as_array().unwrap();
    assert_eq!(
        (&st[0]["player"], &st[0]["place"], &st[0]["shared"]),
        (&winner, &json!(1), &json!(false))
    );
    assert_eq!(
        (&st[3]["place"], &st[4]["place"], &st[4]["shared"]),
        (&json!(4), &json!(4), &json!(true)),
        "the two out in stage 1 share fourth"
    );
    assert_eq!(
        call(
            &s,
            "POST",
            &format!("/api/events/{}/rounds", ev.id),
            Some(&ev.organiser),
            None
        )
        .await
        .0,
        409
    );
}

/// The FIDE Dutch system with 同队不相遇: players 1 and 3 are of one club, 2 and 4
/// of another. The Dutch round 1 pairs the top half against the bottom half (1–3, 2–4); with
/// `clubs_apart` no board may hold two players of one club, so the pairing changes.
#[tokio::test]
async fn a_dutch_swiss_keeps_club_mates_apart_when_asked() {
    let s = TestServer::start().await;
    let mut boards_by_option = Vec::new();
    for clubs_apart in [None, Some(json!("all"))] {
        let mut body = json!({"name": "Open", "system": "swiss", "swiss": "dutch", "rounds": 3});
        if let Some(c) = &clubs_apart {
            body["clubs_apart"] = c.clone();
        }
        let ev = new_event(&s, body, &[]).await;
        for (i, club) in ["A", "B", "A", "B"].iter().enumerate() {
            let body = json!({"name": format!("P{}", i + 1), "rating": 2000 - 10 * i as u32, "club": club});
            let (status, p) = call(
                &s,
                "POST",
                &format!("/api/events/{}/players", ev.id),
                Some(&ev.organiser),
                Some(body),
            )
            .await;
            assert_eq!(status, 201, "{p}");
        }
        let round = pair(&s, &ev).await;
        let mut boards: Vec<(u64, u64)> = round["boards"]
            .as_array()
            .unwrap()
            .iter()
            .map(|b| {
                let (r, k) = (b["red"].as_u64().unwrap(), b["black"].as_u64().unwrap());
                (r.min(k), r.max(k))
            })
            .collect();
        boards.sort();
        boards_by_option.push(boards);
    }
    assert_eq!(
        boards_by_option[0],
        vec![(1, 3), (2, 4)],
        "the Dutch top half against the bottom half"
    );
    for &(a, b) in &boards_by_option[1] {
        assert_ne!(a % 2, b % 2, "players {a} and {b} are of one club");
    }
}

/// An event's game options carry the procedure to every game: `"immediate"` ends an event
/// game at the third occurrence; a bad value refuses the event with the reason.
#[tokio::test]
async fn the_procedure_option_reaches_the_events_games() {
    let s = TestServer::start().await;
    let ev = new_event(
        &s,
        json!({"system": "round_robin", "options": {"procedure": "immediate"}}),
        &["A", "B"],
    )
    .await;
    let round = pair(&s, &ev).await;
    let b1 = &round["boards"][0];
    let game = b1["game"].as_str().unwrap();
    let (red, black) = (token(&ev, &b1["red"]), token(&ev, &b1["black"]));
    assert_eq!(s.state(game).await["options"]["procedure"], "immediate");
    play(
        &s,
        game,
        red,
        black,
        &[
            "h0g2", "h9g7", "g2h0", "g7h9", "h0g2", "h9g7", "g2h0", "g7h9",
        ],
    )
    .await;
    let state = s.state(game).await;
    assert_eq!(
        (state["result"].as_str(), state["ruling"]["ply"].as_u64()),
        (Some("draw"), Some(8)),
        "{state}"
    );
    let (status, body) = call(
        &s,
        "POST",
        "/api/events",
        None,
        Some(json!({"system": "round_robin", "options": {"procedure": "later"}})),
    )
    .await;
    assert_eq!(status, 400, "{body}");
}
