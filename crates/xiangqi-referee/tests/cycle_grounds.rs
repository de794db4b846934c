//! Every label of a ruling says what it rests on: 兑's pair (2020 art. 24.4), 献's piece and
//! takers (24.5), 拦's cut path (24.6), 跟's protected target (24.7), the exempt attacks and
//! their reasons (26.1, 26.1.2–26.1.4, 26.2, 24.3 参考图21), 杀's first check and length (24.2)
//! and 将's checking pieces (24.1) — in the report's fields and in its English and Chinese
//! text. The positions are the corpus figures and built ones.

mod common;

use common::corpus::{Case, load};
use common::cycle;
use xiangqi_referee::RuleSet;
use xiangqi_referee::cycle::{CycleMove, CycleReport, PieceOn};

fn case(id: &str) -> Case {
    load()
        .into_iter()
        .find(|c| c.id == id)
        .unwrap_or_else(|| panic!("corpus case {id}"))
}

/// Move `ply` (first move 1) of the corpus case `id`'s cycle under `rules`.
fn corpus_move(id: &str, ply: usize, rules: RuleSet) -> CycleMove {
    let c = case(id);
    CycleReport::new(&c.start, &c.cycle, 1, rules).moves[ply - 1].clone()
}

fn on(square: &str, piece: &str) -> PieceOn {
    PieceOn {
        square: square.to_owned(),
        piece: piece.to_owned(),
    }
}

fn names(m: &CycleMove, en: &[&str], zh: &[&str]) {
    for s in en {
        assert!(
            m.explanation.contains(s),
            "{s:?} not in {:?}",
            m.explanation
        );
    }
    for s in zh {
        assert!(
            m.explanation_zh.contains(s),
            "{s:?} not in {:?}",
            m.explanation_zh
        );
    }
}

/// 2020 图21 车四退二 (24.4, the book's 兑): the rook's retreat guards the horse on f5, which
/// the black horse on h6 attacks and may take without loss.
#[test]
fn an_offer_names_the_pair_and_that_it_is_fair() {
    let m = corpus_move("cn2020-图21", 1, RuleSet::Chinese);
    assert_eq!(m.label, "兑");
    let o = m.offer.as_ref().expect("an offer");
    assert_eq!(
        (o.square.as_str(), o.piece.as_str(), o.partner.as_str()),
        ("f5", "horse", "h6")
    );
    assert_eq!((o.partner_piece.as_str(), o.fair), ("horse", true));
    assert_eq!(o.retakers, vec![on("f6", "rook")]);
    assert!(m.sacrifice.is_none() && m.block.is_none() && m.follow.is_none());
    names(
        &m,
        &[
            "offers Red's horse on f5 to Black's horse on h6",
            "fair offer: after h6×f5, Red's rook on f6 takes back",
        ],
        &["红马(f5)邀兑黑马(h6)，吃后红车(f6)可吃回", "不受损失"],
    );
    // 1956 图七: the rook itself is the offered piece (the moved piece stands in the pair).
    let m = corpus_move("cn1956-图七", 2, RuleSet::Chinese);
    let o = m.offer.expect("an offer");
    assert_eq!((o.square.as_str(), o.partner.as_str()), ("i7", "i6"));
    assert_eq!(
        (o.piece.as_str(), o.partner_piece.as_str()),
        ("rook", "rook")
    );
}

const SACRIFICE_FEN: &str = "3aka3/9/4b4/p8/2b6/2N3B2/4P3p/2C1B4/3rA1p2/3AK4 w - - 0 1";
const SACRIFICE_LINE: &str = "c1c3 d2d4 c3c1 d4d2";

/// The cycle of the built 献 position: four moves lead into it.
fn sacrifice_cycle() -> (xiangqi::Position, Vec<xiangqi::Move>) {
    let mut start = common::pos(SACRIFICE_FEN);
    for m in common::line("c2c3 d1d3 c3c1 d3d2") {
        start.play(m).expect("legal");
    }
    let moves = common::line(SACRIFICE_LINE);
    let mut end = start.clone();
    for &m in &moves {
        end.play(m).expect("legal");
    }
    assert_eq!(end.hash(), start.hash());
    (start, moves)
}

