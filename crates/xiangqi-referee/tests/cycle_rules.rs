//! One test per rule of the cycle rulings, with positions built for the purpose (or, where
//! named, the rule books' own figures), under both rule sets.
//!
//! The 1960 examples (§4 二 and §5) give move lines without diagrams; each test
//! below builds a position in which the printed line is legal and shows the rule, and cites
//! the figure. Red moves first, as in the seed's red-first conversion.

use xiangqi::{Color, Move, Position, Square};
use xiangqi_referee::{
    Reason, RuleSet,
    cycle::{ChaseKind, CycleVerdict, IdleKind, MoveKind, classify_cycle, rule_cycle},
};

fn moves(line: &str) -> Vec<Move> {
    line.split_whitespace()
        .map(|m| m.parse().expect("ICCS move"))
        .collect()
}

fn rule(fen: &str, line: &str, rules: RuleSet) -> CycleVerdict {
    let pos = Position::from_fen(fen).expect("legal test position");
    let cycle = moves(line);
    // The line must really be a cycle.
    let mut end = pos.clone();
    for &m in &cycle {
        end.play(m).expect("legal move");
    }
    assert_eq!(
        end.hash(),
        pos.hash(),
        "{line} does not return to the start"
    );
    rule_cycle(&pos, &cycle, rules)
}

fn sq(name: &str) -> Square {
    name.parse().expect("square")
}

/// 1960 §4 二(一), 图四 (车二进一 将6进1 车二退一 将6退1): perpetual check loses under any
/// circumstance — every book (1960; CXA 2020 25.1; AXF rule 6).
#[test]
fn perpetual_check_loses_in_both_books() {
    let fen = "5k3/7R1/9/9/9/9/9/9/9/4K4 w";
    for rules in RuleSet::ALL {
        let v = rule(fen, "h8h9 f9f8 h9h8 f8f9", rules);
        assert_eq!(v.loser, Some(Color::Red), "{rules}");
        assert_eq!(v.reason, Reason::PerpetualCheck, "{rules}");
        assert!(v.explanation_zh.contains("长将"), "{}", v.explanation_zh);
    }
}

/// 1960 §5 七, 图十一 (车四平五 炮6平5 车五平四 炮5平6; the 1956 图十 position): each move
/// parries a check and checks back — a draw (AXF rule 7 likewise).
#[test]
fn check_answered_by_check_is_a_draw() {
    let fen = "2bnkr3/5c3/5R3/4C4/9/9/9/3A5/9/2BA1K3 w";
    for rules in RuleSet::ALL {
        let v = rule(fen, "f7e7 f8e8 e7f7 e8f8", rules);
        assert_eq!(v.loser, None, "{rules}");
        assert!(
            v.explanation_zh.contains("解将还将"),
            "{}",
            v.explanation_zh
        );
    }
}

/// 1960 §4 二(四), 图七 (车八进一 炮1进1 车八退一 炮1退1): a rook perpetually chasing an
/// unprotected cannon must change, in both books (AXF rule 18).
#[test]
fn rook_chasing_unprotected_cannon_loses() {
    let fen = "3aka3/9/9/c8/1R7/9/9/9/9/3K5 w";
    for rules in RuleSet::ALL {
        let v = rule(fen, "b5b6 a6a5 b6b5 a5a6", rules);
        assert_eq!(v.loser, Some(Color::Red), "{rules}");
        assert_eq!(v.reason, Reason::PerpetualChase, "{rules}");
        assert!(
            v.explanation_zh.contains("红车长捉黑方无根炮"),
            "{}",
            v.explanation_zh
        );
        assert!(
            v.explanation_en
                .contains("Red's rook perpetually chases Black's unprotected cannon"),
            "{}",
            v.explanation_en
        );
    }
    // The same rook chasing a cannon its rook protects: no chase in either book (AXF rule
    // 17; Chinese: rook for cannon loses material).
    let protected = "3aka3/9/9/c8/1R7/9/9/9/r8/3K5 w";
    for rules in RuleSet::ALL {
        assert_eq!(
            rule(protected, "b5b6 a6a5 b6b5 a5a6", rules).loser,
            None,
            "{rules}"
        );
    }
}

