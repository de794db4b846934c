//! The FEN-plus-moves text reader (a FEN, then moves in any notation, then a result) on
//! arbitrary bytes: never panics, never hangs.
#![no_main]

use libfuzzer_sys::fuzz_target;
use xiangqi_records::read_fen_moves;

fuzz_target!(|data: &[u8]| {
    let _ = read_fen_moves(data);
});
