//! A defending move that incidentally attacks (2020 art. 24.6: 拦 is a block 「而又不具攻击作用」;
//! 24.3; 26.4: the heaviest effect decides): a block that also wins a piece is 捉, one whose
//! attack wins nothing is a block, 闲. Built positions, each ruled as given, mirrored and with
//! the colours swapped. See `src/cycle/classify.rs` (`kind`) and `src/cycle/idle.rs`.

mod common;

use common::classes_redrawn;
use xiangqi_referee::{RuleSet, cycle::MoveKind};

/// Applies: the horse steps from b3 to a5, between Black's rook a9 and Red's unprotected horse
/// a2 (offering itself to the rook, 献), and from a5 attacks the unprotected cannon c6. Taking
/// it lets the rook take the horse a2: 马×炮 车×马, an equal result of a tied piece's capture
/// (被牵子捉子, 26.5 「价值相当…按捉」). The heaviest effect decides (26.4): the block is 捉.
#[test]
fn a_block_that_attacks_an_unprotected_piece_is_a_chase() {
    let c = classes_redrawn(
        "r4k3/9/9/2c6/9/9/1N7/N8/9/3K5 w",
        "b3a5 f9f8 a5b3 f8f9",
        RuleSet::Chinese,
    );
    assert_eq!(c[0].kind, MoveKind::Chase, "{:?}", c[0]);
    assert!(
        c[0].chases.iter().any(|t| t.target.to_string() == "c6"),
        "{:?}",
        c[0]
    );
}

/// Just fails: the horse e7 protects the cannon, 马×炮 马×马 is even: the block attacks
/// nothing it could win, and is 闲.
#[test]
fn a_block_whose_attack_wins_nothing_is_idle() {
    let c = classes_redrawn(
        "r4k3/9/4n4/2c6/9/9/1N7/N8/9/3K5 w",
        "b3a5 f9f8 a5b3 f8f9",
        RuleSet::Chinese,
    );
    assert!(!c[0].kind.is_attack(), "{:?}", c[0]);
}
