//! Random Dutch tournaments (many sizes, odd and even fields, forfeits, requested byes, late
//! entries, Baku acceleration) paired by our Dutch system, written as TRF (both layouts), read
//! back, and re-checked by checking mode: no difference, and the absolute criteria hold.
//!
//! The normal suite runs a quick sample; the `#[ignore]`d test runs thousands (in release in
//! CI).

use std::collections::HashSet;
use std::io::Write as _;

use xiangqi_tournament::generate::{GeneratorConfig, generate};
use xiangqi_tournament::swiss::dutch::method::{self, Method};
use xiangqi_tournament::trf::{TrfFile, TrfVersion};
use xiangqi_tournament::{Outcome, PlayerId, Tournament};

#[derive(Default, Debug)]
struct Tally {
    events: u32,
    rounds: u32,
    boards: u32,
    byes: u32,
    forfeits: u32,
    rests: u32,
    odd_fields: u32,
    baku: u32,
    /// Rounds where a bracket's search (or a look at the following bracket) reached its
    /// work budget: the round's notes say so.
    budget_notes: u32,
    /// Of which: a look at the following bracket (C8) reached its budget.
    c8_budget_notes: u32,
    /// Rounds where a bracket's search passed exchanges it does not generate (art. 4.3) and
    /// no matching applied: the round's notes say so.
    unproven_notes: u32,
}

fn config(seed: u64) -> GeneratorConfig {
    let mut lots = xiangqi_tournament::Lots::new(seed ^ 0x5eed);
    let players = 4 + lots.below(57) as u32; // 4..=60
    let rounds = 1 + lots.below(u64::from((players / 2).clamp(1, 11))) as u32;
    GeneratorConfig {
        players,
        rounds,
        seed,
        forfeits_per_mille: 30,
        byes_per_mille: 30,
        baku: lots.below(5) == 0 && rounds >= 4,
        ..GeneratorConfig::default()
    }
}

fn one(seed: u64, tally: &mut Tally) {
    let c = config(seed);
    let t = generate(&c).unwrap_or_else(|e| panic!("seed {seed} {c:?}: {e}"));
    // The absolute criteria, checked here independently of the pairing code.
    let mut met: HashSet<(PlayerId, PlayerId)> = HashSet::new();
    let mut had_bye: HashSet<PlayerId> = HashSet::new();
    for r in &t.rounds {
        tally.rounds += 1;
        tally.budget_notes += u32::from(r.notes.iter().any(|n| n.contains("budget")));
        tally.c8_budget_notes += u32::from(r.notes.iter().any(|n| n.contains("(C8)")));
        tally.unproven_notes += u32::from(r.notes.iter().any(|n| n.contains("not searched")));
        for g in &r.games {
            tally.boards += 1;
            let key = (g.first.min(g.second), g.first.max(g.second));
            assert!(
                met.insert(key) || !played(g.outcome),
                "seed {seed}: {key:?} meet twice"
            );
            if !played(g.outcome) {
                tally.forfeits += 1;
            }
        }
        // A forfeited game may be replayed later (C.04.1 b): only played games count.
        met.retain(|_| true);
        for g in r.games.iter().filter(|g| !played(g.outcome)) {
            met.remove(&(g.first.min(g.second), g.first.max(g.second)));
        }
        if let Some((p, _)) = r.bye {
            tally.byes += 1;
            assert!(
                had_bye.insert(p),
                "seed {seed} round {}: second bye for {p}",
                r.number
            );
        }
        tally.rests += r.rests.len() as u32;
    }
    tally.odd_fields += c.players % 2;
    tally.baku += u32::from(c.baku);
    for v in [TrfVersion::Trf16, TrfVersion::Trf2026] {
        let text = TrfFile::from_tournament(&t, v).write(v);
        let file = TrfFile::parse(&text).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        let back: Tournament = file
            .to_tournament(Some(t.settings.scoring))
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        // TRF has no board numbers: compare the games as sets.
        assert_eq!(games(&back), games(&t), "seed {seed}: TRF {v:?} round trip");
        assert_eq!(back.players.len(), t.players.len());
        let report = back
            .check_pairings()
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert_eq!(
            report.rounds_checked, c.rounds,
            "seed {seed} {v:?} {:?} {:?}",
            report.difference, t.rounds[0]
        );
        assert_eq!(report.difference, None, "seed {seed} {c:?}: {text}");
    }
    tally.events += 1;
}

/// Per round: sorted (first, second, outcome), the bye, the rests.
type RoundKey = (
    Vec<(PlayerId, PlayerId, Option<Outcome>)>,
    Option<PlayerId>,
    Vec<PlayerId>,
);

fn games(t: &Tournament) -> Vec<RoundKey> {
    t.rounds
        .iter()
        .map(|r| {
            let mut g: Vec<_> = r
                .games
                .iter()
                .map(|g| (g.first, g.second, g.outcome))
                .collect();
            g.sort_by_key(|x| (x.0, x.1));
            let mut rests: Vec<PlayerId> = r.rests.iter().map(|x| x.0).collect();
            rests.sort();
            (g, r.bye.map(|b| b.0), rests)
        })
        .collect()
}

fn played(o: Option<Outcome>) -> bool {
    o.is_some_and(Outcome::played)
}

fn run(count: u64) -> Tally {
    let mut tally = Tally::default();
    for seed in 0..count {
        one(seed, &mut tally);
    }
    let _ = writeln!(std::io::stderr().lock(), "{tally:?}");
    assert_eq!(u64::from(tally.events), count);
    assert!(tally.byes > 0 && tally.forfeits > 0 && tally.rests > 0 && tally.odd_fields > 0);
    tally
}

#[test]
fn random_dutch_tournaments_check_clean() {
    let t = run(if cfg!(debug_assertions) { 25 } else { 300 });
    assert!(t.baku > 0);
    // The search's budget only hands a bracket (or a look at the following bracket for C8)
    // to the matching: no pairing is cut short, nor taken from a search that skipped
    // exchanges.
    assert_eq!(
        (t.budget_notes, t.c8_budget_notes, t.unproven_notes),
        (0, 0, 0),
        "{t:?}"
    );
}

/// Where the search pairs a bracket within its budget, the maximum-weight matching must pair
/// it alike; where it does not, the matching pairs it.
#[test]
#[ignore = "every bracket paired twice: run in release (CI does; 100 events, about 15 s)"]
fn matching_agrees_with_the_search_on_larger_fields() {
    method::set(Method::CrossCheck);
    // 100 events (about 540 rounds and 8,000 brackets): 300 agreed alike (24,498 brackets,
    // 2026-12-01) but took 4 minutes of CI's 30.
    let t = run(100);
    method::set(Method::Search);
    let c = method::counts();
    let _ = writeln!(std::io::stderr().lock(), "{c:?}");
    assert_eq!((c.differed, c.probes_differed), (0, 0), "{c:?}");
    assert!(
        c.agreed > 1_000 && c.probes_agreed > 1_000 && c.matched > 100 && t.rounds > 400,
        "{c:?} {t:?}"
    );
}

#[test]
#[ignore = "thousands of tournaments: run in release (CI does)"]
fn thousands_of_random_dutch_tournaments() {
    // 250 (about 1,300 rounds): 1,000 took 394 s of wall time in release on the loaded
    // 2-core machine, 400 took 144 s with its sibling, and CI's whole run has 40 minutes.
    let t = run(250);
    assert_eq!(
        (t.budget_notes, t.c8_budget_notes, t.unproven_notes),
        (0, 0, 0),
        "{t:?}"
    );
}
