//! Mates by checks: whether the side to move forces mate by a check or consecutive checks
//! within a number of checking moves (the search behind 杀, 2020 art. 24.2, and behind the
//! proviso of 24.3 and 24.4 that a capture must not let the other side mate at once).

use std::cell::RefCell;
use std::collections::HashMap;

use xiangqi::{Move, MoveList, Position};

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
