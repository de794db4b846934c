//! Tournaments paired by bbpPairings v6.0.0 (a FIDE-endorsed program), re-checked round by
//! round by our checking mode (the checker behind `xq tournament check`): every round of
//! every file must be our own Dutch pairing, board for board and colour for colour. The
//! files and how they were made: `tests/data/bbp/README.md`.

use xiangqi_tournament::trf::TrfFile;
use xiangqi_tournament::{PlayerId, Tournament};

fn files() -> Vec<(String, Tournament)> {
    let dir = format!("{}/tests/data/bbp", env!("CARGO_MANIFEST_DIR"));
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{dir}: {e}"))
        .filter_map(|e| Some(e.ok()?.file_name().to_string_lossy().into_owned()))
        .filter(|n| n.ends_with(".trf"))
        .collect();
    names.sort();
    names
        .into_iter()
        .map(|name| {
            let text = std::fs::read_to_string(format!("{dir}/{name}")).expect("readable");
            let t = TrfFile::parse(&text)
                .unwrap_or_else(|e| panic!("{name}: {e}"))
                .to_tournament(None)
                .unwrap_or_else(|e| panic!("{name}: {e}"));
            (name, t)
        })
        .collect()
}

/// Checks every round of each file; the rounds checked, and the files that disagree.
fn check(files: &[(String, Tournament)]) -> (u32, Vec<String>) {
    let mut rounds = 0;
    let mut disagreeing = Vec::new();
    for (name, t) in files {
        let report = t.check_pairings().unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(report.notes.is_empty(), "{name}: {:?}", report.notes);
        rounds += report.rounds_checked;
        match report.difference {
            Some(d) => disagreeing.push(format!("{name}: {d}")),
            None => assert_eq!(report.rounds_checked as usize, t.rounds.len(), "{name}"),
        }
    }
    (rounds, disagreeing)
}

/// All 42 files (the 40 random tournaments and the two C9 ones), all 322 rounds: 36 s in an
/// optimised build, about ten minutes unoptimised, so CI runs it with the slow tests.
#[test]
#[ignore = "slow unoptimised: run with --ignored in an optimised profile"]
fn every_round_of_every_bbp_tournament_is_our_pairing() {
    let files = files();
    assert_eq!(files.len(), 42, "40 random tournaments and the two C9 ones");
    let (rounds, disagreeing) = check(&files);
    assert!(disagreeing.is_empty(), "{disagreeing:#?}");
    assert_eq!(rounds, 322);
}

/// The ordinary test run: every round of the ten tournaments of up to 40 players.
#[test]
fn every_round_of_the_smaller_bbp_tournaments_is_our_pairing() {
    let small: Vec<_> = files()
        .into_iter()
        .filter(|(_, t)| t.players.len() <= 40)
        .collect();
    assert_eq!(small.len(), 10);
    let (rounds, disagreeing) = check(&small);
    assert!(disagreeing.is_empty(), "{disagreeing:#?}");
    assert!(rounds >= 40, "{rounds}");
}

/// The two rounds where bbpPairings gives the PAB, by C9, to a player floated down from a
/// group above the lowest (whose players may not take it): round 11 of `bbp-bye-c9-1` (the
/// PAB to 93) and round 10 of `bbp-bye-c9-2` (to 58), re-paired from the rounds before.
#[test]
fn the_c9_byes_bbp_gives_above_the_last_bracket() {
    for (name, t) in files() {
        let (round, to) = match name.as_str() {
            "bbp-bye-c9-1.trf" => (11, 93),
            "bbp-bye-c9-2.trf" => (10, 58),
            _ => continue,
        };
        assert_eq!(
            t.rounds[round - 1].bye.map(|b| b.0),
            Some(PlayerId(to)),
            "{name}"
        );
        let mut replay = t.clone();
        replay.rounds.truncate(round - 1);
        for &(p, pts) in &t.rounds[round - 1].rests {
            replay
                .settings
                .swiss
                .requested_byes
                .push((round as u32, p, pts));
        }
        replay.pair_next_round().expect("pairs");
        let ours = &replay.rounds[round - 1];
        assert_eq!(ours.bye.map(|b| b.0), Some(PlayerId(to)), "{name}");
        let mut a: Vec<_> = ours.games.iter().map(|g| (g.first, g.second)).collect();
        let mut b: Vec<_> = t.rounds[round - 1]
            .games
            .iter()
            .map(|g| (g.first, g.second))
            .collect();
        a.sort();
        b.sort();
        assert_eq!(a, b, "{name} round {round}");
    }
}
