//! The game's state: the board, the clock, the arbiter's desk, the adjournment; how a game
//! starts from its `created` event, and what it shows of itself.

use xiangqi::{Color, Move, Position};
use xiangqi_clock::{BySide, GameClock, TimeControl};
use xiangqi_referee::RuleSet;

use crate::arbiter::Arbiter;
use crate::arbiter::Ruling;
use crate::event::Event;
use crate::lag::LagQuota;
use crate::limit::{LimitChanges, MoveLimit};
use crate::options::GameOptions;
use crate::refusal::Refusal;
use crate::ruled::Memo;
use crate::touch::Binding;

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
    pub(crate) fn refuse(r: Refusal) -> Decision {
        Decision {
            events: Vec::new(),
            refusal: Some(r),
        }
    }

    pub(crate) fn take(events: Vec<Event>) -> Decision {
        Decision {
            events,
            refusal: None,
        }
    }
}

/// A game.
#[derive(Debug, Clone)]
pub struct Game {
    pub(crate) created_unix_ms: u64,
    pub(crate) control: TimeControl,
    pub(crate) start: Position,
    pub(crate) pos: Position,
    pub(crate) moves: Vec<PlayedMove>,
    pub(crate) clock: GameClock<String>,
    pub(crate) arbiter: Arbiter,
    pub(crate) lag: BySide<LagQuota>,
    pub(crate) draw_offer: Option<Color>,
    pub(crate) adjournment: Adjournment,
    pub(crate) ruling: Option<Ruling>,
    pub(crate) seq: u64,
    pub(crate) options: GameOptions,
    pub(crate) rules: RuleSet,
    pub(crate) desk: Desk,
    pub(crate) memo: Memo,
}

/// What the arbiter's desk keeps track of.
#[derive(Debug, Clone, Default)]
pub(crate) struct Desk {
    pub(crate) fouls: BySide<u32>,
    pub(crate) move_limit: Option<MoveLimit>,
    pub(crate) paused: bool,
    pub(crate) arrived: BySide<bool>,
    /// The ply of each side's last draw offer, and whether it was declined.
    pub(crate) last_offer: BySide<Option<u32>>,
    pub(crate) declined: BySide<bool>,
    /// The arbiter's events so far, as clients see them (with their `seq`).
    pub(crate) log: Vec<serde_json::Value>,
    /// The same as record comments: (ply, text).
    pub(crate) notes: Vec<(u32, String)>,
    /// Warnings given (1960 §18 九).
    pub(crate) warnings: BySide<u32>,
    /// The moves the side to move is bound to by a touch or a correction (1960 §7 四, 五).
    pub(crate) binding: Option<Binding>,
    /// The position noted when the limit in force was declared (1960 §12 二).
    pub(crate) limit_noted: Option<Position>,
    /// An expired limit awaiting the arbiter's judgment, with the criteria (1960 §12 四).
    pub(crate) limit_pending: Option<LimitChanges>,
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
        .map_err(|e| BadCreation(e.to_string()))?;
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

    pub(crate) fn turn(&self) -> Color {
        self.pos.turn()
    }

    pub(crate) fn ply(&self) -> u32 {
        u32::try_from(self.moves.len()).unwrap_or(u32::MAX)
    }
}

pub(crate) fn ms(v: u64) -> std::time::Duration {
    std::time::Duration::from_millis(v)
}
