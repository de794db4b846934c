//! Our TRF-2026 files as the programs arbiters use read them. bbpPairings v6.0.0 (a
//! FIDE-endorsed pairing program) stops on a `192` code it does not know and on a `162` code
//! other than W, D, L, Z, P, and wants `152` as exactly "152 W" or "152 B" (the record
//! handling of its `src/fileformats/trf.cpp`, commit 16a000f9: `X` is refused as "not
//! supported"). Random tournaments of ours with absentees, forfeits, PABs and Baku
//! acceleration are written and checked against those rules, then read back by our reader
//! and re-checked round by round: the same rules' pairing every round.

use xiangqi_tournament::export::to_trf2026;
use xiangqi_tournament::generate::{GeneratorConfig, generate};
use xiangqi_tournament::trf::TrfFile;

/// The `192` codes bbpPairings v6.0.0 reads.
const BBP_V6_CODES: [&str; 6] = [
    "FIDE_DUTCH_2025",
    "FIDE_DUTCH",
    "FIDE_DUTCH_2025_BAKU",
    "FIDE_DUTCH_BAKU",
    "FIDE_BURSTEIN",
    "FIDE_BURSTEIN_BAKU",
];

/// What bbpPairings v6 refuses in `text`, if anything.
fn refused_by_bbp_v6(text: &str) -> Option<String> {
    for line in text.lines() {
        match line.get(..3) {
            Some("192") if !BBP_V6_CODES.contains(&line.get(4..).unwrap_or("")) => {
                return Some(format!("unsupported tournament type: {line}"));
            }
            Some("162") => {
                let chars: Vec<char> = line.chars().collect();
                let codes = chars.iter().skip(5).step_by(9).filter(|c| **c != ' ');
                if let Some(c) = codes.clone().find(|c| !"WDLZP".contains(**c)) {
                    return Some(format!("162 code {c}: {line}"));
                }
            }
            Some("152") if line.len() != 5 => return Some(format!("152: {line}")),
            Some("001") if line.chars().count() < 84 => return Some(format!("short: {line}")),
            _ => {}
        }
    }
    None
}

fn one(players: u32, rounds: u32, seed: u64, baku: bool) -> u32 {
    let c = GeneratorConfig {
        players,
        rounds,
        seed,
        forfeits_per_mille: 30,
        byes_per_mille: 40,
        baku,
        ..GeneratorConfig::default()
    };
    let t = generate(&c).unwrap_or_else(|e| panic!("{c:?}: {e}"));
    let text = to_trf2026(&t);
    assert_eq!(refused_by_bbp_v6(&text), None, "{c:?}");
    assert!(text.contains("\n192 FIDE_DUTCH_2025"), "{c:?}");
    let back = TrfFile::parse(&text)
        .expect("reads")
        .to_tournament(None)
        .expect("converts");
    let report = back.check_pairings().expect("checks");
    assert_eq!(report.difference, None, "{c:?}");
    assert_eq!(report.rounds_checked, rounds, "{c:?}");
    report.rounds_checked
}

/// The checker of this file fails on what bbpPairings v6 refused in our files before.
#[test]
fn the_rules_of_bbp_v6s_reader_are_checked() {
    assert!(refused_by_bbp_v6("192 FIDE_DUTCH_2026\n").is_some());
    assert!(refused_by_bbp_v6("162  W 1.0    A 0.0\n").is_some());
    assert!(refused_by_bbp_v6("152 White\n").is_some());
    assert!(refused_by_bbp_v6("162  P 0.5\n192 FIDE_DUTCH_2025\n").is_none());
}

/// 16 tournaments of 9–40 players, 4–9 rounds, a Baku one in four.
#[test]
fn our_files_are_read_by_bbp_v6_and_recheck_clean() {
    let mut rounds = 0;
    for k in 0..16u32 {
        rounds += one(
            9 + (7 * k) % 32,
            4 + k % 6,
            7_000 + u64::from(k),
            k % 4 == 3,
        );
    }
    assert!(rounds >= 16 * 4);
}

/// 16 tournaments of 9–120 players, 4–11 rounds (the sizes).
#[test]
#[ignore = "slow unoptimised: run with --ignored in an optimised profile"]
fn our_larger_files_are_read_by_bbp_v6_and_recheck_clean() {
    let mut rounds = 0;
    for k in 0..16u32 {
        rounds += one(
            9 + (37 * k) % 112,
            4 + (3 * k) % 8,
            8_000 + u64::from(k),
            k % 4 == 1,
        );
    }
    assert!(rounds >= 16 * 4);
}
