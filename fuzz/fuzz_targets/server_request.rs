//! Fuzz the play server's HTTP JSON bodies: the first byte picks the route, the rest is the
//! body. Any bytes must give a typed request or an error that says what and where: never a
//! panic or a hang.
#![no_main]

use libfuzzer_sys::fuzz_target;
use xiangqi_server::request::{Request, parse_request};

const ROUTES: [&str; 7] = ["create", "moves", "draw", "adjourn", "seal", "arbiter", "limit"];

fuzz_target!(|data: &[u8]| {
    let Some((&first, body)) = data.split_first() else {
        return;
    };
    let route = ROUTES[usize::from(first) % ROUTES.len()];
    match parse_request(route, body) {
        Ok(Request::Create(spec)) => {
            // A game that is accepted can be played.
            assert!(!spec.start.legal_moves().is_empty());
            assert!(spec.options.foul_limit() >= 1);
        }
        Ok(Request::Arbiter(action)) => assert!(action.validate().is_ok()),
        Ok(Request::Limit(r)) => assert!(r.ground.player_asks()),
        Ok(_) => {}
        Err(e) => assert!(!e.to_string().is_empty()),
    }
});
