//! The rest of the 1960 rules' examples: 第四节 二(七) 图十, 第五节 十 图十四 and the
//! appendix's 例一–例七 (图十五–二十一). The book prints move lines without diagrams; each test
//! builds a position in which the printed line is legal (the test checks that our Chinese
//! notation of every move is the book's), the line shows its rule, and asserts every move's
//! label and the verdict.
//!
//! Each example is ruled under the 1960 rule set (`RuleSet::Chinese1960`, the book's verdict),
//! the current Chinese rules (`RuleSet::Chinese`, 2020) and the AXF's (`RuleSet::Asian`). Where
//! the 1960 verdict is not the 2020 one (例三 and 例五: the 1960 appendix draws every cycle in
//! which the other side attacks back at least once, 「还打」, while 2020 art. 25.3 makes a side
//! whose every move attacks change against one that also plays an idle move; 例六 agrees once
//! the threat that stood is not counted), the test says so, asserts the labels the 1960 ruling
//! rests on (the counter-attack is there), and asserts each rule set's verdict by its own book.
//!
//! The appendix prints Black's move first where Black begins (例一, 例三), as the original
//! did; the §4 figures were converted to Red first by the seed's editor. The positions were
//! found by a search over placements of the pieces the line needs plus a few others.

mod common;

use xiangqi::{Color, Position};
use xiangqi_referee::{
    RuleSet,
    cycle::{ChaseKind, CycleReport, MoveClass, classify_cycle, rule_cycle},
};

/// One built example: labels and loser under each rule set, and the Chinese classification.
struct Ruled {
    /// The loser under the 1960 rules (the book's verdict).
    c1960_loser: Option<Color>,
    /// The labels under the 1960 rules.
    c1960: String,
    chinese: String,
    chinese_loser: Option<Color>,
    asian: String,
    asian_loser: Option<Color>,
    classes: Vec<MoveClass>,
}

/// The labels of every move under each rule set (the book's words, 2020 art. 24.1–24.8).
fn labels(pos: &Position, moves: &[xiangqi::Move], rules: RuleSet) -> String {
    classify_cycle(pos, moves, rules)
        .iter()
        .map(|c| c.kind.label())
        .collect()
}

/// Rules on `line` from `fen` (a closed cycle) and checks that the moves read as `book` prints
/// them.
fn ruled(fen: &str, line: &str, book: &str) -> Ruled {
    let (pos, moves) = common::cycle(fen, line);
    assert_notation(&pos, &moves, book);
    let classes = classify_cycle(&pos, &moves, RuleSet::Chinese);
    assert_eq!(classes.len(), moves.len());
    Ruled {
        c1960_loser: rule_cycle(&pos, &moves, RuleSet::Chinese1960).loser,
        c1960: labels(&pos, &moves, RuleSet::Chinese1960),
        chinese: labels(&pos, &moves, RuleSet::Chinese),
        chinese_loser: rule_cycle(&pos, &moves, RuleSet::Chinese).loser,
        asian: labels(&pos, &moves, RuleSet::Asian),
        asian_loser: rule_cycle(&pos, &moves, RuleSet::Asian).loser,
        classes,
    }
}

/// The moves' Chinese notation is the book's line (ignoring the book's punctuation).
fn assert_notation(pos: &Position, moves: &[xiangqi::Move], book: &str) {
    let report = CycleReport::new(pos, moves, 1, RuleSet::Chinese);
    let ours: Vec<&str> = report.moves.iter().map(|m| m.chinese.as_str()).collect();
    let printed: Vec<&str> = book
        .split(|c: char| c.is_whitespace() || c == '，')
        .filter(|s| !s.is_empty())
        .collect();
    assert_eq!(ours, printed, "the built line is not the book's");
}

/// The squares of the pieces a move chases, in order.
fn targets(class: &MoveClass) -> Vec<String> {
    class.chases.iter().map(|c| c.target.to_string()).collect()
}

