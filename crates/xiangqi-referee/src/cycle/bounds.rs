//! The bounds of the searches the definitions need, in one place.
//!
//! The books bound none of these searches: 杀 is a mate "by a check or consecutive checks"
//! (2020 art. 24.2), 捉 wins material "by a check or consecutive checks" or "after the
//! complete exchange" (24.3). The complete exchange, across squares (图4), is played out
//! with no bound but the position's own (`material::forcing_gain`: captures end by
//! themselves, answers to checks end where the line repeats a position). For the searches
//! made of checks a referee must stop somewhere; these bounds are kept for speed,
//! and `tests/search_bounds.rs` shows that raising each of them changes no label and no
//! verdict of the rulebook corpus. What each one cuts is in the referee's README.

use std::cell::Cell;

/// How many checking moves a mate threat may take by default (check, evade, …, mate with the
/// fourth check): [`SearchBounds::mate_checks`].
pub const MATE_DEPTH: u8 = 4;

/// How deep each search may go. The defaults are the referee's; see the module doc.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchBounds {
    /// Checking moves in a mate threat (杀, 2020 art. 24.2; AXF terms 杀着, the same
    /// definition): 4 = check, evade, …, mate on the fourth check.
    pub mate_checks: u8,
    /// Checks in a root made of checks (2020 图3 needs four).
    pub root_checks: u8,
    /// Checks in a line that wins material (抽; 2020 图2, 图16 need two).
    pub line_checks: u8,
    /// Checking moves in the mate that makes accepting an offered exchange impossible (2020
    /// 图29 variant, 不能离线).
    pub offer_mate_checks: u8,
}

impl Default for SearchBounds {
    fn default() -> SearchBounds {
        SearchBounds {
            mate_checks: MATE_DEPTH,
            root_checks: 4,
            line_checks: 2,
            offer_mate_checks: 3,
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

/// Runs `f` with other bounds on this thread (for the test that shows the defaults cut
/// nothing the corpus needs), then restores the previous ones.
///
/// ```
/// use xiangqi_referee::cycle::{SearchBounds, with_bounds};
/// let deeper = SearchBounds { mate_checks: 5, ..SearchBounds::default() };
/// assert_eq!(with_bounds(deeper, || 1 + 1), 2);
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
