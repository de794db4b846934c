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

/// Writes a CSV of `n` players, listed worst first so the command must sort by seed.
fn seeded_csv(dir: &Path, n: u32) -> PathBuf {
    let mut csv = String::from("name,club,rating,seed\n");
    for i in (1..=n).rev() {
        csv.push_str(&format!("P{i},,{},{i}\n", 2000 - i));
    }
    let path = dir.join("players.csv");
    std::fs::write(&path, csv).expect("write players");
    path
}

#[test]
fn knockout_of_five_gives_the_top_three_seeds_byes() {
    let dir = scratch("knockout");
    seeded_csv(&dir, 5);
    let v: serde_json::Value = serde_json::from_str(&ok(
        &["tournament", "knockout", "players.csv", "--json"],
        &dir,
    ))
    .unwrap();
    let matches = v["matches"].as_array().unwrap();
    let round1: Vec<&serde_json::Value> = matches.iter().filter(|m| m["round"] == "W1").collect();
    assert_eq!(round1.len(), 4);
    let mut byes: Vec<u64> = round1
        .iter()
        .filter(|m| m["sides"][1].is_null())
        .map(|m| m["sides"][0].as_u64().unwrap())
        .collect();
    byes.sort();
    assert_eq!(byes, [1, 2, 3]);
    // The only game of round 1 is 4 v 5, and seeds 1 and 2 can meet only in the final.
    assert!(
        round1
            .iter()
            .any(|m| m["sides"] == serde_json::json!([4, 5]))
    );
    assert!(
        matches
            .iter()
            .any(|m| m["sides"] == serde_json::json!([2, 3]))
    );
    assert!(!matches.iter().any(|m| m["label"] == "3rd"));

    let text = ok(
        &["tournament", "knockout", "players.csv", "--third-place"],
        &dir,
    );
    assert!(text.contains("3rd    loser W2-1  -  loser W2-2"), "{text}");
    let double = ok(&["tournament", "knockout", "players.csv", "--double"], &dir);
    assert!(double.contains("L1-1") && double.contains("GF"), "{double}");
    // One player is no knockout.
    seeded_csv(&dir, 1);
    assert!(
        !xq(&["tournament", "knockout", "players.csv"], &dir)
            .status
            .success()
    );
}

#[test]
fn card_draw_pairs_everyone_once_and_is_reproducible() {
    let dir = scratch("cards");
    let args = ["tournament", "draw-cards", "13", "--seed", "2026", "--json"];
    let a: serde_json::Value = serde_json::from_str(&ok(&args, &dir)).unwrap();
    let b: serde_json::Value = serde_json::from_str(&ok(&args, &dir)).unwrap();
    assert_eq!(a, b, "the same lot seed gives the same draw");
    let games: Vec<[u32; 2]> = serde_json::from_value(a["games"].clone()).unwrap();
    assert_eq!(games.len(), 6);
    let mut seen: Vec<u32> = games.iter().flatten().copied().collect();
    seen.push(a["bye"].as_u64().unwrap() as u32);
    seen.sort();
    assert_eq!(seen, (1..=13).collect::<Vec<_>>());
    let even: serde_json::Value =
        serde_json::from_str(&ok(&["tournament", "draw-cards", "8", "--json"], &dir)).unwrap();
    assert!(even["bye"].is_null());
    assert!(
        !xq(&["tournament", "draw-cards", "1"], &dir)
            .status
            .success()
    );
}

#[test]
fn groups_snake_the_seeds_and_schedule_each_group() {
    let dir = scratch("groups");
    seeded_csv(&dir, 8);
    let v: serde_json::Value = serde_json::from_str(&ok(
        &[
            "tournament",
            "groups",
            "players.csv",
            "--groups",
            "2",
            "--json",
        ],
        &dir,
    ))
    .unwrap();
    let members: Vec<Vec<u32>> = v
        .as_array()
        .unwrap()
        .iter()
        .map(|g| serde_json::from_value(g["members"].clone()).unwrap())
        .collect();
    assert_eq!(members, [vec![1, 4, 5, 8], vec![2, 3, 6, 7]]);
    // Each group of four: three rounds, every pair of its members exactly once.
    for (g, m) in v.as_array().unwrap().iter().zip(&members) {
        let rounds: Vec<Vec<[u32; 2]>> = serde_json::from_value(g["rounds"].clone()).unwrap();
        assert_eq!(rounds.len(), 3);
        let mut pairs: Vec<[u32; 2]> = rounds
            .iter()
            .flatten()
            .map(|&[a, b]| [a.min(b), a.max(b)])
            .collect();
        pairs.sort();
        pairs.dedup();
        assert_eq!(pairs.len(), 6);
        assert!(pairs.iter().flatten().all(|p| m.contains(p)));
    }
    let text = ok(
        &["tournament", "groups", "players.csv", "--groups", "2"],
        &dir,
    );
    assert!(text.contains("Group 2:\n  2 P2\n  3 P3\n"), "{text}");
    let out = xq(
        &["tournament", "groups", "players.csv", "--groups", "5"],
        &dir,
    );
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot fill 5 groups"));
}

