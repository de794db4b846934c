//! The readers of the events' request bodies (`POST /api/events`, `/players`, `/teams`,
//! `/results`) must never panic, whatever the bytes: each answers a value or an error that
//! says what is wrong, in English and in Chinese. The first byte picks the reader; the last
//! ones read any text as an error's message or a record's line to be said in Chinese.

#![no_main]

use libfuzzer_sys::fuzz_target;
use xiangqi_competition::log_zh::log_zh;
use xiangqi_competition::request::{parse_player, parse_result, parse_team};
use xiangqi_competition::system::parse_tiebreaks;
use xiangqi_server::event::games::parse_event;
use xiangqi_server::refusal_zh::bad_request_zh;

fuzz_target!(|data: &[u8]| {
    let Some((&which, body)) = data.split_first() else {
        return;
    };
    match which % 7 {
        0 => match parse_event(body) {
            Ok(spec) => assert!(!spec.name.is_empty()),
            Err(e) => assert!(!e.zh().is_empty()),
        },
        1 => {
            if let Ok(p) = parse_player(body) {
                assert!(!p.name.is_empty());
            }
        }
        2 => {
            if let Err(e) = parse_team(body) {
                assert!(!e.zh().is_empty());
            }
        }
        3 => {
            let _ = parse_result(body);
        }
        4 => {
            if let Ok(text) = std::str::from_utf8(body) {
                let _ = parse_tiebreaks(text);
            }
        }
        5 => {
            if let Ok(text) = std::str::from_utf8(body) {
                assert!(!bad_request_zh(text).is_empty());
            }
        }
        _ => {
            if let Ok(text) = std::str::from_utf8(body) {
                let _ = log_zh(text);
            }
        }
    }
});
