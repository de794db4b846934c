//! Random Swiss tournaments with random results: no pair meets twice, nobody gets two byes,
//! the colour rules hold, every round is complete, standings are reproducible.
//!
//! `cargo test` runs 1,000 events in debug builds (to stay within ~30 s) and 10,000 in
//! release; `cargo test -- --ignored` runs the full 10,000 in any profile.

use std::collections::HashSet;
use std::io::Write as _;

use xiangqi_tournament::swiss::{FirstRound, SwissVariant};
use xiangqi_tournament::{Lots, Mover, Outcome, Player, PlayerId, Settings, System, Tournament};

/// What the random events looked like, for the summary assertions: how much was checked, and
/// every colour-rule breach found (collected, not panicked on, so that the final assertion is
/// the one that decides and names every failing seed).
#[derive(Default)]
struct Tally {
    events: usize,
    rounds: usize,
    /// Chinese-variant events whose colour histories were checked.
    chinese_events: usize,
    /// Player colour histories checked against the hard rules (one per player per event).
    histories_checked: usize,
    /// Games whose sides were checked against 1960 §10 alternation.
    alternations_checked: usize,
    /// `(seed, player, sides)` of every history that breaks the Chinese colour rules.
    breaches: Vec<(u64, usize, Vec<Mover>)>,
}

fn random_event(seed: u64, tally: &mut Tally) {
    let mut lots = Lots::new(seed);
    let n = 2 + lots.below(39) as usize; // 2..=40 players
    // At most (n − 1) / 2 rounds (1960 §9 四: about half the field): then a pairing without
    // rematches always exists (Dirac), so a failure would be the pairing's fault.
    let max_rounds = ((n - 1) / 2).max(1) as u64;
    let rounds = 1 + lots.below(max_rounds) as u32;
    let variant = if lots.below(2) == 0 {
        SwissVariant::Chinese
    } else {
        SwissVariant::Rules1960
    };
    let first_round = if lots.below(2) == 0 {
        FirstRound::Adjacent
    } else {
        FirstRound::Split
    };
    let players = (0..n)
        .map(|i| Player::new(format!("P{i}")).with_rating(1000 + lots.below(1500) as u32))
        .collect();
    let mut settings = Settings::swiss(rounds);
    settings.system = System::Swiss {
        rounds,
        variant,
        first_round,
    };
    let mut t = Tournament::new("random", players, settings).expect("valid settings");
    let mut met: HashSet<(PlayerId, PlayerId)> = HashSet::new();
    let mut byes: HashSet<PlayerId> = HashSet::new();
    for r in 1..=rounds {
        let number = t
            .pair_next_round()
            .unwrap_or_else(|e| panic!("seed {seed}: round {r}: {e}"));
        assert_eq!(number, r);
        let round = &t.rounds[r as usize - 1];
        // Complete: everyone exactly once.
        let mut seen = HashSet::new();
        for g in &round.games {
            assert!(
                seen.insert(g.first) && seen.insert(g.second),
                "seed {seed}: double booking"
            );
            let key = (g.first.min(g.second), g.first.max(g.second));
            assert!(met.insert(key), "seed {seed} round {r}: {key:?} meet twice");
        }
        if let Some((p, _)) = round.bye {
            assert!(seen.insert(p), "seed {seed}: bye player also paired");
            assert!(byes.insert(p), "seed {seed} round {r}: second bye for {p}");
        }
        assert_eq!(seen.len(), n, "seed {seed} round {r}: round incomplete");
        assert_eq!(round.bye.is_some(), n % 2 == 1);
        // Random results, including defaults.
        let boards: Vec<u32> = round.games.iter().map(|g| g.board).collect();
        for b in boards {
            let outcome = match lots.below(20) {
                0 => Outcome::FirstWinsByForfeit,
                1 => Outcome::SecondWinsByForfeit,
                2..=7 => Outcome::Draw,
                8..=13 => Outcome::FirstWins,
                _ => Outcome::SecondWins,
            };
            t.set_result(r, b, outcome).expect("board exists");
        }
        tally.rounds += 1;
    }
    if variant == SwissVariant::Chinese {
        check_colour_rules(&t, seed, tally);
    } else {
        check_1960_alternation(&t, seed, tally);
    }
    // Reproducible: the same file gives the same standings, and re-pairing gives the same rounds.
    let again = Tournament::from_json(&t.to_json()).expect("own file reads back");
    assert_eq!(again.standings(), t.standings(), "seed {seed}");
    let mut replay = again.clone();
    replay.rounds.truncate(rounds as usize - 1);
    replay.pair_next_round().expect("re-pair");
    let last = rounds as usize - 1;
    assert_eq!(
        replay.rounds[last]
            .games
            .iter()
            .map(|g| (g.first, g.second))
            .collect::<Vec<_>>(),
        t.rounds[last]
            .games
            .iter()
            .map(|g| (g.first, g.second))
            .collect::<Vec<_>>(),
        "seed {seed}: pairing not reproducible"
    );
    tally.events += 1;
}

