//! The rule books' own move texts read to the moves the corpus gives for them
//! (`tests/data/notation/rulebook-cases.tsv`, copied from `crates/xiangqi-referee/tests/data/rulebook-cases.jsonl`),
//! and the moves the 1956 rules print under their figures 6–11 (图六–图十一), as printed.

use xiangqi::notation::{
    LineError, Notation, NotationError, parse_line, parse_move, write_line, write_move,
};
use xiangqi::{Move, Position};

struct Case {
    id: &'static str,
    fen: &'static str,
    iccs: Vec<Move>,
    text: &'static str,
}

fn cases() -> Vec<Case> {
    include_str!("data/notation/rulebook-cases.tsv")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            assert_eq!(f.len(), 4, "bad data line {l:?}");
            Case {
                id: f[0],
                fen: f[1],
                iccs: f[2]
                    .split_whitespace()
                    .map(|m| m.parse().unwrap())
                    .collect(),
                text: f[3],
            }
        })
        .collect()
}

/// The moves part of a text: after the figure header (`图2着法：`, `图 24`), before the
/// prose. The prose is found by reading: the line is read up to the first text that is not a
/// move, and that prefix is read again.
fn read_moves(pos: &Position, text: &str) -> (Vec<Move>, Option<LineError>) {
    let mut body = text;
    if let Some(i) = body.find("着法") {
        body = &body[i + "着法".len()..];
    } else if let Some(rest) = body.strip_prefix('图') {
        // `图 24 1. 车一进四`: the figure number, then the line.
        let rest = rest.trim_start();
        body = rest.trim_start_matches(|c: char| c.is_ascii_digit());
    }
    match parse_line(pos, body, None) {
        Ok(moves) => (moves, None),
        Err(err) => {
            let moves = parse_line(pos, &body[..err.offset], None)
                .unwrap_or_else(|e| panic!("the prefix of {text:?} does not read: {e}"));
            (moves, Some(err))
        }
    }
}

/// What a text that does not simply read to `moves_iccs` does instead, and why (the corpus
/// notes for each case say the same).
struct Exception {
    id: &'static str,
    /// How many plies the text reads before it ends or fails.
    read: usize,
    /// How many of them agree with `moves_iccs`.
    agree: usize,
    /// Whether reading stops with an error at ply `read`.
    stuck: bool,
    #[allow(dead_code)]
    why: &'static str,
}

const EXCEPTIONS: &[Exception] = &[
    Exception {
        id: "axf-D8",
        read: 4,
        agree: 3,
        stuck: true,
        why: "garbled translation: the 4th move is printed C7=2 (a Red letter, and the black cannon \
              goes to file 3 in the book's cycle); the 5th, C3=8, names no piece",
    },
    Exception {
        id: "axf-D13",
        read: 17,
        agree: 3,
        stuck: false,
        why: "the translated 17-ply line reads in full but never repeats; moves_iccs is \
              orange-xiangqi's cycle for the same diagram (corpus notes)",
    },
    Exception {
        id: "axf-D26",
        read: 0,
        agree: 0,
        stuck: true,
        why: "garbled: C2=1 but Red's only cannon stands on file 9 (corpus notes: stuck at 'C2=1')",
    },
    Exception {
        id: "axf-D27",
        read: 9,
        agree: 9,
        stuck: false,
        why: "the text prints the first 9 plies of the 15-ply cycle (corpus notes)",
    },
    Exception {
        id: "axf-D40",
        read: 0,
        agree: 0,
        stuck: true,
        why: "black to move, but the text begins with Red's C8-1 (corpus notes: garbled)",
    },
    Exception {
        id: "axf-D57",
        read: 5,
        agree: 5,
        stuck: true,
        why: "garbled at 'c9=6': no black cannon on file 9 then (corpus notes)",
    },
    Exception {
        id: "axf-D61",
        read: 9,
        agree: 3,
        stuck: false,
        why: "the elephant moves are printed with wrong signs, so the horse goes elsewhere from \
              ply 4; the text reads as a legal but different line (corpus notes)",
    },
    Exception {
        id: "axf-D77",
        read: 8,
        agree: 8,
        stuck: true,
        why: "the 9th move is printed R8=2 but the rook stands on file 7 (corpus notes)",
    },
    Exception {
        id: "axf-D78",
        read: 13,
        agree: 9,
        stuck: false,
        why: "the translation stops before the cycle closes and retreats the horse to c2 where \
              orange-xiangqi's line, used for moves_iccs, goes to c0 (corpus notes)",
    },
    Exception {
        id: "axf-D81",
        read: 9,
        agree: 9,
        stuck: false,
        why: "the text prints the first 9 plies of the 15-ply cycle (corpus notes)",
    },
    Exception {
        id: "axf-D92",
        read: 5,
        agree: 3,
        stuck: true,
        why: "garbled: the 4th move r5=6 goes the other way from the cycle, then 'r4=5' names no \
              rook (corpus notes: stuck at 'r4=5')",
    },
    Exception {
        id: "axf-D101",
        read: 0,
        agree: 0,
        stuck: true,
        why: "R8+1 with two red rooks on file 8, both able to advance one point: the text does \
              not say which (WXF would write R+.. or R-..), so it is an ambiguity error; the \
              corpus notes call the text garbled",
    },
    Exception {
        id: "axf-D103",
        read: 5,
        agree: 5,
        stuck: true,
        why: "garbled at 'r4-3': that square holds a black piece (corpus notes)",
    },
];

