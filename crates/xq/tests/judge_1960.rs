//! `xq judge --rules chinese1960`: the 1960 book's own rulings where they are not the current
//! book's (1956 图六, 长拦: a draw in 1960, a loss for the rook's mate threats in 2020), its
//! natural limit, and the rule set's name in errors.

use std::process::{Command, Output};

use serde_json::Value;

fn xq(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_xq"))
        .args(args)
        .output()
        .expect("xq runs")
}

/// `xq judge … --json`, which must succeed.
fn json(args: &[&str]) -> Value {
    let out = xq(args);
    let text = String::from_utf8_lossy(&out.stdout);
    match (out.status.success(), serde_json::from_str(&text)) {
        (true, Ok(v)) => v,
        _ => panic!("{args:?}: {text} {}", String::from_utf8_lossy(&out.stderr)),
    }
}

/// 1956 图六 (the corpus case cn1956-图六), its cycle played to the third occurrence: the rook
/// threatens mate from three files, the cannon blocks it every time.
const LONG_BLOCK: &str = "4kab2/4a4/2c1b1c2/2R1C4/9/9/9/9/9/4K4 w";
const LONG_BLOCK_MOVES: &str = "c6a6 c7a7 a6b6 a7b7 b6c6 b7c7 c6a6 c7a7 a6b6 a7b7 b6c6 b7c7";

/// Whether the ruling makes `side` vary or lose: a loss today, or an order to vary where the
/// book's procedure applies.
fn against(v: &Value, side: &str) -> bool {
    let winner = if side == "red" {
        "black_wins"
    } else {
        "red_wins"
    };
    v["result"] == winner || v["order"]["side"] == side
}

/// Whether the ruling is a repetition draw, declared or claimable.
fn drawn(v: &Value) -> bool {
    v["result"] == "draw" || v["claimable"]["result"] == "draw"
}

#[test]
fn long_block_is_a_draw_under_1960_and_a_loss_under_2020() {
    let base = [
        "judge",
        "--fen",
        LONG_BLOCK,
        "--moves",
        LONG_BLOCK_MOVES,
        "--json",
    ];
    let old = json(&[&base[..], &["--rules", "chinese1960"]].concat());
    assert!(drawn(&old), "{old}");
    assert!(old.to_string().contains("长拦"), "{old}");
    assert_eq!(old["cycle"]["rules"], "chinese1960", "{old}");
    assert!(
        old["cycle"]["moves"][1]["article"]
            .as_str()
            .is_some_and(|a| a.starts_with("1960")),
        "{old}"
    );
    let now = json(&[&base[..], &["--rules", "chinese"]].concat());
    assert!(against(&now, "red"), "{now}");
    // The alias names the same rule set.
    let alias = json(&[&base[..], &["--rules", "1960"]].concat());
    assert_eq!(alias["cycle"], old["cycle"]);
}

#[test]
fn the_1960_natural_limit_is_forty_moves() {
    // 解将还将 (1960 §5 七): every ply checks; with repetition rulings off the limit decides.
    let cycle = "f7e7 f8e8 e7f7 e8f8 ".repeat(30);
    let v = json(&[
        "judge",
        "--fen",
        "2bnkr3/5c3/5R3/4C4/9/9/9/3A5/9/2BA1K3 w",
        "--moves",
        cycle.as_str(),
        "--repetitions",
        "0",
        "--rules",
        "chinese1960",
        "--json",
    ]);
    assert_eq!(
        (v["reason"].as_str(), v["ply"].as_u64()),
        (Some("natural_limit"), Some(80)),
        "{v}"
    );
    assert!(v.to_string().contains("第十二节"), "{v}");
}

#[test]
fn an_unknown_rule_set_names_the_three() {
    let out = xq(&["judge", "--fen", LONG_BLOCK, "--rules", "1961"]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("chinese1960") && err.contains("asian"),
        "{err}"
    );
}

/// `xq engine` offers the rule set in its RuleSet option and takes it; a bad name gets an
/// `info string` that lists the three.
#[test]
fn the_engine_offers_and_takes_the_1960_rule_set() {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_xq"))
        .arg("engine")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("xq engine runs");
    let mut stdin = child.stdin.take().expect("stdin");
    writeln!(
        stdin,
        "uci\nsetoption name RuleSet value chinese1960\nsetoption name RuleSet value 1961\n\
         position startpos\ngo depth 1\nquit"
    )
    .expect("write");
    drop(stdin);
    let out = child.wait_with_output().expect("output");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.lines()
            .any(|l| l.contains("name RuleSet") && l.contains("var chinese1960")),
        "{text}"
    );
    let errors: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("info string error"))
        .collect();
    assert_eq!(errors.len(), 1, "{text}");
    assert!(errors[0].contains("\"1961\""), "{text}");
    assert!(text.contains("bestmove"), "{text}");
}