#[test]
fn team_score_ranks_by_match_then_board_points() {
    let dir = scratch("teamscore");
    // The library's doc example: 4:4 drawn, 5:3 won, 4:4 drawn (1960 game points 2/1/0).
    let args = [
        "tournament",
        "team-score",
        "3",
        "1-2:WDDL",
        "1-3:WWDL",
        "2-3:DDDD",
        "--json",
    ];
    let v: serde_json::Value = serde_json::from_str(&ok(&args, &dir)).unwrap();
    assert_eq!(
        v["matches"][1]["board_points"],
        serde_json::json!(["5", "3"])
    );
    assert_eq!(
        v["matches"][1]["match_points"],
        serde_json::json!(["2", "0"])
    );
    let order: Vec<(u64, &str, &str)> = v["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["team"].as_u64().unwrap(),
                r["match_points"].as_str().unwrap(),
                r["board_points"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(order, [(1, "3", "9"), (2, "2", "8"), (3, "1", "7")]);
    let out = xq(&["tournament", "team-score", "3", "1-4:WD"], &dir);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("team 4"));
    let out = xq(&["tournament", "team-score", "3", "1-2:WX"], &dir);
    assert!(String::from_utf8_lossy(&out.stderr).contains("board 2"));
}

/// `generate` writes a random Dutch tournament as TRF; `check` re-pairs it and finds every
/// round to be the rules' own (exit 0); a TRF with two boards swapped in the last round is
/// caught (exit 1) with the round and the deciding criterion; `import` makes a tournament
/// file that pairs on.
#[test]
fn generate_check_import_round_trip() {
    use xiangqi_tournament::trf::{ResultCode, TrfFile, TrfVersion};
    let dir = scratch("dutch");
    ok(
        &[
            "tournament",
            "generate",
            "--players",
            "15",
            "--rounds",
            "5",
            "--seed",
            "4",
            "event.trf",
        ],
        &dir,
    );
    let out = ok(&["tournament", "check", "event.trf"], &dir);
    assert!(out.contains("5 rounds"), "{out}");
    // Swap the opponents of the two top boards of round 5.
    let text = std::fs::read_to_string(dir.join("event.trf")).unwrap();
    let mut f = TrfFile::parse(&text).unwrap();
    let r = 4;
    let cell = |f: &TrfFile, id: u32| f.players[id as usize - 1].cells[r];
    let a = (1..=15).find(|&i| cell(&f, i).opponent.is_some()).unwrap();
    let b = cell(&f, a).opponent.unwrap();
    let c = (1..=15)
        .find(|&i| i != a && i != b && cell(&f, i).opponent.is_some())
        .unwrap();
    let d = cell(&f, c).opponent.unwrap();
    for (x, y) in [(a, d), (d, a), (c, b), (b, c)] {
        let p = &mut f.players[x as usize - 1];
        p.cells[r].opponent = Some(y);
        p.cells[r].result = ResultCode::Draw;
        p.points = None;
    }
    // Colours of the new pairs must be opposite: give the first of each pair white.
    for (x, y) in [(a, d), (c, b)] {
        f.players[x as usize - 1].cells[r].colour = Some(xiangqi_tournament::Mover::First);
        f.players[y as usize - 1].cells[r].colour = Some(xiangqi_tournament::Mover::Second);
    }
    std::fs::write(dir.join("bad.trf"), f.write(TrfVersion::Trf2026)).unwrap();
    let out = xq(&["tournament", "check", "bad.trf"], &dir);
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.starts_with("round 5 board "), "{text}");
    assert!(text.contains("decided by"), "{text}");
    // Import, then the file is a tournament like any other.
    ok(
        &["tournament", "import", "event.trf", "-o", "event.json"],
        &dir,
    );
    let out = ok(&["tournament", "check", "event.json", "--json"], &dir);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["rounds_checked"], 5);
    assert!(v["difference"].is_null());
    // Garbage is refused with exit 2 and a message naming the file.
    std::fs::write(dir.join("junk.trf"), "001 abcd\n").unwrap();
    let out = xq(&["tournament", "check", "junk.trf"], &dir);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("junk.trf"));
}

/// `new --swiss dutch` pairs round 1 as C.04.3 art. 3.3 and 5.2.5: top half against bottom
/// half, 1 white, then alternating.
#[test]
fn new_dutch_swiss_pairs_by_the_fide_rules() {
    let dir = scratch("dutch-new");
    std::fs::write(
        dir.join("p.csv"),
        "name,rating,club\nA,2400,X\nB,2300,Y\nC,2200,X\nD,2100,Y\n",
    )
    .unwrap();
    ok(
        &[
            "tournament",
            "new",
            "--players",
            "p.csv",
            "--system",
            "swiss",
            "--swiss",
            "dutch",
            "--rounds",
            "3",
            "e.json",
        ],
        &dir,
    );
    let v: serde_json::Value =
        serde_json::from_str(&ok(&["tournament", "pair", "e.json", "--json"], &dir)).unwrap();
    let boards = v["boards"].as_array().expect("boards");
    let pairs: Vec<(u64, u64)> = boards
        .iter()
        .map(|b| (b["first"].as_u64().unwrap(), b["second"].as_u64().unwrap()))
        .collect();
    assert_eq!(pairs, [(1, 3), (4, 2)]);
    // Same-club avoidance: X = {1, 3}, Y = {2, 4}: 1 v 3 is not allowed in round 1, so the
    // next transposition of S2 (4, 3) is taken.
    ok(
        &[
            "tournament",
            "new",
            "--players",
            "p.csv",
            "--swiss",
            "dutch",
            "--rounds",
            "3",
            "--clubs-apart",
            "1",
            "c.json",
        ],
        &dir,
    );
    let v: serde_json::Value =
        serde_json::from_str(&ok(&["tournament", "pair", "c.json", "--json"], &dir)).unwrap();
    let pairs: Vec<(u64, u64)> = v["boards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| {
            let (x, y) = (b["first"].as_u64().unwrap(), b["second"].as_u64().unwrap());
            (x.min(y), x.max(y))
        })
        .collect();
    assert_eq!(pairs, [(1, 4), (2, 3)]);
}
