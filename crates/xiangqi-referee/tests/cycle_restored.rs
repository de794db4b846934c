//! A capture that won, until the other side's last move attacked one of the chaser's pieces so
//! that taking would now only break even (各吃各子, 2020 art. 26.5): the chaser's piece steps
//! out of the attack, and taking wins again. The step restores a threat that stood before the
//! other side's move; it creates none, and is 闲 (2020 参考图37: the rook's chases of the
//! cannon, the cannon's escapes, after which 炮打马 wins as before — 「红方长捉，黑方两闲」).
//! Where the capture did not win before the other side's move, the same step makes it pay and
//! chases (参考图23: the cannon put en prise by the move that attacks the chaser's cannon; 图11
//! and the joint chase of `cycle_concepts`: the counter-attack was there all along). A piece
//! of the chaser's that already hung elsewhere before the other side's move is a standing loss
//! (图22) and does not spoil the capture then; one that the capture itself unroots does. A
//! counter-attack that made the capture lose, not break even, is overcome by the escape, which
//! chases (图12). Built
//! positions, each ruled as given, mirrored and with the colours swapped. See
//! `src/cycle/restored.rs` (`result_changed`, `won_before_their_move`) and
//! `src/cycle/mutual.rs` (`counts_as_won`).

mod common;

use common::classes_redrawn;
use xiangqi_referee::{
    RuleSet,
    cycle::{MoveClass, MoveKind},
};

fn classes(fen: &str, moves: &str) -> Vec<MoveClass> {
    classes_redrawn(fen, moves, RuleSet::Chinese)
}

/// Applies: the cannon f6 may take the horse i6 over the rook h6 (Red's cannon i3 retakes over
/// the black cannon, the rook h6 takes back: a horse won). The rook g4 attacks the unprotected
/// cannon i4, so that taking the horse now only breaks even; the cannon steps to i5 and taking
/// wins as it did before the rook came: 闲, on each escape, while the rook's moves are 捉.
#[test]
fn escaping_the_attack_that_spoiled_a_capture_is_idle() {
    let c = classes("3aka3/9/9/5c1rN/6R2/8c/8C/9/9/3K5 w", "g5g4 i4i5 g4g5 i5i4");
    assert_eq!(c[0].kind, MoveKind::Chase, "{:?}", c[0]);
    assert_eq!(c[2].kind, MoveKind::Chase, "{:?}", c[2]);
    assert!(!c[1].kind.is_attack(), "{:?}", c[1]);
    assert!(!c[3].kind.is_attack(), "{:?}", c[3]);
}

/// Applies, with a piece left hanging elsewhere: as above, but the rook on g5 also attacks the
/// unprotected horse c5, and gives that attack up when it steps to g4 to attack the cannon. The
/// horse was hanging before Red's move; Red's capture of it spoils nothing of Black's capture
/// of the horse i6 as it stood then (2020 图22's principle): that capture won before Red's
/// move, the cannon's escape restores it, 闲 — both escapes alike. Just failing: an attack
/// that still stands after the other side's move is weighed (the last test of this file, and
/// `cycle_concepts::a_capture_that_wins_only_after_the_move_is_a_joint_chase`).
#[test]
fn a_piece_hanging_before_the_counter_attack_does_not_spoil_the_restored_capture() {
    let c = classes(
        "3aka3/9/9/5c1rN/2n3R2/8c/8C/9/9/3K5 w",
        "g5g4 i4i5 g4g5 i5i4",
    );
    assert_eq!(c[0].kind, MoveKind::Chase, "{:?}", c[0]);
    assert_eq!(c[2].kind, MoveKind::Chase, "{:?}", c[2]);
    assert!(!c[1].kind.is_attack(), "{:?}", c[1]);
    assert!(!c[3].kind.is_attack(), "{:?}", c[3]);
}

/// Just fails: Red's cannon comes back to d6 and attacks nothing itself, but there it stands
/// unprotected on the line of the rook h6 while Red's rook c4 attacks the black cannon c5:
/// taking the cannon d6 would only break even. Black's cannon steps back to c9, and now taking
/// wins — a capture that did not stand before Red's move (the cannon was on d8): 捉.
#[test]
fn escaping_when_the_target_just_came_is_a_chase() {
    let c = classes(
        "2c1kab2/4a4/4b4/3C3r1/9/2R6/9/9/9/3AK4 w",
        "d6d8 c9c5 d8d6 c5c9",
    );
    assert_eq!(c[3].kind, MoveKind::Chase, "{:?}", c[3]);
    assert!(
        c[3].chases.iter().any(|t| t.target.to_string() == "d6"),
        "{:?}",
        c[3]
    );
}

