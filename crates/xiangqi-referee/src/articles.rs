//! Where each ruling comes from: the book and article, per rule set, and the words for pieces
//! and sides in explanations.
//!
//! The Chinese rule set cites the current text (《中国象棋竞赛规则》, articles 2.4–2.7 and
//! 4–5) and, where it adds something, the 1960 rules. The Asian rule set cites the AXF rules'
//! general rules 1–5 (in English translation) and their natural limit.

use xiangqi::{Color, IllegalReason, Piece, Role};

use crate::RuleSet;

/// Mate: current text 4.1.1 (and 2.4(2): a check that can only be met by facing the kings is
/// mate too); 1960 §4.1(一); AXF rule 1.
pub(crate) fn checkmate(rules: RuleSet) -> &'static str {
    match rules {
        RuleSet::Chinese => "中国象棋竞赛规则 4.1.1 将死 (1960 第四节 一(一))",
        RuleSet::Asian => "AXF 象棋比赛规例 rule 1 (checkmate 将死)",
        RuleSet::Chinese1960 => "中国象棋竞赛规则(1960) 第四节 一(一) 将死",
    }
}

/// Stalemate loses: current text 3.2 and 4.1.3; 1960 §3 and §4.1(二); AXF rule 2.
pub(crate) fn stalemate(rules: RuleSet) -> &'static str {
    match rules {
        RuleSet::Chinese => "中国象棋竞赛规则 4.1.3 困毙 (1960 第四节 一(二))",
        RuleSet::Asian => "AXF 象棋比赛规例 rule 2 (no legal move 困毙)",
        RuleSet::Chinese1960 => "中国象棋竞赛规则(1960) 第四节 一(二) 困毙",
    }
}

/// An illegal move loses: current text 4.1.6 (4.1.2 when it leaves the kings facing).
pub(crate) fn illegal(rules: RuleSet, reason: Option<IllegalReason>) -> &'static str {
    match (rules, reason) {
        (RuleSet::Chinese, Some(IllegalReason::KingsWouldFace)) => {
            "中国象棋竞赛规则 4.1.2 走棋后形成帅(将)直接对面"
        }
        (RuleSet::Chinese, _) => "中国象棋竞赛规则 4.1.6 走棋违反行棋规定",
        (RuleSet::Asian, _) => "AXF 象棋比赛规例: illegal move (违反行棋规定)",
        (RuleSet::Chinese1960, Some(IllegalReason::KingsWouldFace)) => {
            "中国象棋竞赛规则(1960) 第二节 三 将(帅)本身不准直接对面"
        }
        (RuleSet::Chinese1960, _) => "中国象棋竞赛规则(1960) 第七节 五 纠正错误 (不符合第二节)",
    }
}

/// Neither side can win: current text 2.5(1) and 4.2.1; 1960 §5.1; AXF rule 4.
pub(crate) fn insufficient_material(rules: RuleSet) -> &'static str {
    match rules {
        RuleSet::Chinese => "中国象棋竞赛规则 4.2.1 双方均无可能取胜的简单局势 (1960 第五节 一)",
        RuleSet::Asian => "AXF 象棋比赛规例 rule 4 (draw: neither side can win)",
        RuleSet::Chinese1960 => "中国象棋竞赛规则(1960) 第五节 一 双方棋子或棋势都没有取胜的可能",
    }
}

/// The natural move limit: current text 4.2.4; AXF natural limit.
pub(crate) fn natural_limit(rules: RuleSet) -> &'static str {
    match rules {
        RuleSet::Chinese => "中国象棋竞赛规则 4.2.4 自然限着",
        RuleSet::Asian => "AXF 象棋比赛规例: natural move limit (自然限着, claimant's checks ≤ 10)",
        RuleSet::Chinese1960 => "中国象棋竞赛规则(1960) 第十二节 限着",
    }
}

/// Move odds (让先, 两先, 三先): 1960 §7.2; 1956 ch. 3.
pub(crate) const MOVE_ODDS: &str = "中国象棋竞赛规则(1960) 第七节 二 让先、让子";

/// "Red" or "Black".
pub(crate) fn side_en(c: Color) -> &'static str {
    match c {
        Color::Red => "Red",
        Color::Black => "Black",
    }
}

/// 红方 or 黑方.
pub(crate) fn side_zh(c: Color) -> &'static str {
    match c {
        Color::Red => "红方",
        Color::Black => "黑方",
    }
}

/// "Red's rook".
pub(crate) fn piece_en(p: Piece) -> String {
    format!("{}'s {}", side_en(p.color), p.role.name())
}

/// 红车, 黑马, …
pub(crate) fn piece_zh(p: Piece) -> String {
    format!("{}{}", p.color.chinese(), p.chinese())
}

/// 车, 马, 炮 or 兵/卒: the pieces that can cross the river and attack (see
/// [`crate::endings`]).
pub(crate) const fn is_attacker(role: Role) -> bool {
    matches!(role, Role::Rook | Role::Horse | Role::Cannon | Role::Pawn)
}

/// The Chinese wording of an illegal-move reason.
pub(crate) fn illegal_zh(reason: IllegalReason) -> &'static str {
    match reason {
        IllegalReason::NoPiece => "起点没有棋子",
        IllegalReason::NotYourTurn => "走的是对方的棋子",
        IllegalReason::OwnPiece => "终点有己方棋子",
        IllegalReason::CannotMoveThere => "该子不能这样走",
        IllegalReason::LeavesPalace => "将(帅)、士不能出九宫",
        IllegalReason::CrossesRiver => "相(象)不能过河",
        IllegalReason::ElephantEyeBlocked => "塞象眼",
        IllegalReason::HorseLegBlocked => "蹩马腿",
        IllegalReason::PathBlocked => "中途有子阻挡",
        IllegalReason::CannonNeedsScreen => "炮吃子必须隔一子",
        IllegalReason::PawnDirection => "兵(卒)只能前进，过河后才可横走，不能后退",
        IllegalReason::KingsWouldFace => "走后帅将直接对面",
        IllegalReason::LeavesKingInCheck => "走后己方将(帅)被将军",
    }
}
