//! One game as pure logic: board, clock, offers, adjournment and ruling.
//!
//! The game is event-sourced. [`Game::decide`] looks at an action and the time and answers
//! with the [`Event`]s it causes (or a [`Refusal`]) without changing anything;
//! [`Game::apply`] changes the game by one event and cannot fail. The room stores the events
//! first and applies them after, so what a client was told is exactly what is on disk, and a
//! restart replays the same events through the same `apply`.
//!
//! Pure logic: no I/O, no threads, no async runtime. Time is passed in (milliseconds since
//! the game's creation); the caller owns the real clock, the timers and the storage. The
//! crate's map is in its README.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

// The README's examples run as doctests, so the crate's map cannot drift from the code.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

pub mod arbiter;
mod claims;
pub mod desk;
mod discipline;
mod endings;
mod event;
mod event_desk;
pub mod lag;
pub mod limit;
mod limit_procedure;
mod moves;
pub mod notation;
mod notes;
mod offers;
pub mod opponent;
pub mod options;
mod procedure;
mod refusal;
mod ruled;
pub mod signer;
mod timers;
pub mod touch;
mod view;
pub mod work;

use xiangqi::{Color, Move, Position};
use xiangqi_clock::{BySide, ClockState, GameClock, TimeControl};
use xiangqi_referee::RuleSet;

pub use arbiter::{GameResult, Ruling};
pub use desk::{Adjudged, ArbiterAction, ForfeitReason, FoulKind};
pub use event::Event;
pub use limit::{LimitChanges, LimitGround, LimitVerdict, MoveLimit};
pub use options::{DrawOffers, GameOptions, Pairs};
pub use refusal::{DeskRefusal, Refusal};
pub use signer::{ArbiterRole, Signer};
pub use touch::{Binding, BindingCause};
pub use view::{ClockView, GameView, SideClock};

use arbiter::Arbiter;
use lag::LagQuota;
use ruled::Memo;

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
    /// The one statement of the rule: the game refuses with [`Refusal::NotYours`] what this
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
/// use xiangqi_game::{Action, Answer, Event, Game};
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
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action {
    /// Play a move (any accepted notation); `lag_ms` is the connection's measured or declared
    /// round trip (see [`lag`]).
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

/// The adjournment procedure (封棋, 1960 第十一节四), step by step.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Adjournment {
    /// None in progress.
    None,
    /// One side proposed.
    Proposed(Color),
    /// Both agreed; the side to move must seal.
    Agreed,
    /// Sealed; waiting for both players to resume.
    Sealed {
        /// The sealer.
        by: Color,
        /// The sealed move.
        sealed: Move,
        /// Who is ready to resume.
        ready: BySide<bool>,
    },
}

/// A move as played, with its notations.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayedMove {
    /// The move.
    pub mv: Move,
    /// Who played it.
    pub side: Color,
    /// ICCS notation (kept as text: every state sent lists every move).
    pub iccs: String,
    /// Chinese notation.
    pub chinese: String,
    /// WXF notation.
    pub wxf: String,
    /// Whether it captured.
    pub capture: bool,
}

/// The outcome of [`Game::decide`]: events to store and apply, and whether the action itself
/// was refused (a move that arrives after the flag fell is refused *and* ends the game).
///
/// ```
/// use xiangqi::Color;
/// use xiangqi_game::{Action, Event, Game, Refusal};
/// let created = Event::Created {
///     control: "10m+5s".into(),
///     rules: Default::default(),
///     fen: xiangqi::Position::start().fen(),
///     created_unix_ms: 0,
///     options: Default::default(),
/// };
/// let game = Game::from_created(&created).unwrap();
/// let early = game.decide(Color::Black, &Action::Move { text: "h7e7".into(), lag_ms: 0 }, 0);
/// assert_eq!(early.refusal, Some(Refusal::NotYourTurn));
/// assert!(early.events.is_empty());
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Decision {
    /// Events to store, in order.
    pub events: Vec<Event>,
    /// The refusal, if the action was not taken.
    pub refusal: Option<Refusal>,
}

impl Decision {
    fn refuse(r: Refusal) -> Decision {
        Decision {
            events: Vec::new(),
            refusal: Some(r),
        }
    }

    fn take(events: Vec<Event>) -> Decision {
        Decision {
            events,
            refusal: None,
        }
    }
}