/// 1960 §5 九, 图十三 (帅四平五 炮5平6 帅五平四 炮6平5): the king may chase perpetually
/// (CXA 2020 26.1; AXF rule 28).
#[test]
fn king_may_chase() {
    let fen = "3k5/9/9/9/9/9/9/4c4/5K3/9 w";
    for rules in RuleSet::ALL {
        let v = rule(fen, "f1e1 e2f2 e1f1 f2e2", rules);
        assert_eq!(v.loser, None, "{rules}");
    }
}

/// 1960 §5 八, 图十二 (兵二平一 车9平8 兵一平二 车8平9; the 1956 图十一 position): a pawn
/// may chase perpetually (CXA 2020 26.1, 图14; AXF rule 29).
#[test]
fn pawn_may_chase() {
    let fen = "6b1r/1C2k2P1/9/9/9/9/9/9/9/3K5 w";
    for rules in RuleSet::ALL {
        assert_eq!(
            rule(fen, "h8i8 i9h9 i8h8 h9i9", rules).loser,
            None,
            "{rules}"
        );
    }
}

/// 1956 图七 (车二平一 车8平9 …): offering an exchange of rooks again and again is 长兑, a
/// draw (CXA 2020 24.4, 24.12; AXF rule 40).
#[test]
fn perpetual_exchange_offer_is_a_draw() {
    let fen = "2bak4/4a4/r6r1/2PP3R1/9/9/9/9/4A4/4KA3 w";
    for rules in [RuleSet::Chinese, RuleSet::Asian] {
        let v = rule(fen, "h6i6 h7i7 i6g6 i7g7 g6h6 g7h7", rules);
        assert_eq!(v.loser, None, "{rules}");
    }
    let pos = Position::from_fen(fen).expect("legal");
    let classes = classify_cycle(
        &pos,
        &moves("h6i6 h7i7 i6g6 i7g7 g6h6 g7h7"),
        RuleSet::Chinese,
    );
    assert_eq!(classes[1].kind, MoveKind::Idle(IdleKind::Trade));
}

/// 2020 图7: perpetual mate threats (长杀) against perpetual blocking — forbidden under the
/// Chinese rules (24.10, 24.13), allowed under the Asian rules (rule 9).
#[test]
fn perpetual_mate_threat_differs_between_books() {
    let fen = "2bak1c2/4aRN1r/4b4/9/9/9/3pp4/2n1B4/9/2B1K3C w";
    let line = "i0h0 i8h8 h0i0 h8i8";
    let cn = rule(fen, line, RuleSet::Chinese);
    assert_eq!(cn.loser, Some(Color::Red));
    assert_eq!(cn.reason, Reason::PerpetualMateThreat);
    // Asian rules: Red's mate threats are never a violation (rule 9).
    assert_ne!(rule(fen, line, RuleSet::Asian).loser, Some(Color::Red));
    let pos = Position::from_fen(fen).expect("legal");
    let classes = classify_cycle(&pos, &moves(line), RuleSet::Chinese);
    assert!(classes[0].mate_threat);
    assert_eq!(classes[0].kind, MoveKind::MateThreat);
    assert!(
        !classes[1].kind.is_attack(),
        "the tied rook only blocks: {:?}",
        classes[1].kind
    );
}

/// 2020 图8 (1960 §4 二(五) 一将一捉): one check, one chase is forbidden under the Chinese
/// rules; the Asian rules allow it (rule 12), so Red does not lose there.
#[test]
fn one_check_one_chase_differs_between_books() {
    let fen = "3a3R1/3Nck3/3ab4/P4r3/9/8p/2p5n/C3BA2B/4A4/4K4 w";
    let line = "h9h3 f8f9 h3h9 f9f8";
    let cn = rule(fen, line, RuleSet::Chinese);
    assert_eq!(cn.loser, Some(Color::Red));
    assert_eq!(cn.reason, Reason::CheckAndChase);
    assert_ne!(rule(fen, line, RuleSet::Asian).loser, Some(Color::Red));
}

