//! How a line of checks ends (抽, 2020 art. 24.3: 「从下一着开始运用将军或连续“将军”得子」 and
//! 「通过完整互吃交换后吃掉对方子且得子，上述得子后不致立即…被对方将死」): which of the
//! opponent's captures count against what the line took, and what the chaser is left with when
//! the opponent answers a check with a check of its own; and the line's last capture.

use xiangqi::{Color, Move, Piece, Position, Role, Square};

use super::board::{Threat, old_captures, with_turn};
use super::mate::has_mate_in_one;
use super::material::{MATE, best_reply, capture_gain, gain};
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

/// The side to move's best single capture by net gain, and every capture that gains as much
/// (ties are all kept: see `checks::Line::follow`); none of `skip`'s: offers, and captures that stood (by the
/// same piece).
pub(super) fn best_capture(
    pos: &mut Position,
    chaser: Color,
    (skip, stood): (&[Move], &[(Move, Piece)]),
    landed: &[Square],
) -> (i32, Vec<Threat>) {
    let mut best = 0;
    let mut threats = Vec::new();
    let mut old: Option<Vec<Move>> = None;
    let mut targets: Vec<(Square, Piece)> = pos
        .pieces()
        .filter(|(sq, p)| {
            p.color != chaser && p.role != Role::King && gain(*p, *sq, chaser, chaser) > 0
        })
        .collect();
    // Most valuable first: no capture nets more than it takes, so the search ends as soon as
    // the next victim is worth less than the best gain found.
    targets.sort_by_key(|&(sq, p)| -gain(p, sq, chaser, chaser));
    for (sq, victim) in targets {
        if gain(victim, sq, chaser, chaser) < best {
            break;
        }
        for from in pos.attackers(sq, chaser) {
            let m = Move::new(from, sq);
            if skip.contains(&m) || !pos.is_legal(m) {
                continue;
            }
            let Some(attacker) = pos.piece_at(from) else {
                continue;
            };
            if stood.contains(&(m, attacker)) {
                continue;
            }
            // The general's and the pawns' own captures are not chases, at the end of a line
            // of checks as anywhere (2020 art. 26.1, 图14: the pawn's move, after which a check
            // would let the pawn take the rook, is 闲).
            if matches!(attacker.role, Role::King | Role::Pawn) {
                continue;
            }
            let old = old.get_or_insert_with(|| standing_captures(pos, chaser, landed));
            // The last capture of a line must not walk into mate either (24.3: 「上述得子后
            // 不致立即…被对方将死」): the line's checks are over, and the opponent has its move.
            let g = capture_gain(pos, m, chaser, old);
            if g <= 0 || g < best {
                continue;
            }
            if g > best {
                best = g;
                threats.clear();
            }
            threats.push(Threat {
                attacker: from,
                attacker_piece: attacker,
                target: sq,
                target_piece: victim,
                kind: ChaseKind::ByChecks,
            });
        }
    }
    (best, threats)
}
