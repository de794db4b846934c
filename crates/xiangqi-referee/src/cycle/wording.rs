//! Each rule set's own words for the classified moves: the label, its English term, the
//! article that defines the move's label, and the article that makes an attack a chase.
//!
//! The CXA (2020 第24条) and the AXF (象棋比赛规例, 第四章 棋例, 第一节 术语解释) name the
//! same moves differently where they differ at all:
//!
//! | move | CXA | AXF |
//! |---|---|---|
//! | check | 将 (24.1) | 照 (照着, 照将; rule 6: 长照) |
//! | a check that answers a check | 将 | 照, `term` "check back" (反照: the terms' 解照/反照, resolving a check by checking back) |
//! | threat to mate | 杀 (24.2) | 杀 (杀着, "threatening to checkmate"; never a violation, rule 9) |
//! | chase | 捉 (24.3: a threat to win material) | 捉 (捉着: an attack with intent to capture; rules 15–37 say which attacks may not be perpetual) |
//! | exchange offer, sacrifice, block | 兑, 献, 拦 (24.4–24.6) | 兑着, 献着, 拦着 (rules 39–40) |
//! | shadowing a protected piece | 跟 (24.7) | no term: 闲着 |
//! | idle | 闲 (24.8) | 闲着 |
//!
//! AXF has no material count, no 少根 and no chase by checks (a threat to check and capture
//! is allowed, rules 13 and 38); its rule for a chase depends on the attacker and the target
//! (a cannon or horse on a rook, a rook on a cannon or a horse, same-type pieces, a cannon
//! moving its screen), which [`chase_article`] names.

use xiangqi::Role;

use super::moves1960;
use super::terms::{Chase, ChaseKind, Exemption, IdleKind, MoveClass, MoveKind};
use crate::RuleSet;

/// The rule set's word for a move: CXA 将 杀 捉 兑 献 拦 跟 闲; AXF 照 杀 捉 兑 献 拦 闲.
pub(crate) fn label(kind: MoveKind, rules: RuleSet) -> &'static str {
    match (rules, kind) {
        (RuleSet::Asian, MoveKind::Check) => "照",
        (RuleSet::Asian, MoveKind::Idle(IdleKind::Follow)) => "闲",
        _ => kind.label(),
    }
}

/// The label in English, snake_case, for machines: `check`, `mate_threat`, `chase`,
/// `exchange`, `sacrifice`, `block`, `follow` (CXA only), `answer_check` (CXA only), `idle`.
pub(crate) fn kind_name(kind: MoveKind, rules: RuleSet) -> &'static str {
    match kind {
        MoveKind::Check => "check",
        MoveKind::MateThreat => "mate_threat",
        MoveKind::Chase => "chase",
        MoveKind::Idle(IdleKind::Trade) => "exchange",
        MoveKind::Idle(IdleKind::Sacrifice) => "sacrifice",
        MoveKind::Idle(IdleKind::Block) => "block",
        MoveKind::Idle(IdleKind::Follow) if rules != RuleSet::Asian => "follow",
        MoveKind::Idle(IdleKind::AnswerCheck) if rules != RuleSet::Asian => "answer_check",
        MoveKind::Idle(_) => "idle",
    }
}

/// The rule set's own English term for the label (the AXF terms as the Hong Kong referee
/// committee's translation words them).
pub(crate) fn term_en(kind: MoveKind, rules: RuleSet) -> &'static str {
    // The 1960 book's words are the current book's (将, 要杀, 捉, 兑, 拦, 跟, 闲).
    let rules = rules.classifies_as();
    match (rules, kind) {
        (_, MoveKind::Check) => "check",
        (RuleSet::Asian, MoveKind::MateThreat) => "threat to checkmate",
        (_, MoveKind::MateThreat) => "mate threat",
        (_, MoveKind::Chase) => "chase",
        (_, MoveKind::Idle(IdleKind::Trade)) => "exchange offer",
        (RuleSet::Asian, MoveKind::Idle(IdleKind::Sacrifice)) => "offer",
        (_, MoveKind::Idle(IdleKind::Sacrifice)) => "sacrifice offer",
        (_, MoveKind::Idle(IdleKind::Block)) => "block",
        (RuleSet::Chinese, MoveKind::Idle(IdleKind::Follow)) => "follow",
        (_, MoveKind::Idle(IdleKind::AnswerCheck)) => "idle (the general answering a check)",
        (_, MoveKind::Idle(_)) => "idle",
    }
}

