//! Where the 1960 book (`RuleSet::Chinese1960`) and the current one
//! (`RuleSet::Chinese`, 2020) rule the same cycle differently, each concept tested on positions
//! built for it: one where the 1960 concept applies and one where it just fails, each also
//! mirrored and with colours swapped. Each rule set follows its own book.

mod common;

use common::drawing::{Drawing, redraw_move, redraw_position};
use xiangqi::{Color, Move, Position};
use xiangqi_referee::{
    Reason, RuleSet,
    cycle::{CycleReport, classify_cycle, rule_cycle},
};

/// The cycle as built, mirrored, and with colours swapped, with the loser each must have
/// (the colour swap exchanges it).
fn drawings(
    fen: &str,
    line: &str,
    loser: Option<Color>,
) -> Vec<(Position, Vec<Move>, Option<Color>)> {
    let (pos, moves) = common::cycle(fen, line);
    let mut out = vec![(pos.clone(), moves.clone(), loser)];
    for d in [Drawing::Mirror, Drawing::ColourSwap] {
        let p = redraw_position(&pos, d);
        let m = moves.iter().map(|&m| redraw_move(m, d)).collect();
        let l = match d {
            Drawing::Mirror => loser,
            Drawing::ColourSwap => loser.map(|c| !c),
        };
        out.push((p, m, l));
    }
    out
}

/// Asserts the loser under `rules` in all three drawings.
fn rules_alike(fen: &str, line: &str, rules: RuleSet, loser: Option<Color>) {
    for (pos, moves, want) in drawings(fen, line, loser) {
        let v = rule_cycle(&pos, &moves, rules);
        assert_eq!(v.loser, want, "{rules} {}: {}", pos.fen(), v.explanation_zh);
    }
}

fn labels(fen: &str, line: &str, rules: RuleSet) -> String {
    let (pos, moves) = common::cycle(fen, line);
    classify_cycle(&pos, &moves, rules)
        .iter()
        .map(|c| c.kind.label())
        .collect()
}

/// 1956 图六 (the corpus case cn1956-图六, cycle closed): the rook threatens mate from three
/// files, the cannon blocks it each time. 1960 第五节 三 (长拦, 「老是拦阻对方某一个子」) and the
/// 1956 book: a draw. 2020 图7: 长杀 against 长拦, the 长杀 side varies.
const LONG_BLOCK: (&str, &str) = (
    "4kab2/4a4/2c1b1c2/2R1C4/9/9/9/9/9/4K4 w",
    "c6a6 c7a7 a6b6 a7b7 b6c6 b7c7",
);

#[test]
fn long_block_draws_under_1960_and_loses_the_mate_threats_under_2020() {
    let (fen, line) = LONG_BLOCK;
    assert_eq!(labels(fen, line, RuleSet::Chinese1960), "杀拦杀拦杀拦");
    rules_alike(fen, line, RuleSet::Chinese1960, None);
    rules_alike(fen, line, RuleSet::Chinese, Some(Color::Red));
    let (pos, moves) = common::cycle(fen, line);
    let v = rule_cycle(&pos, &moves, RuleSet::Chinese1960);
    assert!(v.rule.contains("第五节 三"), "{}", v.rule);
    assert!(v.explanation_zh.contains("长拦"), "{}", v.explanation_zh);
}

/// Just fails: the same mate threats met by the general's steps, not by blocks (1960 图五,
/// 长要杀): the threatening side varies under both books. The general's step back to d9 (out
/// of the horse's mate threat on e9) frees the elephant's capture of the rook i7, which
/// walked into the mate before: 2020 makes that the step's chase (「解杀后形成捉」; 26.1.1, only
/// the answer to a check being exempt, 26.1.2–26.1.3), 1960 lets the general dodge (图五
/// 「黑将躲避后」, the dodge a plain move). Black attacks on one move of two only, so the
/// verdict is the same.
#[test]
fn mate_threats_met_by_the_generals_steps_lose_under_both_books() {
    let (fen, line) = ("3k5/9/4P1N1R/9/6b2/9/9/6C2/9/4K4 w", "g7e6 d9e9 e6g7 e9d9");
    assert_eq!(labels(fen, line, RuleSet::Chinese1960), "杀闲杀闲");
    assert_eq!(labels(fen, line, RuleSet::Chinese), "杀闲杀捉");
    for rules in [RuleSet::Chinese1960, RuleSet::Chinese] {
        rules_alike(fen, line, rules, Some(Color::Red));
    }
}

