//! `kill -9` with arbiter events stored: the server runs in a process of its own (this test
//! binary started again on the ignored `serve_child`), is killed with SIGKILL, and started
//! again on the same data; every acknowledged arbiter event is still there and in force.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use serde_json::{Value, json};

const DATA_VAR: &str = "XQ_KILL_TEST_DATA";

/// The server process of `kill_9_keeps_every_arbiter_event` (does nothing unless that test
/// starts it with its data directory).
#[test]
#[ignore = "started as a child process by kill_9_keeps_every_arbiter_event"]
fn serve_child() {
    let Some(dir) = std::env::var_os(DATA_VAR) else {
        return;
    };
    let runtime = tokio::runtime::Runtime::new().unwrap();
    runtime.block_on(async move {
        let mut config = xiangqi_server::Config::new("127.0.0.1:0".parse().unwrap(), dir.into());
        config.limits.http_rate = 1000.0;
        config.limits.http_burst = 1000.0;
        let server = xiangqi_server::Server::start(config).await.unwrap();
        println!("LISTENING {}", server.local_addr());
        std::future::pending::<()>().await;
    });
}

struct Served {
    child: Child,
    base: String,
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn serve(data: &Path) -> Served {
    let mut child = Command::new(std::env::current_exe().unwrap())
        .args(["--ignored", "--exact", "serve_child", "--nocapture"])
        .env(DATA_VAR, data)
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let mut lines = BufReader::new(stdout).lines();
    let addr = loop {
        let line = lines
            .next()
            .expect("the child printed its address")
            .unwrap();
        if let Some(addr) = line.strip_prefix("LISTENING ") {
            break addr.to_owned();
        }
    };
    // Keep draining the child's output so it never blocks on a full pipe.
    std::thread::spawn(move || for _ in lines {});
    Served {
        child,
        base: format!("http://{addr}"),
    }
}

async fn post(http: &reqwest::Client, url: String, token: &str, body: Value) -> Value {
    let r = http
        .post(url)
        .bearer_auth(token)
        .json(&body)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200, "acknowledged");
    r.json().await.unwrap()
}

#[tokio::test]
async fn kill_9_keeps_every_arbiter_event() {
    let dir = tempfile::tempdir().unwrap();
    let http = reqwest::Client::builder()
        .timeout(Duration::from_secs(10))
        .build()
        .unwrap();
    let server = serve(dir.path());
    let created: Value = http
        .post(format!("{}/api/games", server.base))
        .json(&json!({"red_name": "甲", "foul_limit": 5, "pairs": "consult"}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let id = created["id"].as_str().unwrap().to_owned();
    let token = |who: &str| created[who]["token"].as_str().unwrap().to_owned();
    let (red, black2, arbiter) = (token("red"), token("black2"), token("arbiter"));
    let game = |what: &str| format!("{}/api/games/{id}/{what}", server.base);
    post(&http, game("moves"), &red, json!({"move": "h2e2"})).await;
    post(&http, game("moves"), &black2, json!({"move": "马8进7"})).await;
    for action in [
        json!({"action": "foul", "side": "black", "foul": "touched_not_moved"}),
        json!({"action": "move_limit", "rounds": 30}),
        json!({"action": "time", "side": "red", "ms": 60000}),
        json!({"action": "pause"}),
    ] {
        post(&http, game("arbiter"), &arbiter, action).await;
    }
    drop(server); // SIGKILL: Child::kill on Unix.

    let server = serve(dir.path());
    let game = |what: &str| format!("{}/api/games/{id}{what}", server.base);
    let state: Value = http
        .get(game(""))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(state["moves"], json!(["h2e2", "h9g7"]));
    assert_eq!(state["fouls"], json!({"red": 0, "black": 1}));
    assert_eq!(state["foul_limit"], 5);
    assert_eq!(state["move_limit"]["rounds"], 30);
    assert_eq!(state["paused"], true);
    assert_eq!(state["clocks"]["state"], "paused");
    assert_eq!(state["names"]["red"], "甲");
    assert_eq!(state["arbiter_log"].as_array().unwrap().len(), 4);
    // Red had 10 min, +5 s for its move, +60 s from the arbiter, and thinks from move 2.
    let red_ms = state["clocks"]["red"]["remaining_ms"].as_u64().unwrap();
    assert!((660_000..=665_000).contains(&red_ms), "{red_ms}");
    // The tokens survived too: the partner and the arbiter act after the restart.
    let state = post(
        &http,
        game("/arbiter"),
        &arbiter,
        json!({"action": "resume"}),
    )
    .await;
    assert_eq!(state["clocks"]["state"], "running");
    post(&http, game("/moves"), &red, json!({"move": "h0g2"})).await;
    post(&http, game("/moves"), &black2, json!({"move": "i9h9"})).await;
}
