//! A line of checks wins material only once the complete exchange has run its course: a piece
//! the line's own checks moved and left en prise, taken back after the line's last capture,
//! counts against the gain (完整互吃交换, 2020 art. 24.3; 参考图33: 「等值交换后…判闲」).
//! Built positions, each ruled as given, mirrored and with the colours swapped. See
//! `src/cycle/checks.rs` (`standing_captures`).

mod common;

use common::classes_redrawn;
use xiangqi_referee::{
    RuleSet,
    cycle::{ChaseKind, MoveClass, MoveKind},
};

fn classes(fen: &str, moves: &str) -> Vec<MoveClass> {
    classes_redrawn(fen, moves, RuleSet::Chinese)
}

/// Applies: the cannon c8 steps to d8, behind the advisor e8. 士5进4 would uncover its check
/// on the general d0 (the horse g1 guards e0), the advisor e1 must interpose on d2, and the
/// cannon takes it — but the horse b8 then takes the advisor d7 that uncovered the check:
/// advisor for advisor, the line wins nothing, and the cannon's step is 闲.
#[test]
fn a_check_line_whose_moved_piece_is_taken_back_wins_nothing() {
    let c = classes("4k4/1Nc1a4/9/9/9/9/9/9/4A1n2/2BK5 w", "c0a2 c8d8 a2c0 d8c8");
    assert!(c.iter().all(|m| !m.kind.is_attack()), "{c:?}");
}

/// Just fails: the same, the red horse on a6, from where it cannot reach d7: the line wins
/// the advisor d2 outright, and the cannon's step is 捉 by checks.
#[test]
fn the_same_line_with_the_moved_piece_out_of_reach_is_a_chase() {
    let c = classes("4k4/2c1a4/9/N8/9/9/9/9/4A1n2/2BK5 w", "c0a2 c8d8 a2c0 d8c8");
    assert_eq!(c[1].kind, MoveKind::Chase, "{:?}", c[1]);
    assert!(
        c[1].chases
            .iter()
            .any(|t| t.kind == ChaseKind::ByChecks && t.target.to_string() == "e1"),
        "{:?}",
        c[1]
    );
}
