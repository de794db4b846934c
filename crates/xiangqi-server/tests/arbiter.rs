//! The arbiter's desk through the HTTP API on a real server: every action, every refusal,
//! the automatic endings, game options, pairs, over-the-board scoring.

mod common;

use std::time::Duration;

use common::{TestServer, now_ms, rfc3339};
use serde_json::{Value, json};

fn kinds(events: &[Value]) -> Vec<String> {
    events
        .iter()
        .map(|e| e["event"]["kind"].as_str().unwrap().to_owned())
        .collect()
}

#[tokio::test]
async fn tokens_403_and_every_action_or_its_409() {
    let s = TestServer::start().await;
    let g = s
        .create(json!({"red_name": "胡荣华", "black_name": "Yang Guanlin"}))
        .await;
    assert_eq!(g.arbiter.len(), 64);
    assert!(
        g.created["arbiter"]["url"]
            .as_str()
            .unwrap()
            .ends_with(&g.arbiter)
    );
    let pause = json!({"action": "pause"});
    // Wrong tokens: a player's, a stranger's; none at all.
    for token in [&g.red, &g.black, &"f".repeat(64)] {
        let (status, body) = s.post(&g.id, "arbiter", Some(token), pause.clone()).await;
        assert_eq!((status, body["error"].as_str()), (403, Some("wrong_token")));
    }
    assert_eq!(s.post(&g.id, "arbiter", None, pause.clone()).await.0, 401);
    // The arbiter's token plays no player's part but moves.
    assert_eq!(
        s.post(&g.id, "resign", Some(&g.arbiter), json!({})).await.0,
        403
    );
    // Malformed and out-of-range actions.
    assert_eq!(s.arbiter(&g, json!({"action": "fly"})).await.0, 400);
    let (status, body) = s
        .arbiter(&g, json!({"action": "move_limit", "rounds": 0}))
        .await;
    assert_eq!(status, 422, "{body}");

    // Nothing runs before the first move.
    let (status, body) = s.arbiter(&g, pause.clone()).await;
    assert_eq!(
        (status, body["error"].as_str()),
        (409, Some("clock_not_running"))
    );
    let (status, body) = s.arbiter(&g, json!({"action": "adjourn"})).await;
    assert_eq!(
        (status, body["error"].as_str()),
        (409, Some("clock_not_running"))
    );
    let (status, body) = s
        .arbiter(&g, json!({"action": "takeback", "to_ply": 0}))
        .await;
    assert_eq!(
        (status, body["error"].as_str()),
        (409, Some("nothing_to_take_back"))
    );

    s.play_line(&g, &["h2e2"]).await;
    let (status, body) = s.arbiter(&g, pause.clone()).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        (body["clocks"]["state"].as_str(), body["paused"].as_bool()),
        (Some("paused"), Some(true))
    );
    assert_eq!(s.arbiter(&g, pause.clone()).await.1["error"], "paused");
    let (status, body) = s.play(&g.id, &g.black, "h9g7").await;
    assert_eq!((status, body["error"].as_str()), (409, Some("paused")));
    let before = body;
    let (status, body) = s.arbiter(&g, json!({"action": "resume"})).await;
    assert_eq!(
        (status, body["clocks"]["state"].as_str()),
        (200, Some("running"))
    );
    let (status, body) = s.arbiter(&g, json!({"action": "resume"})).await;
    assert_eq!(
        (status, body["error"].as_str()),
        (409, Some("not_paused")),
        "{before}"
    );

    // Time given and taken.
    let red_before = s.state(&g.id).await["clocks"]["red"]["remaining_ms"]
        .as_u64()
        .unwrap();
    let (status, body) = s
        .arbiter(
            &g,
            json!({"action": "time", "side": "red", "ms": 60000, "note": "clock fault"}),
        )
        .await;
    assert_eq!(status, 200);
    assert_eq!(
        body["clocks"]["red"]["remaining_ms"].as_u64().unwrap(),
        red_before + 60_000
    );
    let (_, body) = s
        .arbiter(&g, json!({"action": "time", "side": "red", "ms": -30000}))
        .await;
    assert_eq!(
        body["clocks"]["red"]["remaining_ms"].as_u64().unwrap(),
        red_before + 30_000
    );

    // A foul and a declared limit.
    let (status, body) = s
        .arbiter(&g, json!({"action": "foul", "side": "black", "foul": "touched_not_moved", "note": "摸马走车"}))
        .await;
    assert_eq!(status, 200);
    assert_eq!(body["fouls"], json!({"red": 0, "black": 1}));
    assert_eq!(body["foul_limit"], 3);
    let (_, body) = s
        .arbiter(&g, json!({"action": "move_limit", "rounds": 40}))
        .await;
    assert_eq!(body["move_limit"]["rounds"], 40);
    assert_eq!(body["move_limit"]["rounds_left"], 40);
    assert_eq!(
        body["names"],
        json!({"red": "胡荣华", "black": "Yang Guanlin"})
    );

    // A correction: back to the start; Red to move again with its clock.
    let (status, body) = s
        .arbiter(
            &g,
            json!({"action": "takeback", "to_ply": 0, "note": "先后走颠倒"}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["moves"], json!([]));
    assert_eq!(
        (body["turn"].as_str(), body["clocks"]["running"].as_str()),
        (Some("red"), Some("red"))
    );
    assert_eq!(
        body["move_limit"],
        Value::Null,
        "declared after ply 1, taken back before it"
    );

    // Adjournment by order: the side to move seals; the cover is in the state.
    s.play_line(&g, &["h2e2", "h9g7"]).await;
    let (status, body) = s.arbiter(&g, json!({"action": "adjourn"})).await;
    assert_eq!(status, 200, "{body}");
    let cover = &body["envelope"];
    assert_eq!(
        (cover["sealer"].as_str(), cover["move_number"].as_u64()),
        (Some("red"), Some(2))
    );
    assert_eq!(cover["red_name"], "胡荣华");
    assert!(cover["used_ms"]["black"].as_u64().is_some() && cover["fen"].as_str().is_some());
    assert_eq!(
        s.arbiter(&g, json!({"action": "adjourn"})).await.1["error"],
        "adjourned"
    );
    let (status, _) = s
        .post(&g.id, "seal", Some(&g.red), json!({"move": "h0g2"}))
        .await;
    assert_eq!(status, 200);
    assert_eq!(s.state(&g.id).await["envelope"]["sealed"], true);
    s.post(&g.id, "resume", Some(&g.red), json!({})).await;
    let (_, body) = s.post(&g.id, "resume", Some(&g.black), json!({})).await;
    assert_eq!(body["moves"], json!(["h2e2", "h9g7", "h0g2"]));

    // Adjudication ends it; then everything is 409.
    let (status, body) = s
        .arbiter(
            &g,
            json!({"action": "adjudicate", "result": "draw", "note": "双方均无取胜可能"}),
        )
        .await;
    assert_eq!(
        (status, body["ruling"]["reason"].as_str()),
        (200, Some("adjudication"))
    );
    assert_eq!(body["result"], "draw");
    for action in [
        pause,
        json!({"action": "foul", "side": "red", "foul": "other"}),
    ] {
        let (status, body) = s.arbiter(&g, action).await;
        assert_eq!((status, body["error"].as_str()), (409, Some("game_over")));
    }
    let events = kinds(&s.events(&g.id, 0).await);
    for kind in [
        "arbiter_paused",
        "arbiter_resumed",
        "time_adjusted",
        "foul",
        "move_limit_declared",
        "taken_back",
        "adjournment_ordered",
        "sealed",
        "resumed",
        "ended",
    ] {
        assert!(events.iter().any(|k| k == kind), "{kind} in {events:?}");
    }
    // The record carries the names, the options and the rulings.
    let pgn = s.record(&g.id, "format=pgn").await;
    for needle in [
        "[Red \"胡荣华\"]",
        "[FoulLimit \"3\"]",
        "摸子不走",
        "摸马走车",
        "限着40回合",
        "退回",
        "裁判员裁定",
    ] {
        assert!(pgn.contains(needle), "{needle} in {pgn}");
    }
    let dhtml = s.record(&g.id, "format=dhtmlxq").await;
    assert!(
        dhtml.contains("摸子不走") && dhtml.contains("胡荣华"),
        "{dhtml}"
    );
}