/// The general's step out of a mate threat that frees a capture (the elephant g5's of the
/// rook i7, which let Red mate while the general stood on e9): 捉 under 2020 (26.1.1), 闲
/// under 1960 (图五), as built, mirrored and colour-swapped.
#[test]
fn the_generals_step_out_of_a_mate_threat_chases_under_2020_only() {
    let (fen, line) = ("3k5/9/4P1N1R/9/6b2/9/9/6C2/9/4K4 w", "g7e6 d9e9 e6g7 e9d9");
    let now = common::classes_redrawn(fen, line, RuleSet::Chinese);
    assert_eq!(now[3].kind.label(), "捉", "{:?}", now[3]);
    assert!(
        now[3]
            .chases
            .iter()
            .any(|c| c.target.to_string() == "i7" && c.attacker.to_string() == "g5"),
        "{:?}",
        now[3]
    );
    let then = common::classes_redrawn(fen, line, RuleSet::Chinese1960);
    assert_eq!(then[3].kind.label(), "闲", "{:?}", then[3]);
    assert!(then[3].chases.is_empty(), "{:?}", then[3]);
}

/// Just fails: no elephant, so the general's step frees no capture: 闲 under both books.
#[test]
fn the_generals_step_out_of_a_mate_threat_that_frees_nothing_is_idle_under_both_books() {
    let (fen, line) = ("3k5/9/4P1N1R/9/9/9/9/6C2/9/4K4 w", "g7e6 d9e9 e6g7 e9d9");
    for rules in [RuleSet::Chinese1960, RuleSet::Chinese] {
        let c = common::classes_redrawn(fen, line, rules);
        assert_eq!(c[0].kind.label(), "杀", "{rules}: {:?}", c[0]);
        assert_eq!(c[3].kind.label(), "闲", "{rules}: {:?}", c[3]);
        rules_alike(fen, line, rules, Some(Color::Red));
    }
}

/// One cannon chasing two rooks in turn (一炮分捉两车): under 1960 the chase of a piece is
/// always of one piece (第四节 二(七) 捉一不捉二: 「只许在一个地方捉敌子」), so chasing two in
/// turn is no 长捉, and the rooks' side makes no attack: a draw. 2020 24.11 (长捉 of 「一子或
/// 数子」): Red varies.
const TWO_ROOKS: (&str, &str) = (
    "r2k4r/9/1c5c1/p7p/9/1C7/9/9/9/4K4 w",
    "b4i4 i9h9 i4a4 a9b9 a4h4 h9i9 h4b4 b9a9",
);

#[test]
fn one_cannon_chasing_two_rooks_in_turn_draws_under_1960_only() {
    let (fen, line) = TWO_ROOKS;
    for rules in [RuleSet::Chinese1960, RuleSet::Chinese] {
        assert_eq!(labels(fen, line, rules), "捉闲捉闲捉闲捉闲", "{rules}");
    }
    rules_alike(fen, line, RuleSet::Chinese1960, None);
    rules_alike(fen, line, RuleSet::Chinese, Some(Color::Red));
}

/// Just fails: the cannon chases one rook on its two squares (捉一不捉二, 图十): forbidden under
/// both books.
#[test]
fn one_cannon_chasing_one_rook_on_two_squares_loses_under_both_books() {
    let (fen, line) = ("r2k5/9/1c7/p8/9/1C7/9/9/9/4K4 w", "b4a4 a9b9 a4b4 b9a9");
    for rules in [RuleSet::Chinese1960, RuleSet::Chinese] {
        assert_eq!(labels(fen, line, rules), "捉闲捉闲", "{rules}");
        rules_alike(fen, line, rules, Some(Color::Red));
    }
}

