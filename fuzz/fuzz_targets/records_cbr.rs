//! CBR (CCBridge binary record) reader on arbitrary bytes after the magic, so the fuzzer
//! reaches the decoder: never panics, never hangs; whatever reads writes as PGN and reads
//! back to the same moves.
#![no_main]

use libfuzzer_sys::fuzz_target;
use xiangqi_records::ccbridge::{CBR_MAGIC, read_cbr};
use xiangqi_records::pgn::{PgnOptions, read_all, write_pgn};

fuzz_target!(|data: &[u8]| {
    let mut bytes = CBR_MAGIC.to_vec();
    bytes.extend_from_slice(data);
    if let Ok(game) = read_cbr(&bytes) {
        let text = write_pgn(&game, &PgnOptions::default()).expect("a record read is legal");
        let back = read_all(text.as_bytes())
            .remove(0)
            .expect("written PGN reads");
        assert_eq!(back.moves.leaves(), game.moves.leaves());
    }
});
