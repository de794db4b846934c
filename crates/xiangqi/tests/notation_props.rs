//! Property tests: the readers never panic on arbitrary input, and what they accept is legal
//! and written back to a text that reads to the same move.

use proptest::prelude::*;
use xiangqi::Position;
use xiangqi::notation::{Notation, detect, parse_line, parse_move, parse_move_auto, write_move};

/// The fuzz targets' mid-game position: rooks and pawns doubled on files.
const MIDGAME: &str = "2bak4/4a4/4b1n2/2P2R3/2P2R3/4c4/4P4/4B4/4A4/2BAK4 w - - 0 1";

fn positions() -> Vec<Position> {
    vec![
        Position::start(),
        Position::from_fen(MIDGAME).expect("the mid-game position is legal"),
        Position::from_fen("3k5/9/9/9/9/6p2/6p2/6p2/6p2/4K4 b").expect("legal"),
    ]
}

/// Characters the readers care about, mixed with anything: so that random strings often come
/// close to moves.
fn notation_text() -> impl Strategy<Value = String> {
    let alphabet: Vec<char> = "车馬炮兵卒将帅仕相象前中后一二三四五六七八九进退平上下123456789０１９.+-=KAEHRCPabcdefghi \u{3000}，(（）)"
        .chars()
        .collect();
    prop::collection::vec(prop::sample::select(alphabet), 0..12)
        .prop_map(|v| v.into_iter().collect())
}

fn check(text: &str) {
    for pos in positions() {
        for notation in Notation::ALL {
            if let Ok(m) = parse_move(&pos, text, notation) {
                assert!(pos.is_legal(m), "{text:?} read to illegal {m}");
                let back = write_move(&pos, m, notation);
                assert_eq!(
                    parse_move(&pos, &back, notation),
                    Ok(m),
                    "{text:?} -> {back:?}"
                );
            }
        }
        if let Ok(m) = parse_move_auto(&pos, text) {
            assert!(pos.is_legal(m));
        }
        let _ = detect(text);
        if let Ok(line) = parse_line(&pos, text, None) {
            let mut p = pos.clone();
            for m in line {
                assert!(p.is_legal(m));
                p.play_unchecked(m);
            }
        }
        if let Err(e) = parse_line(&pos, text, None) {
            // The offset points into the text, at the token.
            assert!(text[e.offset..].starts_with(&e.token), "{e:?} in {text:?}");
            assert!(!e.to_string().is_empty());
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn arbitrary_strings_never_panic(text in any::<String>()) {
        check(&text);
    }

    #[test]
    fn near_miss_strings_never_panic(text in notation_text()) {
        check(&text);
    }

    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..24)) {
        check(&String::from_utf8_lossy(&bytes));
    }
}