/// 24.5 (AXF 献着, rule 40): the black rook steps to d2, where the red advisor e1 and horse
/// c4 may take it without loss; the report names the rook and both takers.
#[test]
fn a_sacrifice_names_the_piece_given_and_its_takers() {
    let (start, moves) = sacrifice_cycle();
    for rules in [RuleSet::Chinese, RuleSet::Asian] {
        let r = CycleReport::new(&start, &moves, 1, rules);
        let m = &r.moves[3];
        assert_eq!(
            (m.mv.as_str(), m.label.as_str()),
            ("d4d2", "献"),
            "{rules:?}"
        );
        let s = m.sacrifice.as_ref().expect("a sacrifice");
        assert_eq!((s.square.as_str(), s.piece.as_str()), ("d2", "rook"));
        let mut takers = s.pieces.clone();
        takers.sort_by(|a, b| a.square.cmp(&b.square));
        assert_eq!(takers, vec![on("c4", "horse"), on("e1", "advisor")]);
        names(
            m,
            &[
                "gives up the rook on d2",
                "Red's advisor on e1",
                "Red's horse on c4",
            ],
            &["献车(d2)", "红士(e1)", "红马(c4)"],
        );
        assert!(m.offer.is_none() && m.block.is_none());
    }
}

/// 24.6: 1956 图六, the cannon steps in front of the rook that threatens mate (长拦), and
/// 2020 图4, the elephant cuts the cannon's path.
#[test]
fn a_block_names_the_piece_whose_path_it_cuts() {
    let m = corpus_move("cn1956-图六", 2, RuleSet::Chinese);
    assert_eq!(m.label, "拦");
    let b = m.block.as_ref().expect("a block");
    assert_eq!((b.square.as_str(), b.piece.as_str()), ("a7", "cannon"));
    assert_eq!(b.pieces, vec![on("a6", "rook")]);
    names(
        &m,
        &["the cannon on a7 cuts the path of Red's rook on a6"],
        &["炮(a7)拦住红车(a6)的去路"],
    );
    let m = corpus_move("cn2020-图4", 2, RuleSet::Chinese);
    let b = m.block.expect("a block");
    assert_eq!((b.square.as_str(), b.piece.as_str()), ("g5", "elephant"));
    assert_eq!(b.pieces, vec![on("i5", "cannon")]);
}

/// 24.7: 2020 图12 车一平二, the rook now attacks the protected cannon on h7 (跟).
#[test]
fn a_follow_names_the_protected_piece_it_attacks() {
    let m = corpus_move("cn2020-图12", 1, RuleSet::Chinese);
    assert_eq!(m.label, "跟");
    let f = m.follow.as_ref().expect("a follow");
    assert_eq!((f.square.as_str(), f.piece.as_str()), ("h6", "rook"));
    assert_eq!(f.pieces, vec![on("h7", "cannon")]);
    names(
        &m,
        &["the rook on h6 now attacks Black's cannon on h7, protected"],
        &["车(h6)跟住有根的黑炮(h7)"],
    );
    // AXF has no 跟: the same kind of move is a plain 闲着 and the report shows no `follow`.
    let (start, moves) = sacrifice_cycle();
    let axf = CycleReport::new(&start, &moves, 1, RuleSet::Asian);
    assert_eq!(axf.moves[1].label, "闲");
    assert!(axf.moves[1].follow.is_none());
    let cn = CycleReport::new(&start, &moves, 1, RuleSet::Chinese);
    assert_eq!(cn.moves[1].label, "跟");
    let f = cn.moves[1].follow.as_ref().expect("a follow");
    assert_eq!((f.square.as_str(), f.pieces.len()), ("d4", 2));
}

/// 24.2: 2020 图7 炮一平二, the cannon threatens 炮二进九 and mate by checks (3 plies); the
/// report names the first check, ICCS and Chinese, and the length.
#[test]
fn a_mate_threat_names_its_first_check_and_length() {
    let m = corpus_move("cn2020-图7", 1, RuleSet::Chinese);
    assert_eq!(m.label, "杀");
    let mate = m.mate.as_ref().expect("a mate");
    assert_eq!(
        (mate.first.as_str(), mate.chinese.as_str(), mate.length),
        ("h0h9", "炮二进九", 3)
    );
    assert!(mate.set_aside.is_empty());
    names(
        &m,
        &["mate by checks beginning h0h9 (3 plies)"],
        &["首着炮二进九（h0h9）共3着"],
    );
    // 2020 图13 将4平5: the general answers a check and threatens mate — 闲 (26.1.2–26.1.3),
    // the mate shown and set aside.
    let m = corpus_move("cn2020-图13", 2, RuleSet::Chinese);
    assert_eq!(m.label, "闲");
    let mate = m.mate.expect("a mate");
    assert_eq!(
        (mate.first.as_str(), mate.length, mate.set_aside.as_str()),
        ("e4f4", 1, "answer_check")
    );
    assert!(m.explanation_zh.contains("将帅应将按闲处理"));
    assert!(
        m.explanation.contains("beginning e4f4 (1 ply)"),
        "{}",
        m.explanation
    );
}

/// 24.1: 1960 图四, the rook's check names the rook and its square.
#[test]
fn a_check_names_the_checking_piece() {
    let (start, moves) = cycle("5k3/9/9/9/9/9/9/9/4R4/3K5 w", "e1f1 f9e9 f1e1 e9f9");
    let r = CycleReport::new(&start, &moves, 1, RuleSet::Chinese);
    assert_eq!(r.moves[0].checkers, vec![on("f1", "rook")]);
    names(&r.moves[0], &["check from f1 (rook)"], &["车(f1)将军"]);
    assert!(r.moves[1].checkers.is_empty());
}