/// 1956 图九 (一将一闲): a check followed by an idle move is allowed in both books (CXA 2020
/// 图5; AXF rule 13).
#[test]
fn one_check_one_idle_is_a_draw() {
    let fen = "4k4/9/9/9/pr2p4/2R6/9/9/4A4/3AK4 w";
    for rules in [RuleSet::Chinese, RuleSet::Asian] {
        let v = rule(fen, "c4c9 e9e8 c9c4 b5d5 c4c8 e8e9 c8c4 d5b5", rules);
        assert_eq!(v.loser, None, "{rules}");
    }
}

/// A protector pinned against its own king is a fake root (假根; 1999 28.16; AXF rule 34):
/// the rook's move onto the file chases the cannon. Unpinned, the same rook protects it.
#[test]
fn pinned_protector_is_no_root() {
    // Black's rook e7 stands between its king e9 and Red's rook e1: it may not leave the file
    // to retake on d7. The advisor d0 guards the rook e1, which the king may not retake
    // (the generals would face each other): without it, the rook d1 would be the rook e1's
    // only root, and 车×炮 车×车 would lose more than it wins (做根子捉子, 26.5).
    let pinned = "4k4/9/3cr4/9/9/9/9/9/1R2R4/3A1K3 w";
    let free = "4k4/9/3cr4/9/9/9/9/9/1R7/3A1K3 w";
    for rules in [RuleSet::Chinese, RuleSet::Asian] {
        let pos = Position::from_fen(pinned).expect("legal");
        let c = &classify_cycle(&pos, &moves("b1d1"), rules)[0];
        assert!(
            c.chases
                .iter()
                .any(|h| h.target == sq("d7") && h.kind == ChaseKind::Unprotected),
            "{rules}: {c:?}"
        );
        let pos = Position::from_fen(free).expect("legal");
        let c = &classify_cycle(&pos, &moves("b1d1"), rules)[0];
        assert!(
            c.chases.iter().all(|h| h.target != sq("d7")),
            "{rules}: {c:?}"
        );
    }
}

/// A king cannot retake on a square another enemy piece covers (FSF #938 case 1): with Red's
/// horse covering d8, Black's king may not take back there, so the rook chases the horse —
/// under the AXF rules an unprotected piece; under the 2020 rules two attackers against its
/// one root, the general (少根, 24.15; `cycle_spoiled_root.rs`).
/// (Red's king stands on f0: on e0 it would hold e8 and e9 through the file, and the king's
/// recapture on d8 would walk into 车九平六 mate, a false root before the rook's move.)
#[test]
fn king_cannot_retake_into_attack() {
    let covered = "3k5/3n5/1N7/9/9/9/9/9/R8/5K3 w";
    let open = "3k5/3n5/9/9/9/9/9/9/R8/5K3 w";
    for (rules, kind) in [
        (RuleSet::Chinese, ChaseKind::Outnumbered),
        (RuleSet::Asian, ChaseKind::Unprotected),
    ] {
        let pos = Position::from_fen(covered).expect("legal");
        let c = &classify_cycle(&pos, &moves("a1a8"), rules)[0];
        assert!(
            c.chases
                .iter()
                .any(|h| h.target == sq("d8") && h.kind == kind),
            "{rules}: {c:?}"
        );
        let pos = Position::from_fen(open).expect("legal");
        let c = &classify_cycle(&pos, &moves("a1a8"), rules)[0];
        assert!(
            c.chases.iter().all(|h| h.target != sq("d8")),
            "{rules}: {c:?}"
        );
    }
}

/// A horse attacking a protected rook: Chinese 捉 (the exchange wins material, 24.3), Asian
/// chase regardless of protection (rule 21).
#[test]
fn horse_chases_protected_rook() {
    let fen = "3k5/9/9/2r6/9/9/1N7/9/2r6/4K4 w";
    for rules in [RuleSet::Chinese, RuleSet::Asian] {
        let pos = Position::from_fen(fen).expect("legal");
        let c = &classify_cycle(&pos, &moves("b3d4"), rules)[0];
        assert!(
            c.chases
                .iter()
                .any(|h| h.target == sq("c6") && h.kind == ChaseKind::Outranked),
            "{rules}: {c:?}"
        );
        assert_eq!(c.kind, MoveKind::Chase);
    }
}

