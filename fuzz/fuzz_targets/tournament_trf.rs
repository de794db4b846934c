//! The TRF reader (TRF16 and TRF-2026) must never panic, whatever the bytes. What it accepts
//! writes back in both layouts to files that read to the same players; a file that converts
//! to a tournament can be exported, ranked and checked without panicking.

#![no_main]

use libfuzzer_sys::fuzz_target;
use xiangqi_tournament::trf::{TrfFile, TrfVersion};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(file) = TrfFile::parse(text) else {
        return;
    };
    for v in [TrfVersion::Trf16, TrfVersion::Trf2026] {
        let again = TrfFile::parse(&file.write(v)).expect("a written TRF reads back");
        assert_eq!(again.players.len(), file.players.len());
        for (a, b) in again.players.iter().zip(&file.players) {
            assert_eq!((a.id, &a.cells, a.rating), (b.id, &b.cells, b.rating));
        }
        if v == TrfVersion::Trf2026 {
            // The `192` code is written as other programs know it, with the rules' own code
            // in a comment after it: both read back as the one code.
            assert_eq!(again.coded_type, file.coded_type);
        }
    }
    if let Ok(t) = file.to_tournament(None) {
        let _ = t.standings();
        let _ = xiangqi_tournament::export::to_trf2026(&t);
        let _ = t.check_pairings();
        let mut t = t;
        let _ = t.pair_next_round();
    }
});
