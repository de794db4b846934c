//! Every real record file in `tests/data` reads, to the facts its source states (see
//! `tests/data/README.md`).

use std::path::{Path, PathBuf};

use xiangqi::Position;
use xiangqi::notation::{Notation, write_move};
use xiangqi_records::{GameRecord, GameResult, read_file};

fn data(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(path)
}

fn one(path: &str) -> GameRecord {
    let mut games = read_file(data(path)).unwrap_or_else(|e| panic!("{path}: {e}"));
    assert_eq!(games.len(), 1, "{path}");
    games.remove(0).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn iccs(moves: &[xiangqi::Move]) -> Vec<String> {
    moves.iter().map(|m| m.to_string()).collect()
}

/// Chinese texts of a line, with Black's digits in ASCII (as the corpus lists are compared).
fn chinese(start: &Position, moves: &[xiangqi::Move]) -> Vec<String> {
    let mut pos = start.clone();
    moves
        .iter()
        .map(|&m| {
            let t = write_move(&pos, m, Notation::Chinese);
            pos.play(m).unwrap();
            t
        })
        .collect()
}

fn ascii_digits(s: &str) -> String {
    s.chars()
        .map(|c| match c {
            '１'..='９' => char::from_u32(c as u32 - '１' as u32 + '1' as u32).unwrap(),
            c => c,
        })
        .collect()
}

fn expect_line(start: &Position, moves: &[xiangqi::Move], expected: &str) {
    let expected: Vec<String> = expected.split(',').map(ascii_digits).collect();
    assert_eq!(chinese(start, moves), expected);
}

#[test]
fn every_record_file_reads_with_its_stated_size() {
    // (file, plies, nodes, lines, result) from the corpus README.
    let table: &[(&str, usize, usize, usize, GameResult)] = &[
        ("XQFTOOLS/SAMPLE.XQF", 75, 75, 1, GameResult::RedWins),
        ("XQFTOOLS/SAMPLE.PGN", 75, 75, 1, GameResult::RedWins),
        ("XQFTOOLS/XQFEXAMA.XQF", 110, 110, 1, GameResult::BlackWins),
        ("XQFTOOLS/XQFEXAMB.XQF", 87, 435, 20, GameResult::Draw),
        (
            "cchess/030-黄松轩先胜冯敬如.XQF",
            37,
            41,
            2,
            GameResult::RedWins,
        ),
        ("cchess/BadMoveTest1.xqf", 43, 43, 1, GameResult::RedWins),
        ("cchess/BadMoveTest2.xqf", 35, 39, 2, GameResult::RedWins),
        ("cchess/BadMoveTest4.xqf", 9, 17, 4, GameResult::RedWins),
        ("cchess/EmptyTest.xqf", 0, 0, 1, GameResult::BlackWins),
        (
            "cchess/FiveGoatsTest.xqf",
            77,
            32124,
            349,
            GameResult::Ongoing,
        ),
        ("cchess/NoMove.xqf", 0, 0, 1, GameResult::Ongoing),
        ("cchess/UnitTest.xqf", 5, 19, 3, GameResult::Draw),
        ("cchess/endgame_test.pgn", 25, 25, 1, GameResult::Ongoing),
        ("cchess/game_test.xqf", 58, 58, 1, GameResult::Ongoing),
        ("cchess/game_varations.xqf", 8, 24, 6, GameResult::Ongoing),
        ("cchess/pawn_move.xqf", 14, 14, 1, GameResult::Ongoing),
        ("cchess/save.xqf", 2, 2, 1, GameResult::Ongoing),
        ("cchess/test.pgn", 25, 25, 1, GameResult::Ongoing),
        ("cchess/test.xqf", 110, 110, 1, GameResult::BlackWins),
        ("cchess/test1.xqf", 110, 110, 1, GameResult::BlackWins),
        ("cchess/test2.pgn", 102, 102, 1, GameResult::Draw),
        ("cchess/test2.xqf", 12, 12, 1, GameResult::Ongoing),
        (
            "cchess/test_5_variations.xqf",
            6,
            24,
            5,
            GameResult::Ongoing,
        ),
        ("cchess/ucci_test1.xqf", 43, 43, 1, GameResult::RedWins),
        ("cchess/ucci_test2.xqf", 7, 33, 5, GameResult::RedWins),
        ("cchess/ucci_test3.xqf", 3, 5, 2, GameResult::RedWins),
        (
            "cchess/中炮对列炮黑先平士角炮.pgn",
            23,
            23,
            1,
            GameResult::Ongoing,
        ),
        ("cchess/test1_move.txt", 110, 110, 1, GameResult::BlackWins),
        ("cchess/ucci_test1_move.txt", 43, 43, 1, GameResult::RedWins),
        ("cchess/uci_test_move.txt", 5, 5, 1, GameResult::RedWins),
    ];
    for &(file, plies, nodes, lines, outcome) in table {
        let g = one(file);
        assert!(g.is_clean(), "{file}: {:?}", g.problems);
        assert_eq!(g.mainline().len(), plies, "{file}: plies");
        assert_eq!(g.moves.node_count(), nodes, "{file}: nodes");
        assert_eq!(g.moves.leaf_count(), lines, "{file}: lines");
        assert_eq!(g.outcome(), outcome, "{file}: result");
    }
}

#[test]
fn the_twenty_ccgc_games_read_clean() {
    let mut plies = 0;
    let mut files = 0;
    for entry in std::fs::read_dir(data("CCGC")).unwrap() {
        let path = entry.unwrap().path();
        let g = one(&format!(
            "CCGC/{}",
            path.file_name().unwrap().to_str().unwrap()
        ));
        assert!(g.is_clean());
        assert_eq!(
            g.tags.get("Event"),
            Some("1st Chinese Computer Games Championship, Beijing 2006")
        );
        // The file name says the result: 先胜 Red won, 先负 Red lost, 先和 a draw.
        let name = path.to_string_lossy();
        let expected = if name.contains("先胜") {
            GameResult::RedWins
        } else if name.contains("先负") {
            GameResult::BlackWins
        } else {
            GameResult::Draw
        };
        assert_eq!(g.outcome(), expected, "{name}");
        plies += g.mainline().len();
        files += 1;
    }
    assert_eq!((files, plies), (20, 1916));
}

#[test]
fn files_holding_the_same_game_give_the_same_moves() {
    let pairs = [
        ("XQFTOOLS/SAMPLE.XQF", "XQFTOOLS/SAMPLE.PGN"),
        ("XQFTOOLS/XQFEXAMA.XQF", "cchess/test.xqf"),
        ("cchess/test.xqf", "cchess/test1.xqf"),
        ("cchess/test1.xqf", "cchess/test1_move.txt"),
        ("cchess/ucci_test1.xqf", "cchess/ucci_test1_move.txt"),
    ];
    for (a, b) in pairs {
        let (ga, gb) = (one(a), one(b));
        assert_eq!(ga.start, gb.start, "{a} / {b}");
        assert_eq!(ga.mainline(), gb.mainline(), "{a} / {b}");
        assert_eq!(ga.outcome(), gb.outcome(), "{a} / {b}");
    }
    assert_eq!(
        one("XQFTOOLS/SAMPLE.XQF").start.fen(),
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/9/1C5C1/9/RN2K2NR w - - 0 1"
    );
}

#[test]
fn header_strings_and_comments_come_through() {
    let g = one("XQFTOOLS/XQFEXAMA.XQF");
    assert_eq!(g.tags.get("Red"), Some("柳大华"));
    assert_eq!(g.tags.get("Black"), Some("吕  钦"));
    assert!(g.tags.get("Event").unwrap().contains("中立杯"));
    assert!(g.moves.comment.is_some());
    let move_comments = g.moves.plies.iter().filter(|p| p.comment.is_some()).count();
    assert_eq!(move_comments, 10);

    let g = one("cchess/UnitTest.xqf");
    assert_eq!(g.tags.get("Title"), Some("标题"));
    assert_eq!(g.tags.get("Event"), Some("比赛名称"));
    assert_eq!(g.tags.get("Red"), Some("红方棋手"));
    assert_eq!(g.tags.get("Black"), Some("黑方棋手"));

    let g = one("XQFTOOLS/SAMPLE.PGN");
    assert!(
        g.moves
            .comment
            .as_deref()
            .unwrap()
            .starts_with("　　象棋让九子")
    );
    assert_eq!(g.tags.get("Site"), Some("广州"));
    // 11 move comments after the game comment (the 12 `{}` of the file).
    assert_eq!(
        g.moves.plies.iter().filter(|p| p.comment.is_some()).count(),
        11
    );
    let xqf = one("XQFTOOLS/SAMPLE.XQF");
    assert_eq!(
        xqf.moves
            .plies
            .iter()
            .filter(|p| p.comment.is_some())
            .count(),
        11
    );
    assert_eq!(
        one("cchess/EmptyTest.xqf").tags.get("Title"),
        Some("雅趣居士(日帅)-负-甄珍(日帅)")
    );
}

#[test]
fn variation_trees_match_the_cchess_expectations() {
    let g = one("cchess/test_5_variations.xqf");
    let leaves = g.moves.leaves();
    let expected = [
        "炮二平五,炮８平５,马二进三,马８进７,兵三进一,车９平８",
        "炮二平五,炮８平５,马二进三,马８进７,车一平二,车９进１,车二进六,车９平４",
        "炮二平五,炮８平５,马二进三,马８进７,车一平二,卒７进１,兵七进一,车９进１",
        "炮二平五,炮８平５,马二进三,马８进７,车一进一,车９平８,车一平六,马２进３,马八进七,卒３进１",
        "炮二平六,马８进７,马二进三,车９平８,车一平二",
    ];
    assert_eq!(leaves.len(), 5);
    for (line, exp) in leaves.iter().zip(expected) {
        expect_line(&g.start, line, exp);
    }

    let g = one("cchess/game_varations.xqf");
    let expected = [
        "炮二平五,炮８平５,马二进三,马８进７,车一平二,车９进１,马八进七,马２进３",
        "炮二平五,炮８平５,马二进三,马８进７,车一平二,车９进１,兵三进一,卒３进１",
        "炮二平五,炮８平５,马二进三,马８进７,车一平二,车９进１,兵七进一,车９平４",
        "炮二平五,炮８平５,马二进三,马８进７,车一平二,车９进１,马八进九,马２进３",
        "炮二平五,马８进７,马二进三,卒７进１,车一平二,车９平８,兵七进一,马２进３",
        "炮二平五,马８进７,马二进三,卒７进１,车一平二,炮２平５,车二进六,马２进３",
    ];
    let leaves = g.moves.leaves();
    assert_eq!(leaves.len(), 6);
    for (line, exp) in leaves.iter().zip(expected) {
        expect_line(&g.start, line, exp);
    }
    assert_eq!(one("cchess/WildHouse.xqf").moves.leaf_count(), 139);
}

#[test]
fn pgn_move_lists_match_the_cchess_expectations() {
    let g = one("cchess/test.pgn");
    expect_line(
        &g.start,
        &g.mainline(),
        "炮二平五,马２进３,马二进三,马８进９,车一进一,象３进５,兵五进一,炮８平６,兵五进一,卒５进１,马三进五,士４进５,车一平六,车１平４,车九进一,炮２进７,车六进八,将５平４,车九平六,将４平５,马五进七,炮６进３,马七进六,炮６平５,炮五进三",
    );
    let g = one("cchess/endgame_test.pgn");
    assert_eq!(
        g.start.fen(),
        "3aka3/2c1n4/4bP3/9/4N4/9/9/9/9/4K4 w - - 0 1"
    );
    expect_line(
        &g.start,
        &g.mainline(),
        "马五进六,炮３平４,兵四进一,象５进７,帅五进一,象７退９,马六退四,象９进７,马四进三,象７退５,马三退四,象５进３,马四进六,象３退１,兵四平三,象１退３,马六退八,象３进１,兵三进一,象１退３,马八进七,象３进１,马七退六,炮４进１,马六进四",
    );
    let g = one("cchess/test2.pgn");
    let texts = chinese(&g.start, &g.mainline());
    assert_eq!(&texts[99..], ["后炮退1", "车九退一", "后炮进1"]);
    let g = one("cchess/uci_test_move.txt");
    assert_eq!(
        iccs(&g.mainline()),
        ["g4g8", "d8d9", "e6c7", "d9e9", "g8g9"]
    );
}

#[test]
fn tandem_pawns_of_pawn_move_xqf() {
    // The ICCS column of the corpus README's move-by-move table.
    let g = one("cchess/pawn_move.xqf");
    assert_eq!(
        g.start.fen(),
        "4k4/9/4P4/3PP1p2/3P5/6p2/4P1p2/6p2/6p2/4K4 w - - 0 1"
    );
    assert_eq!(
        iccs(&g.mainline()),
        [
            "e7e8", "e9f9", "e3e4", "g2f2", "d6d7", "g3f3", "d7e7", "g4f4", "d5e5", "g1f1", "e7f7",
            "f3g3", "e6f6", "f2g2"
        ]
    );
}

#[test]
fn a_corrupt_xqf_record_is_reported_and_the_rest_kept() {
    let bad = one("cchess/BadMoveTest3.xqf");
    let good = one("cchess/BadMoveTest4.xqf");
    assert_eq!(bad.problems.len(), 1);
    let p = &bad.problems[0];
    assert!(
        matches!(
            p.kind,
            xiangqi_records::ErrorKind::IllegalMove {
                reason: xiangqi::IllegalReason::NoPiece,
                ..
            }
        ),
        "{p}"
    );
    assert!(matches!(p.place, xiangqi_records::Place::Byte(_)));
    assert_eq!(bad.moves, good.moves);
    let wild = one("cchess/WildHouse.xqf");
    assert_eq!(wild.mainline().len(), 65);
    assert!(!wild.problems.is_empty());
}

#[test]
fn ccbridge_files_are_read_not_refused() {
    // Once refused by name; now read (the facts are checked in tests/ccbridge.rs).
    for f in ["cchess/test.cbr", "cchess/test2.cbf"] {
        let g = one(f);
        assert!(g.is_clean() && !g.mainline().is_empty(), "{f}");
    }
}

#[test]
fn the_1956_rules_diagrams_read_to_their_positions_and_moves() {
    // Each diagram's position and moves, checked against the Chinese moves the rules print.
    let expected: [(&str, &[&str]); 7] = [
        ("3ak4/4a4/9/5r2p/9/8P/3R5/9/4A4/4KA3", &[]),
        ("4kab2/4a4/2c1b1c2/2R1C4/9/9/9/9/9/4K4", &[]),
        (
            "2bak4/4a4/r6r1/2PP3R1/9/9/9/9/4A4/4KA3",
            &["h6i6", "h7i7", "i6g6", "i7g7"],
        ),
        (
            "4ka3/4a1R1C/4b3r/9/9/9/9/9/9/3K5",
            &["i8h8", "i7h7", "h8i8", "h7i7"],
        ),
        (
            "4k4/9/9/9/pr2p4/2R6/9/9/4A4/3AK4",
            &["c4c9", "e9e8", "c9c4", "b5d5", "c4c8", "e8e9", "c8c4"],
        ),
        (
            "2bnkr3/5c3/5R3/4C4/9/9/9/3A5/9/2BA1K3",
            &["f7e7", "f8e8", "e7f7", "e8f8"],
        ),
        (
            "6b1r/1C2k2P1/9/9/9/9/9/9/9/3K5",
            &["h8i8", "i9h9", "i8h8", "h9i9"],
        ),
    ];
    let games = read_file(data("rules1956.txt")).unwrap();
    assert_eq!(games.len(), 7);
    for (g, (board, moves)) in games.iter().zip(expected) {
        let g = g.as_ref().unwrap();
        assert!(g.is_clean());
        assert_eq!(g.start.fen().split(' ').next(), Some(board));
        assert_eq!(iccs(&g.mainline()), moves);
        assert!(g.tags.get("Title").unwrap().starts_with("棋规（1956版）图"));
    }
    // 图九's printed moves, 上/下 and all, read to the same line.
    let g = games[4].as_ref().unwrap();
    let printed = xiangqi::notation::parse_line(
        &g.start,
        "车七上五 将5上1 车七下五车2平4 车七上四 将5下1 车七下四",
        None,
    )
    .unwrap();
    assert_eq!(printed, g.mainline());
}
