//! The books' procedures at the arbiter's desk through the API (`POST /api/games/{id}/arbiter`,
//! the game crate's `ArbiterAction`): 限着 (1960 §12) requested, declared, judged, renewed and
//! lifted, and still pending after a restart; touch-move (1960 §7 四; current 5.1–5.5);
//! corrections (1960 §7 五); warnings and a disqualification (1960 §18 九; current 8.8) that
//! also takes the player out of his event; the sealed-move error (1960 §4 一(六)); the
//! official named on each action; a player's own request for a 限着 (1960 §12 一(一),
//! 一(二)) over HTTP and the socket. Every refusal is the API's JSON error with a stable code
//! and a Chinese message, naming its field once.

mod common;

use common::{Game, TestServer};
use futures_util::SinkExt;
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

/// A refusal: its status and code, and a Chinese message that is not the English one.
fn refused(got: (u16, Value), status: u16, code: &str) -> Value {
    let (st, body) = got;
    assert_eq!((st, body["error"].as_str()), (status, Some(code)), "{body}");
    let zh = body["message_zh"].as_str().unwrap();
    assert!(
        !zh.is_empty() && zh != body["message"].as_str().unwrap(),
        "{body}"
    );
    assert!(
        zh.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)),
        "{zh}"
    );
    body
}

async fn ok(s: &TestServer, g: &Game, action: Value) -> Value {
    let (st, body) = s.arbiter(g, action.clone()).await;
    assert_eq!(st, 200, "{action} → {body}");
    body
}

#[tokio::test]
async fn a_limit_is_requested_declared_judged_renewed_and_lifted_across_a_restart() {
    let s = TestServer::start().await;
    let g = s.create(json!({})).await;
    s.play_line(&g, &["h2e2", "h9g7"]).await;
    let bad = json!({"action": "limit_request", "ground": "arbiter_sees", "side": "red"});
    let (st, body) = s.arbiter(&g, bad).await;
    assert_eq!(
        (st, body["error"].as_str()),
        (422, Some("invalid_request")),
        "{body}"
    );
    ok(
        &s,
        &g,
        json!({"action": "limit_request", "ground": "dominant", "side": "black"}),
    )
    .await;
    let body = ok(&s, &g, json!({"action": "move_limit", "rounds": 1})).await;
    assert_eq!(body["move_limit"]["noted_fen"], body["fen"]);
    assert_eq!(
        body["paused"], false,
        "the clocks restart after the declaration"
    );
    refused(
        s.arbiter(&g, json!({"action": "move_limit", "rounds": 2}))
            .await,
        409,
        "limit_in_force",
    );
    let state = s.play_line_from(&g, &["b0c2", "b9c7"], 2).await;
    assert_eq!(state["paused"], true);
    assert_eq!(state["limit_judgment"]["changed"], false);
    assert!(
        state["limit_judgment"]["rule"]
            .as_str()
            .unwrap()
            .contains("§12 四")
    );
    // The pending ruling survives a restart: the events are replayed.
    let data = s.stop().await;
    let s = TestServer::start_in(data).await;
    let state = s.state(&g.id).await;
    assert_eq!(state["limit_judgment"]["changed"], false);
    refused(s.play(&g.id, &g.red, "a0a1").await, 409, "limit_to_judge");
    refused(
        s.arbiter(
            &g,
            json!({"action": "limit_ruling", "verdict": "new_limit"}),
        )
        .await,
        409,
        "ruling_needs_note",
    );
    let body = ok(
        &s,
        &g,
        json!({"action": "limit_ruling", "verdict": "new_limit", "rounds": 10, "note": "红方仍有攻势"}),
    )
    .await;
    assert_eq!(body["move_limit"]["rounds_left"], 10);
    assert_eq!(body["paused"], false);
    let body = ok(&s, &g, json!({"action": "lift_limit", "note": "局势已明"})).await;
    assert_eq!(body["move_limit"], Value::Null);
    refused(
        s.arbiter(&g, json!({"action": "lift_limit"})).await,
        409,
        "no_move_limit",
    );
    let kinds: Vec<String> = s
        .events(&g.id, 0)
        .await
        .iter()
        .map(|e| e["event"]["kind"].as_str().unwrap_or("").to_owned())
        .collect();
    for kind in [
        "limit_requested",
        "move_limit_declared",
        "move_limit_expired",
        "limit_judged",
        "move_limit_lifted",
    ] {
        assert!(kinds.iter().any(|k| k == kind), "{kind} in {kinds:?}");
    }
    let record = s.record(&g.id, "format=pgn").await;
    assert!(
        record.contains("重限着数") && record.contains("取消限着"),
        "{record}"
    );
}