/// [`term_en`] for one move: under the AXF a check that answers a check is a check back
/// (反照, AXF 第四章 第一节 术语解释: 解照 resolves a check, 反照 resolves it by checking back).
/// It stays a 照 for rule 6 (长照); the CXA has no such
/// term (2020 24.1: 将).
pub(crate) fn move_term(c: &MoveClass, rules: RuleSet) -> &'static str {
    if rules == RuleSet::Asian && c.kind == MoveKind::Check && c.answers_check {
        "check back"
    } else {
        term_en(c.kind, rules)
    }
}

/// The rule set's own Chinese term for a move, where it is not the one-character label:
/// the AXF's terms (第四章 第一节 术语解释) 照着, 反照 (a
/// check that answers a check), 杀着, 捉着, 兑着, 献着, 拦着, 闲着; the 1960 book's words 将,
/// 要杀 (第四节 二(二)), 捉, 兑, 拦, 跟, 闲 (it has no 献: an offer is 闲); empty under the
/// current Chinese rules, whose term is the label itself (2020 第24条).
pub(crate) fn term_zh(c: &MoveClass, rules: RuleSet) -> &'static str {
    match (rules, c.kind) {
        (RuleSet::Chinese, _) => "",
        (RuleSet::Asian, MoveKind::Check) if c.answers_check => "反照",
        (RuleSet::Asian, MoveKind::Check) => "照着",
        (RuleSet::Asian, MoveKind::MateThreat) => "杀着",
        (RuleSet::Asian, MoveKind::Chase) => "捉着",
        (RuleSet::Asian, MoveKind::Idle(IdleKind::Trade)) => "兑着",
        (RuleSet::Asian, MoveKind::Idle(IdleKind::Sacrifice)) => "献着",
        (RuleSet::Asian, MoveKind::Idle(IdleKind::Block)) => "拦着",
        (RuleSet::Asian, MoveKind::Idle(_)) => "闲着",
        (RuleSet::Chinese1960, MoveKind::MateThreat) => "要杀",
        (RuleSet::Chinese1960, MoveKind::Idle(IdleKind::Sacrifice)) => "闲",
        (RuleSet::Chinese1960, kind) => kind.label(),
    }
}

/// Whether the moved piece is the general or a pawn, whose own attacks both books exempt.
fn by_king_or_pawn(c: &MoveClass) -> bool {
    matches!(c.piece.role, Role::King | Role::Pawn)
}

