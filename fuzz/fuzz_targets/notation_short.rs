//! Fuzz the short score form reader (current text 7.5: 炮25): any text must read to a legal
//! move that writes back to itself, or give an error; never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use xiangqi::Position;
use xiangqi::notation::short::{parse_short, write_short};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let pos = Position::start();
    if let Ok(m) = parse_short(&pos, &text) {
        assert!(pos.is_legal(m));
        assert_eq!(parse_short(&pos, &write_short(&pos, m)), Ok(m));
    }
});