#[tokio::test]
async fn touched_pieces_restrict_the_next_move_and_a_correction_binds_the_piece_that_moved() {
    let s = TestServer::start().await;
    let g = s.create(json!({})).await;
    let body = ok(&s, &g, json!({"action": "touch", "squares": ["h2", "h9"]})).await;
    assert_eq!(body["binding"]["moves"], json!(["h2h9"]));
    assert_eq!(body["legal_moves"], json!(["h2h9"]));
    let body = refused(s.play(&g.id, &g.red, "h2e2").await, 422, "touch_move");
    assert!(
        body["message_zh"].as_str().unwrap().contains("5.3"),
        "{body}"
    );
    let (st, _) = s.play(&g.id, &g.red, "h2h9").await;
    assert_eq!(st, 200);
    refused(
        s.arbiter(&g, json!({"action": "touch", "squares": ["e5"]}))
            .await,
        409,
        "bad_touch",
    );
    refused(
        s.arbiter(&g, json!({"action": "untouch"})).await,
        409,
        "nothing_touched",
    );
    let (st, body) = s
        .arbiter(&g, json!({"action": "touch", "squares": []}))
        .await;
    assert_eq!(
        (st, body["error"].as_str()),
        (422, Some("invalid_request")),
        "{body}"
    );
    s.play_line_from(&g, &["i9h9", "b0c2"], 1).await;
    // Black's rook move (ply 1) is corrected: replay from it with the same rook.
    let body = ok(
        &s,
        &g,
        json!({"action": "correct", "from_ply": 1, "note": "走子不合规定"}),
    )
    .await;
    assert_eq!(body["moves"], json!(["h2h9"]));
    assert_eq!(body["binding"]["cause"], "correction");
    assert!(
        body["legal_moves"]
            .as_array()
            .unwrap()
            .iter()
            .all(|m| m.as_str().unwrap().starts_with("i9"))
    );
    refused(s.play(&g.id, &g.black, "b9c7").await, 422, "touch_move");
    let (st, _) = s.play(&g.id, &g.black, "i9h9").await;
    assert_eq!(st, 200);
    refused(
        s.arbiter(&g, json!({"action": "correct", "from_ply": 9}))
            .await,
        409,
        "nothing_to_correct",
    );
}

#[tokio::test]
async fn warnings_and_a_disqualification_and_the_sealed_move_error() {
    let s = TestServer::start().await;
    let g = s.create(json!({})).await;
    s.play_line(&g, &["h2e2"]).await;
    let body = ok(
        &s,
        &g,
        json!({"action": "warn", "side": "black", "note": "喧哗"}),
    )
    .await;
    assert_eq!(body["warnings"], json!({"red": 0, "black": 1}));
    assert_eq!(body["status"], "playing");
    let body = ok(
        &s,
        &g,
        json!({"action": "disqualify", "side": "black", "note": "严重违纪"}),
    )
    .await;
    assert_eq!(body["result"], "red_wins");
    assert_eq!(body["ruling"]["reason"], "disqualification");
    assert_eq!(
        body["ruling"]["by"]["role"], "game",
        "the game's own arbiter link"
    );
    refused(
        s.arbiter(&g, json!({"action": "warn", "side": "red"}))
            .await,
        409,
        "game_over",
    );

    // A sealed move wrong and unexplained loses; there must be one.
    let g = s.create(json!({})).await;
    s.play_line(&g, &["h2e2"]).await;
    refused(
        s.arbiter(&g, json!({"action": "sealed_error"})).await,
        409,
        "no_sealed_move",
    );
    s.post(&g.id, "adjourn", Some(&g.red), json!({"action": "offer"}))
        .await;
    s.post(
        &g.id,
        "adjourn",
        Some(&g.black),
        json!({"action": "accept"}),
    )
    .await;
    let (st, _) = s
        .post(&g.id, "seal", Some(&g.black), json!({"move": "h9g7"}))
        .await;
    assert_eq!(st, 200);
    refused(
        s.arbiter(&g, json!({"action": "sealed_error", "meant": "a0a5"}))
            .await,
        409,
        "meant_move_illegal",
    );
    let body = ok(
        &s,
        &g,
        json!({"action": "sealed_error", "note": "着法无法辨认"}),
    )
    .await;
    assert_eq!(
        (body["result"].as_str(), body["ruling"]["reason"].as_str()),
        (Some("red_wins"), Some("sealed_move_error"))
    );
}