/// The attacks the books exempt, with their reasons: a general answering a check (2020 图8,
/// 26.1.2–26.1.3), the defending side's lone attacker on a drawing point (图18, 26.2), a piece
/// left so by its own side (参考图21, 24.3; 图25's first move, once the example here, now
/// attacks the cannon f8 in an offer of exchange, 24.4: no threat), a pawn's own chase (图14).
#[test]
fn exempt_attacks_say_why() {
    let reasons = |id: &str, ply: usize| -> Vec<(String, String, String)> {
        let m = corpus_move(id, ply, RuleSet::Chinese);
        m.exempt
            .iter()
            .map(|t| (t.square.clone(), t.reason.clone(), t.article.clone()))
            .collect()
    };
    let answer = reasons("cn2020-图8", 4);
    let squares: Vec<&str> = answer.iter().map(|t| t.0.as_str()).collect();
    assert_eq!(squares, ["e2", "a6"]);
    assert!(
        answer
            .iter()
            .all(|t| t.1 == "answer_check" && t.2.contains("26.1.2"))
    );
    let m = corpus_move("cn2020-图8", 4, RuleSet::Chinese);
    assert!(
        m.targets.is_empty(),
        "a general answering a check chases nothing"
    );
    assert!(
        m.explanation
            .contains("while the general answers a check: no chase")
    );
    assert!(m.explanation_zh.contains("将帅应将，附带捉"));

    let key = reasons("cn2020-图18", 3);
    assert_eq!(key.len(), 1);
    assert_eq!((key[0].0.as_str(), key[0].1.as_str()), ("e7", "key_point"));
    assert!(key[0].2.contains("26.2"));
    let m = corpus_move("cn2020-图18", 3, RuleSet::Chinese);
    assert!(m.explanation_zh.contains("守和要点"));
    assert!(reasons("cn2020-图25", 1).is_empty());
    let left = reasons("cn2020-参考图21", 4);
    assert_eq!(left.len(), 1);
    assert_eq!(
        (left[0].0.as_str(), left[0].1.as_str()),
        ("g2", "left_by_its_side")
    );
    let m = corpus_move("cn2020-参考图21", 4, RuleSet::Chinese);
    assert!(
        m.explanation
            .contains("left so by its own side's last move")
    );
    assert!(m.explanation_zh.contains("本方上一着所致"));
    let own = reasons("cn2020-图14", 1);
    assert_eq!(own.len(), 1);
    assert_eq!((own[0].0.as_str(), own[0].1.as_str()), ("h7", "own_chase"));
}

/// The fields are JSON: a move with an offer serializes as the example and reads back.
#[test]
fn the_grounds_serialize_and_read_back() {
    let c = case("cn2020-图21");
    let r = CycleReport::new(&c.start, &c.cycle, 1, RuleSet::Chinese);
    let v = serde_json::to_value(&r).expect("json");
    assert_eq!(
        v["moves"][0]["offer"],
        serde_json::json!({"square": "f5", "piece": "horse", "partner": "h6",
                           "partner_piece": "horse", "fair": true,
                           "retakers": [{"square": "f6", "piece": "rook"}]})
    );
    // Absent grounds are omitted, not null.
    assert!(v["moves"][0].get("mate").is_none());
    assert!(v["moves"][0].get("checkers").is_none());
    let back: CycleReport = serde_json::from_value(v).expect("reads back");
    assert_eq!(back, r);
}

