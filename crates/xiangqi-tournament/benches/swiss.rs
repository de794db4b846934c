//! Pairing one round of a 1,000-player Swiss: the Chinese and 1960 systems, and the FIDE
//! Dutch system beside them (bbpPairings' exact Dutch needs "minutes?" at this size, by the
//! table in the README of lichess's `--fast` fork of bbpPairings). Prints criterion's time
//! per pairing.

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use xiangqi_tournament::swiss::{FirstRound, SwissVariant};
use xiangqi_tournament::{Lots, Outcome, Player, Settings, System, Tournament};

/// A 1,000-player event with `played` rounds already played with random results.
fn event(players: usize, played: u32, variant: SwissVariant) -> Tournament {
    let mut lots = Lots::new(2026);
    let list = (0..players)
        .map(|i| Player::new(format!("P{i}")).with_rating(1200 + lots.below(1400) as u32))
        .collect();
    let mut settings = Settings::swiss(11);
    if variant == SwissVariant::Dutch {
        settings.scoring = xiangqi_tournament::Scoring::modern();
    }
    settings.system = System::Swiss {
        rounds: 11,
        variant,
        first_round: FirstRound::Adjacent,
    };
    let mut t = Tournament::new("bench", list, settings).expect("valid");
    for r in 1..=played {
        t.pair_next_round().expect("pairs");
        let boards: Vec<u32> = t.rounds[r as usize - 1]
            .games
            .iter()
            .map(|g| g.board)
            .collect();
        for b in boards {
            let o = match lots.below(10) {
                0..=3 => Outcome::FirstWins,
                4..=6 => Outcome::Draw,
                _ => Outcome::SecondWins,
            };
            t.set_result(r, b, o).expect("board");
        }
    }
    t
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("swiss_pair_round_1000_players");
    group.sample_size(10);
    group.warm_up_time(std::time::Duration::from_millis(500));
    for (variant, name, rounds) in [
        (SwissVariant::Chinese, "chinese", &[1u32, 5, 10][..]),
        (SwissVariant::Rules1960, "1960", &[1, 5, 10][..]),
        (SwissVariant::Dutch, "dutch", &[0, 1, 5][..]),
    ] {
        for &played in rounds {
            let t = event(1000, played, variant);
            if variant == SwissVariant::Dutch {
                // Whether any bracket's search reached its budget (then the pairing is not
                // proven the rules' own): the round's notes say so.
                let mut once = t.clone();
                once.pair_next_round().expect("pairs");
                let notes = &once.rounds[played as usize].notes;
                let budget = notes.iter().filter(|n| n.contains("budget")).count();
                eprintln!(
                    "dutch round {}: {budget} budget notes {notes:?}",
                    played + 1
                );
            }
            group.bench_with_input(
                BenchmarkId::new(name, format!("round{}", played + 1)),
                &t,
                |b, t| {
                    b.iter_batched(
                        || t.clone(),
                        |mut t| t.pair_next_round().expect("pairs"),
                        criterion::BatchSize::LargeInput,
                    )
                },
            );
        }
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
