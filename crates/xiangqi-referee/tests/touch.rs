//! Touch-move (摸子动子): the books' order of obligations, 1960 §7.4 and current text 5.1–5.5.

mod common;

use common::{line, pos};
use xiangqi::{Position, Square};
use xiangqi_referee::{Obligation, TouchError, touch_obligation};

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

fn touched(list: &str) -> Vec<Square> {
    list.split(',').map(sq).collect()
}

/// Black king e9, Black rook e5 pinning Red's horse on e1 against Red's king e0, Red's rook
/// a4 attacking Black's unprotected cannon a7.
const PINNED: &str = "4k4/9/c8/9/4r4/R8/9/9/4N4/4K4 w";

#[test]
fn own_piece_must_move_5_1() {
    let r = touch_obligation(&Position::start(), &touched("b0")).unwrap();
    assert_eq!(r.obligation, Obligation::MoveTouched(sq("b0")));
    assert_eq!(r.bound_moves, line("b0a2 b0c2"));
    assert!(r.rule.contains("5.1") && r.rule.contains("1960"));
}

#[test]
fn own_piece_that_cannot_move_frees_the_player_5_1() {
    // The pinned horse has no legal move (按行棋规定根本不能走).
    let r = touch_obligation(&pos(PINNED), &touched("e1")).unwrap();
    assert_eq!(r.obligation, Obligation::Free);
    assert!(r.bound_moves.is_empty());
    assert!(r.rule.contains("5.1"));
}

#[test]
fn opponents_piece_must_be_taken_5_2() {
    // Black's horse on h9 can be taken by Red's cannon over the h7 cannon.
    let r = touch_obligation(&Position::start(), &touched("h9")).unwrap();
    assert_eq!(r.obligation, Obligation::Capture(sq("h9")));
    assert_eq!(r.bound_moves, line("h2h9"));
    assert!(r.rule.contains("5.2"));
    // Black's cannon on b7 cannot be taken: free.
    let r = touch_obligation(&Position::start(), &touched("b7")).unwrap();
    assert_eq!(r.obligation, Obligation::Free);
}

#[test]
fn own_then_opponents_5_3_in_order() {
    let start = Position::start();
    // (1) The touched cannon can take the touched horse: only that capture.
    let r = touch_obligation(&start, &touched("h2,h9")).unwrap();
    assert_eq!(
        r.obligation,
        Obligation::CaptureWithTouched {
            target: sq("h9"),
            with: sq("h2")
        }
    );
    assert_eq!(r.bound_moves, line("h2h9"));
    // (2) The touched rook cannot take the horse, but can move: it must move, although the
    // cannon could take the horse.
    let r = touch_obligation(&start, &touched("a0,h9")).unwrap();
    assert_eq!(r.obligation, Obligation::MoveTouched(sq("a0")));
    assert_eq!(r.bound_moves, line("a0a1 a0a2"));
    assert!(r.rule.contains("5.3"));
    // (3) The touched horse is pinned and cannot move: another piece must take the cannon.
    let r = touch_obligation(&pos(PINNED), &touched("e1,a7")).unwrap();
    assert_eq!(r.obligation, Obligation::Capture(sq("a7")));
    assert_eq!(r.bound_moves, line("a4a7"));
    // (4) Nothing can take Black's rook on e5: free.
    let r = touch_obligation(&pos(PINNED), &touched("e1,e5")).unwrap();
    assert_eq!(r.obligation, Obligation::Free);
    assert!(r.rule.contains("5.3"));
}

#[test]
fn opponents_then_own_5_4_in_order() {
    let start = Position::start();
    // (1) The touched cannon takes the touched horse.
    let r = touch_obligation(&start, &touched("h9,h2")).unwrap();
    assert_eq!(r.bound_moves, line("h2h9"));
    // (2) The touched rook cannot take the horse: another piece must (the cannon), although
    // the rook could move — the difference from 5.3.
    let r = touch_obligation(&start, &touched("h9,a0")).unwrap();
    assert_eq!(r.obligation, Obligation::Capture(sq("h9")));
    assert_eq!(r.bound_moves, line("h2h9"));
    assert!(r.rule.contains("5.4"));
    // (3) Nothing can take Black's cannon on b7: the touched rook must move.
    let r = touch_obligation(&start, &touched("b7,a0")).unwrap();
    assert_eq!(r.obligation, Obligation::MoveTouched(sq("a0")));
    assert_eq!(r.bound_moves, line("a0a1 a0a2"));
    // (4) Nothing can take Black's rook on e5 and the touched horse cannot move: free.
    let r = touch_obligation(&pos(PINNED), &touched("e5,e1")).unwrap();
    assert_eq!(r.obligation, Obligation::Free);
    assert!(r.rule.contains("5.4"));
}

#[test]
fn a_capture_that_would_leave_the_king_in_check_does_not_bind() {
    // The pinned horse could reach d3 by its shape but may not leave the e-file; touching it
    // and a black piece it "attacks" binds nothing on the horse.
    let start = pos("4k4/9/9/9/4r4/9/3p5/9/4N4/4K4 w");
    let r = touch_obligation(&start, &touched("e1,d3")).unwrap();
    assert!(
        r.bound_moves.iter().all(|m| m.from() != sq("e1")),
        "{:?}",
        r.bound_moves
    );
}

#[test]
fn later_touches_still_bind_when_the_first_cannot() {
    // The pinned horse cannot move; the rook touched after it must.
    let r = touch_obligation(&pos(PINNED), &touched("e1,a4")).unwrap();
    assert_eq!(r.obligation, Obligation::MoveTouched(sq("a4")));
}

#[test]
fn bad_touches_are_errors() {
    assert_eq!(
        touch_obligation(&Position::start(), &[]),
        Err(TouchError::NothingTouched)
    );
    assert_eq!(
        touch_obligation(&Position::start(), &touched("e5")),
        Err(TouchError::EmptySquare(sq("e5")))
    );
}
