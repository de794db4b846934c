//! A piece its own side's check left capturable (「自己造成的被捉状态」, 2020 art. 24.3, 26.1.4;
//! 参考图19): a check that carries away a piece's root, that leaves a root false by leaving the
//! square that shielded it from a pin (假根: the root may not leave its line, 24.15), or that
//! uncovers an enemy attack on a piece by leaving the square that blocked it (a rook's or
//! cannon's line, a horse's leg, an elephant's eye). The other side's answer — a block, a screen taken away — makes the capture
//! legal again, but the capture is there because of the check, not because of the answer: the
//! answer does not chase it (闲).
//!
//! ```text
//! before the check      the check              the answer
//! 炮e4 blocks 马e5's leg 炮e4-d4+ (over 士d7)    士d7-e8: 马×d3 is legal, and is the check's doing
//! ```

use xiangqi::{Move, Position, Square};

use super::board::{Threat, legal_captures_on, old_captures, with_turn};
use super::material::capture_gain;

/// Whether the capture `t`, new after an answer to a check (the mover of `after` was in check
/// in `prior`; `theirs` is the position before the check), is there because of the check: the
/// checking piece, back on the square it came from, would take back on the target after the
/// same capture (参考图19), or would keep the capture from winning (it shielded the target's
/// root from a pin: with the check, the root may not leave its line), or would stand in the
/// capture's way while the answer (`answer`) did not stand in it — and the capture did not
/// win before the check. An answer that leaves the line too uncovers the capture itself, and
/// that is its chase (26.1.4; 参考图47: 炮三平五 answers the check from g2, off the rook's file
/// that the checking cannon g5 had also left: 捉). The answering piece's part in the capture
/// where it now stands is the caller's to rule out.
pub(crate) fn left_by_its_check(
    theirs: &Position,
    prior: &Position,
    after: &Position,
    t: &Threat,
    answer: Move,
) -> bool {
    let chaser = after.turn();
    if !prior.is_check() {
        return false;
    }
    // The square the checking move came from.
    let Some(origin) = theirs
        .pieces()
        .find(|&(sq, p)| p.color != chaser && prior.piece_at(sq) != Some(p))
        .map(|(sq, _)| sq)
    else {
        return false;
    };
    let Some(mut before) = with_turn(theirs, chaser) else {
        return false;
    };
    let cap = Move::new(t.attacker, t.target);
    if before.piece_at(t.attacker) != Some(t.attacker_piece)
        || before.piece_at(t.target) != Some(t.target_piece)
    {
        return false;
    }
    // The position with the checking piece back where it stood (`None`: the answer took it,
    // or stands there).
    let back = checker_back(theirs, prior, after, origin);
    if !before.is_legal(cap) {
        // The checking piece stood in the capture's way (the check uncovered it).
        return back.is_some_and(|b| !b.is_legal(cap)) && !blocked_by_answer(after, answer, t);
    }
    let undo = before.play_unchecked(cap);
    let rooted = legal_captures_on(&before, t.target).any(|r| r.from() == origin);
    before.undo(cap, undo);
    let old = old_captures(with_turn(theirs, !chaser).as_ref());
    (rooted || back.is_some_and(|b| wins_nothing(b, cap)))
        && capture_gain(&mut before, cap, chaser, &old) <= 0
}

/// Whether the capture `cap`, winning after the answer, would win nothing in `back` (the
/// checking piece back where it stood, everything else as it is): there it kept a root of
/// the target free to retake (a rook's check from e6 to d6 leaves the e-file, and the enemy
/// cannon e7 pins the elephant e2 through the advisor e1 to its general: the elephant's root
/// of c0 is false, 24.15).
fn wins_nothing(mut back: Position, cap: Move) -> bool {
    let chaser = back.turn();
    let old = old_captures(with_turn(&back, !chaser).as_ref());
    back.is_legal(cap) && capture_gain(&mut back, cap, chaser, &old) <= 0
}

/// `after` with the checking piece back on `origin`, its square before the check (in
/// `theirs`), and what stood where it landed put back; `None` if the answer took it or now
/// stands on `origin`, or if that position is not one the rules allow.
fn checker_back(
    theirs: &Position,
    prior: &Position,
    after: &Position,
    origin: Square,
) -> Option<Position> {
    let chaser = after.turn();
    let (landing, checker) = prior
        .pieces()
        .find(|&(sq, p)| p.color != chaser && theirs.piece_at(sq) != Some(p))?;
    if after.piece_at(landing) != Some(checker) || after.piece_at(origin).is_some() {
        return None;
    }
    let mut setup = after.to_setup();
    setup.board[landing.index() as usize] = theirs.piece_at(landing);
    setup.board[origin.index() as usize] = Some(checker);
    Position::from_setup(setup).ok()
}

/// Whether the answering piece, back on the square it left (and the checking piece where it
/// is), would stand in the way of the capture `t`: the answer uncovered it too.
fn blocked_by_answer(after: &Position, answer: Move, t: &Threat) -> bool {
    let mut setup = after.to_setup();
    let piece = setup.board[answer.to().index() as usize].take();
    setup.board[answer.from().index() as usize] = piece;
    // With the answer undone the mover stands in check, as it did: its attacks are what counts.
    Position::from_setup(setup).is_ok_and(|back| {
        !back
            .attackers(t.target, after.turn())
            .any(|sq| sq == t.attacker)
    })
}
