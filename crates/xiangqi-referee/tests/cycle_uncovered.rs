//! A chase uncovered by a move of the general or a pawn: the uncovered piece chases, and the
//! exemption of the general's and the pawns' own attacks (2020 art. 26.1) does not cover it
//! (26.1.1: 「走动帅(将)、兵(卒)后…其他子产生新的“捉”，按“捉”处理」). Built positions, each ruled
//! as given, mirrored and with the colours swapped. See `src/cycle/threats.rs` (the threats
//! of every piece but the general's and the pawns' own) and `src/cycle/created.rs`.

mod common;

use common::classes_redrawn;
use xiangqi_referee::{RuleSet, cycle::MoveKind};

/// Applies: the pawn e5 steps aside and opens the rook e2's file to the unprotected horse e8:
/// 捉, by the rook; the pawn's step back closes it: 闲.
#[test]
fn a_pawn_step_that_uncovers_a_chase_is_a_chase() {
    let c = classes_redrawn(
        "r4k3/4n4/9/9/4P4/9/9/4R4/9/3K5 w",
        "e5d5 a9b9 d5e5 b9a9",
        RuleSet::Chinese,
    );
    assert_eq!(c[0].kind, MoveKind::Chase, "{:?}", c[0]);
    assert_eq!(c[0].chases[0].target.to_string(), "e8");
    assert_eq!(c[0].chases[0].attacker.to_string(), "e2");
    assert!(!c[2].kind.is_attack(), "{:?}", c[2]);
}

/// Just fails: the advisor d9 protects the horse (车×马 士×车 loses): nothing is uncovered, 闲.
#[test]
fn a_pawn_step_that_uncovers_nothing_is_idle() {
    let c = classes_redrawn(
        "r2a1k3/4n4/9/9/4P4/9/9/4R4/9/3K5 w",
        "e5d5 a9b9 d5e5 b9a9",
        RuleSet::Chinese,
    );
    assert!(!c[0].kind.is_attack(), "{:?}", c[0]);
}

/// Applies: the general steps from e1 to e0 and opens the rook a1's rank to the unprotected
/// horse h1: 捉, by the rook; the step back closes it: 闲.
#[test]
fn a_general_step_that_uncovers_a_chase_is_a_chase() {
    let c = classes_redrawn(
        "5k2r/4a4/9/9/9/9/9/9/R3K2n1/9 w",
        "e1e0 i9h9 e0e1 h9i9",
        RuleSet::Chinese,
    );
    assert_eq!(c[0].kind, MoveKind::Chase, "{:?}", c[0]);
    assert_eq!(c[0].chases[0].target.to_string(), "h1");
    assert!(!c[2].kind.is_attack(), "{:?}", c[2]);
}

/// Just fails: the rook h9 protects the horse: the uncovered attack wins nothing, 闲.
#[test]
fn a_general_step_that_uncovers_nothing_is_idle() {
    let c = classes_redrawn(
        "5k1r1/4a4/9/9/9/9/9/9/R3K2n1/9 w",
        "e1e0 f9f8 e0e1 f8f9",
        RuleSet::Chinese,
    );
    assert!(!c[0].kind.is_attack(), "{:?}", c[0]);
}

/// Applies: the pawn d5 steps to e5 and becomes the screen of the cannon e2 against the
/// unprotected horse e8: the cannon's chase is the pawn move's (26.1.1), 捉; the step back, 闲.
#[test]
fn a_pawn_step_that_screens_a_cannon_is_a_chase() {
    let c = classes_redrawn(
        "r4k3/4n4/9/9/3P5/9/9/4C4/9/3K5 w",
        "d5e5 a9b9 e5d5 b9a9",
        RuleSet::Chinese,
    );
    assert_eq!(c[0].kind, MoveKind::Chase, "{:?}", c[0]);
    assert_eq!(c[0].chases[0].target.to_string(), "e8");
    assert_eq!(c[0].chases[0].attacker.to_string(), "e2");
    assert!(!c[2].kind.is_attack(), "{:?}", c[2]);
}

/// Just fails: the advisor d9 protects the horse (炮×马 士×炮 loses): 闲.
#[test]
fn a_pawn_step_that_screens_a_cannon_against_a_protected_piece_is_idle() {
    let c = classes_redrawn(
        "r2a1k3/4n4/9/9/3P5/9/9/4C4/9/3K5 w",
        "d5e5 a9b9 e5d5 b9a9",
        RuleSet::Chinese,
    );
    assert!(!c[0].kind.is_attack(), "{:?}", c[0]);
}

/// Applies: the pawn c7 steps off the leg of the horse c6, which now attacks the unprotected
/// cannon d8: 捉, by the horse; the step back onto the leg, 闲.
#[test]
fn a_pawn_step_off_a_horses_leg_is_a_chase() {
    let c = classes_redrawn(
        "5k2r/3c5/2P6/2N6/9/9/9/9/9/4K4 w",
        "c7b7 i9h9 b7c7 h9i9",
        RuleSet::Chinese,
    );
    assert_eq!(c[0].kind, MoveKind::Chase, "{:?}", c[0]);
    assert_eq!(c[0].chases[0].target.to_string(), "d8");
    assert_eq!(c[0].chases[0].attacker.to_string(), "c6");
    assert!(!c[2].kind.is_attack(), "{:?}", c[2]);
}

/// Just fails: the general d9 protects the cannon (马×炮 将×马 is even): 闲.
#[test]
fn a_pawn_step_off_a_horses_leg_towards_a_protected_piece_is_idle() {
    let c = classes_redrawn(
        "3k4r/3c5/2P6/2N6/9/9/9/9/9/4K4 w",
        "c7b7 i9h9 b7c7 h9i9",
        RuleSet::Chinese,
    );
    assert!(!c[0].kind.is_attack(), "{:?}", c[0]);
}

/// Applies: the general steps from e0 to e1 and becomes the screen of the cannon a1 against
/// the unprotected horse h1: 捉, by the cannon; the step back, 闲.
#[test]
fn a_general_step_that_screens_a_cannon_is_a_chase() {
    let c = classes_redrawn(
        "5k3/9/9/9/9/9/9/9/C6n1/4K4 w",
        "e0e1 f9f8 e1e0 f8f9",
        RuleSet::Chinese,
    );
    assert_eq!(c[0].kind, MoveKind::Chase, "{:?}", c[0]);
    assert_eq!(c[0].chases[0].target.to_string(), "h1");
    assert_eq!(c[0].chases[0].attacker.to_string(), "a1");
    assert!(!c[2].kind.is_attack(), "{:?}", c[2]);
}

/// Just fails: the rook h9 protects the horse (炮×马 车×炮 is even): 闲.
#[test]
fn a_general_step_that_screens_a_cannon_against_a_protected_piece_is_idle() {
    let c = classes_redrawn(
        "5k1r1/9/9/9/9/9/9/9/C6n1/4K4 w",
        "e0e1 f9f8 e1e0 f8f9",
        RuleSet::Chinese,
    );
    assert!(!c[0].kind.is_attack(), "{:?}", c[0]);
}