#[test]
fn rulebook_move_texts_read_to_their_moves() {
    let mut exact = 0;
    for case in cases() {
        let pos = Position::from_fen(case.fen).unwrap_or_else(|e| panic!("{}: {e}", case.id));
        if case.id.ends_with("-variant") {
            continue; // prose, see `variants_in_prose`
        }
        let (moves, err) = read_moves(&pos, case.text);
        match EXCEPTIONS.iter().find(|e| e.id == case.id) {
            None => {
                // Reading stops where the prose starts (`红方退马打车…`), if any.
                assert_eq!(moves, case.iccs, "{}: {:?} {err:?}", case.id, case.text);
                exact += 1;
            }
            Some(ex) => {
                assert_eq!(moves.len(), ex.read, "{}: {:?} {err:?}", case.id, moves);
                let agree = moves
                    .iter()
                    .zip(&case.iccs)
                    .take_while(|(a, b)| a == b)
                    .count();
                assert_eq!(agree, ex.agree, "{}: {:?}", case.id, moves);
                assert_eq!(err.is_some(), ex.stuck, "{}: {err:?}", case.id);
                if let Some(err) = err {
                    assert_eq!(err.ply, ex.read, "{}", case.id);
                }
            }
        }
    }
    // 109 texts: 2 variants in prose, 13 exceptions above, the rest read exactly.
    assert_eq!(exact, 94);
}

#[test]
fn the_ambiguous_text_names_both_rooks() {
    let case = cases().into_iter().find(|c| c.id == "axf-D101").unwrap();
    let pos = Position::from_fen(case.fen).unwrap();
    let err = parse_line(&pos, case.text, None).unwrap_err();
    assert_eq!(
        err.error,
        NotationError::Ambiguous {
            candidates: vec!["b0".parse().unwrap(), "b3".parse().unwrap()]
        }
    );
    assert_eq!(err.token, "R8+1");
}

/// The moves a sentence mentions (`如续走车8平7，车二平三，车7平8`): every 4-character run
/// that reads as a move where it stands.
fn moves_in_prose(pos: &Position, text: &str) -> Vec<Move> {
    let chars: Vec<char> = text.chars().collect();
    let mut pos = pos.clone();
    let mut out = Vec::new();
    let mut i = 0;
    while i + 4 <= chars.len() {
        let word: String = chars[i..i + 4].iter().collect();
        match parse_move(&pos, &word, Notation::Chinese) {
            Ok(m) => {
                pos.play_unchecked(m);
                out.push(m);
                i += 4;
            }
            Err(_) => i += 1,
        }
    }
    out
}

#[test]
fn variants_in_prose() {
    let cases = cases();
    // 图29: "红方首着如改走车五平二 … 如续走车8平7，车二平三，车7平8": four plies, the first four of
    // the corpus line (its last two close the cycle).
    let c = cases
        .iter()
        .find(|c| c.id == "cn2020-图29-variant")
        .unwrap();
    let pos = Position::from_fen(c.fen).unwrap();
    let moves = moves_in_prose(&pos, c.text);
    assert_eq!(moves, c.iccs[..4]);
    // 图30: "则黑方车6退4" is Black's reply to the main line's 炮八退四 (the corpus line's first ply).
    let c = cases
        .iter()
        .find(|c| c.id == "cn2020-图30-variant")
        .unwrap();
    let mut pos = Position::from_fen(c.fen).unwrap();
    assert_eq!(
        parse_move(&pos, "炮八退四", Notation::Chinese),
        Ok(c.iccs[0])
    );
    pos.play_unchecked(c.iccs[0]);
    assert_eq!(moves_in_prose(&pos, c.text), c.iccs[1..2]);
}

