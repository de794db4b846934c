//! Combining both sides' moves into the ruling, per rule set.

use xiangqi::Color;

use super::terms::{Chase, ChaseKind, MoveClass, MoveKind, PieceId};
use crate::Reason;
use crate::RuleSet;

/// What one side's moves in the cycle amount to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Pattern {
    /// Every move checks (长将).
    PerpetualCheck,
    /// Every move attacks (禁止着法); `heavy` unless a chase is only a light one.
    Forbidden { heavy: bool, reason: Reason },
    /// Anything else (允许着法).
    Allowed,
}

pub(crate) fn moves_of(classes: &[MoveClass], side: Color) -> Vec<&MoveClass> {
    classes.iter().filter(|c| c.mover == side).collect()
}

/// Chinese rules, 2020 art. 24.9–24.14: 长将 when every move checks; a forbidden pattern
/// (长杀, 长捉, 一将一杀, 一将一捉, 一杀一捉 "and the like", 24.13) when every move is 将, 杀 or
/// 捉. A pattern is light when one of its moves chases only at the light level (a joint chase,
/// a protected piece short of protectors, a protected piece other than a rook:
/// [`Chase::is_heavy`]; 24.15, 26.9.2–26.9.3, 图10, 图11, 图25–图28).
pub(crate) fn chinese_pattern(moves: &[&MoveClass]) -> Pattern {
    if moves.is_empty() {
        return Pattern::Allowed;
    }
    if moves.iter().all(|c| c.kind == MoveKind::Check) {
        return Pattern::PerpetualCheck;
    }
    if !moves.iter().all(|c| c.kind.is_attack()) {
        return Pattern::Allowed;
    }
    let light = moves
        .iter()
        .any(|c| c.kind == MoveKind::Chase && c.chases.iter().all(|ch| !ch.is_heavy()));
    Pattern::Forbidden {
        heavy: !light,
        reason: forbidden_reason(moves),
    }
}

/// Asian rules: 长照 when every move checks (rule 6); a perpetual chase when every move
/// chases, none checks (rule 12: one check one chase is a draw), and one same piece is
/// chased throughout (rule 32: one piece chasing two in turn is a draw; rule 33: two pieces
/// taking turns on one piece are not). Mate threats are never a violation (rules 9–11).
/// The pattern is heavy only when it chases a rook held by a horse (rule 19, see
/// [`ChaseKind::HeldRook`]): against a plain perpetual chase, that side must change.
pub(crate) fn asian_pattern(moves: &[&MoveClass]) -> Pattern {
    if moves.is_empty() {
        return Pattern::Allowed;
    }
    if moves.iter().all(|c| c.kind == MoveKind::Check) {
        return Pattern::PerpetualCheck;
    }
    if moves.iter().all(|c| c.kind == MoveKind::Chase) && !common_targets(moves, true).is_empty() {
        let held = moves.iter().all(|c| {
            c.chases
                .iter()
                .any(|ch| ch.answered && ch.kind == ChaseKind::HeldRook)
        });
        return Pattern::Forbidden {
            heavy: held,
            reason: Reason::PerpetualChase,
        };
    }
    Pattern::Allowed
}

/// The pieces chased on every one of these moves (only chases the other side answered, if
/// `answered`).
pub(crate) fn common_targets(moves: &[&MoveClass], answered: bool) -> Vec<PieceId> {
    let counts = |ch: &&Chase| ch.answered || !answered;
    let Some(first) = moves.first() else {
        return Vec::new();
    };
    let mut ids: Vec<PieceId> = first
        .chases
        .iter()
        .filter(counts)
        .map(|c| c.target_id)
        .collect();
    ids.dedup();
    ids.retain(|id| {
        moves
            .iter()
            .all(|c| c.chases.iter().filter(counts).any(|ch| ch.target_id == *id))
    });
    ids
}

fn forbidden_reason(moves: &[&MoveClass]) -> Reason {
    let check = moves.iter().any(|c| c.kind == MoveKind::Check);
    let chase = moves.iter().any(|c| c.kind == MoveKind::Chase);
    match (check, chase) {
        (true, true) => Reason::CheckAndChase,
        (_, true) => Reason::PerpetualChase,
        _ => Reason::PerpetualMateThreat,
    }
}

/// What the comparison of the two patterns decides.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Outcome {
    /// Both sides check perpetually: a draw.
    MutualCheck,
    /// One side checks perpetually and loses.
    Check(Color),
    /// One side's forbidden pattern against an allowed one.
    Forbidden(Color),
    /// Both forbidden, one heavier (Chinese 26.9.2–26.9.3).
    Heavier(Color),
    /// Both forbidden at the same level: a draw.
    BothForbidden,
    /// Both allowed: a draw.
    Allowed,
}

/// Compares the patterns of Red and Black.
///
/// * One-sided perpetual check loses under any circumstance (CXA 2020 art. 25.1, 图6; 1960
///   §4 二(一); AXF rule 6, D1–3), also against a chase (AXF section 2). Both checking is a
///   draw (解将还将: 1960 §5 七, 图十一; AXF rule 7, D4).
/// * A forbidden pattern against an allowed one must change (CXA 25.3; AXF section 2).
/// * Both forbidden: the heavy side changes against a light one (CXA 26.9.2–26.9.3,
///   图10–11, 25–28); otherwise a draw (CXA 26.9, 图3, 图19; AXF section 2).
/// * Both allowed: a draw (CXA 25.2; AXF rule 5).
pub(crate) fn compare(red: Pattern, black: Pattern) -> Outcome {
    use Pattern::*;
    match (red, black) {
        (PerpetualCheck, PerpetualCheck) => Outcome::MutualCheck,
        (PerpetualCheck, _) => Outcome::Check(Color::Red),
        (_, PerpetualCheck) => Outcome::Check(Color::Black),
        (Forbidden { .. }, Allowed) => Outcome::Forbidden(Color::Red),
        (Allowed, Forbidden { .. }) => Outcome::Forbidden(Color::Black),
        (Forbidden { heavy: true, .. }, Forbidden { heavy: false, .. }) => {
            Outcome::Heavier(Color::Red)
        }
        (Forbidden { heavy: false, .. }, Forbidden { heavy: true, .. }) => {
            Outcome::Heavier(Color::Black)
        }
        (Forbidden { .. }, Forbidden { .. }) => Outcome::BothForbidden,
        (Allowed, Allowed) => Outcome::Allowed,
    }
}

/// The verdict on classified moves: the outcome, the side that must vary (or lose) and why.
pub(crate) fn decide(classes: &[MoveClass], rules: RuleSet) -> (Outcome, Option<Color>, Reason) {
    let pattern = |side| {
        let moves = moves_of(classes, side);
        match rules {
            RuleSet::Asian => asian_pattern(&moves),
            // The 1960 set has its own verdict (`book1960`); this is the current book's.
            RuleSet::Chinese | RuleSet::Chinese1960 => chinese_pattern(&moves),
        }
    };
    let (red, black) = (pattern(Color::Red), pattern(Color::Black));
    let outcome = compare(red, black);
    let (loser, reason) = match outcome {
        Outcome::Check(c) => (Some(c), Reason::PerpetualCheck),
        Outcome::Forbidden(c) | Outcome::Heavier(c) => {
            let p = if c == Color::Red { red } else { black };
            let reason = match p {
                Pattern::Forbidden { reason, .. } => reason,
                _ => Reason::PerpetualChase,
            };
            (Some(c), reason)
        }
        _ => (None, Reason::RepetitionDraw),
    };
    (outcome, loser, reason)
}
