//! `xq judge --rules asian` shows the cycle in the AXF's own words: 照 for
//! a check, the AXF rule behind every chased piece, the pawns' and the king's permitted
//! chases — in `--json` and in the `--explain` table.

use std::process::{Command, Output};

use serde_json::Value;

/// `xq judge --json` on a game, with extra arguments (`--rules asian`).
fn judge_json(fen: &str, moves: &str, extra: &[&str]) -> Value {
    let out = xq(&[
        &[
            "judge",
            "--fen",
            fen,
            "--moves",
            moves,
            "--json",
            "--procedure",
            "immediate",
        ][..],
        extra,
    ]
    .concat());
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("json")
}

fn xq(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_xq"))
        .args(args)
        .output()
        .expect("xq runs")
}

/// AXF D33 (rule 18): Red's rook chases the unprotected cannon from i6 and h6, three times.
const D33: &str = "4kab2/4a4/4b4/3rC2R1/9/9/4n4/4B4/4A4/4KAB1c w";
const D33_MOVES: &str = "h6i6 i0h0 i6h6 h0i0 h6i6 i0h0 i6h6 h0i0";

/// 1960 §4 二(五), 图八 closed into a cycle: the rook checks and chases the cannon in turn.
const CHECK_CHASE: &str = "5a3/4a4/3k5/9/1R7/c8/9/9/9/5K3 w";
const CHECK_CHASE_MOVES: &str = "b5b7 d7d8 b7b4 a4a5 b4b8 d8d7 b8b5 a5a4 \
     b5b7 d7d8 b7b4 a4a5 b4b8 d8d7 b8b5 a5a4";

#[test]
fn json_under_the_asian_rules_uses_the_axf_words() {
    let v = judge_json(D33, D33_MOVES, &["--rules", "asian"]);
    assert_eq!(v["result"], "black_wins", "{v}");
    let cycle = &v["cycle"];
    assert_eq!(cycle["rules"], "asian");
    let first = &cycle["moves"][0];
    assert_eq!(first["label"], "捉");
    assert_eq!(first["term"], "chase");
    assert!(
        first["article"].as_str().unwrap().contains("rule 18"),
        "{first}"
    );
    assert!(
        first["targets"][0]["article"]
            .as_str()
            .unwrap()
            .starts_with("rule 18"),
        "{first}"
    );

    let v = judge_json(CHECK_CHASE, CHECK_CHASE_MOVES, &["--rules", "asian"]);
    assert_eq!(v["result"], "draw", "{v}");
    let labels: Vec<&str> = v["cycle"]["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .map(|m| m["label"].as_str().unwrap())
        .collect();
    assert_eq!(
        labels.iter().filter(|l| **l == "照").count(),
        2,
        "{labels:?}"
    );
    assert!(!labels.contains(&"将"), "{labels:?}");
    // The same game under the Chinese rules: 将, and Red loses (2020 24.13).
    let v = judge_json(CHECK_CHASE, CHECK_CHASE_MOVES, &[]);
    assert_eq!(v["result"], "black_wins", "{v}");
    assert_eq!(v["cycle"]["moves"][0]["label"], "将");
}

#[test]
fn explain_under_the_asian_rules_prints_the_axf_rules() {
    let out = xq(&[
        "judge",
        "--fen",
        D33,
        "--moves",
        D33_MOVES,
        "--rules",
        "asian",
        "--explain",
    ]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let rows: Vec<&str> = text.lines().filter(|l| l.contains("AXF terms")).collect();
    assert_eq!(rows.len(), 4, "{text}");
    assert!(
        text.contains(
            "-> black cannon on i0: root unprotected, by i6, how moved, chase unprotected; rule 18"
        ),
        "{text}"
    );
    // AXF counts no material: no exchange figure in its table.
    assert!(!text.contains("exchange nets"), "{text}");
    assert!(text.contains("犯例"), "{text}");
    // A pawn's chase is listed as permitted (AXF rule 29, D69).
    let out = xq(&[
        "judge",
        "--fen",
        "4k1b1c/7P1/3a5/9/9/9/9/9/3K5/9 w",
        "--moves",
        "h8i8 i9h9 i8h8 h9i9 h8i8 i9h9 i8h8 h9i9",
        "--rules",
        "asian",
        "--explain",
    ]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains(
            "-- black cannon on i9: attacked from i8, which the rules let chase (rule 29"
        ),
        "{text}"
    );
}
