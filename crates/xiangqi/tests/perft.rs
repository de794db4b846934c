//! Perft counts against published and independently computed figures: `data/perft.txt`
//! (sources in `data/README-perft.md`). `cargo test` runs every count up to a node budget;
//! `cargo test --release -- --ignored` runs them all, the start position to depth 5 included.

use xiangqi::{Position, fen::parse_fen, perft};

struct Case {
    id: String,
    fen: String,
    counts: Vec<(u32, u64)>,
}

fn cases() -> Vec<Case> {
    let text = include_str!("data/perft.txt");
    let mut out = vec![];
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut fields = line.split(';');
        let id = fields.next().expect("id").trim().to_owned();
        let fen = fields
            .next()
            .unwrap_or_else(|| panic!("line {}: no FEN", n + 1))
            .trim()
            .to_owned();
        let counts = fields
            .map(|f| {
                let f = f.trim();
                let (d, c) = f
                    .strip_prefix('D')
                    .and_then(|r| r.split_once(' '))
                    .unwrap_or_else(|| panic!("line {}: bad field {f:?}", n + 1));
                (d.parse().unwrap(), c.trim().parse().unwrap())
            })
            .collect();
        out.push(Case { id, fen, counts });
    }
    out
}

fn position(case: &Case) -> Position {
    let setup = parse_fen(&case.fen).unwrap_or_else(|e| panic!("{}: {e}", case.id));
    // Published test positions may carry impossible material (see data/README-perft.md);
    // perft is about the laws of movement, so such boards are accepted here.
    Position::from_setup(setup)
        .or_else(|e| e.ignore_placement())
        .unwrap_or_else(|e| panic!("{}: {e}", case.id))
}

fn run(budget: u64) -> usize {
    let mut checked = 0;
    for case in cases() {
        let pos = position(&case);
        for &(depth, expected) in &case.counts {
            if expected > budget {
                continue;
            }
            assert_eq!(perft(&pos, depth), expected, "{} depth {depth}", case.id);
            checked += 1;
        }
    }
    checked
}

#[test]
fn perft_data_is_substantial() {
    let cases = cases();
    assert!(cases.len() >= 30, "only {} positions", cases.len());
    assert!(cases.iter().any(|c| c.id == "startpos"));
}

#[test]
fn perft_counts_up_to_a_budget() {
    let budget = if cfg!(debug_assertions) {
        300_000
    } else {
        5_000_000
    };
    assert!(run(budget) >= 60);
}

#[test]
#[ignore = "deep: run with cargo test --release -- --ignored"]
fn perft_counts_all_depths() {
    run(u64::MAX);
}
