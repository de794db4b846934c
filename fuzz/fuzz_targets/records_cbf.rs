//! CBF (CCBridge XML) reader on arbitrary bytes: never panics, never hangs; whatever reads
//! writes as PGN and reads back to the same moves.
#![no_main]

use libfuzzer_sys::fuzz_target;
use xiangqi_records::ccbridge::read_cbf;
use xiangqi_records::pgn::{PgnOptions, read_all, write_pgn};

fuzz_target!(|data: &[u8]| {
    if let Ok(game) = read_cbf(data) {
        let text = write_pgn(&game, &PgnOptions::default()).expect("a record read is legal");
        let back = read_all(text.as_bytes())
            .remove(0)
            .expect("written PGN reads");
        assert_eq!(back.moves.leaves(), game.moves.leaves());
    }
});
