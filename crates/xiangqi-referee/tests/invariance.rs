//! A ruling does not depend on how the position is drawn: every corpus case, its left-right
//! mirror and its colour swap (red and black exchanged, the board turned round, the verdict
//! swapped with them) are ruled alike, label for label.

mod common;

use common::corpus::{Case, load};
use common::drawing::{Drawing, redraw_move, redraw_position};
use xiangqi::{Color, Move, Position};
use xiangqi_referee::{
    RuleSet,
    cycle::{classify_cycle, rule_cycle},
};

/// The labels of the cycle's moves and the loser.
fn ruling(start: &Position, cycle: &[Move], rules: RuleSet) -> (Vec<&'static str>, Option<Color>) {
    let labels = classify_cycle(start, cycle, rules)
        .iter()
        .map(|c| c.kind.label())
        .collect();
    (labels, rule_cycle(start, cycle, rules).loser)
}

fn rules_of(case: &Case) -> RuleSet {
    if case.group.starts_with("cn") {
        RuleSet::Chinese
    } else {
        RuleSet::Asian
    }
}

/// Every case whose redrawing `d` is ruled otherwise than the case itself.
fn differences(d: Drawing) -> (usize, Vec<String>) {
    let cases = load();
    let mut out = Vec::new();
    for case in &cases {
        let rules = rules_of(case);
        let (labels, loser) = ruling(&case.start, &case.cycle, rules);
        let start = redraw_position(&case.start, d);
        let cycle: Vec<Move> = case.cycle.iter().map(|&m| redraw_move(m, d)).collect();
        let (labels2, loser2) = ruling(&start, &cycle, rules);
        let loser2 = match d {
            Drawing::Mirror => loser2,
            Drawing::ColourSwap => loser2.map(|c| !c),
        };
        if labels != labels2 || loser != loser2 {
            out.push(format!(
                "{} {d:?}: {labels:?} {loser:?} as given, {labels2:?} {loser2:?} redrawn",
                case.id
            ));
        }
    }
    (cases.len(), out)
}

#[test]
fn mirrored_cases_are_ruled_alike() {
    let (n, diffs) = differences(Drawing::Mirror);
    println!("mirror: {} of {n} cases ruled alike", n - diffs.len());
    assert!(diffs.is_empty(), "{diffs:#?}");
}

#[test]
fn colour_swapped_cases_are_ruled_alike() {
    let (n, diffs) = differences(Drawing::ColourSwap);
    println!("colour swap: {} of {n} cases ruled alike", n - diffs.len());
    assert!(diffs.is_empty(), "{diffs:#?}");
}
