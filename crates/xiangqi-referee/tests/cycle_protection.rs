//! The 2020 book's protection and material terms (24.15 有根/假根/少根, the value of a
//! crossed pawn), each on positions built for it: one where the concept applies and one where
//! it just fails to. Each test cites its article.

use xiangqi::{Move, Position};
use xiangqi_referee::{
    RuleSet,
    cycle::{ChaseKind, MoveKind, classify_cycle},
};

mod common;
use common::{classes_redrawn, kinds};

/// 假根 (2020 art. 24.15 「充分保护」; 1999 art. 28.16 「形式上是根，实际上起不到充分保护作用，
/// 称为假根…按无根子处理」): Black's horse on e8 protects the cannon on g7 but is pinned to
/// its general by Red's rook on e1, so it cannot retake. Red's other rook stepping onto the
/// g-file wins the cannon: 捉. With a black pawn on e6 the horse is free, rook for cannon loses.
#[test]
fn a_pinned_protector_is_no_root() {
    let line = "h3g3 i9i8 g3h3 i8i9";
    let pinned = kinds("4k3r/4n4/6c2/9/9/9/7R1/9/4R4/3K5 w", line);
    assert_eq!(pinned[0], MoveKind::Chase, "{pinned:?}");
    let free = kinds("4k3r/4n4/6c2/4p4/9/9/7R1/9/4R4/3K5 w", line);
    assert!(!free[0].is_attack(), "{free:?}");
}

/// 1999 art. 25.3 (kept in 2020: 「帅(将)、未过河兵(卒)，不算“子力”」; 2020 图22 chases a
/// crossed pawn): a horse attacking a black pawn that has crossed the river (c4) chases it;
/// the same attack on a pawn still on its own side (c6) is 闲.
#[test]
fn a_pawn_is_material_only_once_it_has_crossed_the_river() {
    let line = "b3a5 e9f9 a5b3 f9e9";
    let crossed = kinds("4k4/9/9/9/9/2p6/1N7/9/9/3K5 w", line);
    assert_eq!(crossed[0], MoveKind::Chase, "{crossed:?}");
    let home = kinds("4k4/9/9/2p6/9/9/1N7/9/9/3K5 w", line);
    assert!(!home[0].is_attack(), "{home:?}");
}

/// 少根 (2020 art. 24.15 「作为“根”的棋子少于对方“捉”……」, the sentence cut off in our
/// sources; 1999 art. 29.3 「无根子(含：假根子、少根子)」): Black's cannon on c7 has one root, the
/// horse on b9; Red's second horse joins the one on a6, and two attackers against one root
/// win the cannon (horse, horse, horse: +4): 捉. With a second root (the horse on e8) the
/// exchange is even: no chase.
#[test]
fn fewer_roots_than_attackers_is_a_chase() {
    let line = "d4e6 e9f9 e6d4 f9e9";
    let short = kinds("1n2k4/9/2c6/N8/9/3N5/9/9/9/3K5 w", line);
    assert_eq!(short[0], MoveKind::Chase, "{short:?}");
    let enough = kinds("1n2k4/4n4/2c6/N8/9/3N5/9/9/9/3K5 w", line);
    assert!(!enough[0].is_attack(), "{enough:?}");
}

/// 2020 art. 24.3 (「上述得子后不致立即(下一着不予考虑)被对方将死的，称为“捉”」): Red's rook
/// comes to the a-file against Black's unprotected horse on a4, but on the back rank it also
/// guards b0: once it takes, 车2进9 mates (the black pawn on f2 covers f1). A capture that
/// walks into mate wins nothing: no chase. Without the pawn the general has f1, and the
/// capture wins the horse.
#[test]
fn a_capture_that_walks_into_mate_wins_nothing() {
    let line = "c0a0 d9d8 a0c0 d8d9";
    let mated = kinds("1r1k5/9/9/9/9/n8/9/5p3/9/2R2K3 w", line);
    assert!(!mated[0].is_attack(), "{mated:?}");
    let free = kinds("1r1k5/9/9/9/9/n8/9/9/9/2R2K3 w", line);
    assert_eq!(free[0], MoveKind::Chase, "{free:?}");
}

/// 不能离线 (2020 art. 24.15 「充分保护」; 图7's explanation 「实则不能离线吃炮」): Black's rook
/// on a9 protects the horse on a5 and also guards the back rank against Red's rook on b0: if
/// it retakes on a5, 车二进九 mates (the red pawn on c8 covers d8). The root is false, and
/// Red's cannon coming to a2 (the pawn on a3 its screen) wins the horse: 捉. Without the pawn
/// on c8 the general escapes to d8, the root is real and cannon for horse is even.
#[test]
fn a_protector_tied_to_a_line_by_a_mate_threat_is_no_root() {
    let line = "c2a2 f9e8 a2c2 e8f9";
    let fen = "r2k1a3/2P6/9/9/n8/9/P8/2C6/9/1R3K3 w";
    let tied = kinds(fen, line);
    assert_eq!(tied[0], MoveKind::Chase, "{tied:?}");
    // A false root counts as none (1999 art. 28.16 「按无根子处理」): the heavy chase of an
    // unprotected piece, not the light one of a piece short of roots (2020 26.9.2–26.9.3).
    let pos = Position::from_fen(fen).expect("legal");
    let moves: Vec<Move> = line
        .split_whitespace()
        .map(|m| m.parse().unwrap())
        .collect();
    let chase = &classify_cycle(&pos, &moves, RuleSet::Chinese)[0].chases;
    assert_eq!(chase.len(), 1, "{chase:?}");
    assert_eq!(chase[0].kind, ChaseKind::Unprotected, "{chase:?}");
    let free = kinds("r2k1a3/9/9/9/n8/9/P8/2C6/9/1R3K3 w", line);
    assert!(!free[0].is_attack(), "{free:?}");
}

