//! The cycle report under the Asian rules: the same per-move output as the
//! Chinese rule set's, in the AXF's own words — 照 for a check (AXF terms 照着, rule 6), no 跟
//! (AXF has no such term: 闲着), the AXF rule that makes each attack a chase (rules 15, 18,
//! 19, 21, 23–26, 31), the king's and the pawns' permitted chases (rules 28–29) — and the
//! Chinese report unchanged. Built positions where the two books label or rule differently
//! cite both articles.

mod common;

use xiangqi::Color;
use xiangqi_referee::{
    Options, RuleSet,
    cycle::{CycleReport, rule_cycle},
    judge,
};

/// The report and the loser under `rules` for a built cycle.
fn report(fen: &str, line: &str, rules: RuleSet) -> (CycleReport, Option<Color>) {
    let (pos, moves) = common::cycle(fen, line);
    (
        CycleReport::new(&pos, &moves, 1, rules),
        rule_cycle(&pos, &moves, rules).loser,
    )
}

fn labels(r: &CycleReport) -> String {
    r.moves.iter().map(|m| m.label.as_str()).collect()
}

fn corpus_case(id: &str) -> common::corpus::Case {
    common::corpus::load()
        .into_iter()
        .find(|c| c.id == id)
        .unwrap_or_else(|| panic!("no case {id}"))
}

/// A corpus case's report under `rules`.
fn case(id: &str, rules: RuleSet) -> CycleReport {
    let c = corpus_case(id);
    CycleReport::new(&c.start, &c.cycle, c.first_ply as u32, rules)
}

/// A corpus case's verdict's rule under the Asian rules.
fn asian_rule(id: &str) -> String {
    let c = corpus_case(id);
    rule_cycle(&c.start, &c.cycle, RuleSet::Asian).rule
}

/// Every AXF case of high confidence: the verdict stays right on at least 31 of the 32, and
/// every move of the report speaks AXF — its article cites the AXF, its label is one of the
/// AXF's words (照 杀 捉 兑 献 拦 闲: never 将 or 跟), a check is 照, and every chased piece
/// names the AXF rule or term that makes it one. The same cases under the Chinese rules keep
/// the CXA's words.
#[test]
fn axf_high_confidence_cases_keep_their_verdicts_in_axf_words() {
    let cases: Vec<_> = common::corpus::load()
        .into_iter()
        .filter(|c| c.group == "axf" && c.confidence == "high")
        .collect();
    assert_eq!(cases.len(), 32);
    let mut right = 0;
    for c in &cases {
        if rule_cycle(&c.start, &c.cycle, RuleSet::Asian).loser == c.expected {
            right += 1;
        }
        let r = CycleReport::new(&c.start, &c.cycle, c.first_ply as u32, RuleSet::Asian);
        assert_eq!(r.rules, "asian");
        for m in &r.moves {
            assert!(m.article.starts_with("AXF"), "{}: {}", c.id, m.article);
            assert!("照杀捉兑献拦闲".contains(&m.label), "{}: {}", c.id, m.label);
            assert_eq!(m.kind == "check", m.label == "照", "{}: {}", c.id, m.mv);
            assert!(
                !matches!(m.kind.as_str(), "follow" | "answer_check"),
                "{}",
                c.id
            );
            for t in m.targets.iter().chain(&m.exempt) {
                assert!(
                    t.article.starts_with("rule") || t.article.starts_with("terms"),
                    "{}: {}",
                    c.id,
                    t.article
                );
            }
        }
        let cn = CycleReport::new(&c.start, &c.cycle, c.first_ply as u32, RuleSet::Chinese);
        for m in &cn.moves {
            assert!(m.article.starts_with("2020"), "{}: {}", c.id, m.article);
            assert_ne!(m.label, "照", "{}", c.id);
        }
    }
    assert!(right >= 31, "{right}/32");
}

