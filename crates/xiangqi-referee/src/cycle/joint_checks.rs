//! Who wins by checks: one piece, or several together (联合捉). 2020 art. 24.3 names both
//! 「从下一着开始运用将军或连续“将军”得子」 and 「与其他子联合吃子」; 24.17 (联合捉) is two or
//! more pieces together winning a piece, and 26.9.2–26.9.3 weigh one side's 长捉 against the
//! other's 联合捉 (the joint chase is the lighter).

use xiangqi::{Move, Position, Square};

use super::board::Threat;
use super::terms::ChaseKind;

/// The pieces the first check `c` of a line sets to work, named where they stand before it:
/// the piece that moves and every piece that then gives check (a discovered check's included).
/// Empty when the moved piece is given up (弃: it lands where the opponent may take it, 图2
/// 「弃马得车」, 图24 「弃兵得车」): a piece sacrificed to drive the general only opens the way,
/// and the capturer wins alone.
pub(super) fn first_check_pieces(pos: &mut Position, c: Move) -> Vec<Square> {
    let undo = pos.play_unchecked(c);
    let given_up = pos
        .attackers(c.to(), pos.turn())
        .any(|from| pos.is_legal(Move::new(from, c.to())));
    let mut pieces = Vec::new();
    if !given_up {
        pieces.push(c.from());
        pieces.extend(pos.checkers().filter(|&sq| sq != c.to()));
    }
    pos.undo(c, undo);
    pieces
}

/// A win by checks whose capture a piece makes that neither moved to give the first check nor
/// gave it, that check's piece kept, is two pieces' doing: a joint chase (参考图41: 炮六平二,
/// then the cannon's check 炮二进一 over the advisor and the rook's capture, 「联合捉子」). A
/// piece that checks and takes wins alone (图3: the rook's checks that win material are
/// 「长捉车」), and so does a discovered check whose moving piece or uncovered checker takes
/// (抽).
pub(super) fn joint_if_shared(t: Threat, first_check: &[Square]) -> Threat {
    if !first_check.is_empty() && !first_check.contains(&t.attacker) {
        Threat {
            kind: ChaseKind::JointByChecks,
            ..t
        }
    } else {
        t
    }
}
