//! Rulings: why a game ended, in the referee's JSON shape.
//!
//! Board endings (mate, stalemate, the natural limit, repetitions) are the referee's to
//! rule; [`Arbiter`] is the one place the server asks. Endings off the board (flag,
//! resignation, agreed draw) are ruled here with the article that makes them so.
//!
//! Citations are to the current rules (第4条): 4.1.4 time,
//! 4.1.9 resignation, 4.2.2 agreed draw.

use serde::{Deserialize, Serialize};

use crate::ending::Ending;
use xiangqi::{Color, Move, Position};
use xiangqi_clock::Flag;
use xiangqi_referee::{
    ClaimError, Claimable, Claimant, Handicap, HandicapError, Options, Order, PlayError, Procedure,
    Referee, RuleSet,
};

/// A game's result: the referee's, which has `BothLose` for the arbiter's double loss.
///
/// ```
/// use xiangqi_game::GameResult;
/// assert_eq!(serde_json::to_value(GameResult::BothLose).unwrap(), "both_lose");
/// assert_eq!(GameResult::Draw.score(), "1/2-1/2");
/// ```
pub use xiangqi_referee::GameResult;

/// Why a game ended, serialized like the referee's ruling (`docs/architecture.md`), with the
/// server's own reasons added: `flag`, `resignation`, `agreement`.
///
/// ```
/// use xiangqi_game::arbiter::{GameResult, Ruling};
/// use xiangqi::Color;
/// let r = Ruling::resignation(Color::Black, 12);
/// assert_eq!(r.result, GameResult::RedWins);
/// assert_eq!(serde_json::to_value(&r).unwrap()["reason"], "resignation");
/// ```
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct Ruling {
    /// The result.
    pub result: GameResult,
    /// Why: the referee's reason on the board, or an ending ruled off it.
    pub reason: Ending,
    /// The ply at which the game was decided (number of moves played).
    pub ply: u32,
    /// The side that broke a rule or lost, where there is one.
    #[serde(default)]
    pub offender: Option<Color>,
    /// The rule's name and article.
    #[serde(default)]
    pub rule: String,
    /// In English.
    #[serde(default)]
    pub explanation: String,
    /// In Chinese.
    #[serde(default)]
    pub explanation_zh: String,
    /// A repetition ruling's cycle, move by move: each move's label (将, 杀, 捉, 兑, 闲, …),
    /// what it attacks and the article (the referee's [`xiangqi_referee::cycle::CycleReport`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cycle: Option<xiangqi_referee::cycle::CycleReport>,
    /// A loss for not varying: the ply of the order to vary (the referee's `ordered_at`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ordered_at: Option<u32>,
    /// A claimed repetition draw: `red`, `black` or `arbiter`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub claimed_by: Option<Claimant>,
    /// The official who ruled it, for an ending by the arbiter's action.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub by: Option<super::signer::Signer>,
}

impl Ruling {
    /// `loser` resigned (4.1.9 自己宣布认输).
    pub fn resignation(loser: Color, ply: u32) -> Ruling {
        Ruling {
            result: GameResult::win_for(loser.other()),
            reason: Ending::Resignation,
            ply,
            offender: Some(loser),
            rule: "current rules 4.1.9 (自己宣布认输)".into(),
            explanation: format!("{} resigned.", title(loser)),
            explanation_zh: format!("{}方认输。", zh(loser)),
            cycle: None,
            ordered_at: None,
            claimed_by: None,
            by: None,
        }
    }

    /// Both sides agreed a draw (4.2.2 一方提议作和，另一方表示同意).
    ///
    /// ```
    /// use xiangqi_game::{GameResult, Ruling};
    /// let r = Ruling::agreement(40);
    /// assert_eq!((r.result, r.reason.name(), r.offender), (GameResult::Draw, "agreement", None));
    /// ```
    pub fn agreement(ply: u32) -> Ruling {
        Ruling {
            result: GameResult::Draw,
            reason: Ending::Agreement,
            ply,
            offender: None,
            rule: "current rules 4.2.2 (提议作和，对方同意)".into(),
            explanation: "Draw agreed.".into(),
            explanation_zh: "双方同意和棋。".into(),
            cycle: None,
            ordered_at: None,
            claimed_by: None,
            by: None,
        }
    }

    /// A flag fell (4.1.4 在规定的时限内未走满规定的着数; 6.5 先超时者判负).
    ///
    /// ```
    /// use std::time::Duration;
    /// use xiangqi_clock::GameClock;
    /// use xiangqi::Color;
    /// use xiangqi_game::{GameResult, Ruling};
    /// let mut clock: GameClock = GameClock::new("1m".parse().unwrap());
    /// clock.start(Color::Red, Duration::ZERO).unwrap();
    /// let flag = clock.check(Duration::from_secs(61)).unwrap().expect("Red's flag fell");
    /// let r = Ruling::flag(&flag, 0);
    /// assert_eq!((r.result, r.reason.name()), (GameResult::BlackWins, "flag"));
    /// assert_eq!(r.offender, Some(Color::Red));
    /// ```
    pub fn flag(flag: &Flag, ply: u32) -> Ruling {
        let articles: Vec<String> = flag.citations().iter().map(|c| c.to_string()).collect();
        Ruling {
            result: GameResult::win_for(flag.winner()),
            reason: Ending::Flag,
            ply,
            offender: Some(flag.loser),
            rule: articles.join("; "),
            explanation: format!("{} lost on time: {}.", title(flag.loser), flag.reason),
            explanation_zh: format!("{}方超时判负。", zh(flag.loser)),
            cycle: None,
            ordered_at: None,
            claimed_by: None,
            by: None,
        }
    }
}

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
        ruling.is_decided().then(|| convert(ruling))
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
    /// assert_eq!(arbiter.judge("e7e8".parse().unwrap()).unwrap().reason.name(), "checkmate");
    /// assert_eq!(arbiter.judge("e7d7".parse().unwrap()), None);
    /// ```
    pub fn judge(&self, m: Move) -> Option<Ruling> {
        self.probe(m).ok()?.ending()
    }

    /// The standing order to vary, if a forbidden cycle reached its ruling occurrence.
    pub fn order(&self) -> Option<&Order> {
        self.referee.ruling().order.as_ref()
    }

    /// The repetition draw a player may claim now, if any.
    pub fn claimable(&self) -> Option<&Claimable> {
        self.referee.ruling().claimable.as_ref()
    }

    /// The ruling a claim of a repetition draw by `by` would bring now, or why the referee
    /// refuses it. Does not record anything.
    ///
    /// # Errors
    ///
    /// The referee's reason: no repetition to claim, a forbidden cycle, the game over.
    pub fn claim(&self, by: Claimant) -> Result<Ruling, ClaimError> {
        let mut probe = self.referee.clone();
        probe.claim(by).map(convert)
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

/// The referee's ruling in the server's type (the JSON shapes are the same by contract).
fn convert(ruling: &xiangqi_referee::Ruling) -> Ruling {
    Ruling {
        result: ruling.result,
        // A referee's ruling always names its reason once the game is decided; the empty
        // name keeps the JSON as it always was if it did not.
        reason: ruling
            .reason
            .map_or_else(|| Ending::Unknown(String::new()), Ending::Board),
        ply: ruling.ply,
        offender: ruling.offender,
        rule: ruling.rule.clone(),
        explanation: ruling.explanation.clone(),
        explanation_zh: ruling.explanation_zh.clone(),
        cycle: ruling.cycle.clone(),
        ordered_at: ruling.ordered_at,
        claimed_by: ruling.claimed_by,
        by: None,
    }
}