/// 第四节 二(七), 图十 (车六进二 炮6退2 车六退二 炮6进2): 捉一不捉二 — the cannon chases the rook on
/// both of the two squares the rook has, instead of leaving it one; 「否则等于长捉…违者也作败论」:
/// Black loses. 2020 agrees (24.11 长捉, a rook chased by a cannon: 捉车, heavy), and so does
/// AXF (rule 15: a cannon may not perpetually chase a rook). The rook's screens are Red's own
/// elephant and pawn, so that the rook attacks nothing.
#[test]
fn figure_10_chase_on_one_square_not_on_two() {
    let r = ruled(
        "5k3/9/9/9/9/4P4/9/3RBc3/4K4/9 w",
        "d2d4 f2f4 d4d2 f4f2",
        "车六进二 炮6退2 车六退二 炮6进2",
    );
    assert_eq!(r.chinese, "闲捉闲捉");
    assert_eq!(targets(&r.classes[1]), ["d4"]);
    assert_eq!(targets(&r.classes[3]), ["d2"]);
    assert_eq!(
        r.classes[1].chases[0].target_id,
        r.classes[3].chases[0].target_id
    );
    assert_eq!(
        r.c1960_loser,
        Some(Color::Black),
        "1960 第四节 二(七): Black loses"
    );
    assert_eq!(r.chinese_loser, Some(Color::Black));
    assert_eq!(r.asian, "闲捉闲捉");
    assert_eq!(r.asian_loser, Some(Color::Black));
}

/// 第五节 十, 图十四 (车八平六 马4进6 车六进一 马6退5): 车、马循环反捉 — the rook chases the horse,
/// the horse attacks the rook back, move after move: a draw if neither varies. The printed
/// line does not close; each of its moves chases (the rook the unprotected horse, the horse
/// the rook). A rook and a horse alone cannot close such a line in two squares each (our
/// search over every placement found none); the closed cycle below is eight plies long, every
/// move a chase of the other piece. 2020 rules it a draw too (both sides heavy: 长捉无根子
/// against 长捉车, art. 26.9), and so does AXF (both sides chase perpetually: section 2).
#[test]
fn figure_14_rook_and_horse_chase_each_other() {
    let printed = "b5d5 d7f6 d5d6 f6e8";
    let pos = common::pos("4k4/9/3n5/9/1R7/9/9/9/9/5K3 w");
    let moves = common::line(printed);
    assert_notation(&pos, &moves, "车八平六 马4进6 车六进一 马6退5");
    for rules in RuleSet::ALL {
        assert_eq!(labels(&pos, &moves, rules), "捉捉捉捉", "{rules}");
    }
    let classes = classify_cycle(&pos, &moves, RuleSet::Chinese);
    let chased: Vec<Vec<String>> = classes.iter().map(targets).collect();
    assert_eq!(chased, [["d7"], ["d5"], ["f6"], ["d6"]]);

    let r = ruled(
        "4k4/9/9/9/9/9/2n6/9/1R3K3/9 w",
        "b1c1 c3a2 c1c2 a2b0 c2b2 b0d1 b2b1 d1c3",
        "车八平七 马3进1 车七进一 马1进2 车七平八 马2退4 车八退一 马4退3",
    );
    assert_eq!(r.chinese, "捉".repeat(8));
    // Each move chases the other piece, which has no protector.
    for c in &r.classes {
        assert_eq!(c.chases.len(), 1, "{}", c.mv);
        assert_eq!(c.chases[0].kind, ChaseKind::Unprotected, "{}", c.mv);
    }
    assert_eq!(r.c1960, r.chinese);
    assert_eq!(r.c1960_loser, None, "1960 第五节 十: a draw");
    assert_eq!(r.chinese_loser, None);
    assert_eq!(r.asian, "捉".repeat(8));
    assert_eq!(r.asian_loser, None);
}

