//! Converting every corpus game to each format and back loses nothing: moves, variations,
//! comments and tags (those the target format can hold).

use std::path::Path;

use xiangqi::notation::Notation;
use xiangqi_records::dhtmlxq::{read_dhtmlxq, write_dhtmlxq};
use xiangqi_records::pgn::{PgnOptions, read_all, write_pgn_bytes};
use xiangqi_records::xqf::{read_xqf, write_xqf};
use xiangqi_records::{Encoding, GameRecord, read_file};

fn corpus() -> Vec<(String, GameRecord)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let mut out = Vec::new();
    for dir in ["CCGC", "XQFTOOLS", "cchess"] {
        let mut paths: Vec<_> = std::fs::read_dir(root.join(dir))
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        paths.sort();
        for path in paths {
            let Ok(games) = read_file(&path) else {
                continue;
            };
            for g in games {
                match g {
                    Ok(g) => out.push((path.display().to_string(), g)),
                    // The 1989 CBL's two section titles are not games (tests/ccbridge.rs).
                    Err(e) if e.to_string().contains("section header") => {}
                    Err(e) => panic!("{}: {e}", path.display()),
                }
            }
        }
    }
    for g in read_file(root.join("rules1956.txt")).unwrap() {
        out.push(("rules1956".to_owned(), g.unwrap()));
    }
    // 59 before the CCBridge readers; then 2 CBF, 2 CBR and 93 + 36 CBL games.
    assert_eq!(out.len(), 59 + 4 + 93 + 36);
    out
}

/// The record as a writer sees it: what was dropped on reading is gone.
fn clean(mut g: GameRecord) -> GameRecord {
    g.problems.clear();
    g
}

#[test]
fn pgn_in_every_notation_and_encoding() {
    for (name, game) in corpus() {
        let game = clean(game);
        for notation in [Notation::Chinese, Notation::Wxf, Notation::Iccs] {
            for (encoding, crlf) in [(Encoding::Utf8, false), (Encoding::Gbk, true)] {
                let opts = PgnOptions {
                    notation,
                    encoding,
                    crlf,
                    ..PgnOptions::default()
                };
                let bytes = write_pgn_bytes(&game, &opts).unwrap();
                let back = read_all(&bytes);
                assert_eq!(back.len(), 1, "{name}");
                let back = back.into_iter().next().unwrap().unwrap();
                assert!(back.is_clean(), "{name} {notation}: {:?}", back.problems);
                assert_eq!(back, game, "{name} via PGN {notation} {encoding:?}");
            }
        }
    }
}

#[test]
fn dhtmlxq() {
    for (name, game) in corpus() {
        let game = clean(game);
        let text = write_dhtmlxq(&game).unwrap();
        let back = read_dhtmlxq(text.as_bytes());
        assert_eq!(back.len(), 1, "{name}");
        let back = back.into_iter().next().unwrap().unwrap();
        assert_eq!(back, game, "{name} via DhtmlXQ");
    }
}

#[test]
fn xqf() {
    const HELD: [&str; 13] = [
        "Title",
        "Event",
        "Date",
        "Site",
        "Red",
        "Black",
        "TimeControl",
        "RedTime",
        "BlackTime",
        "Annotator",
        "Author",
        "Result",
        "Type",
    ];
    for (name, game) in corpus() {
        let mut game = clean(game);
        let bytes = write_xqf(&game).unwrap();
        let back = read_xqf(&bytes).unwrap();
        // XQF holds a fixed set of header strings of limited length.
        game.tags
            .0
            .retain(|(n, v)| HELD.contains(&n.as_str()) && v.len() <= 15);
        let mut back_tags = back.tags.clone();
        back_tags
            .0
            .retain(|(n, v)| HELD.contains(&n.as_str()) && v.len() <= 15 && n != "Type");
        game.tags.0.retain(|(n, _)| n != "Type");
        let mut want = game.tags.0.clone();
        let mut got = back_tags.0.clone();
        want.sort();
        got.sort();
        assert_eq!(got, want, "{name}: tags via XQF");
        assert_eq!(back.start.fen(), game.start.fen(), "{name}");
        assert_eq!(back.moves, game.moves, "{name}: moves via XQF");
    }
}

#[test]
fn a_chain_through_every_format_ends_where_it_began() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/XQFTOOLS/XQFEXAMB.XQF");
    let original = read_xqf(&std::fs::read(root).unwrap()).unwrap();
    let pgn = write_pgn_bytes(
        &original,
        &PgnOptions {
            notation: Notation::Wxf,
            ..PgnOptions::default()
        },
    )
    .unwrap();
    let a = read_all(&pgn).remove(0).unwrap();
    let b = read_dhtmlxq(write_dhtmlxq(&a).unwrap().as_bytes())
        .remove(0)
        .unwrap();
    let c = read_xqf(&write_xqf(&b).unwrap()).unwrap();
    assert_eq!(c.moves, original.moves);
    assert_eq!(c.moves.leaf_count(), 20);
    assert_eq!(c.tags, original.tags);
}

