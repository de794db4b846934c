//! The general's and the pawns' own attacks, and where that exemption stops.
//!
//! 2020 art. 26.1: 「帅(将)、兵(卒)本身允许长捉」 (图14), 1960 §5 八/九, AXF rules 28–29
//! (D67–70): what the general or a pawn could take by itself is no chase. 2020 art. 26.8:
//! 「兵(卒)吃子时产生其他子“将军”，按“捉”处理」 — a pawn whose capture gives check with another
//! piece (the capture opens a line, or the pawn lands as a cannon's screen) does not take by
//! itself: the capture is a joint one, and a chase (参考图11: the cannon that stands behind the
//! pawn, so that 卒×仕 would check through it, chases the advisor, 「炮卒联合捉子」; the same
//! pawn's capture with the cannon elsewhere is 「卒捉仕，判闲」). The Asian rules have no such
//! exception.

use xiangqi::{Move, Piece, Position, Role};

use crate::RuleSet;

/// Whether the capture `m` by `attacker` (the side to move's piece) is the general's or a
/// pawn's own attack, exempt from being a chase (see the module doc).
pub(crate) fn is_own_attack(pos: &mut Position, m: Move, attacker: Piece, rules: RuleSet) -> bool {
    match attacker.role {
        Role::King => true,
        Role::Pawn => rules == RuleSet::Asian || !checks_with_another_piece(pos, m),
        _ => false,
    }
}

/// Whether, after the capture `m`, the enemy general stands in check from a piece other than
/// the one that captured.
fn checks_with_another_piece(pos: &mut Position, m: Move) -> bool {
    let undo = pos.play_unchecked(m);
    let other = pos.checkers().into_iter().any(|sq| sq != m.to());
    pos.undo(m, undo);
    other
}