/// An uncrossed pawn is not 子力 and cannot be chased (1999 25.3; AXF rule 25); a crossed
/// one can (2020 图22).
#[test]
fn only_crossed_pawns_can_be_chased() {
    let uncrossed = "3k5/9/9/4p4/9/9/9/9/9/R3K4 w";
    let crossed = "3k5/9/9/9/9/4p4/9/9/9/R3K4 w";
    for rules in [RuleSet::Chinese, RuleSet::Asian] {
        let pos = Position::from_fen(uncrossed).expect("legal");
        assert!(
            classify_cycle(&pos, &moves("a0a6"), rules)[0]
                .chases
                .is_empty(),
            "{rules}"
        );
        let pos = Position::from_fen(crossed).expect("legal");
        let c = &classify_cycle(&pos, &moves("a0a4"), rules)[0];
        assert!(
            c.chases.iter().any(|h| h.target == sq("e4")),
            "{rules}: {c:?}"
        );
    }
}

/// One rook chasing two pawns in turn (AXF D77): Chinese 长捉 (24.11 "一子或数子"), Asian
/// draw (rule 32). Pieces are followed by identity: no single pawn is chased throughout.
#[test]
fn one_piece_chasing_two_differs_between_books() {
    let mut pos = Position::from_fen("4kab2/4a4/3rb4/9/9/9/8R/1p5p1/4A4/3AK1B2 w").expect("legal");
    pos.play("i3h3".parse().expect("move")).expect("legal");
    let line = "h2g2 h3g3 g2h2 g3b3 b2c2 b3c3 c2b2 c3h3";
    let cn = rule_cycle(&pos, &moves(line), RuleSet::Chinese);
    assert_eq!(cn.loser, Some(Color::Red), "{}", cn.explanation_zh);
    let ax = rule_cycle(&pos, &moves(line), RuleSet::Asian);
    assert_eq!(ax.loser, None, "{}", ax.explanation_en);
}

/// Several turns of the same cycle are ruled as one.
#[test]
fn repeated_cycle_is_ruled_once() {
    let fen = "3aka3/9/9/c8/1R7/9/9/9/9/3K5 w";
    let once = rule(fen, "b5b6 a6a5 b6b5 a5a6", RuleSet::Chinese);
    let twice = rule(
        fen,
        "b5b6 a6a5 b6b5 a5a6 b5b6 a6a5 b6b5 a5a6",
        RuleSet::Chinese,
    );
    assert_eq!(once, twice);
}

/// 2020 图4 (退马捉象，进马则伏以炮换马多得一卒): a threat may run across squares. Here the red
/// cannon, lifted behind a screen, attacks a horse the black rook protects; the exchange on
/// that square is even, but the horse was the only root of a crossed pawn the red horse
/// attacks, so cannon for horse nets the pawn (the screen is protected, so the rook cannot take
/// it instead): a (light) chase under the Chinese rules; the
/// Asian rules see a protected horse and no chase. The elephant c0 keeps the black rook from
/// mating on the back rank once the red horse has left e2 (车b3-b0, the advisor pinned by the
/// facing generals): without it the line walks into mate and wins nothing (24.3).
#[test]
fn chase_by_exchange_across_squares() {
    let fen = "3aka3/1r7/9/9/9/3p5/1n4P2/4N3C/4A4/2B1K1R2 w";
    let line = "i2i3 e9e8 i3i2 e8e9";
    let pos = Position::from_fen(fen).expect("legal");
    let chinese = classify_cycle(&pos, &moves(line), RuleSet::Chinese);
    assert_eq!(chinese[0].kind, MoveKind::Chase, "{:?}", chinese[0]);
    assert_eq!(chinese[0].chases.len(), 1, "{:?}", chinese[0]);
    let chase = chinese[0].chases[0];
    assert_eq!(chase.target, sq("b3"));
    assert_eq!(chase.kind, ChaseKind::Outnumbered);
    let asian = classify_cycle(&pos, &moves(line), RuleSet::Asian);
    assert!(asian[0].chases.is_empty(), "{:?}", asian[0]);
    // With the pawn protected once more (by its neighbour), cannon for horse wins nothing.
    let guarded = "3aka3/1r7/9/9/9/2pp5/1n4P2/4N3C/4A4/2B1K1R2 w";
    let pos = Position::from_fen(guarded).expect("legal");
    let plain = classify_cycle(&pos, &moves(line), RuleSet::Chinese);
    assert!(plain[0].chases.is_empty(), "{:?}", plain[0]);
    // Without the elephant the line ends in 车b3-b0 mate: no chase.
    let mated = "3aka3/1r7/9/9/9/3p5/1n4P2/4N3C/4A4/4K1R2 w";
    let pos = Position::from_fen(mated).expect("legal");
    let walked = classify_cycle(&pos, &moves(line), RuleSet::Chinese);
    assert!(walked[0].chases.is_empty(), "{:?}", walked[0]);
}

