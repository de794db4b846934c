//! The FEN reader must never panic, whatever the bytes; what it accepts must write back to a
//! FEN that reads to the same position.

#![no_main]

use libfuzzer_sys::fuzz_target;
use xiangqi::Position;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(pos) = Position::from_fen(text) {
        let again = Position::from_fen(&pos.fen()).expect("a written FEN reads back");
        assert_eq!(again, pos);
        let _ = pos.legal_moves();
    }
});
