//! The board's judge: the referee, which rules on mate, stalemate, the natural limit and the
//! repetitions. Its ruling is the one [`Ruling`] of the referee crate, carried over as is; the
//! endings off the board (flag, resignation, agreed draw, the desk's) are in
//! [`endings`](crate::endings).

use xiangqi::{Color, Move, Position};
use xiangqi_referee::{
    ClaimError, Claimable, Claimant, Handicap, HandicapError, Options, Order, PlayError, Procedure,
    Referee, RuleSet,
};

/// A game's result: the rules core's one result type, which has `BothLose` for the arbiter's
/// double loss.
///
/// ```
/// use xiangqi_game::GameResult;
/// assert_eq!(serde_json::to_value(GameResult::BothLose).unwrap(), "both_lose");
/// assert_eq!(GameResult::Draw.score(), "1/2-1/2");
/// ```
pub use xiangqi_referee::GameResult;

/// Why a game ended: the referee crate's one ruling, on the board or off it.
///
/// ```
/// use xiangqi::Color;
/// use xiangqi_game::{endings, Ruling};
/// let r: Ruling = endings::resignation(Color::Black, 12);
/// assert_eq!(serde_json::to_value(&r).unwrap()["reason"], "resignation");
/// ```
pub use xiangqi_referee::Ruling;

/// "Red" or "Black".
pub(super) fn title(side: Color) -> &'static str {
    match side {
        Color::Red => "Red",
        Color::Black => "Black",
    }
}

/// 红 or 黑.
pub(super) fn zh(side: Color) -> &'static str {
    match side {
        Color::Red => "红",
        Color::Black => "黑",
    }
}

/// The board's judge for one game: the referee crate's [`Referee`], which rules on mate,
/// stalemate, the natural limit, material and the repetition rulings (棋例) of the chosen
/// rule set. Its ruling is carried over as is (same JSON shape).
///
/// ```
/// use xiangqi::Position;
/// use xiangqi_game::arbiter::Arbiter;
/// use xiangqi_referee::RuleSet;
/// let mut arbiter = Arbiter::new(&Position::start(), RuleSet::Chinese);
/// let h2e2 = "h2e2".parse().unwrap();
/// let after = arbiter.probe(h2e2).unwrap();
/// assert_eq!(after.ending(), None);
/// assert_eq!(arbiter.position(), &Position::start()); // a probe records nothing
/// arbiter.advance(h2e2).unwrap();
/// assert_eq!(arbiter.position(), after.position());
/// assert!(arbiter.advance(h2e2).is_err()); // Black to move, and h2 is empty
/// ```
#[derive(Clone)]
pub struct Arbiter {
    referee: Referee,
}

impl std::fmt::Debug for Arbiter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Arbiter")
            .field("rules", &self.rules())
            .field("plies", &self.referee.moves().len())
            .finish()
    }
}

impl Arbiter {
    /// A judge for a game from `start` under `rules` (three-fold repetition, the rule set's
    /// natural limit).
    pub fn new(start: &Position, rules: RuleSet) -> Arbiter {
        Arbiter {
            referee: Referee::new(start.clone(), Options::new(rules)),
        }
    }

    /// A judge with the game's options: repetition count, natural limit, move odds (1960
    /// §7 二: the consecutive opening moves move different pieces, capture nothing and give
    /// no check; the referee rules on them), and the procedure at a repetition (book or
    /// immediate).
    ///
    /// # Errors
    ///
    /// Move odds the books do not know ([`HandicapError`]).
    ///
    /// ```
    /// use xiangqi::Position;
    /// use xiangqi_game::arbiter::Arbiter;
    /// use xiangqi_referee::{Procedure, RuleSet};
    /// // Two moves in a row for Red (1960 §7 二); the same piece may not move twice.
    /// let mut arbiter =
    ///     Arbiter::with_options(&Position::start(), RuleSet::Chinese, None, None, Some(2), Procedure::Book)
    ///         .unwrap();
    /// arbiter.advance("h2e2".parse().unwrap()).unwrap();
    /// assert!(arbiter.probe("e2e1".parse().unwrap()).is_err());
    /// assert!(Arbiter::with_options(&Position::start(), RuleSet::Chinese, None, None, Some(99), Procedure::Book).is_err());
    /// ```
    pub fn with_options(
        start: &Position,
        rules: RuleSet,
        repetitions: Option<u32>,
        natural_limit: Option<u32>,
        move_odds: Option<u8>,
        procedure: Procedure,
    ) -> Result<Arbiter, HandicapError> {
        let mut options = Options::new(rules).with_procedure(procedure);
        if let Some(r) = repetitions {
            options.repetitions = r;
        }
        options.natural_limit = natural_limit;
        let handicap = move_odds.map_or(Handicap::None, Handicap::MoveOdds);
        let referee = Referee::with_handicap(start.clone(), options, handicap)?;
        Ok(Arbiter { referee })
    }

