//! Adjourned event games and their resumption (1960 §18 五: 排定未了局续赛), through the
//! API: an adjourned game listed with its envelope's cover (never the sealed move), its
//! resumption set by the organiser, the chief arbiter or a deputy and shown with the event
//! and the game; every refusal in both languages, naming the board, the time or the link.

mod common;

use common::{TestServer, now_ms};
use serde_json::{Value, json};

/// A round robin of two in a 90-minute game: the event, the organiser's and arbiter's
/// tokens, the players' tokens by registration number, and board 1's game.
struct Ev {
    id: String,
    organiser: String,
    arbiter: String,
    tokens: Vec<String>,
    game: String,
    red: usize,
}

async fn one_game(s: &TestServer) -> Ev {
    let body = json!({"system": "round_robin", "control": "90m", "name": "封棋赛"});
    let (st, created) = s.call("POST", "/api/events", None, Some(body)).await;
    assert_eq!(st, 201, "{created}");
    let id = created["id"].as_str().unwrap().to_owned();
    let organiser = created["organiser"]["token"].as_str().unwrap().to_owned();
    let arbiter = created["arbiter"]["token"].as_str().unwrap().to_owned();
    let mut tokens = Vec::new();
    for name in ["甲", "乙"] {
        let path = format!("/api/events/{id}/players");
        let (st, p) = s
            .call("POST", &path, Some(&organiser), Some(json!({"name": name})))
            .await;
        assert_eq!(st, 201, "{p}");
        tokens.push(p["token"].as_str().unwrap().to_owned());
    }
    let path = format!("/api/events/{id}/rounds");
    let (st, r) = s.call("POST", &path, Some(&organiser), None).await;
    assert_eq!(st, 200, "{r}");
    let (_, v) = s
        .call("GET", &format!("/api/events/{id}"), None, None)
        .await;
    let board = &v["rounds"][0]["boards"][0];
    Ev {
        id,
        organiser,
        arbiter,
        tokens,
        game: board["game"].as_str().unwrap().to_owned(),
        red: board["red"].as_u64().unwrap() as usize - 1,
    }
}

impl Ev {
    fn red(&self) -> &str {
        &self.tokens[self.red]
    }
    fn black(&self) -> &str {
        &self.tokens[1 - self.red]
    }
    fn path(&self) -> String {
        format!("/api/events/{}/adjourned", self.id)
    }
}

/// Red plays, Red proposes, Black agrees and seals `h9g7`.
async fn adjourn(s: &TestServer, ev: &Ev) {
    assert_eq!(s.play(&ev.game, ev.red(), "h2e2").await.0, 200);
    s.post(&ev.game, "adjourn", Some(ev.red()), json!({})).await;
    let accept = json!({"action": "accept"});
    s.post(&ev.game, "adjourn", Some(ev.black()), accept).await;
    let (st, b) = s
        .post(&ev.game, "seal", Some(ev.black()), json!({"move": "h9g7"}))
        .await;
    assert_eq!((st, b["status"].as_str()), (200, Some("adjourned")), "{b}");
}

/// Both languages, the Chinese one without a word of English.
fn assert_refused(st: u16, b: &Value, want: u16, code: &str, en: &str, zh: &str) {
    assert_eq!((st, b["error"].as_str()), (want, Some(code)), "{b}");
    assert!(b["message"].as_str().unwrap().contains(en), "{b}");
    let text = b["message_zh"].as_str().unwrap();
    assert!(text.contains(zh), "{b}");
    let latin = text.chars().filter(char::is_ascii_alphabetic).count();
    assert_eq!(latin, 0, "English in the Chinese message: {text}");
}

#[tokio::test]
async fn an_adjourned_game_is_listed_with_its_envelope_and_scheduled_for_resumption() {
    let s = TestServer::start().await;
    let ev = one_game(&s).await;
    let (st, list) = s.call("GET", &ev.path(), None, None).await;
    assert_eq!((st, list["adjourned"].as_array().unwrap().len()), (200, 0));

    adjourn(&s, &ev).await;
    let (_, list) = s.call("GET", &ev.path(), None, None).await;
    let g = &list["adjourned"][0];
    assert_eq!(
        (g["round"].as_u64(), g["board"].as_u64()),
        (Some(1), Some(1))
    );
    assert_eq!(g["game"], ev.game.as_str());
    assert_eq!(g["sealed_by"], "black");
    assert_eq!(g["move_number"], 1);
    assert!(
        g["fen"].as_str().unwrap().ends_with(" b") || g["fen"].as_str().unwrap().contains(" b "),
        "{g}"
    );
    let names = [
        g["red_name"].as_str().unwrap(),
        g["black_name"].as_str().unwrap(),
    ];
    assert!(names.contains(&"甲") && names.contains(&"乙"), "{g}");
    assert_eq!(g["resumes_unix_ms"], Value::Null);
    assert!(
        !list.to_string().contains("h9g7"),
        "the sealed move is secret: {list}"
    );

    // The organiser sets the time; the event, its list and the game's event show it.
    let at = now_ms() + 86_400_000;
    let body = json!({"round": 1, "board": 1, "at_unix_ms": at});
    let (st, b) = s
        .call("POST", &ev.path(), Some(&ev.organiser), Some(body))
        .await;
    assert_eq!(st, 200, "{b}");
    let (_, list) = s.call("GET", &ev.path(), None, None).await;
    assert_eq!(list["adjourned"][0]["resumes_unix_ms"], at);
    let (_, of_game) = s
        .call("GET", &format!("/api/games/{}/event", ev.game), None, None)
        .await;
    assert_eq!(of_game["resumes_unix_ms"], at);
    // The chief arbiter moves it an hour later: the new time replaces the old.
    let later = at + 3_600_000;
    let body = json!({"round": 1, "board": 1, "at_unix_ms": later});
    let (st, _) = s
        .call("POST", &ev.path(), Some(&ev.arbiter), Some(body))
        .await;
    assert_eq!(st, 200);
    let (_, list) = s.call("GET", &ev.path(), None, None).await;
    assert_eq!(list["adjourned"][0]["resumes_unix_ms"], later);

    // Both resume: the game is no longer listed; the sealed move is played.
    s.post(&ev.game, "resume", Some(ev.red()), json!({})).await;
    let (_, state) = s
        .post(&ev.game, "resume", Some(ev.black()), json!({}))
        .await;
    assert_eq!(state["moves"], json!(["h2e2", "h9g7"]));
    let (_, list) = s.call("GET", &ev.path(), None, None).await;
    assert_eq!(list["adjourned"], json!([]), "{list}");
}

