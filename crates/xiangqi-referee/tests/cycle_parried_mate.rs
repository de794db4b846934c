//! A capture that lets the opponent mate is no threat (2020 art. 24.3: 「上述得子后不致立即…
//! 被对方将死」); once a move parries the mate, the capture that stood becomes that move's
//! chase (「解杀后形成捉」, 参考图35). Built positions, each ruled as given, mirrored and with
//! the colours swapped. See `src/cycle/created.rs` (`parries_mate`) and
//! `src/cycle/material.rs` (`capture_gain`).

mod common;

use common::classes_redrawn;
use xiangqi_referee::{RuleSet, cycle::MoveKind};

/// Applies: the horse's step to b5 opens the a-file, and 车a9+ 车c9 车×c9 mates by checks (the
/// general on d9 is hemmed in by its own cannon and the facing generals). Black's horse h4
/// could take the unprotected elephant i2 all along, but only into that mate; the rook's step
/// to c9 parries it, and the capture becomes the rook move's chase. Back on c7: 闲.
#[test]
fn a_capture_freed_by_parrying_a_mate_is_a_chase() {
    let c = classes_redrawn(
        "3k5/3c5/2ra5/9/9/7n1/N8/8B/9/R3K4 w",
        "a3b5 c7c9 b5a3 c9c7",
        RuleSet::Chinese,
    );
    assert_eq!(c[0].kind, MoveKind::MateThreat, "{:?}", c[0]);
    assert_eq!(c[1].kind, MoveKind::Chase, "{:?}", c[1]);
    assert!(
        c[1].chases.iter().any(|t| t.target.to_string() == "i2"),
        "{:?}",
        c[1]
    );
    assert!(!c[3].kind.is_attack(), "{:?}", c[3]);
}

/// Just fails: the rook steps to c8 instead, which parries nothing (车a9+ 车c9 车×c9 still
/// mates): the capture still walks into the mate, and the step is 闲.
#[test]
fn a_step_that_leaves_the_mate_frees_no_capture() {
    let c = classes_redrawn(
        "3k5/3c5/2ra5/9/9/7n1/N8/8B/9/R3K4 w",
        "a3b5 c7c8 b5a3 c8c7",
        RuleSet::Chinese,
    );
    assert_eq!(c[0].kind, MoveKind::MateThreat, "{:?}", c[0]);
    assert!(!c[1].kind.is_attack(), "{:?}", c[1]);
}
