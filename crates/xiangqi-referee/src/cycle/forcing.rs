//! Lines of checks: whether the side to move, by a check or consecutive checks, every answer
//! met, reaches a goal (mate, or a capture on a square). The books bound none of these lines
//! (2020 art. 24.2 杀: 「下一着将军或连续将军以将死对方」; 24.3 捉: 「运用将军或连续“将军”得子」),
//! so neither does this search: it deepens (the depth doubling) until the answer is found or
//! no line was cut by the depth — every line ended because no check was left, the goal was
//! reached, or the line came back to a position it had passed through (checks going round are
//! a perpetual check, never a forced win). A node budget is the only other stop, a safety net
//! for pathological positions: a search that reaches it counts as finding nothing and is
//! counted ([`take_cuts`]; the budget: `SearchBounds`), so that the ruling can say its search was cut.

use std::cell::{Cell, RefCell};
use std::collections::HashMap;

use xiangqi::{Move, MoveList, Position, Role};

use super::bounds::bounds;

thread_local! {
    /// Results already found, by (position, depth, goal): only those that do not depend on how
    /// the position was reached (no line cut by a repetition of a position above it).
    static MEMO: RefCell<HashMap<(u64, u8, u64), Found>> = RefCell::new(HashMap::new());
    /// Searches stopped by the node budget since the last [`take_cuts`].
    static CUTS: Cell<u32> = const { Cell::new(0) };
}

/// How many memo entries are kept before the memo starts afresh.
const MEMO_LIMIT: usize = 1 << 17;

/// The searches stopped by the node budget since the last call, and resets the count.
pub(crate) fn take_cuts() -> u32 {
    CUTS.with(|c| c.replace(0))
}

/// Counts a search of the caller's own (the line search of `checks`) stopped by the budget.
pub(crate) fn count_cut() {
    CUTS.with(|c| c.set(c.get() + 1));
}

/// Empties the memo: each cycle is classified from a clean slate, so that a ruling never
/// depends on what was ruled before.
pub(crate) fn forget() {
    MEMO.with(|m| m.borrow_mut().clear());
}

/// What a line of checks must reach.
pub(crate) trait Goal {
    /// Whether the goal is reached in `pos` (after an answer to a check: the checking side to
    /// move).
    fn reached(&self, pos: &Position) -> bool;
    /// A key naming the goal in the memo.
    fn key(&self) -> u64;
    /// Checks the line may not play.
    fn skip(&self) -> &[Move] {
        &[]
    }
}

/// The result of a search to one depth.
#[derive(Clone, Copy, Debug, Default)]
struct Found {
    /// The goal is forced.
    yes: bool,
    /// Some line was stopped by the depth: a deeper search may find more.
    cut: bool,
}

struct Search<'a, G: Goal> {
    goal: &'a G,
    nodes: u32,
    budget: u32,
    out_of_budget: bool,
    /// The lowest index in `path` of a position that a line came back to (a repetition),
    /// `usize::MAX` if none: a result resting on a repetition of a position above the one
    /// searched depends on how that position was reached, and is not memoized.
    loop_min: usize,
    path: Vec<u64>,
}

/// How far a line of checks may go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Reach {
    /// One check, whose every answer reaches the goal (24.3–24.5's 「立即」: a mate on the next
    /// move).
    AtOnce,
    /// As many checks as the position allows.
    Unbounded,
}

