//! The ruling in words, Chinese and English, in the books' own phrasing ("红方一将一捉，黑方
//! 一闲一捉，红方变着，不变作负").

use xiangqi::{Color, Role};

use super::phrases::{chase_phrase, light_words, pattern_en, pattern_zh, side_en, side_zh};
use super::terms::{MoveClass, MoveKind};
use super::verdict::{Outcome, common_targets, moves_of};
use super::wording::chase_article;
use crate::Reason;
use crate::RuleSet;

/// The explanation in Chinese and English, in the rule set's words (AXF: 长照 for 长将,
/// 犯例 for a forbidden pattern).
pub(crate) fn explain(
    classes: &[MoveClass],
    rules: RuleSet,
    outcome: Outcome,
    loser: Option<Color>,
) -> (String, String) {
    let red = moves_of(classes, Color::Red);
    let black = moves_of(classes, Color::Black);
    let asian = rules == RuleSet::Asian;
    let mut zh = format!(
        "红方{}，黑方{}",
        pattern_zh(&red, rules),
        pattern_zh(&black, rules)
    );
    let mut en = format!(
        "Red: {}; Black: {}",
        pattern_en(&red, rules),
        pattern_en(&black, rules)
    );
    match (outcome, loser) {
        (Outcome::Check(c), _) => {
            let word = if asian {
                "长照（长将）"
            } else {
                "长将"
            };
            zh = format!("{zh}。{}{word}，{}不变作负", side_zh(c), side_zh(c));
            en = format!(
                "{en}. {} checks perpetually; {} must vary or lose",
                side_en(c),
                side_en(c)
            );
        }
        (_, Some(c)) => {
            let (moves, other) = if c == Color::Red {
                (&red, &black)
            } else {
                (&black, &red)
            };
            let lighter = matches!(outcome, Outcome::Heavier(_)) && !asian;
            explain_loss(c, (moves, other), (asian, lighter), &mut zh, &mut en);
        }
        (Outcome::MutualCheck, None) => {
            let word = if asian {
                "双方长照（解将还将）"
            } else {
                "双方长将（解将还将）"
            };
            zh.push_str(&format!("，{word}，不变作和"));
            en.push_str(". Both sides check perpetually; drawn if neither varies");
        }
        (Outcome::BothForbidden, None) => {
            let word = if asian {
                "双方均犯例"
            } else {
                "双方均为禁止着法"
            };
            zh.push_str(&format!("，{word}，不变作和"));
            en.push_str(
                ". Both sides play forbidden patterns of the same weight; drawn if neither varies",
            );
        }
        _ => explain_allowed(&red, &black, asian, &mut zh, &mut en),
    }
    (zh, en)
}

/// The side `c` loses unless it varies: its chase named if it chases (its fault, under the
/// AXF), under the AXF why the other side, attacking too, is not at fault, and, when the other
/// side's pattern is the `lighter` one, why `c` varies although both attack on every move: the
/// other's chases are joint or of a piece short of roots (2020 art. 26.9.2–26.9.3 「凡单方长捉…，
/// 对方联合捉…，前者变着」).
fn explain_loss(
    c: Color,
    (moves, other): (&[&MoveClass], &[&MoveClass]),
    (asian, lighter): (bool, bool),
    zh: &mut String,
    en: &mut String,
) {
    // Why the other side, attacking too, is not at fault (AXF only).
    if let Some((nzh, nen)) = asian.then(|| asian_allowed(other)).flatten() {
        zh.push_str(&format!("；{}{nzh}", side_zh(!c)));
        en.push_str(&format!("; {} {nen}", side_en(!c)));
    }
    let (why_zh, why_en) = if lighter {
        let (wzh, wen) = light_words(other);
        (
            format!("{}为{wzh}，责任较轻（第26.9.2–26.9.3条），", side_zh(!c)),
            format!(
                "{}'s chases are {wen}, the lighter (art. 26.9.2–26.9.3); ",
                side_en(!c)
            ),
        )
    } else {
        (String::new(), String::new())
    };
    let fault = if asian { "犯例，" } else { "" };
    if let Some((czh, cen)) = chase_phrase(moves, c) {
        *zh = format!("{zh}。{czh}，{why_zh}{fault}{}不变作负", side_zh(c));
        *en = format!("{en}. {cen}; {why_en}{} must vary or lose", side_en(c));
    } else {
        *zh = format!("{zh}。{why_zh}{}{fault}变着，不变作负", side_zh(c));
        *en = format!("{en}. {why_en}{} must vary or lose", side_en(c));
    }
}

/// Both sides' moves are allowed: drawn if neither varies (under the AXF, with why each
/// attacking side is not at fault).
fn explain_allowed(
    red: &[&MoveClass],
    black: &[&MoveClass],
    asian: bool,
    zh: &mut String,
    en: &mut String,
) {
    if asian {
        for (side, moves) in [(Color::Red, red), (Color::Black, black)] {
            if let Some((nzh, nen)) = asian_allowed(moves) {
                zh.push_str(&format!("；{}{nzh}", side_zh(side)));
                en.push_str(&format!("; {} {nen}", side_en(side)));
            }
        }
        zh.push_str("，双方均未犯例，不变作和");
    } else {
        zh.push_str("，双方不变作和");
    }
    en.push_str(". Both sides' moves are allowed; drawn if neither varies");
}

