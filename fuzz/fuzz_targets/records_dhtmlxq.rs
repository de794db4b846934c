//! DhtmlXQ reader on arbitrary bytes: never panics, never hangs; whatever reads writes and
//! reads back the same.
#![no_main]

use libfuzzer_sys::fuzz_target;
use xiangqi_records::dhtmlxq::{read_dhtmlxq, write_dhtmlxq};

fuzz_target!(|data: &[u8]| {
    for game in read_dhtmlxq(data).into_iter().flatten() {
        let text = write_dhtmlxq(&game).expect("a record read is legal");
        let back = read_dhtmlxq(text.as_bytes())
            .remove(0)
            .expect("written DhtmlXQ reads");
        assert_eq!(back.moves, game.moves);
    }
});
