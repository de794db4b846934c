//! 杀 whose mating line begins with a capture (2020 art. 24.2: 「下一着将军或连续将军以将死
//! 对方」 — the article asks for checks, and a capture that checks is a check; 26.4: 杀 over
//! 捉), and the exception the book makes: a capture of the partner of a same-kind pair in
//! mutual attack is judged as the exchange offered (24.4), so a mate that begins with it is no
//! 杀 (2020 图17's note 「如黑方吃车则双车尽失，判“捉”」; 图29). Built positions after the
//! pattern of 2020 图17 (a rook beside the black general's piece, the other rook on the back
//! rank), not the figure itself; more in `tests/cycle_offers.rs`.

use xiangqi::{Move, Position};
use xiangqi_referee::{RuleSet, cycle::classify_cycle};

fn first_move(fen: &str, mv: &str) -> (bool, &'static str) {
    let pos = Position::from_fen(fen).expect("built FEN is legal");
    let m: Move = mv.parse().expect("ICCS move");
    let c = &classify_cycle(&pos, &[m], RuleSet::Chinese)[0];
    (c.mate_threat, c.kind.label())
}

/// 车九退一 (b8b7) threatens 车×c7+ 将d8, 车c8+ 将d7, 车b7#: every answer forced, the first
/// check the capture of a cannon. 24.2 makes it 杀, and 26.4 puts 杀 above the 捉 of the
/// cannon: the capture the line begins with is no reason to leave the mate out (a cannon and
/// a rook are not of one kind, 同兵种: no offer of exchange).
#[test]
fn a_forced_mate_that_begins_by_taking_a_piece_is_a_mate_threat() {
    let (mate, label) = first_move("1R3a3/1R2a4/2ck5/9/9/9/9/9/9/4K4 w - - 0 1", "b8b7");
    assert!(mate, "R×c7+ … R b7# is a forced mate by checks");
    assert_eq!(label, "杀");
}

/// The same with a black horse on b5 that retakes on c7: the first check is answered by the
/// recapture and no mate is forced, so the move is no 杀 (24.2).
#[test]
fn the_same_line_with_a_recapture_on_the_first_square_is_no_mate_threat() {
    let (mate, label) = first_move("1R3a3/1R2a4/2ck5/9/1n7/9/9/9/9/4K4 w - - 0 1", "b8b7");
    assert!(!mate, "N×c7 answers the first check");
    assert_ne!(label, "杀");
}

/// With a black rook on c7 the two rooks stand in an offer of exchange (24.4: the black rook
/// may take, the recapture evens it, and taking loses nothing more): the mate would begin by
/// taking the offered rook, which the opponent may simply accept, so the move is 兑, not 杀
/// (2020 图29, 长兑 against 长杀).
#[test]
fn a_mate_that_begins_by_taking_a_piece_offered_in_exchange_is_no_mate_threat() {
    let (mate, label) = first_move("1R3a3/1R2a4/2rk5/9/9/9/9/9/9/4K4 w - - 0 1", "b8b7");
    assert!(!mate, "the rook on c7 stands in an offer of exchange");
    assert_eq!(label, "兑");
}

/// With a second black rook on the general's rank the offer is unfair — taking the rook b7
/// costs both rooks (车×b7 车×b7+, and the rook h7 falls) — and the book's word is 捉 (2020 图17:
/// 「如黑方吃车则双车尽失，判“捉”」): the rook c7 is chased (unprotected, 24.3), and the mate
/// that begins by taking it still does not make the move 杀.
#[test]
fn a_mate_that_begins_by_taking_a_piece_offered_unfairly_is_no_mate_threat() {
    let (mate, label) = first_move("1R3a3/1R2a4/2rk3r1/9/9/9/9/9/9/4K4 w - - 0 1", "b8b7");
    assert!(
        !mate,
        "the capture of the rook c7 is judged as the exchange"
    );
    assert_eq!(label, "捉");
}