#[tokio::test]
async fn forfeits_and_the_foul_limit_end_the_game() {
    let s = TestServer::start().await;
    let g = s.create(json!({})).await;
    let (status, body) = s
        .arbiter(
            &g,
            json!({"action": "forfeit", "side": "black", "reason": "misconduct"}),
        )
        .await;
    assert_eq!(status, 200);
    assert_eq!(
        (body["result"].as_str(), body["ruling"]["reason"].as_str()),
        (Some("red_wins"), Some("misconduct"))
    );

    let g = s.create(json!({"foul_limit": 2})).await;
    let foul = json!({"action": "foul", "side": "red", "foul": "unrecorded_moves"});
    let (_, body) = s.arbiter(&g, foul.clone()).await;
    assert_eq!(body["status"], "waiting");
    let (_, body) = s.arbiter(&g, foul).await;
    assert_eq!(body["status"], "ended");
    assert_eq!(
        (body["result"].as_str(), body["ruling"]["reason"].as_str()),
        (Some("black_wins"), Some("fouls"))
    );
    assert_eq!(body["ruling"]["offender"], "red");
}

#[tokio::test]
async fn a_declared_limit_stops_the_clocks_at_expiry_for_the_arbiters_ruling() {
    let s = TestServer::start().await;
    let g = s.create(json!({})).await;
    s.play_line(&g, &["h2e2"]).await;
    s.arbiter(&g, json!({"action": "move_limit", "rounds": 1}))
        .await;
    let (_, body) = s.play(&g.id, &g.black, "h9g7").await;
    assert_eq!(body["move_limit"]["rounds_left"], 1);
    // One round from the declaration: Black's move and Red's. No new change (1960 §12 四):
    // the clocks stop and the arbiter rules the draw.
    let (_, body) = s.play(&g.id, &g.red, "h0g2").await;
    assert_eq!(body["status"], "playing");
    assert_eq!(body["paused"], true);
    assert_eq!(body["limit_judgment"]["changed"], false);
    let (_, body) = s
        .arbiter(&g, json!({"action": "limit_ruling", "verdict": "draw"}))
        .await;
    assert_eq!(
        (body["result"].as_str(), body["ruling"]["reason"].as_str()),
        (Some("draw"), Some("move_limit"))
    );

    // With a capture inside the limit the criteria find a change; the arbiter lets play go on.
    let g = s.create(json!({})).await;
    s.arbiter(&g, json!({"action": "move_limit", "rounds": 1}))
        .await;
    let end = s.play_line(&g, &["h2h9", "i9h9"]).await;
    assert_eq!(end["limit_judgment"]["changed"], true);
    let (_, end) = s
        .arbiter(&g, json!({"action": "limit_ruling", "verdict": "play_on"}))
        .await;
    assert_eq!(end["status"], "playing");
    assert_eq!(end["move_limit"], Value::Null);
    let events = s.events(&g.id, 0).await;
    let expired = events
        .iter()
        .find(|e| e["event"]["kind"] == "move_limit_expired")
        .unwrap();
    assert_eq!(expired["event"]["captures"], 2);
}

