//! 做根子捉子 (2020 art. 26.5): a piece that is the only root of another captures elsewhere,
//! and the opponent then takes the piece it left. The complete exchange decides: a loss even
//! at the values most favourable to the capturer is 得不偿失, no chase (参考图39: 车吃象
//! lets 车吃马); an equal result is 捉 (「价值相当…按捉」), and so is a crossed pawn taken
//! for a horse, the pawn's floating value reaching the horse's (26.6; 图22). Built positions,
//! each ruled as given, mirrored and with the colours swapped. See `src/cycle/mutual.rs`
//! (`costs_more_than_it_wins`).

mod common;

use common::classes_redrawn;
use xiangqi_referee::{
    RuleSet,
    cycle::{MoveClass, MoveKind},
};

/// The first move's class, after the two redrawings agree with it.
fn first(fen: &str, moves: &str) -> MoveClass {
    classes_redrawn(fen, moves, RuleSet::Chinese).swap_remove(0)
}

/// The rook's first move chases the piece on `target`, and nothing else.
fn chases_only(fen: &str, moves: &str, target: &str) {
    let c = first(fen, moves);
    assert_eq!(c.kind, MoveKind::Chase, "{c:?}");
    let chased: Vec<String> = c.chases.iter().map(|t| t.target.to_string()).collect();
    assert_eq!(chased, [target], "{c:?}");
}

/// Applies: the rook d6 steps to d5, still the only root of the horse d2 that the rook a2
/// attacks, and attacks the unprotected elephant c5. 车×象 车×马 loses a horse for an
/// elephant: no chase, the move is 闲.
#[test]
fn a_root_that_takes_for_less_than_it_leaves_does_not_chase() {
    let c = first(
        "3ak2n1/4a4/9/3R5/2b6/9/9/r2N5/9/3K5 w",
        "d6d5 h9g7 d5d6 g7h9",
    );
    assert!(!c.kind.is_attack(), "{c:?}");
    assert!(c.chases.is_empty(), "{c:?}");
}

/// Just fails: a horse on c5 instead of the elephant: 车×马 车×马 is an equal exchange, 捉.
#[test]
fn a_root_that_takes_as_much_as_it_leaves_chases() {
    chases_only(
        "3ak2n1/4a4/9/3R5/2n6/9/9/r2N5/9/3K5 w",
        "d6d5 h9g7 d5d6 g7h9",
        "c5",
    );
}

/// Just fails: the rook d4, the horse's root, attacks the crossed pawn b4; the pawn's
/// floating value may reach the horse's, so the exchange is not surely a loss: 捉.
#[test]
fn a_root_that_takes_a_crossed_pawn_for_a_horse_chases() {
    chases_only(
        "3ak2n1/4a4/9/3R5/9/1p7/9/r2N5/9/3K5 w",
        "d6d4 h9g7 d4d6 g7h9",
        "b4",
    );
}

/// The crossed pawn's floating value against an advisor (26.6; 1999 art. 25.3 「一兵换取数子或
/// 一子换取数兵均不算得子」): the rook d4, the only root of the advisor d2 that the rook a2
/// attacks, attacks the crossed pawn b4. 车×卒 车×仕 is a pawn for an advisor, which the
/// pawn's floating value may equal (「价值相当…按捉」, 26.5): 捉.
#[test]
fn a_root_that_takes_a_crossed_pawn_for_an_advisor_chases() {
    chases_only(
        "3ak2n1/4a4/9/3R5/9/1p7/9/r2A5/9/3K5 w",
        "d6d4 h9g7 d4d6 g7h9",
        "b4",
    );
}

/// The other way round: the rook b5, the only root of the crossed pawn b7 that the rook a7
/// attacks, attacks the unprotected elephant c5. 车×象 车×兵 is an elephant for a crossed pawn,
/// equal at the pawn's floating value (26.6): 捉.
#[test]
fn a_root_that_takes_an_elephant_for_its_crossed_pawn_chases() {
    chases_only(
        "3k3n1/9/rP7/9/2b6/1R7/9/9/9/4K4 w",
        "b4b5 h9g7 b5b4 g7h9",
        "c5",
    );
}

/// Just fails: a horse on b7 instead of the pawn: 车×象 车×马 loses a horse for an elephant
/// whatever the values, 得不偿失: the move is 闲.
#[test]
fn a_root_that_takes_an_elephant_for_its_horse_does_not_chase() {
    let c = first("3k3n1/9/rN7/9/2b6/1R7/9/9/9/4K4 w", "b4b5 h9g7 b5b4 g7h9");
    assert!(!c.kind.is_attack(), "{c:?}");
    assert!(c.chases.is_empty(), "{c:?}");
}
