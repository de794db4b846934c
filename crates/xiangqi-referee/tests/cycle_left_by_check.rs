//! A piece its own side's check left without its root: the opponent's attack on it, once the
//! check is answered, is 闲 (「自己造成的被捉状态」, 2020 参考图19; art. 24.3 and 26.1.4).
//! Built positions, each ruled as given, mirrored and with the colours swapped. See
//! `src/cycle/created.rs` (`unrooted_by_its_check`).

mod common;

use common::classes_redrawn;
use xiangqi_referee::{
    RuleSet,
    cycle::{Exemption, MoveClass, MoveKind},
};

fn classes(fen: &str, moves: &str) -> Vec<MoveClass> {
    classes_redrawn(fen, moves, RuleSet::Chinese)
}

/// Applies: the rook c3, the horse c1's only root, checks from e3; the elephant's block lets
/// the rook b1 take the horse, unprotected now by Red's own check: 闲, and the report names
/// the exemption.
#[test]
fn an_attack_on_a_piece_its_own_check_unrooted_is_idle() {
    let c = classes("4k1b2/9/9/9/9/9/2R6/9/1rN6/5K3 w", "c3e3 g9e7 e3c3 e7g9");
    assert_eq!(c[0].kind, MoveKind::Check);
    assert!(!c[1].kind.is_attack(), "{:?}", c[1]);
    assert!(
        c[1].exempt
            .iter()
            .any(|e| e.reason == Exemption::LeftByItsSide && e.chase.target.to_string() == "c1"),
        "{:?}",
        c[1]
    );
}

/// Just fails: the rook d3, the horse d5's root, checks from e3 as before, but the answer,
/// the elephant's block on e7, opens the rook a5's line to the horse: before the check the
/// capture was not possible at all, so the answer made it, and the move is 捉 (26.1.4: a chase
/// the answer creates counts).
#[test]
fn an_answer_that_opens_the_attack_on_the_unrooted_piece_chases_it() {
    let c = classes("4k4/9/9/9/r1bN5/9/3R5/9/9/5K3 w", "d3e3 c5e7 e3d3 e7c5");
    assert_eq!(c[0].kind, MoveKind::Check);
    assert_eq!(c[1].kind, MoveKind::Chase, "{:?}", c[1]);
    assert!(
        c[1].chases.iter().any(|t| t.target.to_string() == "d5"),
        "{:?}",
        c[1]
    );
}

/// Applies: the check takes away a root by pinning it. The rook e6 stands between the black
/// cannon e7 and the elephant e2; its check from d6 leaves the e-file, and the elephant, the
/// root of the elephant c0, is pinned to the general behind the advisor e1 (假根: it may not
/// leave its line, 24.15). After the cannon's block on d7 the rook c3 takes c0 for nothing,
/// but that is the check's doing, not the block's (参考图19; 26.1.4): 闲, and the report
/// names the exemption.
#[test]
fn an_attack_on_a_piece_whose_root_its_own_check_pinned_is_idle() {
    let c = classes(
        "9/3k5/1c2c4/4R4/9/9/2r6/4B4/4A4/2B1K4 w",
        "e6d6 b7d7 d6e6 d7b7",
    );
    assert_eq!(c[0].kind, MoveKind::Check);
    assert!(!c[1].kind.is_attack(), "{:?}", c[1]);
    assert!(
        c[1].exempt
            .iter()
            .any(|e| e.reason == Exemption::LeftByItsSide && e.chase.target.to_string() == "c0"),
        "{:?}",
        c[1]
    );
}

/// Just fails: the rook checks from f6, off the e-file, so the elephant e2 was pinned before
/// the check and 车×c0 stood all along: the block is 闲 because nothing is new, and the check
/// is not what left the elephant c0 unprotected.
#[test]
fn a_pin_that_stood_before_the_check_is_not_the_checks_doing() {
    let c = classes(
        "9/3k5/1c2c4/5R3/9/9/2r6/4B4/4A4/2B1K4 w",
        "f6d6 b7d7 d6f6 d7b7",
    );
    assert_eq!(c[0].kind, MoveKind::Check);
    assert!(!c[1].kind.is_attack(), "{:?}", c[1]);
    assert!(
        !c[1]
            .exempt
            .iter()
            .any(|e| e.reason == Exemption::LeftByItsSide),
        "{:?}",
        c[1]
    );
}
