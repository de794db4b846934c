//! The invariances of `tests/invariance.rs` on positions no test was tuned on: every one-piece
//! change of every corpus case whose cycle still plays (a piece taken off, or stepped one
//! square; `common/changes.rs`) is ruled alike — label for label, and the same loser — as
//! given, mirrored, with the colours swapped, and from every ply of its cycle (a repetition
//! is noticed wherever the game enters it, so where the cycle is taken to begin must not
//! matter). Slow (about a minute optimised): `#[ignore]`d, run by CI's slow stage.

mod common;

use common::changes::one_piece_changes;
use common::corpus::load;
use common::drawing::{Drawing, redraw_move, redraw_position};
use common::labels_and_loser;
use xiangqi::{Move, Position};
use xiangqi_referee::RuleSet;

/// Every changed position, with its case's cycle and rule set.
fn changed_positions() -> Vec<(String, Position, Vec<Move>, RuleSet)> {
    let mut out = Vec::new();
    for case in load() {
        for start in one_piece_changes(&case.start, &case.cycle) {
            out.push((case.id.clone(), start, case.cycle.clone(), case.rules));
        }
    }
    out
}

#[test]
#[ignore = "slow: rules every one-piece change of the corpus four ways; CI's slow stage runs it"]
fn changed_positions_are_ruled_alike_redrawn() {
    let positions = changed_positions();
    let mut diffs = Vec::new();
    for (id, start, cycle, rules) in &positions {
        let given = labels_and_loser(start, cycle, *rules);
        for d in [Drawing::Mirror, Drawing::ColourSwap] {
            let p = redraw_position(start, d);
            let c: Vec<Move> = cycle.iter().map(|&m| redraw_move(m, d)).collect();
            let (labels, loser) = labels_and_loser(&p, &c, *rules);
            let loser = match d {
                Drawing::Mirror => loser,
                Drawing::ColourSwap => loser.map(|c| !c),
            };
            if (&labels, loser) != (&given.0, given.1) {
                diffs.push(format!(
                    "{id} {d:?} {}: {given:?} as given, {:?} redrawn",
                    start.fen(),
                    (labels, loser)
                ));
            }
        }
    }
    println!("{} changed positions ruled", positions.len());
    assert!(positions.len() > 1000, "{}", positions.len());
    assert!(diffs.is_empty(), "{diffs:#?}");
}

#[test]
#[ignore = "slow: rules every one-piece change of the corpus from every ply of its cycle; CI's slow stage runs it"]
fn changed_positions_are_ruled_alike_from_every_ply_of_the_cycle() {
    let positions = changed_positions();
    let mut diffs = Vec::new();
    for (id, start, cycle, rules) in &positions {
        let given = labels_and_loser(start, cycle, *rules);
        let mut later = start.clone();
        for k in 1..cycle.len() {
            later
                .play(cycle[k - 1])
                .unwrap_or_else(|e| panic!("{id}: the cycle plays: {e}"));
            let turned: Vec<Move> = cycle[k..].iter().chain(&cycle[..k]).copied().collect();
            let (labels, loser) = labels_and_loser(&later, &turned, *rules);
            let mut expected = given.0.clone();
            expected.rotate_left(k);
            if labels != expected || loser != given.1 {
                diffs.push(format!(
                    "{id} from ply {k} of {}: {:?} expected, {:?} ruled",
                    start.fen(),
                    (expected, given.1),
                    (labels, loser)
                ));
            }
        }
    }
    println!("{} changed positions ruled from every ply", positions.len());
    assert!(positions.len() > 1000, "{}", positions.len());
    assert!(diffs.is_empty(), "{diffs:#?}");
}
