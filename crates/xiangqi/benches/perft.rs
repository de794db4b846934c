//! Move generation speed: perft from the start position and the two chessprogramming
//! positions. Compare the printed nodes/s across commits, or against Pikafish run side by side.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use xiangqi::{Position, perft};

const POSITIONS: [(&str, &str, u32); 3] = [
    (
        "start",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        4,
    ),
    (
        "cpw-1",
        "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
        4,
    ),
    (
        // Two red advisors (`1RBAK1B2`): a copy with a third (`1RBAKAB2`) is another position
        // (55 moves, not the published 58) and does not give the published counts.
        "cpw-2",
        "r2akab1r/3n5/4b3n/p1p1pRp1p/9/2P3P2/P3P3c/N2C3C1/4A4/1RBAK1B2 w - - 0 1",
        3,
    ),
];

fn bench_perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    for (name, fen, depth) in POSITIONS {
        let pos = Position::from_fen(fen).expect("benchmark FEN is legal");
        let nodes = perft(&pos, depth);
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("{name}/d{depth}"), |b| {
            b.iter(|| perft(&pos, depth))
        });
    }
    group.finish();
}

fn bench_movegen(c: &mut Criterion) {
    let pos = Position::start();
    c.bench_function("legal_moves/start", |b| b.iter(|| pos.legal_moves().len()));
}

criterion_group!(benches, bench_perft, bench_movegen);
criterion_main!(benches);
