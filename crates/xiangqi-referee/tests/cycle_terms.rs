//! Each rule set's own words for the moves of a cycle: the AXF's terms (照着, 反照, 杀着, 捉着,
//! 闲着 …, 第四章 第一节 术语解释) under `asian`, the 1960 book's (要杀) under `chinese1960`, and
//! the current book's labels, with no extra field, under `chinese`.

mod common;

use xiangqi_referee::{RuleSet, cycle::CycleReport};

/// 1960 图八 closed into a cycle: the rook checks, the general steps, the rook attacks the
/// unprotected cannon, the cannon steps; twice.
const CHECK_CHASE: (&str, &str) = (
    "5a3/4a4/3k5/9/1R7/c8/9/9/9/5K3 w",
    "b5b7 d7d8 b7b4 a4a5 b4b8 d8d7 b8b5 a5a4",
);

fn report(fen: &str, line: &str, rules: RuleSet) -> CycleReport {
    let (pos, moves) = common::cycle(fen, line);
    CycleReport::new(&pos, &moves, 1, rules)
}

fn terms(r: &CycleReport) -> Vec<&str> {
    r.moves.iter().map(|m| m.term_zh.as_str()).collect()
}

#[test]
fn the_asian_report_uses_the_axf_terms() {
    let (fen, line) = CHECK_CHASE;
    let r = report(fen, line, RuleSet::Asian);
    assert_eq!(
        terms(&r),
        [
            "照着", "闲着", "捉着", "闲着", "照着", "闲着", "捉着", "闲着"
        ]
    );
    assert!(
        r.moves[0].explanation_zh.contains("：照着"),
        "{}",
        r.moves[0].explanation_zh
    );
    assert!(
        r.moves[2].explanation_zh.contains("：捉着"),
        "{}",
        r.moves[2].explanation_zh
    );
    let json = serde_json::to_string(&r).expect("json");
    assert!(json.contains("\"term_zh\":\"捉着\""), "{json}");
}

/// A check that answers a check is 反照 (解将还将, 1960 图十一).
#[test]
fn a_check_answering_a_check_is_a_check_back_in_axf_terms() {
    let r = report(
        "2bnkr3/5c3/5R3/4C4/9/9/9/3A5/9/2BA1K3 w",
        "f7e7 f8e8 e7f7 e8f8",
        RuleSet::Asian,
    );
    assert_eq!(terms(&r), ["反照"; 4]);
}

#[test]
fn the_chinese_report_keeps_the_books_labels_and_no_extra_field() {
    let (fen, line) = CHECK_CHASE;
    let r = report(fen, line, RuleSet::Chinese);
    assert!(terms(&r).iter().all(|t| t.is_empty()));
    assert!(r.moves[0].explanation_zh.contains("：将"));
    let json = serde_json::to_string(&r).expect("json");
    assert!(!json.contains("term_zh"), "{json}");
}

/// The 1960 book's 要杀 (第四节 二(二), 图五).
#[test]
fn the_1960_report_uses_the_1960_words() {
    let r = report(
        "3k5/9/4P1N1R/9/6b2/9/9/6C2/9/4K4 w",
        "g7e6 d9e9 e6g7 e9d9",
        RuleSet::Chinese1960,
    );
    assert_eq!(terms(&r), ["要杀", "闲", "要杀", "闲"]);
    assert_eq!(r.rules, "chinese1960");
    assert!(r.moves[0].article.starts_with("1960 第四节 二(二)"));
}
