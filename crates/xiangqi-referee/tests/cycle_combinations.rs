//! The combinations of both sides' patterns that 2020 §24.9–24.14 and §25–26 rule on, each on
//! a position built for it, with the per-move labels it rests on. Every position gives both
//! kings their advisors, so that no move of the cycle is a mate threat by accident.

mod common;

use xiangqi::Color;
use xiangqi_referee::{
    Reason, RuleSet,
    cycle::{CycleVerdict, IdleKind, MoveKind, classify_cycle, rule_cycle},
};

/// The labels of the cycle's moves and the verdict under `rules`; the line must return to the
/// start.
fn ruled(fen: &str, line: &str, rules: RuleSet) -> (Vec<MoveKind>, CycleVerdict) {
    let (pos, moves) = common::cycle(fen, line);
    let kinds: Vec<MoveKind> = classify_cycle(&pos, &moves, rules)
        .iter()
        .map(|c| c.kind)
        .collect();
    assert_eq!(kinds.len(), moves.len());
    (kinds, rule_cycle(&pos, &moves, rules))
}

const BOTH: [RuleSet; 2] = [RuleSet::Chinese, RuleSet::Asian];

/// 2020 art. 24.5 (献) and 24.12 (长献 is allowed): the horse steps under the unprotected
/// rook's file where the rook may take it for nothing — 献, and offering it again and again is
/// no violation. With the horse on a5 retaking, the rook would lose itself for the horse
/// (「一旦吃掉此子后…立即在子力价值上遭受损失」): nothing is offered, the horse only stands in
/// the rook's path (拦, 24.6), also allowed.
#[test]
fn perpetual_sacrifice_and_perpetual_block_are_allowed() {
    let line = "c5b7 f9e8 b7c5 e8f9";
    for rules in BOTH {
        let (offered, v) = ruled("1r1aka3/9/9/9/2N6/9/4P4/9/9/3AKA3 w", line, rules);
        assert_eq!(offered[0], MoveKind::Idle(IdleKind::Sacrifice), "{rules}");
        assert_eq!(v.loser, None, "{rules}");
        let (blocking, v) = ruled("1r1aka3/9/9/9/N1N6/9/4P4/9/9/3AKA3 w", line, rules);
        assert_eq!(blocking[0], MoveKind::Idle(IdleKind::Block), "{rules}");
        assert_eq!(v.loser, None, "{rules}");
    }
}

/// Red's first move is `first`, its second no attack, Black only idles: allowed and drawn in
/// both books.
fn allowed(fen: &str, line: &str, first: MoveKind) {
    for rules in BOTH {
        let (kinds, v) = ruled(fen, line, rules);
        assert_eq!(kinds[0], first, "{rules}");
        assert!(!kinds[2].is_attack(), "{rules}: {kinds:?}");
        assert_eq!(v.loser, None, "{rules}");
    }
}

/// 2020 art. 24.7 (跟) and 24.12 (长跟 is allowed): the rook steps onto the c-file and back,
/// each time standing over the horse its rook protects; taking would cost the rook for a
/// horse, so neither move attacks: 跟, and repeating it is allowed.
#[test]
fn perpetual_follow_is_allowed() {
    let fen = "2raka3/9/2n6/9/9/3R5/4P4/9/9/3AKA3 w";
    allowed(fen, "d4c4 f9e8 c4d4 e8f9", MoveKind::Idle(IdleKind::Follow));
}

/// 2020 art. 24.13–24.14 (一捉一闲 is not among the forbidden patterns): the rook chases the
/// unprotected horse, then steps back off the file; the cycle is allowed and drawn. (The same
/// position is the 暗根 test's, with the line to the horse's rook blocked.)
#[test]
fn one_chase_one_idle_is_allowed() {
    let fen = "3aka3/9/6n2/9/9/7R1/4P1P2/5N3/6r2/3AKA3 w";
    allowed(fen, "h4g4 f9e8 g4h4 e8f9", MoveKind::Chase);
}