/// A POST to the events API, with `body` if given.
async fn call(s: &TestServer, path: &str, token: &str, body: Option<Value>) -> (u16, Value) {
    let mut r = s.http.post(s.url(path)).bearer_auth(token);
    if let Some(b) = &body {
        r = r.json(b);
    }
    let r = r.send().await.unwrap();
    (r.status().as_u16(), r.json().await.unwrap())
}

#[tokio::test]
async fn an_officials_actions_carry_his_name_and_a_disqualification_takes_the_player_out() {
    let s = TestServer::start().await;
    let (st, ev) = call(
        &s,
        "/api/events",
        "",
        Some(json!({"system": "round_robin"})),
    )
    .await;
    assert_eq!(st, 201, "{ev}");
    let id = ev["id"].as_str().unwrap();
    let organiser = ev["organiser"]["token"].as_str().unwrap();
    for name in ["A", "B", "C", "D"] {
        let path = format!("/api/events/{id}/players");
        let (st, p) = call(&s, &path, organiser, Some(json!({"name": name}))).await;
        assert_eq!(st, 201, "{p}");
    }
    let (st, deputy) = call(
        &s,
        &format!("/api/events/{id}/officials"),
        organiser,
        Some(json!({"name": "李副", "role": "deputy"})),
    )
    .await;
    assert_eq!(st, 201, "{deputy}");
    let deputy = deputy["token"].as_str().unwrap();
    let (st, round) = call(&s, &format!("/api/events/{id}/rounds"), organiser, None).await;
    assert_eq!(st, 200, "{round}");
    let board = &round["boards"][0];
    let game = board["game"].as_str().unwrap();
    let black = board["black"].as_u64().unwrap();
    let s = &s;
    let act = |body: Value| async move { s.post(game, "arbiter", Some(deputy), body).await };
    let (st, body) = act(json!({"action": "warn", "side": "black", "note": "喧哗"})).await;
    assert_eq!(st, 200, "{body}");
    let logged = body["arbiter_log"]
        .as_array()
        .unwrap()
        .last()
        .unwrap()
        .clone();
    assert_eq!(logged["by"], json!({"role": "deputy", "name": "李副"}));
    let (st, body) = act(json!({"action": "disqualify", "side": "black"})).await;
    assert_eq!(st, 200, "{body}");
    assert_eq!(body["ruling"]["by"]["name"], "李副");
    let record = s.record(game, "format=pgn").await;
    assert!(record.contains("副裁判长李副"), "{record}");
    // The event records the loss and the player leaves it (1960 §14's rule, applied to 除名).
    let mut view = Value::Null;
    for _ in 0..50 {
        view = s
            .http
            .get(s.url(&format!("/api/events/{id}")))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        let out = view["players"]
            .as_array()
            .unwrap()
            .iter()
            .any(|p| p["player"] == black && p["withdrawn"] == true);
        if out {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let player = view["players"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["player"] == black)
        .unwrap();
    assert_eq!(player["withdrawn"], true, "{view}");
    assert!(view.to_string().contains("disqualified"), "{view}");
}

/// The Chinese message of a refusal, with no Latin letter but those of `allow`.
fn chinese_only(body: &Value, allow: &[&str]) {
    let mut rest = body["message_zh"].as_str().unwrap().to_owned();
    for a in allow {
        rest = rest.replace(a, "");
    }
    assert!(!rest.chars().any(|c| c.is_ascii_alphabetic()), "{body}");
}

/// A field refused by the arbiter's reader names the field once, in both languages, over
/// HTTP and on the socket.
#[tokio::test]
async fn an_arbiters_request_out_of_range_names_its_field_once() {
    let s = TestServer::start().await;
    let g = s.create(json!({})).await;
    let cases = [
        (
            json!({"action": "limit_request", "ground": "undecided"}),
            "side",
            "side: the player who asked",
        ),
        (
            json!({"action": "move_limit", "rounds": 0}),
            "rounds",
            "rounds: 0: expected 1 to 500",
        ),
        (
            json!({"action": "touch", "squares": []}),
            "squares",
            "squares: 1 to 32 squares",
        ),
        (
            json!({"action": "warn", "side": "red", "note": "长".repeat(501)}),
            "note",
            "note: at most 500 characters",
        ),
    ];
    let mut ws = common::socket::open(
        &s,
        &format!("/api/games/{}/ws", g.id),
        &[("origin", s.base.clone())],
    )
    .await;
    for (i, (action, field, en)) in cases.into_iter().enumerate() {
        let body = refused(s.arbiter(&g, action.clone()).await, 422, "invalid_request");
        let message = body["message"].as_str().unwrap();
        assert!(message.starts_with(en), "{body}");
        assert!(!message.contains(&format!("{field}: {field}")), "{body}");
        assert_eq!(body["field"], field);
        chinese_only(&body, &[]);
        // The socket reads the same body with the same reader's refusal.
        let text = json!({"type": "arbiter", "request": action, "id": i}).to_string();
        ws.send(Message::Text(text.into())).await.unwrap();
        let answer = loop {
            let m = common::socket::next(&mut ws).await;
            if m["type"] == "error" {
                break m;
            }
        };
        assert_eq!(
            (&answer["message"], &answer["field"]),
            (&body["message"], &body["field"])
        );
        assert_eq!(answer["message_zh"], body["message_zh"]);
    }
}

/// A player asks for a 限着 from his own link (1960 §12 一(一), 一(二)), over HTTP or on his
/// socket: the request is recorded for the arbiter, the game goes on, and the arbiter
/// declares it (二). The arbiter's own ground (一(三)) is not a player's; nobody else asks.
#[tokio::test]
async fn a_player_asks_for_a_move_limit_and_the_arbiter_declares_it() {
    let s = TestServer::start().await;
    let g = s.create(json!({})).await;
    s.play_line(&g, &["h2e2", "h9g7"]).await;
    let ask = |ground: &str| json!({"ground": ground});
    let body = refused(
        s.post(&g.id, "limit", Some(&g.red), ask("arbiter_sees"))
            .await,
        422,
        "invalid_request",
    );
    assert_eq!(body["field"], "ground");
    chinese_only(&body, &[]);
    refused(
        s.post(&g.id, "limit", None, ask("dominant")).await,
        401,
        "missing_token",
    );
    refused(
        s.post(&g.id, "limit", Some(&g.arbiter), ask("dominant"))
            .await,
        403,
        "wrong_token",
    );
    let (st, state) = s.post(&g.id, "limit", Some(&g.red), ask("dominant")).await;
    assert_eq!(st, 200, "{state}");
    let asked: Vec<&Value> = state["arbiter_log"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["kind"] == "limit_requested")
        .collect();
    assert_eq!(asked.len(), 1, "{state}");
    assert_eq!(
        (asked[0]["side"].as_str(), asked[0]["ground"].as_str()),
        (Some("red"), Some("dominant"))
    );
    assert_eq!(
        state["move_limit"],
        Value::Null,
        "only the arbiter declares"
    );
    assert_eq!(state["paused"], false);
    assert_eq!(s.play(&g.id, &g.red, "h0g2").await.0, 200, "play goes on");

    // Black asks on his socket.
    let mut ws = common::socket::open(
        &s,
        &format!("/api/games/{}/ws", g.id),
        &[("origin", s.base.clone())],
    )
    .await;
    let send = |v: Value| Message::Text(v.to_string().into());
    ws.send(send(json!({"type": "auth", "token": g.black})))
        .await
        .unwrap();
    ws.send(send(
        json!({"type": "limit", "ground": "undecided", "id": 7}),
    ))
    .await
    .unwrap();
    let ack = loop {
        let m = common::socket::next(&mut ws).await;
        if m["type"] == "ack" || m["type"] == "error" {
            break m;
        }
    };
    assert_eq!(
        (ack["type"].as_str(), ack["id"].as_u64()),
        (Some("ack"), Some(7)),
        "{ack}"
    );
    let state = s.state(&g.id).await;
    let last = state["arbiter_log"]
        .as_array()
        .unwrap()
        .last()
        .unwrap()
        .clone();
    assert_eq!(
        (last["kind"].as_str(), last["side"].as_str()),
        (Some("limit_requested"), Some("black"))
    );
    let record = s.record(&g.id, "format=pgn").await;
    assert!(
        record.contains("黑方提出限着") && record.contains("红方提出限着"),
        "{record}"
    );
    // Asked once, the request waits for the arbiter.
    let body = refused(
        s.post(&g.id, "limit", Some(&g.red), ask("undecided")).await,
        409,
        "limit_asked",
    );
    assert!(
        body["message_zh"]
            .as_str()
            .unwrap()
            .contains("由裁判员决定")
    );

    // The arbiter declares; a request while a limit is in force is refused.
    ok(&s, &g, json!({"action": "move_limit", "rounds": 20})).await;
    refused(
        s.post(&g.id, "limit", Some(&g.black), ask("undecided"))
            .await,
        409,
        "limit_in_force",
    );
}