    /// The rule set.
    pub fn rules(&self) -> RuleSet {
        self.referee.options().rules
    }

    /// The referee itself.
    pub fn referee(&self) -> &Referee {
        &self.referee
    }

    /// The position as the referee has it (in a move-odds opening the giver stays on move).
    pub fn position(&self) -> &Position {
        self.referee.position()
    }

    /// The judge after `m` is played on a copy of this one (this one is untouched), or the
    /// referee's refusal.
    ///
    /// # Errors
    ///
    /// The move is illegal, breaks the move-odds conditions, or comes after the game's end.
    pub fn probe(&self, m: Move) -> Result<Arbiter, PlayError> {
        let mut after = self.clone();
        after.advance(m)?;
        Ok(after)
    }

    /// The referee's ruling, if it has decided the game.
    pub fn ending(&self) -> Option<Ruling> {
        let ruling = self.referee.ruling();
        ruling.is_decided().then(|| ruling.clone())
    }

    /// The ruling if `m`, played as the next move, ends the game. Does not record the move
    /// (see [`Arbiter::advance`]).
    ///
    /// ```
    /// use xiangqi::Position;
    /// use xiangqi_game::arbiter::Arbiter;
    /// use xiangqi_referee::RuleSet;
    /// // The pawn steps to e8 with the rook behind it: mate.
    /// let pos = Position::from_fen("4k4/9/4P1N2/9/9/9/9/9/9/3KR4 w - - 0 1").unwrap();
    /// let arbiter = Arbiter::new(&pos, RuleSet::Chinese);
    /// assert_eq!(arbiter.judge("e7e8".parse().unwrap()).unwrap().reason_name(), "checkmate");
    /// assert_eq!(arbiter.judge("e7d7".parse().unwrap()), None);
    /// ```
    pub fn judge(&self, m: Move) -> Option<Ruling> {
        self.probe(m).ok()?.ending()
    }

    /// The standing order to vary, if a forbidden cycle reached its ruling occurrence.
    pub fn order(&self) -> Option<&Order> {
        self.referee.ruling().order.as_deref()
    }

    /// The repetition draw a player may claim now, if any.
    pub fn claimable(&self) -> Option<&Claimable> {
        self.referee.ruling().claimable.as_deref()
    }

    /// The ruling a claim of a repetition draw by `by` would bring now, or why the referee
    /// refuses it. Does not record anything.
    ///
    /// # Errors
    ///
    /// The referee's reason: no repetition to claim, a forbidden cycle, the game over.
    pub fn claim(&self, by: Claimant) -> Result<Ruling, ClaimError> {
        let mut probe = self.referee.clone();
        probe.claim(by).cloned()
    }

    /// Records a claim the referee accepted.
    pub fn record_claim(&mut self, by: Claimant) {
        if let Err(e) = self.referee.claim(by) {
            tracing::warn!(%e, "the referee refused a claim the game accepted");
        }
    }

    /// Plays `m` and rules on the position it leads to.
    ///
    /// # Errors
    ///
    /// The referee's refusal; it then changes nothing.
    pub fn advance(&mut self, m: Move) -> Result<(), PlayError> {
        crate::work::count(|w| w.ruled += 1);
        self.referee.play(m).map(|_| ())
    }
}
