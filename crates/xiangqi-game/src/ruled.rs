//! Decide once, apply once: a move is read, checked and ruled by the referee once.
//!
//! [`Game::decide`](crate::Game::decide) plays the move on a copy of the referee, which checks
//! its legality and rules on the position it leads to (the repetition window and, on a
//! repeated position, the cycle search). The copy is the game's referee after the move, so the
//! decision keeps it, with the move's notations, in the game's [`Memo`].
//! [`Game::apply`](crate::Game::apply) of that same move as the next event takes the kept copy
//! instead of ruling again. A move applied without a decision (a stored game replayed after a
//! restart, a takeback's replay) is ruled in place, once too.
//!
//! The memo is no part of the game's state: it is keyed by the event's `seq` and the move, so
//! only the very event the decision produced can use it, and a copy of the game starts without
//! one. A decision still changes nothing a caller can see.

use std::sync::{Mutex, PoisonError};

use xiangqi::{Move, Position};

use super::arbiter::{Arbiter, Ruling};

/// A move the referee has ruled on, ready to enter the game.
#[derive(Debug, Clone)]
pub(crate) struct Ruled {
    pub(crate) mv: Move,
    pub(crate) iccs: String,
    pub(crate) chinese: String,
    pub(crate) wxf: String,
    pub(crate) capture: bool,
    /// The referee after the move; `None` when the game's own referee already played it (a
    /// replay) or had refused it as played after the end (the board then goes on alone).
    pub(crate) arbiter: Option<Arbiter>,
    /// The position after the move, as the referee has it (in a move-odds opening the giver
    /// stays on move).
    pub(crate) after: Position,
}

impl Ruled {
    /// The move.
    pub(crate) fn mv(&self) -> Move {
        self.mv
    }

    /// The move in ICCS, as its event stores it.
    pub(crate) fn iccs(&self) -> &str {
        &self.iccs
    }

    /// The referee's ruling if the move ends the game.
    pub(crate) fn ending(&self) -> Option<Ruling> {
        self.arbiter.as_ref().and_then(Arbiter::ending)
    }
}

/// The move last ruled by a decision, and the `seq` its event will have once applied.
#[derive(Default)]
pub(crate) struct Memo(Mutex<Option<(u64, Ruled)>>);

impl Clone for Memo {
    /// A copy of the game rules its own moves.
    fn clone(&self) -> Memo {
        Memo::default()
    }
}

impl std::fmt::Debug for Memo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Memo")
    }
}

impl Memo {
    /// Keeps `ruled` for the event that will be applied as `seq`.
    pub(crate) fn keep(&self, seq: u64, ruled: Ruled) {
        *self.0.lock().unwrap_or_else(PoisonError::into_inner) = Some((seq, ruled));
    }

    /// The kept move if it is `iccs` applied as `seq`; the memo is emptied either way.
    pub(crate) fn take(&mut self, seq: u64, iccs: &str) -> Option<Ruled> {
        let slot = self.0.get_mut().unwrap_or_else(PoisonError::into_inner);
        match slot.take() {
            Some((at, ruled)) if at == seq && ruled.iccs == iccs => Some(ruled),
            _ => None,
        }
    }
}
