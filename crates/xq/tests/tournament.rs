//! `xq tournament` end to end: the built binary on real files.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn xq(args: &[&str], dir: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_xq"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("xq runs")
}

fn ok(args: &[&str], dir: &Path) -> String {
    let out = xq(args, dir);
    assert!(
        out.status.success(),
        "xq {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("utf-8 output")
}

fn scratch(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("xq-tournament-test-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

#[test]
fn berger_json_is_the_fide_table() {
    let dir = scratch("berger");
    let out = ok(&["tournament", "berger", "4", "--json"], &dir);
    assert_eq!(out.trim(), "[[[1,4],[2,3]],[[4,3],[1,2]],[[2,4],[3,1]]]");
    let odd: Vec<Vec<[u32; 2]>> =
        serde_json::from_str(&ok(&["tournament", "berger", "5", "--json"], &dir)).unwrap();
    assert_eq!(odd[1], vec![[0, 4], [5, 3], [1, 2]]);
    let out = xq(&["tournament", "berger", "1", "--json"], &dir);
    assert!(!out.status.success());
}

#[test]
fn lineups_count_fifteen_for_four_boards_of_six() {
    let dir = scratch("lineups");
    let v: Vec<Vec<u32>> = serde_json::from_str(&ok(
        &[
            "tournament",
            "lineups",
            "--squad",
            "6",
            "--boards",
            "4",
            "--json",
        ],
        &dir,
    ))
    .unwrap();
    assert_eq!(v.len(), 15);
}

#[test]
fn a_whole_swiss_from_csv_to_trf() {
    let dir = scratch("swiss");
    std::fs::write(
        dir.join("players.csv"),
        "name,club,rating\n胡荣华,上海,2600\n吕钦,广东,2650\n许银川,广东,2700\n赵国荣,黑龙江,2550\n王天一,杭州,2750\n郑惟桐,四川,2720\n",
    )
    .unwrap();
    ok(
        &[
            "tournament",
            "new",
            "ev.json",
            "--players",
            "players.csv",
            "--rounds",
            "3",
            "--name",
            "公开赛",
        ],
        &dir,
    );
    // A second `new` must not clobber the file.
    assert!(
        !xq(
            &["tournament", "new", "ev.json", "--players", "players.csv"],
            &dir
        )
        .status
        .success()
    );
    for round in 1..=3 {
        let p: serde_json::Value =
            serde_json::from_str(&ok(&["tournament", "pair", "ev.json", "--json"], &dir)).unwrap();
        assert_eq!(p["round"], round);
        let boards = p["boards"].as_array().unwrap();
        assert_eq!(boards.len(), 3);
        // Pairing again before the results are in is refused, with the boards named.
        let out = xq(&["tournament", "pair", "ev.json"], &dir);
        assert!(String::from_utf8_lossy(&out.stderr).contains("no result"));
        for (i, result) in ["1-0", "1/2", "0-1"].iter().enumerate() {
            ok(
                &[
                    "tournament",
                    "result",
                    "ev.json",
                    &round.to_string(),
                    &(i + 1).to_string(),
                    result,
                ],
                &dir,
            );
        }
    }
    assert!(
        !xq(&["tournament", "pair", "ev.json"], &dir)
            .status
            .success(),
        "only three rounds"
    );
    let s: serde_json::Value =
        serde_json::from_str(&ok(&["tournament", "standings", "ev.json", "--json"], &dir)).unwrap();
    let rows = s["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 6);
    // 2/1/0 scoring: 3 rounds × 3 boards × 2 points.
    let total: f64 = rows
        .iter()
        .map(|r| r["points"].as_str().unwrap().parse::<f64>().unwrap())
        .sum();
    assert_eq!(total, 18.0);
    assert_eq!(s["criteria"], serde_json::json!(["Pts", "BH", "PS"]));
    let trf = ok(
        &["tournament", "export", "ev.json", "--format", "trf"],
        &dir,
    );
    assert!(trf.starts_with("012 公开赛\n"));
    assert_eq!(trf.lines().filter(|l| l.starts_with("001")).count(), 6);
    let html = ok(
        &["tournament", "crosstable", "ev.json", "--format", "html"],
        &dir,
    );
    assert!(html.contains("<table>") && html.contains("王天一"));
    let csv = ok(
        &["tournament", "crosstable", "ev.json", "--format", "csv"],
        &dir,
    );
    assert_eq!(csv.lines().count(), 7);
}

#[test]
fn round_robin_withdrawal_forfeits_the_rest() {
    let dir = scratch("rr");
    std::fs::write(
        dir.join("p.json"),
        r#"[{"name":"A"},{"name":"B"},{"name":"C"},{"name":"D"}]"#,
    )
    .unwrap();
    ok(
        &[
            "tournament",
            "new",
            "rr.json",
            "--players",
            "p.json",
            "--system",
            "round-robin",
        ],
        &dir,
    );
    for round in 1..=2 {
        ok(&["tournament", "pair", "rr.json"], &dir);
        ok(
            &[
                "tournament",
                "result",
                "rr.json",
                &round.to_string(),
                "1",
                "1-0",
            ],
            &dir,
        );
        ok(
            &[
                "tournament",
                "result",
                "rr.json",
                &round.to_string(),
                "2",
                "=",
                "--fouls",
                "0,1",
            ],
            &dir,
        );
    }
    // Two of three games played: half or more, so the rest are lost by default (1960 §14).
    let out = ok(
        &["tournament", "withdraw", "rr.json", "4", "--after", "2"],
        &dir,
    );
    assert!(out.contains("RestForfeited"), "{out}");
    let p: serde_json::Value =
        serde_json::from_str(&ok(&["tournament", "pair", "rr.json", "--json"], &dir)).unwrap();
    let forfeits = p["boards"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|b| b["result"].as_str().is_some())
        .count();
    assert_eq!(forfeits, 1, "player 4's last game is already decided: {p}");
}

#[test]
fn bad_input_gets_a_clear_error() {
    let dir = scratch("bad");
    std::fs::write(dir.join("p.csv"), "name,rating\nA,1500\nB,strong\n").unwrap();
    let out = xq(&["tournament", "new", "e.json", "--players", "p.csv"], &dir);
    assert!(!out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("line 3"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    std::fs::write(
        dir.join("broken.json"),
        "{\"format\": \"xiangqi-tournament/1\", \"name\": ",
    )
    .unwrap();
    let out = xq(&["tournament", "standings", "broken.json"], &dir);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("line 1"));
    std::fs::write(dir.join("p2.csv"), "name\nA\nB\n").unwrap();
    ok(
        &[
            "tournament",
            "new",
            "e2.json",
            "--players",
            "p2.csv",
            "--rounds",
            "1",
        ],
        &dir,
    );
    ok(&["tournament", "pair", "e2.json"], &dir);
    let out = xq(&["tournament", "result", "e2.json", "1", "7", "1-0"], &dir);
    assert!(String::from_utf8_lossy(&out.stderr).contains("no board 7"));
    let out = xq(&["tournament", "result", "e2.json", "1", "1", "3-0"], &dir);
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown result"));
}