#[tokio::test]
async fn a_late_player_loses_and_two_late_players_both_lose() {
    let s = TestServer::start().await;
    // Far enough ahead that two creations and a refused move fit before it on a loaded
    // machine (a PostgreSQL commit there can take 300 ms); the waits below count from it.
    let soon = now_ms() + 2_000;
    let g = s
        .create(json!({"starts_at": rfc3339(soon), "lateness": "1s"}))
        .await;
    // Before the start: no move, and the clock waits.
    let (status, body) = s.play(&g.id, &g.red, "h2e2").await;
    assert_eq!(
        (status, body["error"].as_str()),
        (409, Some("not_yet_started"))
    );
    let both = s
        .create(json!({"starts_at": rfc3339(soon), "lateness": "1s"}))
        .await;
    tokio::time::sleep(Duration::from_millis(soon.saturating_sub(now_ms()) + 200)).await;
    // The first side's clock started at starts_at without a move.
    let state = s.state(&g.id).await;
    assert_eq!(
        (
            state["clocks"]["state"].as_str(),
            state["clocks"]["running"].as_str()
        ),
        (Some("running"), Some("red"))
    );
    assert!(
        state["clocks"]["red"]["used_ms"].as_u64().unwrap() >= 100,
        "{state}"
    );
    assert_eq!(s.play(&g.id, &g.red, "h2e2").await.0, 200);
    tokio::time::sleep(Duration::from_millis(1200)).await;
    let state = s.state(&g.id).await;
    assert_eq!(
        (state["result"].as_str(), state["ruling"]["reason"].as_str()),
        (Some("red_wins"), Some("late_arrival"))
    );
    assert_eq!(state["ruling"]["offender"], "black");
    let state = s.state(&both.id).await;
    assert_eq!(
        (state["result"].as_str(), state["ruling"]["reason"].as_str()),
        (Some("both_lose"), Some("late_arrival"))
    );
    let pgn = s.record(&both.id, "format=pgn").await;
    assert!(
        pgn.contains("[Score \"--\"]") && pgn.contains("StartsAt"),
        "{pgn}"
    );
}