/// A game.
#[derive(Debug, Clone)]
pub struct Game {
    created_unix_ms: u64,
    control: TimeControl,
    start: Position,
    pos: Position,
    moves: Vec<PlayedMove>,
    clock: GameClock<String>,
    arbiter: Arbiter,
    lag: BySide<LagQuota>,
    draw_offer: Option<Color>,
    adjournment: Adjournment,
    ruling: Option<Ruling>,
    seq: u64,
    options: GameOptions,
    rules: RuleSet,
    desk: Desk,
    memo: Memo,
}

/// What the arbiter's desk keeps track of.
#[derive(Debug, Clone, Default)]
struct Desk {
    fouls: BySide<u32>,
    move_limit: Option<MoveLimit>,
    paused: bool,
    arrived: BySide<bool>,
    /// The ply of each side's last draw offer, and whether it was declined.
    last_offer: BySide<Option<u32>>,
    declined: BySide<bool>,
    /// The arbiter's events so far, as clients see them (with their `seq`).
    log: Vec<serde_json::Value>,
    /// The same as record comments: (ply, text).
    notes: Vec<(u32, String)>,
    /// Warnings given (1960 §18 九).
    warnings: BySide<u32>,
    /// The moves the side to move is bound to by a touch or a correction (1960 §7 四, 五).
    binding: Option<Binding>,
    /// The position noted when the limit in force was declared (1960 §12 二).
    limit_noted: Option<Position>,
    /// An expired limit awaiting the arbiter's judgment, with the criteria (1960 §12 四).
    limit_pending: Option<LimitChanges>,
}

/// Why a `Created` event could not start a game.
///
/// ```
/// use xiangqi::Color;
/// use xiangqi_game::{Event, Game};
/// assert!(Game::from_created(&Event::DrawOffered { by: Color::Red }).is_err());
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadCreation(pub String);

impl Game {
    /// Builds a game from its first event.
    ///
    /// # Errors
    ///
    /// If the event is not `Created`, or its control or FEN do not parse.
    ///
    /// ```
    /// use xiangqi_game::{Event, Game};
    /// let game = Game::from_created(&Event::Created {
    ///     control: "10m+5s".into(),
    ///     rules: Default::default(),
    ///     fen: xiangqi::Position::start().fen(),
    ///     created_unix_ms: 0,
    ///     options: Default::default(),
    /// }).unwrap();
    /// assert_eq!(game.seq(), 1);
    /// ```
    pub fn from_created(event: &Event) -> Result<Game, BadCreation> {
        let Event::Created {
            control,
            rules,
            fen,
            created_unix_ms,
            options,
        } = event
        else {
            return Err(BadCreation("the first event is not `created`".into()));
        };
        let control: TimeControl = control
            .parse()
            .map_err(|e| BadCreation(format!("time control: {e}")))?;
        let start = Position::from_fen(fen).map_err(|e| BadCreation(format!("FEN: {e}")))?;
        let quota = LagQuota::for_control(&control);
        let options = GameOptions::clone(options);
        let arbiter = Arbiter::with_options(
            &start,
            *rules,
            options.repetitions,
            options.natural_limit,
            options.move_odds,
            options.procedure.unwrap_or_default(),
        )
        .map_err(BadCreation)?;
        let scheduled = options.starts_at_unix_ms.is_some();
        let mut game = Game {
            created_unix_ms: *created_unix_ms,
            arbiter,
            rules: *rules,
            desk: Desk {
                // Arrival matters only for a scheduled game.
                arrived: BySide::new(!scheduled, !scheduled),
                ..Desk::default()
            },
            options,
            clock: GameClock::new(control.clone()),
            control,
            pos: start.clone(),
            start,
            moves: Vec::new(),
            lag: BySide::new(quota, quota),
            draw_offer: None,
            adjournment: Adjournment::None,
            ruling: None,
            seq: 1,
            memo: Memo::default(),
        };
        game.play_opening()?;
        Ok(game)
    }

    /// Number of events applied (the `seq` of the last one).
    pub fn seq(&self) -> u64 {
        self.seq
    }

    /// When the game was created (Unix ms): the origin of its clock instants.
    pub fn created_unix_ms(&self) -> u64 {
        self.created_unix_ms
    }