#[tokio::test]
async fn a_deputy_schedules_and_a_board_arbiter_or_player_cannot() {
    let s = TestServer::start().await;
    let ev = one_game(&s).await;
    adjourn(&s, &ev).await;
    let appoint = |role: &str| json!({"name": format!("{role}裁判"), "role": role});
    let officials = format!("/api/events/{}/officials", ev.id);
    let (_, deputy) = s
        .call(
            "POST",
            &officials,
            Some(&ev.organiser),
            Some(appoint("deputy")),
        )
        .await;
    let (_, board) = s
        .call(
            "POST",
            &officials,
            Some(&ev.organiser),
            Some(appoint("board")),
        )
        .await;
    let body = json!({"round": 1, "board": 1, "at_unix_ms": now_ms() + 3_600_000});
    let deputy = deputy["token"].as_str().unwrap();
    let (st, b) = s
        .call("POST", &ev.path(), Some(deputy), Some(body.clone()))
        .await;
    assert_eq!(st, 200, "{b}");
    let board = board["token"].as_str().unwrap();
    let (st, b) = s
        .call("POST", &ev.path(), Some(board), Some(body.clone()))
        .await;
    assert_refused(
        st,
        &b,
        403,
        "wrong_token",
        "the organiser or an arbiter",
        "组织者或裁判",
    );
    let (st, b) = s
        .call("POST", &ev.path(), Some(ev.red()), Some(body.clone()))
        .await;
    assert_refused(
        st,
        &b,
        403,
        "wrong_token",
        "the organiser or an arbiter",
        "组织者或裁判",
    );
    let (st, b) = s.call("POST", &ev.path(), None, Some(body)).await;
    assert_refused(
        st,
        &b,
        401,
        "missing_token",
        "the organiser or an arbiter",
        "组织者或裁判",
    );
}

#[tokio::test]
async fn a_schedule_is_refused_for_a_game_not_adjourned_a_past_time_or_no_such_board() {
    let s = TestServer::start().await;
    let ev = one_game(&s).await;
    let path = ev.path();
    let post = |body: Value| s.call("POST", &path, Some(&ev.organiser), Some(body));
    let soon = now_ms() + 3_600_000;

    // Not adjourned yet: a game being played has no envelope.
    let (st, b) = post(json!({"round": 1, "board": 1, "at_unix_ms": soon})).await;
    assert_refused(st, &b, 409, "event_refused", "is not adjourned", "没有封棋");

    adjourn(&s, &ev).await;
    let (st, b) = post(json!({"round": 1, "board": 2, "at_unix_ms": soon})).await;
    assert_refused(
        st,
        &b,
        409,
        "event_refused",
        "round 1 has no board 2",
        "第1轮没有第2台",
    );
    let (st, b) = post(json!({"round": 7, "board": 1, "at_unix_ms": soon})).await;
    assert_refused(
        st,
        &b,
        409,
        "event_refused",
        "round 7 has no board 1",
        "第7轮没有第1台",
    );
    let past = now_ms() - 60_000;
    let (st, b) = post(json!({"round": 1, "board": 1, "at_unix_ms": past})).await;
    assert_refused(st, &b, 409, "event_refused", "has passed", "已经过去");
    let far = now_ms() + 400 * 86_400_000;
    let (st, b) = post(json!({"round": 1, "board": 1, "at_unix_ms": far})).await;
    assert_refused(st, &b, 409, "event_refused", "more than a year", "超过一年");
    // A body that is not the request names the field, in Chinese too.
    let (st, b) = post(json!({"round": 1, "board": 1})).await;
    assert_eq!((st, b["error"].as_str()), (400, Some("bad_request")), "{b}");
    assert!(
        b["message_zh"]
            .as_str()
            .unwrap()
            .contains("缺少字段at_unix_ms"),
        "{b}"
    );
    let (st, b) = s
        .call("GET", "/api/events/2222222222/adjourned", None, None)
        .await;
    assert_refused(st, &b, 404, "not_found", "no such event", "没有这个比赛");

    // A game with its result has nothing to resume: the arbiter adjudicates it.
    let results = format!("/api/events/{}/results", ev.id);
    let body = json!({"round": 1, "board": 1, "result": "1/2"});
    let (st, b) = s
        .call("POST", &results, Some(&ev.organiser), Some(body))
        .await;
    assert_eq!(st, 200, "{b}");
    let (st, b) = post(json!({"round": 1, "board": 1, "at_unix_ms": soon})).await;
    assert_refused(st, &b, 409, "event_refused", "has its result", "已有结果");
    let (_, list) = s.call("GET", &ev.path(), None, None).await;
    assert_eq!(list["adjourned"], json!([]));
}
