//! The definitions of the 2020 book's 棋例 terms, each on positions built for it: one where
//! the concept applies and one where it just fails to. Each test cites its article.

use xiangqi::{Move, Position};
use xiangqi_referee::{
    RuleSet,
    cycle::{IdleKind, MoveKind, classify_cycle},
};

mod common;
use common::kinds;

/// 2020 art. 24.4 (兑, 图9): a horse stepping off the a-file opens it between the two rooks;
/// Black may take Red's rook, and the horse on c1 retakes: an even exchange offered by a move of
/// another piece. Without that horse Black would take the rook for nothing — and still lose
/// nothing by accepting, 24.4's only provisos (「对方一旦吃掉此子后，不致立即被将死或立即在子力
/// 价值上遭受损失」, the decision in `src/cycle/offer.rs`): the same-kind rook is offered all the
/// same, 兑 (a piece of another kind so given would be 献, 24.5).
#[test]
fn an_exchange_offered_by_opening_a_line() {
    let line = "a3b5 e9f9 b5a3 f9e9";
    let offered = kinds("r3k4/2n6/9/9/9/9/N8/9/2N6/R2K5 w", line);
    assert_eq!(offered[0], MoveKind::Idle(IdleKind::Trade));
    // The horse's return closes the line again: nothing is offered.
    assert_ne!(offered[2], MoveKind::Idle(IdleKind::Trade));
    let free = kinds("r3k4/2n6/9/9/9/9/N8/9/9/R2K5 w", line);
    assert_eq!(free[0], MoveKind::Idle(IdleKind::Trade));
    assert_ne!(free[2], MoveKind::Idle(IdleKind::Trade));
}

/// 2020 art. 24.3 and 图11 (车炮联合捉子): Red's rook already attacks the unprotected horse
/// on a7, but taking it would cost the cannon on g3, which Black's horse attacks; the cannon
/// steps out of the attack, and now taking wins. The result of the capture changed, so the
/// cannon's move chases — jointly, the light level (26.9.3). If the cannon was protected
/// anyway (the horse on e2), taking won before as well: the cannon's move is 闲 (2020 图5).
#[test]
fn a_capture_that_wins_only_after_the_move_is_a_joint_chase() {
    let line = "g3g2 e9f9 g2g3 f9e9";
    let fen = "4k4/9/n8/9/7n1/R8/6C2/9/9/3K5 w";
    let pos = Position::from_fen(fen).expect("legal");
    let moves: Vec<Move> = line
        .split_whitespace()
        .map(|m| m.parse().unwrap())
        .collect();
    let classes = classify_cycle(&pos, &moves, RuleSet::Chinese);
    assert_eq!(classes[0].kind, MoveKind::Chase);
    assert_eq!(classes[0].chases.len(), 1);
    assert_eq!(classes[0].chases[0].target.to_string(), "a7");
    assert!(!classes[0].chases[0].kind.is_heavy());
    // Back on g3 the cannon hangs again: nothing is won.
    assert_ne!(classes[2].kind, MoveKind::Chase);
    let protected = kinds("4k4/9/n8/9/7n1/R8/6C2/4N4/9/3K5 w", line);
    assert_ne!(protected[0], MoveKind::Chase);
}

/// 2020 art. 26.1 (图14): a pawn's own capture is no chase, also when a check comes first.
/// Here the plain form: a pawn stepping under an unprotected rook is 闲, a horse attacking the
/// same rook is 捉.
#[test]
fn a_pawns_own_attack_is_idle() {
    let pawn = kinds("4k4/2r6/3P5/9/9/9/9/9/9/3K5 w", "d7c7 e9f9 c7d7 f9e9");
    assert!(!pawn[0].is_attack(), "{pawn:?}");
    let horse = kinds("4k4/2r6/9/9/1N7/9/9/9/9/3K5 w", "b5a7 e9f9 a7b5 f9e9");
    assert_eq!(horse[0], MoveKind::Chase, "{horse:?}");
}

/// 2020 art. 24.4 (图30 炮八进四): a move that protects a piece a same-type piece attacks turns
/// the opponent's winning capture into an even one: an offer of exchange. A rook move that
/// leaves the horse unprotected offers nothing.
#[test]
fn protecting_an_attacked_piece_offers_its_exchange() {
    let fen = "4k4/9/9/9/2n6/4N4/R8/9/9/3K5 w";
    let guarded = kinds(fen, "a3a4 e9f9 a4a3 f9e9");
    assert_eq!(guarded[0], MoveKind::Idle(IdleKind::Trade), "{guarded:?}");
    let away = kinds(fen, "a3a2 e9f9 a2a3 f9e9");
    assert_ne!(away[0], MoveKind::Idle(IdleKind::Trade), "{away:?}");
}

