//! Every way people write a move, read to the right move; the standard form written; and the
//! errors for texts that name no move or several.

use xiangqi::notation::{
    Notation, NotationError, parse_line, parse_move, parse_move_auto, write_move,
};
use xiangqi::{IllegalReason, Move, Position};

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn mv(s: &str) -> Move {
    s.parse().unwrap()
}

/// Reads each text (auto-detected and with its notation given) and checks the move.
fn reads(p: &Position, cases: &[(&str, &str)]) {
    for &(text, iccs) in cases {
        assert_eq!(
            parse_move_auto(p, text),
            Ok(mv(iccs)),
            "{text:?} in {}",
            p.fen()
        );
    }
}

/// Writes each move and checks the text, in one notation.
fn writes(p: &Position, notation: Notation, cases: &[(&str, &str)]) {
    for &(iccs, text) in cases {
        assert_eq!(
            write_move(p, mv(iccs), notation),
            text,
            "{iccs} in {}",
            p.fen()
        );
    }
}

fn after(moves: &str) -> Position {
    let mut p = Position::start();
    for m in moves.split_whitespace() {
        p.play(mv(m)).unwrap();
    }
    p
}

#[test]
fn traditional_and_old_characters() {
    let start = Position::start();
    reads(
        &start,
        &[
            ("砲二平五", "h2e2"),
            ("包二平五", "h2e2"),
            ("傌二進三", "h0g2"),
            ("馬二上三", "h0g2"),
            ("俥一進一", "i0i1"),
            ("車一上一", "i0i1"),
            ("炮贰平伍", "h2e2"),
            ("兵七进一", "c3c4"),
            // 1956: either side's names for either side; the side to move decides.
            ("卒七進一", "c3c4"),
            ("相三进五", "g0e2"),
            ("象三进五", "g0e2"),
            ("士四进五", "f0e1"),
            ("将五进一", "e0e1"),
            ("帥五進一", "e0e1"),
            // Digits for Red, as some web text writes them; full-width too.
            ("炮2平5", "h2e2"),
            ("炮２平５", "h2e2"),
        ],
    );
    let black = after("h2e2");
    reads(
        &black,
        &[
            ("马8进7", "h9g7"),
            ("馬８進７", "h9g7"),
            ("傌8上7", "h9g7"),
            ("車1進1", "a9a8"),
            ("车1上1", "a9a8"),
            ("兵3进1", "c6c5"),
            ("卒3進1", "c6c5"),
            ("炮8平5", "h7e7"),
            ("砲八平五", "h7e7"),
            ("将5进1", "e9e8"),
            ("象3进5", "c9e7"),
            ("士4进5", "d9e8"),
        ],
    );
}

#[test]
fn wxf_variants() {
    let start = Position::start();
    reads(
        &start,
        &[
            ("C2.5", "h2e2"),
            ("C2=5", "h2e2"),
            ("C25", "h2e2"),
            ("c2.5", "h2e2"),
            ("H2+3", "h0g2"),
            ("N2+3", "h0g2"),
            ("E3+5", "g0e2"),
            ("B3+5", "g0e2"),
            ("M3+5", "g0e2"),
            ("A4+5", "f0e1"),
            ("G4+5", "f0e1"),
            ("K5+1", "e0e1"),
            ("R1+1", "i0i1"),
            ("P7+1", "c3c4"),
            ("C2+7", "h2h9"),
            // Fairy-Stockfish marks check.
            ("C2+7+", "h2h9"),
        ],
    );
    let black = after("h2e2");
    reads(
        &black,
        &[
            ("H8+7", "h9g7"),
            ("h8+7", "h9g7"),
            ("r1+1", "a9a8"),
            ("c8=5", "h7e7"),
        ],
    );
}

