//! The time-control text reader must never panic; what it accepts must print back to a text
//! that reads to the same control.

#![no_main]

use libfuzzer_sys::fuzz_target;
use xiangqi_clock::TimeControl;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(control) = text.parse::<TimeControl>() {
        let again: TimeControl = control
            .to_string()
            .parse()
            .expect("printed control reads back");
        assert_eq!(again, control);
    }
});
