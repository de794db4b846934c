//! PGN reading and writing: the dialects in use, bad input, several games a file.

use xiangqi::Position;
use xiangqi::notation::Notation;
use xiangqi_records::pgn::{GameBuilder, PgnOptions, PgnReader, Visitor, read_all, write_pgn};
use xiangqi_records::{Encoding, ErrorKind, GameRecord, GameResult, Place, encode};

fn game(text: &str) -> GameRecord {
    let mut games = read_all(text.as_bytes());
    assert_eq!(games.len(), 1);
    games.remove(0).unwrap()
}

fn iccs(g: &GameRecord) -> Vec<String> {
    g.mainline().iter().map(|m| m.to_string()).collect()
}

#[test]
fn tags_comments_variations_and_result() {
    let g = game(
        "[Game \"Chinese Chess\"]\n[Event \"测试\"]\n[Red \"A \\\"B\\\" C\"]\n[Result \"1-0\"]\n\
         {开局} 1. 炮二平五 {中炮} 马８进７ (1... 炮８平５ 2. 马二进三 (2. 炮五进四) 马８进７) 2. 马二进三 车９平８ 1-0\n",
    );
    assert_eq!(g.tags.get("Event"), Some("测试"));
    assert_eq!(g.tags.get("Red"), Some("A \"B\" C"));
    assert_eq!(g.outcome(), GameResult::RedWins);
    assert_eq!(g.moves.comment.as_deref(), Some("开局"));
    assert_eq!(g.moves.plies[0].comment.as_deref(), Some("中炮"));
    assert_eq!(iccs(&g), ["h2e2", "h9g7", "h0g2", "i9h9"]);
    let var = &g.moves.plies[1].variations[0];
    assert_eq!(var.plies.len(), 3);
    assert_eq!(var.plies[1].variations[0].plies[0].mv.to_string(), "e2e6");
    assert_eq!(g.moves.leaf_count(), 3);
}

#[test]
fn black_to_move_from_the_fen_whatever_the_layout() {
    let fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1";
    for movetext in [
        "1. ………… 马８进７ 2. 炮二平五",
        "1. 马８进７ 炮二平五",
        "1... 马8进7 2. 炮二平五",
        "1.          马８进７\n 2. 炮二平五",
    ] {
        let g = game(&format!(
            "[Game \"Chinese Chess\"]\n[FEN \"{fen}\"]\n{movetext} *\n"
        ));
        assert_eq!(iccs(&g), ["h9g7", "h2e2"], "{movetext}");
    }
}

#[test]
fn wxf_iccs_and_detected_notations() {
    let g = game("[Game \"Chinese Chess\"]\n[Format \"WXF\"]\n1. C2.5 H8+7 2. H2+3 R9.8 *\n");
    assert_eq!(iccs(&g), ["h2e2", "h9g7", "h0g2", "i9h9"]);
    let g = game("[Game \"Chinese Chess\"]\n[Format \"ICCS\"]\n1. H2-E2 H9-G7 *\n");
    assert_eq!(iccs(&g), ["h2e2", "h9g7"]);
    // No Format tag, no result token (the wukong-xiangqi bulk files): detected, game ends at EOF.
    let g = game("[Event \"x\"]\n1. h2e2 h9g7 2. h0g2\n");
    assert_eq!(iccs(&g), ["h2e2", "h9g7", "h0g2"]);
    assert_eq!(g.outcome(), GameResult::Ongoing);
    // Chinese moves run together, as the 1956 rules print them.
    let g = game("[Game \"Chinese Chess\"]\n炮二平五马8进7马二进三 *\n");
    assert_eq!(g.mainline().len(), 3);
}

#[test]
fn gbk_crlf_and_the_advert_footer() {
    let text = "[Game \"Chinese Chess\"]\r\n[Red \"许银川\"]\r\n[Result \"1/2-1/2\"]\r\n  1. 炮二平五 马８进７\r\n  2. 马二进三\r\n1/2-1/2\r\n============================\r\n 欢迎访问《象棋百科全书网》\r\n 推荐用《象棋巫师》观赏棋谱\r\n http://www.xqbase.com/\r\n";
    let bytes = encode(text, Encoding::Gbk);
    assert!(std::str::from_utf8(&bytes).is_err());
    let mut reader = PgnReader::new(&bytes[..]);
    let mut builder = GameBuilder::new();
    let g = reader.read_game(&mut builder).unwrap().flatten().unwrap();
    assert_eq!(reader.encoding(), Encoding::Gbk);
    assert!(g.is_clean());
    assert_eq!(g.tags.get("Red"), Some("许银川"));
    assert_eq!(g.mainline().len(), 3);
    assert_eq!(g.outcome(), GameResult::Draw);
    assert!(reader.read_game(&mut builder).is_none());
}