#[test]
fn coordinates() {
    let start = Position::start();
    for (text, n) in [
        ("h2e2", Notation::Iccs),
        ("H2-E2", Notation::Iccs),
        ("H2E2", Notation::Iccs),
        ("h2e2", Notation::Uci),
        ("h3e3", Notation::Uci10),
    ] {
        assert_eq!(parse_move(&start, text, n), Ok(mv("h2e2")), "{text} {n}");
    }
    // uci10 rank 0 does not exist; uci has no rank 10.
    assert!(matches!(
        parse_move(&start, "h0g2", Notation::Uci10),
        Err(NotationError::Syntax { offset: 1, .. })
    ));
    assert!(matches!(
        parse_move(&start, "h10g8", Notation::Uci),
        Err(NotationError::Syntax { .. })
    ));
    let black = after("h2e2");
    assert_eq!(parse_move(&black, "h10g8", Notation::Uci10), Ok(mv("h9g7")));
    assert_eq!(write_move(&black, mv("a9a8"), Notation::Uci10), "a10a9");
    assert_eq!(write_move(&black, mv("a9a8"), Notation::Uci), "a9a8");
    // Never guessed: the hint says to choose uci10.
    match parse_move_auto(&black, "h10g8") {
        Err(NotationError::Undetected { hint: Some(h), .. }) => assert!(h.contains("uci10")),
        other => panic!("{other:?}"),
    }
}

/// Two rooks, horses and cannons on a file: 前/后 (Chinese), + and - (WXF, either order).
#[test]
fn two_on_a_file() {
    // Red rooks h6 (front) and h4 on file 二; black rooks b7 (front for Black) and b5? no:
    // Black's front is the lower rank: b5 is Black's front rook, b7 its rear.
    let p = pos("4k4/9/1r7/9/1r5R1/9/7R1/9/9/3K5 w");
    writes(
        &p,
        Notation::Chinese,
        &[
            ("h5h8", "前车进三"),
            ("h3h1", "后车退二"),
            ("h5c5", "前车平七"),
            ("h3e3", "后车平五"),
        ],
    );
    writes(
        &p,
        Notation::Wxf,
        &[("h5h8", "R++3"), ("h3h1", "R--2"), ("h5c5", "R+.7")],
    );
    reads(
        &p,
        &[
            ("前车进三", "h5h8"),
            ("前俥進三", "h5h8"),
            ("後車退二", "h3h1"),
            ("车前进三", "h5h8"),
            ("R++3", "h5h8"),
            ("+R+3", "h5h8"),
            ("-R-2", "h3h1"),
            ("R--2", "h3h1"),
            ("R+.7", "h5c5"),
            ("+R.7", "h5c5"),
            ("R+=7", "h5c5"),
            ("R+7", "h5c5"),
        ],
    );
    // Without 前/后 the text is ambiguous when both rooks could do it.
    assert_eq!(
        parse_move_auto(&p, "车二平五"),
        Err(NotationError::Ambiguous {
            candidates: vec![mv("h3e3").from(), mv("h5e5").from()]
        })
    );
    let p = pos("4k4/9/1r7/9/1r5R1/9/7R1/9/9/3K5 b");
    writes(
        &p,
        Notation::Chinese,
        &[("b5b4", "前车进1"), ("b7b9", "后车退2")],
    );
    writes(&p, Notation::Wxf, &[("b5b4", "R++1"), ("b7b9", "R--2")]);
    reads(
        &p,
        &[
            ("前车进1", "b5b4"),
            ("前车进一", "b5b4"),
            ("后车退2", "b7b9"),
            ("r++1", "b5b4"),
        ],
    );
}

#[test]
fn horses_on_one_file_and_the_ambiguity_error() {
    let p = pos("4k4/9/9/9/9/9/2N6/9/2N6/3K5 w");
    assert_eq!(
        parse_move_auto(&p, "马七进六"),
        Err(NotationError::Ambiguous {
            candidates: vec![mv("c1d3").from(), mv("c3d5").from()]
        })
    );
    let err = parse_move_auto(&p, "马七进六").unwrap_err().to_string();
    assert!(err.contains("c1") && err.contains("c3"), "{err}");
    reads(
        &p,
        &[
            ("前马进六", "c3d5"),
            ("后马进六", "c1d3"),
            ("前傌上六", "c3d5"),
        ],
    );
    reads(&p, &[("H++6", "c3d5"), ("H-+6", "c1d3"), ("+H+6", "c3d5")]);
    writes(
        &p,
        Notation::Chinese,
        &[
            ("c3d5", "前马进六"),
            ("c1d3", "后马进六"),
            ("c3e2", "前马退五"),
        ],
    );
    writes(
        &p,
        Notation::Wxf,
        &[("c3d5", "H++6"), ("c1d3", "H-+6"), ("c3e2", "H+-5")],
    );
}

