//! The natural move limit (自然限着) as a number of moves and the checks it counts; which
//! limit a rule set has is [`crate::RuleSet::natural_limit`].

/// The natural move limit (自然限着): after `moves` moves by each side without a capture the
/// game is drawn.
///
/// The limit is a claim in the books (a player asks the arbiter); the referee rules the draw at
/// the first ply where either side could claim it. With `counted_checks: Some(k)`, a side's
/// checks beyond its first `k` since the last capture do not count towards *its* claim: the
/// side may claim once the capture-free plies, less its checks beyond the first `k`, reach
/// `2 × moves`. So a side cannot run out the limit by checking, while the other side can still
/// claim on its own count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NaturalLimit {
    /// Moves by each side (回合); the limit in plies is twice this.
    pub moves: u32,
    /// How many of the claimant's checks count as moves; `None`: all of them.
    pub counted_checks: Option<u32>,
}

impl NaturalLimit {
    /// The limit in plies.
    pub const fn plies(self) -> u32 {
        self.moves.saturating_mul(2)
    }

    /// Whether a side that gave `checks` checks could claim after `plies` capture-free plies.
    ///
    /// ```
    /// use xiangqi_referee::NaturalLimit;
    /// let asian = NaturalLimit { moves: 60, counted_checks: Some(10) };
    /// assert!(asian.reached(120, 10));
    /// assert!(!asian.reached(120, 11));
    /// assert!(asian.reached(121, 11));
    /// ```
    pub const fn reached(self, plies: u32, checks: u32) -> bool {
        let uncounted = match self.counted_checks {
            Some(k) => checks.saturating_sub(k),
            None => 0,
        };
        plies.saturating_sub(uncounted) >= self.plies()
    }
}