/// Whether the side to move forces `goal` by checks, every answer met; a checkmate reached on
/// the way counts as the goal. One check if `reach` is [`Reach::AtOnce`] (an article that
/// bounds the line: 24.3's 「立即」, a mate on the next move), else as many as the position
/// allows: the search deepens (doubling the depth) and stops when no line was cut by the
/// depth (every line ended: mate, the goal, no check left, or a position of the line
/// repeated), or at the node budget.
pub(crate) fn forces<G: Goal>(pos: &mut Position, goal: &G, reach: Reach) -> bool {
    let max_checks = match reach {
        Reach::AtOnce => Some(1),
        Reach::Unbounded => None,
    };
    // A search that already ran out of budget from this position would again.
    let stopped = (pos.hash(), u8::MAX, goal.key());
    if max_checks.is_none() && MEMO.with(|m| m.borrow().contains_key(&stopped)) {
        count_cut();
        return false;
    }
    let mut s = Search::new(goal);
    let last = max_checks.unwrap_or(u8::MAX);
    // The depth doubles from one round to the next: a forced goal found at any depth is
    // forced, and a failure with no line cut holds at every depth, so the rounds change no
    // result, and doubling spares re-searching the shallow lines once per added check.
    let mut depth = 1;
    loop {
        let f = s.at(pos, depth);
        if f.yes {
            return true;
        }
        if s.out_of_budget || (f.cut && depth == last && max_checks.is_none()) {
            // The budget, or lines longer than the deepest line the search plays (`u8`
            // checks): the answer is not proven, and the move says so.
            count_cut();
            MEMO.with(|m| m.borrow_mut().insert(stopped, Found::default()));
            return false;
        }
        if !f.cut || depth == last {
            return false;
        }
        depth = depth.saturating_mul(2).min(last);
    }
}

impl<'a, G: Goal> Search<'a, G> {
    fn new(goal: &'a G) -> Self {
        Search {
            goal,
            nodes: 0,
            budget: bounds().node_budget,
            out_of_budget: false,
            loop_min: usize::MAX,
            path: Vec::new(),
        }
    }

    fn at(&mut self, pos: &mut Position, depth: u8) -> Found {
        // A result that no depth can change (depth 0 in the key: the goal forced, or every
        // line ended), then one for this depth.
        let exact = (pos.hash(), 0, self.goal.key());
        let key = (pos.hash(), depth, self.goal.key());
        if let Some(f) = MEMO.with(|m| {
            let m = m.borrow();
            m.get(&exact).or_else(|| m.get(&key)).copied()
        }) {
            return f;
        }
        let me = self.path.len();
        let loop_before = std::mem::replace(&mut self.loop_min, usize::MAX);
        let f = self.search(pos, depth);
        // A forced goal never rests on a line cut by a repetition (such a line fails), so it
        // holds however the position was reached; a failure holds only if every line that
        // came back to a position came back to this one or to one below it: reached another
        // way, more lines may repeat, none fewer.
        let store = if f.yes {
            Some(exact)
        } else if self.loop_min < me || self.out_of_budget {
            None
        } else if f.cut {
            Some(key)
        } else {
            Some(exact)
        };
        if let Some(k) = store {
            MEMO.with(|m| {
                let mut m = m.borrow_mut();
                if m.len() >= MEMO_LIMIT {
                    m.clear();
                }
                m.insert(k, f);
            });
        }
        self.loop_min = self.loop_min.min(loop_before);
        f
    }

    fn search(&mut self, pos: &mut Position, depth: u8) -> Found {
        let here = pos.hash();
        if let Some(i) = self.path.iter().position(|&h| h == here) {
            self.loop_min = self.loop_min.min(i);
            return Found::default();
        }
        let mut list = MoveList::new();
        pos.checking_moves_into(&mut list);
        let checks = captures_first(pos, &list);
        let mut found = Found::default();
        self.path.push(here);
        let mut evasions = MoveList::new();
        for &c in checks.iter() {
            if self.goal.skip().contains(&c) {
                continue;
            }
            self.nodes += 1;
            if self.nodes > self.budget {
                self.out_of_budget = true;
                break;
            }
            let all = self.answers(pos, c, depth, &mut evasions);
            if all.yes {
                self.path.pop();
                return all;
            }
            found.cut |= all.cut;
            if self.out_of_budget {
                break;
            }
        }
        self.path.pop();
        found
    }
}

