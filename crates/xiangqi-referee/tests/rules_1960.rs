//! The 1960 rules' examples (第四节 二 and 第五节), which print move lines without
//! diagrams: each test builds a position in which the printed line is legal and shows its
//! rule, and asserts the label of every move and the verdict the text states under the 1960
//! rule set (`RuleSet::Chinese1960`), which follows the 1960 book. On every figure here the
//! current book (`RuleSet::Chinese`, 2020) gives the same verdict, and each test asserts that
//! too; where the books disagree (附录 例三, 例五, 1956 图六, 一炮分捉两车) see
//! `rules_1960_examples.rs` and `rules_1960_differences.rs`. Red moves first, as in the seed's
//! red-first conversion. The positions were found by a search over placements of the pieces
//! the line needs plus a few others, and checked move by move against the text.

use xiangqi::{Color, Move, Position};
use xiangqi_referee::{
    RuleSet,
    cycle::{ChaseKind, classify_cycle, rule_cycle},
};

/// The labels of the line's moves and the loser under the 1960 rules, after checking that the
/// current rules (2020) rule the cycle the same way.
fn ruling(
    fen: &str,
    line: &str,
) -> (
    String,
    Option<Color>,
    Vec<xiangqi_referee::cycle::MoveClass>,
) {
    let pos = Position::from_fen(fen).expect("legal test position");
    let moves: Vec<Move> = line
        .split_whitespace()
        .map(|m| m.parse().expect("ICCS move"))
        .collect();
    let mut end = pos.clone();
    for &m in &moves {
        end.play(m).expect("legal move");
    }
    assert_eq!(
        end.hash(),
        pos.hash(),
        "{line} does not return to the start"
    );
    let classes = classify_cycle(&pos, &moves, RuleSet::Chinese1960);
    let labels = classes.iter().map(|c| c.kind.label()).collect();
    let loser = rule_cycle(&pos, &moves, RuleSet::Chinese1960).loser;
    assert_eq!(
        rule_cycle(&pos, &moves, RuleSet::Chinese).loser,
        loser,
        "{line}: the 2020 book agrees with the 1960 one here"
    );
    (labels, loser, classes)
}

/// 第四节 二(一), 图四 (车二进一 将6进1 车二退一 将6退1): 长将, Red loses.
#[test]
fn figure_4_perpetual_check() {
    let (labels, loser, _) = ruling("5k3/7R1/9/9/9/9/9/9/9/4K4 w", "h8h9 f9f8 h9h8 f8f9");
    assert_eq!(labels, "将闲将闲");
    assert_eq!(loser, Some(Color::Red));
}

/// 第四节 二(二), 图五 (马三退五 将4平5 马五进三 将5平4): the horse does not check but threatens
/// mate every time it moves (长要杀); Red must vary or lose (2020 24.10 长杀 alike).
#[test]
fn figure_5_perpetual_mate_threat() {
    let (labels, loser, _) = ruling("3k5/9/4P1N1R/9/6b2/9/9/6C2/9/4K4 w", "g7e6 d9e9 e6g7 e9d9");
    assert_eq!(labels, "杀闲杀闲");
    assert_eq!(loser, Some(Color::Red));
}

/// 第四节 二(三), 图六 (车四平二 将5平6 车二平四 将6平5): one move threatens mate, the next
/// checks (一将一要杀); Red must vary or lose (2020 24.13 一将一杀 alike).
#[test]
fn figure_6_check_and_mate_threat() {
    let (labels, loser, _) = ruling("4k4/5R3/4b4/9/8P/9/9/R8/9/3K5 w", "f8h8 e9f9 h8f8 f9e9");
    assert_eq!(labels, "杀闲将闲");
    assert_eq!(loser, Some(Color::Red));
}

/// 第四节 二(四), 图七 (车八进一 炮1进1 车八退一 炮1退1): 长捉无根子, Red loses.
#[test]
fn figure_7_perpetual_chase_of_an_unprotected_cannon() {
    let (labels, loser, classes) = ruling("3aka3/9/9/c8/1R7/9/9/9/9/3K5 w", "b5b6 a6a5 b6b5 a5a6");
    assert_eq!(labels, "捉闲捉闲");
    assert_eq!(classes[0].chases[0].kind, ChaseKind::Unprotected);
    assert_eq!(loser, Some(Color::Red));
}

