//! A line of checks wins material only once the complete exchange has run its course: a piece
//! the line's own checks moved and left en prise, taken back after the line's last capture,
//! counts against the gain (完整互吃交换, 2020 art. 24.3; 参考图33: 「等值交换后…判闲」); a
//! last capture that walks into mate wins nothing (24.3: 「得子后不致立即…被对方将死」); and a
//! check answered by a check back leaves the checker to answer, its piece then taken (图7:
//! 「不能离线吃炮」). Built positions, each ruled as given, mirrored and with the colours
//! swapped. See `src/cycle/checks.rs` (`best_capture`) and `src/cycle/line_end.rs`.

mod common;

use common::{classes_redrawn, cycle};
use xiangqi::Color;
use xiangqi_referee::{
    RuleSet,
    cycle::{ChaseKind, MoveClass, MoveKind, rule_cycle},
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

/// The black rook's steps of a cycle, each chasing nothing: (ply 1, ply 3) not attacks, and the
/// cycle drawn.
fn rook_steps_chase_nothing(fen: &str, moves: &str) {
    let c = classes(fen, moves);
    assert!(!c[1].kind.is_attack() && !c[3].kind.is_attack(), "{c:?}");
    let (start, line) = cycle(fen, moves);
    assert_eq!(rule_cycle(&start, &line, RuleSet::Chinese).loser, None);
}

/// Applies: the rook's step to h8 attacks the cannon h0, and 车x炮 checks along the back rank.
/// Its line 车x炮+ 相五退三 车x相+ … would win the elephant, but 车四退八 interposes on f0 and
/// uncovers the horse's check on the general (垫将还将): 将5进1 is forced, 车四平二 takes the
/// rook back, and every line loses the rook for a cannon. The steps chase nothing (2020 图7:
/// the rook 「实则不能离线吃炮」, here with a check back instead of a mate).
#[test]
fn a_check_line_answered_by_a_check_back_that_retakes_wins_nothing() {
    rook_steps_chase_nothing(
        "3ak4/5RN1r/4b4/9/9/9/p8/4B4/9/4K3C w",
        "i0h0 i8h8 h0i0 h8i8",
    );
}

/// Just fails: the same without the horse g8: the interposition on f0 checks nothing, the rook
/// keeps the cannon (or, after 相五退三, the elephant as well): each step chases the cannon,
/// and the line of checks wins the elephant.
#[test]
fn the_same_line_answered_by_a_plain_interposition_is_a_chase() {
    let c = classes("3ak4/5R2r/4b4/9/9/9/p8/4B4/9/4K3C w", "i0h0 i8h8 h0i0 h8i8");
    for m in [&c[1], &c[3]] {
        assert_eq!(m.kind, MoveKind::Chase, "{m:?}");
        assert!(
            m.chases
                .iter()
                .any(|t| t.kind == ChaseKind::ByChecks && t.target.to_string() == "e2"),
            "{m:?}"
        );
    }
}

/// The 2020 图7 position with the advisor e8 taken off: the king may step up, so 车四退八
/// answers 车x炮+ with a check instead of a mate; 将5进1, 车x车. The rook's steps stay 拦, and
/// Red, threatening mate with its cannon's steps, varies as in the book.
#[test]
fn the_rook_of_figure_7_without_its_advisor_still_cannot_leave_its_line() {
    let (fen, moves) = (
        "2bak1c2/5RN1r/4b4/9/9/9/3pp4/2n1B4/9/2B1K3C w",
        "i0h0 i8h8 h0i0 h8i8",
    );
    let c = classes(fen, moves);
    assert!(!c[1].kind.is_attack() && !c[3].kind.is_attack(), "{c:?}");
    assert_eq!(c[0].kind, MoveKind::MateThreat, "{:?}", c[0]);
    let (start, line) = cycle(fen, moves);
    assert_eq!(
        rule_cycle(&start, &line, RuleSet::Chinese).loser,
        Some(Color::Red)
    );
}
