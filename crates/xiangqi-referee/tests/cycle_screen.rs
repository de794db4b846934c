//! A piece that guards the cannon's screen against the cannon's target takes part in the
//! capture: when its move keeps the cannon's chase going, the chase is a joint one (2020 art.
//! 24.3, 「与其他子联合吃子」), the light level of 26.9.2, even where the piece also holds the
//! target from leaving its line (2020 参考图39, 「车马炮联合捉车」). Built positions, each
//! ruled as given, mirrored and with the colours swapped. See `src/cycle/screen.rs`.

mod common;

use common::{classes_redrawn, cycle};
use xiangqi_referee::{
    RuleSet,
    cycle::{Chase, MoveClass, rule_cycle},
};

fn classes(fen: &str, moves: &str) -> Vec<MoveClass> {
    classes_redrawn(fen, moves, RuleSet::Chinese)
}

/// The cannon b2's chase of the unprotected rook b7, in the red move `c`.
fn cannon_chase(c: &MoveClass) -> &Chase {
    c.chases
        .iter()
        .find(|t| t.attacker.to_string() == "b2" && t.target.to_string() == "b7")
        .unwrap_or_else(|| panic!("no chase of b7 by the cannon: {c:?}"))
}

/// Applies: the cannon b2 attacks the unprotected rook b7 over the horse b5; Red's rook
/// steps between c5 and d5, out of the black horse's attacks, guarding the horse each time
/// (the rook b7 cannot take it for nothing) and covering c7 or d7. The cannon's chase is
/// joint on both moves, and Black's one-horse perpetual chase of the rook must vary (26.9.2).
#[test]
fn guarding_the_screen_makes_the_chase_joint() {
    let (fen, moves) = (
        "3a1k3/4a4/1r7/4n4/1NR6/9/9/1C7/9/3AKA3 w",
        "c5d5 e6f4 d5c5 f4e6",
    );
    let c = classes(fen, moves);
    for ply in [0, 2] {
        assert!(!cannon_chase(&c[ply]).kind.is_heavy(), "{:?}", c[ply]);
    }
    let (start, played) = cycle(fen, moves);
    let v = rule_cycle(&start, &played, RuleSet::Chinese);
    assert_eq!(v.loser, Some(xiangqi::Color::Black), "{v:?}");
}

/// Just fails: the horse stands on b4, below the rook's rank, so that the rook's steps do not
/// guard the screen. They only take the rook out of the horse's attacks, after which the
/// cannon's capture of b7 wins as it did before the horse came (参考图37): the rook d5 covers
/// d7, but the rook b7 has other safe ways out, so it is not held (不能离线, 参考图49) — the step
/// adds nothing to the capture and chases nothing: 跟 (the protected advisor d9).
#[test]
fn a_screen_left_unguarded_adds_nothing_to_the_capture() {
    let c = classes(
        "3a1k3/4a4/1r7/4n4/2R6/1N7/9/1C7/9/3AKA3 w",
        "c5d5 e6f4 d5c5 f4e6",
    );
    assert!(!c[0].kind.is_attack(), "{:?}", c[0]);
    assert!(
        !c[0].chases.iter().any(|t| t.target.to_string() == "b7"),
        "{:?}",
        c[0]
    );
}
