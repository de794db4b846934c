//! The players' presence on the WebSocket (`?presence=1`): a watcher hears each player come and
//! go, whether by a token on the upgrade or an `auth` message; a socket that did not ask hears
//! nothing new.

mod common;

use common::TestServer;
use futures_util::SinkExt;
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

use common::socket::{Socket, next};

async fn connect(s: &TestServer, id: &str, query: &str, token: Option<&str>) -> Socket {
    let headers: Vec<(&'static str, String)> = token
        .map(|t| ("authorization", format!("Bearer {t}")))
        .into_iter()
        .collect();
    common::socket::open(s, &format!("/api/games/{id}/ws{query}"), &headers).await
}

/// The next message of type `kind`, with those skipped on the way.
async fn until(ws: &mut Socket, kind: &str) -> (Value, Vec<Value>) {
    let mut skipped = Vec::new();
    loop {
        let m = next(ws).await;
        if m["type"] == kind {
            return (m, skipped);
        }
        skipped.push(m);
    }
}

fn present(red: bool, black: bool) -> Value {
    json!({"type": "presence", "red": red, "black": black})
}

#[tokio::test]
async fn a_watcher_hears_the_players_come_and_go() {
    let s = TestServer::start().await;
    let g = s.create(json!({})).await;
    let mut watcher = connect(&s, &g.id, "?presence=1", None).await;
    until(&mut watcher, "hello").await;
    assert_eq!(next(&mut watcher).await, present(false, false));

    // Red by a token on the upgrade (and he did not ask for presence).
    let mut red = connect(&s, &g.id, "", Some(&g.red)).await;
    until(&mut red, "hello").await;
    assert_eq!(
        until(&mut watcher, "presence").await.0,
        present(true, false)
    );
    // Black by an `auth` message, on a socket that asked.
    let mut black = connect(&s, &g.id, "?since=0&presence=1", None).await;
    until(&mut black, "hello").await;
    assert_eq!(next(&mut black).await, present(true, false));
    black
        .send(Message::Text(
            json!({"type": "auth", "token": g.black}).to_string().into(),
        ))
        .await
        .unwrap();
    assert_eq!(until(&mut watcher, "presence").await.0, present(true, true));
    // A second socket of Red's, then the first closes: Red is still there.
    let mut red2 = connect(&s, &g.id, "", Some(&g.red)).await;
    until(&mut red2, "hello").await;
    red.close(None).await.unwrap();
    drop(red);
    // Red leaves for good: the watcher and Black hear it.
    red2.close(None).await.unwrap();
    drop(red2);
    assert_eq!(
        until(&mut watcher, "presence").await.0,
        present(false, true)
    );
    let (heard, _) = until(&mut black, "presence").await;
    // Black heard himself arrive first, then Red leave.
    let heard = if heard == present(true, true) {
        until(&mut black, "presence").await.0
    } else {
        heard
    };
    assert_eq!(heard, present(false, true));

    // A socket that did not ask hears no presence: Red's new socket sees Black's move, and no
    // presence message among what came before it.
    let mut red3 = connect(&s, &g.id, "", Some(&g.red)).await;
    let (_, before) = until(&mut red3, "hello").await;
    assert_eq!(s.play(&g.id, &g.red, "h2e2").await.0, 200);
    let (_, between) = until(&mut red3, "event").await;
    assert!(
        before
            .iter()
            .chain(&between)
            .all(|m| m["type"] != "presence"),
        "{before:?} {between:?}"
    );
}
