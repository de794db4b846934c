//! The one bound the searches keep, in one place.
//!
//! The books bound none of the searches the definitions need: 杀 is a mate "by a check or
//! consecutive checks" (2020 art. 24.2), 捉 wins material "by a check or consecutive checks"
//! or "after the complete exchange" (24.3). So the lines of checks (`forcing`, `checks`) and
//! the complete exchange (`material`) are played out as far as the position allows: captures
//! end by themselves, checks end when none is left or when the line comes back to a position
//! it has passed through. What is left is a safety net for pathological positions, a node
//! budget per search: a search that reaches it finds nothing, and the move's classification
//! says so (`MoveClass::search_cut`, the report's `search_cut`). `tests/search_bounds.rs`
//! shows that no corpus case reaches it and that raising it changes no label and no verdict.

use std::cell::Cell;

/// How many checking moves one search of checks may play before it gives up, by default.
pub const NODE_BUDGET: u32 = 20_000;

/// The bounds of the searches. The default is the referee's; see the module doc.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchBounds {
    /// Checking moves one search of checks (杀, 抽, a root made of checks) may play.
    pub node_budget: u32,
}

impl Default for SearchBounds {
    fn default() -> SearchBounds {
        SearchBounds {
            node_budget: NODE_BUDGET,
        }
    }
}

thread_local! {
    static BOUNDS: Cell<SearchBounds> = Cell::new(SearchBounds::default());
}

/// The bounds in force on this thread.
pub(crate) fn bounds() -> SearchBounds {
    BOUNDS.with(Cell::get)
}

/// Runs `f` with other bounds on this thread (for the test that shows the default cuts
/// nothing the corpus needs), then restores the previous ones.
///
/// ```
/// use xiangqi_referee::cycle::{SearchBounds, with_bounds};
/// let more = SearchBounds { node_budget: 1_000_000 };
/// assert_eq!(with_bounds(more, || 1 + 1), 2);
/// ```
pub fn with_bounds<T>(b: SearchBounds, f: impl FnOnce() -> T) -> T {
    let previous = BOUNDS.with(|c| c.replace(b));
    struct Restore(SearchBounds);
    impl Drop for Restore {
        fn drop(&mut self) {
            BOUNDS.with(|c| c.set(self.0));
        }
    }
    let _restore = Restore(previous);
    f()
}
