//! `xq judge` and `xq touch` from the outside: arguments, exit codes, and the JSON shape of
//! the referee's contract (`docs/architecture.md` in the repository).

use std::process::{Command, Output};

use serde_json::Value;

fn xq(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_xq"))
        .args(args)
        .output()
        .expect("xq runs")
}

fn json(args: &[&str]) -> Value {
    let out = xq(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{args:?}: {e}: {}", String::from_utf8_lossy(&out.stdout)))
}

/// 1960 rules §4.2(一), 图四: Red's rook checks on and on.
const PERPETUAL_CHECK: &str = "5k3/9/9/9/9/9/9/9/7R1/3K5 w";
const CHECKS: &str = "h1h9 f9f8 h9h8 f8f9 h8h9 f9f8 h9h8 f8f9 h8h9";

#[test]
fn judge_json_has_exactly_the_contract_fields() {
    let v = json(&[
        "judge",
        "--fen",
        PERPETUAL_CHECK,
        "--moves",
        CHECKS,
        "--json",
        "--procedure",
        "immediate",
    ]);
    let mut keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
    keys.sort_unstable();
    assert_eq!(
        keys,
        [
            "cycle",
            "explanation",
            "explanation_zh",
            "offender",
            "ply",
            "reason",
            "result",
            "rule"
        ]
    );
    assert_eq!(v["result"], "black_wins");
    assert_eq!(v["reason"], "perpetual_check");
    assert_eq!(v["ply"], 9);
    assert_eq!(v["offender"], "red");
    assert!(v["rule"].as_str().unwrap().len() > 3);
    assert!(
        v["explanation"].as_str().unwrap().contains("plies 2–9"),
        "{v}"
    );
}

/// 2020 图2 (CXA 2020 第24.3条): the horse's retreat makes it the screen of the cannon on
/// i2, which then attacks the unprotected rook on i9; Red chases on every move and loses.
const FIGURE_2: &str = "1r2kab1r/2c1a4/n1c1b1n2/4p2N1/p1p6/1C4P2/P1P1P4/2N1B3C/4A4/1RBAK2R1 w";
const FIGURE_2_MOVES: &str = "h6i4 i9h9 i4h6 h9i9 h6i4 i9h9 i4h6 h9i9";

#[test]
fn a_repetition_ruling_shows_the_cycle_move_by_move() {
    let v = json(&[
        "judge",
        "--fen",
        FIGURE_2,
        "--moves",
        FIGURE_2_MOVES,
        "--json",
        "--procedure",
        "immediate",
    ]);
    assert_eq!(v["result"], "black_wins", "{v}");
    let cycle = &v["cycle"];
    assert_eq!(
        (cycle["first_ply"].as_u64(), cycle["last_ply"].as_u64()),
        (Some(1), Some(4))
    );
    let moves = cycle["moves"].as_array().expect("moves");
    let labels: Vec<&str> = moves.iter().map(|m| m["label"].as_str().unwrap()).collect();
    assert_eq!(labels, ["捉", "兑", "捉", "捉"]);
    let first = &moves[0];
    assert_eq!(first["ply"], 1);
    assert_eq!(first["side"], "red");
    assert_eq!(first["move"], "h6i4");
    assert_eq!(first["chinese"], "马二退一");
    assert_eq!(first["kind"], "chase");
    assert_eq!(first["article"], "2020 第24.3条");
    let target = &first["targets"][0];
    assert_eq!(target["square"], "i9");
    assert_eq!(target["piece"], "rook");
    assert_eq!(target["by"][0], "i2");
    assert_eq!(target["root"], "unprotected");
    assert_eq!(target["how"], "screen");
    assert!(
        first["explanation_zh"].as_str().unwrap().contains("炮架"),
        "{first}"
    );
    // Rulings other than repetitions carry no cycle.
    let v = json(&["judge", "--moves", "h2e2 h9g7", "--json"]);
    assert!(v.get("cycle").is_none(), "{v}");
}

#[test]
fn explain_prints_the_cycle_as_a_table() {
    let out = xq(&[
        "judge",
        "--fen",
        FIGURE_2,
        "--moves",
        FIGURE_2_MOVES,
        "--explain",
    ]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("cycle:       plies 1–4"), "{text}");
    let rows: Vec<&str> = text.lines().filter(|l| l.contains("2020 第24.")).collect();
    assert_eq!(rows.len(), 4, "{text}");
    assert!(rows[0].contains("h6i4") && rows[0].contains("马二退一") && rows[0].contains('捉'));
    assert!(
        text.contains("-> black rook on i9: root unprotected, by i2, how screen"),
        "{text}"
    );
    // Without --explain the table is not printed.
    let out = xq(&["judge", "--fen", FIGURE_2, "--moves", FIGURE_2_MOVES]);
    assert!(!String::from_utf8(out.stdout).unwrap().contains("cycle:"));
}

#[test]
fn an_ongoing_game_has_null_reason_and_offender() {
    let v = json(&["judge", "--moves", "h2e2 h9g7", "--json"]);
    assert_eq!(v["result"], "ongoing");
    assert_eq!(v["reason"], Value::Null);
    assert_eq!(v["offender"], Value::Null);
    assert_eq!(v["ply"], 2);
}

#[test]
fn an_illegal_move_is_ruled_with_its_ply() {
    let v = json(&["judge", "--moves", "h2e2 h9g7 h0g2 b9d8 a0a1", "--json"]);
    assert_eq!(v["result"], "red_wins");
    assert_eq!(v["reason"], "illegal_move");
    assert_eq!(v["ply"], 4);
    assert_eq!(v["offender"], "black");
}

#[test]
fn other_notations_are_read_and_illegal_ones_still_ruled() {
    let v = json(&[
        "judge",
        "--moves",
        "1. 炮二平五 马8进7 2. 马二进三 车9平8",
        "--json",
    ]);
    assert_eq!(
        (v["result"].as_str(), v["ply"].as_u64()),
        (Some("ongoing"), Some(4))
    );
    let v = json(&["judge", "--moves", "C2.5 H8+7", "--json"]);
    assert_eq!(v["ply"], 2);
    // A coordinate move that is illegal after Chinese ones reaches the referee.
    let v = json(&["judge", "--moves", "炮二平五 马8进7 a0a5", "--json"]);
    assert_eq!(
        (v["reason"].as_str(), v["ply"].as_u64()),
        (Some("illegal_move"), Some(3))
    );
    // A Chinese move that fits no piece is an input error, not a ruling.
    let out = xq(&["judge", "--moves", "炮二平五 马8进9 马五进六"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn rules_repetitions_and_natural_limit_options() {
    // 解将还将 (1960 §5.7): every ply checks. With repetition rulings off the natural limit
    // decides: 120 plies under the Chinese rules, 219 under the Asian ones (a claimant's
    // checks beyond 10 do not count; see the library's tests).
    let cycle = "f7e7 f8e8 e7f7 e8f8 ".repeat(60);
    let fen = "2bnkr3/5c3/5R3/4C4/9/9/9/3A5/9/2BA1K3 w";
    let base = [
        "judge",
        "--fen",
        fen,
        "--moves",
        cycle.as_str(),
        "--repetitions",
        "0",
        "--json",
    ];
    let v = json(&base);
    assert_eq!(
        (v["reason"].as_str(), v["ply"].as_u64()),
        (Some("natural_limit"), Some(120))
    );
    let v = json(&[&base[..], &["--rules", "asian"]].concat());
    assert_eq!(
        (v["reason"].as_str(), v["ply"].as_u64()),
        (Some("natural_limit"), Some(219))
    );
    let v = json(&[&base[..], &["--natural-limit", "30"]].concat());
    assert_eq!(v["ply"], 60);
    let v = json(&[&base[..], &["--natural-limit", "0"]].concat());
    assert_eq!(
        (v["result"].as_str(), v["ply"].as_u64()),
        (Some("ongoing"), Some(240))
    );
    // With repetition rulings on, the cycle is ruled at the third occurrence.
    let v = json(&[
        "judge",
        "--fen",
        fen,
        "--moves",
        cycle.as_str(),
        "--json",
        "--repetitions",
        "4",
        "--procedure",
        "immediate",
    ]);
    assert_eq!(v["ply"], 12);
}

#[test]
fn move_odds() {
    let v = json(&[
        "judge",
        "--moves",
        "h2e2 h0g2 h9g7",
        "--move-odds",
        "2",
        "--json",
    ]);
    assert_eq!(
        (v["result"].as_str(), v["ply"].as_u64()),
        (Some("ongoing"), Some(3))
    );
    let v = json(&[
        "judge",
        "--moves",
        "h2e2 e2e1",
        "--move-odds",
        "2",
        "--json",
    ]);
    assert_eq!(
        (v["reason"].as_str(), v["offender"].as_str()),
        (Some("illegal_move"), Some("red"))
    );
    assert_eq!(xq(&["judge", "--move-odds", "5"]).status.code(), Some(2));
}

#[test]
fn text_output_names_the_ruling() {
    let immediate = ["--procedure", "immediate"];
    let out = xq(&[
        &["judge", "--fen", PERPETUAL_CHECK, "--moves", CHECKS][..],
        &immediate,
    ]
    .concat());
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("result:      black_wins"), "{text}");
    assert!(text.contains("说明:"), "{text}");
}

/// The book's procedure (the default): the third occurrence orders Red to vary; Red's next
/// check (h9h8 after Black's f9f8) loses with the ply of the order, another move goes on.
#[test]
fn judge_follows_the_books_procedure_by_default() {
    let v = json(&[
        "judge",
        "--fen",
        PERPETUAL_CHECK,
        "--moves",
        CHECKS,
        "--json",
    ]);
    assert_eq!(
        (v["result"].as_str(), v["ply"].as_u64()),
        (Some("ongoing"), Some(9)),
        "{v}"
    );
    let order = &v["order"];
    assert_eq!(order["side"], "red");
    assert_eq!(order["to"], "vary");
    assert_eq!(order["reason"], "perpetual_check");
    assert_eq!(order["ply"], 9);
    assert_eq!(order["forbidden"], serde_json::json!(["h9h8"]));
    assert!(
        order["cycle"]["moves"]
            .as_array()
            .is_some_and(|m| !m.is_empty()),
        "{order}"
    );
    assert!(
        order["explanation_zh"].as_str().unwrap().contains("变着"),
        "{order}"
    );
    assert!(
        v.get("ordered_at").is_none() && v.get("cycle").is_none(),
        "{v}"
    );

    let lost = format!("{CHECKS} f9f8 h9h8");
    let v = json(&[
        "judge",
        "--fen",
        PERPETUAL_CHECK,
        "--moves",
        &lost,
        "--json",
    ]);
    assert_eq!(
        (v["result"].as_str(), v["reason"].as_str()),
        (Some("black_wins"), Some("perpetual_check"))
    );
    assert_eq!(
        (v["ply"].as_u64(), v["ordered_at"].as_u64()),
        (Some(11), Some(9)),
        "{v}"
    );
    let varied = format!("{CHECKS} f9f8 h9h7");
    let v = json(&[
        "judge",
        "--fen",
        PERPETUAL_CHECK,
        "--moves",
        &varied,
        "--json",
    ]);
    assert_eq!(
        (v["result"].as_str(), v["ply"].as_u64()),
        (Some("ongoing"), Some(11)),
        "{v}"
    );
    assert!(v.get("order").is_none(), "{v}");

    // In words, with the forbidden move; --explain prints the ruled cycle.
    let out = xq(&[
        "judge",
        "--fen",
        PERPETUAL_CHECK,
        "--moves",
        CHECKS,
        "--explain",
    ]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("order:       red must vary (perpetual_check, ply 9); forbidden: h9h8"),
        "{text}"
    );
    assert!(text.contains("h8h9"), "the cycle table: {text}");
    // An allowed cycle: the draw is claimable, and drawn when the cycle goes round again.
    let shuffle = "b0c2 b9c7 c2b0 c7b9 b0c2 b9c7 c2b0 c7b9";
    let v = json(&["judge", "--moves", shuffle, "--json"]);
    assert_eq!(v["result"], "ongoing");
    assert_eq!(
        (
            v["claimable"]["result"].as_str(),
            v["claimable"]["ply"].as_u64()
        ),
        (Some("draw"), Some(8))
    );
    let more = format!("{shuffle} b0c2 b9c7 c2b0 c7b9");
    let v = json(&["judge", "--moves", &more, "--json"]);
    assert_eq!(
        (v["result"].as_str(), v["ply"].as_u64()),
        (Some("draw"), Some(12)),
        "{v}"
    );
    assert_eq!(
        xq(&["judge", "--procedure", "later"]).status.code(),
        Some(2)
    );
}

#[test]
fn bad_input_is_an_error_that_says_what() {
    let out = xq(&["judge", "--fen", "not a fen"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--fen"));
    let out = xq(&["judge", "no-such-game.pgn"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no-such-game.pgn"));
    let out = xq(&["judge", "--rules", "martian"]);
    assert_eq!(out.status.code(), Some(2));
    let out = xq(&["judge", "--repetitions", "1"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn touch_prints_the_bound_moves_and_the_rule() {
    let out = xq(&["touch", "--touched", "b0"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("bound:       b0a2 b0c2"), "{text}");
    assert!(text.contains("5.1"), "{text}");
    // 5.3 against 5.4: the order of touching decides.
    let v = json(&["touch", "--touched", "a0,h9", "--json"]);
    assert_eq!(v["obligation"], "move_touched");
    assert_eq!(v["bound_moves"], serde_json::json!(["a0a1", "a0a2"]));
    let v = json(&["touch", "--touched", "h9,a0", "--json"]);
    assert_eq!(v["obligation"], "capture");
    assert_eq!(v["bound_moves"], serde_json::json!(["h2h9"]));
    // At the same time: as 5.4, whatever the order given.
    let v = json(&["touch", "--touched", "a0,h9", "--simultaneous", "--json"]);
    assert_eq!(v["bound_moves"], serde_json::json!(["h2h9"]));
    assert!(v["rule"].as_str().unwrap().contains("5.4"));
    let out = xq(&["touch", "--touched", "e5"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no piece on e5"));
}

fn record(name: &str) -> String {
    format!(
        "{}/../xiangqi-records/tests/data/{name}",
        env!("CARGO_MANIFEST_DIR")
    )
}

#[test]
fn judge_reads_record_files() {
    // CCGC game 5 (see xiangqi-records/tests/data/README.md): Black mates at ply 116.
    let v = json(&[
        "judge",
        "--json",
        &record("CCGC/05.相眼竞技(先负)象棋旋风(A2-A6).PGN"),
    ]);
    assert_eq!(v["result"], "black_wins");
    assert_eq!(v["reason"], "checkmate");
    assert_eq!(v["ply"], 116);
    // Game 6 ends in stalemate (困毙), which loses.
    let v = json(&[
        "judge",
        "--json",
        &record("CCGC/06.象棋旋风(先胜)相眼竞技(A6-A2).PGN"),
    ]);
    assert_eq!(v["reason"], "stalemate");
    assert_eq!(v["result"], "red_wins");
    // An XQF record reads as well, and --game out of range is an error.
    let out = xq(&["judge", &record("XQFTOOLS/SAMPLE.XQF"), "--game", "9"]);
    assert_eq!(out.status.code(), Some(2));
    let v = json(&[
        "judge",
        "--json",
        &record("XQFTOOLS/SAMPLE.XQF"),
        "--game",
        "1",
    ]);
    assert!(v["ply"].as_u64().is_some_and(|p| p > 0));
}