    /// The ruling, once the game has ended.
    pub fn ruling(&self) -> Option<&Ruling> {
        self.ruling.as_ref()
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// The start position.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The moves played.
    pub fn moves(&self) -> &[PlayedMove] {
        &self.moves
    }

    /// The time control.
    pub fn control(&self) -> &TimeControl {
        &self.control
    }

    /// The rule set.
    pub fn rules(&self) -> RuleSet {
        self.rules
    }

    /// The options chosen at creation.
    pub fn options(&self) -> &GameOptions {
        &self.options
    }

    /// Each side's fouls so far.
    pub fn fouls(&self) -> BySide<u32> {
        self.desk.fouls
    }

    /// Whether `side` has opened the game (always true unless the game is scheduled).
    pub fn arrived(&self, side: Color) -> bool {
        self.desk.arrived[side]
    }

    /// The referee as it stands: its ruling, its moves, its standing order to vary.
    pub fn referee(&self) -> &xiangqi_referee::Referee {
        self.arbiter.referee()
    }

    /// The clock.
    pub fn clock(&self) -> &GameClock<String> {
        &self.clock
    }

    /// The adjournment procedure's state.
    pub fn adjournment(&self) -> &Adjournment {
        &self.adjournment
    }

    /// The standing draw offer.
    pub fn draw_offer(&self) -> Option<Color> {
        self.draw_offer
    }

    /// Whether the game is adjourned with a sealed move.
    pub fn is_adjourned(&self) -> bool {
        matches!(self.adjournment, Adjournment::Sealed { .. })
    }

    fn turn(&self) -> Color {
        self.pos.turn()
    }

    fn ply(&self) -> u32 {
        u32::try_from(self.moves.len()).unwrap_or(u32::MAX)
    }

    /// `now` clamped so the clock never sees time go backwards.
    ///
    /// ```
    /// use xiangqi::Color;
    /// use xiangqi_game::{Action, Event, Game};
    /// let created = Event::Created {
    ///     control: "10m+5s".into(),
    ///     rules: Default::default(),
    ///     fen: xiangqi::Position::start().fen(),
    ///     created_unix_ms: 0,
    ///     options: Default::default(),
    /// };
    /// let mut game = Game::from_created(&created).unwrap();
    /// for e in game.decide(Color::Red, &Action::Move { text: "h2e2".into(), lag_ms: 0 }, 5_000).events {
    ///     game.apply(&e);
    /// }
    /// assert_eq!(game.clamp(1_000), 5_000);
    /// assert_eq!(game.clamp(6_000), 6_000);
    /// ```
    pub fn clamp(&self, now_ms: u64) -> u64 {
        let last = u64::try_from(self.clock.last_event().as_millis()).unwrap_or(u64::MAX);
        now_ms.max(last)
    }

    /// What the player `actor` (seat 0) doing `action` at `now` (game ms) would cause.
    ///
    /// ```
    /// use xiangqi::Color;
    /// use xiangqi_game::{Action, Event, Game, GameResult};
    /// let created = Event::Created {
    ///     control: "10m+5s".into(),
    ///     rules: Default::default(),
    ///     fen: xiangqi::Position::start().fen(),
    ///     created_unix_ms: 0,
    ///     options: Default::default(),
    /// };
    /// let game = Game::from_created(&created).unwrap();
    /// let resign = game.decide(Color::Red, &Action::Resign, 0);
    /// let [Event::Ended { ruling, .. }] = &resign.events[..] else { panic!() };
    /// assert_eq!((ruling.result, ruling.reason.as_str()), (GameResult::BlackWins, "resignation"));
    /// assert_eq!(game.ruling(), None); // deciding changes nothing
    /// ```
    pub fn decide(&self, actor: Color, action: &Action, now: u64) -> Decision {
        self.decide_as(
            Actor::Player {
                side: actor,
                seat: 0,
            },
            action,
            now,
        )
    }

    /// What `actor` doing `action` at `now` (game ms) would cause.
    ///
    /// ```
    /// use xiangqi::Color;
    /// use xiangqi_game::{Action, Actor, ArbiterAction, Event, Game, Refusal};
    /// let created = Event::Created {
    ///     control: "10m+5s".into(),
    ///     rules: Default::default(),
    ///     fen: xiangqi::Position::start().fen(),
    ///     created_unix_ms: 0,
    ///     options: Default::default(),
    /// };
    /// let game = Game::from_created(&created).unwrap();
    /// // The arbiter may enter the move of the side to move (scoring over the board) ...
    /// let scored = game.decide_as(Actor::Arbiter, &Action::Move { text: "炮二平五".into(), lag_ms: 0 }, 0);
    /// assert!(matches!(&scored.events[0], Event::Move { by_arbiter: true, mv, .. } if mv == "h2e2"));
    /// // ... and a player may not take the arbiter's actions.
    /// let player = Actor::Player { side: Color::Red, seat: 0 };
    /// let pause = game.decide_as(player, &Action::Arbiter(ArbiterAction::Pause), 0);
    /// assert_eq!(pause.refusal, Some(Refusal::NotYours));
    /// ```
    pub fn decide_as(&self, actor: Actor, action: &Action, now: u64) -> Decision {
        if self.ruling.is_some() {
            return Decision::refuse(Refusal::GameOver);
        }
        let now = self.clamp(now);
        if let Some(ended) = self.flag_with_grace(now) {
            let refusal = if actor.side().is_some() && self.clock.to_move() == actor.side() {
                Refusal::OutOfTime
            } else {
                Refusal::GameOver
            };
            return Decision {
                events: vec![ended],
                refusal: Some(refusal),
            };
        }
        if !actor.may_take(action) {
            return Decision::refuse(Refusal::NotYours);
        }
        let (actor, seat) = match (actor, action) {
            (Actor::Arbiter, Action::Arbiter(a)) => return self.decide_arbiter(a, now),
            (Actor::Arbiter, Action::Signed { by, action }) => {
                let mut decision = self.decide_arbiter(action, now);
                decision.events.iter_mut().for_each(|e| e.sign(by));
                return decision;
            }
            (Actor::Arbiter, Action::Move { text, .. }) => {
                return self.decide_move(self.turn(), None, text, 0, now);
            }
            // Refused above (`may_take`); a player's arbiter action too.
            (Actor::Arbiter, _)
            | (Actor::Player { .. }, Action::Arbiter(_) | Action::Signed { .. }) => {
                return Decision::refuse(Refusal::NotYours);
            }
            (Actor::Player { side, seat }, _) => (side, seat),
        };
        match action {
            Action::Move { text, lag_ms } => {
                self.decide_move(actor, Some(seat), text, *lag_ms, now)
            }
            Action::Arrive => Decision::take(if self.desk.arrived[actor] {
                Vec::new()
            } else {
                vec![Event::Arrived { side: actor, seat }]
            }),
            Action::Arbiter(_) | Action::Signed { .. } => Decision::refuse(Refusal::NotYours),
            Action::Resign => Decision::take(vec![Event::Ended {
                ruling: Ruling::resignation(actor, self.ply()),
                at_ms: now,
            }]),
            Action::Draw(answer) => self.decide_draw(actor, *answer, now),
            Action::Adjourn(answer) => self.decide_adjourn(actor, *answer),
            Action::Seal { text } => self.decide_seal(actor, text, now),
            Action::Resume => self.decide_resume(actor, now),
            Action::Claim => self.decide_claim(actor, now),
        }
    }

    fn read_move(&self, text: &str) -> Result<Move, Refusal> {
        let m = notation::parse_move(&self.pos, text).map_err(Refusal::Unreadable)?;
        let mut probe = self.pos.clone();
        work::count(|w| w.checked += 1);
        probe.play(m).map_err(Refusal::Illegal)?;
        Ok(m)
    }

    /// `seat`: the partner who moves (`None`: the arbiter, scoring over the board).
    fn decide_move(
        &self,
        actor: Color,
        seat: Option<u8>,
        text: &str,
        lag_ms: u64,
        now: u64,
    ) -> Decision {
        if self.desk.limit_pending.is_some() {
            return Decision::refuse(Refusal::Desk(DeskRefusal::LimitToJudge));
        }
        if self.desk.paused {
            return Decision::refuse(Refusal::Paused);
        }
        if self.clock.state() == ClockState::Ready
            && self
                .options
                .starts_at_ms(self.created_unix_ms)
                .is_some_and(|start| now < start)
        {
            return Decision::refuse(Refusal::Scheduled);
        }
        match self.adjournment {
            Adjournment::Sealed { .. } => return Decision::refuse(Refusal::Adjourned),
            Adjournment::Agreed if actor == self.turn() => {
                return Decision::refuse(Refusal::SealRequired);
            }
            _ => {}
        }
        if actor != self.turn() {
            return Decision::refuse(Refusal::NotYourTurn);
        }

        if let (Some(Pairs::Alternate), Some(seat)) = (self.options.pairs, seat) {
            // The partners take the side's moves in turn (一走一停, 1960 §8 一(二)).
            let made = self.moves.iter().filter(|m| m.side == actor).count();
            if usize::from(seat) != made % 2 {
                return Decision::refuse(Refusal::PartnersTurn);
            }
        }
        let ruled = match notation::parse_move(&self.pos, text) {
            Ok(m) => self.rule_move(m),
            Err(e) => Err(Refusal::Unreadable(e)),
        };
        let ruled = match ruled {
            Ok(ruled) => ruled,
            Err(r) => return Decision::refuse(r),
        };
        if let Some(binding) = &self.desk.binding
            && !binding.allows(ruled.iccs())
        {
            // 1960 §7 四 / 五; current 5.1–5.5: the touched (or corrected) piece binds.
            return Decision::refuse(Refusal::Desk(DeskRefusal::Bound(Box::new(binding.clone()))));
        }
        let (at, lag) = if self.clock.state() == ClockState::Ready {
            // The first move starts the clocks and costs nothing: the opponent may not have
            // opened the link yet.
            (now, 0)
        } else {
            let last = self.clamp(0);
            let comp = self.lag[actor].compensation(lag_ms, now - last);
            (now - comp, comp)
        };
        if let Some(ended) = self.flag_event(at) {
            return Decision {
                events: vec![ended],
                refusal: Some(Refusal::OutOfTime),
            };
        }
        let mut events = vec![Event::Move {
            side: actor,
            mv: ruled.iccs().to_owned(),
            at_ms: at,
            lag_ms: lag,
            seat: seat.filter(|_| self.options.pairs.is_some()),
            by_arbiter: seat.is_none(),
        }];
        match ruled.ending() {
            Some(ruling) => events.push(Event::Ended { ruling, at_ms: at }),
            None => events.extend(self.move_limit_after(ruled.mv(), at)),
        }
        // The Move event is the first: applied, it will be the next `seq`.
        self.memo.keep(self.seq + 1, ruled);
        Decision::take(events)
    }

    /// The `Ended` event if playing `m` now ends the game on the board. The ruled move is
    /// kept for the event that plays it, which must come first in the decision.
    fn board_ending(&self, m: Move, at: u64) -> Option<Event> {
        let ruled = self.rule_move(m).ok()?;
        let ending = ruled.ending();
        self.memo.keep(self.seq + 1, ruled);
        ending.map(|ruling| Event::Ended { ruling, at_ms: at })
    }

    /// Applies one event. Events come from [`Game::decide`] or from storage; one that does
    /// not fit (a corrupt log) is logged and skipped rather than trusted.
    ///
    /// ```
    /// use xiangqi::Color;
    /// use xiangqi_game::{Action, Event, Game};
    /// let created = Event::Created {
    ///     control: "10m+5s".into(),
    ///     rules: Default::default(),
    ///     fen: xiangqi::Position::start().fen(),
    ///     created_unix_ms: 0,
    ///     options: Default::default(),
    /// };
    /// let mut game = Game::from_created(&created).unwrap();
    /// for e in game.decide(Color::Red, &Action::Move { text: "C2.5".into(), lag_ms: 0 }, 1_000).events {
    ///     game.apply(&e);
    /// }
    /// assert_eq!(game.seq(), 2);
    /// assert_eq!((game.moves()[0].chinese.as_str(), game.moves()[0].wxf.as_str()), ("炮二平五", "C2.5"));
    /// assert_eq!(game.position().turn(), xiangqi::Color::Black);
    /// ```
    pub fn apply(&mut self, event: &Event) {
        self.seq += 1;
        match event {
            Event::Created { .. } => tracing::warn!("a second `created` event was ignored"),
            Event::Move {
                side,
                mv,
                at_ms,
                lag_ms,
                ..
            } => {
                let at = ms(*at_ms);
                // Within a move-odds series the giver stays on move: one turn of the clock.
                let in_series = self
                    .options
                    .move_odds
                    .is_some_and(|n| self.moves.len() + 1 < usize::from(n));
                let press = |clock: &mut GameClock<String>| {
                    if in_series {
                        Ok(())
                    } else {
                        clock.press(at).map(|_| ())
                    }
                };
                let pressed = if self.clock.state() == ClockState::Ready {
                    self.clock
                        .start(*side, at)
                        .and_then(|()| press(&mut self.clock))
                } else {
                    self.lag[*side].record(*lag_ms);
                    press(&mut self.clock)
                };
                if let Err(e) = pressed {
                    tracing::warn!(%e, "clock refused a stored move");
                }
                self.play(*side, mv);
            }
            Event::DrawOffered { by } => {
                self.draw_offer = Some(*by);
                self.desk.last_offer[*by] = Some(self.ply());
                self.desk.declined[*by] = false;
            }
            Event::DrawDeclined { by } => {
                self.draw_offer = None;
                self.desk.declined[by.other()] = true;
            }
            Event::AdjournmentProposed { by } => self.adjournment = Adjournment::Proposed(*by),
            Event::AdjournmentDeclined { .. } => self.adjournment = Adjournment::None,
            Event::AdjournmentAgreed { .. } => self.adjournment = Adjournment::Agreed,
            Event::Sealed { by, at_ms, sealed } => {
                let Ok(m) = sealed.parse::<Move>() else {
                    tracing::warn!(%sealed, "unreadable sealed move ignored");
                    return;
                };
                if let Err(e) = self.clock.seal(ms(*at_ms), sealed.clone()) {
                    tracing::warn!(%e, "clock refused a stored seal");
                }
                self.adjournment = Adjournment::Sealed {
                    by: *by,
                    sealed: m,
                    ready: BySide::new(false, false),
                };
            }
            Event::ResumeRequested { by } => {
                if let Adjournment::Sealed { ready, .. } = &mut self.adjournment {
                    ready[*by] = true;
                }
            }
            Event::Resumed { at_ms, mv } => {
                if let Err(e) = self.clock.resume(ms(*at_ms)) {
                    tracing::warn!(%e, "clock refused a stored resumption");
                }
                let side = self.turn();
                self.adjournment = Adjournment::None;
                self.play(side, mv);
            }
            Event::ClockPaused { at_ms } => {
                if let Err(e) = self.clock.pause(ms(*at_ms)) {
                    tracing::warn!(%e, "clock refused a stored pause");
                }
            }
            Event::ClockResumed { at_ms } => {
                if let Err(e) = self.clock.resume(ms(*at_ms)) {
                    tracing::warn!(%e, "clock refused a stored resumption");
                }
            }
            Event::Arrived { .. }
            | Event::ClockStarted { .. }
            | Event::Foul { .. }
            | Event::MoveLimitDeclared { .. }
            | Event::MoveLimitExpired { .. }
            | Event::ArbiterPaused { .. }
            | Event::ArbiterResumed { .. }
            | Event::TimeAdjusted { .. }
            | Event::AdjournmentOrdered { .. }
            | Event::TakenBack { .. }
            | Event::ClaimRefused { .. }
            | Event::LimitRequested { .. }
            | Event::LimitJudged { .. }
            | Event::MoveLimitLifted { .. }
            | Event::Touched { .. }
            | Event::Untouched { .. }
            | Event::Corrected { .. }
            | Event::Warned { .. }
            | Event::SealCorrected { .. } => self.apply_desk(event),
            Event::Ended { ruling, at_ms } => {
                let at = ms(*at_ms);
                let stopped = if ruling.reason == "flag" {
                    self.clock.check(at).map(|_| ())
                } else if matches!(self.clock.state(), ClockState::Ready) {
                    Ok(())
                } else {
                    self.clock.stop(at)
                };
                if let Err(e) = stopped {
                    tracing::warn!(%e, "clock refused a stored ending");
                }
                self.draw_offer = None;
                self.desk.paused = false;
                if let Some(by) = ruling.claimed_by {
                    // The referee draws the game too, so its state matches the ruling.
                    self.arbiter.record_claim(by);
                }
                self.ruling = Some(ruling.clone());
            }
        }
    }
}

fn ms(v: u64) -> std::time::Duration {
    std::time::Duration::from_millis(v)
}

#[cfg(test)]
mod tests;
