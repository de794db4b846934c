//! `xq match` from the outside: games against a random mover, a perpetual chase ruled as
//! `xq judge` rules it, enforced variation, the SPRT stopping a match, and two levels.

use std::path::PathBuf;
use std::process::{Command, Output};

use serde_json::Value;

fn xq(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_xq"))
        .args(args)
        .output()
        .expect("xq runs")
}

fn ok(args: &[&str]) -> String {
    let out = xq(args);
    assert!(
        out.status.success(),
        "{args:?}: {}\n{}",
        String::from_utf8_lossy(&out.stderr),
        String::from_utf8_lossy(&out.stdout)
    );
    String::from_utf8(out.stdout).unwrap()
}

fn temp(name: &str, contents: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("xq-match-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, contents).unwrap();
    path
}

fn tag<'a>(game: &'a str, name: &str) -> Option<&'a str> {
    let start = game.find(&format!("[{name} \""))? + name.len() + 3;
    let end = game[start..].find('"')? + start;
    Some(&game[start..end])
}

fn games(pgn: &str) -> Vec<String> {
    pgn.split("[Game \"Chinese Chess\"]")
        .skip(1)
        .map(str::to_owned)
        .collect()
}

#[test]
fn the_built_in_engine_beats_a_random_mover_in_every_game() {
    let pgn = temp("random.pgn", "");
    let out = ok(&[
        "match",
        "--engine",
        "name=random",
        "cmd=builtin",
        "arg=--random",
        "arg=5",
        "--engine",
        "name=depth2",
        "cmd=builtin",
        "depth=2",
        "--games",
        "6",
        "--pgn",
        pgn.to_str().unwrap(),
    ]);
    assert!(out.contains("random: +0 =0 -6"), "{out}");
    assert!(out.contains("Ptnml(0-2) [3, 0, 0, 0, 0]"), "{out}");
    let text = std::fs::read_to_string(&pgn).unwrap();
    let games = games(&text);
    assert_eq!(games.len(), 6);
    for g in &games {
        let winner = if tag(g, "Result") == Some("1-0") {
            tag(g, "Red")
        } else {
            tag(g, "Black")
        };
        assert_eq!(winner, Some("depth2"), "{g}");
    }
}

/// 1960 rules §4 二(四), 图七: Red's rook chases the unprotected cannon back and forth
/// (车八进一 炮1进1 车八退一 炮1退1); Red must vary, or loses by 长捉.
const CHASE: &str = "3aka3/9/9/c8/1R7/9/9/9/9/3K5 w";

fn chase_match(enforce: bool, procedure: &'static str) -> (String, PathBuf) {
    let epd = temp(
        &format!("chase-{enforce}-{procedure}.epd"),
        &format!("{CHASE}\n"),
    );
    let pgn = temp(&format!("chase-{enforce}-{procedure}.pgn"), "");
    let mut args = vec![
        "match",
        "--engine",
        "name=chaser",
        "cmd=builtin",
        "depth=2",
        "arg=--script",
        "arg=b5b6 b6b5",
        "--engine",
        "name=evader",
        "cmd=builtin",
        "depth=2",
        "arg=--script",
        "arg=a6a5 a5a6",
        "--games",
        "2",
        "--maxplies",
        "30",
        "--openings",
        epd.to_str().unwrap(),
        "--pgn",
        pgn.to_str().unwrap(),
    ];
    if enforce {
        args.push("--enforce-variation");
    }
    args.extend(["--procedure", procedure]);
    (ok(&args), pgn)
}

#[test]
fn a_perpetual_chase_is_ruled_as_xq_judge_rules_it() {
    let (_, pgn) = chase_match(false, "immediate");
    let text = std::fs::read_to_string(&pgn).unwrap();
    let first = &games(&text)[0];
    assert_eq!(tag(first, "Red"), Some("chaser"));
    assert_eq!(tag(first, "Result"), Some("0-1"));
    assert_eq!(tag(first, "Termination"), Some("perpetual_chase"));
    // xq judge on the match's own PGN: the same ruling, with the same words.
    let out = ok(&[
        "judge",
        pgn.to_str().unwrap(),
        "--game",
        "1",
        "--json",
        "--procedure",
        "immediate",
    ]);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["result"], "black_wins");
    assert_eq!(v["reason"], "perpetual_chase");
    assert_eq!(v["offender"], "red");
    assert_eq!(v["ply"], 8);
    assert!(
        first.contains(v["explanation_zh"].as_str().unwrap()),
        "{first}"
    );
}

#[test]
fn enforced_variation_bans_the_move_that_would_complete_the_chase() {
    let (_, pgn) = chase_match(true, "immediate");
    let text = std::fs::read_to_string(&pgn).unwrap();
    let first = &games(&text)[0];
    assert_eq!(tag(first, "Red"), Some("chaser"));
    assert_ne!(
        tag(first, "Termination"),
        Some("perpetual_chase"),
        "{first}"
    );
    // The chaser was told to vary at its fifth move and did: the game went on.
    let out = ok(&["judge", pgn.to_str().unwrap(), "--game", "1", "--json"]);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_ne!(v["reason"], "perpetual_chase");
}