/// 2020 art. 24.4 and 图17 (后车退一，如黑方吃车则双车尽失，判“捉”): an "offer" of rooks that
/// the opponent cannot accept — taking costs both rooks, the recapture checking along the
/// general's rank and the second rook falling — is no 兑 but a chase of the unprotected
/// rook (24.3). The mate by checks that begins by taking that rook (车×c7+ …) does not make the
/// move 杀: the capture of the partner of a same-kind pair in mutual attack is judged as the
/// exchange (图17's note; `src/cycle/offer.rs`). The Asian rules keep it an offer (AXF rule
/// 24): no chase.
#[test]
fn offer_that_cannot_be_accepted_is_a_chase() {
    let fen = "6b2/9/2r1k2r1/1R7/9/9/9/9/9/1R1K5 w";
    let line = "b6b7 g9i7 b7b6 i7g9";
    let pos = Position::from_fen(fen).expect("legal");
    let chinese = classify_cycle(&pos, &moves(line), RuleSet::Chinese);
    assert!(!chinese[0].mate_threat, "{:?}", chinese[0]);
    assert_eq!(chinese[0].kind, MoveKind::Chase, "{:?}", chinese[0]);
    assert_eq!(chinese[0].chases[0].target, sq("c7"));
    assert_eq!(chinese[0].chases[0].kind, ChaseKind::Unprotected);
    // The Asian rules keep the rooks' offer an offer, no chase; the move's label is 杀 (AXF
    // terms 杀着: a mate by checks, which begins here with the capture of a rook the AXF does
    // not count as offered: taking it loses), which the Asian rules never rule on (rules 9–11).
    let asian = classify_cycle(&pos, &moves(line), RuleSet::Asian);
    assert!(asian[0].chases.is_empty(), "{:?}", asian[0]);
    assert_eq!(asian[0].kind, MoveKind::MateThreat, "{:?}", asian[0]);
    // With the second black rook off the general's rank the offer is a real one (兑).
    let real = "6b2/9/2r1k4/1R7/9/9/9/9/7r1/1R1K5 w";
    let pos = Position::from_fen(real).expect("legal");
    let offer = classify_cycle(&pos, &moves(line), RuleSet::Chinese);
    assert_eq!(
        offer[0].kind,
        MoveKind::Idle(IdleKind::Trade),
        "{:?}",
        offer[0]
    );
}

