//! The ruling's `cycle` object: a repetition ruling carries every move of
//! the cycle with its label, targets and article, under either rule set, and survives a JSON
//! round trip.

mod common;

use common::{line, pos};
use xiangqi_referee::{Options, Procedure, Reason, RuleSet, Ruling, judge};

/// 2020 图2, played until its start position occurs for the third time.
const FIGURE_2: &str = "1r2kab1r/2c1a4/n1c1b1n2/4p2N1/p1p6/1C4P2/P1P1P4/2N1B3C/4A4/1RBAK2R1 w";

#[test]
fn a_repetition_ruling_lists_the_cycle_move_by_move() {
    let moves = line("h6i4 i9h9 i4h6 h9i9 h6i4 i9h9 i4h6 h9i9");
    let immediate = Options::new(RuleSet::Chinese).with_procedure(Procedure::Immediate);
    let r = judge(&pos(FIGURE_2), &moves, &immediate);
    assert_eq!(r.board_reason(), Some(Reason::PerpetualChase));
    let cycle = r.cycle.as_ref().expect("a cycle");
    assert_eq!((cycle.first_ply, cycle.last_ply), (1, 4));
    let labels: Vec<&str> = cycle.moves.iter().map(|m| m.label.as_str()).collect();
    assert_eq!(labels, ["捉", "兑", "捉", "捉"]);
    let first = &cycle.moves[0];
    assert_eq!(
        (first.ply, first.side.as_str(), first.mv.as_str()),
        (1, "red", "h6i4")
    );
    assert_eq!(first.chinese, "马二退一");
    assert_eq!(first.article, "2020 第24.3条");
    let t = &first.targets[0];
    assert_eq!(
        (
            t.square.as_str(),
            t.piece.as_str(),
            t.root.as_str(),
            t.how.as_str()
        ),
        ("i9", "rook", "unprotected", "screen")
    );
    assert_eq!(t.by, ["i2"]);
    assert_eq!(t.gain, 8);
    // The JSON round trip keeps it.
    let json = serde_json::to_string(&r).expect("json");
    let back: Ruling = serde_json::from_str(&json).expect("parse");
    assert_eq!(back, r);
    // Other rulings have none, and their JSON has no `cycle` key.
    let ongoing = judge(&pos(FIGURE_2), &line("h6i4"), &Options::default());
    assert!(ongoing.cycle.is_none());
    assert!(
        !serde_json::to_string(&ongoing)
            .expect("json")
            .contains("cycle")
    );
}

/// AXF Diagram 33: the Asian rule set reports the cycle the same way,
/// citing the AXF terms and rules.
#[test]
fn the_asian_rule_set_reports_the_cycle_in_its_own_terms() {
    let start = pos("4kab2/4a4/4b4/3rC2R1/9/9/4n4/4B4/4A4/4KAB1c w");
    let moves = line("h6i6 i0h0 i6h6 h0i0 h6i6 i0h0 i6h6 h0i0");
    let immediate = Options::new(RuleSet::Asian).with_procedure(Procedure::Immediate);
    let r = judge(&start, &moves, &immediate);
    assert_eq!(r.board_reason(), Some(Reason::PerpetualChase), "{r}");
    let cycle = r.cycle.as_ref().expect("a cycle");
    assert_eq!(cycle.moves.len(), 4);
    let red: Vec<&str> = cycle
        .moves
        .iter()
        .step_by(2)
        .map(|m| m.label.as_str())
        .collect();
    assert_eq!(red, ["捉", "捉"]);
    for m in &cycle.moves {
        assert!(m.article.starts_with("AXF"), "{}", m.article);
    }
    assert_eq!(cycle.moves[0].targets[0].piece, "cannon");
}

/// The report's `root` reads protection as the classification does (2020 图7's 「实则不能离线
/// 吃炮」; 1999 art. 28.16 假根): Red's cannon comes to a2 (the pawn on a3 its screen) and
/// attacks Black's rook on a5, which the rook on a9 protects. With the red pawn on c8, the
/// rook on a9 guards the back rank — retaking on a5 lets 车二进九 mate — so its root is false
/// (`false_root`); without the pawn the general escapes to d8 and the root is real
/// (`protected`). The cannon chases the rook both times (捉车).
#[test]
fn a_root_that_cannot_leave_its_line_shows_as_false() {
    let moves = line("c2a2 f9e8 a2c2 e8f9");
    let root = |fen: &str| {
        let report =
            xiangqi_referee::cycle::CycleReport::new(&pos(fen), &moves, 1, RuleSet::Chinese);
        let first = &report.moves[0];
        assert_eq!(first.label, "捉", "{first:?}");
        let t = first
            .targets
            .iter()
            .find(|t| t.square == "a5")
            .expect("the rook on a5");
        t.root.clone()
    };
    assert_eq!(root("r2k1a3/2P6/9/9/r8/9/P8/2C6/9/1R3K3 w"), "false_root");
    assert_eq!(root("r2k1a3/9/9/9/r8/9/P8/2C6/9/1R3K3 w"), "protected");
}

/// The verdict names the chasing piece as the book does, by the piece whose moves chase: in
/// 2020 图10 the rook c6 (then c4) is chased by the horse's advance and, after its retreat,
/// by the elephant; the book writes 「红方进马、退马长捉黑车」, and so do we (红马).
#[test]
fn the_verdict_names_the_piece_whose_moves_chase() {
    use xiangqi_referee::cycle::rule_cycle;
    let start = pos("2b1ka3/4a4/n1c1b1n2/p1r1p3p/6p2/5N1R1/P3P3P/2N1B2C1/4A4/2BAK4 w");
    let v = rule_cycle(&start, &line("c2d4 c6c4 d4c2 c4c6"), RuleSet::Chinese);
    assert!(
        v.explanation_zh.contains("。红马长捉黑方车(c6)"),
        "{}",
        v.explanation_zh
    );
    assert!(
        v.explanation_en
            .contains("Red's horse perpetually chases Black's rook on c6"),
        "{}",
        v.explanation_en
    );
}

/// A side ruled for 长杀 is named by its pattern, not by the pieces its mate threats attack
/// (2020 图7: 「红方长杀，黑方长拦。红方变着，不变作负」); a side that checks and chases in turn
/// 捉s, it does not 长捉 (图8: 一捉一将).
#[test]
fn the_verdict_names_a_chase_only_as_the_pattern_has_it() {
    use xiangqi_referee::cycle::rule_cycle;
    let fig7 = pos("2bak1c2/4aRN1r/4b4/9/9/9/3pp4/2n1B4/9/2B1K3C w");
    let v = rule_cycle(&fig7, &line("i0h0 i8h8 h0i0 h8i8"), RuleSet::Chinese);
    assert_eq!(v.explanation_zh, "红方长杀，黑方长拦。红方变着，不变作负");
    assert!(!v.explanation_en.contains("chases"), "{}", v.explanation_en);
    let fig8 = pos("3a3R1/3Nck3/3ab4/P4r3/9/8p/2p5n/C3BA2B/4A4/4K4 w");
    let v = rule_cycle(&fig8, &line("h9h3 f8f9 h3h9 f9f8"), RuleSet::Chinese);
    assert!(
        v.explanation_zh
            .ends_with("。红车捉黑方无根兵(c3)，红方不变作负"),
        "{}",
        v.explanation_zh
    );
    assert!(
        v.explanation_en
            .contains("Red's rook chases Black's unprotected pawn on c3"),
        "{}",
        v.explanation_en
    );
}
