//! 2020 art. 26.5: a chase whose capture wins on its square but lets the opponent take as
//! much back elsewhere (做根子捉子, 被牵子捉子, 各吃各子) is decided by the complete exchange —
//! an equal result is 捉, a loss 闲 (得不偿失). Built positions, each ruled as given, mirrored
//! and with the colours swapped. See `src/cycle/mutual.rs`.

mod common;

use common::classes_redrawn;
use xiangqi_referee::{RuleSet, cycle::MoveKind};

/// Applies: the horse steps to c5, between the rooks b5 and h5, and attacks the unprotected
/// rook e6; taking it would reopen the rank. 马×车 车×车: each side takes a rook, the values
/// are equal, and the step is 捉.
#[test]
fn a_capture_paid_back_equally_elsewhere_is_a_chase() {
    let c = classes_redrawn(
        "3aka3/9/1N7/4r4/1r5R1/9/n8/9/9/5K3 w",
        "b7c5 e9e8 c5b7 e8e9",
        RuleSet::Chinese,
    );
    assert_eq!(c[0].kind, MoveKind::Chase, "{:?}", c[0]);
    assert!(
        c[0].chases.iter().any(|t| t.target.to_string() == "e6"),
        "{:?}",
        c[0]
    );
}

/// Just fails: a cannon on e6 instead of the rook: 马×炮 车×车 loses a rook for a cannon
/// (得不偿失), and the step attacks nothing: 闲.
#[test]
fn a_capture_paid_back_with_more_elsewhere_is_idle() {
    let c = classes_redrawn(
        "3aka3/9/1N7/4c4/1r5R1/9/n8/9/9/5K3 w",
        "b7c5 e9e8 c5b7 e8e9",
        RuleSet::Chinese,
    );
    assert!(!c[0].kind.is_attack(), "{:?}", c[0]);
}