/// One move in every system, as each system's source writes it (xqbase, the WXF page,
/// Pikafish and Fairy-Stockfish `src/uci.cpp`).
#[test]
fn one_move_in_every_system() {
    let start = Position::start();
    let m: Move = "h2e2".parse().unwrap();
    for (text, notation) in [
        ("炮二平五", Notation::Chinese),
        ("C2.5", Notation::Wxf),
        ("H2-E2", Notation::Iccs),
        ("h2e2", Notation::Uci),
        ("h3e3", Notation::Uci10),
    ] {
        assert_eq!(parse_move(&start, text, notation), Ok(m), "{text}");
    }
    assert_eq!(write_move(&start, m, Notation::Chinese), "炮二平五");
    assert_eq!(write_move(&start, m, Notation::Wxf), "C2.5");
    let mut pos = start.clone();
    pos.play_unchecked(m);
    let m: Move = "h9g7".parse().unwrap();
    for (text, notation) in [
        ("马８进７", Notation::Chinese),
        ("马8进7", Notation::Chinese),
        ("H8+7", Notation::Wxf),
        ("H9-G7", Notation::Iccs),
        ("h9g7", Notation::Uci),
        ("h10g8", Notation::Uci10),
    ] {
        assert_eq!(parse_move(&pos, text, notation), Ok(m), "{text}");
    }
    assert_eq!(write_move(&pos, m, Notation::Chinese), "马8进7");
    assert_eq!(write_move(&pos, m, Notation::Wxf), "H8+7");
    assert_eq!(write_move(&pos, m, Notation::Uci10), "h10g8");
}

/// 《中国象棋规则》(1956), 图六–图十一: the moves printed under each figure, as printed (run
/// together, 上/下), on the figure's diagram.
#[test]
fn rules_1956_figures_as_printed() {
    let vectors: [(&str, &str, &str); 6] = [
        (
            "4kab2/4a4/2c1b1c2/2R1C4/9/9/9/9/9/4K4 w",
            "车七平九 炮3平1 车九平八 炮1平2",
            "c6a6 c7a7 a6b6 a7b7",
        ),
        (
            "2bak4/4a4/r6r1/2PP3R1/9/9/9/9/4A4/4KA3 w",
            "车二平一 车8平9 车一平三 车9平7",
            "h6i6 h7i7 i6g6 i7g7",
        ),
        (
            "4ka3/4a1R1C/4b3r/9/9/9/9/9/9/3K5 w",
            "炮一平二 车9平8 炮二平一 车8平9",
            "i8h8 i7h7 h8i8 h7i7",
        ),
        (
            "4k4/9/9/9/pr2p4/2R6/9/9/4A4/3AK4 w",
            "车七上五 将5上1 车七下五 车2平4 车七上四 将5下1 车七下四",
            "c4c9 e9e8 c9c4 b5d5 c4c8 e8e9 c8c4",
        ),
        (
            "2bnkr3/5c3/5R3/4C4/9/9/9/3A5/9/2BA1K3 w",
            "车四平五炮6平5车五平四炮5平6",
            "f7e7 f8e8 e7f7 e8f8",
        ),
        (
            "6b1r/1C2k2P1/9/9/9/9/9/9/9/3K5 w",
            "兵二平一车9平8兵一平二车8平9",
            "h8i8 i9h9 i8h8 h9i9",
        ),
    ];
    for (fen, text, iccs) in vectors {
        let pos = Position::from_fen(fen).unwrap();
        let moves = parse_line(&pos, text, None).unwrap_or_else(|e| panic!("{text}: {e}"));
        let got: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
        assert_eq!(got.join(" "), iccs, "{text}");
        // Written back in the modern form: 上/下 become 进/退, the rest is already modern.
        let written = write_line(&pos, &moves, Notation::Chinese).unwrap();
        let modern = text.replace('上', "进").replace('下', "退");
        assert_eq!(written.concat(), modern.replace(' ', ""), "{text}");
    }
}