/// 2020 图21 (车四退二 is 兑, and the cannon's 长捉车 must change): a piece the chaser can win
/// directly is chased as that capture says. Here the rook and horse attack a cannon its rook
/// protects once — a light chase (少根子, art. 26.9.2) — and a harmless cannon check before
/// the capture wins nothing more, so the chase does not become a heavy one "by checks". (With
/// a black horse on h6, the figure's own piece, the red horse and it attack each other and the
/// move is 兑: `tests/cycle_offers.rs`.)
#[test]
fn check_on_the_way_does_not_make_a_light_chase_heavy() {
    let fen = "2b1k4/4a4/5R3/7c1/5N3/3C5/7r1/9/9/4K4 w";
    let line = "f7f6 c9a7 f6f7 a7c9";
    let pos = Position::from_fen(fen).expect("legal");
    let chinese = classify_cycle(&pos, &moves(line), RuleSet::Chinese);
    assert_eq!(chinese[0].kind, MoveKind::Chase, "{:?}", chinese[0]);
    let on_cannon: Vec<_> = chinese[0]
        .chases
        .iter()
        .filter(|c| c.target == sq("h6"))
        .collect();
    assert_eq!(on_cannon.len(), 1, "{:?}", chinese[0]);
    assert_eq!(on_cannon[0].kind, ChaseKind::Outnumbered);
}

/// A conflict between books, each rule set following its own. 1956 图六 (车七平九 炮3平1 车九平八
/// 炮1平2: Red keeps threatening mate, Black keeps blocking with a cannon) calls the cycle 长拦,
/// a draw, and so does the 1960 book (第五节 三: 「老是拦阻对方某一个子，但并不长捉，双方不变作
/// 和棋」, which we read as drawing against 长要杀 too: the 1956 figure of the rule is such a
/// block). The current rules give the same picture the opposite verdict (2020 图7: 长杀 against
/// 长拦, the mating side changes). `chinese` follows 2020 in both positions, `chinese1960` the
/// 1960 book in both.
#[test]
fn book_conflict_perpetual_mate_threat_against_blocking() {
    let fig6_1956 = "4kab2/4a4/2c1b1c2/2R1C4/9/9/9/9/9/4K4 w";
    let fig6_line = "c6a6 c7a7 a6b6 a7b7 b6c6 b7c7";
    let fig7_2020 = "2bak1c2/4aRN1r/4b4/9/9/9/3pp4/2n1B4/9/2B1K3C w";
    let fig7_line = "i0h0 i8h8 h0i0 h8i8";
    for (fen, line) in [(fig6_1956, fig6_line), (fig7_2020, fig7_line)] {
        let v = rule(fen, line, RuleSet::Chinese);
        assert_eq!(v.loser, Some(Color::Red), "{}", v.explanation_zh);
        assert!(v.explanation_zh.contains("长杀"), "{}", v.explanation_zh);
        let v = rule(fen, line, RuleSet::Chinese1960);
        assert_eq!(v.loser, None, "{}", v.explanation_zh);
        assert!(v.explanation_zh.contains("长拦"), "{}", v.explanation_zh);
    }
}

/// 2020 图3 (红方进相、退相为断根捉马): a root may be made of checks. Here the black horse on c3
/// has no protector, but after R×c3 the other horse forks the general and the rook (N e4+),
/// so it is not hanging; the red pawn stepping onto the fork's leg cuts that root (断根) and so
/// chases the horse, and stepping back does not.
#[test]
fn cutting_a_root_made_of_checks_is_a_chase() {
    let fen = "3ak1b2/9/9/2R6/4P1n2/9/2nN5/5K3/9/9 w";
    let line = "e5f5 g9i7 f5e5 i7g9";
    let pos = Position::from_fen(fen).expect("legal");
    let classes = classify_cycle(&pos, &moves(line), RuleSet::Chinese);
    assert_eq!(classes[0].kind, MoveKind::Chase, "{:?}", classes[0]);
    assert_eq!(classes[0].chases[0].target, sq("c3"));
    assert_eq!(classes[0].chases[0].kind, ChaseKind::Unprotected);
    assert_ne!(classes[2].kind, MoveKind::Chase, "{:?}", classes[2]);
    // Without the forking horse the horse on c3 hangs all along: the pawn's move creates
    // nothing.
    let hanging = "3ak1b2/9/9/2R6/4P4/9/2nN5/5K3/9/9 w";
    let pos = Position::from_fen(hanging).expect("legal");
    let classes = classify_cycle(&pos, &moves(line), RuleSet::Chinese);
    assert!(classes[0].chases.is_empty(), "{:?}", classes[0]);
}
