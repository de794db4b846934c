//! `xq judge --json` and `--explain` show what every label rests on: 兑's
//! pair and fairness (2020 art. 24.4), 献's piece and takers (24.5), 拦's cut path (24.6),
//! 杀's first check and length (24.2), 将's checking piece (24.1).

use std::process::{Command, Output};

use serde_json::{Value, json};

fn xq(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_xq"))
        .args(args)
        .output()
        .expect("xq runs")
}

fn stdout(args: &[&str]) -> String {
    let out = xq(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8")
}

/// 2020 图21: 车四退二 guards the horse on f5, which the black horse on h6 attacks (兑).
const FIGURE_21: &str = "2b1ka3/1c2aR1c1/4b4/p1p4np/4nN3/2P1C4/P5PrP/2N1BC3/9/3AKAB2 w - - 0 1";
const FIGURE_21_MOVES: &str = "f8f6 b8b6 f6f8 b6b8 f8f6 b8b6 f6f8 b6b8";

/// A built position (AXF 献着, rule 40): the black rook steps to d2, where the red advisor
/// and horse may take it.
const SACRIFICE: &str = "3aka3/9/4b4/p8/2b6/2N3B2/4P3p/2C1B4/3rA1p2/3AK4 w - - 0 1";
const SACRIFICE_MOVES: &str = "c2c3 d1d3 c3c1 d3d2 c1c3 d2d4 c3c1 d4d2 c1c3 d2d4 c3c1 d4d2";

/// 2020 图7: the cannon threatens 炮二进九 and mate; the black rook blocks it (拦).
const FIGURE_7: &str = "2bak1c2/4aRN1r/4b4/9/9/9/3pp4/2n1B4/9/2B1K3C w - - 0 1";
const FIGURE_7_MOVES: &str = "i0h0 i8h8 h0i0 h8i8 i0h0 i8h8 h0i0 h8i8";

#[test]
fn judge_json_shows_each_labels_grounds() {
    let v: Value = serde_json::from_str(&stdout(&[
        "judge",
        "--fen",
        FIGURE_21,
        "--moves",
        FIGURE_21_MOVES,
        "--json",
        "--procedure",
        "immediate",
    ]))
    .expect("JSON");
    let first = &v["cycle"]["moves"][0];
    assert_eq!(first["label"], "兑", "{first}");
    assert_eq!(
        first["offer"],
        json!({"square": "f5", "piece": "horse", "partner": "h6",
               "partner_piece": "horse", "fair": true,
               "retakers": [{"square": "f6", "piece": "rook"}]})
    );
    assert!(
        first["explanation"]
            .as_str()
            .unwrap()
            .contains("offers Red's horse on f5 to Black's horse on h6"),
        "{first}"
    );
    assert!(
        first["explanation_zh"]
            .as_str()
            .unwrap()
            .contains("红马(f5)邀兑黑马(h6)"),
        "{first}"
    );
    // The chases keep their targets and carry no grounds of the idle kinds.
    let second = &v["cycle"]["moves"][1];
    assert_eq!(second["targets"][0]["square"], "f6");
    assert!(second.get("offer").is_none() && second.get("sacrifice").is_none());

    let v: Value = serde_json::from_str(&stdout(&[
        "judge",
        "--fen",
        FIGURE_7,
        "--moves",
        FIGURE_7_MOVES,
        "--json",
        "--procedure",
        "immediate",
    ]))
    .expect("JSON");
    let moves = &v["cycle"]["moves"];
    assert_eq!(
        moves[0]["mate"],
        json!({"first": "h0h9", "chinese": "炮二进九", "length": 3})
    );
    assert_eq!(
        moves[1]["block"],
        json!({"square": "h8", "piece": "rook",
               "pieces": [{"square": "h0", "piece": "cannon"}]})
    );
}

#[test]
fn explain_prints_each_labels_grounds() {
    let text = stdout(&[
        "judge",
        "--explain",
        "--fen",
        FIGURE_21,
        "--moves",
        FIGURE_21_MOVES,
    ]);
    assert!(
        text.contains(
            "== offers red horse on f5 to black horse on h6: fair (taking it loses nothing), \
             taken back by red rook on f6"
        ),
        "{text}"
    );
    let text = stdout(&[
        "judge",
        "--rules",
        "asian",
        "--explain",
        "--fen",
        SACRIFICE,
        "--moves",
        SACRIFICE_MOVES,
    ]);
    assert!(
        text.contains(
            "== gives up black rook on d2: may be taken by red advisor on e1, red horse on c4"
        ),
        "{text}"
    );
    let text = stdout(&[
        "judge",
        "--explain",
        "--fen",
        FIGURE_7,
        "--moves",
        FIGURE_7_MOVES,
    ]);
    assert!(
        text.contains("== mate by checks: first h0h9 (炮二进九), 3 plies"),
        "{text}"
    );
    assert!(
        text.contains("== blocks with black rook on h8: cuts the path of red cannon on h0"),
        "{text}"
    );
    let text = stdout(&[
        "judge",
        "--explain",
        "--fen",
        "5k3/9/9/9/9/9/9/9/7R1/3K5 w",
        "--moves",
        "h1h9 f9f8 h9h8 f8f9 h8h9 f9f8 h9h8 f8f9 h8h9",
    ]);
    assert!(text.contains("== check from red rook on h8"), "{text}");
}