/// 附录 例一 (图十五; 黑炮平3、平2, Black first): the cannon chases the rook on both of its moves;
/// Red's rook only steps aside. 「红如不愿变着，应由黑变，黑方不变作负」: Black loses. 2020
/// agrees (长捉车, 24.11, 25.3), AXF too (rule 15).
#[test]
fn appendix_1_cannon_chases_the_rook_twice() {
    let r = ruled(
        "9/2R6/1N2k4/9/9/2P6/1c7/9/3K5/9 b",
        "b3c3 c8b8 c3b3 b8c8",
        "炮2平3 车七平八 炮3平2 车八平七",
    );
    assert_eq!(r.chinese, "捉闲捉闲");
    assert_eq!(targets(&r.classes[0]), ["c8"]);
    assert_eq!(targets(&r.classes[2]), ["b8"]);
    assert_eq!(r.c1960_loser, Some(Color::Black), "1960 附录 例一");
    assert_eq!(r.chinese_loser, Some(Color::Black));
    assert_eq!(r.asian, "捉闲捉闲");
    assert_eq!(r.asian_loser, Some(Color::Black));
}

/// 附录 例二 (图十六; 帅五平四 后车平6 帅四平五 车6平3): the rear rook checks, then steps back
/// beside the other rook threatening mate by consecutive checks — 「黑方一将一连杀，应由黑方变着，
/// 不变作负」. 2020 agrees (一将一杀, 24.13, 25.3). AXF does not forbid it: a threat to mate is
/// never a violation, and one check one threat to mate is a draw (rules 9–11, 13).
#[test]
fn appendix_2_check_and_mate_threat_by_two_rooks() {
    let r = ruled(
        "9/3k5/9/2r6/9/2r6/9/9/9/4K4 w",
        "e0f0 c6f6 f0e0 f6c6",
        "帅五平四 后车平6 帅四平五 车6平3",
    );
    assert_eq!(r.chinese, "闲将闲杀");
    assert_eq!(r.c1960_loser, Some(Color::Black), "1960 附录 例二");
    assert_eq!(r.chinese_loser, Some(Color::Black));
    assert_eq!(r.asian, "闲将闲杀");
    assert_eq!(r.asian_loser, None);
}

/// 附录 例三 (图十七; 卒9平8 … 卒8平9, Black first): the crossed pawn chases the rook from one
/// side to the other; the rook, with no third square, threatens mate on every move (被迫长杀):
/// 1960 rules a draw.
///
/// **1960 and 2020 disagree.** 2020: the pawn's own chase is 闲 (26.1; here 献, the pawn
/// stands where the rook may take it), Red's 长杀 is forbidden (24.10, 25.3): Red must vary
/// or lose. AXF: a perpetual threat to mate is a draw (rule 9), as 1960 has it. The test
/// asserts what 1960 rests on — the pawn attacks the rook after each of its moves, and every
/// rook move threatens mate — and each rule set's verdict by its book.
#[test]
fn appendix_3_pawn_chase_against_forced_mate_threats() {
    let fen = "3ak4/4a4/6N2/9/9/9/8p/7R1/9/4K4 b";
    let line = "i3h3 h2i2 h3i3 i2h2";
    let r = ruled(fen, line, "卒9平8 车二平一 卒8平9 车一平二");
    assert_eq!(r.chinese, "献杀献杀");
    let (mut pos, moves) = common::cycle(fen, line);
    for (i, &m) in moves.iter().enumerate() {
        pos.play(m).expect("legal");
        if i % 2 == 0 {
            let at = pos
                .pieces()
                .find(|(_, p)| p.color == Color::Red && p.role == xiangqi::Role::Rook)
                .map(|(s, _)| s)
                .expect("the rook");
            assert!(pos.attackers(at, Color::Black).contains(m.to()), "{m}");
        }
    }
    assert!(
        r.classes
            .iter()
            .filter(|c| c.mover == Color::Red)
            .all(|c| c.mate_threat)
    );
    assert_eq!(r.c1960, "献杀献杀");
    assert_eq!(
        r.c1960_loser, None,
        "1960 附录 例三: 被迫长杀, 双方不变作和"
    );
    assert_eq!(
        r.chinese_loser,
        Some(Color::Red),
        "2020 24.10: 长杀 must vary"
    );
    assert_eq!(r.asian, "献杀献杀");
    assert_eq!(
        r.asian_loser, None,
        "AXF rule 9: perpetual threat to mate is a draw"
    );
}