/// Sides of `p`'s games played over the board, in order.
fn sides(t: &Tournament, p: PlayerId) -> Vec<Mover> {
    t.rounds
        .iter()
        .flat_map(|r| &r.games)
        .filter(|g| g.outcome.is_some_and(Outcome::played))
        .filter_map(|g| g.side_of(p))
        .collect()
}

/// Modern Chinese rules: never three games running on one side, never a surplus of three.
/// The pairing may relax them only when no pairing keeps them (and says so); in events of at
/// most (n − 1) / 2 rounds that never happens, so every breach is recorded as a failure.
fn check_colour_rules(t: &Tournament, seed: u64, tally: &mut Tally) {
    tally.chinese_events += 1;
    for i in 0..t.players.len() {
        let s = sides(t, PlayerId::from_index(i));
        tally.histories_checked += 1;
        let mut diff = 0i32;
        let broken = s.iter().enumerate().any(|(k, side)| {
            diff += if *side == Mover::First { 1 } else { -1 };
            diff.abs() > 2 || (k >= 2 && s[k - 2] == *side && s[k - 1] == *side)
        });
        if broken {
            tally.breaches.push((seed, i + 1, s));
        }
    }
}

/// 1960 §10: "as far as possible" reverse the previous side. Whenever the two players of a
/// game both have a previous game on different sides, both must alternate.
fn check_1960_alternation(t: &Tournament, seed: u64, tally: &mut Tally) {
    let mut last: Vec<Option<Mover>> = vec![None; t.players.len()];
    for r in &t.rounds {
        for g in &r.games {
            let (a, b) = (last[g.first.index()], last[g.second.index()]);
            if let (Some(x), Some(y)) = (a, b)
                && x != y
            {
                tally.alternations_checked += 1;
                assert_eq!(
                    x,
                    Mover::Second,
                    "seed {seed} round {}: {} should alternate",
                    r.number,
                    g.first
                );
            }
        }
        for g in r
            .games
            .iter()
            .filter(|g| g.outcome.is_some_and(Outcome::played))
        {
            last[g.first.index()] = Some(Mover::First);
            last[g.second.index()] = Some(Mover::Second);
        }
    }
}

fn run(count: u64) {
    let mut tally = Tally::default();
    for seed in 0..count {
        random_event(seed, &mut tally);
    }
    assert_eq!(tally.events as u64, count);
    let _ = writeln!(
        std::io::stderr().lock(),
        "{} events, {} rounds paired; {} Chinese events with {} colour histories checked; \
         {} 1960 alternations checked; {} colour-rule breaches",
        tally.events,
        tally.rounds,
        tally.chinese_events,
        tally.histories_checked,
        tally.alternations_checked,
        tally.breaches.len()
    );
    // Both variants were exercised in earnest (each is drawn with probability ½).
    assert!(
        tally.chinese_events as u64 >= count / 3,
        "too few Chinese events"
    );
    assert!(
        tally.alternations_checked as u64 >= count,
        "too few 1960 checks"
    );
    assert!(tally.rounds as u64 >= 2 * count, "too few rounds");
    assert!(
        tally.breaches.is_empty(),
        "colour rules broken: {:?}",
        &tally.breaches[..tally.breaches.len().min(10)]
    );
}

#[test]
fn random_swiss_events() {
    run(if cfg!(debug_assertions) {
        1_000
    } else {
        10_000
    });
}

#[test]
#[ignore = "the full 10,000 events; slow in debug builds"]
fn ten_thousand_random_swiss_events() {
    run(10_000);
}
