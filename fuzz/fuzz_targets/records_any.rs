//! Format detection and every reader behind it, as `xq check` and `xq judge FILE` call them,
//! on arbitrary bytes: never panics, never hangs.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = xiangqi_records::read_games(data);
});
