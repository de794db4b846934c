//! Fuzz the wxf move reader (and line reader): arbitrary bytes must never panic or hang, on
//! the start position and on a mid-game position with tandem pieces.
#![no_main]

use libfuzzer_sys::fuzz_target;
use xiangqi::Position;
use xiangqi::notation::{Notation, parse_line, parse_move, parse_move_auto, write_move};

/// Mid-game, Red to move, with rooks and pawns doubled on files.
const MIDGAME: &str = "2bak4/4a4/4b1n2/2P2R3/2P2R3/4c4/4P4/4B4/4A4/2BAK4 w - - 0 1";

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let mut positions = vec![Position::start()];
    if let Ok(pos) = Position::from_fen(MIDGAME) {
        positions.push(pos);
    }
    for pos in &positions {
        if let Ok(m) = parse_move(pos, &text, Notation::Wxf) {
            // What reads must be legal and write back to a text that reads to it.
            assert!(pos.is_legal(m));
            let again = write_move(pos, m, Notation::Wxf);
            assert_eq!(parse_move(pos, &again, Notation::Wxf), Ok(m));
        }
        let _ = parse_move_auto(pos, &text);
        let _ = parse_line(pos, &text, Some(Notation::Wxf));
        let _ = parse_line(pos, &text, None);
    }
});
