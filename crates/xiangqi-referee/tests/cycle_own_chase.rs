//! The general's and the pawns' own attacks are no chase (2020 art. 26.1), but a pawn's
//! capture that gives check with another piece is (26.8: 「兵(卒)吃子时产生其他子“将军”，按
//! “捉”处理」). Built positions, each ruled as given, mirrored and with the colours swapped.
//! See `src/cycle/own_chase.rs`.

mod common;

use common::classes_redrawn;
use xiangqi_referee::{
    RuleSet,
    cycle::{MoveClass, MoveKind},
};

fn classes(fen: &str, moves: &str, rules: RuleSet) -> Vec<MoveClass> {
    classes_redrawn(fen, moves, rules)
}

/// 26.8 applies: the rook steps behind the pawn e6, on the black general's file, so that
/// 兵×f6 (the rook, which the horse protects: a pawn for a rook wins) would check along the
/// opened file — a joint capture, 捉; the rook's step away leaves the pawn's own attack, 闲
/// (26.1).
#[test]
fn a_pawn_capture_that_checks_with_another_piece_is_a_chase() {
    let c = classes(
        "4k4/9/7n1/4Pr3/9/9/9/6R2/9/3K5 w",
        "g2e2 e9e8 e2g2 e8e9",
        RuleSet::Chinese,
    );
    assert_eq!(c[0].kind, MoveKind::Chase, "{:?}", c[0]);
    assert_eq!(c[0].chases[0].target.to_string(), "f6");
    assert!(!c[2].kind.is_attack(), "{:?}", c[2]);
}

/// 26.8 just fails: the same, the general on f9, off the file the capture opens; 兵×f6 gives
/// no check, and is the pawn's own attack: both rook moves are 闲.
#[test]
fn a_pawn_capture_that_checks_with_nothing_is_its_own_attack() {
    let c = classes(
        "5k3/9/7n1/4Pr3/9/9/9/6R2/9/3K5 w",
        "g2e2 f9f8 e2g2 f8f9",
        RuleSet::Chinese,
    );
    assert!(!c[0].kind.is_attack(), "{:?}", c[0]);
    assert!(!c[2].kind.is_attack(), "{:?}", c[2]);
}

/// The AXF rules know no such exception: the pawn's capture stays its own (rules 28–29).
#[test]
fn the_asian_rules_keep_the_pawns_exemption() {
    let c = classes(
        "4k4/9/7n1/4Pr3/9/9/9/6R2/9/3K5 w",
        "g2e2 e9e8 e2g2 e8e9",
        RuleSet::Asian,
    );
    assert!(!c[0].kind.is_attack(), "{:?}", c[0]);
}