/// A protected piece attacked by two: the current book's 少根子 chase (2020 24.15, a complete
/// exchange wins material) is a 长捉 and Red varies; the 1960 book chases only unprotected
/// pieces (第四节 二(四)) and lets a protected one be followed (长跟, 第五节 五): a draw, and the
/// report lists the attack as exempt (`protected`).
const SHORT_ROOT: (&str, &str) = ("r2aka3/9/9/c8/1R7/9/9/9/9/R2K5 w", "b5b6 a6a5 b6b5 a5a6");

#[test]
fn a_protected_piece_attacked_twice_is_chased_under_2020_only() {
    let (fen, line) = SHORT_ROOT;
    // Black's step in front of the rook on a0 is a 拦.
    assert_eq!(labels(fen, line, RuleSet::Chinese), "捉拦捉闲");
    rules_alike(fen, line, RuleSet::Chinese, Some(Color::Red));
    assert!(!labels(fen, line, RuleSet::Chinese1960).contains('捉'));
    rules_alike(fen, line, RuleSet::Chinese1960, None);
    let (pos, moves) = common::cycle(fen, line);
    let report = CycleReport::new(&pos, &moves, 1, RuleSet::Chinese1960);
    let exempt = &report.moves[0].exempt;
    assert!(
        exempt
            .iter()
            .any(|t| t.reason == "protected" && t.square == "a6"),
        "{exempt:?}"
    );
}

/// Just fails: without the black rook on a9 and the red one on a0 the cannon is unprotected
/// (长捉无根子, 第四节 二(四), 图七; without the protector alone, the rook on a0 would attack it
/// already and the moving rook would create nothing): forbidden under both books.
#[test]
fn an_unprotected_piece_is_chased_under_both_books() {
    let (fen, line) = ("3aka3/9/9/c8/1R7/9/9/9/9/3K5 w", "b5b6 a6a5 b6b5 a5a6");
    for rules in [RuleSet::Chinese1960, RuleSet::Chinese] {
        assert_eq!(labels(fen, line, rules), "捉闲捉闲", "{rules}");
        rules_alike(fen, line, rules, Some(Color::Red));
    }
}

/// 还打 (附录 例五, 二捉一还打): the rook chases the unprotected cannon on both moves, the cannon
/// threatens mate once and steps back once. 1960: a draw; 2020 25.3: Black varies.
const ATTACK_BACK: (&str, &str) = ("9/3k5/2PC3c1/9/9/9/Cr7/4K4/9/9 w", "a3a6 b3b6 a6a3 b6b3");

#[test]
fn a_chase_answered_by_one_attack_draws_under_1960_only() {
    let (fen, line) = ATTACK_BACK;
    assert_eq!(labels(fen, line, RuleSet::Chinese1960), "杀捉闲捉");
    rules_alike(fen, line, RuleSet::Chinese1960, None);
    rules_alike(fen, line, RuleSet::Chinese, Some(Color::Black));
    let (pos, moves) = common::cycle(fen, line);
    let v = rule_cycle(&pos, &moves, RuleSet::Chinese1960);
    assert_eq!(v.reason, Reason::RepetitionDraw);
    assert!(v.explanation_zh.contains("还打"), "{}", v.explanation_zh);
}

/// Just fails: without the pieces that make the cannon's advance a mate threat, Red attacks
/// nothing and Black's 长捉 is Black's to vary under both books (附录 例一).
#[test]
fn a_chase_answered_by_idle_moves_loses_under_both_books() {
    let (fen, line) = ("9/3k5/9/9/9/9/Cr7/4K4/9/9 w", "a3a6 b3b6 a6a3 b6b3");
    for rules in [RuleSet::Chinese1960, RuleSet::Chinese] {
        assert_eq!(labels(fen, line, rules), "闲捉闲捉", "{rules}");
        rules_alike(fen, line, rules, Some(Color::Black));
    }
}

