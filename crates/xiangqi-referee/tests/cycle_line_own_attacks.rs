//! The complete exchange across squares (24.3), for a capture that breaks even or loses on
//! its own square. An exchange that breaks even, after which only the chaser's pawn (or
//! general) could take what the exchange left unprotected, is no chase: their own attacks are no chase
//! (2020 art. 26.1), and the book prints 闲 (参考图33: 「等值交换后兵吃士，判闲」). The same line
//! ending in a capture by another piece is 捉 (24.3, 通过完整互吃交换后吃掉对方子且得子).
//! Built positions, each ruled as given, mirrored and with the colours swapped. See
//! `src/cycle/material.rs` (`Line`).

mod common;

use common::classes_redrawn;
use xiangqi_referee::{RuleSet, cycle::MoveKind};

/// Applies: the horse steps to d5 and attacks the cannon e7, which the elephant c9 protects:
/// 马×炮 象×马 is even, and then only the pawn a6 could take the horse a7 the elephant no longer
/// protects — the pawn's own attack: 闲.
#[test]
fn a_gain_only_a_pawn_takes_after_an_even_exchange_is_idle() {
    let c = classes_redrawn(
        "2b1k4/9/n3c4/P8/9/5N3/9/9/9/5K3 w",
        "f4d5 e9d9 d5f4 d9e9",
        RuleSet::Chinese,
    );
    assert!(!c[0].kind.is_attack(), "{:?}", c[0]);
}

/// Just fails: a rook on a3 instead of the pawn takes the horse a7 at the end of the same
/// exchange: the line wins a horse, and the step is 捉 (of the cannon e7).
#[test]
fn the_same_gain_taken_by_a_rook_is_a_chase() {
    let c = classes_redrawn(
        "2b1k4/9/n3c4/9/9/5N3/R8/9/9/5K3 w",
        "f4d5 e9d9 d5f4 d9e9",
        RuleSet::Chinese,
    );
    assert_eq!(c[0].kind, MoveKind::Chase, "{:?}", c[0]);
    assert!(
        c[0].chases.iter().any(|t| t.target.to_string() == "e7"),
        "{:?}",
        c[0]
    );
}

/// 24.3, 通过完整互吃交换后吃掉对方子且得子, for a capture that loses on its own square: the
/// horse steps to d5 and attacks the elephant e7; 马×象 象×马 loses a horse for an elephant,
/// but the elephant c9 that takes back was the only root of the horse a7, which the rook a3
/// then takes: the complete exchange wins, and the step is 捉 (2020 参考图1, 13).
#[test]
fn a_capture_lost_on_its_square_but_won_across_squares_is_a_chase() {
    let c = classes_redrawn(
        "2b1k4/9/n3b4/9/9/5N3/R8/9/9/5K3 w",
        "f4d5 e9d9 d5f4 d9e9",
        RuleSet::Chinese,
    );
    assert_eq!(c[0].kind, MoveKind::Chase, "{:?}", c[0]);
    assert!(
        c[0].chases.iter().any(|t| t.target.to_string() == "e7"),
        "{:?}",
        c[0]
    );
}

/// Just fails: a black rook on a9 protects the horse a7 as well: 车×马 车×车 after the
/// exchange loses, the line wins nothing, and the step is 闲.
#[test]
fn a_capture_lost_on_its_square_and_across_squares_is_idle() {
    let c = classes_redrawn(
        "r1b1k4/9/n3b4/9/9/5N3/R8/9/9/5K3 w",
        "f4d5 e9d9 d5f4 d9e9",
        RuleSet::Chinese,
    );
    assert!(!c[0].kind.is_attack(), "{:?}", c[0]);
}

/// Applies, for the general: the horse steps to a7 and attacks the cannon b9, which the rook d9
/// protects: 马×炮 车×马 is even, and then only the general e0 could take the horse d0 the rook
/// no longer protects — the general's own attack: 闲.
#[test]
fn a_gain_only_the_general_takes_after_an_even_exchange_is_idle() {
    let c = classes_redrawn(
        "1c1r1k3/9/9/9/1N7/9/9/9/9/3nK4 w",
        "b5a7 f9f8 a7b5 f8f9",
        RuleSet::Chinese,
    );
    assert!(!c[0].kind.is_attack(), "{:?}", c[0]);
}

/// Just fails: a rook on a0 can take the horse d0 as well once the exchange has taken its root
/// away: the line wins a horse, and the step is 捉 (of the cannon b9).
#[test]
fn the_same_gain_within_a_rooks_reach_is_a_chase() {
    let c = classes_redrawn(
        "1c1r1k3/9/9/9/1N7/9/9/9/9/R2nK4 w",
        "b5a7 f9f8 a7b5 f8f9",
        RuleSet::Chinese,
    );
    assert_eq!(c[0].kind, MoveKind::Chase, "{:?}", c[0]);
    assert!(
        c[0].chases.iter().any(|t| t.target.to_string() == "b9"),
        "{:?}",
        c[0]
    );
}