/// 附录 例四 (图十八; 仕六进五 车7退2 仕五退六 车7进2): 解捉还捉 — every move parries the chase
/// just made and chases back: the advisor blocks the rook's attack on the cannon and becomes the
/// cannon's screen against the rook; the rook escapes and threatens to win the advisor by checks
/// (车7平5 …); the advisor steps back out of it, and the cannon now threatens a check through the
/// horse (炮七平四) that wins the rook; the rook returns and attacks the cannon again. 1960: a
/// draw; 2020 a draw too (both sides' every move a heavy chase, 26.9). AXF: a draw — its chase
/// is a direct attack, so the two threats by checks are idle moves (rule 38: a perpetual threat
/// to check and capture is a draw), and neither side chases on every move.
#[test]
fn appendix_4_parry_a_chase_and_chase_back() {
    let r = ruled(
        "9/5k3/9/9/9/9/9/4KN3/2C3r2/3A5 w",
        "d0e1 g1g3 e1d0 g3g1",
        "仕六进五 车7退2 仕五退六 车7进2",
    );
    assert_eq!(r.chinese, "捉捉捉捉");
    assert_eq!(targets(&r.classes[0]), ["g1"]);
    assert_eq!(targets(&r.classes[3]), ["c1"]);
    // Every chase is answered by the next move (解捉).
    assert!(
        r.classes
            .iter()
            .all(|c| c.chases.iter().all(|ch| ch.answered))
    );
    assert_eq!(r.c1960_loser, None, "1960 附录 例四: 解捉还捉, 作和");
    assert_eq!(r.chinese_loser, None);
    assert_eq!(r.asian, "捉闲闲捉");
    assert_eq!(r.asian_loser, None);
}

/// 附录 例五 (图十九; 炮九进三 车2退3 炮九退三 车2进3): 二捉一还打 — the rook chases the cannon on
/// both of its moves; the cannon answers once with an attack (here a threat to mate) and once
/// by stepping back: 1960 rules a draw.
///
/// **1960 and 2020 disagree.** 2020: Black's 长捉 of the unprotected cannon is forbidden, Red's
/// 一杀一闲 is allowed, so Black must vary or lose (24.11, 25.3). AXF agrees with 2020: a rook
/// may not perpetually chase an unprotected cannon even if the cannon answers with threats
/// (rule 18, D32–38).
#[test]
fn appendix_5_two_chases_against_one_attack_back() {
    let r = ruled(
        "9/3k5/2PC3c1/9/9/9/Cr7/4K4/9/9 w",
        "a3a6 b3b6 a6a3 b6b3",
        "炮九进三 车2退3 炮九退三 车2进3",
    );
    assert_eq!(r.chinese, "杀捉闲捉");
    assert_eq!(targets(&r.classes[1]), ["a6"]);
    assert_eq!(targets(&r.classes[3]), ["a3"]);
    assert_eq!(r.classes[1].chases[0].kind, ChaseKind::Unprotected);
    assert_eq!(r.c1960, "杀捉闲捉");
    assert_eq!(r.c1960_loser, None, "1960 附录 例五: 二捉一还打, 作和");
    assert_eq!(
        r.chinese_loser,
        Some(Color::Black),
        "2020: 长捉 against 一杀一闲"
    );
    assert_eq!(r.asian, "杀捉闲捉");
    assert_eq!(r.asian_loser, Some(Color::Black), "AXF rule 18");
}

