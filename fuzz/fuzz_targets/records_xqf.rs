//! XQF reader on arbitrary bytes (given the magic, so the fuzzer reaches the decoder): never
//! panics, never hangs; whatever reads writes and reads back to the same moves.
#![no_main]

use libfuzzer_sys::fuzz_target;
use xiangqi::Color;
use xiangqi_records::WriteError;
use xiangqi_records::xqf::{read_xqf, write_xqf};

fuzz_target!(|data: &[u8]| {
    let mut bytes = b"XQ".to_vec();
    bytes.extend_from_slice(data);
    if let Ok(game) = read_xqf(&bytes) {
        let written = match write_xqf(&game) {
            Ok(written) => written,
            // A first move that did not read (a problem listed) can still set Black to move.
            Err(WriteError::Unrepresentable(_)) => {
                assert!(game.moves.plies.is_empty() && game.start.turn() == Color::Black);
                assert!(!game.problems.is_empty());
                return;
            }
            Err(e) => panic!("a record read is legal: {e}"),
        };
        let back = read_xqf(&written).expect("written XQF reads");
        assert_eq!(back.moves, game.moves);
    }
});
