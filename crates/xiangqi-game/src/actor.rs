//! Who acts on a game (a player in his seat, or the arbiter) and what he asks; the one
//! statement of who may take which action.

use xiangqi::Color;

use crate::desk::ArbiterAction;
use xiangqi_referee::Signer;

/// Who acts: a player (with the partner's seat, 0 or 1, in a pairs game) or the arbiter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Actor {
    /// A player.
    Player {
        /// The side.
        side: Color,
        /// The partner (0 unless a pairs game's second link).
        seat: u8,
    },
    /// The game's arbiter.
    Arbiter,
}

impl Actor {
    /// The side of a player.
    ///
    /// ```
    /// use xiangqi::Color;
    /// use xiangqi_game::Actor;
    /// assert_eq!(Actor::Player { side: Color::Red, seat: 1 }.side(), Some(Color::Red));
    /// assert_eq!(Actor::Arbiter.side(), None);
    /// ```
    pub fn side(self) -> Option<Color> {
        match self {
            Actor::Player { side, .. } => Some(side),
            Actor::Arbiter => None,
        }
    }

    /// Whether this actor may take `action` at all: the arbiter enters moves (over-the-board
    /// scoring) and the arbiter's actions; a player takes every action but the arbiter's.
    /// The one statement of the rule: the game refuses with [`Refusal::NotYours`](crate::Refusal::NotYours) what this
    /// forbids, and a server may ask it before queueing the action.
    ///
    /// ```
    /// use xiangqi::Color;
    /// use xiangqi_game::{Action, Actor, ArbiterAction};
    /// let player = Actor::Player { side: Color::Red, seat: 0 };
    /// let mv = Action::Move { text: "h2e2".into(), lag_ms: 0 };
    /// assert!(player.may_take(&mv) && Actor::Arbiter.may_take(&mv));
    /// assert!(!player.may_take(&Action::Arbiter(ArbiterAction::Pause)));
    /// assert!(Actor::Arbiter.may_take(&Action::Arbiter(ArbiterAction::Pause)));
    /// assert!(!Actor::Arbiter.may_take(&Action::Resign));
    /// ```
    pub fn may_take(self, action: &Action) -> bool {
        match (self, action) {
            (Actor::Arbiter, Action::Move { .. }) => true,
            (Actor::Arbiter, a) => a.is_arbiters(),
            (Actor::Player { .. }, a) => !a.is_arbiters(),
        }
    }
}

/// What a player asks of the game.
///
/// ```
/// use xiangqi::Color;
/// use xiangqi_game::{Action, Answer, Event, Game, LimitGround, Refusal};
/// let created = Event::Created {
///     control: "10m+5s".into(),
///     rules: Default::default(),
///     fen: xiangqi::Position::start().fen(),
///     created_unix_ms: 0,
///     options: Default::default(),
/// };
/// let game = Game::from_created(&created).unwrap();
/// let offer = game.decide(Color::Red, &Action::Draw(Answer::Offer), 0);
/// assert_eq!(offer.events, [Event::DrawOffered { by: Color::Red }]);
/// // A player asks for a move limit on his own grounds (1960 §12 一(一), 一(二)) ...
/// let ask = |side, ground| game.decide(side, &Action::AskLimit { ground }, 0);
/// let asked = ask(Color::Black, LimitGround::Dominant);
/// assert!(matches!(asked.events[..], [Event::LimitRequested { side: Some(Color::Black), by: None, .. }]));
/// // ... never on the arbiter's (一(三)); once asked, the request waits for the arbiter.
/// assert_eq!(ask(Color::Red, LimitGround::ArbiterSees).refusal, Some(Refusal::NotYours));
/// let mut game = game;
/// asked.events.iter().for_each(|e| game.apply(e));
/// let again = game.decide(Color::Black, &Action::AskLimit { ground: LimitGround::Undecided }, 0);
/// assert_eq!(again.refusal.map(|r| r.name()), Some("limit_asked"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action {
    /// Play a move (any accepted notation); `lag_ms` is the connection's measured or declared
    /// round trip (see [`lag`](crate::lag)).
    Move {
        /// The move text.
        text: String,
        /// The lag estimate.
        lag_ms: u64,
    },
    /// Resign.
    Resign,
    /// Offer, accept or decline a draw.
    Draw(Answer),
    /// Propose, accept or decline an adjournment.
    Adjourn(Answer),
    /// Seal the move (after an agreed adjournment).
    Seal {
        /// The move text.
        text: String,
    },
    /// Ready to resume an adjourned game.
    Resume,
    /// Claim a repetition draw (current text 2.5(3)); the referee checks it.
    Claim,
    /// The player opened the game with their token (recorded for a scheduled game).
    Arrive,
    /// The player asks for a move limit (限着, 1960 §12 一(一), 一(二)) on one of the
    /// grounds a player may give; it is recorded for the arbiter, who declares it (二).
    AskLimit {
        /// The ground.
        ground: crate::LimitGround,
    },
    /// The arbiter's action.
    Arbiter(ArbiterAction),
    /// The arbiter's action, naming the official who took it (his events carry `by`).
    Signed {
        /// Who.
        by: Signer,
        /// What.
        action: ArbiterAction,
    },
}

impl Action {
    /// Whether this is an arbiter's action (signed or not).
    ///
    /// ```
    /// use xiangqi_game::{Action, ArbiterAction};
    /// assert!(Action::Arbiter(ArbiterAction::Pause).is_arbiters());
    /// assert!(!Action::Resign.is_arbiters());
    /// ```
    pub fn is_arbiters(&self) -> bool {
        matches!(self, Action::Arbiter(_) | Action::Signed { .. })
    }
}

/// Offering and answering (draws and adjournments).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Answer {
    /// Offer (or propose); accepts if the opponent already offered.
    Offer,
    /// Accept the opponent's offer.
    Accept,
    /// Decline it.
    Decline,
}