/// AXF D1 (rule 6): the rook checks on and on — 照, "perpetual check" (长照), a loss; under
/// the CXA the same moves are 将 (2020 24.1, 25.1).
#[test]
fn d1_perpetual_check_is_zhao() {
    let r = case("axf-D1", RuleSet::Asian);
    let red: Vec<&str> = r
        .moves
        .iter()
        .step_by(2)
        .map(|m| m.label.as_str())
        .collect();
    assert_eq!(red, ["照", "照"]);
    assert_eq!(r.moves[0].article, "AXF terms: check (照着); rule 6");
    assert!(
        r.moves[0].explanation_zh.contains("照将"),
        "{}",
        r.moves[0].explanation_zh
    );
    let cn = case("axf-D1", RuleSet::Chinese);
    assert_eq!(cn.moves[0].label, "将");
    assert_eq!(cn.moves[0].article, "2020 第24.1条");
}

/// AXF D33 (rule 18) and D39 (rule 19): the chased piece names its rule — a rook on an
/// unprotected cannon, a rook held by a horse — and so does the verdict; the CXA names
/// 24.3/24.15 (无根子) for the same.
#[test]
fn chased_pieces_cite_the_axf_rule_for_their_attacker_and_target() {
    let r = case("axf-D33", RuleSet::Asian);
    assert_eq!(labels(&r), "捉闲捉闲");
    let t = &r.moves[0].targets[0];
    assert_eq!((t.square.as_str(), t.piece.as_str()), ("i0", "cannon"));
    assert!(t.article.starts_with("rule 18"), "{}", t.article);
    assert!(
        r.moves[0].article.contains("rule 18"),
        "{}",
        r.moves[0].article
    );
    let cn = case("axf-D33", RuleSet::Chinese);
    assert_eq!(
        cn.moves[0].targets[0].article,
        "2020 第24.3条, 第24.15条 (无根子)"
    );

    let held = case("axf-D39", RuleSet::Asian);
    let rook = held
        .moves
        .iter()
        .flat_map(|m| &m.targets)
        .find(|t| t.piece == "rook")
        .expect("the held rook is chased");
    assert!(rook.article.starts_with("rule 19"), "{}", rook.article);
    // The verdict cites the same rules.
    assert!(
        asian_rule("axf-D33").contains("rule 18"),
        "{}",
        asian_rule("axf-D33")
    );
    assert!(
        asian_rule("axf-D39").contains("rule 19"),
        "{}",
        asian_rule("axf-D39")
    );
}

/// AXF D67 (rule 28) and D69 (rule 29): the king's and the pawn's attacks are listed as
/// `exempt`, citing the AXF rule (the CXA: 2020 26.1); the moves themselves are no chases.
#[test]
fn the_king_and_the_pawn_chase_by_permission() {
    for (id, rule) in [("axf-D67", "rule 28"), ("axf-D69", "rule 29")] {
        let r = case(id, RuleSet::Asian);
        let exempt: Vec<_> = r.moves.iter().flat_map(|m| &m.exempt).collect();
        assert_eq!(exempt.len(), 2, "{id}");
        assert!(
            exempt
                .iter()
                .all(|t| t.piece == "cannon" && t.article.starts_with(rule))
        );
        assert!(r.moves.iter().all(|m| m.label != "捉"), "{id}");
        let cn = case(id, RuleSet::Chinese);
        let exempt: Vec<_> = cn.moves.iter().flat_map(|m| &m.exempt).collect();
        assert!(
            exempt
                .iter()
                .all(|t| t.article.starts_with("2020 第26.1条")),
            "{id}"
        );
    }
}

