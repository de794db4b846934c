//! 杀 whose mating line begins with a capture (2020 art. 24.2: 「下一着将军或连续将军以将死
//! 对方」 — the article asks for checks, and a capture that checks is a check; 26.4: 杀 over
//! 捉). Built positions after the pattern of 2020 图17 (a rook beside the black rook, the other
//! rook on the back rank), not the figure itself.

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
/// cannon: the capture the line begins with is no reason to leave the mate out.
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
/// (2020 图29, 长兑 against 长杀). In 2020 图17 the same capture costs Black both rooks (the
/// recapture checks, the rook on h7 falls), so there it is no offer and the mate counts: the
/// book prints 捉 there (`tests/cycle_labels.rs` keeps that disagreement).
#[test]
fn a_mate_that_begins_by_taking_a_piece_offered_in_exchange_is_no_mate_threat() {
    let (mate, label) = first_move("1R3a3/1R2a4/2rk5/9/9/9/9/9/9/4K4 w - - 0 1", "b8b7");
    assert!(!mate, "the rook on c7 stands in an offer of exchange");
    assert_eq!(label, "兑");
}