/// `--procedure book`: the third occurrence (ply 8) orders the chaser to vary; its script
/// plays b5b6 again and loses at ply 9, as `xq judge` (book by default) rules the PGN. With
/// `--enforce-variation` the order's forbidden move is banned, and the game goes on.
#[test]
fn under_the_books_procedure_the_chaser_loses_only_by_not_varying() {
    let (_, pgn) = chase_match(false, "book");
    let text = std::fs::read_to_string(&pgn).unwrap();
    let first = &games(&text)[0];
    assert_eq!(tag(first, "Result"), Some("0-1"), "{first}");
    assert_eq!(tag(first, "Termination"), Some("perpetual_chase"));
    let out = ok(&["judge", pgn.to_str().unwrap(), "--game", "1", "--json"]);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (v["ply"].as_u64(), v["ordered_at"].as_u64()),
        (Some(9), Some(8)),
        "{v}"
    );

    let (_, pgn) = chase_match(true, "book");
    let text = std::fs::read_to_string(&pgn).unwrap();
    let first = &games(&text)[0];
    assert_ne!(
        tag(first, "Termination"),
        Some("perpetual_chase"),
        "{first}"
    );
    let out = ok(&["judge", pgn.to_str().unwrap(), "--game", "1", "--json"]);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert!(v.get("ordered_at").is_none(), "{v}");
}

#[test]
fn the_sprt_stops_a_decided_match() {
    let out = ok(&[
        "match",
        "--engine",
        "name=depth1",
        "cmd=builtin",
        "depth=1",
        "--engine",
        "name=random",
        "cmd=builtin",
        "arg=--random",
        "arg=9",
        "--games",
        "200",
        "--sprt",
        "elo0=0",
        "elo1=100",
        "alpha=0.05",
        "beta=0.05",
    ]);
    assert!(out.contains("H1 accepted"), "{out}");
    assert!(out.contains("SPRT decided"), "{out}");
    let games: u32 = out
        .lines()
        .find_map(|l| {
            l.strip_prefix("depth1 vs random: ")?
                .strip_suffix(" games")?
                .parse()
                .ok()
        })
        .unwrap();
    assert!(games < 60, "{out}");
}

/// `xq match` with engines `a` and `b` (`cmd=builtin` unless `a_cmd` says otherwise) and
/// `extra` arguments after them.
fn two_engines(a_cmd: &str, extra: &[&str]) -> Output {
    let a_cmd = format!("cmd={a_cmd}");
    let mut args = vec!["match", "--engine", "name=a", a_cmd.as_str()];
    args.extend(["--engine", "name=b", "cmd=builtin", "depth=1"]);
    args.extend(extra);
    xq(&args)
}

/// `xq match --engine` takes the spec in one quoted word too, as `xq serve --engine` does.
#[test]
fn an_engine_may_be_one_quoted_word() {
    let out = xq(&[
        "match",
        "--engine",
        "name=a cmd=builtin depth=1",
        "--engine",
        "name=b",
        "cmd=builtin",
        "depth=1",
    ]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.contains("a vs b: 2 games"), "{text}");
}

#[test]
fn bad_arguments_are_clear_errors() {
    let out = two_engines("builtin", &["colour=red"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown key \"colour\""));
    let out = two_engines("builtin", &["--resign", "movecount=1", "score=500"]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("never on a single score"));
    // The engine that cannot start forfeits its games; the match still reports.
    let out = two_engines("/nonexistent", &[]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("a: +0 =0 -2"), "{text}");
}

/// Depth 1 against depth 4 over six openings with both colours: the stronger level is
/// ahead with the 95 % interval excluding zero (about 5 s: the engine crate is optimised in
/// test builds, see the workspace's Cargo.toml).
#[test]
fn the_stronger_level_is_ahead_beyond_the_error_bar() {
    let book = "[Game \"Chinese Chess\"]\n1. h2e2 h9g7 *\n\n[Game \"Chinese Chess\"]\n1. b0c2 b9c7 *\n\n\
[Game \"Chinese Chess\"]\n1. c3c4 g6g5 *\n\n[Game \"Chinese Chess\"]\n1. h2e2 b7e7 *\n\n\
[Game \"Chinese Chess\"]\n1. g3g4 c6c5 *\n\n[Game \"Chinese Chess\"]\n1. b2e2 h9g7 *\n";
    let openings = temp("book.pgn", book);
    let out = ok(&[
        "match",
        "--engine",
        "name=depth1",
        "cmd=builtin",
        "depth=1",
        "--engine",
        "name=depth4",
        "cmd=builtin",
        "depth=4",
        "--games",
        "12",
        "--concurrency",
        "2",
        "--maxplies",
        "300",
        "--openings",
        openings.to_str().unwrap(),
    ]);
    let line = out
        .lines()
        .find(|l| l.trim_start().starts_with("Elo"))
        .unwrap();
    let inside = &line[line.find('[').unwrap() + 1..line.find(']').unwrap()];
    let upper: f64 = inside.split(", ").nth(1).unwrap().parse().unwrap();
    assert!(
        upper < 0.0,
        "depth1's Elo interval must lie below zero: {out}"
    );
}
