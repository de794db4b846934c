//! The readers of the events' request bodies (`POST /api/events`, `/players`, `/teams`,
//! `/results`) must never panic, whatever the bytes: each answers a value or an error that
//! says what is wrong. The first byte picks the reader.

#![no_main]

use libfuzzer_sys::fuzz_target;
use xiangqi_competition::request::{parse_player, parse_result, parse_team};
use xiangqi_competition::system::parse_tiebreaks;
use xiangqi_server::event::games::parse_event;

fuzz_target!(|data: &[u8]| {
    let Some((&which, body)) = data.split_first() else {
        return;
    };
    match which % 5 {
        0 => {
            if let Ok(spec) = parse_event(body) {
                assert!(!spec.name.is_empty());
            }
        }
        1 => {
            if let Ok(p) = parse_player(body) {
                assert!(!p.name.is_empty());
            }
        }
        2 => {
            let _ = parse_team(body);
        }
        3 => {
            let _ = parse_result(body);
        }
        _ => {
            if let Ok(text) = std::str::from_utf8(body) {
                let _ = parse_tiebreaks(text);
            }
        }
    }
});
