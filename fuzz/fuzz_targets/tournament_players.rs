//! The player list reader (CSV or JSON) must never panic; every player it returns has a name.

#![no_main]

use libfuzzer_sys::fuzz_target;
use xiangqi_tournament::player::read_players;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(players) = read_players(text) {
        assert!(players.iter().all(|p| !p.name.trim().is_empty()));
    }
});
