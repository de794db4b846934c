//! `xq convert` and `xq check` on real record files (the test data of xiangqi-records).

use std::path::{Path, PathBuf};
use std::process::Command;

fn data(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../xiangqi-records/tests/data")
        .join(path)
}

fn xq(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_xq"))
        .args(args)
        .output()
        .expect("xq runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn tmp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("xq-records-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

#[test]
fn convert_through_every_format_keeps_the_game() {
    let src = data("XQFTOOLS/XQFEXAMB.XQF");
    let original = xiangqi_records::read_file(&src).unwrap().remove(0).unwrap();
    let pgn = tmp("b.pgn");
    let ubb = tmp("b.ubb");
    let xqf = tmp("b.xqf");
    let s = |p: &PathBuf| p.to_str().unwrap().to_owned();
    assert_eq!(
        xq(&["convert", &s(&src), &s(&pgn), "--notation", "wxf"]).0,
        0
    );
    assert!(
        std::fs::read_to_string(&pgn)
            .unwrap()
            .contains("[Format \"WXF\"]")
    );
    assert_eq!(xq(&["convert", &s(&pgn), &s(&ubb)]).0, 0);
    assert!(
        std::fs::read_to_string(&ubb)
            .unwrap()
            .contains("[DhtmlXQ_binit]")
    );
    assert_eq!(xq(&["convert", &s(&ubb), &s(&xqf)]).0, 0);
    let back = xiangqi_records::read_file(&xqf).unwrap().remove(0).unwrap();
    assert_eq!(back.moves, original.moves);
    assert_eq!(back.tags, original.tags);
    // GBK PGN with ICCS moves to standard output.
    let (code, out, _) = xq(&[
        "convert",
        &s(&src),
        "-",
        "--to",
        "pgn",
        "--notation",
        "iccs",
        "--encoding",
        "gbk",
    ]);
    assert_eq!(code, 0);
    assert!(out.contains("[Format \"ICCS\"]"));
}

#[test]
fn convert_refuses_what_it_cannot_do() {
    let s = |p: PathBuf| p.to_str().unwrap().to_owned();
    // CCBridge records are read (not written): a CBR converts to PGN with its title.
    let (code, _, err) = xq(&["convert", &s(data("cchess/test.cbr")), &s(tmp("x.pgn"))]);
    assert_eq!(code, 0, "{err}");
    let pgn = std::fs::read_to_string(tmp("x.pgn")).unwrap();
    assert!(pgn.contains("黄丹青"), "{pgn}");
    let (code, _, err) = xq(&[
        "convert",
        &s(data("cchess/test.pgn")),
        &s(tmp("x.cbr")),
        "--to",
        "cbr",
    ]);
    assert_eq!(code, 2, "{err}");
    let (code, _, err) = xq(&["convert", &s(data("cchess/test.pgn")), &s(tmp("x.unknown"))]);
    assert_eq!(code, 2);
    assert!(err.contains("--to"), "{err}");
    // A corrupt record is dropped with a warning naming it, and the exit code says so.
    let (code, _, err) = xq(&[
        "convert",
        &s(data("cchess/BadMoveTest3.xqf")),
        &s(tmp("bad.pgn")),
    ]);
    assert_eq!(code, 1);
    assert!(err.contains("ply 10") && err.contains("no piece"), "{err}");
}

#[test]
fn check_reports_illegal_moves_and_summarises() {
    let dir = data("cchess");
    let (code, out, _) = xq(&["check", dir.to_str().unwrap()]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("BadMoveTest3.xqf: game 1, byte offset 1106, ply 10: illegal move"),
        "{out}"
    );
    assert!(out.contains("WildHouse.xqf"), "{out}");
    assert!(
        out.lines()
            .any(|l| l.starts_with("games with illegal moves") && l.trim_end().ends_with(" 2")),
        "{out}"
    );

    let (code, out, _) = xq(&["check", "--json", data("CCGC").to_str().unwrap()]);
    assert_eq!(code, 0, "{out}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["summary"]["games"], 20);
    assert_eq!(v["summary"]["plies"], 1916);
    assert_eq!(v["summary"]["results_differ"], 0);
    assert_eq!(v["issues"].as_array().unwrap().len(), 0);
}

#[test]
fn check_compares_results_with_the_referee() {
    // A mate recorded as a Black win: the referee says Red won.
    let pgn = tmp("wrong.pgn");
    std::fs::write(
        &pgn,
        "[Game \"Chinese Chess\"]\n[Result \"0-1\"]\n[FEN \"3k5/R8/9/9/9/9/9/9/9/4K3R w\"]\n1. i0i9 *\n\n\
         [Game \"Chinese Chess\"]\n[Result \"1-0\"]\n[FEN \"3k5/R8/9/9/9/9/9/9/9/4K3R w\"]\n1. i0i9 1-0\n",
    )
    .unwrap();
    let (code, out, _) = xq(&["check", "--json", pgn.to_str().unwrap()]);
    assert_eq!(code, 1, "{out}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["summary"]["results_differ"], 1);
    assert_eq!(v["summary"]["results_agree"], 1);
    let issue = &v["issues"][0];
    assert_eq!(issue["kind"], "result_differs");
    assert_eq!(issue["game"], 1);
    assert!(
        issue["message"].as_str().unwrap().contains("red_wins"),
        "{issue}"
    );
}
