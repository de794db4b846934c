//! CBF (CCBridge XML) reader on arbitrary bytes: never panics, never hangs; whatever reads
//! writes as PGN and reads back to the same moves, or is refused by the writer only for a tag
//! name PGN cannot hold (a CBF head element may be any XML name).
#![no_main]

use libfuzzer_sys::fuzz_target;
use xiangqi_records::WriteError;
use xiangqi_records::ccbridge::read_cbf;
use xiangqi_records::pgn::{PgnOptions, read_all, write_pgn};

fuzz_target!(|data: &[u8]| {
    if let Ok(game) = read_cbf(data) {
        let text = match write_pgn(&game, &PgnOptions::default()) {
            Ok(text) => text,
            Err(WriteError::Unrepresentable(_)) => {
                let pgn_name = |n: &str| {
                    n.as_bytes().first().is_some_and(u8::is_ascii_alphabetic)
                        && n.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'_')
                };
                assert!(game.tags.iter().any(|(n, _)| !pgn_name(n)));
                return;
            }
            Err(e) => panic!("a record read is legal: {e}"),
        };
        let back = read_all(text.as_bytes())
            .remove(0)
            .expect("written PGN reads");
        assert_eq!(back.moves.leaves(), game.moves.leaves());
    }
});