/// 2020 art. 26.1.4 (「走动其他子应将产生的“捉”或“杀”，如应将前不存在，按“捉”或“杀”处理；
/// 如应将前已经存在，则为“闲”」): Black's horse checks from d1; Red's rook answers by stepping
/// onto the horse's leg (e1), and from there attacks the unprotected horse, which it did not
/// before: 捉. The same answer by a rook that already attacked d1 along the first rank (from
/// f1) creates nothing: 闲.
#[test]
fn an_answer_to_check_by_another_piece_chases_only_what_is_new() {
    let new = kinds("3k5/9/9/9/4R4/9/2n6/9/9/5K3 b", "c3d1 e5e1 d1c3 e1e5");
    assert_eq!(new[0], MoveKind::Check);
    assert_eq!(new[1], MoveKind::Chase, "{new:?}");
    let old = kinds("3k5/9/9/9/9/9/2n6/9/5R3/5K3 b", "c3d1 f1e1 d1c3 e1f1");
    assert_eq!(old[0], MoveKind::Check);
    assert!(!old[1].is_attack(), "{old:?}");
}

/// 少根 with three attackers (24.3 「与其他子联合吃子」, 24.15): Black's cannon e5 has two roots,
/// the horses c6 and g6, and Red's horses c4 and g4 attack it: two for two, the exchange is
/// even. The rook stepping to e2 is the third attacker: 马×炮 马×马 马×马 马×马 车×马 wins a
/// piece, a light chase (the target is protected, short of protectors). With a third root,
/// the cannon e8 over the elephant e7, three for three is even again: no chase. Each as given,
/// mirrored and with the colours swapped.
#[test]
fn a_third_attacker_against_two_roots_is_a_light_chase() {
    let line = "d2e2 f9f8 e2d2 f8f9";
    let short = common::classes_redrawn(
        "5k3/9/9/2n3n2/4c4/2N3N2/9/3R5/9/3K5 w",
        line,
        RuleSet::Chinese,
    );
    assert_eq!(short[0].kind, MoveKind::Chase, "{:?}", short[0]);
    assert!(
        short[0]
            .chases
            .iter()
            .any(|t| t.target.to_string() == "e5" && !t.kind.is_heavy()),
        "{:?}",
        short[0]
    );
    let enough = common::classes_redrawn(
        "5k3/4c4/4b4/2n3n2/4c4/2N3N2/9/3R5/9/3K5 w",
        line,
        RuleSet::Chinese,
    );
    assert!(!enough[0].kind.is_attack(), "{:?}", enough[0]);
}

/// A root made of checks (2020 图3) ends in a recapture, and that recapture must be a real
/// root like any other: one that walks into an immediate mate is a false root (2020 图7
/// 「实则不能离线吃炮」; 1999 art. 28.16 假根 「按无根子处理」). Red's cannon steps from g2 to
/// e2 behind its rook e4: after 车×e7 either elephant's recapture makes it the screen that
/// pins the advisor e8, and 车六进六 mates (the general cannot take on d9, facing Red's).
/// Black's one check, 车×f0+, gives its rook away and brings back the same recapture into
/// the same mate: the horse e7 has no real root, and the cannon's step is 捉; its step back is
/// 闲. The cannon attacks the horse too (over the rook) and is what spoils the root: the two
/// win it together, a joint chase (`cycle_spoiled_root.rs`).
#[test]
fn a_root_made_of_checks_that_ends_in_a_false_root_is_no_root() {
    let c = classes_redrawn(
        "n1b1k1b2/4a4/4n4/9/5r3/4R4/3R5/1N4C2/4A4/3K1A3 w",
        "g2e2 a9b7 e2g2 b7a9",
        RuleSet::Chinese,
    );
    assert_eq!(c[0].kind, MoveKind::Chase, "{:?}", c[0]);
    assert_eq!(c[0].chases[0].target.to_string(), "e7");
    assert_eq!(c[0].chases[0].kind, ChaseKind::Outnumbered);
    assert!(!c[1].kind.is_attack(), "{:?}", c[1]);
    assert!(!c[2].kind.is_attack(), "{:?}", c[2]);
}

/// Just fails: the black rook stands on h3 instead, and its check 车×d3+ takes the mating
/// rook; after 马×d3 the elephant retakes on e7 for real. The root made of checks stands,
/// and the rook's capture of the horse it protects wins nothing: the cannon's step is 闲.
#[test]
fn a_root_made_of_checks_that_ends_in_a_real_root_protects() {
    let c = classes_redrawn(
        "n1b1k1b2/4a4/4n4/9/9/4R4/3R3r1/1N4C2/4A4/3K1A3 w",
        "g2e2 a9b7 e2g2 b7a9",
        RuleSet::Chinese,
    );
    assert!(!c[0].kind.is_attack(), "{:?}", c[0]);
}
