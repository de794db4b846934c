//! Move generation speed: perft from the start position and the two chessprogramming
//! positions, and the answers to checks (every position in check within two plies of the
//! perft test data). Compare the printed nodes/s across commits, or against Pikafish run side
//! by side.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use xiangqi::{MoveList, Position, perft};

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

/// Every position in check at most two plies from a position of `tests/data/perft.txt` (the
/// published positions and positions from real games), as often as the tree reaches it.
fn positions_in_check() -> Vec<Position> {
    fn walk(pos: &mut Position, plies: u32, out: &mut Vec<Position>) {
        if pos.is_check() {
            out.push(pos.clone());
        }
        if plies == 0 {
            return;
        }
        for &m in pos.legal_moves().iter() {
            let undo = pos.play_unchecked(m);
            walk(pos, plies - 1, out);
            pos.undo(m, undo);
        }
    }
    let mut out = Vec::new();
    for line in include_str!("../tests/data/perft.txt").lines() {
        let Some(fen) = line.split(';').nth(1).filter(|_| !line.starts_with('#')) else {
            continue;
        };
        let Ok(mut pos) = Position::from_fen(fen) else {
            continue;
        };
        walk(&mut pos, 2, &mut out);
    }
    out
}

/// The generators on positions in check, where most moves cannot answer the check.
fn bench_evasions(c: &mut Criterion) {
    let positions = positions_in_check();
    let mut group = c.benchmark_group("evasions");
    group.throughput(Throughput::Elements(positions.len() as u64));
    let mut list = MoveList::new();
    group.bench_function(format!("legal_moves_into/{}", positions.len()), |b| {
        b.iter(|| {
            let mut n = 0;
            for pos in &positions {
                pos.legal_moves_into(&mut list);
                n += list.len();
            }
            n
        })
    });
    group.bench_function(format!("has_legal_moves/{}", positions.len()), |b| {
        b.iter(|| positions.iter().filter(|p| p.has_legal_moves()).count())
    });
    group.finish();
}

criterion_group!(benches, bench_perft, bench_movegen, bench_evasions);
criterion_main!(benches);