/// Advisors and elephants on one file: the direction tells them apart, never 前/后.
#[test]
fn advisors_and_elephants_on_one_file() {
    let p = pos("3k5/9/9/9/9/2B6/9/5A3/9/2B1KA3 w");
    writes(
        &p,
        Notation::Chinese,
        &[
            ("c4e2", "相七退五"),
            ("c0e2", "相七进五"),
            ("c4a2", "相七退九"),
            ("f2e1", "仕四退五"),
            ("f0e1", "仕四进五"),
        ],
    );
    writes(
        &p,
        Notation::Wxf,
        &[
            ("c4e2", "E7-5"),
            ("c0e2", "E7+5"),
            ("f2e1", "A4-5"),
            ("f0e1", "A4+5"),
        ],
    );
    reads(
        &p,
        &[
            ("相七退五", "c4e2"),
            ("相七进五", "c0e2"),
            ("仕四退五", "f2e1"),
            ("士四进五", "f0e1"),
            ("前相退五", "c4e2"),
        ],
    );
}

/// Three pawns on a file: 前/中/后; WXF P+, P<file> (middle), P-.
#[test]
fn three_pawns_on_a_file() {
    let p = pos("3k5/9/2P6/2P6/2P6/9/9/9/9/5K3 w");
    writes(
        &p,
        Notation::Chinese,
        &[
            ("c7d7", "前兵平六"),
            ("c6d6", "中兵平六"),
            ("c5b5", "后兵平八"),
            ("c7c8", "前兵进一"),
        ],
    );
    writes(
        &p,
        Notation::Wxf,
        &[("c7d7", "P+.6"), ("c6d6", "P7.6"), ("c5b5", "P-.8")],
    );
    reads(
        &p,
        &[
            ("前兵平六", "c7d7"),
            ("中兵平六", "c6d6"),
            ("后兵平八", "c5b5"),
            ("P+.6", "c7d7"),
            ("P7.6", "c6d6"),
            ("P-.8", "c5b5"),
            ("+P.6", "c7d7"),
            // xqbase symbols and Fairy-Stockfish's <index><file>
            ("P..6", "c6d6"),
            ("Pb.6", "c6d6"),
            ("17.6", "c7d7"),
            ("27.6", "c6d6"),
        ],
    );
    let p = pos("4k4/9/9/9/9/6p2/6p2/6p2/9/3K5 b");
    // Black's front is nearest Red: g2, then g3, then g4.
    writes(
        &p,
        Notation::Chinese,
        &[
            ("g2f2", "前卒平6"),
            ("g3f3", "中卒平6"),
            ("g4h4", "后卒平8"),
        ],
    );
    writes(
        &p,
        Notation::Wxf,
        &[("g2f2", "P+.6"), ("g3f3", "P7.6"), ("g4h4", "P-.8")],
    );
    reads(
        &p,
        &[("中卒平6", "g3f3"), ("前卒平６", "g2f2"), ("p7.6", "g3f3")],
    );
}

