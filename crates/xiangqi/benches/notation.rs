//! Reading and writing moves in each notation, over every legal move of positions from seeded
//! random games. Criterion reports time per batch and, with `Throughput::Elements`, moves per
//! second (the figure to compare across commits; the target is well over 1 M moves/s for
//! Chinese).

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use xiangqi::notation::{Notation, parse_move, write_move_into};
use xiangqi::{Move, Position};

/// 200 positions from seeded random games, each with its legal moves (a position and its moves
/// stay together, as when a line is read move by move).
fn sample() -> Vec<(Position, Vec<Move>)> {
    let mut seed: u64 = 0x5EED;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut out = Vec::new();
    for _ in 0..10 {
        let mut pos = Position::start();
        for ply in 0..120 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            if ply % 6 == 0 {
                out.push((pos.clone(), moves.to_vec()));
            }
            pos.play_unchecked(moves[(next() % moves.len() as u64) as usize]);
        }
    }
    out
}

fn bench(c: &mut Criterion) {
    let sample = sample();
    let count: usize = sample.iter().map(|(_, moves)| moves.len()).sum();
    for notation in [Notation::Chinese, Notation::Wxf, Notation::Iccs] {
        let texts: Vec<Vec<String>> = sample
            .iter()
            .map(|(p, moves)| {
                moves
                    .iter()
                    .map(|&m| xiangqi::notation::write_move(p, m, notation))
                    .collect()
            })
            .collect();
        let mut group = c.benchmark_group(format!("notation/{notation}"));
        group.throughput(Throughput::Elements(count as u64));
        group.bench_function("write", |b| {
            let mut out = String::with_capacity(32);
            b.iter(|| {
                for (p, moves) in &sample {
                    for &m in moves {
                        out.clear();
                        write_move_into(p, m, notation, &mut out);
                        black_box(&out);
                    }
                }
            })
        });
        group.bench_function("read", |b| {
            b.iter(|| {
                for ((p, _), texts) in sample.iter().zip(&texts) {
                    for text in texts {
                        black_box(parse_move(p, black_box(text), notation).ok());
                    }
                }
            })
        });
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
