//! Reading and checking a large file of games: 10,000 random legal games written as ICCS PGN
//! (and the same games in Chinese notation). Prints MB/s, games/s and plies/s for each way of
//! reading, then lets criterion measure plies/s.

use std::hint::black_box;
use std::time::Instant;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use xiangqi::notation::Notation;
use xiangqi::{Move, Position};
use xiangqi_records::GameRecord;
use xiangqi_records::pgn::{GameBuilder, PgnOptions, PgnReader, write_pgn};

const GAMES: usize = 10_000;

#[path = "../../../tools/rng.rs"]
mod rng;
use rng::Rng;

fn random_game(rng: &mut Rng) -> GameRecord {
    let mut pos = Position::start();
    let len = 40 + rng.next() % 160;
    let mut moves: Vec<Move> = Vec::new();
    for _ in 0..len {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let m = legal[(rng.next() % legal.len() as u64) as usize];
        pos.play_unchecked(m);
        moves.push(m);
    }
    let mut g = GameRecord::from_moves(Position::start(), moves);
    g.tags.set("Event", "Benchmark");
    g.tags.set("Red", "Random");
    g.tags.set("Black", "Random");
    g
}

fn file(notation: Notation) -> (Vec<u8>, u64) {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut out = String::new();
    let mut plies = 0;
    let opts = PgnOptions {
        notation,
        ..PgnOptions::default()
    };
    for _ in 0..GAMES {
        let g = random_game(&mut rng);
        plies += g.mainline().len() as u64;
        out.push_str(&write_pgn(&g, &opts).expect("random games are legal"));
        out.push('\n');
    }
    (out.into_bytes(), plies)
}

fn read_mainlines(bytes: &[u8]) -> u64 {
    let mut reader = PgnReader::new(bytes);
    let mut builder = GameBuilder::mainline_only();
    let mut plies = 0;
    while let Some(g) = reader.read_game(&mut builder) {
        plies += g.and_then(|g| g).map_or(0, |g| g.moves.plies.len() as u64);
    }
    plies
}

fn read_trees(bytes: &[u8]) -> u64 {
    PgnReader::new(bytes)
        .records()
        .map(|g| g.map_or(0, |g| g.moves.node_count() as u64))
        .sum()
}

fn report(name: &str, bytes: &[u8], plies: u64, f: fn(&[u8]) -> u64) {
    let runs = 3;
    let start = Instant::now();
    for _ in 0..runs {
        black_box(f(black_box(bytes)));
    }
    let secs = start.elapsed().as_secs_f64() / runs as f64;
    println!(
        "{name:<34} {:>7.1} MB/s {:>9.0} games/s {:>6.2} M plies/s",
        bytes.len() as f64 / secs / 1e6,
        GAMES as f64 / secs,
        plies as f64 / secs / 1e6
    );
}

fn bench(c: &mut Criterion) {
    let (iccs, plies) = file(Notation::Iccs);
    let (chinese, _) = file(Notation::Chinese);
    println!(
        "file: {GAMES} random legal games, {plies} plies; ICCS PGN {:.1} MB, Chinese PGN {:.1} MB",
        iccs.len() as f64 / 1e6,
        chinese.len() as f64 / 1e6
    );
    assert_eq!(read_mainlines(&iccs), plies);
    assert_eq!(read_mainlines(&chinese), plies);
    report(
        "ICCS: read + legality (main line)",
        &iccs,
        plies,
        read_mainlines,
    );
    report(
        "ICCS: read + legality (full tree)",
        &iccs,
        plies,
        read_trees,
    );
    report("Chinese: read + legality", &chinese, plies, read_mainlines);

    let mut group = c.benchmark_group("records");
    group.sample_size(10);
    group.throughput(Throughput::Elements(plies));
    group.bench_function("iccs_read_check", |b| {
        b.iter(|| read_mainlines(black_box(&iccs)))
    });
    group.bench_function("chinese_read_check", |b| {
        b.iter(|| read_mainlines(black_box(&chinese)))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