#[tokio::test]
async fn pairs_alternate_refuses_the_partner_and_consult_does_not() {
    let s = TestServer::start().await;
    let g = s.create(json!({"pairs": "alternate"})).await;
    let red2 = g.created["red2"]["token"].as_str().unwrap().to_owned();
    let black2 = g.created["black2"]["token"].as_str().unwrap().to_owned();
    assert!(g.created["red2"]["url"].as_str().unwrap().ends_with(&red2));
    // Red's 1st move is the first link's, so the second is refused.
    let (status, body) = s.play(&g.id, &red2, "h2e2").await;
    assert_eq!(
        (status, body["error"].as_str()),
        (409, Some("partners_turn"))
    );
    assert_eq!(s.play(&g.id, &g.red, "h2e2").await.0, 200);
    assert_eq!(s.play(&g.id, &g.black, "h9g7").await.0, 200);
    assert_eq!(
        s.play(&g.id, &g.red, "h0g2").await.1["error"],
        "partners_turn"
    );
    assert_eq!(s.play(&g.id, &red2, "h0g2").await.0, 200);
    assert_eq!(
        s.play(&g.id, &g.black, "i9h9").await.1["error"],
        "partners_turn"
    );
    assert_eq!(s.play(&g.id, &black2, "i9h9").await.0, 200);
    let seats: Vec<Value> = s
        .events(&g.id, 0)
        .await
        .iter()
        .filter(|e| e["event"]["kind"] == "move")
        .map(|e| e["event"]["seat"].clone())
        .collect();
    assert_eq!(seats, [json!(0), json!(0), json!(1), json!(1)]);

    let c = s.create(json!({"pairs": "consult"})).await;
    let red2 = c.created["red2"]["token"].as_str().unwrap().to_owned();
    assert_eq!(s.play(&c.id, &red2, "h2e2").await.0, 200);
    assert_eq!(s.play(&c.id, &c.black, "h9g7").await.0, 200);
    assert_eq!(s.play(&c.id, &red2, "h0g2").await.0, 200);
    assert_eq!(s.state(&c.id).await["options"]["pairs"], "consult");
}

#[tokio::test]
async fn black_first_move_odds_and_piece_odds() {
    let s = TestServer::start().await;
    let g = s.create(json!({"first": "black"})).await;
    let state = s.state(&g.id).await;
    assert_eq!(
        (state["turn"].as_str(), state["first"].as_str()),
        (Some("black"), Some("black"))
    );
    assert_eq!(
        s.play(&g.id, &g.red, "h2e2").await.1["error"],
        "not_your_turn"
    );
    assert_eq!(s.play(&g.id, &g.black, "h7e7").await.0, 200);
    assert_eq!(s.play(&g.id, &g.red, "h2e2").await.0, 200);
    assert!(s.record(&g.id, "format=pgn").await.contains("[FEN"));

    // 两先: Red moves twice, two different pieces, no capture, no check (1960 §7 二).
    let g = s.create(json!({"move_odds": 2, "odds": "horse"})).await;
    assert_eq!(s.play(&g.id, &g.red, "h2e2").await.0, 200);
    let state = s.state(&g.id).await;
    assert_eq!(state["turn"], "red", "Red's second opening move");
    let (status, body) = s.play(&g.id, &g.red, "e2e6").await;
    assert_eq!(status, 422, "the same cannon again (and a capture): {body}");
    assert_eq!(
        s.play(&g.id, &g.black, "h9g7").await.1["error"],
        "not_your_turn"
    );
    assert_eq!(s.play(&g.id, &g.red, "h0g2").await.0, 200);
    let (status, body) = s.play(&g.id, &g.black, "h9g7").await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        body["start_fen"].as_str().unwrap(),
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/R1BAKABNR w - - 0 1"
    );
    let pgn = s.record(&g.id, "format=pgn").await;
    assert!(
        pgn.contains("[MoveOdds \"2\"]")
            && pgn.contains("[Odds \"horse\"]")
            && pgn.contains("两先"),
        "{pgn}"
    );
    for body in [
        json!({"move_odds": 4}),
        json!({"odds": "queen"}),
        json!({"lateness": "5m"}),
        json!({"foul_limit": 0}),
    ] {
        let r = s
            .http
            .post(s.url("/api/games"))
            .json(&body)
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 422, "{body}");
    }
}

