//! A root spoiled by a second attacker (2020 art. 24.15 少根, 24.17 联合捉; 参考图11
//! 「炮卒联合捉子」): when a capture wins only because another attacker of the same piece keeps
//! its root from taking back — it pins the root, it turns the recapture into a check on the
//! root's own general, or it guards the square against the general — the two attackers win
//! the piece together: a joint chase, the light level of 26.9.2–26.9.3. A root cut by a piece
//! that does not attack the target is simply gone (图3 断根捉): the chase of an unprotected
//! piece, heavy. The 1960 book chases an unprotected piece whoever made it so.
//!
//! Each position is also ruled mirrored and with the colours swapped. See
//! `src/cycle/protection.rs` (`root_spoiled_by_another_attacker`).

mod common;

use common::drawing::{Drawing, redraw_move, redraw_position};
use common::{chase_losers_redrawn, cycle};
use xiangqi::{Color, Move, Position};
use xiangqi_referee::{
    RuleSet,
    cycle::{ChaseKind, MoveClass, MoveKind, classify_cycle},
};

/// The classes of the cycle as given, mirrored and with the colours swapped.
fn drawings(fen: &str, moves: &str, rules: RuleSet) -> Vec<Vec<MoveClass>> {
    let (start, line) = cycle(fen, moves);
    let mut out = vec![classify_cycle(&start, &line, rules)];
    for d in [Drawing::Mirror, Drawing::ColourSwap] {
        let p: Position = redraw_position(&start, d);
        let l: Vec<Move> = line.iter().map(|&m| redraw_move(m, d)).collect();
        out.push(classify_cycle(&p, &l, rules));
    }
    out
}

/// The first move's chases in every drawing: one piece chased, of the kind `kind`.
fn first_move_chases(fen: &str, moves: &str, rules: RuleSet, kind: ChaseKind) {
    for (i, classes) in drawings(fen, moves, rules).iter().enumerate() {
        let first = &classes[0];
        assert_eq!(
            first.kind,
            MoveKind::Chase,
            "drawing {i} of {fen}: {first:?}"
        );
        assert_eq!(first.chases.len(), 1, "drawing {i} of {fen}: {first:?}");
        assert_eq!(
            first.chases[0].kind, kind,
            "drawing {i} of {fen}: {first:?}"
        );
        // The cannon's or horse's way back ends the attack: nothing is chased.
        assert!(
            !classes[2].kind.is_attack(),
            "drawing {i} of {fen}: {classes:?}"
        );
    }
}

/// Applies: Red's cannon steps behind the rook e5, onto the black general's file. The rook's
/// 车×e7 now gives check by the cannon, and the elephant's recapture would stand between the
/// cannon and its own general: illegal. The cannon attacks the horse too (over the rook), and
/// without it the elephant would take back: the cannon and the rook win the horse together,
/// a joint chase (light). Under 1960 the horse is simply unprotected.
#[test]
fn a_root_a_second_attacker_makes_illegal_is_a_joint_chase() {
    let fen = "r3k1b2/9/4n4/9/4R4/9/9/3C5/9/3K5 w";
    let line = "d2e2 a9b9 e2d2 b9a9";
    first_move_chases(fen, line, RuleSet::Chinese, ChaseKind::Outnumbered);
    first_move_chases(fen, line, RuleSet::Chinese1960, ChaseKind::Unprotected);
}

/// Applies: the advisor e8 has one root, its general. Red's rook e4 attacks it, and the horse
/// stepping to c7 guards e8: whichever of the two takes, the general cannot take back. Two
/// attackers against one root (少根), a joint chase.
#[test]
fn a_general_kept_from_taking_back_by_a_second_attacker_is_a_joint_chase() {
    let fen = "4k3r/4a4/9/N8/9/4R4/9/9/9/3K5 w";
    let line = "a6c7 i9i8 c7a6 i8i9";
    first_move_chases(fen, line, RuleSet::Chinese, ChaseKind::Outnumbered);
    first_move_chases(fen, line, RuleSet::Chinese1960, ChaseKind::Unprotected);
}

/// Just fails: Red's rook steps onto the black general's file and pins the advisor e8, the
/// one root of the horse f7; the rook f3 now takes the horse for nothing. The pinning rook
/// does not attack the horse: the root is cut (断根捉), the horse unprotected, heavy.
#[test]
fn a_root_cut_by_a_piece_that_does_not_attack_the_target_leaves_it_unprotected() {
    let fen = "r3k4/4a4/5n3/9/9/9/5R3/3R5/9/3K5 w";
    let line = "d2e2 a9b9 e2d2 b9a9";
    first_move_chases(fen, line, RuleSet::Chinese, ChaseKind::Unprotected);
}

/// 26.9.3 both ways. Applies: Red's horse chases on every move, once jointly with the rook
/// (the advisor e8 whose general cannot take back) and once alone (the unprotected elephant
/// c5): a light pattern. Black's rook chases an unprotected piece on every move, alone
/// (heavy): Black must change.
#[test]
fn a_single_chase_against_a_chase_with_a_spoiled_root_changes() {
    let fen = "4k3r/4a4/9/N8/2b6/4R4/8C/9/9/3K2N2 w";
    assert_eq!(
        chase_losers_redrawn(fen, "a6c7 i9g9 c7a6 g9i9"),
        [Some(Color::Black), Some(Color::Black), Some(Color::Red)]
    );
}

/// Just fails: Red's rook chases on every move, once by cutting the horse's root without
/// attacking the horse (断根, heavy), once alone; Black's rook as before. Both forbidden at
/// the same level: drawn.
#[test]
fn a_single_chase_against_a_chase_with_a_cut_root_is_drawn() {
    let fen = "r3k4/4a4/5n3/9/3n5/9/5R3/3R5/1C7/N2K5 w";
    assert_eq!(chase_losers_redrawn(fen, "d2e2 a9b9 e2d2 b9a9"), [None; 3]);
}
