//! Fuzz the play server's WebSocket client messages: any bytes give a typed message or an
//! error that says what and where, never a panic or a hang.
#![no_main]

use libfuzzer_sys::fuzz_target;
use xiangqi_server::ws::parse_client_message;

fuzz_target!(|data: &[u8]| {
    if let Err(e) = parse_client_message(data) {
        assert!(!e.to_string().is_empty());
    }
});