/// 2020 art. 24.7 (跟) against the AXF terms (no such term: 闲着): the rook stands over the
/// protected horse each time. CXA: 跟, `follow`; AXF: 闲, `idle`. Both allow it.
#[test]
fn follow_is_a_cxa_term_only() {
    let fen = "2raka3/9/2n6/9/9/3R5/4P4/9/9/3AKA3 w";
    let line = "d4c4 f9e8 c4d4 e8f9";
    let (cn, cn_loser) = report(fen, line, RuleSet::Chinese);
    assert_eq!(
        (cn.moves[0].label.as_str(), cn.moves[0].kind.as_str()),
        ("跟", "follow")
    );
    assert_eq!(cn.moves[0].article, "2020 第24.7条");
    let (ax, ax_loser) = report(fen, line, RuleSet::Asian);
    assert_eq!(
        (ax.moves[0].label.as_str(), ax.moves[0].kind.as_str()),
        ("闲", "idle")
    );
    assert_eq!(ax.moves[0].article, "AXF terms: idle (闲着)");
    assert_eq!((cn_loser, ax_loser), (None, None));
}

/// 2020 art. 24.15 (少根子: two horses against one root) against AXF rule 35 (two pieces
/// after a protected piece are no perpetual chase): the second horse's move is 捉 under the
/// CXA, its target `short`, citing 24.15; under the AXF it chases nothing.
#[test]
fn fewer_roots_than_attackers_is_no_chase_under_the_axf() {
    let fen = "1n2k4/9/2c6/N8/9/3N5/9/9/9/3K5 w";
    let line = "d4e6 e9f9 e6d4 f9e9";
    let (cn, _) = report(fen, line, RuleSet::Chinese);
    assert_eq!(cn.moves[0].label, "捉");
    let t = &cn.moves[0].targets[0];
    assert_eq!((t.piece.as_str(), t.root.as_str()), ("cannon", "short"));
    assert!(t.article.contains("第24.15条"), "{}", t.article);
    let (ax, _) = report(fen, line, RuleSet::Asian);
    assert_ne!(ax.moves[0].label, "捉");
    assert!(ax.moves[0].targets.is_empty());
}

/// 1960 附录 例四's position (see `rules_1960_examples.rs`): the rook's retreat threatens to
/// win the advisor by checks, the advisor's return lets the cannon threaten a check that wins
/// the rook. CXA: 捉 (2020 24.3 「运用将军…得子」), cited on the target; AXF: idle — a threat
/// to check and capture is no chase (rules 13, 38).
#[test]
fn a_win_by_checks_is_a_chase_only_under_the_cxa() {
    let fen = "9/5k3/9/9/9/9/9/4KN3/2C3r2/3A5 w";
    let line = "d0e1 g1g3 e1d0 g3g1";
    let (cn, _) = report(fen, line, RuleSet::Chinese);
    assert_eq!(labels(&cn), "捉捉捉捉");
    assert_eq!(cn.moves[1].targets[0].how, "checks");
    assert_eq!(
        cn.moves[1].targets[0].article,
        "2020 第24.3条 (运用将军得子)"
    );
    let (ax, _) = report(fen, line, RuleSet::Asian);
    assert_eq!(labels(&ax), "捉闲闲捉");
    assert_eq!(ax.moves[1].article, "AXF terms: idle (闲着)");
}

/// 1960 §4 二(三) 图六 and §4 二(五) 图八 (positions of `rules_1960.rs`): 一将一杀 and 一将一捉
/// are forbidden by the CXA (2020 24.13) and allowed by the AXF (rules 9–13 and 12); the AXF
/// explanation says why, in its words, and the mate threat's article says it is no violation.
#[test]
fn mate_threats_and_check_and_chase_are_allowed_in_axf_words() {
    let kill = ("4k4/5R3/4b4/9/8P/9/9/R8/9/3K5 w", "f8h8 e9f9 h8f8 f9e9");
    let (ax, loser) = report(kill.0, kill.1, RuleSet::Asian);
    assert_eq!(loser, None);
    assert_eq!(labels(&ax), "杀闲照闲");
    assert_eq!(ax.moves[0].term, "threat to checkmate");
    assert!(
        ax.moves[0].article.contains("rule 9"),
        "{}",
        ax.moves[0].article
    );
    let (pos, moves) = common::cycle(kill.0, kill.1);
    let v = rule_cycle(&pos, &moves, RuleSet::Asian);
    assert!(
        v.explanation_zh.contains("杀着不犯例"),
        "{}",
        v.explanation_zh
    );
    assert_eq!(
        rule_cycle(&pos, &moves, RuleSet::Chinese).loser,
        Some(Color::Red)
    );

    let fen = "5a3/4a4/3k5/9/1R7/c8/9/9/9/5K3 w";
    let line = "b5b7 d7d8 b7b4 a4a5 b4b8 d8d7 b8b5 a5a4";
    let (ax, loser) = report(fen, line, RuleSet::Asian);
    assert_eq!(loser, None);
    assert_eq!(&labels(&ax)[..], "照闲捉闲照闲捉闲");
    let (pos, moves) = common::cycle(fen, line);
    let v = rule_cycle(&pos, &moves, RuleSet::Asian);
    assert!(
        v.explanation_zh.contains("红方两照两捉"),
        "{}",
        v.explanation_zh
    );
    assert!(
        v.explanation_zh.contains("规例第12条"),
        "{}",
        v.explanation_zh
    );
    let cn = rule_cycle(&pos, &moves, RuleSet::Chinese);
    assert_eq!(cn.loser, Some(Color::Red));
    assert!(
        cn.explanation_zh.contains("两将两捉"),
        "{}",
        cn.explanation_zh
    );
}

