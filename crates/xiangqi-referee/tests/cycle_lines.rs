//! Built positions for the lines of checks behind 捉 and 杀 (2020 art. 24.2, 24.3) and for
//! the half of 26.1.4 on 杀: one position where each concept applies and one where it just
//! fails to.

mod common;

use common::drawing::{Drawing, redraw_move, redraw_position};
use common::kinds;
use xiangqi::Color;
use xiangqi_referee::RuleSet;
use xiangqi_referee::cycle::{IdleKind, MoveKind, rule_cycle};

/// 2020 art. 24.3 「从下一着开始运用将军或连续“将军”得子」, with a check that gives a piece
/// up (2020 图24's 兵七平六): Red's rook comes to a5; then 车×e5 checks, the black rook must
/// interpose on e8, the pawn steps to f9 with check, the general must take it (e8 holds its
/// own rook, d9 its horse), and the rook on e8 falls: a pawn given for a rook, 捉. With the
/// pawn one file further (h9) its step gives no check and the general may flee to f9: the
/// line fails, and the rook's move is no chase. (Red's pawn on e3 keeps the generals apart,
/// so that the general may take a rook on e8.)
#[test]
fn a_line_of_checks_may_give_a_piece_up() {
    let line = "a9a5 d8e8 a5a9 e8d8";
    let applies = kinds("R2nk1P2/3r5/9/9/4p4/9/4P4/9/9/4K4 w", line);
    assert_eq!(applies[0], MoveKind::Chase, "{applies:?}");
    let fails = kinds("R2nk2P1/3r5/9/9/4p4/9/4P4/9/9/4K4 w", line);
    assert!(!fails[0].is_attack(), "{fails:?}");
}

/// 2020 art. 26.1.4 「走动其他子应将产生的…“杀”，如应将前不存在，按…“杀”处理；如应将前已经
/// 存在，则为“闲”」: Black's horse checks from d2; Red's horse answers by stepping onto its leg
/// (d1). From c3 it leaves the c-file, so that 车四进九 (c0–c9) mates — the pawn on d7 covers
/// d8, the generals' file covers e9 — a mate that did not stand before the answer: 杀. From
/// b2 the c-file was open all along, the mate stood before the check, and the same answer
/// creates nothing: 闲.
#[test]
fn an_answer_to_check_by_another_piece_threatens_mate_only_if_the_mate_is_new() {
    let new = kinds("3k5/9/3P5/9/9/9/2Np1n3/9/9/2R1K4 b", "f3d2 c3d1 d2f3 d1c3");
    assert_eq!(new[0], MoveKind::Check, "{new:?}");
    assert_eq!(new[1], MoveKind::MateThreat, "{new:?}");
    let old = kinds("3k5/9/3P5/9/9/9/3p1n3/1N7/9/2R1K4 b", "f3d2 b2d1 d2f3 d1b2");
    assert_eq!(old[0], MoveKind::Check, "{old:?}");
    assert!(!old[1].is_attack(), "{old:?}");
}

/// The decision on a mate threat that stood before the move (`src/cycle/mate_threat.rs`): 杀
/// is judged on the position after the move (2020 art. 24.2 「凡走子企图下一着将军或连续将军以
/// 将死对方者」), whether or not the mover could already force the mate; only another piece's
/// answer to a check is judged against what stood before the check (26.1.4, above). The books
/// label such a shuffle 杀: 1960 附录 例二 (车6平3, 「一将一连杀」, though 车6平5 or 车3平5 mated
/// before it) and 例六 (炮4退2, a threat to mate, though 炮7平5 mated before it;
/// `tests/rules_1960_examples.rs`). Here Red already mates — the rook h1 (or h2) goes to the
/// d-file, the rook a8 holds d8, the generals' file e9 — and shuffles that rook along its
/// file: both steps 杀, 长杀, Red varies. Just fails: a black advisor on d7 shuts the d-file,
/// no mate stands, and the same steps are 闲: a draw.
#[test]
fn a_mate_that_stood_before_the_move_is_still_its_threat() {
    let line = "h1h2 a3b3 h2h1 b3a3";
    for (fen, kind, loser) in [
        (
            "3k1a3/R8/9/9/9/9/p8/9/7R1/4K4 w",
            MoveKind::MateThreat,
            Some(Color::Red),
        ),
        (
            "3k1a3/R8/3a5/9/9/9/p8/9/7R1/4K4 w",
            MoveKind::Idle(IdleKind::Plain),
            None,
        ),
    ] {
        let got = kinds(fen, line);
        assert_eq!((got[0], got[2]), (kind, kind), "{fen}: {got:?}");
        let (pos, moves) = common::cycle(fen, line);
        for d in [Drawing::Mirror, Drawing::ColourSwap] {
            let p = redraw_position(&pos, d);
            let m: Vec<_> = moves.iter().map(|&m| redraw_move(m, d)).collect();
            let want = match d {
                Drawing::Mirror => loser,
                Drawing::ColourSwap => loser.map(|c| !c),
            };
            assert_eq!(
                rule_cycle(&p, &m, RuleSet::Chinese).loser,
                want,
                "{d:?} of {fen}"
            );
        }
        assert_eq!(
            rule_cycle(&pos, &moves, RuleSet::Chinese).loser,
            loser,
            "{fen}"
        );
    }
}
