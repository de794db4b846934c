//! A line of checks wins material only once the complete exchange has run its course: a piece
//! the line's own checks moved and left en prise, taken back after the line's last capture,
//! counts against the gain (完整互吃交换, 2020 art. 24.3; 参考图33: 「等值交换后…判闲」); and a
//! last capture that walks into mate wins nothing (24.3: 「得子后不致立即…被对方将死」).
//! Built positions, each ruled as given, mirrored and with the colours swapped. See
//! `src/cycle/checks.rs` (`standing_captures`, `best_capture`).

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

/// Applies: the horse steps to e5, from where 马六进四 (f7) checks and forks the rook h6. If the
/// general steps to e8, 马×车 walks into mate: 车1平4 checks on the d-file, and the red general
/// can neither step onto the open e-file, facing the black one, nor leave the d-file: the
/// line wins nothing (2020 art. 24.3: 「得子后不致立即…被对方将死」), and the step is 闲.
#[test]
fn a_check_line_whose_capture_walks_into_mate_wins_nothing() {
    let c = classes("4k4/9/9/7r1/9/r8/3N5/9/9/3K5 w", "d3e5 h6i6 e5d3 i6h6");
    assert!(!c[0].kind.is_attack(), "{:?}", c[0]);
}

/// Just fails: with an advisor on e1 the general has e0 (or the advisor blocks on d2): the
/// capture is safe, the line wins the rook, and the step is 捉 by checks.
#[test]
fn the_same_line_with_the_mate_parried_is_a_chase() {
    let c = classes("4k4/9/9/7r1/9/r8/3N5/9/4A4/3K5 w", "d3e5 h6i6 e5d3 i6h6");
    assert_eq!(c[0].kind, MoveKind::Chase, "{:?}", c[0]);
    assert!(
        c[0].chases
            .iter()
            .any(|t| t.kind == ChaseKind::ByChecks && t.target.to_string() == "h6"),
        "{:?}",
        c[0]
    );
}
