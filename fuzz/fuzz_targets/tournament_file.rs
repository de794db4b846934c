//! The tournament file reader (JSON) must never panic; what it accepts can be ranked,
//! exported, checked and paired on without panicking, and writes back to an equal file.

#![no_main]

use libfuzzer_sys::fuzz_target;
use xiangqi_tournament::Tournament;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(mut t) = Tournament::from_json(text) else {
        return;
    };
    assert_eq!(
        Tournament::from_json(&t.to_json()).expect("own file reads back"),
        t
    );
    let _ = t.standings();
    let _ = xiangqi_tournament::export::to_trf(&t);
    let _ = xiangqi_tournament::export::Crosstable::build(&t).to_html();
    let _ = t.check_pairings();
    let _ = t.pair_next_round();
});
