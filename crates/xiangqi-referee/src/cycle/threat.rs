//! Mate threats (杀): a forced mate by a check or a series of checks.
//!
//! 2020 art. 24.2 (and 1999 art. 28.2, 1960 §4 二(二) 要杀): 杀 is a move after which the
//! mover, if it were to move again, would mate by a check or by continuous checks. The AXF
//! terms (杀着, "threatening to checkmate") use the same definition. We search checks only, up
//! to [`MATE_DEPTH`] checking moves, every evasion answered.

use std::cell::RefCell;
use std::collections::HashMap;

use xiangqi::{Color, Move, MoveList, Position};

/// How many checking moves a mate threat may take (3: check, evade, check, evade, mate).
pub const MATE_DEPTH: u8 = 4;

/// The same position with `turn` to move ("a null move"), or `None` if that side could
/// capture the enemy king (the position would not be legal).
pub(crate) fn with_turn(pos: &Position, turn: Color) -> Option<Position> {
    if pos.turn() == turn {
        Some(pos.clone())
    } else {
        pos.passed()
    }
}

/// Whether the side to move can mate at once.
pub(crate) fn has_mate_in_one(pos: &mut Position) -> bool {
    // One checking move that leaves no answer: the memoized search at depth one.
    mates_by_checks_except(pos, 1, &[])
}

/// Whether the side to move forces mate with at most `depth` checking moves, every one of
/// them a check and every evasion answered, never playing a move in `skip`.
pub(crate) fn mates_by_checks_except(pos: &mut Position, depth: u8, skip: &[Move]) -> bool {
    if depth == 0 {
        return false;
    }
    if skip.is_empty() {
        let key = (pos.hash(), depth);
        if let Some(known) = MATE_MEMO.with(|m| m.borrow().get(&key).copied()) {
            return known;
        }
        let found = search_mate(pos, depth, skip);
        MATE_MEMO.with(|m| {
            let mut m = m.borrow_mut();
            if m.len() >= MEMO_LIMIT {
                m.clear();
            }
            m.insert(key, found);
        });
        return found;
    }
    search_mate(pos, depth, skip)
}

thread_local! {
    /// Mate searches already made, by position (hash, side to move included) and depth: the
    /// same positions come up again and again while one cycle is classified.
    static MATE_MEMO: RefCell<HashMap<(u64, u8), bool>> = RefCell::new(HashMap::new());
}

/// Empties the memo: each cycle is classified from a clean slate, so that a ruling never
/// depends on what was ruled before.
pub(crate) fn forget_mates() {
    MATE_MEMO.with(|m| m.borrow_mut().clear());
}

/// How many mate searches the memo keeps before it starts afresh.
const MEMO_LIMIT: usize = 1 << 16;

fn search_mate(pos: &mut Position, depth: u8, skip: &[Move]) -> bool {
    let mut checks = MoveList::new();
    pos.checking_moves_into(&mut checks);
    let mut evasions = MoveList::new();
    for &m in checks.iter() {
        if skip.contains(&m) {
            continue;
        }
        let undo = pos.play_unchecked(m);
        let forced = if depth == 1 {
            // The last check must mate: one answer is enough to refute it.
            !pos.has_legal_moves()
        } else {
            pos.legal_moves_into(&mut evasions);
            evasions.is_empty() || {
                let list = evasions.clone();
                list.iter().all(|&e| {
                    let u = pos.play_unchecked(e);
                    let r = mates_by_checks_except(pos, depth - 1, skip);
                    pos.undo(e, u);
                    r
                })
            }
        };
        pos.undo(m, undo);
        if forced {
            return true;
        }
    }
    false
}

/// Whether `side`, given the move in `pos` (a null move if it is not its turn), would force
/// mate by checks: the test for 杀. A mate that would begin by taking a piece standing in an
/// offer of exchange does not count: the opponent may simply accept the exchange, and the
/// move is 兑 (2020 图29: 长兑 against 长杀; the same offer is 杀 when the enemy piece cannot
/// leave its line to accept it).
pub(crate) fn threatens_mate(pos: &Position, side: Color, depth: u8) -> bool {
    let Some(mut p) = with_turn(pos, side) else {
        return false;
    };
    // Most positions have no mate at all: look for one before weighing the offers.
    if !mates_by_checks_except(&mut p, depth, &[]) {
        return false;
    }
    let mut them = pos.clone();
    let skip: Vec<Move> = crate::cycle::material::all_captures(&p)
        .into_iter()
        .filter(|&m| crate::cycle::chase::is_exchange_offer(&p, Some(&mut them), m))
        .collect();
    skip.is_empty() || mates_by_checks_except(&mut p, depth, &skip)
}
