//! Writes N random legal games (default 10,000) as ICCS PGN to standard output: a large file
//! for `xq check` and the benchmarks. `cargo run --release --example random_games -- 100000 > big.pgn`
use std::io::Write;

use xiangqi::Position;
use xiangqi::notation::Notation;
use xiangqi_records::GameRecord;
use xiangqi_records::pgn::{PgnOptions, write_pgn};

fn main() -> std::io::Result<()> {
    let n: usize = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(10_000);
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = move || {
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        state.wrapping_mul(0x2545_F491_4F6C_DD1D)
    };
    let opts = PgnOptions {
        notation: Notation::Iccs,
        ..PgnOptions::default()
    };
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for i in 0..n {
        let mut pos = Position::start();
        let mut moves = Vec::new();
        for _ in 0..40 + next() % 160 {
            let legal = pos.legal_moves();
            if legal.is_empty() {
                break;
            }
            let m = legal[(next() % legal.len() as u64) as usize];
            pos.play_unchecked(m);
            moves.push(m);
        }
        let mut g = GameRecord::from_moves(Position::start(), moves);
        g.tags.set("Event", format!("Random {}", i + 1));
        let text = write_pgn(&g, &opts).map_err(std::io::Error::other)?;
        out.write_all(text.as_bytes())?;
        out.write_all(b"\n")?;
    }
    out.flush()
}