/// 2020 art. 26.2 (图18): the defending side's one attacking piece that attacks an advisor or
/// elephant plays 闲 — here Red's lone rook against Black's rook and horse. Against a lone
/// horse the rook is not the defending side's, and its attack on the elephant is 捉.
#[test]
fn only_the_defending_sides_lone_piece_may_attack_advisors_and_elephants() {
    let line = "b3a3 e9f9 a3b3 f9e9";
    let defending = kinds("4k4/9/b6n1/9/8r/9/1R7/9/9/3K5 w", line);
    assert!(!defending[0].is_attack(), "{defending:?}");
    let stronger = kinds("4k4/9/b6n1/9/9/9/1R7/9/9/3K5 w", line);
    assert_eq!(stronger[0], MoveKind::Chase, "{stronger:?}");
}

/// 2020 art. 24.3 (「造成其他子能吃子」, 图2): a horse that steps onto the a-file becomes the
/// screen of the cannon on a0, which now attacks the horse on a9: a chase by the cannon. With
/// the rook on b9 protecting the horse, cannon for horse wins nothing: no chase.
#[test]
fn a_new_screen_makes_the_cannons_chase() {
    let line = "b3a5 e9f9 a5b3 f9e9";
    let screen = kinds("n3k4/9/9/9/9/9/1N7/9/9/C2K5 w", line);
    assert_eq!(screen[0], MoveKind::Chase, "{screen:?}");
    let rooted = kinds("nr2k4/9/9/9/9/9/1N7/9/9/C2K5 w", line);
    assert_ne!(rooted[0], MoveKind::Chase, "{rooted:?}");
}

/// 2020 art. 24.3 (「造成其他子能吃子」): an elephant stepping off the a-file unmasks the rook
/// on a0, which now attacks the unprotected horse on a9. Protected by the rook on b9, rook for
/// horse loses: no chase.
#[test]
fn an_unmasked_line_makes_the_rooks_chase() {
    let line = "a2c4 e9f9 c4a2 f9e9";
    let unmasked = kinds("n3k4/9/9/9/9/9/9/B8/9/R2K5 w", line);
    assert_eq!(unmasked[0], MoveKind::Chase, "{unmasked:?}");
    let rooted = kinds("nr2k4/9/9/9/9/9/9/B8/9/R2K5 w", line);
    assert_ne!(rooted[0], MoveKind::Chase, "{rooted:?}");
}

/// 2020 art. 24.3 and 图5 (a chase is what the move itself creates): Black's rook steps off the
/// a-file and leaves its horse on a7 unprotected against Red's rook, which was already there;
/// Red's next move, an advisor's step, does not chase it. Had Red's rook come to the file with
/// that move, it would.
#[test]
fn a_piece_its_own_side_left_unprotected_is_not_chased_by_the_attacker_already_there() {
    let fen = "r2aka3/9/n8/9/9/R8/9/9/9/3K1A3 w";
    let line: Vec<Move> = ["f0e1", "a9b9", "e1f0", "b9a9"]
        .iter()
        .map(|m| m.parse().expect("ICCS"))
        .collect();
    let pos = Position::from_fen(fen).expect("legal");
    let standing = classify_cycle(&pos, &line, RuleSet::Chinese);
    // (The advisor's step back also threatens mate with the rook: no chase all the same.)
    assert!(standing[2].chases.is_empty(), "{:?}", standing[2]);
    let arriving = kinds("r2aka3/9/n8/9/9/1R7/9/9/9/3K1A3 w", "b4a4 a9b9 a4b4 b9a9");
    assert!(
        !arriving[0].is_attack(),
        "protected by the rook on a9: {arriving:?}"
    );
    let late = kinds("1r1aka3/9/n8/9/9/1R7/9/9/9/3K1A3 w", "b4a4 b9c9 a4b4 c9b9");
    assert_eq!(late[0], MoveKind::Chase, "{late:?}");
}

