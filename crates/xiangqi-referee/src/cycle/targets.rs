//! The chased pieces of a move as the report shows them (`Target`): where each stands, who
//! would take it, its protection, how the move made the threat, what the capture nets and
//! the article that makes the attack a chase; and the pieces a general or pawn just moved
//! attacks, which the books let it chase.

use serde::{Deserialize, Serialize};
use xiangqi::{Move, Position, Role, Square};

use super::board::{horse_leg_towards, legal_captures_on, old_captures, with_turn};
use super::material::{capture_gain, is_material};
use super::protection::{can_recapture, has_true_root};
use super::terms::{Chase, ChaseKind, Exemption, MoveClass};
use super::wording::{chase_article, exempt_article, exemption_article};
use crate::RuleSet;

/// A chased piece.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Target {
    /// Where it stands after the move.
    pub square: String,
    /// Its role (`rook`).
    pub piece: String,
    /// The squares of the pieces that would win it.
    pub by: Vec<String>,
    /// Its protection after the move: `unprotected` (no piece of its side attacks the
    /// square), `false_root` (假根: protectors that cannot legally retake, or, Chinese rules,
    /// whose retake lets the chaser mate at once: 不能离线), `protected`
    /// (真根), `short` (protected, but the complete exchange still loses it: 少根).
    pub root: String,
    /// How the move made the threat: `moved` (the moved piece attacks it), `screen` (the moved
    /// piece became a cannon's screen), `unmasked` (the move opened a line or a leg),
    /// `root_cut` (the attack stood; the move removed a protection, 断根), `checks` (won by a
    /// check or consecutive checks, 抽), `joint` (several pieces together, 联合捉), `other`.
    pub how: String,
    /// Why it counts as won: `unprotected`, `outranked` (捉车 by a weaker piece),
    /// `exchange` (the complete exchange wins), `by_checks`, `held_rook` (AXF rule 19).
    pub chase: String,
    /// What the capture by the first attacker nets once the exchange on the square (and any
    /// capture it opens for the other side) is played out, in the book's values (1999 art.
    /// 25.3) in half-units: 士/象 2, 马/炮 4, 车 8, a crossed pawn 2–6 (counted low when the
    /// chaser takes it, high when it loses it). A chase by checks (抽) or by a line of captures
    /// across squares can win where this is 0 or less.
    pub gain: i32,
    /// The article under which this attack is a chase (CXA 24.3, 24.15, 24.17; AXF rules 15,
    /// 18, 19, 21, 23–26, 31), or which exempts it (`exempt`).
    #[serde(default)]
    pub article: String,
    /// In `exempt` only: why the attack is no chase — `own_chase` (the general's or a pawn's
    /// own attack, CXA 26.1, AXF rules 28–29), `answer_check` (the general answering a check,
    /// 26.1.2–26.1.3), `stood_before_check` (another piece answering a check attacks what it
    /// attacked before, 26.1.4), `key_point` (26.2: the defending side's lone attacking piece on a
    /// drawing point attacks an advisor or elephant), `left_by_its_side` (the target's own
    /// side's last move left it so, the attacker standing where it stood; 24.3, 参考图21).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub reason: String,
}

fn chase_name(kind: ChaseKind) -> &'static str {
    match kind {
        ChaseKind::Unprotected => "unprotected",
        ChaseKind::Outranked => "outranked",
        ChaseKind::Outnumbered => "exchange",
        ChaseKind::ByChecks => "by_checks",
        ChaseKind::JointByChecks => "joint_by_checks",
        ChaseKind::HeldRook => "held_rook",
    }
}

/// The squares strictly between `a` and `b` on one file or rank (empty otherwise).
fn between(a: Square, b: Square) -> Vec<Square> {
    let (af, ar) = (i32::from(a.file().index()), i32::from(a.rank().index()));
    let (bf, br) = (i32::from(b.file().index()), i32::from(b.rank().index()));
    if af != bf && ar != br {
        return Vec::new();
    }
    let (df, dr) = ((bf - af).signum(), (br - ar).signum());
    let mut out = Vec::new();
    let (mut f, mut r) = (af + df, ar + dr);
    while (f, r) != (bf, br) {
        out.extend(Square::new((r * 9 + f) as u8));
        f += df;
        r += dr;
    }
    out
}

/// The leg or eye a horse or an elephant on `from` needs free to reach `to`.
fn blocking_point(role: Role, from: Square, to: Square) -> Option<Square> {
    match role {
        Role::Horse => horse_leg_towards(from, to),
        Role::Elephant => {
            let f = (i32::from(from.file().index()) + i32::from(to.file().index())) / 2;
            let r = (i32::from(from.rank().index()) + i32::from(to.rank().index())) / 2;
            Square::new((r * 9 + f) as u8)
        }
        _ => None,
    }
}

