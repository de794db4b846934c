//! The 1960 book's verdict on a cycle (《中国象棋竞赛规则（1960）》 第四节 二, 第五节 and the
//! appendix 例一–例九), and its words.
//!
//! * **长将 loses whatever the other side does** (第四节 二(一): 「不论在什么情况下，长将不停都是
//!   不可以的」), unless both sides check on every move (解将还将, 第五节 七, 图十一: a draw).
//! * **The forbidden patterns** (第四节 二(二)–(七)): 长要杀, 一将一要杀, 长捉无根子, 一将一捉,
//!   一将一要抽吃, 捉一不捉二 — every move of the side is 将, 要杀 or 捉, at least one not a check,
//!   and its chases are all of **one piece**: the book's 长捉 is always the chase of one enemy
//!   piece (「只许在一个地方捉敌子」), so one piece chasing two pieces in turn (一炮分捉两车) is no
//!   长捉. The current book rules otherwise (2020 24.11 「一子或数子」).
//! * **A forbidden pattern is the offender's only against idle moves.** The appendix draws every
//!   cycle in which the other side attacks back at least once — 还打: 例三 (the pawn's chase
//!   against the rook's forced 长杀), 例五 (二捉一还打), 例六 (二打一还打), 例九 (长捉 against
//!   一将一还捉), 例四 (解捉还捉) and 第五节 十 (车、马循环反捉) — and makes the offender vary only
//!   where the other side's moves attack nothing (例一, 例二, 例七, 例八; 图五–图十). An attack
//!   back is a check, a mate threat, a chase, or a general's or pawn's own chase (allowed to
//!   them, 第五节 八–九, but an attack: 例三), except a general's step that answers a check.
//!   The current book makes the side whose every move attacks vary against one that attacks
//!   only sometimes (2020 25.3): 例三 and 例五 are its losses.
//! * **长拦 draws** (第五节 三: 「老是拦阻对方某一个子，但并不长捉，双方不变作和棋」): a side whose
//!   every move blocks one same enemy piece draws even against that piece's 长要杀 — the
//!   1956 book's figure of the rule (1956 图六) blocks a rook that threatens mate. The
//!   current book makes the 长杀 side vary (2020 图7).
//! * Anything else draws (第五节 三–九).

use std::collections::HashMap;

use xiangqi::{Color, Role, Square};

use super::phrases::{chase_phrase, pattern_zh, side_en, side_zh};
use super::terms::{Exemption, Grounds, IdleKind, MoveClass, MoveKind, PieceId};
use super::verdict::{common_targets, moves_of};
use crate::{Reason, RuleSet};

/// What one side's moves amount to under the 1960 book.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stance {
    /// 长将 (第四节 二(一)).
    PerpetualCheck,
    /// A forbidden pattern (第四节 二(二)–(七)).
    Forbidden(Reason),
    /// 长拦 (第五节 三).
    Blocks,
    /// At least one attack (还打).
    AttacksBack,
    /// Nothing but idle moves.
    Idle,
}

/// The 1960 verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Outcome1960 {
    /// Both sides check on every move: 解将还将, a draw.
    MutualCheck,
    /// This side checks on every move and loses.
    Check(Color),
    /// This side's forbidden pattern against idle moves: it varies or loses.
    Forbidden(Color, Reason),
    /// Both sides' patterns forbidden: a draw.
    BothForbidden,
    /// This side's forbidden pattern is answered by an attack: a draw.
    AttackedBack(Color),
    /// This side's forbidden pattern is met by 长拦: a draw.
    Blocked(Color),
    /// Nothing forbidden: a draw.
    Allowed,
}

/// The 1960 ruling: the side that must vary (or lose), why, the article, and the explanation
/// in Chinese and English.
pub(crate) fn rule(classes: &[MoveClass]) -> (Option<Color>, Reason, String, String, String) {
    let blocked = blocked_pieces(classes);
    let stance = |side| stance(&moves_of(classes, side), &blocked);
    let outcome = compare(stance(Color::Red), stance(Color::Black));
    let (loser, reason) = match outcome {
        Outcome1960::Check(c) => (Some(c), Reason::PerpetualCheck),
        Outcome1960::Forbidden(c, reason) => (Some(c), reason),
        _ => (None, Reason::RepetitionDraw),
    };
    let (zh, en) = explain(classes, outcome);
    (loser, reason, rule_text(outcome).to_owned(), zh, en)
}