/// Both sides chase (两捉): Red's rook chases the unprotected cannon, and every escape of the
/// cannon chases an unprotected horse through the screen on its new rank. Chinese rules: 长捉
/// is chasing "one piece or several" (24.11), both sides play forbidden patterns of the same
/// weight (unprotected pieces both), and the cycle is drawn (1999 art. 26 (3), kept by the
/// 2020 figures: 「双方不变作和」). Asian rules: the cannon chases a different horse each move,
/// one piece chasing two in turn is no perpetual chase (AXF rule 32), and Red alone, chasing
/// the same cannon throughout, must change.
#[test]
fn both_sides_chasing_is_drawn_under_the_chinese_rules() {
    let fen = "3aka3/9/9/c1P1N4/1Rb1N4/9/4P4/9/9/3AKA3 w";
    let line = "b5b6 a6a5 b6b5 a5a6";
    let (kinds, cn) = ruled(fen, line, RuleSet::Chinese);
    assert!(kinds.iter().all(|k| *k == MoveKind::Chase), "{kinds:?}");
    assert_eq!(cn.loser, None);
    let (_, axf) = ruled(fen, line, RuleSet::Asian);
    assert_eq!(axf.loser, Some(Color::Red));
    assert_eq!(axf.reason, Reason::PerpetualChase);
}

/// Heavy against light (2020 art. 26.9.2–26.9.3 as the referee reads them with 图26: a chase
/// of a protected piece that only the complete exchange wins — 少根, two attackers against one
/// protector — is light): Red's rook chases the unprotected cannon on every move (heavy); each
/// escape of the cannon brings it onto a rank where, with a black horse, it outnumbers the one
/// protector of a red horse (light; the red pawn e7 stands on the leg of the horse e6, which
/// cannot take the black horse d8 back: no pair offered in exchange, 24.4 and 图30's note).
/// Both forbidden, Red's heavier: Red must change. The
/// Asian rules know no 少根: the cannon's moves only follow protected horses, and Red alone
/// chases.
#[test]
fn a_heavy_chase_changes_against_a_light_one() {
    let fen = "3aka3/3n5/4Pn3/c1P1N4/1Rb1NP3/9/4C4/9/9/3AKA3 w";
    let line = "b5b6 a6a5 b6b5 a5a6";
    let pos = xiangqi::Position::from_fen(fen).expect("legal");
    let (kinds, cn) = ruled(fen, line, RuleSet::Chinese);
    assert!(kinds.iter().all(|k| *k == MoveKind::Chase), "{kinds:?}");
    let classes = classify_cycle(&pos, &common::line(line), RuleSet::Chinese);
    assert!(classes[3].chases.iter().all(|c| !c.kind.is_heavy()));
    assert!(classes[2].chases.iter().all(|c| c.kind.is_heavy()));
    assert_eq!(cn.loser, Some(Color::Red));
    assert_eq!(cn.reason, Reason::PerpetualChase);
    let (kinds, axf) = ruled(fen, line, RuleSet::Asian);
    assert_eq!(kinds[1], MoveKind::Idle(IdleKind::Follow));
    assert_eq!(axf.loser, Some(Color::Red));
}

/// One side checks on every move while every answer of the other uncovers a chase (2020 art.
/// 25.1, 「任何情况下均不允许单方面长将」; 26.1.3): the horse checks from b7 and d6 in turn, and
/// each step of the black general out of check opens a rook's file onto an unprotected red
/// piece. Chinese rules: the general's answers are 闲 whatever they uncover, and Red, checking
/// perpetually, loses. Asian rules: the answers are chases (no such exemption), on two pieces
/// in turn; perpetual check loses all the same (AXF rule 6).
#[test]
fn perpetual_check_loses_against_answers_that_chase() {
    let fen = "3rr4/3k5/9/3N5/9/9/9/3AB4/9/5K3 w";
    let line = "d6b7 d8e8 b7d6 e8d8";
    let (kinds, cn) = ruled(fen, line, RuleSet::Chinese);
    assert_eq!(kinds[0], MoveKind::Check);
    assert_eq!(kinds[1], MoveKind::Idle(IdleKind::AnswerCheck));
    assert_eq!(kinds[3], MoveKind::Idle(IdleKind::AnswerCheck));
    assert_eq!(
        (cn.loser, cn.reason),
        (Some(Color::Red), Reason::PerpetualCheck)
    );
    let (kinds, axf) = ruled(fen, line, RuleSet::Asian);
    assert_eq!(kinds[1], MoveKind::Chase);
    assert_eq!(kinds[3], MoveKind::Chase);
    assert_eq!(
        (axf.loser, axf.reason),
        (Some(Color::Red), Reason::PerpetualCheck)
    );
}