/// 第四节 二(五), 图八 (车八进一 将4进1 车八退三 炮1进1 车八进二 将4退1 车八退三): 一将一捉 —
/// the rook checks, then attacks the unprotected cannon, and so on — counts as 长捉: Red
/// loses (2020 24.13 agrees; the Asian rules allow one check one chase, rule 12). The printed
/// line walks the cannon down the a-file and does not close; the cycle below closes it with
/// the cannon stepping back and forth, the same moves in both directions.
#[test]
fn figure_8_check_and_chase() {
    let printed = "b7b8 d8d7 b8b5 a5a4 b5b7 d7d8 b7b4";
    let pos = Position::from_fen("5a3/3ka4/1R7/9/c8/9/9/9/9/5K3 w").expect("legal");
    let moves: Vec<Move> = printed
        .split_whitespace()
        .map(|m| m.parse().unwrap())
        .collect();
    let labels: String = classify_cycle(&pos, &moves, RuleSet::Chinese1960)
        .iter()
        .map(|c| c.kind.label())
        .collect();
    assert_eq!(labels, "将闲捉闲将闲捉");
    let fen = "5a3/4a4/3k5/9/1R7/c8/9/9/9/5K3 w";
    let cycle = "b5b7 d7d8 b7b4 a4a5 b4b8 d8d7 b8b5 a5a4";
    let (labels, loser, classes) = ruling(fen, cycle);
    assert_eq!(labels, "将闲捉闲将闲捉闲");
    assert_eq!(classes[2].chases[0].kind, ChaseKind::Unprotected);
    assert_eq!(loser, Some(Color::Red));
    let pos = Position::from_fen(fen).expect("legal");
    let moves: Vec<Move> = cycle
        .split_whitespace()
        .map(|m| m.parse().unwrap())
        .collect();
    assert_eq!(rule_cycle(&pos, &moves, RuleSet::Asian).loser, None);
}

/// 第四节 二(六), 图九 (车七进四 将4进1 车七退四 将4退1): a check, then a retreat that threatens
/// to win the rook by a discovered check (车七平六 士5进4 车六平一, the cannon on the d-file
/// checking through the advisor, 抽): 一将一要抽吃, Red must vary or lose (2020 24.3 捉 by
/// checks, 24.13 一将一捉).
#[test]
fn figure_9_check_and_threat_to_win_by_a_discovered_check() {
    let (labels, loser, classes) =
        ruling("3k1a3/4a4/8r/9/2R6/9/9/9/3C5/4K4 w", "c5c9 d9d8 c9c5 d8d9");
    assert_eq!(labels, "将闲捉闲");
    let won: Vec<String> = classes[2]
        .chases
        .iter()
        .map(|c| c.target.to_string())
        .collect();
    assert!(won.contains(&"i7".to_owned()), "{:?}", classes[2].chases);
    assert!(
        classes[2]
            .chases
            .iter()
            .all(|c| c.kind == ChaseKind::ByChecks)
    );
    assert_eq!(loser, Some(Color::Red));
}

/// 第五节 七, 图十一 (车四平五 炮6平5 车五平四 炮5平6): each move parries a check and checks
/// back (解将还将): a draw.
#[test]
fn figure_11_check_answered_by_check() {
    let (labels, loser, _) = ruling(
        "2bnkr3/5c3/5R3/4C4/9/9/9/3A5/9/2BA1K3 w",
        "f7e7 f8e8 e7f7 e8f8",
    );
    assert_eq!(labels, "将将将将");
    assert_eq!(loser, None);
}

/// 第五节 八, 图十二 (兵二平一 车9平8 兵一平二 车8平9): a pawn may chase perpetually: a draw.
/// (2020 26.1 agrees: the pawn's moves are 闲.)
#[test]
fn figure_12_pawn_chases() {
    let (labels, loser, _) = ruling("6b1r/1C2k2P1/9/9/9/9/9/9/9/3K5 w", "h8i8 i9h9 i8h8 h9i9");
    assert!(!labels.contains('捉'), "{labels}");
    assert_eq!(loser, None);
}

/// 第五节 九, 图十三 (帅四平五 炮5平6 帅五平四 炮6平5): the general may chase perpetually: a
/// draw (2020 26.1 agrees).
#[test]
fn figure_13_general_chases() {
    let (labels, loser, _) = ruling("3k5/9/9/9/9/9/9/4c4/5K3/9 w", "f1e1 e2f2 e1f1 f2e2");
    // Every move 闲 (the general's 拦 included).
    assert!(labels.chars().all(|l| "闲拦跟献兑".contains(l)), "{labels}");
    assert_eq!(loser, None);
}

/// 附录 例八 (图二十二; 将6进1 炮九退一 将6退1 炮九进一, Black first as printed): the cannon
/// checks along the rank through the advisor, then steps back and, the general its screen,
/// attacks the unprotected elephant: 一将一捉, Red must vary or lose (2020 24.13 alike).
#[test]
fn appendix_8_check_and_chase_by_the_cannon() {
    let (labels, loser, _) = ruling("C4kb2/4a4/9/9/9/9/9/9/9/3K4N b", "f9f8 a9a8 f8f9 a8a9");
    assert_eq!(labels, "闲将闲捉");
    assert_eq!(loser, Some(Color::Red));
}

/// 附录 例九 (图二十三; 车2进3 炮九进三 车2退3 炮九退三, Black first): Black's rook chases the
/// cannon on both of its moves; the cannon checks once and chases back once (一将一还捉): both
/// sides forbidden, a draw (2020 26.9: both chases heavy, against unprotected pieces).
#[test]
fn appendix_9_perpetual_chase_against_check_and_chase() {
    let (labels, loser, _) = ruling("1r1ak4/9/9/C1p5n/3P5/9/9/9/9/5K3 b", "b9b6 a6a9 b6b9 a9a6");
    assert_eq!(labels, "捉将捉捉");
    assert_eq!(loser, None);
}
