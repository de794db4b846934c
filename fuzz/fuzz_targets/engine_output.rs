//! The engine-output line parser (UCI/UCCI `info`, `bestmove`, `option`, …) and the reading
//! of a `bestmove` text as a move in each dialect: never a panic on any bytes.
#![no_main]

use libfuzzer_sys::fuzz_target;
use xiangqi::Position;
use xiangqi_engine::{Dialect, EngineMessage, parse_engine_line};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    for line in text.split('\n') {
        if let Ok(EngineMessage::BestMove(b)) = parse_engine_line(line)
            && let Some(mv) = b.mv
        {
            let pos = Position::start();
            for d in [Dialect::Uci, Dialect::UciRanks10, Dialect::Ucci] {
                let _ = d.read_move(&pos, &mv);
            }
        }
    }
});
