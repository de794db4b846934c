//! CCBridge records (CBF, CBR, CBL) read to the facts the corpus README states for them
//! (`tests/data/README.md`; the cchess files' own tests `test_read_cbf.py` and
//! `test_read_cbr.py` via that README), and damaged ones never panic.

use std::path::Path;

use proptest::prelude::*;
use xiangqi::Position;
use xiangqi::notation::{Notation, write_move};
use xiangqi_records::ccbridge::{read_cbf, read_cbl, read_cbr};
use xiangqi_records::pgn::{PgnOptions, write_pgn};
use xiangqi_records::{
    ErrorKind, Format, GameRecord, GameResult, Line, Place, WriteError, detect_format, read_file,
};

const CBL_1956: &str = "cchess/1956年全国象棋锦标赛93局.CBL";
const CBL_1989: &str = "cchess/1989年龙化杯象棋名师邀请赛35局.CBL";

fn sample(path: &str) -> Vec<u8> {
    std::fs::read(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/data")
            .join(path),
    )
    .unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn one(path: &str) -> GameRecord {
    let mut games = read_file(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/data")
            .join(path),
    )
    .unwrap_or_else(|e| panic!("{path}: {e}"));
    assert_eq!(games.len(), 1, "{path}");
    games.remove(0).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Chinese move texts, Black's full-width digits made ASCII (as the README lists them).
fn chinese(start: &Position, moves: &[xiangqi::Move]) -> Vec<String> {
    let mut pos = start.clone();
    moves
        .iter()
        .map(|&m| {
            let t = write_move(&pos, m, Notation::Chinese);
            pos.play(m).unwrap();
            t.chars()
                .map(|c| match c {
                    '１'..='９' => char::from_u32(c as u32 - '１' as u32 + '1' as u32).unwrap(),
                    c => c,
                })
                .collect()
        })
        .collect()
}

fn all_comments(line: &Line) -> Vec<&str> {
    let mut out = Vec::new();
    for p in &line.plies {
        out.extend(p.comment.as_deref());
        for v in &p.variations {
            out.extend(all_comments(v));
        }
    }
    out
}

fn comment_count(line: &Line) -> usize {
    line.plies
        .iter()
        .map(|p| {
            usize::from(p.comment.is_some()) + p.variations.iter().map(comment_count).sum::<usize>()
        })
        .sum()
}

#[test]
fn ccbridge_files_are_told_apart() {
    for (file, format) in [
        ("cchess/test.cbf", Format::Cbf),
        ("cchess/test2.cbf", Format::Cbf),
        ("cchess/test.cbr", Format::Cbr),
        ("cchess/test2.cbr", Format::Cbr),
        (CBL_1956, Format::Cbl),
        (CBL_1989, Format::Cbl),
    ] {
        assert_eq!(detect_format(&sample(file)), Ok(format), "{file}");
    }
    let pgn = "[Game \"Chinese Chess\"]\n1. h2e2 {not a <ChineseChessRecord>} h9g7 *\n";
    assert_eq!(detect_format(pgn.as_bytes()), Ok(Format::Pgn));
}

#[test]
fn test_cbf_reads_its_50_plies_and_comments() {
    let g = one("cchess/test.cbf");
    assert!(g.is_clean(), "{:?}", g.problems);
    assert_eq!(g.mainline().len(), 50);
    assert_eq!(g.moves.node_count(), 50);
    assert_eq!(g.start, Position::start());
    assert_eq!(g.outcome(), GameResult::Ongoing); // RecordResult 0
    assert_eq!(
        g.tags.get("Title"),
        Some("第一局 屏风马巡河炮抵当头炮局(和)")
    );
    assert_eq!(g.tags.get("Event"), Some("居荣鑫《象棋古谱全局三种》"));
    assert_eq!(g.tags.get("ECCO"), Some("C03"));
    // The game comment sits on the 00-00 root, not on a move.
    assert_eq!(
        g.moves.comment.as_deref(),
        Some("中炮横车盘头马对屏风马双炮巡河")
    );
    assert_eq!(comment_count(&g.moves), 7);
    assert_eq!(g.mainline()[0].to_string(), "h2e2"); // 77-47
}

#[test]
fn test2_cbf_reads_the_75_moves_cchess_expects() {
    let g = one("cchess/test2.cbf");
    assert!(g.is_clean(), "{:?}", g.problems);
    assert_eq!(g.moves.leaf_count(), 1);
    assert_eq!(g.outcome(), GameResult::Draw); // RecordResult 3
    let moves = chinese(&g.start, &g.mainline());
    assert_eq!(moves.len(), 75);
    assert_eq!(
        moves[..8],
        [
            "炮二平五",
            "炮8平5",
            "马二进三",
            "马8进7",
            "车一进一",
            "车9平8",
            "车一平六",
            "车8进6"
        ]
    );
    assert_eq!(
        moves[68..],
        [
            "车七退一",
            "炮8平2",
            "马九进八",
            "车7平2",
            "兵九进一",
            "卒7进1",
            "车七进三"
        ]
    );
    assert!(g.moves.comment.is_some());
    assert_eq!(comment_count(&g.moves), 16);
}

#[test]
fn test_cbr_reads_its_tree_of_102_nodes() {
    let g = one("cchess/test.cbr");
    assert!(g.is_clean(), "{:?}", g.problems);
    assert_eq!(g.mainline().len(), 28);
    assert_eq!(g.moves.node_count(), 102);
    assert_eq!(g.start, Position::start());
    assert_eq!(g.outcome(), GameResult::Ongoing);
    assert_eq!(
        g.tags.get("Title"),
        Some("黄丹青讲座004-破解新式弃马局的攻防要领")
    );
    let comments = all_comments(&g.moves);
    assert_eq!(comments.len(), 13);
    assert!(comments.contains(&"不急用平车压马，黑有炮8平9，马3退5变化。"));
    // Every line of the lecture is playable from the start (checked by the reader) and
    // they are distinct.
    let mut leaves = g.moves.leaves();
    let n = leaves.len();
    assert!(n > 1);
    leaves.sort();
    leaves.dedup();
    assert_eq!(leaves.len(), n);
}

#[test]
fn test2_cbr_reads_two_moves_with_their_comments() {
    let g = one("cchess/test2.cbr");
    assert!(g.is_clean());
    assert_eq!(chinese(&g.start, &g.mainline()), ["炮二平五", "炮8平5"]);
    assert_eq!(g.tags.get("Title"), Some("Test"));
    // The game comment and one comment a move, as stored.
    assert_eq!(g.moves.comment.as_deref(), Some("李1"));
    assert_eq!(g.moves.plies[0].comment.as_deref(), Some("李2"));
    assert_eq!(g.moves.plies[1].comment.as_deref(), Some("李3"));
}

#[test]
fn the_1956_library_reads_93_games_of_7313_plies() {
    let lib = read_cbl(&sample(CBL_1956)).unwrap();
    assert_eq!(lib.name.as_deref(), Some("1956年全国象棋锦标赛93局"));
    assert_eq!(lib.games.len(), 93);
    let games: Vec<&GameRecord> = lib.games.iter().map(|g| g.as_ref().unwrap()).collect();
    assert!(games.iter().all(|g| g.is_clean()));
    assert!(games.iter().all(|g| g.start == Position::start()));
    assert!(games.iter().all(|g| g.moves.leaf_count() == 1));
    let plies: Vec<usize> = games.iter().map(|g| g.mainline().len()).collect();
    assert_eq!(plies.iter().sum::<usize>(), 7313);
    assert_eq!(plies.iter().min(), Some(&43));
    assert_eq!(plies.iter().max(), Some(&179));
    let count = |o| games.iter().filter(|g| g.outcome() == o).count();
    assert_eq!(
        (
            count(GameResult::RedWins),
            count(GameResult::BlackWins),
            count(GameResult::Draw)
        ),
        (44, 22, 27)
    );
    let stage = |s| {
        games
            .iter()
            .filter(|g| g.tags.get("Event").is_some_and(|e| e.contains(s)))
            .count()
    };
    assert_eq!((stage("初赛"), stage("复赛"), stage("决赛")), (41, 24, 28));
    assert!(games.iter().all(|g| g.tags.get("Red").is_some()));
    let first = &games[0].tags;
    assert_eq!(
        first.get("Title"),
        Some("初赛 保定邓裕如(红先负)哈尔滨王嘉良")
    );
    assert_eq!(first.get("Red"), Some("保定邓裕如"));
    assert_eq!(first.get("Black"), Some("哈尔滨王嘉良"));
    assert_eq!(first.get("Date"), Some("1956年12月17日"));
    assert_eq!(first.get("Site"), Some("北京市"));
    assert!(
        games
            .iter()
            .all(|g| g.tags.get("Site").is_some_and(|s| s.starts_with("北京")))
    );
    assert!(games.iter().all(|g| g.moves.comment.is_none()));
    // The same through the format-blind entry point.
    let all = read_file(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/data")
            .join(CBL_1956),
    )
    .unwrap();
    assert_eq!(all, lib.games);
}

#[test]
fn the_1989_library_reads_38_records_of_3209_plies_and_3302_nodes() {
    let lib = read_cbl(&sample(CBL_1989)).unwrap();
    assert_eq!(lib.name.as_deref(), Some("1989年龙化杯象棋名师邀请赛35局"));
    assert_eq!(lib.games.len(), 38);
    // Two records are section titles: an empty board (and a comment).
    let headers: Vec<usize> = lib
        .games
        .iter()
        .enumerate()
        .filter_map(|(i, g)| g.as_ref().err().map(|e| (i, e)))
        .map(|(i, e)| {
            assert!(
                matches!(&e.kind, ErrorKind::BadField { why, .. } if why.contains("section header")),
                "{e}"
            );
            assert!(matches!(e.place, Place::Byte(_)));
            assert_eq!(e.game, i + 1);
            i
        })
        .collect();
    assert_eq!(headers.len(), 2);
    let games: Vec<&GameRecord> = lib.games.iter().flatten().collect();
    assert_eq!(games.len(), 36);
    assert!(games.iter().all(|g| g.is_clean()));
    let plies: usize = games.iter().map(|g| g.mainline().len()).sum();
    let nodes: usize = games.iter().map(|g| g.moves.node_count()).sum();
    assert_eq!((plies, nodes), (3209, 3302));
    // The last two records: one game (陈淑兰 vs 高华, 111 plies) under two titles.
    let (a, b) = (games[34], games[35]);
    assert_eq!(a.moves, b.moves);
    assert_eq!(a.mainline().len(), 111);
    assert_eq!(a.tags.get("Red"), Some("陈淑兰"));
    assert_eq!(a.tags.get("Black"), Some("高华"));
    assert!(games.iter().all(|g| g.tags.get("Site") == Some("柳州市")));
    assert!(
        games
            .iter()
            .all(|g| g.tags.get("RedTeam").is_some() == g.tags.get("BlackTeam").is_some())
    );
    // Move comments: 89 in all, none lost to a length misread.
    let comments: Vec<&str> = games.iter().flat_map(|g| all_comments(&g.moves)).collect();
    assert_eq!(comments.len(), 89);
    assert!(comments.contains(&"      重炮轰车，红方无解。"));
    // Their titles differ only in leading spaces, which the reader trims.
    assert_eq!(a.tags, b.tags);
    let raw = sample(CBL_1989);
    let stored_title = |record: usize| {
        let at = 101_952 + record * 4096 + 180;
        let units: Vec<u16> = raw[at..at + 128]
            .chunks_exact(2)
            .map(|c| u16::from_le_bytes([c[0], c[1]]))
            .take_while(|&u| u != 0)
            .collect();
        String::from_utf16(&units).unwrap()
    };
    let (ta, tb) = (stored_title(36), stored_title(37));
    assert_ne!(ta, tb);
    assert_eq!(ta.trim(), a.tags.get("Title").unwrap());
    assert_eq!(tb.trim(), a.tags.get("Title").unwrap());
}

#[test]
fn cbf_errors_name_their_byte_offset() {
    let e = read_cbf(b"<ChineseChessRecord><Head><Name>x</Head>").unwrap_err();
    assert_eq!(e.place, Place::Byte(33), "{e}");
    let e = read_cbf(b"<ChineseChessRecord><MoveList>").unwrap_err();
    assert!(matches!(e.kind, ErrorKind::Truncated(_)), "{e}");
    let e = read_cbf(b"\xEF\xBB\xBF<ChineseChessRecord>\xFF").unwrap_err();
    assert_eq!(e.place, Place::Byte(23), "{e}");
    let e = read_cbf(b"<html></html>").unwrap_err();
    assert!(matches!(e.kind, ErrorKind::NotThisFormat(_)), "{e}");
}

/// A fuzzer's find (CI, 2026-12-01): a head element named `Reco\x12…` read as a tag that the
/// PGN writer wrote and its reader refused. No XML name holds a control character, so the file
/// is refused where the name starts; a head element with a real XML name that is no PGN tag
/// name still reads, and writing it as PGN says why it cannot, instead of writing what no
/// reader takes back.
#[test]
fn cbf_tag_names_are_xml_names_and_pgn_refuses_what_it_cannot_hold() {
    let bytes = sample("fuzz/cbf-control-in-tag-name.cbf");
    let e = read_cbf(&bytes).unwrap_err();
    let at = bytes.windows(5).position(|w| w == b"<Reco").unwrap();
    assert_eq!(e.place, Place::Byte(at as u64), "{e}");
    assert!(e.to_string().contains("'\\u{12}'"), "{e}");

    let g = read_cbf(
        "<ChineseChessRecord><Head><Event-Name>杯</Event-Name></Head></ChineseChessRecord>"
            .as_bytes(),
    )
    .unwrap();
    assert_eq!(g.tags.get("Event-Name"), Some("杯"));
    match write_pgn(&g, &PgnOptions::default()) {
        Err(WriteError::Unrepresentable(what)) => assert!(what.contains("Event-Name"), "{what}"),
        other => panic!("expected a refusal, got {other:?}"),
    }
}

#[test]
fn cbf_bad_and_unreadable_moves_are_problems_not_losses() {
    let cbf = |moves: &str| {
        format!(
            "<ChineseChessRecord><MoveList><Move value=\"00-00\"/>{moves}</MoveList></ChineseChessRecord>"
        )
    };
    // A move off the board ends the line at its offset.
    let text = cbf("<Move value=\"77-47\"/><Move value=\"x9-27\"/>");
    let g = read_cbf(text.as_bytes()).unwrap();
    assert_eq!(g.mainline().len(), 1);
    assert_eq!(g.problems.len(), 1);
    assert_eq!(g.problems[0].ply, Some(2));
    assert_eq!(
        g.problems[0].place,
        Place::Byte(text.find("<Move value=\"x9").unwrap() as u64)
    );
    // An illegal move too.
    let g = read_cbf(cbf("<Move value=\"70-71\"/>").as_bytes()).unwrap();
    assert!(matches!(g.problems[0].kind, ErrorKind::IllegalMove { .. }));
    // Moves after the end of the line are reported, not silently dropped.
    let g = read_cbf(cbf("<Move value=\"77-47\" end=\"1\"/><Move value=\"19-27\"/>").as_bytes())
        .unwrap();
    assert_eq!(g.mainline().len(), 1);
    assert_eq!(g.problems.len(), 1);
}

#[test]
fn cbr_errors_name_their_byte_offset() {
    let real = sample("cchess/test2.cbr");
    let e = read_cbr(&real[..100]).unwrap_err();
    assert_eq!(e.place, Place::Byte(100));
    assert!(matches!(e.kind, ErrorKind::Truncated(_)));
    // A comment length running past the end: the moves before it are kept.
    let mut bad = real.clone();
    bad[2242..2246].copy_from_slice(&0x7fff_ffffu32.to_le_bytes()); // second move's comment
    let g = read_cbr(&bad).unwrap();
    assert_eq!(g.mainline().len(), 1);
    assert_eq!(g.problems[0].place, Place::Byte(2242));
    // An unknown piece code.
    let mut bad = real.clone();
    bad[2120] = 0x19;
    let e = read_cbr(&bad).unwrap_err();
    assert_eq!(e.place, Place::Byte(2120));
    // Records of a library are placed in the library's bytes.
    let e = read_cbl(&sample(CBL_1989)).unwrap().games[0]
        .clone()
        .unwrap_err();
    assert_eq!(e.place, Place::Byte(101_952 + 2120));
}

fn truncations(file: &'static str) -> impl Strategy<Value = (Vec<u8>, usize)> {
    let bytes = sample(file);
    let len = bytes.len();
    (Just(bytes), 0..=len)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 500, ..ProptestConfig::default() })]

    #[test]
    fn cbf_never_panics(bytes in prop::collection::vec(any::<u8>(), 0..512)) {
        let _ = read_cbf(&bytes);
        let mut b = b"<ChineseChessRecord><MoveList><Move value=\"".to_vec();
        b.extend(&bytes);
        let _ = read_cbf(&b);
    }

    #[test]
    fn cbr_and_cbl_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..4096)) {
        let _ = read_cbr(&bytes);
        let _ = read_cbl(&bytes);
        let mut b = b"CCBridge Record\0".to_vec();
        b.extend(&bytes);
        let _ = read_cbr(&b);
        let mut b = b"CCBridgeLibrary\0".to_vec();
        b.extend(&bytes);
        let _ = read_cbl(&b);
    }

    #[test]
    fn truncated_cbf_never_panics((bytes, cut) in truncations("cchess/test2.cbf")) {
        let _ = read_cbf(&bytes[..cut]);
    }

    #[test]
    fn truncated_cbr_keeps_a_prefix_of_the_tree((bytes, cut) in truncations("cchess/test.cbr")) {
        if let Ok(g) = read_cbr(&bytes[..cut]) {
            let full = read_cbr(&bytes).unwrap();
            prop_assert!(g.moves.node_count() <= full.moves.node_count());
            let main = g.mainline();
            prop_assert_eq!(&full.mainline()[..main.len()], &main[..]);
        }
    }

    #[test]
    fn damaged_cbr_and_cbf_never_panic(
        file in prop::sample::select(vec!["cchess/test.cbr", "cchess/test2.cbr", "cchess/test.cbf"]),
        flips in prop::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..8),
    ) {
        let mut bytes = sample(file);
        for (i, b) in flips {
            let i = i.index(bytes.len());
            bytes[i] ^= b;
        }
        let _ = read_cbr(&bytes);
        let _ = read_cbf(&bytes);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, ..ProptestConfig::default() })]

    #[test]
    fn truncated_cbl_never_panics((bytes, cut) in truncations(CBL_1989)) {
        if let Ok(lib) = read_cbl(&bytes[..cut]) {
            prop_assert!(lib.games.len() <= 38);
        }
    }
}
