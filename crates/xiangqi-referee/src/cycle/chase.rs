//! Threats to win material (捉): which enemy pieces the side to move could win next move,
//! under each rule set. A move *chases* the pieces threatened after it that were not
//! threatened before it (1999 art. 29.2: 「“捉”产生于刚走的这着棋，上一着尚不存在」; 2020 图5,
//! 参考图6; AXF: only attacks created by the move count).

use xiangqi::{Color, Move, Piece, Position, Role, Square};

use super::material::{
    MATE, all_captures, can_recapture, capture_gain, capture_gain_with, gain, is_material,
    line_gain, strength,
};
use super::threat::{gives_check, mates_by_checks_except, threatens_mate, with_turn};
use super::{ChaseKind, RuleSet};

/// One threatened enemy piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Threat {
    pub attacker: Square,
    pub attacker_piece: Piece,
    pub target: Square,
    pub target_piece: Piece,
    pub kind: ChaseKind,
}

/// Every enemy piece the side to move threatens to win, at most one entry per target (the
/// heaviest reading).
pub(crate) fn threats(pos: &Position, rules: RuleSet) -> Vec<Threat> {
    let mut out: Vec<Threat> = Vec::new();
    let mut scratch = pos.clone();
    let chaser = pos.turn();
    let mut them = with_turn(pos, !chaser);
    let old = old_captures(them.as_ref());
    // Captures that only break even square by square: a forcing line may still win (图4).
    let mut even: Vec<(Move, Piece, Piece)> = Vec::new();
    for (sq, victim) in pos.pieces() {
        if victim.color == chaser || !is_material(victim, sq) {
            continue;
        }
        for from in pos.attackers(sq, chaser) {
            let Some(attacker) = pos.piece_at(from) else {
                continue;
            };
            let m = Move::new(from, sq);
            if !pos.is_legal(m) {
                continue;
            }
            // The general's and the pawns' own attacks are not chases: 2020 art. 26.1 (图14),
            // 1960 §5 八/九 (兵卒长捉, 将帅长捉); AXF rules 28–29 (D67–70).
            if matches!(attacker.role, Role::King | Role::Pawn) {
                continue;
            }
            let kind = match rules {
                RuleSet::Chinese => {
                    match chinese_kind(&mut scratch, them.as_mut(), &old, m, attacker, victim) {
                        Direct::Chase(kind) => Some(kind),
                        Direct::Even => {
                            even.push((m, attacker, victim));
                            None
                        }
                        Direct::None => None,
                    }
                }
                RuleSet::Asian => asian_kind(&mut scratch, them.as_ref(), m, attacker, victim),
            };
            if let Some(kind) = kind {
                push(
                    &mut out,
                    Threat {
                        attacker: from,
                        attacker_piece: attacker,
                        target: sq,
                        target_piece: victim,
                        kind,
                    },
                );
            }
        }
    }
    if rules == RuleSet::Chinese {
        let offers: Vec<Move> = all_captures(pos)
            .into_iter()
            .filter(|&m| is_exchange_offer(pos, them.as_mut(), m))
            .collect();
        // A piece that can be won directly is chased as the direct capture says: checks on
        // the way add nothing (2020 图21: the rook's retreat, whose check line only wins again
        // the horse its direct capture wins, is judged by that capture).
        let direct: Vec<Square> = out.iter().map(|t| t.target).collect();
        for (m, attacker, victim) in even {
            if !direct.contains(&m.to()) && line_gain(&mut scratch, m, chaser, &old, &direct) > 0 {
                push(
                    &mut out,
                    Threat {
                        attacker: m.from(),
                        attacker_piece: attacker,
                        target: m.to(),
                        target_piece: victim,
                        kind: ChaseKind::Exchange,
                    },
                );
            }
        }
        let direct: Vec<Square> = out.iter().map(|t| t.target).collect();
        for t in check_lines(&mut scratch, them.as_mut(), &offers) {
            if !direct.contains(&t.target) {
                push(&mut out, t);
            }
        }
    }
    out
}