/// The pawn's own chase is an attack back (附录 例三): the rook's forced 长杀 against it draws
/// under 1960; 2020 24.10 and 26.1: the pawn's moves are 闲 (献), Red varies.
const PAWN_BACK: (&str, &str) = ("3ak4/4a4/6N2/9/9/9/8p/7R1/9/4K4 b", "i3h3 h2i2 h3i3 i2h2");

#[test]
fn a_pawns_chase_answers_perpetual_mate_threats_under_1960_only() {
    let (fen, line) = PAWN_BACK;
    assert_eq!(labels(fen, line, RuleSet::Chinese1960), "献杀献杀");
    rules_alike(fen, line, RuleSet::Chinese1960, None);
    rules_alike(fen, line, RuleSet::Chinese, Some(Color::Red));
    let (pos, moves) = common::cycle(fen, line);
    let report = CycleReport::new(&pos, &moves, 1, RuleSet::Chinese1960);
    assert!(
        report.moves[0]
            .exempt
            .iter()
            .any(|t| t.reason == "own_chase"),
        "{:?}",
        report.moves[0].exempt
    );
    assert_eq!(report.moves[0].exempt.len(), 1, "listed once");
}

/// Just fails: the pawn steps where it attacks nothing (the rook answers on another rank):
/// Red's 长杀 is Red's to vary under both books.
#[test]
fn perpetual_mate_threats_against_a_pawn_that_attacks_nothing_lose_under_both_books() {
    let (fen, line) = ("3ak4/4a4/6N2/9/9/9/8p/9/7R1/4K4 b", "i3h3 h1i1 h3i3 i1h1");
    for rules in [RuleSet::Chinese1960, RuleSet::Chinese] {
        let l = labels(fen, line, rules);
        assert!(
            l.ends_with('杀') && l.chars().nth(1) == Some('杀'),
            "{rules}: {l}"
        );
        rules_alike(fen, line, rules, Some(Color::Red));
    }
}

/// 1960 第五节 四 「兑是一对一的交换」 against 2020 art. 24.4 (`src/cycle/offer.rs`, the
/// decision): the red rook faces the black rook on every move, neither rooted, and the black
/// rook steps away. Black could take the red rook for nothing — no one-for-one exchange, so the
/// 1960 book sees the unprotected rook chased (第四节 二(四) 长捉无根子): Red varies. The 2020
/// provisos are the acceptor's only (not mated, not down material), so Red offers the exchange
/// (长兑) and the cycle is drawn.
#[test]
fn an_offer_the_partner_takes_for_nothing_is_a_chase_under_1960_only() {
    let (fen, line) = ("3k5/9/9/2R6/5r3/9/9/9/9/4K4 w", "c6c5 f5f6 c5c6 f6f5");
    assert_eq!(labels(fen, line, RuleSet::Chinese1960), "捉闲捉闲");
    assert_eq!(labels(fen, line, RuleSet::Chinese), "兑闲兑闲");
    rules_alike(fen, line, RuleSet::Chinese1960, Some(Color::Red));
    rules_alike(fen, line, RuleSet::Chinese, None);
}

/// Just fails: pawns root the red rook on c5 and on c6, so the exchange is one for one: 长兑
/// under both books, drawn.
#[test]
fn a_rooted_offer_is_an_exchange_under_both_books() {
    let (fen, line) = ("3k5/9/9/1PR6/5r3/2P6/9/9/9/4K4 w", "c6c5 f5f6 c5c6 f6f5");
    for rules in [RuleSet::Chinese1960, RuleSet::Chinese] {
        let l = labels(fen, line, rules);
        assert!(
            l.starts_with('兑') && l.chars().nth(2) == Some('兑'),
            "{rules}: {l}"
        );
        rules_alike(fen, line, rules, None);
    }
}
