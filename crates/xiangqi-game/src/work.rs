//! The work a move costs, counted so that a test can show that each move is read once,
//! checked once and ruled once (decided once, applied once).
//!
//! The counts are kept per thread: a game is decided and applied on one thread at a time, and
//! tests running side by side do not see one another's moves. Counting is one addition to a
//! thread-local cell per step, nothing a caller notices.

use std::cell::Cell;

/// What the games on this thread did to take their moves, since the thread started.
///
/// ```
/// use xiangqi_game::work::Work;
/// let before = Work::on_this_thread();
/// assert_eq!(Work::on_this_thread().since(before), Work::default());
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Work {
    /// Move texts read (a player's text in any notation, or a stored move).
    pub read: u64,
    /// Moves played on a board beside the referee, to check their legality.
    pub checked: u64,
    /// Moves the referee played and ruled on: its own legality check, the repetition window
    /// and, on a repeated position, the cycle search. A probe on a copy counts too.
    pub ruled: u64,
}

thread_local! {
    static WORK: Cell<Work> = const {
        Cell::new(Work {
            read: 0,
            checked: 0,
            ruled: 0,
        })
    };
}

impl Work {
    /// The counts on this thread so far.
    ///
    /// ```
    /// use xiangqi::Position;
    /// use xiangqi_game::{arbiter::Arbiter, work::Work};
    /// let before = Work::on_this_thread();
    /// let mut arbiter = Arbiter::new(&Position::start(), Default::default());
    /// arbiter.advance("h2e2".parse().unwrap()).unwrap();
    /// assert_eq!(Work::on_this_thread().since(before).ruled, 1);
    /// ```
    pub fn on_this_thread() -> Work {
        WORK.with(Cell::get)
    }

    /// The work done between `before` and `self`.
    pub fn since(self, before: Work) -> Work {
        Work {
            read: self.read - before.read,
            checked: self.checked - before.checked,
            ruled: self.ruled - before.ruled,
        }
    }
}

/// Counts one step on this thread.
pub(crate) fn count(step: fn(&mut Work)) {
    WORK.with(|w| {
        let mut work = w.get();
        step(&mut work);
        w.set(work);
    });
}
