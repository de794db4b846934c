//! How a game is refereed: the rule set, the repetition count and the natural move limit.

use crate::{NaturalLimit, Procedure, RuleSet};

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