/// Just fails: the horse h5 attacked the cannon g3 before Black's last move as after it, so
/// the rook's capture of the horse a7 never won; the cannon's step out of the attack makes it
/// pay, a joint chase (the light level, 26.9.3).
#[test]
fn escaping_an_attack_that_stood_all_along_is_a_joint_chase() {
    let c = classes("4k4/9/n8/9/7n1/R8/6C2/9/9/3K5 w", "g3g2 e9f9 g2g3 f9e9");
    assert_eq!(c[0].kind, MoveKind::Chase, "{:?}", c[0]);
    assert_eq!(c[0].chases.len(), 1, "{:?}", c[0]);
    assert_eq!(c[0].chases[0].target.to_string(), "a7");
    assert!(!c[0].chases[0].kind.is_heavy(), "{:?}", c[0]);
}

/// Applies: as the first position, with a black crossed pawn on c4 that the rook on g4 also
/// attacks. Before Red's 车三进一 (the rook back to g5) the pawn already hung to the rook: a
/// standing loss, not one that taking the horse brought (2020 图22), so taking the horse won
/// then as it does after the cannon's step back to i4 — the step restores it: 闲 (参考图37).
#[test]
fn a_piece_that_already_hung_elsewhere_does_not_spoil_the_restored_capture() {
    let c = classes(
        "3aka3/9/9/5c1rN/6R2/2p5c/8C/9/9/3K5 w",
        "g5g4 i4i5 g4g5 i5i4",
    );
    assert_eq!(c[0].kind, MoveKind::Chase, "{:?}", c[0]);
    assert_eq!(c[2].kind, MoveKind::Chase, "{:?}", c[2]);
    assert!(!c[1].kind.is_attack(), "{:?}", c[1]);
    assert!(!c[3].kind.is_attack(), "{:?}", c[3]);
}

/// Just fails: the rook on g4 attacked instead a horse on f4 that the cannon f6 itself roots
/// over the pawn f5. Taking the horse i6 carries the cannon off and leaves the horse f4 to the
/// rook: a loss the capture brings (做根子, 26.5), so it did not win before Red's move, and the
/// cannon's step back to i4 makes it pay: 捉.
#[test]
fn a_piece_the_capture_itself_unroots_spoils_it() {
    let c = classes(
        "3aka3/9/9/5c1rN/5nR2/5n2c/8C/9/9/3K5 w",
        "g5g4 i4i5 g4g5 i5i4",
    );
    assert_eq!(c[3].kind, MoveKind::Chase, "{:?}", c[3]);
    assert!(
        c[3].chases.iter().any(|t| t.target.to_string() == "i6"),
        "{:?}",
        c[3]
    );
}

/// The size of the spoiling counter-attack, both ways, on one board. The black rook g3 attacks
/// Red's unprotected horse g1 all along; Red's horse shuttles between c2 and b4, attacking the
/// black piece that steps between d3 and d4 each time, and steps out each time.
///
/// Applies: that piece is a cannon. While the horse attacks it, 车吃马 is answered by 马吃炮:
/// horse for cannon, an even exchange that still counts as won (各吃各子, 26.5 「价值相当…按
/// 捉」). The capture stood, won outright before Red's move, and the cannon's step only
/// restores it: 闲, both steps (参考图37).
#[test]
fn an_escape_restoring_a_capture_the_counter_attack_only_evened_is_idle() {
    let c = classes(
        "3aka3/9/9/9/9/9/3c2r2/2N6/4A1N2/5K3 w",
        "c2b4 d3d4 b4c2 d4d3",
    );
    assert!(!c[1].kind.is_attack(), "{:?}", c[1]);
    assert!(!c[3].kind.is_attack(), "{:?}", c[3]);
}

/// Just fails: the shuttling piece is a rook. 车吃马 answered by 马吃车 loses a rook for a horse
/// (得不偿失, 26.5: no chase while the horse attacks it), and the rook's step out of the attack
/// is what makes taking the horse pay: the step chases it, jointly (the light level), as 2020
/// 图12's 炮8平9 「捉」, whose escape frees the rook g7 to take the pawn.
#[test]
fn an_escape_making_a_losing_capture_pay_is_a_joint_chase() {
    let c = classes(
        "3aka3/9/9/9/9/9/3r2r2/2N6/4A1N2/5K3 w",
        "c2b4 d3d4 b4c2 d4d3",
    );
    assert_eq!(c[3].kind, MoveKind::Chase, "{:?}", c[3]);
    let on_g1: Vec<_> = c[3]
        .chases
        .iter()
        .filter(|t| t.target.to_string() == "g1")
        .collect();
    assert_eq!(on_g1.len(), 1, "{:?}", c[3]);
    assert!(!on_g1[0].kind.is_heavy(), "{:?}", c[3]);
}
