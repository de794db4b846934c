//! The searches' one bound, the node budget, cuts nothing the rulebook corpus needs (issue
//! 12, point 3): every case is classified and ruled with the referee's budget and again with
//! it raised, and every label and every verdict stays the same. `src/cycle/bounds.rs` says why each bound
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
fn raising_the_node_budget_changes_no_ruling_of_the_corpus() {
    let d = SearchBounds::default();
    let base = rulings(d);
    let raised = SearchBounds {
        node_budget: d.node_budget * 4,
    };
    let mut changed = Vec::new();
    for (x, y) in base.iter().zip(rulings(raised)) {
        if *x != y {
            changed.push(format!(
                "{} {:?} {:?} -> {:?} {:?}",
                x.0, x.1, x.2, y.1, y.2
            ));
        }
    }
    assert!(changed.is_empty(), "{changed:#?}");
    // And a tiny budget does change rulings, and says so: the budget is not idle.
    let tiny = SearchBounds { node_budget: 2 };
    assert_ne!(rulings(tiny), base);
}

/// No move of the corpus has a search stopped at the budget or at the deepest line the search
/// plays (since the searches of checks memoize what a repetition above does not decide, order
/// captures first and double the depth: 18 moves reached the budget before); a search stopped
/// by the budget is reported on the move (`search_cut`).
#[test]
fn moves_classified_with_a_search_cut_are_reported() {
    let mut cut = Vec::new();
    let mut total = 0;
    for case in load().iter() {
        let rules = if case.group.starts_with("cn") {
            RuleSet::Chinese
        } else {
            RuleSet::Asian
        };
        for c in classify_cycle(&case.start, &case.cycle, rules) {
            total += 1;
            if c.search_cut {
                cut.push(format!("{} ply {}", case.id, c.ply));
            }
        }
    }
    eprintln!(
        "{} of {total} corpus moves had a search stopped at the node budget: {cut:?}",
        cut.len()
    );
    // Open: the mate-threat search after the general's answer to a check in 参考图25 (ply 2)
    // reaches the budget; the move is 闲 whatever it finds (2020 art. 26.1.3).
    assert_eq!(cut, ["cn2020-参考图25 ply 2"], "searches cut");
    let tiny = SearchBounds { node_budget: 2 };
    let reported = with_bounds(tiny, || {
        load().iter().any(|case| {
            classify_cycle(&case.start, &case.cycle, RuleSet::Chinese)
                .iter()
                .any(|c| c.search_cut)
        })
    });
    assert!(reported, "a search stopped by the budget is reported");
}