/// The ruling's JSON under the Asian rules carries the new fields (`rules`, `term`, the
/// target's `article`, `exempt`) beside the old ones, and reads back.
#[test]
fn the_json_under_the_asian_rules_carries_the_axf_words() {
    let c = corpus_case("axf-D69");
    let mut moves = c.cycle.clone();
    moves.extend(c.cycle.clone());
    let immediate =
        Options::new(RuleSet::Asian).with_procedure(xiangqi_referee::Procedure::Immediate);
    let r = judge(&c.start, &moves, &immediate);
    let json: serde_json::Value = serde_json::to_value(&r).expect("json");
    let cycle = &json["cycle"];
    assert_eq!(cycle["rules"], "asian", "{cycle}");
    let first = &cycle["moves"][0];
    for key in [
        "ply", "side", "move", "chinese", "label", "kind", "term", "targets", "article",
    ] {
        assert!(first.get(key).is_some(), "{key}: {first}");
    }
    assert_eq!(
        first["exempt"][0]["article"]
            .as_str()
            .map(|s| s.starts_with("rule 29")),
        Some(true)
    );
    let back: xiangqi_referee::Ruling = serde_json::from_value(json).expect("reads back");
    assert_eq!(back, r);
}

/// Both sides chase (the position of `cycle_combinations.rs`, 两捉): the CXA draws it (2020
/// 24.11 「一子或数子」, both heavy, 26.9), the AXF makes Red, chasing one cannon throughout,
/// change, and says why Black is not at fault: its cannon chases a different horse each move
/// (rule 32).
#[test]
fn chasing_two_pieces_in_turn_is_explained_by_rule_32() {
    let (pos, moves) = common::cycle(
        "3aka3/9/9/c1P1N4/1Rb1N4/9/4P4/9/9/3AKA3 w",
        "b5b6 a6a5 b6b5 a5a6",
    );
    let ax = rule_cycle(&pos, &moves, RuleSet::Asian);
    assert_eq!(ax.loser, Some(Color::Red));
    assert!(
        ax.explanation_zh
            .contains("黑方轮捉不同棋子，不算长捉（规例第32条）"),
        "{}",
        ax.explanation_zh
    );
    assert!(
        ax.explanation_en.contains("(rule 32)"),
        "{}",
        ax.explanation_en
    );
    // Red's rook attacks the unprotected cannon after each of its moves (the elephant only
    // after b6b5): the cannon is the piece chased throughout, under rule 18.
    assert_eq!(
        ax.rule,
        "AXF section 2 (perpetual chase); rule 18 (D32–38: a rook on an unprotected cannon)"
    );
    let cn = rule_cycle(&pos, &moves, RuleSet::Chinese);
    assert_eq!(cn.loser, None);
    assert!(!cn.explanation_zh.contains("规例"), "{}", cn.explanation_zh);
}