/// 2020 art. 26.1.4 (the positions of `cycle_lines.rs` and `cycle_protection.rs`): a piece
/// other than the general answers a check. A mate that stood before the answer is shown and
/// set aside (`stood_before_check`), a new one is 杀; a capture the answering rook already
/// threatened is listed as exempt for the same reason, a new one is 捉.
#[test]
fn an_answer_to_a_check_shows_what_stood_before_it() {
    let report = |fen: &str, moves: &str| {
        let (start, moves) = cycle(fen, moves);
        CycleReport::new(&start, &moves, 1, RuleSet::Chinese)
    };
    let old = report("3k5/9/3P5/9/9/9/3p1n3/1N7/9/2R1K4 b", "f3d2 b2d1 d2f3 d1b2");
    let m = &old.moves[1];
    assert_eq!(m.label, "闲");
    let mate = m.mate.as_ref().expect("the mate that stood");
    assert_eq!(mate.set_aside, "stood_before_check");
    assert!(
        m.explanation
            .contains("it stood before the check this move answers")
    );
    assert!(m.explanation_zh.contains("应将前已经存在"));
    let new = report("3k5/9/3P5/9/9/9/2Np1n3/9/9/2R1K4 b", "f3d2 c3d1 d2f3 d1c3");
    let mate = new.moves[1].mate.as_ref().expect("the new mate");
    assert_eq!(
        (new.moves[1].label.as_str(), mate.set_aside.as_str()),
        ("杀", "")
    );
    assert_eq!(mate.first, "c0c9");

    let old = report("3k5/9/9/9/9/9/2n6/9/5R3/5K3 b", "c3d1 f1e1 d1c3 e1f1");
    let m = &old.moves[1];
    assert_eq!(m.label, "闲");
    let exempt: Vec<(&str, &str)> = m
        .exempt
        .iter()
        .map(|t| (t.square.as_str(), t.reason.as_str()))
        .collect();
    assert_eq!(exempt, [("d1", "stood_before_check")]);
    assert!(
        m.explanation
            .contains("as it did before answering the check")
    );
    assert!(m.explanation_zh.contains("应将前已经存在的捉黑马(d1)"));
    let new = report("3k5/9/9/9/4R4/9/2n6/9/9/5K3 b", "c3d1 e5e1 d1c3 e1e5");
    assert_eq!(new.moves[1].label, "捉");
    assert!(new.moves[1].exempt.is_empty());
    assert_eq!(new.moves[1].targets[0].square, "d1");
}

/// 2020 art. 24.4 「同兵种邀兑」: the general is no piece of a pair, and its step that makes an
/// exchange even is 闲. Applies: the black general steps from e9 to e8, beside its horse d8
/// that the red horse b7 attacks (and that attacks it back, the rook b0 guarding b7): the
/// horse now has a root and taking it no longer wins, but the step offers nothing: 闲, no 兑.
#[test]
fn the_generals_step_that_makes_an_exchange_even_is_no_offer() {
    use xiangqi_referee::cycle::{IdleKind, MoveKind};
    let c = common::classes_redrawn(
        "3aka3/3n5/1N7/9/9/9/9/9/4A4/1R3K3 w",
        "b0b1 e9e8 b1b0 e8e9",
        RuleSet::Chinese,
    );
    assert_eq!(c[1].kind, MoveKind::Idle(IdleKind::Plain), "{:?}", c[1]);
}

/// Just fails: the black rook steps from h9 to h8 and gives the horse d8 the same root along
/// the rank: a piece backs the exchange of horses, 兑 (as 2020 图30's 车6退4).
#[test]
fn a_rooks_step_that_makes_an_exchange_even_offers_it() {
    use xiangqi_referee::cycle::{IdleKind, MoveKind};
    let c = common::classes_redrawn(
        "3aka1r1/3n5/1N7/9/9/9/9/9/4A4/1R3K3 w",
        "b0b1 h9h8 b1b0 h8h9",
        RuleSet::Chinese,
    );
    assert_eq!(c[1].kind, MoveKind::Idle(IdleKind::Trade), "{:?}", c[1]);
}

/// 2020 art. 24.4 「同兵种邀兑」: an offer is the move's only if it changed the pair or the
/// exchange on the offered piece's square. Applies: the uncrossed pawns a4/a5 stand face to
/// face throughout; the black rook steps from h7 (where it won the horse h2) to g7, and the
/// red pawn's capture of a5, which lost before only because the rook's capture answered it,
/// is now even — but the same pieces attack a5 as before: the step offers nothing, 闲, no 兑.
#[test]
fn a_step_that_changes_only_a_capture_elsewhere_offers_no_standing_pair() {
    use xiangqi_referee::cycle::{IdleKind, MoveKind};
    let c = common::classes_redrawn(
        "5k3/9/7r1/9/p8/P8/9/7N1/9/4K4 w",
        "e0d0 h7g7 d0e0 g7h7",
        RuleSet::Chinese,
    );
    assert_eq!(c[1].kind, MoveKind::Idle(IdleKind::Plain), "{:?}", c[1]);
    assert_eq!(c[3].kind, MoveKind::Chase, "{:?}", c[3]);
}

/// Just fails: the black rook steps from a7, where it guarded the pawn a5, to b7: the
/// exchange on a5 is changed by the move (the pawn-for-pawn capture, which lost before, is
/// now even): the step offers the pawns' exchange, 兑.
#[test]
fn a_step_that_changes_the_exchange_on_the_pair_offers_it() {
    use xiangqi_referee::cycle::{IdleKind, MoveKind};
    let c = common::classes_redrawn(
        "5k3/9/r8/9/p8/P8/9/9/9/4K4 w",
        "e0d0 a7b7 d0e0 b7a7",
        RuleSet::Chinese,
    );
    assert_eq!(c[1].kind, MoveKind::Idle(IdleKind::Trade), "{:?}", c[1]);
}
