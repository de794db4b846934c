//! How a line of checks ends (抽, 2020 art. 24.3: 「从下一着开始运用将军或连续“将军”得子」 and
//! 「通过完整互吃交换后吃掉对方子且得子，上述得子后不致立即…被对方将死」): which of the
//! opponent's captures count against what the line took, and what the chaser is left with when
//! the opponent answers a check with a check of its own; and which of the captures at its end
//! are the line's (not one that stood before its first check).

use xiangqi::{Color, Move, Position, Role, Square};

use super::board::{Threat, old_captures, with_turn};
use super::mate::has_mate_in_one;
use super::material::{MATE, best_reply, gain};
use super::terms::ChaseKind;

/// The opponent's captures at the end of a line (the chaser to move) that do not count against
/// the line's last capture: those it had already, except the captures of a piece one of the
/// line's own moves brought to a square in `landed` — a piece the checks left en prise is part
/// of the complete exchange (完整互吃交换, 2020 art. 24.3). 参考图33: 士5进4 uncovers the
/// cannon's check and the cannon takes the advisor interposed, but the advisor that moved is
/// then taken in turn, 「等值交换…判闲」: the line wins nothing.
pub(super) fn standing_captures(pos: &Position, chaser: Color, landed: &[Square]) -> Vec<Move> {
    old_captures(with_turn(pos, !chaser).as_ref())
        .into_iter()
        .filter(|m| !landed.contains(&m.to()))
        .collect()
}

/// What the line is worth to the chaser, in check in `pos` because the opponent answered its
/// check with one of its own (垫将还将: the interposing piece gives check, or uncovers one), and
/// the pieces it then wins. The chaser can neither stand on what it has taken nor check on: it
/// answers, and the opponent takes what the line's pieces were left en prise to (the squares
/// in `landed`, the answer's own included), the exchange there played out, or mates at once
/// (24.3: 「不致立即被对方将死」). 2020 图7 「实则不能离线吃炮（红车可垫“将”还杀）」: where the
/// interposition mates, the capture is refuted outright (`checks`); where the general can step
/// out instead, the rook that took the cannon with check is taken in turn, and the capture wins
/// nothing all the same. `-MATE` when the chaser has no answer.
pub(super) fn answer_counter_check(
    pos: &mut Position,
    chaser: Color,
    landed: &mut Vec<Square>,
) -> (i32, Vec<Threat>) {
    let answers: Vec<Move> = pos.legal_moves().iter().copied().collect();
    let mut best = -MATE;
    let mut won: Vec<Threat> = Vec::new();
    for a in answers {
        let Some(mover) = pos.piece_at(a.from()) else {
            continue;
        };
        // The general's and the pawns' own captures win nothing for a line (26.1), as at its
        // last capture (`checks::best_capture`).
        let own = matches!(mover.role, Role::King | Role::Pawn);
        let victim = pos.piece_at(a.to()).filter(|_| !own);
        let taken = victim.map_or(0, |v| gain(v, a.to(), chaser, chaser));
        let undo = pos.play_unchecked(a);
        landed.push(a.to());
        let value = if has_mate_in_one(pos) {
            -MATE
        } else {
            let old = standing_captures(pos, chaser, landed);
            taken - best_reply(pos, chaser, &old)
        };
        landed.pop();
        pos.undo(a, undo);
        if value > best {
            best = value;
            won.clear();
        }
        // Only a capture that nets something names a piece the line wins.
        if let Some(victim) = victim.filter(|_| value == best && value > 0) {
            won.push(Threat {
                attacker: a.from(),
                attacker_piece: mover,
                target: a.to(),
                target_piece: victim,
                kind: ChaseKind::ByChecks,
            });
        }
    }
    (best, won)
}

/// The pieces of `won` that the line wins: a capture in `standing` that the same piece, on the
/// same square in `pos` (before the first check), makes at the end of the line stood before
/// the checks and is not theirs.
pub(super) fn by_the_line(pos: &Position, won: Vec<Threat>, standing: &[Move]) -> Vec<Threat> {
    won.into_iter()
        .filter(|t| {
            !(standing.contains(&Move::new(t.attacker, t.target))
                && pos.piece_at(t.attacker) == Some(t.attacker_piece))
        })
        .collect()
}
