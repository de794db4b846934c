//! Fuzz the lobby's challenge body (`POST /api/challenges`): any bytes give the `POST
//! /api/games` body it stands for, or the API's error that says what; never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use xiangqi_server::lobby_api::parse_challenge;

fuzz_target!(|data: &[u8]| {
    match parse_challenge(data) {
        Ok(body) => {
            let creator = body["creator"].as_str().unwrap_or_default();
            assert!(matches!(creator, "red" | "black" | "random"), "{body}");
        }
        Err(e) => {
            let status = e.status().as_u16();
            assert!(status == 400 || status == 422, "{e}");
            assert!(!e.to_string().is_empty());
        }
    }
});
