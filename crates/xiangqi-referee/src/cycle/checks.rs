//! Material won by checks: lines of checks that end in a winning capture (抽, 2020 art.
//! 24.3).

use xiangqi::{Color, Move, Piece, Position, Role, Square};

use super::board::{Threat, old_captures, with_turn};
use super::bounds::bounds;
use super::mate_threat::threatens_mate;
use super::material::{MATE, capture_gain_with, gain, is_exchange_offer};
use super::terms::ChaseKind;

/// 2020 art. 24.3 (图2, 图3, 图9, 图16; 参考图29–30): material won by a check or consecutive
/// checks followed, whatever the replies, by a winning capture — including a discovered check
/// that uncovers a capture (抽). Checks that mate belong to 杀, not here.
pub(super) fn check_lines(
    pos: &mut Position,
    mut them: Option<&mut Position>,
    offers: &[Move],
) -> Vec<Threat> {
    let chaser = pos.turn();
    let mut out = Vec::new();
    let moves = pos.legal_moves();
    for &c in moves.iter() {
        if !pos.gives_check(c) || is_exchange_offer(pos, them.as_deref_mut(), c) {
            continue;
        }
        let (value, won) = after_check(pos, c, chaser, bounds().line_checks, offers);
        if value > 0 && value < MATE / 2 {
            out.extend(
                won.into_iter()
                    .filter(|t| pos.piece_at(t.target) == Some(t.target_piece)),
            );
        }
    }
    out
}

/// The chaser's net gain from the check `c`, every evasion answered by the best
/// continuation, and the pieces it wins (on their squares before the check).
fn after_check(
    pos: &mut Position,
    c: Move,
    chaser: Color,
    depth: u8,
    offers: &[Move],
) -> (i32, Vec<Threat>) {
    let first = pos
        .piece_at(c.to())
        .map_or(0, |v| gain(v, c.to(), chaser, chaser));
    let undo = pos.play_unchecked(c);
    let mut evasions: Vec<Move> = pos.legal_moves().iter().copied().collect();
    if evasions.is_empty() {
        pos.undo(c, undo);
        return (MATE, Vec::new());
    }
    // Captures first, then the general's steps: those most often refute a line, and the first
    // refutation ends the search.
    evasions.sort_by_key(|e| {
        if pos.piece_at(e.to()).is_some() {
            0
        } else if e.from() == pos.king(pos.turn()) {
            1
        } else {
            2
        }
    });
    let mut worst = i32::MAX;
    // Each answer with the pieces the line then wins; interpositions and captures that parry
    // the check are marked, for the costly mate test below is needed only if the line wins
    // against every answer.
    let mut answers: Vec<(Move, i32, bool, Vec<Threat>)> = Vec::new();
    for &e in evasions.iter() {
        let lost = pos
            .piece_at(e.to())
            .map_or(0, |v| gain(v, e.to(), !chaser, chaser));
        let u = pos.play_unchecked(e);
        let by_king = pos.piece_at(e.to()).is_some_and(|p| p.role == Role::King);
        let (best, threats) = follow(pos, chaser, depth - 1, offers, lost - first);
        pos.undo(e, u);
        worst = worst.min(first - lost + best);
        if worst <= 0 {
            break;
        }
        answers.push((e, lost, !by_king, threats));
    }
    let mut won: Vec<Threat> = Vec::new();
    if worst > 0 {
        for (e, lost, parry, threats) in answers {
            // An answer that parries the check by interposing or capturing and threatens
            // mate at once in turn (垫将还杀) refutes the line: the chaser must then defend,
            // and its piece "cannot leave its line" (2020 图7). Weighed against the line's
            // first check only: a further check in the line already takes material or
            // uncovers a check, and the search would cost three times as much.
            if parry && depth == bounds().line_checks {
                let u = pos.play_unchecked(e);
                let refutes = threatens_mate(pos, !chaser, 1);
                pos.undo(e, u);
                if refutes {
                    worst = worst.min(first - lost);
                    if worst <= 0 {
                        break;
                    }
                    continue;
                }
            }
            for mut t in threats {
                if t.target == e.to() {
                    t.target = e.from();
                }
                won.push(t);
            }
        }
    }
    pos.undo(c, undo);
    for t in &mut won {
        if t.target == c.to() {
            t.target = c.from();
        }
    }
    (worst, won)
}

/// The chaser's best continuation: a winning capture or, `depth` permitting, another check;
/// with the pieces every continuation of that value wins (ties are all kept: which of two
/// equal captures the chaser would choose is not for the referee to guess, and keeping one
/// would make the ruling depend on the order the moves are generated in, so on how the board
/// is drawn). The search of further checks stops once one gains more than `need`.
fn follow(
    pos: &mut Position,
    chaser: Color,
    depth: u8,
    offers: &[Move],
    need: i32,
) -> (i32, Vec<Threat>) {
    let (mut best, mut won) = best_capture(pos, chaser, offers);
    if depth > 0 && best <= need {
        let moves = pos.legal_moves();
        for &c in moves.iter() {
            // A further check must itself take something or uncover the check (抽).
            if offers.contains(&c) || !(pos.piece_at(c.to()).is_some() || discovers_check(pos, c)) {
                continue;
            }
            let (v, w) = after_check(pos, c, chaser, depth, offers);
            if v >= MATE / 2 || v <= 0 || v < best {
                continue;
            }
            if v > best {
                best = v;
                won.clear();
            }
            won.extend(w);
            if best > need {
                break;
            }
        }
    }
    (best, won)
}

/// The side to move's best single capture by net gain, and every capture that gains as much
/// (see [`follow`] on ties).
fn best_capture(pos: &mut Position, chaser: Color, skip: &[Move]) -> (i32, Vec<Threat>) {
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
            // The general's and the pawns' own captures are not chases, at the end of a line
            // of checks as anywhere (2020 art. 26.1, 图14: the pawn's move, after which a check
            // would let the pawn take the rook, is 闲).
            if matches!(attacker.role, Role::King | Role::Pawn) {
                continue;
            }
            let old = old.get_or_insert_with(|| old_captures(with_turn(pos, !chaser).as_ref()));
            let g = capture_gain_with(pos, m, chaser, old, false);
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

/// Whether `m` gives check with a piece other than the one moved (a discovered check).
fn discovers_check(pos: &mut Position, m: Move) -> bool {
    let undo = pos.play_unchecked(m);
    let found = pos.checkers().any(|sq| sq != m.to());
    pos.undo(m, undo);
    found
}
