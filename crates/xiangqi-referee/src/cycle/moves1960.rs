//! The 1960 book's moves (《中国象棋竞赛规则（1960）》 第四节 二, 第五节): what it counts as a
//! chase, and the article behind each label.
//!
//! The 1960 text names the moves without defining them one by one: 将 (第三节), 要杀 (第四节
//! 二(二): 「在下一步要“将死”对方」), 捉, 要抽吃 (二(六)), 拦, 兑, 跟 and 闲 (第五节 三–六). We label
//! the moves with the current book's definitions (`classify`, under `RuleSet::Chinese`) and
//! change them where the 1960 text says otherwise:
//!
//! * **Only an unprotected piece, or a stronger one, is chased.** The 1960 book forbids 长捉无根子
//!   (第四节 二(四)) and the chase of a rook by a cannon on squares it cannot escape (二(七),
//!   附录 例一), and it allows following a protected piece (长跟, 第五节 五: 「跟定对方有别的棋子
//!   保护的棋子」). The current book's light chases of protected pieces — 少根子 and joint chases
//!   (2020 24.15, 24.17: `ChaseKind::Outnumbered`) — are therefore no chases under 1960: the move
//!   is labelled by what else it does (often 跟), and the report lists the attack as exempt
//!   (`Exemption::Protected`).
//! * **A general's or pawn's own attack is allowed but is still an attack.** 将帅长捉 and 卒兵
//!   长捉 draw (第五节 八–九), yet the appendix counts the pawn's chase of the rook in 例三 as the
//!   attack that makes the rook's 长杀 a draw. The attacks are kept (`Exemption::OwnChase`) so
//!   that the verdict can count them as 还打 (`book1960`).

use xiangqi::{Move, Position, Role};

use super::board::{Threat, legal_captures_on, with_turn};
use super::material::{is_material, strength};
use super::terms::{ChaseKind, IdleKind, MoveClass, MoveKind};

/// Whether the 1960 book counts a chase of this kind: everything but the current book's light
/// chases of protected pieces (第四节 二(四) 长捉无根子; 第五节 五 长跟).
pub(crate) fn counts(kind: ChaseKind) -> bool {
    kind != ChaseKind::Outnumbered
}

/// The new attacks of a general or pawn that has just moved (no check given): enemy pieces it
/// could take next move, unprotected or stronger than it, that it could not take from where it
/// stood (第五节 八–九: allowed, but attacks; 附录 例三).
pub(crate) fn own_attacks(before: &Position, after: &Position, m: Move) -> Vec<Threat> {
    let Some(piece) = after.piece_at(m.to()) else {
        return Vec::new();
    };
    if !matches!(piece.role, Role::King | Role::Pawn) || after.is_check() {
        return Vec::new();
    }
    let (Some(me), earlier) = (
        with_turn(after, piece.color),
        with_turn(before, piece.color),
    ) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for (sq, target) in after.pieces() {
        if target.color == piece.color || !is_material(target, sq) {
            continue;
        }
        let cap = Move::new(m.to(), sq);
        let stood = earlier
            .as_ref()
            .is_some_and(|e| e.is_legal(Move::new(m.from(), sq)));
        if stood || !me.is_legal(cap) {
            continue;
        }
        let mut taken = me.clone();
        taken.play_unchecked(cap);
        let kind = if legal_captures_on(&taken, sq).next().is_none() {
            ChaseKind::Unprotected
        } else if strength(target.role) > strength(piece.role) {
            ChaseKind::Outranked
        } else {
            continue;
        };
        out.push(Threat {
            attacker: m.to(),
            attacker_piece: piece,
            target: sq,
            target_piece: target,
            kind,
        });
    }
    out
}

/// The 1960 article behind a move's label.
pub(crate) fn article(c: &MoveClass) -> &'static str {
    match c.kind {
        MoveKind::Check => "1960 第三节 (将军), 第四节 二(一)",
        MoveKind::MateThreat => "1960 第四节 二(二) (要杀)",
        MoveKind::Chase => match c.chases.first().map(|ch| ch.kind) {
            Some(ChaseKind::ByChecks | ChaseKind::JointByChecks) => {
                "1960 第四节 二(六) (要抽吃), 附录 例七"
            }
            Some(ChaseKind::Outranked) => "1960 第四节 二(七) (捉一不捉二), 附录 例一",
            _ => "1960 第四节 二(四) (捉无根子)",
        },
        MoveKind::Idle(IdleKind::Trade) => "1960 第五节 四 (兑)",
        MoveKind::Idle(IdleKind::Block) => "1960 第五节 三 (拦)",
        MoveKind::Idle(IdleKind::Follow) => "1960 第五节 五 (跟)",
        MoveKind::Idle(IdleKind::AnswerCheck) => "1960 第三节 (应将)",
        MoveKind::Idle(IdleKind::Sacrifice) => "1960 第五节 六 (闲着; 献: 2020 第24.5条)",
        MoveKind::Idle(IdleKind::Plain) => "1960 第五节 六 (闲着)",
    }
}

/// The 1960 article that makes an attack on a piece a chase.
pub(crate) fn chase_article(kind: ChaseKind) -> &'static str {
    match kind {
        ChaseKind::Unprotected => "1960 第四节 二(四) (长捉无根子)",
        ChaseKind::Outranked => "1960 第四节 二(七), 附录 例一 (捉车)",
        ChaseKind::ByChecks | ChaseKind::JointByChecks => "1960 第四节 二(六) (要抽吃), 附录 例七",
        ChaseKind::Outnumbered | ChaseKind::HeldRook => "1960 第五节 五 (有根子: 跟)",
    }
}