/// The article that defines the move's label. Under the AXF, a chase cites the rule of its
/// first chased piece ([`chase_article`]).
pub(crate) fn move_article(c: &MoveClass, rules: RuleSet, how: Option<&str>) -> String {
    match rules {
        RuleSet::Chinese1960 => moves1960::article(c).to_owned(),
        RuleSet::Chinese => match c.kind {
            MoveKind::Check => "2020 第24.1条",
            MoveKind::MateThreat => "2020 第24.2条",
            MoveKind::Chase if by_king_or_pawn(c) => "2020 第24.3条, 第26.1.1条",
            MoveKind::Chase => "2020 第24.3条",
            MoveKind::Idle(IdleKind::Trade) => "2020 第24.4条",
            MoveKind::Idle(IdleKind::Sacrifice) => "2020 第24.5条",
            MoveKind::Idle(IdleKind::Block) => "2020 第24.6条",
            MoveKind::Idle(IdleKind::Follow) => "2020 第24.7条",
            MoveKind::Idle(IdleKind::AnswerCheck) => "2020 第26.1.2–26.1.3条",
            MoveKind::Idle(IdleKind::Plain) => "2020 第24.8条",
        }
        .to_owned(),
        RuleSet::Asian => match c.kind {
            MoveKind::Check if c.answers_check => {
                "AXF terms: check back (反照: 解照 by a check); rule 6".to_owned()
            }
            MoveKind::Check => "AXF terms: check (照着); rule 6".to_owned(),
            MoveKind::MateThreat => {
                "AXF terms: threatening to checkmate (杀着); rule 9 (not a violation)".to_owned()
            }
            MoveKind::Chase => match c.chases.first() {
                Some(ch) => format!(
                    "AXF terms: chase (捉着); {}",
                    chase_article(ch, RuleSet::Asian, how.unwrap_or("other"))
                ),
                None => "AXF terms: chase (捉着)".to_owned(),
            },
            MoveKind::Idle(IdleKind::Trade) => {
                "AXF terms: offering an exchange (兑着); rules 24, 40".to_owned()
            }
            MoveKind::Idle(IdleKind::Sacrifice) => {
                "AXF terms: offering a sacrifice (献着); rule 40".to_owned()
            }
            MoveKind::Idle(IdleKind::Block) => "AXF terms: blocking (拦着); rule 39".to_owned(),
            MoveKind::Idle(_) => "AXF terms: idle (闲着)".to_owned(),
        },
    }
}

/// The article under which an attack on a piece counts as a chase.
///
/// * CXA: 24.3 (material won next move), with 24.15 for an unprotected piece (无根子) and for
///   one short of protectors (少根子), 24.17 for a joint chase (联合捉), and 24.3's "by a check
///   or consecutive checks" for 抽.
/// * AXF, by attacker and target (`how`: the report's `how`, `screen` when the move became a
///   cannon's screen): a rook held by a horse, rule 19; a cannon on a rook, rule 15 (rule 26
///   when the cannon attacks by its screen's move); a horse on a rook, rule 21; an advisor or
///   elephant on a stronger piece, rules 15 and 21 read alike; a rook on an unprotected cannon,
///   rule 18; on a horse, rule 23; on a crossed pawn, rule 31; a cannon attacking by its
///   screen's move an unprotected horse, advisor, elephant or crossed pawn, rule 25; two pieces
///   of one type, the target unable to take back, rule 24; any other unprotected piece, the
///   terms' definition of a chase (捉着) and section 2.
pub(crate) fn chase_article(ch: &Chase, rules: RuleSet, how: &str) -> &'static str {
    let (a, t) = (ch.attacker_piece.role, ch.target_piece.role);
    match rules {
        RuleSet::Chinese1960 => moves1960::chase_article(ch.kind),
        RuleSet::Chinese => match ch.kind {
            ChaseKind::Unprotected => "2020 第24.3条, 第24.15条 (无根子)",
            ChaseKind::Outranked => "2020 第24.3条 (捉车: 完整交换得子)",
            ChaseKind::Outnumbered if how == "joint" => {
                "2020 第24.3条, 第24.15条, 第24.17条 (少根子, 联合捉)"
            }
            ChaseKind::Outnumbered => "2020 第24.3条, 第24.15条 (少根子)",
            ChaseKind::ByChecks => "2020 第24.3条 (运用将军得子)",
            ChaseKind::JointByChecks => "2020 第24.3条, 第24.17条 (运用将军得子, 联合捉)",
            ChaseKind::HeldRook => "2020 第24.3条",
        },
        RuleSet::Asian => match (ch.kind, a, t) {
            (ChaseKind::HeldRook, _, _) => "rule 19 (D39–41: a rook held by a horse)",
            (_, Role::Cannon, Role::Rook) if how == "screen" => {
                "rule 26 (D61–62: a cannon on a rook by its screen's move)"
            }
            (_, Role::Cannon, Role::Rook) => "rule 15 (D18–25: a cannon on a rook)",
            (_, Role::Horse, Role::Rook) => "rule 21 (a horse on a rook)",
            (_, Role::Advisor | Role::Elephant, _) => {
                "rules 15, 21 (a weaker piece on a stronger one)"
            }
            (_, Role::Rook, Role::Cannon) => "rule 18 (D32–38: a rook on an unprotected cannon)",
            (_, Role::Rook, Role::Horse) => "rule 23 (D49–50: a rook on a horse)",
            (_, Role::Rook, Role::Pawn) => "rule 31 (a rook on a crossed pawn)",
            (_, Role::Cannon, Role::Horse | Role::Advisor | Role::Elephant | Role::Pawn)
                if how == "screen" =>
            {
                "rule 25 (D56–60: a cannon by its screen's move)"
            }
            _ if a == t => "rule 24 (D53, D55: the target cannot take back)",
            _ => "terms: chase (捉着) of an unprotected piece; section 2",
        },
    }
}

