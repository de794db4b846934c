//! Every refusal of the events' API has a Chinese message in Chinese (`message_zh`), naming
//! the same player, round, board, team or field as the English one: the Chinese console shows
//! it as it is. Each case makes the event refuse for a different reason.

mod common;

use common::TestServer;
use serde_json::{Value, json};

/// The refusal's code and English words, and its Chinese: no Latin letter but those `allow`
/// names (an option's value the API takes as it is), and `zh` in it.
fn refused(answer: (u16, Value), status: u16, code: &str, en: &str, zh: &str, allow: &[&str]) {
    let (st, b) = answer;
    assert_eq!((st, b["error"].as_str()), (status, Some(code)), "{b}");
    assert!(b["message"].as_str().unwrap().contains(en), "{b}");
    let text = b["message_zh"].as_str().unwrap();
    assert!(text.contains(zh), "{zh:?} not in {text:?}");
    let mut rest = text.to_owned();
    for a in allow {
        rest = rest.replace(a, "");
    }
    assert!(
        !rest.chars().any(|c| c.is_ascii_alphabetic()),
        "English in the Chinese message: {text}"
    );
}

async fn event(s: &TestServer, body: Value, players: &[&str]) -> (String, String) {
    let (st, created) = s.call("POST", "/api/events", None, Some(body)).await;
    assert_eq!(st, 201, "{created}");
    let id = created["id"].as_str().unwrap().to_owned();
    let organiser = created["organiser"]["token"].as_str().unwrap().to_owned();
    for name in players {
        let path = format!("/api/events/{id}/players");
        let (st, p) = s
            .call("POST", &path, Some(&organiser), Some(json!({"name": name})))
            .await;
        assert_eq!(st, 201, "{p}");
    }
    (id, organiser)
}

#[tokio::test]
async fn an_events_refusals_name_the_player_round_and_board_in_chinese() {
    let s = TestServer::start().await;
    let (id, org) = event(&s, json!({"system": "round_robin"}), &["甲"]).await;
    let at = |what: &str| format!("/api/events/{id}/{what}");
    let o = Some(org.as_str());
    refused(
        s.call("POST", &at("rounds"), o, None).await,
        409,
        "event_refused",
        "at least two players",
        "至少需要两名选手",
        &[],
    );
    refused(
        s.call("POST", &at("withdraw"), o, Some(json!({"player": 99})))
            .await,
        409,
        "event_refused",
        "no player 99",
        "没有99号选手",
        &[],
    );
    refused(
        s.call("POST", &at("links"), o, Some(json!({"player": 42})))
            .await,
        409,
        "event_refused",
        "no player 42",
        "没有42号选手",
        &[],
    );
    let team = json!({"name": "红队", "players": [{"name": "甲"}]});
    refused(
        s.call("POST", &at("teams"), o, Some(team)).await,
        409,
        "event_refused",
        "teams are for team events",
        "只有团体赛",
        &[],
    );
    refused(
        s.call("GET", &at("export?format=csv"), None, None).await,
        409,
        "event_refused",
        "no crosstable yet",
        "还没有成绩表",
        &["PGN"],
    );
    refused(
        s.call("GET", &at("export?format=xml"), None, None).await,
        422,
        "invalid_request",
        "expected trf, html, csv or pgn",
        "导出格式",
        &["xml", "trf", "html", "csv", "pgn"],
    );

    // Once begun: a round robin's table is fixed; a round still being played.
    let path = at("players");
    s.call("POST", &path, o, Some(json!({"name": "乙"}))).await;
    s.call("POST", &path, o, Some(json!({"name": "丙"}))).await;
    assert_eq!(s.call("POST", &at("rounds"), o, None).await.0, 200);
    refused(
        s.call("POST", &path, o, Some(json!({"name": "丁"}))).await,
        409,
        "event_refused",
        "a round robin's table is fixed",
        "循环赛的轮次表已定",
        &[],
    );
    refused(
        s.call("POST", &at("rounds"), o, None).await,
        409,
        "event_refused",
        "no result",
        "还没有结果",
        &[],
    );
    let result = json!({"round": 1, "board": 9, "result": "1-0"});
    refused(
        s.call("POST", &at("results"), o, Some(result)).await,
        409,
        "event_refused",
        "round 1 has no board 9",
        "第1轮没有第9台",
        &[],
    );
    assert_eq!(
        s.call("POST", &at("withdraw"), o, Some(json!({"player": 1})))
            .await
            .0,
        200
    );
    refused(
        s.call("POST", &at("withdraw"), o, Some(json!({"player": 1})))
            .await,
        409,
        "event_refused",
        "player 1 has already withdrawn",
        "1号选手已经退出",
        &[],
    );
}