/// Four and five pawns on a file: 一…五 from the front (Chinese numerals for both sides, as
/// xqbase); WXF ++, P+, (P<file>), P-, --.
#[test]
fn four_and_five_pawns_on_a_file() {
    let p = pos("2P1k4/2P6/2P6/2P6/2P6/9/9/9/9/5K3 w");
    writes(
        &p,
        Notation::Chinese,
        &[
            ("c9d9", "一兵平六"),
            ("c8d8", "二兵平六"),
            ("c7d7", "三兵平六"),
            ("c6d6", "四兵平六"),
            ("c5d5", "五兵平六"),
        ],
    );
    writes(
        &p,
        Notation::Wxf,
        &[
            ("c9d9", "++.6"),
            ("c8d8", "P+.6"),
            ("c7d7", "P7.6"),
            ("c6d6", "P-.6"),
            ("c5d5", "--.6"),
        ],
    );
    // The traditional 前 二 三 四 后 (and 中 for the third of five) read too.
    reads(
        &p,
        &[
            ("前兵平六", "c9d9"),
            ("二兵平六", "c8d8"),
            ("中兵平六", "c7d7"),
            ("后兵平六", "c5d5"),
            ("五兵平六", "c5d5"),
        ],
    );
    let p = pos("4k4/2P6/2P6/2P6/2P6/9/9/9/9/5K3 w");
    writes(
        &p,
        Notation::Wxf,
        &[
            ("c8d8", "++.6"),
            ("c7d7", "P+.6"),
            ("c6d6", "P-.6"),
            ("c5d5", "--.6"),
        ],
    );
    writes(
        &p,
        Notation::Chinese,
        &[
            ("c8d8", "一兵平六"),
            ("c6d6", "三兵平六"),
            ("c5d5", "四兵平六"),
        ],
    );
    let p = pos("3k5/9/9/9/9/6p2/6p2/6p2/6p2/4K4 b");
    // Black: front is g1; xqbase keeps Chinese numerals for the place, digits for files.
    writes(
        &p,
        Notation::Chinese,
        &[
            ("g1f1", "一卒平6"),
            ("g2f2", "二卒平6"),
            ("g4h4", "四卒平8"),
        ],
    );
    reads(
        &p,
        &[
            ("一卒平6", "g1f1"),
            ("1卒平6", "g1f1"),
            ("二卒平６", "g2f2"),
            ("后卒平8", "g4h4"),
        ],
    );
}

/// Pawns doubled on two files: 前兵九平八 (written), 前九平八 and xqbase 一…五 (read);
/// WXF 4+.5, 44.5, 4-.3.
#[test]
fn pawns_doubled_on_two_files() {
    // File 四 (f) holds f7 f6 f5; file 八 (b) holds b6 b5.
    let p = pos("4k4/9/5P3/1P3P3/1P3P3/9/9/9/9/3K5 w");
    writes(
        &p,
        Notation::Chinese,
        &[
            ("f7e7", "前兵四平五"),
            ("f6e6", "中兵四平五"),
            ("f5g5", "后兵四平三"),
            ("b6a6", "前兵八平九"),
            ("b5c5", "后兵八平七"),
        ],
    );
    writes(
        &p,
        Notation::Wxf,
        &[
            ("f7e7", "4+.5"),
            ("f6e6", "44.5"),
            ("f5g5", "4-.3"),
            ("b6a6", "8+.9"),
            ("b5c5", "8-.7"),
        ],
    );
    reads(
        &p,
        &[
            ("前兵四平五", "f7e7"),
            ("前四平五", "f7e7"),
            ("中四平五", "f6e6"),
            ("后八平七", "b5c5"),
            // xqbase: all doubled pawns numbered file by file from the right, front first.
            ("一兵平五", "f7e7"),
            ("三兵平三", "f5g5"),
            ("四兵平九", "b6a6"),
            ("五兵平七", "b5c5"),
            ("4+.5", "f7e7"),
            ("44.5", "f6e6"),
            ("8-.7", "b5c5"),
        ],
    );
    // 前兵 alone: both front pawns can step forward.
    assert_eq!(
        parse_move_auto(&p, "前兵进一"),
        Err(NotationError::Ambiguous {
            candidates: vec![mv("b6b7").from(), mv("f7f8").from()]
        })
    );
    let p = pos("3k5/9/9/9/9/1p5p1/1p5p1/9/9/4K4 b");
    // Black: b-file is Black's 2, h-file Black's 8; front is the lower rank.
    writes(
        &p,
        Notation::Chinese,
        &[("b3a3", "前卒2平1"), ("h4i4", "后卒8平9")],
    );
    writes(&p, Notation::Wxf, &[("b3a3", "2+.1"), ("h4i4", "8-.9")]);
    reads(
        &p,
        &[
            ("前卒2平1", "b3a3"),
            ("前2平1", "b3a3"),
            ("后8平9", "h4i4"),
            ("一卒平1", "b3a3"),
            ("四卒平9", "h4i4"),
        ],
    );
}

