//! `xq notation`: converting lines between notations, end to end.

use std::process::{Command, Output};

fn xq(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_xq"))
        .arg("notation")
        .args(args)
        .output()
        .expect("xq runs")
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).trim_end().to_owned()
}

#[test]
fn chinese_to_every_notation() {
    let moves = "1. 炮二平五 马8进7 2. 马二进三 车9平8";
    for (to, expected) in [
        ("iccs", "h2e2 h9g7 h0g2 i9h9"),
        ("uci", "h2e2 h9g7 h0g2 i9h9"),
        ("uci10", "h3e3 h10g8 h1g3 i10h10"),
        ("wxf", "C2.5 H8+7 H2+3 R9.8"),
        ("chinese", "炮二平五 马8进7 马二进三 车9平8"),
    ] {
        let out = xq(&["--moves", moves, "--to", to]);
        assert!(
            out.status.success(),
            "{to}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(stdout(&out), expected, "--to {to}");
    }
}

#[test]
fn from_a_fen_with_black_to_move_and_explicit_uci10() {
    let fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1";
    let out = xq(&[
        "--fen",
        fen,
        "--moves",
        "h10g8 h1g3",
        "--from",
        "uci10",
        "--to",
        "chinese",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(stdout(&out), "马8进7 马二进三");
}

#[test]
fn json_output() {
    let out = xq(&["--moves", "h2e2 h9g7", "--to", "zh", "--json"]);
    assert!(out.status.success());
    assert_eq!(stdout(&out), r#"["炮二平五","马8进7"]"#);
}

#[test]
fn uci10_is_never_guessed() {
    let out = xq(&["--moves", "h3e3 h10g8", "--to", "iccs"]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    // h3e3 reads as ICCS (and is illegal there); the error names the ply and the token.
    assert!(err.contains("ply 1") && err.contains("h3e3"), "{err}");
}

#[test]
fn errors_name_the_ply_and_the_token() {
    let out = xq(&["--moves", "炮二平五 马8进7 马二进四", "--to", "wxf"]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("ply 3") && err.contains("马二进四"), "{err}");
    // The candidates of an ambiguous text are named.
    let fen = "4k4/9/9/9/9/9/2N6/9/2N6/3K5 w - - 0 1";
    let out = xq(&["--fen", fen, "--moves", "马七进六", "--to", "iccs"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(
        err.contains("c1") && err.contains("c3") && err.contains("ambiguous"),
        "{err}"
    );
}

#[test]
fn bad_arguments_are_refused() {
    let out = xq(&["--moves", "h2e2", "--to", "klingon"]);
    assert!(!out.status.success());
    let out = xq(&["--fen", "not a fen", "--moves", "h2e2", "--to", "wxf"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("--fen"));
}

#[test]
fn moves_from_standard_input() {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_xq"))
        .args(["notation", "--to", "wxf"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("xq runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all("h2e2\nh9g7\n".as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    assert_eq!(stdout(&out), "C2.5 H8+7");
}
