//! How long the classification and ruling of one repetition cycle takes.
//!
//! Positions: 2020 CXA 图8 (a check-and-chase cycle, Chinese rules) and AXF D33 (a rook
//! chasing an unprotected cannon, Asian rules), both from the rulebook corpus.

use criterion::{Criterion, criterion_group, criterion_main};
use xiangqi::{Move, Position};
use xiangqi_referee::{RuleSet, cycle::rule_cycle};

fn case(fen: &str, moves: &[&str]) -> (Position, Vec<Move>) {
    let pos = Position::from_fen(fen).expect("corpus FEN is legal");
    let moves = moves
        .iter()
        .map(|m| m.parse().expect("ICCS move"))
        .collect();
    (pos, moves)
}

fn bench(c: &mut Criterion) {
    let (cn, cn_moves) = case(
        "3a3R1/3Nck3/3ab4/P4r3/9/8p/2p5n/C3BA2B/4A4/4K4 w - - 0 1",
        &["h9h3", "f8f9", "h3h9", "f9f8"],
    );
    c.bench_function("cycle/chinese/fig8_check_and_chase", |b| {
        b.iter(|| rule_cycle(std::hint::black_box(&cn), &cn_moves, RuleSet::Chinese))
    });
    let (axf, axf_moves) = case(
        "4kab2/4a4/4b4/3rC2R1/9/9/4n4/4B4/4A4/4KAB1c w - - 0 1",
        &["h6i6", "i0h0", "i6h6", "h0i0"],
    );
    c.bench_function("cycle/asian/d33_rook_chases_cannon", |b| {
        b.iter(|| rule_cycle(std::hint::black_box(&axf), &axf_moves, RuleSet::Asian))
    });
    c.bench_function("cycle/chinese/d33_rook_chases_cannon", |b| {
        b.iter(|| rule_cycle(std::hint::black_box(&axf), &axf_moves, RuleSet::Chinese))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