#[test]
fn a_malformed_game_is_an_error_with_its_place_and_the_others_still_read() {
    let text = "[Game \"Chinese Chess\"]\n1. h2e2 h9g7 *\n\n\
                [Game \"Chinese Chess\"]\n[Event broken]\n1. h2e2 *\n\n\
                [Game \"Chinese Chess\"]\n1. h2e2 {never closed h9g7 *\n\n\
                [Game \"Chinese Chess\"]\n1. h2e2 h9g7 2. h2h9 h0g2 *\n\n\
                [Game \"Chinese Chess\"]\n1. b2e2 b9c7 1-0\n";
    let games = read_all(text.as_bytes());
    assert_eq!(games.len(), 5);
    assert_eq!(games[0].as_ref().unwrap().mainline().len(), 2);
    let e = games[1].as_ref().unwrap_err();
    assert_eq!(e.game, 2);
    assert_eq!(e.place, Place::Text { line: 5, column: 1 });
    assert!(matches!(e.kind, ErrorKind::BadTag(_)));
    let e = games[2].as_ref().unwrap_err();
    assert_eq!((e.game, e.place), (3, Place::Text { line: 9, column: 9 }));
    assert_eq!(e.kind, ErrorKind::UnterminatedComment);
    // An illegal move: the game reads up to it, and the problem says where and why.
    let g = games[3].as_ref().unwrap();
    assert_eq!(g.mainline().len(), 2);
    let p = &g.problems[0];
    assert_eq!(
        (p.game, p.ply, p.place),
        (
            4,
            Some(3),
            Place::Text {
                line: 12,
                column: 17
            }
        )
    );
    assert!(matches!(p.kind, ErrorKind::IllegalMove { .. }));
    assert!(
        p.to_string().contains("game 4, line 12, column 17, ply 3"),
        "{p}"
    );
    assert_eq!(games[4].as_ref().unwrap().outcome(), GameResult::RedWins);
}

#[test]
fn unbalanced_variations_are_errors() {
    let e = read_all(b"[Game \"x\"]\n1. h2e2 (1. b2e2 h9g7\n")
        .remove(0)
        .unwrap_err();
    assert_eq!(e.kind, ErrorKind::UnbalancedVariation);
    assert_eq!(e.place, Place::Text { line: 2, column: 9 });
    let e = read_all(b"[Game \"x\"]\n1. h2e2 ) h9g7 *\n")
        .remove(0)
        .unwrap_err();
    assert_eq!(e.kind, ErrorKind::UnbalancedVariation);
}

#[test]
fn a_bad_fen_is_an_error_for_that_game_only() {
    let games = read_all(
        b"[FEN \"9/9/9 w\"]\n1. h2e2 *\n[FEN \"3k5/9/9/9/9/9/9/9/4R4/4K4 w\"]\n1. e1e8 *\n",
    );
    assert!(matches!(
        games[0].as_ref().unwrap_err().kind,
        ErrorKind::BadStartPosition(_)
    ));
    assert_eq!(iccs(games[1].as_ref().unwrap()), ["e1e8"]);
}

#[test]
fn writing_in_each_notation() {
    let g =
        game("[Game \"Chinese Chess\"]\n[Red \"甲\"]\n1. h2e2 h9g7 (1... b9c7) 2. h0g2 {好} *\n");
    let chinese = write_pgn(&g, &PgnOptions::default()).unwrap();
    assert!(
        chinese.contains("1. 炮二平五 马８进７ (1... 马２进３) 2. 马二进三 {好} *"),
        "{chinese}"
    );
    assert!(chinese.contains("[Format \"Chinese\"]"));
    let wxf = write_pgn(
        &g,
        &PgnOptions {
            notation: Notation::Wxf,
            ..PgnOptions::default()
        },
    )
    .unwrap();
    assert!(
        wxf.contains("1. C2.5 H8+7 (1... H2+3) 2. H2+3 {好} *"),
        "{wxf}"
    );
    let iccs_text = write_pgn(
        &g,
        &PgnOptions {
            notation: Notation::Iccs,
            crlf: true,
            ..PgnOptions::default()
        },
    )
    .unwrap();
    assert!(
        iccs_text.contains("1. H2-E2 H9-G7 (1... B9-C7) 2. H0-G2 {好} *\r\n"),
        "{iccs_text}"
    );
    for text in [chinese, wxf, iccs_text] {
        assert_eq!(game(&text), g);
    }
    // Black first: the number is followed by `...`.
    let fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1";
    let g = game(&format!("[FEN \"{fen}\"]\n1... h9g7 2. h2e2 *\n"));
    let text = write_pgn(&g, &PgnOptions::default()).unwrap();
    assert!(text.contains("1... 马８进７ 2. 炮二平五"), "{text}");
    assert!(text.contains(&format!("[FEN \"{fen}\"]")));
}

