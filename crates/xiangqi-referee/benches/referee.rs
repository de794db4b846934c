//! Refereeing cost against plain replay, on long random games without repetition rulings.
//!
//! "replay" plays every move with `Position::play` (the legality check a record reader must
//! do anyway); "judge" rules on the same games: mate and stalemate after every ply, material
//! after captures, the repetition window and the natural limit. The contract: judge costs at
//! most twice replay, and at least 1 M plies/s. Criterion prints both throughputs; the bench
//! also prints the ratio measured on its own interleaved loop.

use std::hint::black_box;
use std::time::Instant;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use xiangqi::{Move, Position};
use xiangqi_referee::{Options, judge};

#[path = "../../../tools/rng.rs"]
mod rng;
use rng::Rng;

/// Random games from the start position, each cut at the ply the referee decides it, so that
/// both sides of the comparison replay exactly the same plies.
fn games() -> Vec<Vec<Move>> {
    let mut rng = Rng(0x5eed);
    let start = Position::start();
    let mut out = Vec::new();
    while out.len() < 200 {
        let mut pos = start.clone();
        let mut moves = Vec::new();
        while moves.len() < 400 {
            let legal = pos.legal_moves();
            if legal.is_empty() {
                break;
            }
            let m = legal[(rng.next() % legal.len() as u64) as usize];
            pos.play_unchecked(m);
            moves.push(m);
        }
        let ruling = judge(&start, &moves, &Options::default());
        moves.truncate(ruling.ply as usize);
        if moves.len() >= 100 {
            out.push(moves);
        }
    }
    out
}

fn replay(games: &[Vec<Move>]) -> usize {
    let mut n = 0;
    for g in games {
        let mut pos = Position::start();
        for &m in g {
            if pos.play(m).is_err() {
                break;
            }
            n += 1;
        }
        black_box(&pos);
    }
    n
}

fn referee(games: &[Vec<Move>]) -> usize {
    let start = Position::start();
    let options = Options::default();
    games
        .iter()
        .map(|g| black_box(judge(&start, g, &options)).ply as usize)
        .sum()
}

fn bench(c: &mut Criterion) {
    let games = games();
    let plies: usize = games.iter().map(Vec::len).sum();
    assert_eq!(replay(&games), plies);
    assert_eq!(referee(&games), plies);

    let mut group = c.benchmark_group("referee");
    group.throughput(Throughput::Elements(plies as u64));
    group.bench_function("replay", |b| b.iter(|| replay(black_box(&games))));
    group.bench_function("judge", |b| b.iter(|| referee(black_box(&games))));
    group.finish();

    // The ratio from interleaved rounds, each side's fastest: on a shared machine the load
    // changes between criterion's two runs, and the fastest round is the one least disturbed.
    let time = |f: &dyn Fn() -> usize| {
        let t = Instant::now();
        black_box(f());
        t.elapsed().as_secs_f64()
    };
    let (mut r, mut j) = (f64::INFINITY, f64::INFINITY);
    let mut ratios = Vec::new();
    for _ in 0..30 {
        let (rt, jt) = (time(&|| replay(&games)), time(&|| referee(&games)));
        ratios.push(jt / rt);
        r = r.min(rt);
        j = j.min(jt);
    }
    ratios.sort_by(f64::total_cmp);
    println!(
        "{} games, {plies} plies: replay {:.2} M plies/s, judge {:.2} M plies/s (fastest of 30 \
         interleaved rounds), judge/replay = {:.2} (per-round ratios {:.2}–{:.2}, median {:.2})",
        games.len(),
        plies as f64 / r / 1e6,
        plies as f64 / j / 1e6,
        j / r,
        ratios[0],
        ratios[ratios.len() - 1],
        ratios[ratios.len() / 2],
    );
}

criterion_group!(benches, bench);
criterion_main!(benches);
