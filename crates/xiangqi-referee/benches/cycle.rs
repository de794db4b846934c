//! How long the classification and ruling of one repetition cycle takes.
//!
//! Positions: 2020 CXA 图8 (a check-and-chase cycle, Chinese rules) and AXF D33 (a rook
//! chasing an unprotected cannon, Asian rules), both from the rulebook corpus; then every
//! corpus case in turn (its own rule set, the cycle taken twice), with the mean per case and
//! the slowest case printed; then positions no test was tuned on: every one-piece change of a
//! corpus case (a piece taken off, or stepped to an empty square beside it) whose cycle still
//! plays and comes back, with the median, the 90th percentile and the slowest printed.

use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use xiangqi::{Move, Position};
use xiangqi_referee::{RuleSet, cycle::rule_cycle};

#[path = "../tests/common/changes.rs"]
mod changes;
use changes::one_piece_changes;

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

/// Every corpus case with a cycle: (id, start of the cycle, the cycle twice, rule set).
fn corpus() -> Vec<(String, Position, Vec<Move>, RuleSet)> {
    let mut out = Vec::new();
    for line in include_str!("../tests/data/rulebook-cases.jsonl").lines() {
        let Ok(v) = serde_json::from_str::<serde_json::Value>(line) else {
            continue;
        };
        let rep = if v["repetition_with_extension"].is_array() {
            &v["repetition_with_extension"]
        } else {
            &v["repetition"]
        };
        let (Some(i), Some(j)) = (rep[0].as_u64(), rep[1].as_u64()) else {
            continue;
        };
        let moves: Vec<Move> = ["moves_iccs", "cycle_extension_iccs"]
            .iter()
            .filter_map(|k| v[*k].as_array())
            .flatten()
            .filter_map(|m| m.as_str()?.parse().ok())
            .collect();
        let id = v["id"].as_str().unwrap_or("").to_owned();
        let Ok(mut pos) = Position::from_fen(v["fen"].as_str().unwrap_or("")) else {
            continue;
        };
        for &m in &moves[..i as usize] {
            pos.play_unchecked(m);
        }
        let cycle = &moves[i as usize..j as usize];
        let twice: Vec<Move> = cycle.iter().chain(cycle).copied().collect();
        let rules = if id.starts_with("cn") {
            RuleSet::Chinese
        } else {
            RuleSet::Asian
        };
        out.push((id, pos, twice, rules));
    }
    out
}

fn bench_corpus(c: &mut Criterion) {
    let cases = corpus();
    c.bench_function("cycle/corpus/every_case", |b| {
        b.iter(|| {
            for (_, pos, moves, rules) in &cases {
                std::hint::black_box(rule_cycle(pos, moves, *rules));
            }
        })
    });
    // Each case timed on its own (best of 20 runs, to shed the machine's noise): the median,
    // the 90th percentile and the slowest.
    let mut times: Vec<(Duration, &str)> = cases
        .iter()
        .map(|(id, pos, moves, rules)| {
            (best_of(20, || rule_cycle(pos, moves, *rules)), id.as_str())
        })
        .collect();
    times.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    if let Some(&(max, id)) = times.last() {
        let n = times.len();
        println!(
            "{n} cases: median {:.3} ms, 90th percentile {:.3} ms, {} under 1 ms; slowest {id} {:.3} ms",
            ms(times[n / 2].0),
            ms(times[n * 9 / 10].0),
            times.iter().filter(|t| ms(t.0) < 1.0).count(),
            ms(max)
        );
    }
}

/// The shortest of `runs` timings of `f`: the least disturbed by the rest of the machine.
fn best_of<T>(runs: usize, mut f: impl FnMut() -> T) -> Duration {
    (0..runs)
        .map(|_| {
            let t = Instant::now();
            std::hint::black_box(f());
            t.elapsed()
        })
        .min()
        .unwrap_or_default()
}

fn bench_unseen(_: &mut Criterion) {
    let mut times: Vec<(Duration, String)> = Vec::new();
    for (id, pos, twice, rules) in corpus() {
        let cycle = &twice[..twice.len() / 2];
        for start in one_piece_changes(&pos, cycle) {
            // Best of 3: each position is ruled from a clean slate (the search memo is emptied
            // per cycle), so the runs are alike but for the machine's noise.
            let best = best_of(3, || rule_cycle(&start, cycle, rules));
            times.push((best, format!("{id} changed: {}", start.fen())));
        }
    }
    times.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    let total: Duration = times.iter().map(|t| t.0).sum();
    if let Some((max, which)) = times.last() {
        let n = times.len();
        println!(
            "{n} one-piece changes: {:.0} ms in all, median {:.3} ms, 90th percentile {:.3} ms, {} over 50 ms; slowest {:.1} ms ({which})",
            ms(total),
            ms(times[n / 2].0),
            ms(times[n * 9 / 10].0),
            times.iter().filter(|t| ms(t.0) > 50.0).count(),
            ms(*max)
        );
    }
}

criterion_group!(benches, bench, bench_corpus, bench_unseen);
criterion_main!(benches);