fn push(out: &mut Vec<Threat>, t: Threat) {
    match out.iter_mut().find(|o| o.target == t.target) {
        Some(o) if t.kind.weight() > o.kind.weight() => *o = t,
        Some(_) => {}
        None => out.push(t),
    }
}

/// The opponent's captures available if the side to move passed (`them`: the same position
/// with the opponent to move).
fn old_captures(them: Option<&Position>) -> Vec<Move> {
    them.map_or_else(Vec::new, all_captures)
}

/// Whether the capture `m` takes a piece of the capturer's own type that could take the
/// capturer first without gaining anything: the two stand in an offer of exchange (兑, 2020
/// art. 24.4: if the opponent takes, it is neither mated at once nor loses material; 1956
/// 图七 长兑; 2020 图2, 图13, 图29, 图30; AXF rule 24, D51–52). Such a capture is no threat.
pub(crate) fn is_exchange_offer(pos: &Position, them: Option<&mut Position>, m: Move) -> bool {
    let (Some(a), Some(v)) = (pos.piece_at(m.from()), pos.piece_at(m.to())) else {
        return false;
    };
    if a.role != v.role {
        return false;
    }
    let Some(them) = them else { return false };
    let back = Move::new(m.to(), m.from());
    if !them.is_legal(back) || capture_gain(them, back, v.color, &[]) > 0 {
        return false;
    }
    // Accepting must not lose material either, once the recapture's follow-up has run: a
    // rook "offered" whose capture costs both rooks (the recapture checks, the second rook
    // falls) is no 兑 but a chase (2020 图17).
    if line_gain(them, back, a.color, &[], &[]) < 0 {
        return false;
    }
    // Taking must not expose the taker to a mate by checks: a piece that "cannot leave its
    // line" cannot accept the offer, which is then 杀 or 捉 (2020 图29 variant, 图7).
    let undo = them.play_unchecked(back);
    let mated = mates_by_checks_except(them, 3, &[]);
    them.undo(back, undo);
    !mated
}

/// 2020 art. 24.3: the capture must win material once the exchange has run its course, and
/// must not let the opponent mate at once. The chase is *heavy* against an unprotected piece
/// (无根子) or a piece worth more than its attacker (捉车), *light* when the piece is
/// protected but short of protectors (少根子) or won jointly (联合捉) (26.9.2–26.9.3, 图26).
fn chinese_kind(
    pos: &mut Position,
    them: Option<&mut Position>,
    old: &[Move],
    m: Move,
    attacker: Piece,
    victim: Piece,
) -> Direct {
    let chaser = pos.turn();
    let net = capture_gain(pos, m, chaser, old);
    if net < 0 || is_exchange_offer(pos, them, m) {
        return Direct::None;
    }
    if net == 0 {
        return Direct::Even;
    }
    let undo = pos.play_unchecked(m);
    let recapture = can_recapture(pos, m.to());
    let delayed = !recapture && retakes_by_checks(pos, m.to(), ROOT_CHECKS);
    pos.undo(m, undo);
    if delayed {
        // A root all the same: the capturer is lost, so the capture must outweigh it.
        let (_, attacker_high) = super::material::value(attacker, m.from());
        if gain(victim, m.to(), chaser, chaser) <= attacker_high {
            return Direct::None;
        }
    }
    let protected = recapture || delayed;
    Direct::Chase(if !protected {
        ChaseKind::Unprotected
    } else if strength(attacker.role) < strength(victim.role) {
        ChaseKind::Outranked
    } else {
        ChaseKind::Exchange
    })
}

/// How many checks a root made of checks may take (2020 图3 needs four when the elephant
/// interposes: R h0+ B g0, R×g0+ A f0, R×f0+ K e1, R f1+ K e0, and the rook on c1 falls; the
/// general cannot retake on f0 with the kings facing).
const ROOT_CHECKS: u8 = 4;

