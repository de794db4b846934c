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

/// A capture that pays only once the mover's own piece is out of harm is a joint chase, the
/// light level (26.9.2–26.9.3; `tests/cycle_concepts.rs`, the cannon's step to g2) — unless
/// the moved piece, taking no part in the capture, holds the target where it stands: here the
/// rook steps from g3 (where the horse h5 attacks it) to c3, and covers c6 and c8, two of the
/// unprotected horse a7's ways out, and the two rooks then mate whatever the horse does, so it
/// has no safe move: the rook a4's chase stays a chase of a piece without a root (2020 参考图49,
/// 「使…不能离线，为长捉无根子」).
#[test]
fn a_move_that_holds_an_unprotected_target_keeps_the_chase_heavy() {
    let c = classes_redrawn(
        "4k4/9/n8/9/7n1/R8/6R2/9/9/3K5 w",
        "g3c3 e9f9 c3g3 f9e9",
        RuleSet::Chinese,
    );
    // The two rooks also threaten mate (杀 is the heavier label, 26.4); the chase is there.
    assert!(c[0].kind.is_attack(), "{:?}", c[0]);
    let a7 = c[0].chases.iter().find(|t| t.target.to_string() == "a7");
    assert!(a7.is_some_and(|t| t.kind.is_heavy()), "{:?}", c[0]);
}

/// Applies, 不能离线 (参考图49): the rook steps from g3 (attacked by the horse h5) to c3 and covers
/// c8; the unprotected horse a9's only other way out, b7, is taken by its own cannon. The horse
/// cannot leave, the rook is one of the reasons: the rook a4's chase is of a piece without a
/// root, the heavy kind.
#[test]
fn a_target_whose_every_way_out_is_covered_is_held() {
    let c = classes_redrawn(
        "n2aka3/9/1c7/9/7n1/R8/6R2/9/9/3K5 w",
        "g3c3 e9e8 c3g3 e8e9",
        RuleSet::Chinese,
    );
    assert_eq!(c[0].kind, MoveKind::Chase, "{:?}", c[0]);
    let a9 = c[0].chases.iter().find(|t| t.target.to_string() == "a9");
    assert!(a9.is_some_and(|t| t.kind.is_heavy()), "{:?}", c[0]);
}

/// Just fails: without the cannon b7 the horse a9 may go to b7, where nothing attacks it. The
/// rook on c3 still covers c8, but a piece with a safe way out is not held (参考图49's 「不能离
/// 线」 is a piece that cannot leave): the step only makes the capture pay, a joint chase, the
/// light kind (26.9.3).
#[test]
fn a_target_with_a_safe_way_out_is_not_held() {
    let c = classes_redrawn(
        "n2aka3/9/9/9/7n1/R8/6R2/9/9/3K5 w",
        "g3c3 e9e8 c3g3 e8e9",
        RuleSet::Chinese,
    );
    assert_eq!(c[0].kind, MoveKind::Chase, "{:?}", c[0]);
    let a9 = c[0].chases.iter().find(|t| t.target.to_string() == "a9");
    assert!(a9.is_some_and(|t| !t.kind.is_heavy()), "{:?}", c[0]);
}

/// The decision where the book is silent (README, "A capture that stood, its target now
/// held"): the rook a8 attacks the unprotected cannon d8 all along, and the horse's step to d7
/// makes the cannon its leg against the general e9 (pinned, 不能离线). The capture's result is
/// the one it had before the step, and the step is no chase (图5 「结果没有发生变化」); the
/// horse's step back is 闲 as well.
#[test]
fn holding_a_piece_whose_capture_stood_with_the_same_result_is_no_chase() {
    let c = classes_redrawn(
        "4k4/R2c5/9/7n1/2N6/9/9/9/9/5K3 w",
        "c5d7 h6i8 d7c5 i8h6",
        RuleSet::Chinese,
    );
    assert!(!c[0].kind.is_attack(), "{:?}", c[0]);
    assert!(!c[2].kind.is_attack(), "{:?}", c[2]);
}