#[test]
fn errors_say_what_and_where() {
    let start = Position::start();
    // No piece there.
    match parse_move_auto(&start, "车五进一") {
        Err(NotationError::NoSuchPiece { place, .. }) => assert!(place.contains("file 5")),
        other => panic!("{other:?}"),
    }
    // Shapes no piece can make.
    assert!(matches!(
        parse_move_auto(&start, "马二平三"),
        Err(NotationError::Impossible { .. })
    ));
    assert!(matches!(
        parse_move_auto(&start, "相三进四"),
        Err(NotationError::Impossible { .. })
    ));
    assert!(matches!(
        parse_move_auto(&start, "车九退一"),
        Err(NotationError::Impossible { .. })
    ));
    assert!(matches!(
        parse_move_auto(&start, "炮二平二"),
        Err(NotationError::Impossible { .. })
    ));
    // Legal shapes that break a rule: the reason is given.
    match parse_move_auto(&start, "车九进三") {
        Err(NotationError::Illegal(i)) => {
            assert_eq!(i.mv, mv("a0a3"));
            assert_eq!(i.reason, IllegalReason::OwnPiece);
        }
        other => panic!("{other:?}"),
    }
    match parse_move_auto(&start, "h2f3") {
        Err(NotationError::Illegal(i)) => assert_eq!(i.reason, IllegalReason::CannotMoveThere),
        other => panic!("{other:?}"),
    }
    // Syntax, with the byte offset of the fault.
    match parse_move(&start, "炮二走五", Notation::Chinese) {
        Err(NotationError::Syntax { offset, .. }) => assert_eq!(offset, 6),
        other => panic!("{other:?}"),
    }
    match parse_move(&start, "C2x5", Notation::Wxf) {
        Err(NotationError::Syntax { offset, .. }) => assert_eq!(offset, 2),
        other => panic!("{other:?}"),
    }
    assert_eq!(parse_move_auto(&start, "  "), Err(NotationError::Empty));
    assert!(matches!(
        parse_move_auto(&start, "hello"),
        Err(NotationError::Undetected { .. })
    ));
    // Every error displays a sentence.
    for text in [
        "车五进一",
        "马二平三",
        "车九进三",
        "炮二走五",
        "hello",
        "h10g8",
    ] {
        let e = parse_move_auto(&start, text).unwrap_err();
        assert!(e.to_string().len() > 10, "{text}: {e}");
    }
}

#[test]
fn lines_with_numbers_comments_and_separators() {
    let start = Position::start();
    let expect: Vec<Move> = ["h2e2", "h9g7", "h0g2", "i9h9"].map(mv).to_vec();
    for text in [
        "1. 炮二平五 马8进7 2. 马二进三 车9平8",
        "炮二平五，马8进7，马二进三，车9平8",
        "炮二平五马8进7马二进三车9平8",
        "1.h2e2 1...h9g7 2.h0g2 2...i9h9",
        "C2.5 H8+7 H2+3 R9.8 1-0 garbage",
        "h2e2 {opening} h9g7 (reply) h0g2 （跳马） i9h9",
        "1、炮二平五 马8进7 2、马二进三 车9平8",
    ] {
        assert_eq!(parse_line(&start, text, None), Ok(expect.clone()), "{text}");
    }
    // Explicit notations.
    assert_eq!(
        parse_line(&start, "h3e3 h10g8 h1g3 i10h10", Some(Notation::Uci10)),
        Ok(expect.clone())
    );
    let err = parse_line(&start, "1. 炮二平五 马8进7 2. 马二进四", None).unwrap_err();
    assert_eq!((err.ply, err.token.as_str()), (2, "马二进四"));
    // An unclosed comment is an error, not a silently dropped rest of line.
    let err = parse_line(&start, "h2e2 (oops h9g7 h0g2", None).unwrap_err();
    assert_eq!(err.ply, 1);
}
