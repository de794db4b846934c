//! What a move created (2020 art. 24.3 「凡走子后…」; 1999 art. 29.2 「“捉”产生于刚走的这着
//! 棋，上一着尚不存在」), on positions the random test (`cycle_random.rs`) found ruled unlike
//! their redrawings or against the books, each with the position where the concept just
//! fails to apply.

mod common;

use common::kinds;
use xiangqi_referee::cycle::MoveKind;

/// A piece already lost is not chased by a second attacker: Black's elephant on a7 attacks
/// Red's unprotected horse on c9; the other elephant's step to e7 attacks it too, which
/// changes nothing of what taking it wins (2020 图5: 「…吃士的结果没有发生变化」), so the step
/// is 闲 — whichever elephant the board is read from first (the mirror was ruled 捉). Without
/// the elephant on a7 the step is the first attack on the horse: 捉.
#[test]
fn a_second_attacker_on_a_piece_already_lost_chases_nothing() {
    let line = "g9e7 c9a8 e7g9 a8c9";
    let lost = kinds("2N2kb2/9/b8/5C3/9/9/9/3K5/9/9 b", line);
    assert!(!lost[0].is_attack(), "{lost:?}");
    let mirror = kinds("2bk2N2/9/8b/3C5/9/9/9/5K3/9/9 b", "c9e7 g9i8 e7c9 i8g9");
    assert!(!mirror[0].is_attack(), "{mirror:?}");
    let first = kinds("2N2kb2/9/9/5C3/9/9/9/3K5/9/9 b", line);
    assert_eq!(first[0], MoveKind::Chase, "{first:?}");
}

/// A piece its own side left unprotected is not chased by a piece that only saves itself
/// (2020 参考图21): Black's elephant returns to i7, where Red's rook on d7 attacks it;
/// taking it would cost the cannon on f4, which Black's pawn attacks, and the cannon steps
/// away to f2. Taking now wins, but the cannon takes no part in it, and the elephant was put
/// there by Black: 闲. Where the victim stood hanging all along and the escape makes taking
/// win, the escape is a joint chase (`cycle_concepts.rs`,
/// `a_capture_that_wins_only_after_the_move_is_a_joint_chase`).
#[test]
fn a_piece_left_unprotected_by_its_own_side_is_not_chased_by_an_escape() {
    let escape = kinds("5k3/9/3R4b/8P/9/5Cp2/9/9/2C2K3/9 w", "f4f2 i7g5 f2f4 g5i7");
    assert!(!escape[0].is_attack(), "{escape:?}");
}