#[tokio::test]
async fn teams_arbiters_and_creation_are_refused_in_chinese() {
    let s = TestServer::start().await;
    let body = json!({"system": "team_round_robin", "boards": 3});
    let (id, org) = event(&s, body, &[]).await;
    let at = |what: &str| format!("/api/events/{id}/{what}");
    let o = Some(org.as_str());
    let squad = |n: usize| -> Vec<Value> {
        (1..=n)
            .map(|i| json!({"name": format!("队员{i}")}))
            .collect()
    };
    refused(
        s.call(
            "POST",
            &at("teams"),
            o,
            Some(json!({"name": "小队", "players": squad(2)})),
        )
        .await,
        409,
        "event_refused",
        "a squad of 2 cannot fill 3 boards",
        "只报了2名队员，不够3台",
        &[],
    );
    let lineup = json!({"round": 1, "team": 1, "lineup": [1, 2, 3]});
    refused(
        s.call("POST", &at("lineups"), o, Some(lineup)).await,
        409,
        "event_refused",
        "team 1 has no match in round 1",
        "1号队在第1轮没有比赛",
        &[],
    );
    let too_many = json!({"name": "大队", "players": squad(25)});
    refused(
        s.call("POST", &at("teams"), o, Some(too_many)).await,
        422,
        "invalid_request",
        "a squad of 1 to 24",
        "队员名单应为1至24人",
        &[],
    );
    let bad_rating = json!({"name": "队", "players": [{"name": "甲", "rating": 9000}]});
    refused(
        s.call("POST", &at("teams"), o, Some(bad_rating)).await,
        422,
        "invalid_request",
        "expected 0 to 4000",
        "第1名队员：等级分9000不可接受",
        &[],
    );

    let officials = at("officials");
    refused(
        s.call(
            "POST",
            &officials,
            o,
            Some(json!({"name": " ", "role": "board"})),
        )
        .await,
        409,
        "event_refused",
        "1 to 60 characters",
        "裁判的姓名应为1至60个字",
        &[],
    );
    let (_, deputy) = s
        .call(
            "POST",
            &officials,
            o,
            Some(json!({"name": "副", "role": "deputy"})),
        )
        .await;
    let n = deputy["official"].as_u64().unwrap();
    let assign = json!({"round": 1, "official": n, "boards": [1]});
    refused(
        s.call("POST", &at("assign"), o, Some(assign)).await,
        409,
        "event_refused",
        "is a deputy",
        "是副总裁判长",
        &[],
    );
    let assign = json!({"round": 0, "official": n, "boards": [1]});
    refused(
        s.call("POST", &at("assign"), o, Some(assign)).await,
        409,
        "event_refused",
        "numbered 1 to 1000",
        "轮次和台次应为1至1000",
        &[],
    );

    let create = |body: Value| s.call("POST", "/api/events", None, Some(body));
    refused(
        create(json!({"system": "swiss"})).await,
        422,
        "invalid_request",
        "announces its number of rounds",
        "须预先公布轮数",
        &[],
    );
    refused(
        create(json!({"system": "swiss", "rounds": 5, "tiebreaks": "points,luck"})).await,
        422,
        "invalid_request",
        "unknown criterion",
        "破同分方法中没有",
        &["luck"],
    );
    refused(
        create(json!({"system": "round_robin", "scoring": "golf"})).await,
        422,
        "invalid_request",
        "expected one of",
        "计分办法不能是",
        &["golf", "modern"],
    );
    refused(
        create(json!({"system": "team_swiss", "rounds": 3})).await,
        422,
        "invalid_request",
        "how many boards",
        "须填写每场比赛的台数",
        &[],
    );
    refused(
        create(json!({"system": "lottery"})).await,
        422,
        "invalid_request",
        "expected round_robin",
        "没有",
        &["lottery"],
    );
    refused(
        create(json!({"system": "swiss", "rounds": 3, "name": ""})).await,
        422,
        "invalid_request",
        "1 to 100 characters",
        "比赛名称应为1至100个字",
        &[],
    );
    refused(
        create(json!({"system": "swiss", "rounds": "three"})).await,
        400,
        "bad_request",
        "invalid type",
        "请求内容",
        &[],
    );
}

/// A refused creation: the body, the status, the code, the field, words of the English and
/// of the Chinese, and the Latin words the Chinese may hold.
type Case<'a> = (Value, u16, &'a str, &'a str, &'a str, &'a str, Vec<&'a str>);

