//! Every reader takes arbitrary bytes without panicking or hanging (property tests; the
//! cargo-fuzz targets in `fuzz/` do the same at length).

use proptest::prelude::*;
use xiangqi_records::{dhtmlxq, pgn, read_games, xqf};

fn sample(path: &str) -> Vec<u8> {
    std::fs::read(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/data")
            .join(path),
    )
    .unwrap()
}

/// Bytes that look enough like a record to get past the first checks.
fn pgnish() -> impl Strategy<Value = Vec<u8>> {
    let piece = prop::sample::select(vec![
        "[Game \"Chinese Chess\"]\n",
        "[FEN \"",
        "\"]\n",
        "[Format \"WXF\"]\n",
        "1.",
        " ",
        "\n",
        "{",
        "}",
        "(",
        ")",
        "h2e2",
        "H2-E2",
        "炮二平五",
        "马８进７",
        "C2.5",
        "1-0",
        "*",
        "…",
        "...",
        ";",
        "$1",
        "[",
        "]",
        "4k4/9/9/9/9/9/9/9/4R4/3K5 w",
        "\u{FFFD}",
        "\r\n",
    ]);
    prop::collection::vec(piece, 0..60).prop_map(|v| v.concat().into_bytes())
}

fn dhtmlish() -> impl Strategy<Value = Vec<u8>> {
    let piece = prop::sample::select(vec![
        "[DhtmlXQ]",
        "[/DhtmlXQ]",
        "[DhtmlXQ_binit]",
        "[/DhtmlXQ_binit]",
        "[DhtmlXQ_movelist]",
        "[/DhtmlXQ_movelist]",
        "[DhtmlXQ_move_0_2_1]",
        "[/DhtmlXQ_move_0_2_1]",
        "[DhtmlXQ_move_1_3_2]",
        "[DhtmlXQ_comment1_3]",
        "[DhtmlXQ_fen]",
        "\\u005B",
        "7747",
        "7062",
        "99",
        "0919293949596979891777062646668600102030405060708012720323436383",
        "||",
        "x",
        "1",
    ]);
    prop::collection::vec(piece, 0..40).prop_map(|v| v.concat().into_bytes())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn pgn_never_panics(bytes in prop::collection::vec(any::<u8>(), 0..512)) {
        let _ = pgn::read_all(&bytes);
    }

    #[test]
    fn pgn_like_text_never_panics(bytes in pgnish()) {
        for g in pgn::read_all(&bytes).into_iter().flatten() {
            // What reads must write and read back the same.
            // (Comments can change: `}` and a line-leading `[` have no PGN spelling.)
            let text = pgn::write_pgn(&g, &pgn::PgnOptions::default()).unwrap();
            let back = pgn::read_all(text.as_bytes()).remove(0).unwrap();
            prop_assert_eq!(back.moves.leaves(), g.moves.leaves());
            prop_assert_eq!(back.tags, g.tags);
        }
    }

    #[test]
    fn dhtmlxq_never_panics(bytes in dhtmlish()) {
        for g in dhtmlxq::read_dhtmlxq(&bytes).into_iter().flatten() {
            let text = dhtmlxq::write_dhtmlxq(&g).unwrap();
            let back = dhtmlxq::read_dhtmlxq(text.as_bytes()).remove(0).unwrap();
            prop_assert_eq!(&back.moves, &g.moves);
        }
    }

    #[test]
    fn xqf_never_panics(bytes in prop::collection::vec(any::<u8>(), 0..2048)) {
        let mut b = b"XQ".to_vec();
        b.extend(bytes);
        let _ = xqf::read_xqf(&b);
        let _ = read_games(&b);
    }

}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn damaged_real_xqf_files_never_panic(
        file in prop::sample::select(vec!["cchess/WildHouse.xqf", "cchess/test1.xqf", "XQFTOOLS/XQFEXAMB.XQF", "cchess/ucci_test2.xqf"]),
        flips in prop::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..8),
        cut in any::<prop::sample::Index>(),
    ) {
        let mut bytes = sample(file);
        for (i, b) in flips {
            let i = i.index(bytes.len());
            bytes[i] ^= b;
        }
        bytes.truncate(cut.index(bytes.len()) + 1024.min(bytes.len()));
        if let Ok(g) = xqf::read_xqf(&bytes) {
            // Whatever reads is legal and writes, but for the one record XQF cannot say: no
            // moves with Black to move, kept only where Red to move is no game (Black in
            // check), which the writer refuses by name.
            let unsayable = g.moves.plies.is_empty() && g.start.turn() == xiangqi::Color::Black;
            match xqf::write_xqf(&g) {
                Ok(bytes) => prop_assert_eq!(xqf::read_xqf(&bytes).unwrap().moves, g.moves),
                Err(e) => prop_assert!(unsayable, "{}", e),
            }
            if unsayable {
                prop_assert!(g.start.is_check(), "Black to move only when Red to move is no game");
            }
        }
    }

    #[test]
    fn damaged_real_pgn_files_never_panic(
        flips in prop::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..8),
    ) {
        let mut bytes = sample("XQFTOOLS/SAMPLE.PGN");
        for (i, b) in flips {
            let i = i.index(bytes.len());
            bytes[i] ^= b;
        }
        let _ = read_games(&bytes);
    }
}

#[test]
fn deeply_nested_variations_are_cut_not_overflowing() {
    let mut text = String::from("[Game \"Chinese Chess\"]\n1. h2e2 h9g7 ");
    for _ in 0..5000 {
        text.push_str("( h9g7 ");
    }
    let g = pgn::read_all(text.as_bytes());
    assert!(g[0].is_err()); // never closed
    for _ in 0..5000 {
        text.push(')');
    }
    let g = pgn::read_all(text.as_bytes()).remove(0).unwrap();
    assert!(!g.problems.is_empty());
    // Variations 5000 deep would be pointless; MAX_DEPTH are kept.
    let mut depth = 0;
    let mut line = &g.moves;
    while let Some(v) = line.plies.last().and_then(|p| p.variations.first()) {
        depth += 1;
        line = v;
    }
    assert_eq!(depth, xiangqi_records::MAX_DEPTH);
}
