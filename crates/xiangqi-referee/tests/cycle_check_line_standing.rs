//! A line of checks wins what its checks bring (2020 art. 24.3 「从下一着开始运用将军或连续
//! “将军”得子」), not a capture that stood before its first check: where the line may end as
//! well by taking a piece only the checks win as by a capture the chaser had already, by the
//! same piece from the same square, the line still wins the first (2020 图2: 「进马伏下一步卧槽
//! “将军”弃马得车」, whatever else already hangs). Built positions, each ruled as given,
//! mirrored and with the colours swapped (`classes_redrawn`). See `src/cycle/checks.rs`
//! (`check_lines`).

mod common;

use common::classes_redrawn;
use xiangqi::Role;
use xiangqi_referee::{
    RuleSet,
    cycle::{ChaseKind, MoveKind},
};

/// The horse's shuttle e4–f6 (f6 reaches g8, from where it checks the general e9); Black's
/// cannon shuttles c7–c8 far from the line.
const SHUTTLE: &str = "e4f6 c7c8 f6e4 c8c7";

/// Applies: the cannon a2 takes the unprotected rook a9 over the pawn a6 in every Red position
/// of the cycle (a capture that stood). 马e4–f6 adds 马g8+ and, whatever the general does,
/// 马×i9: the checks win the second rook, as much as the standing capture. The line is the
/// move's: a chase of the rook i9 by checks.
#[test]
fn a_line_that_ends_level_with_a_standing_capture_still_wins_its_piece() {
    let classes = classes_redrawn(
        "r3k3r/9/2c6/p8/9/4N4/9/C8/9/3K5 w",
        SHUTTLE,
        RuleSet::Chinese,
    );
    let first = &classes[0];
    assert_eq!(first.kind, MoveKind::Chase, "{first:?}");
    assert_eq!(first.chases.len(), 1, "{first:?}");
    let chase = &first.chases[0];
    assert_eq!(chase.kind, ChaseKind::ByChecks, "{first:?}");
    assert_eq!(chase.target_piece.role, Role::Rook, "{first:?}");
    assert_eq!(chase.attacker_piece.role, Role::Horse, "{first:?}");
}

/// Just fails: without the rook i9 the line 马g8+ ends only on the capture that stood (炮×a9):
/// the checks win nothing, and the horse's step is idle.
#[test]
fn a_line_that_ends_only_on_a_standing_capture_wins_nothing() {
    let classes = classes_redrawn(
        "r3k4/9/2c6/p8/9/4N4/9/C8/9/3K5 w",
        SHUTTLE,
        RuleSet::Chinese,
    );
    let first = &classes[0];
    assert!(first.chases.is_empty(), "{first:?}");
    assert!(matches!(first.kind, MoveKind::Idle(_)), "{first:?}");
}

/// Just fails the other way (2020 图5 with the cannon on f2 instead of d2): the cannon takes the
/// unprotected advisor f9 over the horse f3 in every Red position (a capture that stood). After
/// 车七退五 the rook's check 车c4–e4+ wins the horse only if it interposes on e5; against the
/// general's steps the line ends only on the advisor that stood. What the checks win must be
/// won against every answer: the retreat is idle (图5 「退车后吃士结果没有发生变化」).
#[test]
fn a_line_that_wins_a_new_piece_only_against_some_answers_wins_nothing() {
    let classes = classes_redrawn(
        "2R2a3/4k4/3a5/9/8p/9/1p1rpn3/4BC3/4A4/2B1KA3 w",
        "c9c4 e8e9 c4c9 e9e8",
        RuleSet::Chinese,
    );
    let first = &classes[0];
    assert!(first.chases.is_empty(), "{first:?}");
    assert!(matches!(first.kind, MoveKind::Idle(_)), "{first:?}");
}
