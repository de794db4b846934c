//! Times the generator: `cargo run --release --example dutch_probe -- PLAYERS ROUNDS SEED`.
use xiangqi_tournament::generate::{GeneratorConfig, generate};

fn main() {
    let a: Vec<u64> = std::env::args()
        .skip(1)
        .filter_map(|x| x.parse().ok())
        .collect();
    let (players, rounds, seed) = (
        a.first().copied().unwrap_or(60),
        a.get(1).copied().unwrap_or(9),
        a.get(2).copied().unwrap_or(1),
    );
    let start = std::time::Instant::now();
    let t = generate(&GeneratorConfig {
        players: players as u32,
        rounds: rounds as u32,
        seed,
        ..GeneratorConfig::default()
    })
    .expect("generates");
    println!("{} rounds in {:?}", t.rounds.len(), start.elapsed());
    let start = std::time::Instant::now();
    let r = t.check_pairings().expect("checks");
    println!(
        "checked {} rounds in {:?}: {:?}",
        r.rounds_checked,
        start.elapsed(),
        r.difference
    );
}