/// Whether the side to move, by a check or consecutive checks, whatever the answers, takes
/// the piece standing on `sq` in the end (or mates): a root made of checks (2020 图3: the rook
/// that took the horse is won back by the black rook's checks along the back ranks; the
/// elephant's moves that block those checks cut the root, 断根, and so chase the horse).
fn retakes_by_checks(pos: &mut Position, sq: Square, depth: u8) -> bool {
    if depth == 0 {
        return false;
    }
    let moves = pos.legal_moves();
    for &c in moves.iter() {
        if !gives_check(pos, c) {
            continue;
        }
        let undo = pos.play_unchecked(c);
        let mut evasions: Vec<Move> = pos.legal_moves().iter().copied().collect();
        // Captures of the checker first: they most often break the line.
        evasions.sort_by_key(|e| pos.piece_at(e.to()).is_none());
        let forced = evasions.iter().all(|&e| {
            let u = pos.play_unchecked(e);
            let ok = can_recapture(pos, sq)
                && pos
                    .piece_at(sq)
                    .is_some_and(|p| p.color == pos.turn().other())
                || retakes_by_checks(pos, sq, depth - 1);
            pos.undo(e, u);
            ok
        });
        pos.undo(c, undo);
        if forced {
            return true;
        }
    }
    false
}

/// What a capture is worth by itself, under the Chinese rules.
enum Direct {
    /// It wins material: a chase of this kind.
    Chase(ChaseKind),
    /// It breaks even on its square; a forcing line may still win (see [`line_gain`]).
    Even,
    /// No threat.
    None,
}

/// AXF: an attack is a chase when the target is unprotected (no real root: 真根 = a legal
/// recapture after the capture), or when a weaker piece attacks a rook (rules 15, 21, 26:
/// a horse or cannon may not perpetually chase a rook, protected or not; extended to an
/// advisor or elephant attacking a rook, horse or cannon). Two pieces of the same type
/// attacking each other, each able to take the other, offer an exchange, not a chase
/// (rule 24, D51–52).
///
/// A rook held by a horse — standing on the horse's leg towards its own king, so that it
/// cannot move away without uncovering a check — may not be perpetually chased (rule 19,
/// D39–41); engines that pass all the diagrams rank that chase above every other one, so
/// that the appendix example (D105), where the held rook itself chases, still stands.
fn asian_kind(
    pos: &mut Position,
    them: Option<&Position>,
    m: Move,
    attacker: Piece,
    victim: Piece,
) -> Option<ChaseKind> {
    if victim.role == Role::Rook
        && pos.pieces().any(|(sq, p)| {
            p.color == attacker.color
                && p.role == Role::Horse
                && horse_leg_towards(sq, pos.king(victim.color)) == Some(m.to())
        })
    {
        return Some(ChaseKind::HeldRook);
    }
    if strength(attacker.role) < strength(victim.role) {
        return Some(ChaseKind::Outranked);
    }
    let undo = pos.play_unchecked(m);
    let protected = can_recapture(pos, m.to());
    pos.undo(m, undo);
    if protected {
        return None;
    }
    if attacker.role == victim.role {
        let back = Move::new(m.to(), m.from());
        if them.is_some_and(|p| p.is_legal(back)) {
            return None;
        }
    }
    Some(ChaseKind::Unprotected)
}

/// How many checks in a row a line winning material may take (2020 art. 24.3: "a check or
/// consecutive checks").
const CHECK_DEPTH: u8 = 2;

