//! Which method pairs a bracket, for tests that compare them: the search of candidates in
//! generation order (the `bracket` module) or the maximum-weight matching (the `exact` module).
//! Both are exact; by default the search runs first and the matching takes over a bracket
//! whose search reaches its work budget. The choice is per thread.

use std::cell::Cell;

/// How a bracket whose residents share one score is paired.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Method {
    /// The search; the matching where the search reaches its budget (the default).
    #[default]
    Search,
    /// The matching wherever it applies, the search elsewhere.
    Matching,
    /// As `Search`, and where the search finished within its budget the matching pairs the
    /// bracket too and the two results are counted as agreeing or not ([`counts`]).
    CrossCheck,
}

/// What this thread's brackets did, counted from the thread's start ([`counts`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Brackets paired by the matching.
    pub matched: u64,
    /// Brackets the search paired within its budget and the matching paired alike
    /// ([`Method::CrossCheck`]).
    pub agreed: u64,
    /// … and differently.
    pub differed: u64,
    /// Looks at the following bracket (C8) the search made within its budget whose value the
    /// matching of the rest of the round (`whole`) found alike ([`Method::CrossCheck`]).
    pub probes_agreed: u64,
    /// … and differently.
    pub probes_differed: u64,
}

thread_local! {
    static METHOD: Cell<Method> = const { Cell::new(Method::Search) };
    static COUNTS: Cell<Counts> = const {
        Cell::new(Counts { matched: 0, agreed: 0, differed: 0, probes_agreed: 0, probes_differed: 0 })
    };
}

/// Sets this thread's method.
///
/// ```
/// use xiangqi_tournament::swiss::dutch::method::{Method, current, set};
/// set(Method::Matching);
/// assert_eq!(current(), Method::Matching);
/// set(Method::Search);
/// ```
pub fn set(method: Method) {
    METHOD.with(|m| m.set(method));
}

/// This thread's method.
///
/// ```
/// use xiangqi_tournament::swiss::dutch::method::{Method, current};
/// assert_eq!(current(), Method::Search);
/// ```
pub fn current() -> Method {
    METHOD.with(Cell::get)
}

/// This thread's counts so far.
///
/// ```
/// use xiangqi_tournament::swiss::dutch::method::{Counts, counts};
/// assert_eq!(counts(), Counts::default());
/// ```
pub fn counts() -> Counts {
    COUNTS.with(Cell::get)
}

/// Applies `f` to this thread's counts.
fn bump(f: impl FnOnce(&mut Counts)) {
    COUNTS.with(|c| {
        let mut n = c.get();
        f(&mut n);
        c.set(n);
    });
}

/// Counts a bracket paired by the matching.
pub(crate) fn record_matched() {
    bump(|n| n.matched += 1);
}

/// Counts a comparison of the search with the matching.
pub(crate) fn record(agreed: bool) {
    bump(|n| {
        if agreed {
            n.agreed += 1;
        } else {
            n.differed += 1;
        }
    });
}

/// Counts a comparison of a look at the following bracket with the matching's value.
pub(crate) fn record_probe(agreed: bool) {
    bump(|n| {
        if agreed {
            n.probes_agreed += 1;
        } else {
            n.probes_differed += 1;
        }
    });
}
