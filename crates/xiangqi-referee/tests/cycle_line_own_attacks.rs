//! The complete exchange across squares (24.3), for a capture that breaks even or loses on
//! its own square. An exchange that breaks even, after which only the chaser's pawn (or
//! general) could take what the exchange left unprotected, is no chase: their own attacks are no chase
//! (2020 art. 26.1), and the book prints 闲 (参考图33: 「等值交换后兵吃士，判闲」). The same line
//! ending in a capture by another piece is 捉 (24.3, 通过完整互吃交换后吃掉对方子且得子) —
//! unless that last capture lets the opponent mate at once (「上述得子后不致立即被对方将死」).
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
/// away: the line wins a horse, and the step is 捉 (of the cannon b9). (Red's general on f0:
/// after 车×马 nothing mates it, see below.)
#[test]
fn the_same_gain_within_a_rooks_reach_is_a_chase() {
    let c = classes_redrawn(
        "1c1rk4/9/9/9/1N7/9/9/9/9/R2n1K3 w",
        "b5a7 e9e8 a7b5 e8e9",
        RuleSet::Chinese,
    );
    assert_eq!(c[0].kind, MoveKind::Chase, "{:?}", c[0]);
    assert!(
        c[0].chases.iter().any(|t| t.target.to_string() == "b9"),
        "{:?}",
        c[0]
    );
}

/// Applies: the same line with Red's general on e0, the generals facing on the f-file: after
/// 马×炮 车×马 车×马 the rook b9 mates at once on e9 (the general hemmed in by its own rook on
/// d0 and the facing generals). The gain is followed by mate, and counts for nothing (24.3:
/// 「上述得子后不致立即被对方将死」): 闲.
#[test]
fn the_same_gain_followed_by_mate_is_idle() {
    let c = classes_redrawn(
        "1c1r1k3/9/9/9/1N7/9/9/9/9/R2nK4 w",
        "b5a7 f9f8 a7b5 f8f9",
        RuleSet::Chinese,
    );
    assert!(!c[0].kind.is_attack(), "{:?}", c[0]);
}

/// Applies: the horse's step b7-d8 attacks the cannon c6, which the rook a6 protects; 马×炮
/// 车×马 breaks even, and only 马c2×炮a3 (the rook has left its file) would win — but the horse
/// c2 is what keeps Black's rook from the d-file (车h4-d4 or 车c6-d6 mates, the generals facing
/// on the e-file). A line whose last capture walks into mate wins nothing (24.3: 「通过完整互吃
/// 交换后…得子，上述得子后不致立即被对方将死」): 闲.
#[test]
fn a_line_whose_last_capture_walks_into_mate_wins_nothing() {
    let c = classes_redrawn(
        "4k4/9/1N7/r1c6/9/7r1/c8/2N6/6p2/3K5 w",
        "b7d8 g1h1 d8b7 h1g1",
        RuleSet::Chinese,
    );
    assert!(!c[0].kind.is_attack(), "{:?}", c[0]);
    assert!(c[0].chases.is_empty(), "{:?}", c[0]);
}

/// Just fails: Black's advisor e8 stands between the generals, Red's general may step to e0,
/// and no mate follows the line: 马×炮 车×马 马×炮 wins a cannon, 捉 (jointly, the light level).
#[test]
fn the_same_line_without_the_mate_is_a_chase() {
    let c = classes_redrawn(
        "4k4/4a4/1N7/r1c6/9/7r1/c8/2N6/6p2/3K5 w",
        "b7d8 g1h1 d8b7 h1g1",
        RuleSet::Chinese,
    );
    assert_eq!(c[0].kind, MoveKind::Chase, "{:?}", c[0]);
    assert!(
        c[0].chases.iter().any(|t| t.target.to_string() == "c6"),
        "{:?}",
        c[0]
    );
}

/// A piece the other side had left hanging before the move is no loss of the line at any of
/// that side's turns, the later ones included (2020 图22: a piece already hanging elsewhere
/// does not spoil the chase). The cannon steps behind the pawn c3 onto the horse c5: 炮×马
/// 象×炮 loses half a point on the square, and then the rook takes the horse g5 that the
/// elephant no longer protects — the line wins. Black's rook could take the horse i2 at any
/// time, before the cannon's step as after; that it could still do so at the end of the line
/// does not undo the line: 捉. Without the hanging horse the step is 捉 alike.
#[test]
fn a_piece_left_hanging_before_the_line_is_no_loss_of_it_at_any_turn() {
    let line = "b1c1 f9e8 c1b1 e8f9";
    for fen in [
        "4ka2r/9/4b4/9/2n3n2/9/2P6/8N/1C4R2/3K5 w",
        "4ka2r/9/4b4/9/2n3n2/9/2P6/9/1C4R2/3K5 w",
    ] {
        let c = classes_redrawn(fen, line, RuleSet::Chinese);
        assert_eq!(c[0].kind, MoveKind::Chase, "{fen}: {:?}", c[0]);
        assert_eq!(c[0].chases[0].target.to_string(), "c5", "{fen}");
        assert!(!c[2].kind.is_attack(), "{fen}: {:?}", c[2]);
    }
}