/// 2020 art. 24.3 (图2, 图3, 图9, 图16; 参考图29–30): material won by a check or consecutive
/// checks followed, whatever the replies, by a winning capture — including a discovered check
/// that uncovers a capture (抽). Checks that mate belong to 杀, not here.
fn check_lines(
    pos: &mut Position,
    mut them: Option<&mut Position>,
    offers: &[Move],
) -> Vec<Threat> {
    let chaser = pos.turn();
    let mut out = Vec::new();
    let moves = pos.legal_moves();
    for &c in moves.iter() {
        if !gives_check(pos, c) || is_exchange_offer(pos, them.as_deref_mut(), c) {
            continue;
        }
        let (value, won) = after_check(pos, c, chaser, CHECK_DEPTH, offers);
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
            if parry && depth == CHECK_DEPTH {
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

/// The chaser's best continuation: a winning capture or, `depth` permitting, another check.
/// The search stops once a continuation gains more than `need`.
fn follow(
    pos: &mut Position,
    chaser: Color,
    depth: u8,
    offers: &[Move],
    need: i32,
) -> (i32, Vec<Threat>) {
    let (mut best, threat) = best_capture(pos, chaser, offers);
    let mut won: Vec<Threat> = threat.into_iter().collect();
    if depth > 0 && best <= need {
        let moves = pos.legal_moves();
        for &c in moves.iter() {
            // A further check must itself take something or uncover the check (抽).
            if offers.contains(&c) || !(pos.piece_at(c.to()).is_some() || discovers_check(pos, c)) {
                continue;
            }
            let (v, w) = after_check(pos, c, chaser, depth, offers);
            if v > best && v < MATE / 2 {
                best = v;
                won = w;
                if best > need {
                    break;
                }
            }
        }
    }
    (best, won)
}

/// The side to move's best single capture by net gain, and what it takes.
fn best_capture(pos: &mut Position, chaser: Color, skip: &[Move]) -> (i32, Option<Threat>) {
    let mut best = 0;
    let mut threat = None;
    let mut old: Option<Vec<Move>> = None;
    let mut targets: Vec<(Square, Piece)> = pos
        .pieces()
        .filter(|(sq, p)| {
            p.color != chaser && p.role != Role::King && gain(*p, *sq, chaser, chaser) > 0
        })
        .collect();
    // Most valuable first: no capture nets more than it takes, so the search ends as soon as
    // the next victim is worth no more than the best gain found.
    targets.sort_by_key(|&(sq, p)| -gain(p, sq, chaser, chaser));
    for (sq, victim) in targets {
        if gain(victim, sq, chaser, chaser) <= best {
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
            let old = old.get_or_insert_with(|| old_captures(with_turn(pos, !chaser).as_ref()));
            let g = capture_gain_with(pos, m, chaser, old, false);
            if g > best {
                best = g;
                threat = Some(Threat {
                    attacker: from,
                    attacker_piece: attacker,
                    target: sq,
                    target_piece: victim,
                    kind: ChaseKind::ByChecks,
                });
            }
        }
    }
    (best, threat)
}

/// The leg square a horse on `horse` must have free to attack `target`, if it attacks it at
/// all (1960 rules §2: the horse is blocked by a piece on its leg, 蹩马腿).
pub(crate) fn horse_leg_towards(horse: Square, target: Square) -> Option<Square> {
    let (hf, hr) = (
        i32::from(horse.file().index()),
        i32::from(horse.rank().index()),
    );
    let (tf, tr) = (
        i32::from(target.file().index()),
        i32::from(target.rank().index()),
    );
    let (df, dr) = (tf - hf, tr - hr);
    let (lf, lr) = match (df.abs(), dr.abs()) {
        (1, 2) => (hf, hr + dr / 2),
        (2, 1) => (hf + df / 2, hr),
        _ => return None,
    };
    Square::new((lr * 9 + lf) as u8)
}

/// Whether `m` gives check with a piece other than the one moved (a discovered check).
fn discovers_check(pos: &mut Position, m: Move) -> bool {
    let undo = pos.play_unchecked(m);
    let found = pos.checkers().any(|sq| sq != m.to());
    pos.undo(m, undo);
    found
}
