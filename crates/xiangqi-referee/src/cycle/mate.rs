//! Mates by checks: whether the side to move forces mate by a check or consecutive checks
//! (the search behind 杀, 2020 art. 24.2), and whether it mates at once (the proviso of 24.3,
//! 24.4 and 24.5: a capture must not let the other side mate 「立即」, on its next move, 「下一着
//! 不予考虑」).

use xiangqi::{Move, Position};

pub(crate) use super::forcing::Reach;
use super::forcing::{Mate, forces, shortest_line};

/// Whether the side to move can mate at once: one checking move that leaves no answer (2020
/// art. 24.3–24.5, 「立即…被将死」).
pub(crate) fn has_mate_in_one(pos: &mut Position) -> bool {
    forces(pos, &Mate(&[]), Reach::AtOnce)
}

/// Whether the side to move forces mate by a check or consecutive checks, every evasion
/// answered, never playing a check in `skip`: as many checks as the position allows (2020
/// art. 24.2 sets no number; see `forcing`).
pub(crate) fn mates_by_checks_except(pos: &mut Position, skip: &[Move]) -> bool {
    forces(pos, &Mate(skip), Reach::Unbounded)
}

/// [`mates_by_checks_except`], or with one check only ([`Reach::AtOnce`]).
pub(crate) fn mates_within(pos: &mut Position, skip: &[Move], reach: Reach) -> bool {
    forces(pos, &Mate(skip), reach)
}

/// Every first check of a shortest mate by checks that [`mates_by_checks_except`] finds (the
/// same search, one check deeper at a time) and its number of checks, the first checks taken
/// from `firsts` unless it is empty.
pub(crate) fn shortest_mate(
    pos: &mut Position,
    skip: &[Move],
    firsts: &[Move],
) -> Option<(Vec<Move>, u8)> {
    shortest_line(pos, &Mate(skip), firsts)
}