/// A side's stance (see the module doc).
fn stance(moves: &[&MoveClass], blocked: &HashMap<usize, Vec<PieceId>>) -> Stance {
    if moves.is_empty() {
        return Stance::Idle;
    }
    if moves.iter().all(|c| c.kind == MoveKind::Check) {
        return Stance::PerpetualCheck;
    }
    if moves.iter().all(|c| c.kind.is_attack()) {
        let chases: Vec<&MoveClass> = moves
            .iter()
            .copied()
            .filter(|c| c.kind == MoveKind::Chase)
            .collect();
        if chases.is_empty() || !common_targets(&chases, false).is_empty() {
            return Stance::Forbidden(forbidden_reason(moves));
        }
        return Stance::AttacksBack;
    }
    if blocks_one_piece(moves, blocked) {
        return Stance::Blocks;
    }
    if moves.iter().any(|c| attacks(c)) {
        Stance::AttacksBack
    } else {
        Stance::Idle
    }
}

/// Whether a move attacks: 将, 要杀, 捉, or a general's or pawn's own chase that is not a
/// general's answer to a check.
fn attacks(c: &MoveClass) -> bool {
    let own = c.exempt.iter().any(|e| e.reason == Exemption::OwnChase);
    c.kind.is_attack() || (own && !(c.piece.role == Role::King && c.answers_check))
}

/// 长拦: every move blocks (拦) and one same enemy piece is blocked by all of them.
fn blocks_one_piece(moves: &[&MoveClass], blocked: &HashMap<usize, Vec<PieceId>>) -> bool {
    let Some(first) = moves.first().and_then(|c| blocked.get(&c.ply)) else {
        return false;
    };
    moves
        .iter()
        .all(|c| c.kind == MoveKind::Idle(IdleKind::Block))
        && first.iter().any(|id| {
            moves
                .iter()
                .all(|c| blocked.get(&c.ply).is_some_and(|ids| ids.contains(id)))
        })
}

/// The pieces each blocking move blocks, by identity (the square each stood on when the cycle
/// began), keyed by the move's ply in the cycle.
fn blocked_pieces(classes: &[MoveClass]) -> HashMap<usize, Vec<PieceId>> {
    let mut origin: HashMap<Square, Square> = HashMap::new();
    let mut out = HashMap::new();
    for c in classes {
        let from = origin.remove(&c.mv.from()).unwrap_or(c.mv.from());
        origin.insert(c.mv.to(), from);
        if let Grounds::Block { cut, .. } = &c.grounds {
            let ids = cut
                .iter()
                .map(|p| PieceId(origin.get(&p.square).copied().unwrap_or(p.square)))
                .collect();
            out.insert(c.ply, ids);
        }
    }
    out
}

fn forbidden_reason(moves: &[&MoveClass]) -> Reason {
    let has = |k| moves.iter().any(|c| c.kind == k);
    match (has(MoveKind::Check), has(MoveKind::Chase)) {
        (true, true) => Reason::CheckAndChase,
        (_, true) => Reason::PerpetualChase,
        _ => Reason::PerpetualMateThreat,
    }
}

fn compare(red: Stance, black: Stance) -> Outcome1960 {
    use Stance::*;
    match (red, black) {
        (PerpetualCheck, PerpetualCheck) => Outcome1960::MutualCheck,
        (PerpetualCheck, _) => Outcome1960::Check(Color::Red),
        (_, PerpetualCheck) => Outcome1960::Check(Color::Black),
        (Forbidden(_), Forbidden(_)) => Outcome1960::BothForbidden,
        (Forbidden(_), Blocks) => Outcome1960::Blocked(Color::Red),
        (Blocks, Forbidden(_)) => Outcome1960::Blocked(Color::Black),
        (Forbidden(_), AttacksBack) => Outcome1960::AttackedBack(Color::Red),
        (AttacksBack, Forbidden(_)) => Outcome1960::AttackedBack(Color::Black),
        (Forbidden(r), Idle) => Outcome1960::Forbidden(Color::Red, r),
        (Idle, Forbidden(r)) => Outcome1960::Forbidden(Color::Black, r),
        _ => Outcome1960::Allowed,
    }
}

