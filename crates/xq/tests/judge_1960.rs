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

/// Whether the ruling orders `side` to vary (the book's procedure, `xq judge`'s default).
fn against(v: &Value, side: &str) -> bool {
    v["result"] == "ongoing" && v["order"]["side"] == side
}

/// Whether the ruling makes the repetition draw claimable (the book's procedure).
fn drawn(v: &Value) -> bool {
    v["result"] == "ongoing" && v["claimable"]["result"] == "draw"
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
    assert_eq!(old["claimable"]["cycle"]["rules"], "chinese1960", "{old}");
    assert!(
        old["claimable"]["cycle"]["moves"][1]["article"]
            .as_str()
            .is_some_and(|a| a.starts_with("1960")),
        "{old}"
    );
    let now = json(&[&base[..], &["--rules", "chinese"]].concat());
    assert!(against(&now, "red"), "{now}");
    // The alias names the same rule set.
    let alias = json(&[&base[..], &["--rules", "1960"]].concat());
    assert_eq!(alias["claimable"]["cycle"], old["claimable"]["cycle"]);
}

#[test]
fn the_1960_limit_is_the_arbiters_forty_moves_when_declared() {
    // 解将还将 (1960 §5 七): every ply checks; with repetition rulings off only a limit could
    // end it. The 1960 book has no limit that applies by itself (第十二节: the arbiter declares
    // 限着, 40 moves as a rule): undeclared, 60 moves pass and the game goes on; declared with
    // `--natural-limit 40`, it is drawn at move 40, citing 第十二节.
    let cycle = "f7e7 f8e8 e7f7 e8f8 ".repeat(30);
    let base = [
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
    ];
    let undeclared = json(&base);
    assert_eq!(undeclared["result"], "ongoing", "{undeclared}");
    let declared = json(&[&base[..], &["--natural-limit", "40"]].concat());
    assert_eq!(
        (declared["reason"].as_str(), declared["ply"].as_u64()),
        (Some("natural_limit"), Some(80)),
        "{declared}"
    );
    assert!(declared.to_string().contains("第十二节"), "{declared}");
    // The current book's limit applies by itself, at 60 moves.
    let current = json(&[&base[..7], &["--rules", "chinese", "--json"]].concat());
    assert_eq!(
        (current["reason"].as_str(), current["ply"].as_u64()),
        (Some("natural_limit"), Some(120)),
        "{current}"
    );
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