#[tokio::test]
async fn the_arbiter_scores_an_over_the_board_game_in_every_notation() {
    let s = TestServer::start().await;
    let g = s.create(json!({})).await;
    // ICCS, Chinese, WXF and the short form (7.5) for both sides.
    let mut last = Value::Null;
    for mv in ["h2e2", "马8进7", "H2+3", "卒71", "车11"] {
        let (status, body) = s.play(&g.id, &g.arbiter, mv).await;
        assert_eq!(status, 200, "{mv}: {body}");
        last = body;
    }
    assert_eq!(
        last["moves"],
        json!(["h2e2", "h9g7", "h0g2", "g6g5", "i0i1"])
    );
    // An illegal move is refused with its reason, and may be recorded as a foul.
    let (status, body) = s.play(&g.id, &g.arbiter, "g7g4").await;
    assert_eq!(status, 422);
    assert!(body["message"].as_str().unwrap().len() > 5, "{body}");
    let (_, body) = s
        .arbiter(
            &g,
            json!({"action": "foul", "side": "black", "foul": "illegal_move"}),
        )
        .await;
    assert_eq!(body["fouls"]["black"], 1);
    let events = s.events(&g.id, 0).await;
    assert!(
        events
            .iter()
            .filter(|e| e["event"]["kind"] == "move")
            .all(|e| e["event"]["by_arbiter"] == true)
    );
}

#[tokio::test]
async fn repetitions_natural_limit_and_draw_offers_options() {
    let s = TestServer::start().await;
    // The start position's second occurrence is enough with `repetitions: 2`.
    let g = s
        .create(json!({"repetitions": 2, "procedure": "immediate"}))
        .await;
    let end = s.play_line(&g, &["h0g2", "h9g7", "g2h0", "g7h9"]).await;
    assert_eq!(
        (
            end["ruling"]["reason"].as_str(),
            end["ruling"]["ply"].as_u64()
        ),
        (Some("repetition_draw"), Some(4)),
        "{end}"
    );
    // A natural limit of 2 moves (4.2.4 酌减): four plies without a capture.
    let g = s.create(json!({"natural_limit": 2})).await;
    let end = s.play_line(&g, &["h0g2", "h9g7", "b0c2", "b9c7"]).await;
    assert_eq!(end["ruling"]["reason"], "natural_limit", "{end}");
    assert!(
        s.record(&g.id, "format=pgn")
            .await
            .contains("[NaturalLimit \"2\"]")
    );
    // A second offer on the very next turn after a decline: refused and a foul (2.8(1)).
    let g = s.create(json!({})).await;
    assert_eq!(s.post(&g.id, "draw", Some(&g.red), json!({})).await.0, 200);
    s.play_line(&g, &["h2e2", "h9g7"]).await;
    let (status, body) = s.post(&g.id, "draw", Some(&g.red), json!({})).await;
    assert_eq!(
        (status, body["error"].as_str()),
        (409, Some("repeated_draw_offer"))
    );
    let state = s.state(&g.id).await;
    assert_eq!(state["fouls"]["red"], 1);
    assert_eq!(state["arbiter_log"][0]["foul"], "repeated_draw_offer");
    // `draw_offers: any`: an offer out of turn stands.
    let g = s.create(json!({"draw_offers": "any"})).await;
    let (status, body) = s.post(&g.id, "draw", Some(&g.black), json!({})).await;
    assert_eq!((status, body["draw_offer"].as_str()), (200, Some("black")));
}
