//! Applying: the game changed by one stored event, the same code for a live game and for a
//! replay after a restart.

use crate::arbiter::Ruling;
use crate::game::ms;
use xiangqi::{Color, Move};
use xiangqi_clock::{BySide, ClockState, GameClock};
use xiangqi_referee::Ending;

use crate::event::Event;
use crate::game::{Adjournment, Game};

impl Game {
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
            } => self.apply_move(*side, mv, *at_ms, *lag_ms),
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
            Event::Sealed { by, at_ms, sealed } => self.apply_seal(*by, *at_ms, sealed),
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
            Event::Ended { ruling, at_ms } => self.apply_ending(ruling, *at_ms),
            // The rest are the desk's: arrivals, the clock's start and the arbiter's events,
            // listed once (`Event::is_arbiters`).
            _ => self.apply_desk(event),
        }
    }

    /// A move: the mover's clock pressed (started, at the first move), then the board.
    fn apply_move(&mut self, side: Color, mv: &str, at_ms: u64, lag_ms: u64) {
        let at = ms(at_ms);
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
                .start(side, at)
                .and_then(|()| press(&mut self.clock))
        } else {
            self.lag[side].record(lag_ms);
            press(&mut self.clock)
        };
        if let Err(e) = pressed {
            tracing::warn!(%e, "clock refused a stored move");
        }
        self.play(side, mv);
    }

    /// A sealed move (1960 §11 四): the clock stops on the seal, the game waits to resume.
    fn apply_seal(&mut self, by: Color, at_ms: u64, sealed: &str) {
        let Ok(m) = sealed.parse::<Move>() else {
            tracing::warn!(%sealed, "unreadable sealed move ignored");
            return;
        };
        if let Err(e) = self.clock.seal(ms(at_ms), sealed.to_owned()) {
            tracing::warn!(%e, "clock refused a stored seal");
        }
        self.adjournment = Adjournment::Sealed {
            by,
            sealed: m,
            ready: BySide::new(false, false),
        };
    }

    /// The end: the clock stopped (on a flag, at the flag's own instant), offers and the
    /// pause cleared, a claimed draw recorded with the referee.
    fn apply_ending(&mut self, ruling: &Ruling, at_ms: u64) {
        let at = ms(at_ms);
        let stopped = if ruling.reason == Some(Ending::Flag) {
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
