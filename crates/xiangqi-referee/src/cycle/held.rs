//! A piece held where it stands (不能离线, 2020 参考图49: 「进马退马均使黑方四路炮不能离线，为长捉
//! 无根子」): pinned to its general, or left with no safe way out. A chase whose moved piece
//! holds the target that way, taking no part in the capture, stays the capture's own (see
//! `created`).

use xiangqi::{Move, Position, Square};

use super::board::with_turn;
use super::mate_threat::mating_checks;

/// Whether the piece on `holder` keeps the enemy piece on `target` from leaving its line (不能
/// 离线, 2020 参考图49: 「进马退马均使黑方四路炮不能离线」): it pins it to its general, or the
/// piece has no safe move — every square it may go to is attacked, or its leaving lets the
/// chaser mate by checks — and `holder` is one of the reasons (it attacks such a square or
/// begins such a mate). 马八进七 pins the cannon d8 as the leg of 马c8's check; after 马七退八
/// the horse b6 covers c8, a8 and d7, the rook and the cannon g8 the rest, and 炮×g8 lets 马b6–d7
/// mate. A piece with a safe move left is not held, whatever square the holder attacks.
pub(crate) fn holds(after: &Position, holder: Square, target: Square) -> bool {
    let Some(victim) = after.piece_at(target) else {
        return false;
    };
    if pins(after, holder, target) {
        return true;
    }
    let Some(mut them) = with_turn(after, victim.color) else {
        return false;
    };
    let chaser = !victim.color;
    let flights: Vec<Move> = them
        .legal_moves()
        .iter()
        .copied()
        .filter(|mv| mv.from() == target)
        .collect();
    let mut by_holder = false;
    for mv in flights {
        let undo = them.play_unchecked(mv);
        let attackers: Vec<Square> = them.attackers(mv.to(), chaser).collect();
        let safe = attackers.is_empty() && {
            let mates = mating_checks(&them, chaser);
            by_holder |= mates.iter().any(|c| c.from() == holder);
            mates.is_empty()
        };
        by_holder |= attackers.contains(&holder);
        them.undo(mv, undo);
        if safe {
            return false;
        }
    }
    by_holder
}

/// Whether the piece on `pinner` would attack the enemy general if the piece on `pinned` were
/// not there: the pinned piece cannot leave its line without exposing its general.
pub(crate) fn pins(pos: &Position, pinner: Square, pinned: Square) -> bool {
    let Some(victim) = pos.piece_at(pinned) else {
        return false;
    };
    let mut setup = pos.to_setup();
    setup.board[pinned.index() as usize] = None;
    // The pinned piece's side to move: the position is one where its general is in check.
    setup.turn = victim.color;
    let Ok(without) = Position::from_setup(setup) else {
        return false;
    };
    without
        .attackers(without.king(victim.color), victim.color.other())
        .any(|sq| sq == pinner)
}