/// The article that exempts an attack for `reason` (a general's or pawn's own chase:
/// [`exempt_article`]).
pub(crate) fn exemption_article(reason: Exemption, role: Role, rules: RuleSet) -> &'static str {
    match reason {
        Exemption::OwnChase => exempt_article(role, rules),
        Exemption::AnswerCheck => "2020 第26.1.2–26.1.3条",
        Exemption::StoodBeforeCheck => "2020 第26.1.4条",
        Exemption::KeyPoint => "2020 第26.2条",
        Exemption::LeftByItsSide => "2020 第24.3条 (参考图21: 本方造成的被捉状态)",
        Exemption::Protected => "1960 第四节 二(四), 第五节 五 (有根子不算捉: 长跟)",
    }
}

/// The article that lets the general or a pawn attack: CXA 26.1; AXF rules 28 (the king) and
/// 29 (pawns).
pub(crate) fn exempt_article(role: Role, rules: RuleSet) -> &'static str {
    match (rules, role) {
        (RuleSet::Chinese, _) => "2020 第26.1条 (将帅、兵卒本身允许长捉)",
        (RuleSet::Chinese1960, Role::King) => "1960 第五节 九 (将帅长捉)",
        (RuleSet::Chinese1960, _) => "1960 第五节 八 (卒兵长捉)",
        (RuleSet::Asian, Role::King) => "rule 28 (D67–68: the king may chase perpetually)",
        (RuleSet::Asian, _) => "rule 29 (D69–70: a pawn may chase perpetually)",
    }
}

#[cfg(test)]
mod tests {
    use xiangqi::{Color, Piece, Role};

    use super::*;

    fn check(answers_check: bool) -> MoveClass {
        MoveClass::played(
            1,
            "d5d9".parse().expect("ICCS move"),
            Color::Black,
            Piece {
                color: Color::Black,
                role: Role::Rook,
            },
            Vec::new(),
            answers_check,
        )
    }

    /// AXF terms 反照 (a check answered by a check back): the term and the article say so, the
    /// label stays 照 (rule 6 counts it as a check); an ordinary check, and the CXA's words,
    /// are unchanged.
    #[test]
    fn a_check_that_answers_a_check_is_a_check_back_under_the_axf() {
        let back = check(true);
        assert_eq!(move_term(&back, RuleSet::Asian), "check back");
        assert!(move_article(&back, RuleSet::Asian, None).contains("反照"));
        assert_eq!(label(back.kind, RuleSet::Asian), "照");
        assert_eq!(move_term(&back, RuleSet::Chinese), "check");
        assert_eq!(move_article(&back, RuleSet::Chinese, None), "2020 第24.1条");
        let plain = check(false);
        assert_eq!(move_term(&plain, RuleSet::Asian), "check");
        assert!(!move_article(&plain, RuleSet::Asian, None).contains("反照"));
    }
}