impl<G: Goal> Search<'_, G> {
    /// Whether every answer to the check `c` lets the line reach the goal within `depth`
    /// checks (this one included).
    fn answers(
        &mut self,
        pos: &mut Position,
        c: Move,
        depth: u8,
        evasions: &mut MoveList,
    ) -> Found {
        let undo = pos.play_unchecked(c);
        pos.legal_moves_into(evasions);
        let list = captures_first(pos, evasions);
        let mut all = Found {
            yes: true,
            cut: false,
        };
        for &e in list.iter() {
            let u = pos.play_unchecked(e);
            let ok = if self.goal.reached(pos) {
                true
            } else if depth > 1 {
                let f = self.at(pos, depth - 1);
                // Only a failed answer's cut matters: a deeper search may turn it.
                all.cut |= !f.yes && f.cut;
                f.yes
            } else {
                // The depth stops this line: a deeper search may go on if a check is left.
                all.cut |= pos.has_checking_move();
                false
            };
            pos.undo(e, u);
            if !ok {
                all.yes = false;
                break;
            }
        }
        pos.undo(c, undo);
        all
    }
}

/// The lines behind a goal [`forces`] found, for the report: every first check of a shortest
/// line (fewest checks) and that number of checks, the first checks taken from `firsts` if
/// that is not empty. The same search as [`forces`], deepened one check at a time so that the
/// first depth that succeeds is the line's length; `None` if no line is found before the
/// node budget or the search's deepest line.
pub(crate) fn shortest_line<G: Goal>(
    pos: &mut Position,
    goal: &G,
    firsts: &[Move],
) -> Option<(Vec<Move>, u8)> {
    let mut s = Search::new(goal);
    let mut list = MoveList::new();
    pos.checking_moves_into(&mut list);
    let checks: Vec<Move> = captures_first(pos, &list)
        .into_iter()
        .filter(|c| !goal.skip().contains(c) && (firsts.is_empty() || firsts.contains(c)))
        .collect();
    let mut evasions = MoveList::new();
    for depth in 1..=u8::MAX {
        let mut cut = false;
        let mut found = Vec::new();
        s.path.push(pos.hash());
        for &c in &checks {
            s.nodes += 1;
            if s.nodes > s.budget {
                return None;
            }
            let all = s.answers(pos, c, depth, &mut evasions);
            if all.yes {
                found.push(c);
            }
            cut |= all.cut;
            if s.out_of_budget {
                return None;
            }
        }
        s.path.pop();
        if !found.is_empty() {
            return Some((found, depth));
        }
        if !cut {
            return None;
        }
    }
    None
}

/// The moves, the captures first, the most valuable victim first: a check that takes is the
/// likeliest to force the goal, and an answer that takes (the checker, most often) the
/// likeliest to refute the line, so the search ends sooner. The order changes no result.
fn captures_first(pos: &Position, list: &MoveList) -> Vec<Move> {
    let rank = |m: &Move| match pos.piece_at(m.to()).map(|p| p.role) {
        Some(Role::Rook) => 0,
        Some(Role::Horse | Role::Cannon) => 1,
        Some(Role::Pawn) => 2,
        Some(_) => 3,
        None => 4,
    };
    let mut v: Vec<Move> = list.iter().copied().collect();
    v.sort_by_key(rank);
    v
}

/// The goal "checkmate" (the search of 杀), checks in `skip` excluded.
pub(crate) struct Mate<'a>(pub &'a [Move]);

impl Goal for Mate<'_> {
    fn reached(&self, _: &Position) -> bool {
        false
    }
    fn key(&self) -> u64 {
        // The skipped checks are part of the question.
        self.0.iter().fold(0x6d61_7465, |h, m| {
            h.rotate_left(13) ^ u64::from(m.from().index()) << 8 ^ u64::from(m.to().index())
        })
    }
    fn skip(&self) -> &[Move] {
        self.0
    }
}