/// The article behind the outcome.
fn rule_text(outcome: Outcome1960) -> &'static str {
    match outcome {
        Outcome1960::Check(_) => "中国象棋竞赛规则(1960) 第四节 二(一) 长将, 图四",
        Outcome1960::MutualCheck => "中国象棋竞赛规则(1960) 第五节 七 解将还将, 图十一",
        Outcome1960::Forbidden(_, Reason::PerpetualMateThreat) => {
            "中国象棋竞赛规则(1960) 第四节 二(二) 长要杀, 图五; 二(三) 一将一要杀, 图六"
        }
        Outcome1960::Forbidden(_, Reason::CheckAndChase) => {
            "中国象棋竞赛规则(1960) 第四节 二(五) 一将一捉, 图八; 二(六) 一将一要抽吃, 图九"
        }
        Outcome1960::Forbidden(..) => {
            "中国象棋竞赛规则(1960) 第四节 二(四) 长捉无根子, 图七; 二(七) 捉一不捉二, 图十; 附录 例一"
        }
        Outcome1960::BothForbidden => {
            "中国象棋竞赛规则(1960) 第五节 十 车、马循环反捉, 图十四; 附录 例四, 例九"
        }
        Outcome1960::AttackedBack(_) => {
            "中国象棋竞赛规则(1960) 附录 例三, 例五, 例六 (还打: 双方不变作和)"
        }
        Outcome1960::Blocked(_) => "中国象棋竞赛规则(1960) 第五节 三 长拦 (1956 图六)",
        Outcome1960::Allowed => "中国象棋竞赛规则(1960) 第五节 (和棋: 双方不变作和)",
    }
}

/// A side's pattern in the 1960 book's words: 长要杀, 一将一要杀 (the current book's 杀).
fn pattern(moves: &[&MoveClass]) -> String {
    pattern_zh(moves, RuleSet::Chinese1960).replace('杀', "要杀")
}

fn pattern_en(moves: &[&MoveClass]) -> String {
    let words: Vec<&str> = moves
        .iter()
        .map(|c| match c.kind {
            MoveKind::Check => "check",
            MoveKind::MateThreat => "mate threat",
            MoveKind::Chase => "chase",
            MoveKind::Idle(IdleKind::Block) => "block",
            MoveKind::Idle(IdleKind::Follow) => "follow",
            MoveKind::Idle(IdleKind::Trade) => "exchange offer",
            MoveKind::Idle(_) => "idle",
        })
        .collect();
    words.join(", ")
}

/// The explanation in the 1960 book's phrasing.
fn explain(classes: &[MoveClass], outcome: Outcome1960) -> (String, String) {
    let (red, black) = (
        moves_of(classes, Color::Red),
        moves_of(classes, Color::Black),
    );
    let zh = format!("红方{}，黑方{}", pattern(&red), pattern(&black));
    let en = format!("Red: {}; Black: {}", pattern_en(&red), pattern_en(&black));
    let (tail_zh, tail_en) = match outcome {
        Outcome1960::Check(c) => (
            format!("。{}长将，{}不变作负", side_zh(c), side_zh(c)),
            format!(
                ". {} checks perpetually; {} must vary or lose",
                side_en(c),
                side_en(c)
            ),
        ),
        Outcome1960::Forbidden(c, _) => {
            let moves = if c == Color::Red { &red } else { &black };
            match chase_phrase(moves, c) {
                Some((czh, cen)) => (
                    format!("。{czh}，{}不变作负", side_zh(c)),
                    format!(". {cen}; {} must vary or lose", side_en(c)),
                ),
                None => (
                    format!("。{}禁止着法，{}不变作负", side_zh(c), side_zh(c)),
                    format!(
                        ". {} plays a forbidden pattern against idle moves; {} must vary or lose",
                        side_en(c),
                        side_en(c)
                    ),
                ),
            }
        }
        Outcome1960::AttackedBack(c) => (
            format!("。{}还打，双方不变作和", side_zh(!c)),
            format!(
                ". {} attacks back (还打); drawn if neither varies",
                side_en(!c)
            ),
        ),
        Outcome1960::Blocked(c) => (
            format!("。{}长拦，双方不变作和", side_zh(!c)),
            format!(
                ". {} blocks the same piece on every move (长拦); drawn if neither varies",
                side_en(!c)
            ),
        ),
        Outcome1960::MutualCheck => (
            "，双方长将（解将还将），不变作和".to_owned(),
            ". Both sides check perpetually; drawn if neither varies".to_owned(),
        ),
        Outcome1960::BothForbidden => (
            "，双方均为禁止着法，不变作和".to_owned(),
            ". Both sides play forbidden patterns; drawn if neither varies".to_owned(),
        ),
        Outcome1960::Allowed => (
            "，双方不变作和".to_owned(),
            ". Both sides' moves are allowed; drawn if neither varies".to_owned(),
        ),
    };
    (zh + &tail_zh, en + &tail_en)
}
