//! The threats of one position (捉): which enemy pieces the side to move could win next move,
//! under each rule set. A move *chases* the pieces threatened after it that were not
//! threatened before it (1999 art. 29.2: 「“捉”产生于刚走的这着棋，上一着尚不存在」; 2020 图5,
//! art. 24.8; AXF: only attacks created by the move count); see `classify`.

use xiangqi::{Color, Move, Piece, Position, Role, Square};

use super::board::{Threat, horse_leg_towards, old_captures, with_turn};
use super::checks::check_lines;
use super::material::{
    MATE, capture_gain, gain, hanging_captures, is_material, line_gain, strength, value,
};
use super::mutual::{costs_more_than_it_wins, wins_on_its_square};
use super::offer::Partners;
use super::own_chase::is_own_attack;
use super::protection::{
    can_recapture, has_true_root, retakes_by_checks, root_spoiled_by_another_attacker,
};
use super::terms::ChaseKind;
use crate::RuleSet;

/// Every enemy piece the side to move threatens to win, at most one entry per target (the
/// heaviest reading).
pub(crate) fn threats(pos: &Position, rules: RuleSet) -> Vec<Threat> {
    let mut out: Vec<Threat> = Vec::new();
    let mut scratch = pos.clone();
    let chaser = pos.turn();
    let mut them = with_turn(pos, !chaser);
    let old = old_captures(them.as_ref());
    // The opponent's captures that already paid: any other its capture that pays after the
    // chaser's counts against it (26.5).
    let paid = hanging_captures(them.as_ref());
    // Enemy pieces offered an exchange (24.4): a fair one is taken by nobody as a threat.
    let partners = match rules {
        RuleSet::Chinese | RuleSet::Chinese1960 => Partners::of(pos, them.as_mut(), rules),
        RuleSet::Asian => Partners::default(),
    };
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
            // The general's and the pawns' own attacks are not chases (2020 art. 26.1),
            // unless the pawn's capture checks with another piece (26.8).
            if is_own_attack(&mut scratch, m, attacker, rules) {
                continue;
            }
            let kind = match rules {
                RuleSet::Chinese | RuleSet::Chinese1960 => {
                    let pieces = (attacker, victim);
                    match chinese_kind(&mut scratch, (rules, &partners), (&old, &paid), m, pieces) {
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
    if rules != RuleSet::Asian {
        add_line_threats(&mut out, &mut scratch, chaser, &partners, &paid, even);
    }
    out
}

/// The threats that only a forcing line wins, added to the direct ones in `out` (Chinese
/// books): the complete exchange across squares of captures that break even square by square
/// (`even`, 2020 图4), then the lines of checks. `scratch`: the position, `chaser` to move;
/// `paid`: the opponent's captures that already paid.
fn add_line_threats(
    out: &mut Vec<Threat>,
    scratch: &mut Position,
    chaser: Color,
    partners: &Partners,
    paid: &[Move],
    even: Vec<(Move, Piece, Piece)>,
) {
    let offers = partners.captures(true);
    // A piece whose capture is judged directly is judged as the direct capture says —
    // a chase, or the exchange offered (24.4) — and lines on the way add nothing (2020
    // 图21: the rook's retreat, whose check line only wins again the horse its direct
    // capture wins, is judged by that capture; the rook's return, whose line C×e7+ …
    // ends by winning the horse h6 offered the exchange, is 兑).
    let judged = |out: &[Threat]| -> Vec<Square> {
        out.iter()
            .map(|t| t.target)
            .chain(partners.fairly_offered())
            .collect()
    };
    let direct = judged(out);
    // In a line the opponent's captures count unless they won already (a piece left
    // hanging elsewhere spoils nothing, 图22); a capture that lost before may now be part
    // of the complete exchange (参考图31: 炮×兵 炮×象 车×炮 马×炮).
    for (m, attacker, victim) in even {
        if !direct.contains(&m.to())
            && line_gain(scratch, m, chaser, (paid, &[]), &direct, false) > 0
        {
            push(
                out,
                Threat {
                    attacker: m.from(),
                    attacker_piece: attacker,
                    target: m.to(),
                    target_piece: victim,
                    kind: ChaseKind::Outnumbered,
                },
            );
        }
    }
    let direct = judged(out);
    let standing: Vec<Move> = out
        .iter()
        .map(|t| Move::new(t.attacker, t.target))
        .collect();
    for t in check_lines(scratch, &offers, &direct, &standing) {
        push(out, t);
    }
}

/// One entry per attacker and target (the heaviest reading): which threats a move created is
/// decided per attacker (`created`).
fn push(out: &mut Vec<Threat>, t: Threat) {
    match out
        .iter_mut()
        .find(|o| o.target == t.target && o.attacker == t.attacker)
    {
        Some(o) if t.kind.weight() > o.kind.weight() => *o = t,
        Some(_) => {}
        None => out.push(t),
    }
}

/// 2020 art. 24.3: the capture must win material once the exchange has run its course, and
/// must not let the opponent mate at once. The chase is *heavy* against an unprotected piece
/// (无根子) or a piece worth more than its attacker (捉车), *light* when the piece is
/// protected but short of protectors (少根子) or won jointly (联合捉) (26.9.2–26.9.3, 图26) —
/// a root that another attacker of the piece keeps from taking back included (参考图11
/// 「炮卒联合捉子」; `protection::root_spoiled_by_another_attacker`; `rules`: not under the
/// 1960 book, which chases an unprotected piece whoever made it so).
///
/// A piece offered a fair exchange (`partners`, 24.4) is not chased by the piece offering it
/// (`offer`), nor by another piece whose capture wins only by the complete exchange on its
/// square, of which the offering piece, attacking it, is part: that capture is the exchange
/// offered (2020 图21: the rook f6's 车×h6 wins the horse only because the horse f5 takes
/// back, and the book prints 兑). A capture that wins by itself — the piece is unprotected, or
/// stronger than its taker — is that piece's own chase beside the offer (兑兼捉 is 捉, 26.4;
/// 2020 图11: the rook a8 takes the unprotected cannon a9 that the cannon a7 offers to
/// exchange; 图25: the cannon i5, its screen the rook h5 that stands in the offer, takes the
/// unprotected rook d5).
fn chinese_kind(
    pos: &mut Position,
    (rules, partners): (RuleSet, &Partners),
    (old, paid): (&[Move], &[Move]),
    m: Move,
    (attacker, victim): (Piece, Piece),
) -> Direct {
    if partners.is_fair_pair(m) {
        return Direct::None;
    }
    let offered = partners.is_fairly_offered(m.to());
    let chaser = pos.turn();
    let net = capture_gain(pos, m, chaser, old);
    if net < 0 {
        // Lost on its square, the capture may still win across squares: the recapture takes
        // away a root, or opens another attack (24.3 通过完整互吃交换, 2020 参考图1, 13) — but
        // not if it lets the opponent mate.
        return if offered || net <= -MATE {
            Direct::None
        } else {
            Direct::Even
        };
    }
    if costs_more_than_it_wins(pos, m, paid) {
        // The capturer was the root of a piece the opponent now takes for more (做根子捉子,
        // 26.5: 得不偿失).
        return Direct::None;
    }
    if net == 0 {
        // A line that wins it would win it by the exchange offered.
        if offered {
            return Direct::None;
        }
        // Even only because the opponent takes as much back elsewhere: 26.5, 捉.
        if !wins_on_its_square(pos, m) {
            return Direct::Even;
        }
    }
    let undo = pos.play_unchecked(m);
    let recapture = has_true_root(pos, m.to());
    let delayed = !recapture && retakes_by_checks(pos, m.to());
    pos.undo(m, undo);
    if delayed {
        // A root all the same: the capturer is lost, so the capture must outweigh it.
        let (_, attacker_high) = value(attacker, m.from());
        if gain(victim, m.to(), chaser, chaser) <= attacker_high {
            return Direct::None;
        }
    }
    let protected = recapture || delayed;
    if !protected && rules == RuleSet::Chinese && root_spoiled_by_another_attacker(pos, m) {
        // A root that another attacker spoils: two pieces win it together (24.15, 24.17). The
        // 1960 book chases an unprotected piece, whoever made it so.
        Direct::Chase(ChaseKind::Outnumbered)
    } else if !protected {
        Direct::Chase(ChaseKind::Unprotected)
    } else if strength(attacker.role) < strength(victim.role) {
        Direct::Chase(ChaseKind::Outranked)
    } else if offered && !partners.wins_without_offerers(pos, m, old) {
        Direct::None
    } else {
        Direct::Chase(ChaseKind::Outnumbered)
    }
}

/// What a capture is worth by itself, under the Chinese rules.
enum Direct {
    /// It wins material: a chase of this kind.
    Chase(ChaseKind),
    /// It breaks even or loses on its square; a forcing line may still win (see
    /// [`line_gain`]).
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
