//! An answer to a check by a piece other than the general (2020 art. 26.1.4: 「走动其他子应将
//! 产生的“捉”…如应将前不存在，按“捉”…处理；如应将前已经存在，则为“闲”」): a capture the check
//! only suspended stood before it, and the block that makes it legal again is 闲; an attack the
//! block makes that did not exist before the check is 捉. Built positions, each ruled as
//! given, mirrored and with the colours swapped. See `src/cycle/answer.rs`.

mod common;

use common::classes_redrawn;
use xiangqi_referee::{RuleSet, cycle::MoveKind};

/// Applies: Black's rook h2 attacks Red's unprotected horse c2 throughout. The rook's check
/// d5-e5 makes 车×马 illegal; the advisor's block d9-e8 makes it legal again, but the attack
/// stood before the check: 闲.
#[test]
fn a_block_that_frees_a_capture_standing_before_the_check_is_idle() {
    let c = classes_redrawn(
        "3ak4/9/9/9/3R5/9/9/2N4r1/9/5K3 w",
        "d5e5 d9e8 e5d5 e8d9",
        RuleSet::Chinese,
    );
    assert_eq!(c[0].kind, MoveKind::Check, "{:?}", c[0]);
    assert!(c[1].answers_check, "{:?}", c[1]);
    assert!(!c[1].kind.is_attack(), "{:?}", c[1]);
    assert!(c[1].chases.is_empty(), "{:?}", c[1]);
}

/// Just fails: the cannon's check d3-e3 goes over Black's horse e7; the horse answers by
/// stepping off the file to f5, from where it attacks the unprotected cannon e3 — an attack it
/// did not have before the check: a chase the answer created, 捉.
#[test]
fn an_answer_that_makes_a_new_attack_is_a_chase() {
    let c = classes_redrawn(
        "4k4/9/4n4/9/9/9/3C5/9/9/5K3 w",
        "d3e3 e7f5 e3d3 f5e7",
        RuleSet::Chinese,
    );
    assert_eq!(c[0].kind, MoveKind::Check, "{:?}", c[0]);
    assert!(c[1].answers_check, "{:?}", c[1]);
    assert_eq!(c[1].kind, MoveKind::Chase, "{:?}", c[1]);
    assert_eq!(c[1].chases[0].target.to_string(), "e3");
}

/// The other reason for 闲: the rook h2's attack did not stand before the check, for the
/// rook c5 protected the horse c2; its check c5-e5 leaves it. The advisor's block frees a
/// capture of a piece its own side's check left unprotected (参考图19, `created`): 闲 too.
#[test]
fn a_block_after_a_check_that_left_the_piece_unprotected_is_idle() {
    let c = classes_redrawn(
        "3ak4/9/9/9/2R6/9/9/2N4r1/9/5K3 w",
        "c5e5 d9e8 e5c5 e8d9",
        RuleSet::Chinese,
    );
    assert_eq!(c[0].kind, MoveKind::Check, "{:?}", c[0]);
    assert!(!c[1].kind.is_attack(), "{:?}", c[1]);
}

/// A pawn's answer is another piece's answer (26.1.4, not the general's 26.1.2): the pawn d5
/// blocks the rook's check on e5 and uncovers Red's rook d2 against the unprotected advisor d7,
/// an attack that the pawn itself had blocked before the check: 捉, by the rook.
#[test]
fn a_pawns_answer_that_uncovers_a_new_attack_is_a_chase() {
    let c = classes_redrawn(
        "5k3/4r4/3a5/9/3P5/9/9/3R5/9/4K4 w",
        "d5e5 e8f8 e5d5 f8e8",
        RuleSet::Chinese,
    );
    assert!(c[0].answers_check, "{:?}", c[0]);
    assert_eq!(c[0].kind, MoveKind::Chase, "{:?}", c[0]);
    assert_eq!(c[0].chases[0].target.to_string(), "d7");
    assert_eq!(c[0].chases[0].attacker.to_string(), "d2");
    assert_eq!(c[3].kind, MoveKind::Check, "{:?}", c[3]);
}
