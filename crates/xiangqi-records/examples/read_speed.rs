//! Reads a PGN file game by game (main lines, every move checked) and prints games, plies
//! and throughput: `cargo run --release --example read_speed -- big.pgn`.
use std::time::Instant;

use xiangqi_records::pgn::{GameBuilder, PgnReader};

fn main() -> std::io::Result<()> {
    let path = std::env::args().nth(1).expect("a PGN file");
    let file = std::fs::File::open(&path)?;
    let bytes = file.metadata()?.len();
    let started = Instant::now();
    let mut reader = PgnReader::new(std::io::BufReader::with_capacity(1 << 16, file));
    let mut builder = GameBuilder::mainline_only();
    let (mut games, mut plies, mut bad) = (0u64, 0u64, 0u64);
    while let Some(g) = reader.read_game(&mut builder) {
        games += 1;
        match g.and_then(|g| g) {
            Ok(g) => {
                plies += g.moves.plies.len() as u64;
                bad += u64::from(!g.problems.is_empty());
            }
            Err(_) => bad += 1,
        }
    }
    let s = started.elapsed().as_secs_f64();
    println!(
        "{games} games, {plies} plies, {bad} with problems in {s:.3} s: {:.1} MB/s, {:.0} games/s, {:.2} M plies/s",
        bytes as f64 / s / 1e6,
        games as f64 / s,
        plies as f64 / s / 1e6
    );
    Ok(())
}
