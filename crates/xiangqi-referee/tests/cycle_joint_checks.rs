//! Lines of checks (抽, 2020 art. 24.3 「从下一着开始运用将军或连续“将军”得子」): an answer that
//! walks into a mate at once is lost, not a way out of the line, and a check that mates at once
//! ends a line (24.2); and who wins by checks — one piece, or two together (联合捉, 24.3
//! 「与其他子联合吃子」, 24.17), the light level of 26.9.2–26.9.3. Built positions, each ruled as
//! given, mirrored and with the colours swapped. See `src/cycle/checks.rs` and
//! `src/cycle/joint_checks.rs`.

mod common;

use common::drawing::{Drawing, redraw_move, redraw_position};
use common::{classes_redrawn, cycle};
use xiangqi_referee::{
    RuleSet,
    cycle::{ChaseKind, classify_cycle},
};

/// The kinds of the chases of the cycle's first move, as given, mirrored and colour-swapped
/// (each drawing must agree).
fn first_move_chase_kinds(fen: &str, moves: &str) -> Vec<ChaseKind> {
    let classes = classes_redrawn(fen, moves, RuleSet::Chinese);
    let kinds: Vec<ChaseKind> = classes[0].chases.iter().map(|c| c.kind).collect();
    let (start, played) = cycle(fen, moves);
    for d in [Drawing::Mirror, Drawing::ColourSwap] {
        let p = redraw_position(&start, d);
        let m: Vec<_> = played.iter().map(|&m| redraw_move(m, d)).collect();
        let redrawn: Vec<ChaseKind> = classify_cycle(&p, &m, RuleSet::Chinese)[0]
            .chases
            .iter()
            .map(|c| c.kind)
            .collect();
        assert_eq!(kinds, redrawn, "{d:?} of {fen} {moves}");
    }
    kinds
}

const SHUTTLE: &str = "f4e6 i9h7 e6f4 h7i9";

/// Applies: the horse comes to e6 and screens 炮e2+ (the cannon a2 along its rank, opening the
/// a-file for the rook a0). The general cannot step to f9 (the generals would face) nor stay
/// on the e-file; after 将5平4 the rook takes the rook a5. The black rook's interposition on
/// e5 keeps it, but walks into 车a0-a9, a quiet check that mates at once (d8 and f8 are the
/// horse e6's, e8 the horse g7's): every answer loses the rook or the game, and the horse's
/// step chases it. (The step also threatens mate by other lines, so its label is 杀; what is
/// asserted is the chase the line of checks makes.)
#[test]
fn an_answer_that_walks_into_a_quiet_mate_is_lost() {
    let kinds = first_move_chase_kinds("4k3n/9/6N2/9/r8/5N3/9/C8/4A4/R4K3 w", SHUTTLE);
    assert!(
        kinds
            .iter()
            .any(|&k| matches!(k, ChaseKind::ByChecks | ChaseKind::JointByChecks)),
        "{kinds:?}"
    );
}

/// Just fails: without the horse g7 the general escapes 车a9+ to e8: the rook's interposition
/// saves it, and the line wins nothing.
#[test]
fn an_answer_that_escapes_the_quiet_check_refutes_the_line() {
    let kinds = first_move_chase_kinds("4k3n/9/9/9/r8/5N3/9/C8/4A4/R4K3 w", SHUTTLE);
    assert!(kinds.is_empty(), "{kinds:?}");
}

const ELEPHANT: &str = "f4e6 g9i7 e6f4 i7g9";

/// Applies: the same screen, the rook a5 now held to its file by the pawn c5. 炮e2+ — the
/// cannon kept, nothing takes it on e2 — and whatever Black answers (将5平4, 象7进5 on e7),
/// the rook a0 takes the rook: the cannon's check and the rook's capture, two pieces winning
/// together, a joint chase (联合捉), the light level of 26.9.
#[test]
fn a_check_of_one_piece_and_the_capture_of_another_is_a_joint_chase() {
    let kinds = first_move_chase_kinds("4k1b2/9/9/9/r1p6/5N3/9/C8/4A4/R4K3 w", ELEPHANT);
    assert_eq!(kinds, vec![ChaseKind::JointByChecks]);
    assert!(!ChaseKind::JointByChecks.is_heavy());
}

/// Just fails: a black horse on g3 may take the cannon on e2 (弃: the check gives it up). The
/// rook still wins the rook for the cannon, but the cannon only opened the way: the capturer
/// wins alone, the plain (heavy) win by checks.
#[test]
fn a_check_that_gives_its_piece_up_leaves_the_capturer_winning_alone() {
    let kinds = first_move_chase_kinds("4k1b2/9/9/9/r1p6/5N3/6n2/C8/4A4/R4K3 w", ELEPHANT);
    assert_eq!(kinds, vec![ChaseKind::ByChecks]);
    assert!(ChaseKind::ByChecks.is_heavy());
}