/// 2020 art. 24.15 (「凡有己方其他棋子（包括暗根）充分保护的棋子，称为“有根子”」): a hidden root
/// (暗根) appears only once the capture is made. Red's rook steps onto the g-file between
/// Black's horse on g7 and Black's rook on g1; taking the horse vacates g4 and opens the file
/// to the rook, which retakes: rook for horse, no chase. Without the black rook the horse is
/// unprotected, and with the file closed by a pawn on g3 as well (the capture opens nothing):
/// both are 捉.
#[test]
fn a_hidden_root_appears_once_the_capture_is_made() {
    let line = "h4g4 f9e8 g4h4 e8f9";
    for rules in [RuleSet::Chinese, RuleSet::Asian] {
        let cls = |fen: &str| {
            let pos = Position::from_fen(fen).expect("legal");
            let moves: Vec<Move> = line
                .split_whitespace()
                .map(|m| m.parse().unwrap())
                .collect();
            classify_cycle(&pos, &moves, rules)[0].kind
        };
        let hidden = cls("3aka3/9/6n2/9/9/7R1/4P4/5N3/6r2/3AKA3 w");
        assert!(!hidden.is_attack(), "{rules}: {hidden:?}");
        let none = cls("3aka3/9/6n2/9/9/7R1/4P4/5N3/9/3AKA3 w");
        assert_eq!(none, MoveKind::Chase, "{rules}");
        let closed = cls("3aka3/9/6n2/9/9/7R1/4P1P2/5N3/6r2/3AKA3 w");
        assert_eq!(closed, MoveKind::Chase, "{rules}");
    }
}

/// 2020 art. 24.5 (献: the opponent, once it takes, 「不致立即被将死或立即在子力价值上遭受损
/// 失」): a horse stepping under the rook's file is offered only if the rook may take it
/// without losing material. Protected by the horse on a5 it is not offered: the move only
/// stands in the rook's path (拦, 24.6).
#[test]
fn a_piece_whose_capture_costs_the_taker_is_not_offered() {
    let line = "c5b7 f9e8 b7c5 e8f9";
    let free = kinds("1r1aka3/9/9/9/2N6/9/4P4/9/9/3AKA3 w", line);
    assert_eq!(free[0], MoveKind::Idle(IdleKind::Sacrifice));
    let guarded = kinds("1r1aka3/9/9/9/N1N6/9/4P4/9/9/3AKA3 w", line);
    assert_eq!(guarded[0], MoveKind::Idle(IdleKind::Block));
}

/// 2020 art. 26.1.1 (「走动…兵(卒)后…其他子产生新的“捉”，按“捉”处理」): a crossed pawn steps
/// off the b-file and unmasks the rook on b2, which now attacks the unprotected horse on b8:
/// the rook's chase, so the pawn's move is 捉 (its own attacks would be 闲, 26.1). With a
/// black rook on b9 protecting the horse, rook for horse loses: no chase.
#[test]
fn a_pawns_move_that_unmasks_a_rook_is_the_rooks_chase() {
    let line = "b6a6 f9e8 a6b6 e8f9";
    let unmasked = kinds("3aka3/1n7/9/1P7/9/9/4P4/1R7/9/3AKA3 w", line);
    assert_eq!(unmasked[0], MoveKind::Chase);
    let rooted = kinds("1r1aka3/1n7/9/1P7/9/9/4P4/1R7/9/3AKA3 w", line);
    assert!(!rooted[0].is_attack(), "{rooted:?}");
}

/// 2020 art. 26.1.2–26.1.3 (「上一着将军，走动帅(将)应将直接判“闲”」): the black general steps
/// out of the horse's check and unmasks its rook on d9 against Red's unprotected cannon on d3:
/// 闲 under the Chinese rules. The same step with no check to answer is 捉 (26.1.1: the
/// general's move gives another piece a new chase); the Asian rules have no such exemption.
#[test]
fn the_generals_answer_to_a_check_is_idle_whatever_it_unmasks() {
    let answer = kinds("3r5/3k5/9/9/N8/9/3CP4/9/9/4K4 w", "a5c6 d8e8");
    assert_eq!(answer[0], MoveKind::Check);
    assert_eq!(answer[1], MoveKind::Idle(IdleKind::AnswerCheck));
    let free = kinds("3r5/3k5/9/9/9/9/3CP4/9/9/4K4 b", "d8e8");
    assert_eq!(free[0], MoveKind::Chase);
    let pos = Position::from_fen("3r5/3k5/9/9/N8/9/3CP4/9/9/4K4 w").expect("legal");
    let moves: Vec<Move> = ["a5c6", "d8e8"]
        .iter()
        .map(|m| m.parse().unwrap())
        .collect();
    assert_eq!(
        classify_cycle(&pos, &moves, RuleSet::Asian)[1].kind,
        MoveKind::Chase
    );
}