fn fuzz_find(name: &str) -> Vec<u8> {
    std::fs::read(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/data/fuzz")
            .join(name),
    )
    .unwrap()
}

/// A fuzzer's find (`tests/data/fuzz/dhtmlxq-bar-before-line-break.txt`): a comment ending
/// `|` and a line break was written `|||`, which reads back as a line break and `|`.
#[test]
fn a_dhtmlxq_comment_with_a_bar_next_to_a_line_break_reads_back_the_same() {
    let games = read_dhtmlxq(&fuzz_find("dhtmlxq-bar-before-line-break.txt"));
    let first = games[0].as_ref().unwrap();
    assert!(first.moves.comment.as_deref().unwrap().ends_with("|\n"));
    for g in games.iter().flatten() {
        let back = read_dhtmlxq(write_dhtmlxq(g).unwrap().as_bytes());
        assert_eq!(back.len(), 1);
        assert_eq!(back[0].as_ref().unwrap().moves, g.moves);
    }
    let mut g = GameRecord::from_moves(xiangqi::Position::start(), ["h2e2".parse().unwrap()]);
    for comment in ["|\na", "a\n|", "a|b\nc", "line 1\nline 2"] {
        g.moves.plies[0].comment = Some(comment.to_owned());
        let back = read_dhtmlxq(write_dhtmlxq(&g).unwrap().as_bytes());
        assert_eq!(back[0].as_ref().unwrap().moves, g.moves, "{comment:?}");
    }
    // `||` itself is DhtmlXQ's line break: no spelling keeps it.
    g.moves.plies[0].comment = Some("a||b".to_owned());
    let err = write_dhtmlxq(&g).unwrap_err().to_string();
    assert!(err.contains("after ply 1"), "{err}");
}

/// A fuzzer's find (`tests/data/fuzz/xqf-black-to-move-no-moves.xqf-body`, the file without
/// its `XQ` magic): a first move that does not read still gives Black the move, and the
/// writer wrote the record of no moves, which read back as Red to move with Black in check.
/// XQF cannot say Black is to move without a first move: the writer refuses, saying so.
#[test]
fn xqf_refuses_black_to_move_without_moves_instead_of_writing_red_to_move() {
    let mut bytes = b"XQ".to_vec();
    bytes.extend(fuzz_find("xqf-black-to-move-no-moves.xqf-body"));
    let game = read_xqf(&bytes).unwrap();
    assert_eq!(game.start.turn(), xiangqi::Color::Black);
    assert!(game.moves.plies.is_empty());
    assert!(!game.problems.is_empty());
    let err = write_xqf(&game).unwrap_err().to_string();
    assert!(err.contains("Black to move"), "{err}");
    // With a move to show whose turn it is, the same start writes and reads back.
    let mut with_move = game.clone();
    with_move.problems.clear();
    let mv = *with_move.start.legal_moves().first().unwrap();
    with_move.moves.plies.push(xiangqi_records::Ply::new(mv));
    let back = read_xqf(&write_xqf(&with_move).unwrap()).unwrap();
    assert_eq!(back.start, with_move.start);
    assert_eq!(back.moves, with_move.moves);
}

/// XQF stores no side to move: a reader takes the colour of the first move's piece. A damaged
/// first move that cannot be played is dropped, and with it its colour: the record reads as
/// Red to move with no moves (as a file with no moves does), so it can be written again, which
/// a record of no moves with Black to move cannot. A first move that can be played keeps its
/// colour.
#[test]
fn xqf_side_to_move_comes_from_a_first_move_that_can_be_played() {
    use xiangqi::{Color, Position};
    // Black to move, the black general on e9 steps to e8 (e9 is XQF square 49, e8 is 48).
    let start = Position::from_fen("4k4/9/9/9/9/9/9/9/9/3K5 b").unwrap();
    let game = GameRecord::from_moves(start, ["e9e8".parse().unwrap()]);
    let bytes = write_xqf(&game).unwrap();
    let back = read_xqf(&bytes).unwrap();
    assert_eq!(back.start.turn(), Color::Black);
    assert_eq!(back.moves.plies.len(), 1);

    // The same record with the move's destination damaged to e6: no general goes there.
    let at = bytes[1024..]
        .windows(2)
        .position(|w| w == [49 + 0x18, 48 + 0x20])
        .expect("the move's record")
        + 1024;
    let mut damaged = bytes.clone();
    damaged[at + 1] = 46 + 0x20;
    let read = read_xqf(&damaged).unwrap();
    assert!(read.moves.plies.is_empty());
    assert!(!read.problems.is_empty(), "the dropped move is reported");
    assert_eq!(read.start.turn(), Color::Red);
    let again = read_xqf(&write_xqf(&read).unwrap()).unwrap();
    assert_eq!(again.start, read.start);
}
