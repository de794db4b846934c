//! The cover of an adjourned game's envelope read from its record (1960 §11 四 and the
//! paragraph after it). Pure: when the game resumes (1960 §18 五) is the competition's
//! (`xiangqi_competition::schedule`), the handlers are `api/adjourned.rs`.

use xiangqi::Color;
use xiangqi_game::{Adjournment, Game};

/// The cover of a game's envelope, read from its record: what the arbiter writes on it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cover {
    /// Who sealed.
    pub sealer: Color,
    /// The sealer's move number of the sealed move (第几着).
    pub move_number: u32,
    /// The position when play stopped (FEN).
    pub fen: String,
    /// When it was sealed, Unix ms.
    pub sealed_unix_ms: u64,
    /// Time used by each side, ms (red, black).
    pub used_ms: [u64; 2],
    /// Who asked to resume so far (red, black).
    pub ready: [bool; 2],
}

/// The envelope's cover of the game recorded by `events`, if it is adjourned now.
///
/// ```
/// use xiangqi::Color;
/// use xiangqi_game::{Action, Event, Game};
/// use xiangqi_server::event::resumption::cover;
/// let created = Event::Created {
///     control: "90m".into(), rules: Default::default(),
///     fen: xiangqi::Position::start().fen(), created_unix_ms: 1_000, options: Default::default(),
/// };
/// let mut game = Game::from_created(&created).unwrap();
/// let mut events = vec![created];
/// let steps = [(Color::Red, Action::Move { text: "h2e2".into(), lag_ms: 0 }),
///              (Color::Red, Action::Adjourn(xiangqi_game::Answer::Offer)),
///              (Color::Black, Action::Adjourn(xiangqi_game::Answer::Accept))];
/// for (t, (side, action)) in (1..).zip(steps) {
///     for e in game.decide(side, &action, t * 1000).events { game.apply(&e); events.push(e); }
/// }
/// assert!(cover(&events).is_none(), "agreed, not yet sealed");
/// for e in game.decide(Color::Black, &Action::Seal { text: "h9g7".into() }, 9_000).events {
///     events.push(e);
/// }
/// let c = cover(&events).unwrap();
/// assert_eq!((c.sealer, c.move_number), (Color::Black, 1));
/// assert!(c.sealed_unix_ms > 1_000, "after the game's creation");
/// assert!(c.fen.contains(" b"), "black to move: {}", c.fen);
/// ```
pub fn cover(events: &[xiangqi_game::Event]) -> Option<Cover> {
    let (first, rest) = events.split_first()?;
    let mut game = Game::from_created(first).ok()?;
    for e in rest {
        game.apply(e);
    }
    if game.ruling().is_some() {
        return None;
    }
    let Adjournment::Sealed { ready, .. } = game.adjournment() else {
        return None;
    };
    let envelope = game.clock().envelope()?;
    let ms = |d: std::time::Duration| u64::try_from(d.as_millis()).unwrap_or(u64::MAX);
    let used = envelope.time_used();
    Some(Cover {
        sealer: envelope.sealer(),
        move_number: envelope.move_number(),
        fen: game.position().fen(),
        sealed_unix_ms: game
            .created_unix_ms()
            .saturating_add(ms(envelope.sealed_at())),
        used_ms: [ms(used[Color::Red]), ms(used[Color::Black])],
        ready: [ready[Color::Red], ready[Color::Black]],
    })
}
