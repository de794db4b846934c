//! Who moves first: colour histories, preferences and the hard colour rules of Chinese
//! Swiss practice.

use crate::Mover;

/// A player's side history, as far as the pairing needs it.
///
/// `diff` counts first-mover games minus second-mover games; `last` and `before_last` are the
/// sides of the two most recent games actually played (byes and absences skipped).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ColourState {
    /// First-mover games minus second-mover games.
    pub diff: i32,
    /// Mover in the last game played.
    pub last: Option<Mover>,
    /// Mover in the game before that.
    pub before_last: Option<Mover>,
}

impl ColourState {
    /// The state after a list of sides, oldest first.
    ///
    /// ```
    /// use xiangqi_tournament::{Mover, swiss::ColourState};
    /// let s = ColourState::from_sides(&[Mover::First, Mover::Second, Mover::Second]);
    /// assert_eq!(s.diff, -1);
    /// assert_eq!(s.forbidden(), Some(Mover::Second));
    /// ```
    pub fn from_sides(sides: &[Mover]) -> ColourState {
        let mut s = ColourState::default();
        for &side in sides {
            s.push(side);
        }
        s
    }

    /// Records one more game on `side`.
    pub fn push(&mut self, side: Mover) {
        self.diff += if side == Mover::First { 1 } else { -1 };
        self.before_last = self.last;
        self.last = Some(side);
    }

    /// The side this player may not get under the modern Chinese rules: never three games
    /// running on the same side (禁连三) and never a surplus of three (禁多三), as Chinese
    /// pairing software enforces them (Match BP Online's 禁3先/后, on by default in
    /// `bp/user/xinjian.php` and checked in `bp/class/public.php`).
    pub fn forbidden(&self) -> Option<Mover> {
        if self.diff >= 2 {
            return Some(Mover::First);
        }
        if self.diff <= -2 {
            return Some(Mover::Second);
        }
        match (self.last, self.before_last) {
            (Some(a), Some(b)) if a == b => Some(a),
            _ => None,
        }
    }

    /// Whether `side` is allowed under the hard rules.
    pub fn allows(&self, side: Mover) -> bool {
        self.forbidden() != Some(side)
    }

    /// The side this player would like next: the one that restores balance, or, when
    /// balanced, the opposite of the last game. `None` before the first game.
    pub fn preference(&self) -> Option<Mover> {
        match self.diff {
            d if d > 0 => Some(Mover::Second),
            d if d < 0 => Some(Mover::First),
            _ => self.last.map(Mover::other),
        }
    }

    /// How strongly this player wants to move first (larger = stronger): balance first, then
    /// alternation.
    pub fn first_claim(&self) -> (i32, i32) {
        let alternation = match self.last {
            Some(Mover::Second) => 1,
            Some(Mover::First) => -1,
            None => 0,
        };
        (-self.diff, alternation)
    }
}

/// The rules used to decide the sides of a pair.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SideRule {
    /// 1960 §10: reverse the previous side as far as possible.
    Alternate,
    /// Modern Chinese practice: balance first, then alternation, hard rules enforced.
    Balance,
}

/// Decides who moves first in a pair. `a` is the higher-placed player (higher score, then
/// smaller number); `a_number < b_number` need not hold. Returns `true` when `a` moves first.
pub(crate) fn a_moves_first(
    rule: SideRule,
    a: (&ColourState, u32),
    b: (&ColourState, u32),
    round: u32,
) -> bool {
    let (ca, na) = a;
    let (cb, nb) = b;
    if rule == SideRule::Balance {
        let a_first_ok = ca.allows(Mover::First) && cb.allows(Mover::Second);
        let b_first_ok = cb.allows(Mover::First) && ca.allows(Mover::Second);
        if a_first_ok != b_first_ok {
            return a_first_ok;
        }
        let (ka, kb) = (ca.first_claim(), cb.first_claim());
        if ka != kb {
            return ka > kb;
        }
        if let Some(p) = ca.preference() {
            // Equal claims on the same side: the higher-placed player gets it.
            return p == Mover::First;
        }
    } else {
        match (ca.last, cb.last) {
            (Some(x), Some(y)) if x != y => return x == Mover::Second,
            (Some(x), None) => return x == Mover::Second,
            (None, Some(y)) => return y == Mover::First,
            (Some(x), Some(_)) => {
                // Both played the same side last: the one further off balance alternates,
                // otherwise the higher-placed one does.
                let (da, db) = (ca.diff.abs(), cb.diff.abs());
                let a_alternates = da >= db;
                return a_alternates == (x == Mover::Second);
            }
            (None, None) => {}
        }
    }
    // No history to go by: odd rounds the smaller number moves first, even rounds the larger
    // (Match BP Online's default for two players with the same colour history).
    (na < nb) == (round % 2 == 1)
}
