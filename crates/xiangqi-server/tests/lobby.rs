//! The lobby's and the rematch's API: a challenge is listed, taken once, withdrawn only by its
//! creator; bad bodies and messages get the API's errors; the lobby's socket hears each
//! change; a rematch needs the game's end and both players, and swaps the colours.

mod common;

use common::TestServer;
use common::socket::next;
use futures_util::SinkExt;
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

async fn call(s: &TestServer, path: &str, token: Option<&str>, body: &str) -> (u16, Value) {
    let mut r = s.http.post(s.url(path)).body(body.to_owned());
    if let Some(t) = token {
        r = r.bearer_auth(t);
    }
    let r = r.send().await.unwrap();
    (r.status().as_u16(), r.json().await.unwrap_or(Value::Null))
}

#[tokio::test]
async fn a_challenge_is_listed_taken_once_and_withdrawn_only_by_its_creator() {
    let s = TestServer::start().await;
    let mut ws = common::socket::open(&s, "/api/lobby/ws", &[]).await;
    assert_eq!(
        next(&mut ws).await,
        json!({"type": "lobby", "challenges": []})
    );

    let (status, created) = call(
        &s,
        "/api/challenges",
        None,
        r#"{"control": "3m+2s", "rules": "asian", "colour": "black"}"#,
    )
    .await;
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_str().unwrap().to_owned();
    assert_eq!(created["you"], "black");
    assert!(created["black"]["token"].is_string());
    assert!(
        created.get("red").is_none() && created.get("arbiter").is_none(),
        "{created}"
    );
    let live = next(&mut ws).await;
    assert_eq!(live["challenges"][0]["id"], id.as_str());
    assert_eq!(live["challenges"][0]["open_side"], "red");
    assert_eq!(live["challenges"][0]["control"], "3m+2s");
    assert_eq!(live["challenges"][0]["rules"], "asian");
    let listed: Value = s
        .http
        .get(s.url("/api/challenges"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(listed["challenges"], live["challenges"]);

    // A bad message on the lobby's socket: the API's error, and the socket stays open.
    ws.send(Message::Text("{\"type\": \"accept\"}".into()))
        .await
        .unwrap();
    let error = next(&mut ws).await;
    assert_eq!(
        (error["type"].as_str(), error["error"].as_str()),
        (Some("error"), Some("bad_request"))
    );

    // Withdrawing needs the creator's token.
    let (status, _) = call(
        &s,
        &format!("/api/challenges/{id}/cancel"),
        Some(&"0".repeat(64)),
        "",
    )
    .await;
    assert_eq!(status, 403);
    // Taken once: the acceptor plays Red with a working token; the second is told it is gone.
    let (status, taken) = call(&s, &format!("/api/challenges/{id}/accept"), None, "").await;
    assert_eq!(status, 200, "{taken}");
    assert_eq!(taken["you"], "red");
    assert!(
        taken["url"]
            .as_str()
            .unwrap()
            .ends_with(&format!("/g/{id}#t={}", taken["token"].as_str().unwrap()))
    );
    assert_eq!(
        s.play(&id, taken["token"].as_str().unwrap(), "h2e2")
            .await
            .0,
        200
    );
    assert_eq!(next(&mut ws).await["challenges"], json!([]));
    let (status, gone) = call(&s, &format!("/api/challenges/{id}/accept"), None, "").await;
    assert_eq!((status, gone["error"].as_str()), (404, Some("not_found")));

    // A second challenge withdrawn by its creator.
    let (_, other) = call(&s, "/api/challenges", None, "").await;
    let other_id = other["id"].as_str().unwrap();
    let mine = other[other["you"].as_str().unwrap()]["token"]
        .as_str()
        .unwrap();
    let (status, _) = call(
        &s,
        &format!("/api/challenges/{other_id}/cancel"),
        Some(mine),
        "",
    )
    .await;
    assert_eq!(status, 200);
    let listed: Value = s
        .http
        .get(s.url("/api/challenges"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(listed["challenges"], json!([]));

    // Bad bodies: not JSON, an unknown field, a colour that is none.
    for (body, status) in [
        ("{", 400),
        (r#"{"fen": "x"}"#, 400),
        (r#"{"colour": "green"}"#, 422),
        (r#"{"control": "nonsense"}"#, 422),
    ] {
        let (got, error) = call(&s, "/api/challenges", None, body).await;
        assert_eq!(got, status, "{body}: {error}");
        assert!(error["error"].is_string(), "{error}");
    }
}

#[tokio::test]
async fn a_rematch_needs_the_end_and_both_players_and_swaps_the_colours() {
    let s = TestServer::start().await;
    let g = s
        .create(json!({"control": "4m+2s", "red_name": "甲", "black_name": "乙"}))
        .await;
    let path = format!("/api/games/{}/rematch", g.id);
    let (status, early) = call(&s, &path, Some(&g.red), "").await;
    assert_eq!(
        (status, early["error"].as_str()),
        (409, Some("game_not_over"))
    );
    assert_eq!(s.play(&g.id, &g.red, "h2e2").await.0, 200);
    assert_eq!(
        s.post(&g.id, "resign", Some(&g.black), json!({})).await.0,
        200
    );
    let (status, _) = call(&s, &path, None, "").await;
    assert_eq!(status, 401);
    let (status, _) = call(&s, &path, Some(&g.arbiter), "").await;
    assert_eq!(status, 403, "the arbiter does not play the rematch");
    for _ in 0..2 {
        let (status, offer) = call(&s, &path, Some(&g.red), "").await;
        assert_eq!((status, offer), (200, json!({"offered_by": "red"})));
    }
    let (status, black) = call(&s, &path, Some(&g.black), "").await;
    assert_eq!(status, 200, "{black}");
    assert_eq!(black["you"], "red", "Black of the first game plays Red");
    let (_, red) = call(&s, &path, Some(&g.red), "").await;
    assert_eq!(
        (red["id"].clone(), red["you"].as_str()),
        (black["id"].clone(), Some("black"))
    );
    let id = black["id"].as_str().unwrap();
    let state = s.state(id).await;
    assert_eq!(state["control"], "4m+2s");
    assert_eq!(state["names"], json!({"red": "乙", "black": "甲"}));
    // Each token plays its new colour.
    assert_eq!(
        s.play(id, red["token"].as_str().unwrap(), "h2e2").await.0,
        409
    );
    assert_eq!(
        s.play(id, black["token"].as_str().unwrap(), "h2e2").await.0,
        200
    );
    assert_eq!(
        s.play(id, red["token"].as_str().unwrap(), "h9g7").await.0,
        200
    );
}
