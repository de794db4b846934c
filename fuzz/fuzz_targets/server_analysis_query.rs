//! Fuzz the analysis endpoint's query string (`GET /api/games/{id}/analysis?ply=N`): any text
//! gives a ply, none, or an error that says what; never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use xiangqi_server::analysis::ply;

fuzz_target!(|data: &[u8]| {
    let Ok(query) = std::str::from_utf8(data) else {
        return;
    };
    let first = query.split('&').find_map(|p| p.strip_prefix("ply="));
    match ply(Some(query)) {
        Ok(Some(n)) => assert_eq!(first.and_then(|v| v.parse().ok()), Some(n)),
        Ok(None) => assert!(first.is_none()),
        Err(e) => assert!(first.is_some() && e.to_string().contains("ply=")),
    }
});