pub(crate) fn target(
    before: &Position,
    after: &Position,
    m: Move,
    ch: &Chase,
    rules: RuleSet,
) -> Target {
    let chaser = ch.attacker_piece.color;
    // The chaser's legal captures on the target, with the chaser to move.
    let me = with_turn(after, chaser);
    let mut by: Vec<Square> = me
        .as_ref()
        .map(|p| legal_captures_on(p, ch.target).map(|c| c.from()).collect())
        .unwrap_or_default();
    // The attacker the classification names first.
    by.retain(|&s| s != ch.attacker);
    by.insert(0, ch.attacker);
    let root = match (&me, ch.kind) {
        (_, ChaseKind::Outnumbered) => "short",
        (Some(p), _) => root_of(p, Move::new(ch.attacker, ch.target), rules),
        (None, _) => "unprotected",
    };
    let line = between(ch.attacker, ch.target);
    let leg = blocking_point(ch.attacker_piece.role, ch.attacker, ch.target);
    let opened = line.contains(&m.from()) || leg == Some(m.from());
    let attacked_before =
        with_turn(before, chaser).is_some_and(|p| p.is_legal(Move::new(ch.attacker, ch.target)));
    let how = if ch.kind.by_checks() {
        "checks"
    } else if ch.kind == ChaseKind::Outnumbered && by.len() > 1 {
        "joint"
    } else if ch.attacker == m.to() {
        "moved"
    } else if ch.attacker_piece.role == Role::Cannon && line.contains(&m.to()) {
        "screen"
    } else if opened {
        "unmasked"
    } else if attacked_before {
        "root_cut"
    } else {
        "other"
    };
    let gain = me.map_or(0, |p| net(&p, Move::new(ch.attacker, ch.target)));
    Target {
        gain,
        article: chase_article(ch, rules, how).to_owned(),
        square: ch.target.to_string(),
        piece: ch.target_piece.role.name().to_owned(),
        by: by.iter().map(ToString::to_string).collect(),
        root: root.to_owned(),
        how: how.to_owned(),
        chase: chase_name(ch.kind).to_owned(),
        reason: String::new(),
    }
}

/// An attack the classification exempted (`MoveClass::exempt`, or the chases of a general
/// answering a check), as the report lists it: the target as [`target`] reads it, its
/// `chase` `exempt`, the reason and the article that exempts it.
pub(crate) fn exempted(
    before: &Position,
    after: &Position,
    c: &MoveClass,
    ch: &Chase,
    reason: Exemption,
    rules: RuleSet,
) -> Target {
    Target {
        chase: "exempt".to_owned(),
        reason: reason.name().to_owned(),
        article: exemption_article(reason, c.piece.role, rules).to_owned(),
        ..target(before, after, c.mv, ch, rules)
    }
}

/// The protection of the piece `cap` takes, the capturer's side to move: `protected` if it can
/// be taken back legally, `false_root` if only a protector that cannot retake guards it.
fn root_of(me: &Position, cap: Move, rules: RuleSet) -> &'static str {
    let mut probe = me.clone();
    if !probe.is_legal(cap) {
        return "unprotected";
    }
    probe.play_unchecked(cap);
    if can_recapture(&probe, cap.to()) {
        // Under the Chinese rules a protector that cannot leave its line — its retake lets the
        // chaser mate at once (不能离线, 2020 图7; 1999 art. 28.16 假根) — is a false root, as
        // the classification counts it.
        if rules.classifies_as() == RuleSet::Chinese && !has_true_root(&probe, cap.to()) {
            "false_root"
        } else {
            "protected"
        }
    } else if probe.attackers(cap.to(), !me.turn()).next().is_some() {
        "false_root"
    } else {
        "unprotected"
    }
}

/// What the capture `cap` nets, the capturer's side to move, once the exchange has run.
fn net(me: &Position, cap: Move) -> i32 {
    if !me.is_legal(cap) {
        return 0;
    }
    let old = old_captures(with_turn(me, !me.turn()).as_ref());
    capture_gain(&mut me.clone(), cap, me.turn(), &old)
}

/// The new attacks of a general or pawn just moved (not a check): pieces it could take next
/// move, unprotected or at a gain, that it could not take from where it stood. Both books let
/// these pieces chase (CXA 2020 26.1, 图14; 1960 §5 八–九; AXF rules 28–29), so they are no
/// chases; the report lists them.
pub(crate) fn exempt_targets(
    before: &Position,
    after: &Position,
    c: &MoveClass,
    rules: RuleSet,
) -> Vec<Target> {
    if !matches!(c.piece.role, Role::King | Role::Pawn) || !c.checkers.is_empty() {
        return Vec::new();
    }
    let (Some(me), earlier) = (with_turn(after, c.mover), with_turn(before, c.mover)) else {
        return Vec::new();
    };
    let to = c.mv.to();
    let mut out = Vec::new();
    for (sq, p) in after.pieces() {
        if p.color == c.mover || p.role == Role::King || !is_material(p, sq) {
            continue;
        }
        let cap = Move::new(to, sq);
        let stood = earlier
            .as_ref()
            .is_some_and(|e| e.is_legal(Move::new(c.mv.from(), sq)));
        if stood || !me.is_legal(cap) {
            continue;
        }
        let (root, gain) = (root_of(&me, cap, rules), net(&me, cap));
        if root != "unprotected" && gain <= 0 {
            continue;
        }
        out.push(Target {
            square: sq.to_string(),
            piece: p.role.name().to_owned(),
            by: vec![to.to_string()],
            root: root.to_owned(),
            how: "moved".to_owned(),
            chase: "exempt".to_owned(),
            gain,
            article: exempt_article(c.piece.role, rules).to_owned(),
            reason: Exemption::OwnChase.name().to_owned(),
        });
    }
    out
}