/// Why a side whose every move attacks is not at fault under the AXF rules, if it is such a
/// side: a threat to mate never violates (rule 9; with a check, rules 11 and 13); one check
/// one chase is allowed (rule 12); one piece chasing different pieces in turn is allowed
/// (rule 32); a chase the other side does not answer is not perpetual (AXF terms, 长捉; the
/// appendix).
fn asian_allowed(moves: &[&MoveClass]) -> Option<(&'static str, &'static str)> {
    if moves.is_empty() || !moves.iter().all(|c| c.kind.is_attack()) {
        return None;
    }
    let has = |k: MoveKind| moves.iter().any(|c| c.kind == k);
    Some(if has(MoveKind::MateThreat) {
        (
            "杀着不犯例（规例第9、13条）",
            "threatens to checkmate, never a violation (rules 9, 13)",
        )
    } else if has(MoveKind::Check) {
        (
            "一照一捉不犯例（规例第12条）",
            "checks and chases in turn, allowed (rule 12)",
        )
    } else if common_targets(moves, false).is_empty() {
        (
            "轮捉不同棋子，不算长捉（规例第32条）",
            "chases different pieces in turn, allowed (rule 32)",
        )
    } else {
        (
            "所捉之子未避捉，不算长捉（长捉释义，附录）",
            "chases a piece that is never moved away or defended: not perpetual (terms, 长捉; appendix)",
        )
    })
}

/// The AXF rule for the chase that makes `side` lose: that of its most chased piece, as
/// [`chase_article`] names it (a cannon whose screen moved, when the move put the screen
/// between the cannon and the piece).
fn asian_chase_rule(classes: &[MoveClass], side: Color) -> Option<&'static str> {
    let moves = moves_of(classes, side);
    let chases: Vec<_> = moves
        .iter()
        .flat_map(|c| c.chases.iter().map(move |ch| (c.mv.to(), ch)))
        .collect();
    let (to, best) = chases.iter().max_by_key(|(_, ch)| {
        chases
            .iter()
            .filter(|(_, d)| d.target_id == ch.target_id)
            .count()
    })?;
    let (a, t) = (best.attacker, best.target);
    let inside = |x: i32, p: i32, q: i32| x > p.min(q) && x < p.max(q);
    let (af, ar, tf, tr) = (
        i32::from(a.file().index()),
        i32::from(a.rank().index()),
        i32::from(t.file().index()),
        i32::from(t.rank().index()),
    );
    let (xf, xr) = (i32::from(to.file().index()), i32::from(to.rank().index()));
    let screen = best.attacker_piece.role == Role::Cannon
        && ((af == tf && xf == af && inside(xr, ar, tr))
            || (ar == tr && xr == ar && inside(xf, af, tf)));
    Some(chase_article(
        best,
        RuleSet::Asian,
        if screen { "screen" } else { "other" },
    ))
}

/// The book and article behind the outcome; under the AXF, a perpetual chase cites the rule
/// of the piece chased ([`asian_chase_rule`]).
pub(crate) fn rule_text(
    classes: &[MoveClass],
    rules: RuleSet,
    outcome: Outcome,
    reason: Reason,
) -> String {
    if let (RuleSet::Asian, Outcome::Forbidden(c) | Outcome::Heavier(c)) = (rules, outcome)
        && let Some(article) = asian_chase_rule(classes, c)
    {
        let article = article.trim_end_matches("; section 2");
        return format!("AXF section 2 (perpetual chase); {article}");
    }
    match rules {
        // The 1960 set words its own verdict (`book1960`).
        RuleSet::Chinese | RuleSet::Chinese1960 => match outcome {
            Outcome::Check(_) => "CXA 象棋竞赛规则 (2020) 第25.1条, 图6; 1960 §4 二(一)".to_owned(),
            Outcome::MutualCheck => "解将还将: 1960 §5 七, 图十一; 1956 图十".to_owned(),
            Outcome::Forbidden(_) => match reason {
                Reason::CheckAndChase => {
                    "CXA (2020) 第24.13条, 第25.3条 (一将一捉), 图8; 1960 §4 二(五)".to_owned()
                }
                Reason::PerpetualMateThreat => {
                    "CXA (2020) 第24.10条, 第24.13条, 第25.3条 (长杀), 图7; 1960 §4 二(二)"
                        .to_owned()
                }
                _ => "CXA (2020) 第24.11条, 第24.13条, 第25.3条 (长捉); 1960 §4 二(四)".to_owned(),
            },
            Outcome::Heavier(_) => "CXA (2020) 第26.9.2–26.9.3条, 图10, 图11, 图25–28".to_owned(),
            Outcome::BothForbidden => {
                "CXA (2020) 第26.9条 (双方禁止着法，责任相当), 图3, 图19".to_owned()
            }
            Outcome::Allowed => "CXA (2020) 第24.14条, 第25.2条 (允许着法，不变作和)".to_owned(),
        },
        RuleSet::Asian => match outcome {
            Outcome::Check(_) => "AXF 象棋比赛规例 rule 6 (D1–3); section 2".to_owned(),
            Outcome::MutualCheck => "AXF rule 7 (D4)".to_owned(),
            Outcome::Forbidden(_) | Outcome::Heavier(_) => {
                "AXF section 2; rules 15–37 (perpetual chase)".to_owned()
            }
            Outcome::BothForbidden => "AXF section 2 (both sides violate: draw)".to_owned(),
            Outcome::Allowed => "AXF rule 5; rules 9–13, 32, 35, 39–40 (allowed cycles)".to_owned(),
        },
    }
}