/// Every game option an event's games are made with, refused at the event's creation with
/// its field and a Chinese reason: no Latin letter but the value sent, the field's name and
/// the values the API takes.
#[tokio::test]
async fn every_bad_game_option_of_an_event_is_refused_in_chinese() {
    let s = TestServer::start().await;
    let with = |extra: Value| {
        let mut body = json!({"system": "match", "name": "选项"});
        for (k, v) in extra.as_object().unwrap() {
            body[k] = v.clone();
        }
        body
    };
    let options = |o: Value| with(json!({"options": o}));
    let odds_names = [
        "two_horses",
        "two_rooks",
        "rook_horse",
        "rook",
        "horse",
        "cannon",
        "advisor",
        "elephant",
        "pawn",
    ];
    let starts = "2026-12-01T09:30:00Z";
    let long = "10m+5s".repeat(20);
    let no_kings = "9/9/9/9/9/9/9/9/9/9 w";
    // (body, status, code, field, English, Chinese, allowed)
    let cases: Vec<Case> = vec![
        (
            with(json!({"control": "0m"})),
            422,
            "invalid_request",
            "control",
            "no time",
            "没有任何用时",
            vec!["0s"],
        ),
        (
            with(json!({"control": "abc"})),
            422,
            "invalid_request",
            "control",
            "time control \"abc\"",
            "无法识别的用时规定",
            vec!["abc", "90m/40+15m/10", "10m+5s"],
        ),
        (
            with(json!({"control": long})),
            422,
            "invalid_options",
            "control",
            "too long",
            "用时规定太长",
            vec![],
        ),
        (
            with(json!({"rules": "1961"})),
            422,
            "invalid_options",
            "rules",
            "1961",
            "规则\"1961\"无法识别",
            vec!["chinese1960", "chinese", "asian"],
        ),
        // A value of the wrong type is named by its option, not by a place in a text the
        // user never wrote (the template is rebuilt from the event's body).
        (
            options(json!({"foul_limit": 2, "control": 5})),
            400,
            "bad_request",
            "",
            "options.control: invalid type",
            "options.control一项的值类型不对",
            vec!["options.control"],
        ),
        (
            options(json!({"colour": "red"})),
            400,
            "bad_request",
            "",
            "options: unknown field `colour`",
            "options没有字段colour",
            vec!["options", "colour"],
        ),
        (
            options(json!({"procedure": "sudden"})),
            400,
            "bad_request",
            "",
            "options.procedure: unknown variant",
            "options.procedure没有sudden这个选项",
            vec!["sudden", "options.procedure"],
        ),
        (
            options(json!({"draw_offers": "never"})),
            400,
            "bad_request",
            "",
            "options.draw_offers: unknown variant",
            "options.draw_offers没有never这个选项",
            vec!["never", "options.draw_offers"],
        ),
        (
            options(json!({"first": "green"})),
            400,
            "bad_request",
            "",
            "options.first: unknown variant",
            "options.first没有green这个选项",
            vec!["green", "options.first"],
        ),
        (
            options(json!({"odds": "queen"})),
            422,
            "invalid_options",
            "odds",
            "queen",
            "让子\"queen\"无法识别",
            [&["queen", "fen"][..], &odds_names].concat(),
        ),
        (
            options(json!({"odds": no_kings})),
            422,
            "invalid_options",
            "odds",
            "odds FEN",
            "让子局面（odds）",
            vec![no_kings, "odds"],
        ),
        (
            options(json!({"fen": "xyz"})),
            422,
            "invalid_options",
            "fen",
            "FEN",
            "格式不对",
            vec!["xyz", "fen"],
        ),
        (
            options(json!({"fen": "xyz", "odds": "horse"})),
            422,
            "invalid_options",
            "odds",
            "one or the other",
            "只能给出一项",
            vec!["fen", "odds"],
        ),
        (
            options(json!({"move_odds": 5})),
            422,
            "invalid_options",
            "move_odds",
            "move_odds 5",
            "让先着数5",
            vec![],
        ),
        (
            options(json!({"repetitions": 11})),
            422,
            "invalid_options",
            "repetitions",
            "repetitions 11",
            "重复局面判决的次数11：应为0至10",
            vec![],
        ),
        (
            options(json!({"natural_limit": 501})),
            422,
            "invalid_options",
            "natural_limit",
            "natural_limit 501",
            "自然限着回合数501",
            vec![],
        ),
        (
            options(json!({"foul_limit": 0})),
            422,
            "invalid_options",
            "foul_limit",
            "foul_limit 0",
            "犯规判负次数0：应为1至20",
            vec![],
        ),
        (
            options(json!({"starts_at": "tomorrow"})),
            422,
            "invalid_options",
            "starts_at",
            "tomorrow",
            "开赛时间\"tomorrow\"无法识别",
            vec!["tomorrow", starts],
        ),
        (
            options(json!({"lateness": "15m"})),
            422,
            "invalid_options",
            "lateness",
            "needs starts_at",
            "须与开赛时间",
            vec!["lateness", "starts_at"],
        ),
        (
            options(json!({"starts_at": starts, "lateness": "soon"})),
            422,
            "invalid_options",
            "lateness",
            "soon",
            "迟到时限\"soon\"无法识别",
            vec!["soon", "15m", "90s", "1h30m"],
        ),
    ];
    for (body, status, code, field, en, zh, allow) in cases {
        let answer = s
            .call("POST", "/api/events", None, Some(body.clone()))
            .await;
        if !field.is_empty() {
            assert_eq!(answer.1["field"], field, "{body}: {}", answer.1);
        }
        refused(answer, status, code, en, zh, &allow);
    }
}
