//! The searches' bounds cut nothing the rulebook corpus needs (issue 12, point 3): every case
//! is classified and ruled with the referee's bounds and again with each bound raised, and
//! every label and every verdict stays the same. `src/cycle/bounds.rs` says why each bound
//! exists; the README says what it cuts.

mod common;

use common::corpus::load;
use xiangqi::Color;
use xiangqi_referee::{
    RuleSet,
    cycle::{SearchBounds, classify_cycle, rule_cycle, with_bounds},
};

/// Every case's labels and loser under `b`.
fn rulings(b: SearchBounds) -> Vec<(String, Vec<&'static str>, Option<Color>)> {
    with_bounds(b, || {
        load()
            .iter()
            .map(|case| {
                let rules = if case.group.starts_with("cn") {
                    RuleSet::Chinese
                } else {
                    RuleSet::Asian
                };
                let labels = classify_cycle(&case.start, &case.cycle, rules)
                    .iter()
                    .map(|c| c.kind.label())
                    .collect();
                let loser = rule_cycle(&case.start, &case.cycle, rules).loser;
                (case.id.clone(), labels, loser)
            })
            .collect()
    })
}

#[test]
fn raising_each_bound_changes_no_ruling_of_the_corpus() {
    let d = SearchBounds::default();
    let base = rulings(d);
    let raised = [
        (
            "mate_checks",
            SearchBounds {
                mate_checks: d.mate_checks + 1,
                ..d
            },
        ),
        (
            "root_checks",
            SearchBounds {
                root_checks: d.root_checks + 1,
                ..d
            },
        ),
        (
            "line_checks",
            SearchBounds {
                line_checks: d.line_checks + 1,
                ..d
            },
        ),
        (
            "offer_mate_checks",
            SearchBounds {
                offer_mate_checks: d.offer_mate_checks + 1,
                ..d
            },
        ),
    ];
    let mut changed = Vec::new();
    for (name, b) in raised {
        for (x, y) in base.iter().zip(rulings(b)) {
            if *x != y {
                changed.push(format!(
                    "{name}: {} {:?} {:?} -> {:?} {:?}",
                    x.0, x.1, x.2, y.1, y.2
                ));
            }
        }
    }
    assert!(changed.is_empty(), "{changed:#?}");
    // And lowering them does change rulings: the bounds are not idle.
    let lowered = SearchBounds {
        mate_checks: 1,
        root_checks: 1,
        line_checks: 1,
        ..d
    };
    assert_ne!(rulings(lowered), base);
}
