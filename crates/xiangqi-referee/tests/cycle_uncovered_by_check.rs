//! A piece its own side's check left capturable by uncovering an attack on it (「自己造成的被捉
//! 状态」, 2020 art. 24.3; 26.1.4): the checking piece blocked the attack where it stood, and
//! the other side's answer only makes the capture legal again — 闲; an answer whose piece also
//! leaves the attacker's line uncovers the capture itself — 捉 (参考图47). Built positions,
//! each ruled as given, mirrored and with the colours swapped. See `src/cycle/own_check.rs`.

mod common;

use common::classes_redrawn;
use xiangqi_referee::{RuleSet, cycle::MoveKind};

/// Applies: Red's cannon e4 stands on the leg of Black's horse e5 towards Red's unprotected
/// horse d3; its check e4-d4 (over the advisor d7) uncovers the attack, and the advisor's
/// answer d7-e8 makes 马×马 legal: the check's doing, 闲.
#[test]
fn an_answer_freeing_an_attack_the_check_uncovered_is_idle() {
    let c = classes_redrawn(
        "3k5/9/3a5/9/4n4/4C4/3N5/9/9/4K4 w",
        "e4d4 d7e8 d4e4 e8d7",
        RuleSet::Chinese,
    );
    assert_eq!(c[0].kind, MoveKind::Check, "{:?}", c[0]);
    assert!(c[1].answers_check, "{:?}", c[1]);
    assert!(!c[1].kind.is_attack(), "{:?}", c[1]);
    assert!(c[1].chases.is_empty(), "{:?}", c[1]);
}

/// Applies on a file: Black's cannon g5, between Red's rook g6 and Black's unprotected cannon
/// g1, checks from e5 over the pawn e3; Red's advisor answers d2-e1, off the rook's file: the
/// rook's capture is the check's doing, 闲.
#[test]
fn an_answer_off_the_line_the_check_opened_is_idle() {
    let c = classes_redrawn(
        "5k3/9/9/6R2/6c2/9/4P4/9/4A1c2/4K4 w",
        "e1d2 g5e5 d2e1 e5g5",
        RuleSet::Chinese,
    );
    assert_eq!(c[1].kind, MoveKind::Check, "{:?}", c[1]);
    assert!(c[2].answers_check, "{:?}", c[2]);
    assert!(!c[2].kind.is_attack(), "{:?}", c[2]);
}

/// Just fails: the same check, but Red's cannon answers from g2, on the rook's file too: its
/// answer uncovers the rook's capture of the cannon g1 as much as the check did, 捉 (as
/// 参考图47's 炮三平五).
#[test]
fn an_answer_that_leaves_the_opened_line_too_is_a_chase() {
    let c = classes_redrawn(
        "5k3/9/9/6R2/6c2/9/4P4/4C4/6c2/4K4 w",
        "e2g2 g5e5 g2e2 e5g5",
        RuleSet::Chinese,
    );
    assert_eq!(c[1].kind, MoveKind::Check, "{:?}", c[1]);
    assert!(c[2].answers_check, "{:?}", c[2]);
    assert_eq!(c[2].kind, MoveKind::Chase, "{:?}", c[2]);
    assert_eq!(c[2].chases[0].target.to_string(), "g1");
}