/// 附录 例六 (图二十; 车四退二 炮4进2 车四进二 炮4退2): 二打一还打 — the rook attacks on both
/// moves (it attacks the unprotected cannon on g5 and the horse, then threatens to win the
/// horse by a check), the cannon attacks back once (a threat to mate) and once steps aside:
/// 1960 rules a draw.
///
/// **2020 agrees, through its definition of 捉.** The threat on the horse by a check stands
/// before each rook move (from f7 the rook wins it by 车四平五, from f5 by the same check on the
/// e-file), with the same result: a threat that stood is not created by the move (1999 art.
/// 29.2 「“捉”产生于刚走的这着棋，上一着尚不存在」; 2020 图5 「吃士的结果没有发生变化」), so
/// only the retreat, which attacks the cannon on g5, is 捉: 一捉一闲 against 一闲一杀, a draw
/// (2020 25.3 asks the side whose every move is forbidden to change). AXF: a draw as well — a
/// threat to win by a check is not a chase (rule 38), and a threat to mate never violates
/// (rule 9).
#[test]
fn appendix_6_two_attacks_against_one_attack_back() {
    let r = ruled(
        "4k2P1/9/5R3/9/6c2/3cn4/9/4K4/9/9 w",
        "f7f5 d4d2 f5f7 d2d4",
        "车四退二 炮4进2 车四进二 炮4退2",
    );
    assert_eq!(r.chinese, "捉闲闲杀");
    assert_eq!(targets(&r.classes[0]), ["g5"]);
    assert!(targets(&r.classes[2]).is_empty());
    assert_eq!(r.c1960_loser, None, "1960 附录 例六: 二打一还打, 作和");
    assert_eq!(r.chinese_loser, None, "2020: 一捉一闲 against 一闲一杀");
    assert_eq!(r.asian, "捉闲闲杀");
    assert_eq!(r.asian_loser, None, "AXF rules 9, 38");
}

/// 附录 例七 (图二十一; 仕四进五 车7进1 仕五退四 车7退1): the rook checks along the bottom rank
/// when the advisor steps up, and steps back when the advisor returns.
/// 1. 「黑方一将一暗抽吃，应由黑方变着，不变作负」: with the cannon on h8, the rook's step back
///    threatens 炮8进8 — a check through the advisor — and a line of checks that wins material
///    (抽): 一将一捉 under 2020 (24.3, 24.13): Black loses, as in 1960.
/// 2. 「黑方一将一暗抽无吃，双方不变作和」: with a red cannon on i0, the same check wins
///    nothing: 一将一闲, a draw (2020 24.8, 25.2).
///
/// AXF rules both a draw: one check one chase is allowed (rule 12), and so is one check and a
/// threat to check and capture (rule 13).
#[test]
fn appendix_7_check_and_hidden_discovered_win() {
    let line = "f0e1 g1g0 e1f0 g0g1";
    let book = "仕四进五 车7进1 仕五退四 车7退1";
    let wins = ruled("3k5/7c1/9/9/9/9/9/9/6r2/4KA3 w", line, book);
    assert_eq!(wins.chinese, "拦将闲捉");
    assert_eq!(wins.classes[3].chases[0].kind, ChaseKind::ByChecks);
    assert_eq!(
        wins.c1960_loser,
        Some(Color::Black),
        "1960 附录 例七 1: 一将一暗抽吃"
    );
    assert_eq!(wins.chinese_loser, Some(Color::Black));
    assert_eq!(wins.asian_loser, None, "AXF rules 12–13");

    let nothing = ruled("3k5/7c1/9/9/9/9/9/9/6r2/4KA2C w", line, book);
    assert_eq!(nothing.chinese, "拦将闲闲");
    assert_eq!(
        nothing.c1960_loser, None,
        "1960 附录 例七 2: 一将一暗抽无吃"
    );
    assert_eq!(nothing.chinese_loser, None);
    assert_eq!(nothing.asian, "拦将闲闲");
    assert_eq!(nothing.asian_loser, None);
}