#[test]
fn comments_pgn_cannot_spell_survive_a_round_trip_where_they_can() {
    let mut g = game("[Game \"Chinese Chess\"]\n1. h2e2 h9g7 (1... b9c7) *\n");
    g.moves.plies[1].variations[0].plies[0].comment = Some("a } b".to_owned());
    g.moves.plies[0].comment = Some("x\n[Event \"y\"]".to_owned());
    let text = write_pgn(&g, &PgnOptions::default()).unwrap();
    let back = game(&text);
    assert_eq!(back.moves.leaves(), g.moves.leaves());
    assert_eq!(
        back.moves.plies[1].variations[0].plies[0]
            .comment
            .as_deref(),
        Some("a } b")
    );
    assert_eq!(
        back.moves.plies[0].comment.as_deref(),
        Some("x\n［Event \"y\"]")
    );
    // A fuzzer's find (2026-12-01): the `[` after two tabs was not guarded, so the written
    // comment split the game in two and its first half ended in an unterminated comment.
    g.moves.plies[0].comment = Some("x\n\t\t [Game \"y\"]".to_owned());
    let text = write_pgn(&g, &PgnOptions::default()).unwrap();
    let all = read_all(text.as_bytes());
    assert_eq!(all.len(), 1, "{text}");
    let back = all.into_iter().next().unwrap().unwrap();
    assert_eq!(
        back.moves.plies[0].comment.as_deref(),
        Some("x\n\t\t ［Game \"y\"]")
    );
}

#[test]
fn a_visitor_can_skip_movetext_for_a_fast_tag_scan() {
    struct Players(Vec<String>);
    impl Visitor for Players {
        type Output = ();
        fn tag(&mut self, name: &str, value: &str) {
            if name == "Red" {
                self.0.push(value.to_owned());
            }
        }
        fn end_tags(&mut self) -> xiangqi_records::pgn::Skip {
            xiangqi_records::pgn::Skip(true)
        }
        fn end_game(&mut self) {}
    }
    let text = "[Red \"a\"]\n1. h2e2 *\n[Red \"b\"]\n1. zz {x *\n[Red \"c\"]\n*\n";
    let mut reader = PgnReader::new(text.as_bytes());
    let mut v = Players(Vec::new());
    while let Some(r) = reader.read_game(&mut v) {
        r.unwrap();
    }
    assert_eq!(v.0, ["a", "b", "c"]);
}

/// A fuzzer's find (`tests/data/fuzz/pgn-tag-name-starting-with-digit.pgn`): the tag parser
/// took `[10Game "…"]` as a tag, the game splitter did not, so the written game split in two
/// and lost its moves on reading back. A tag name begins with a letter for all three.
#[test]
fn a_tag_name_starting_with_a_digit_is_refused_where_it_is() {
    let bytes = std::fs::read(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/data/fuzz/pgn-tag-name-starting-with-digit.pgn"),
    )
    .unwrap();
    let games = read_all(&bytes);
    let first = games[0].as_ref().unwrap_err();
    assert!(matches!(&first.kind, ErrorKind::BadTag(t) if t.starts_with("[10Game")));
    assert_eq!(first.place, Place::Text { line: 1, column: 1 });
    for g in games.iter().flatten() {
        let text = write_pgn(g, &PgnOptions::default()).unwrap();
        let back = read_all(text.as_bytes());
        assert_eq!(back.len(), 1);
        assert_eq!(back[0].as_ref().unwrap().moves, g.moves);
    }
    let mut g = GameRecord::from_moves(xiangqi::Position::start(), ["h2e2".parse().unwrap()]);
    g.tags.set("10Game", "x");
    assert!(write_pgn(&g, &PgnOptions::default()).is_err());
    // `Game_No` is a tag of its own, not a second `Game` tag that starts a new game.
    g.tags = Default::default();
    g.tags.set("Game_No", "3");
    g.tags.set("Game", "Xiangqi");
    let back = read_all(write_pgn(&g, &PgnOptions::default()).unwrap().as_bytes());
    assert_eq!(back.len(), 1);
    let back = back[0].as_ref().unwrap();
    assert_eq!(back.tags.get("Game_No"), Some("3"));
    assert_eq!(back.moves, g.moves);
}

/// The writer's own `FEN` and `Format` tags are the only ones: a record whose tags hold others
/// (from another format) would otherwise be written with two, and read back from the first.
#[test]
fn a_records_own_fen_and_format_tags_do_not_contradict_its_start() {
    let fen = "4k4/9/9/9/9/9/9/9/R8/3K5 w - - 0 1";
    let mut g = game(&format!("[FEN \"{fen}\"]\n1. a1a2 *\n"));
    g.tags.set("FEN", Position::start().fen());
    g.tags.set("Format", "ICCS");
    let text = write_pgn(&g, &PgnOptions::default()).unwrap();
    assert_eq!(text.matches("[FEN ").count(), 1, "{text}");
    assert_eq!(text.matches("[Format ").count(), 1, "{text}");
    let back = game(&text);
    assert_eq!(back.start, g.start);
    assert_eq!(back.moves.leaves(), g.moves.leaves());
}
