//! The GUI-command line parser of `xq engine` (`position`, `go`, `setoption`, `banmoves`, …):
//! never a panic on any bytes.
#![no_main]

use libfuzzer_sys::fuzz_target;
use xiangqi_engine::parse_gui_line;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    for line in text.split('\n') {
        let _ = parse_gui_line(line);
    }
});
