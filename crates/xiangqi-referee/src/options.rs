//! How a game is refereed: the rule set, the repetition count and the natural move limit.

use crate::{Procedure, RuleSet};

/// The referee's settings for one game.
///
/// ```
/// use xiangqi_referee::{NaturalLimit, Options, RuleSet};
/// let o = Options::default();
/// assert_eq!((o.rules, o.repetitions, o.natural_limit), (RuleSet::Chinese, 3, None));
/// assert_eq!(o.limit(), Some(NaturalLimit { moves: 60, counted_checks: None }));
/// let asian = Options::new(RuleSet::Asian);
/// assert_eq!(asian.limit(), Some(NaturalLimit { moves: 60, counted_checks: Some(10) }));
/// let off = Options { natural_limit: Some(0), ..Options::default() };
/// assert_eq!(off.limit(), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Options {
    /// Whose rulings apply.
    pub rules: RuleSet,
    /// The occurrence of a position (same pieces, same side to move) that makes the referee
    /// rule on the repetition: 3 by default (current text 2.5(3) and 4.2.3, "循环反复三次").
    /// `0` turns repetition rulings off; `1` is read as `2`, the least that makes a cycle.
    pub repetitions: u32,
    /// The natural move limit in moves (回合, one move by each side): `None` means the rule
    /// set's own ([`RuleSet::natural_limit`]), `Some(0)` turns the limit off. Events may lower
    /// it (current text 4.2.4, "也可根据比赛等级酌减").
    pub natural_limit: Option<u32>,
    /// What a cycle at the ruling occurrence does: [`Procedure::Book`] (the default: an order
    /// to vary, or a claimable draw) or [`Procedure::Immediate`] (the game ends there).
    pub procedure: Procedure,
}

impl Options {
    /// The defaults of a rule set.
    pub const fn new(rules: RuleSet) -> Options {
        Options {
            rules,
            repetitions: 3,
            natural_limit: None,
            procedure: Procedure::Book,
        }
    }

    /// These options with `procedure`.
    ///
    /// ```
    /// use xiangqi_referee::{Options, Procedure};
    /// assert_eq!(Options::default().with_procedure(Procedure::Immediate).procedure, Procedure::Immediate);
    /// ```
    pub const fn with_procedure(self, procedure: Procedure) -> Options {
        Options { procedure, ..self }
    }

    /// The occurrence that triggers a repetition ruling, if repetition rulings are on.
    pub const fn repetition_trigger(&self) -> Option<u32> {
        match self.repetitions {
            0 => None,
            1 => Some(2),
            n => Some(n),
        }
    }

    /// The natural move limit in force, if any.
    pub fn limit(&self) -> Option<NaturalLimit> {
        let base = self.rules.natural_limit();
        match self.natural_limit {
            None => base,
            Some(0) => None,
            Some(moves) => Some(NaturalLimit {
                moves,
                counted_checks: base.and_then(|b| b.counted_checks),
            }),
        }
    }
}

impl Default for Options {
    fn default() -> Options {
        Options::new(RuleSet::Chinese)
    }
}

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
