//! The book's procedure through the HTTP API (the referee README, "The book's procedure"):
//! an order to vary in the game's view, the loss for not varying, a claimable draw, claims by
//! the players (a false one refused with the referee's code and logged for the arbiter) and
//! the arbiter's declaration; `"procedure": "immediate"` keeps the old endings.

mod common;

use common::{Game, TestServer};
use serde_json::{Value, json};

/// 1960 rules 图四: Red's rook checks from h9 and h8; the third occurrence comes at ply 9.
const CHECK: &str = "5k3/9/9/9/9/9/9/9/7R1/3K5 w";
const CHECKS: [&str; 9] = [
    "h1h9", "f9f8", "h9h8", "f8f9", "h8h9", "f9f8", "h9h8", "f8f9", "h8h9",
];
/// Both horses out and back twice: an allowed cycle, claimable at ply 8.
const SHUFFLE: [&str; 8] = [
    "h0g2", "h9g7", "g2h0", "g7h9", "h0g2", "h9g7", "g2h0", "g7h9",
];

async fn claim(s: &TestServer, g: &Game, token: &str) -> (u16, Value) {
    s.post(&g.id, "claim", Some(token), json!({})).await
}

#[tokio::test]
async fn an_order_is_shown_and_not_varying_loses() {
    let s = TestServer::start().await;
    let g = s.create(json!({"fen": CHECK})).await;
    let view = s.play_line(&g, &CHECKS).await;
    assert_eq!(
        (view["status"].as_str(), view["result"].as_str()),
        (Some("playing"), Some("ongoing")),
        "{view}"
    );
    let order = &view["order"];
    assert_eq!(order["side"], "red", "{view}");
    assert_eq!(order["to"], "vary");
    assert_eq!(order["reason"], "perpetual_check");
    assert_eq!(order["ply"], 9);
    assert_eq!(order["forbidden"], json!(["h9h8"]));
    assert!(order["explanation_zh"].as_str().unwrap().contains("变着"));
    // Black answers; Red plays the forbidden check anyway: the move is played, and loses.
    let (status, view) = s.play(&g.id, &g.black, "f9f8").await;
    assert_eq!(
        (status, view["order"]["forbidden"].clone()),
        (200, json!(["h9h8"]))
    );
    let (status, end) = s.play(&g.id, &g.red, "h9h8").await;
    assert_eq!(status, 200, "{end}");
    assert_eq!(
        (end["status"].as_str(), end["result"].as_str()),
        (Some("ended"), Some("black_wins"))
    );
    let ruling = &end["ruling"];
    assert_eq!(ruling["reason"], "perpetual_check");
    assert_eq!(
        (ruling["ply"].as_u64(), ruling["ordered_at"].as_u64()),
        (Some(11), Some(9)),
        "{ruling}"
    );
    assert_eq!(ruling["offender"], "red");
    assert!(
        end.get("order").is_none(),
        "an ended game shows no order: {end}"
    );
    assert_eq!(end["moves"].as_array().map(Vec::len), Some(11));
}

#[tokio::test]
async fn varying_lifts_the_order() {
    let s = TestServer::start().await;
    let g = s.create(json!({"fen": CHECK})).await;
    s.play_line(&g, &CHECKS).await;
    s.play(&g.id, &g.black, "f9f8").await;
    let (status, view) = s.play(&g.id, &g.red, "h9h7").await;
    assert_eq!(status, 200);
    assert_eq!(view["status"], "playing", "{view}");
    assert!(view.get("order").is_none(), "{view}");
    // A forbidden cycle is no draw to claim: refused with the referee's code.
    let g = s.create(json!({"fen": CHECK})).await;
    s.play_line(&g, &CHECKS).await;
    let (status, body) = claim(&s, &g, &g.black).await;
    assert_eq!(
        (status, body["error"].as_str()),
        (409, Some("repetition_forbidden")),
        "{body}"
    );
}

#[tokio::test]
async fn immediate_ends_the_game_at_the_third_occurrence() {
    let s = TestServer::start().await;
    let g = s
        .create(json!({"fen": CHECK, "procedure": "immediate"}))
        .await;
    let end = s.play_line(&g, &CHECKS).await;
    assert_eq!(
        (end["status"].as_str(), end["result"].as_str()),
        (Some("ended"), Some("black_wins"))
    );
    assert_eq!(
        (
            end["ruling"]["ply"].as_u64(),
            end["ruling"].get("ordered_at")
        ),
        (Some(9), None)
    );
    assert_eq!(end["options"]["procedure"], "immediate");
    let g = s.create(json!({"procedure": "immediate"})).await;
    let end = s.play_line(&g, &SHUFFLE).await;
    assert_eq!(
        (end["result"].as_str(), end["ruling"]["ply"].as_u64()),
        (Some("draw"), Some(8))
    );
    // A procedure the server does not know is a clear 400.
    let r = s
        .http
        .post(s.url("/api/games"))
        .json(&json!({"procedure": "soon"}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 400);
    let text = r.text().await.unwrap();
    assert!(text.contains("`book` or `immediate`"), "{text}");
}

#[tokio::test]
async fn a_claimable_draw_is_claimed_and_a_false_claim_is_logged() {
    let s = TestServer::start().await;
    let g = s.create(json!({})).await;
    s.play_line(&g, &SHUFFLE[..6]).await;
    // Too early: a false claim, refused and put in the arbiter's log.
    let (status, body) = claim(&s, &g, &g.red).await;
    assert_eq!(
        (status, body["error"].as_str()),
        (409, Some("no_repetition")),
        "{body}"
    );
    let view = s.state(&g.id).await;
    let log = view["arbiter_log"].as_array().unwrap();
    assert!(
        log.iter().any(|e| e["kind"] == "claim_refused"
            && e["by"] == "red"
            && e["code"] == "no_repetition"),
        "{log:?}"
    );
    assert_eq!(view["status"], "playing");
    let view = s.play_line_from(&g, &SHUFFLE[6..], 6).await;
    assert_eq!(view["claimable"]["result"], "draw", "{view}");
    assert_eq!(view["claimable"]["ply"], 8);
    let (status, end) = claim(&s, &g, &g.red).await;
    assert_eq!(status, 200, "{end}");
    assert_eq!(
        (end["result"].as_str(), end["ruling"]["reason"].as_str()),
        (Some("draw"), Some("repetition_draw"))
    );
    assert_eq!(
        (
            end["ruling"]["claimed_by"].as_str(),
            end["ruling"]["ply"].as_u64()
        ),
        (Some("red"), Some(8))
    );
}

#[tokio::test]
async fn the_arbiter_declares_the_repetition_draw() {
    let s = TestServer::start().await;
    let g = s.create(json!({})).await;
    s.play_line(&g, &SHUFFLE[..4]).await;
    let (status, body) = s.arbiter(&g, json!({"action": "repetition_draw"})).await;
    assert_eq!(
        (status, body["error"].as_str()),
        (409, Some("no_repetition")),
        "{body}"
    );
    s.play_line_from(&g, &SHUFFLE[4..], 4).await;
    let (status, end) = s.arbiter(&g, json!({"action": "repetition_draw"})).await;
    assert_eq!(status, 200, "{end}");
    assert_eq!(
        (end["result"].as_str(), end["ruling"]["claimed_by"].as_str()),
        (Some("draw"), Some("arbiter"))
    );
    // The replayed game agrees (the events rebuild the same state).
    assert_eq!(s.state(&g.id).await["ruling"], end["ruling"]);
}
