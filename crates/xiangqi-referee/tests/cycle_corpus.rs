//! Scores the cycle rulings on the rulebook corpus (`tests/data/rulebook-cases.jsonl`, a copy
//! of the project's shared corpus; see the README there).
//!
//! Each case is played from its FEN; the cycle between the two plies named by `repetition`
//! (or `repetition_with_extension`) is taken twice — the position has then occurred three
//! times — and ruled with the case's rule set (`cn1956` by the 1960 rules, `cn2020` Chinese,
//! `axf-`/`fsf-` Asian: `common::corpus::rules_of_group`). A verdict of `draw` expects no
//! loser, `red_*` Red, `black_*` Black.
//!
//! Run with `--nocapture` to see the per-group table and every miss; `cargo run -p
//! xiangqi-referee --example cycle_case -- <id>` prints one case's classification.

use std::collections::BTreeMap;

mod common;

use common::corpus::load;
use xiangqi::Move;
use xiangqi_referee::cycle::rule_cycle;

/// Cases whose book verdict we knowingly do not reproduce, each with the reason. Every miss
/// must be listed here; a listed case that starts passing is reported too.
const EXPLAINED_MISSES: &[(&str, &str)] = &[
    (
        "axf-D79",
        "limitation: the book's perpetual chase of Red's cannon by Black's rook is not found \
         (the attack arises through Red's own horse on c4); Black's moves read as follow/offer",
    ),
    (
        "axf-D61",
        "medium confidence: Black's horse moves remove the screen of Red's cannon (answering its \
         chase) and so uncover unprotected cannons; the book does not count that as a chase",
    ),
    (
        "fsf-05",
        "engine expectation, not a rule book: one check one chase is allowed by AXF rule 12 (D13)",
    ),
    (
        "fsf-10",
        "engine expectation, not a rule book: one check one chase is allowed by AXF rule 12 (D13)",
    ),
    (
        "fsf-11",
        "engine expectation, not a rule book: one check one chase is allowed by AXF rule 12 (D13)",
    ),
];

/// The scores reached (group, all cases right, high-confidence cases right): a change that
/// loses a case fails the test.
const FLOOR: &[(&str, usize, usize)] = &[
    ("cn1956", 6, 6),
    ("cn2020", 56, 56),
    ("axf", 70, 31),
    ("fsf", 29, 0),
];

#[test]
fn corpus_scores() {
    let cases = load();
    // group -> (right, total) for all confidences and for "high" only.
    let mut table: BTreeMap<String, [(usize, usize); 2]> = BTreeMap::new();
    let mut misses = Vec::new();
    for case in &cases {
        let rules = case.rules;
        // Twice round the cycle: the start position has occurred three times.
        let twice: Vec<Move> = case
            .cycle
            .iter()
            .chain(case.cycle.iter())
            .copied()
            .collect();
        let verdict = rule_cycle(&case.start, &twice, rules);
        let ok = verdict.loser == case.expected;
        let row = table.entry(case.group.clone()).or_default();
        row[0].1 += 1;
        row[0].0 += ok as usize;
        if case.confidence == "high" || case.group.starts_with("cn") {
            row[1].1 += 1;
            row[1].0 += ok as usize;
        }
        if !ok {
            misses.push(format!(
                "{} [{}] expected {:?}, got {:?}: {}",
                case.id, case.confidence, case.expected, verdict.loser, verdict.explanation_zh
            ));
        }
    }
    println!("group    all          high");
    for (g, [all, high]) in &table {
        println!(
            "{g:8} {:3}/{:3}      {:3}/{:3}",
            all.0, all.1, high.0, high.1
        );
    }
    println!("misses:");
    for m in &misses {
        println!("  {m}");
    }
    let unexplained: Vec<_> = misses
        .iter()
        .filter(|m| {
            !EXPLAINED_MISSES
                .iter()
                .any(|(id, _)| m.starts_with(&format!("{id} ")))
        })
        .collect();
    println!("unexplained misses: {}", unexplained.len());
    for (group, all, high) in FLOOR {
        let [a, h] = table.get(*group).copied().unwrap_or_default();
        assert!(
            a.0 >= *all && h.0 >= *high,
            "{group}: {a:?} all, {h:?} high; expected at least {all} and {high}"
        );
    }
    assert!(
        unexplained.is_empty(),
        "misses not explained in EXPLAINED_MISSES: {unexplained:#?}"
    );
    let fixed: Vec<_> = EXPLAINED_MISSES
        .iter()
        .filter(|(id, _)| !misses.iter().any(|m| m.starts_with(&format!("{id} "))))
        .collect();
    if !fixed.is_empty() {
        println!("listed as misses but now right: {fixed:?}");
    }
}
