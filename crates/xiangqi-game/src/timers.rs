//! The game's clock of the hall: the flag timer, a scheduled start, the late-arrival
//! deadline (current rules 4.1.5), and a server restart (the server's room).

use crate::endings;
use crate::game::ms;
use xiangqi_clock::ClockState;

use super::{Event, Game};

impl Game {
    /// The next instant (game ms) the room must wake up at: the flag timer, a scheduled
    /// start, or the late-arrival deadline (4.1.5).
    pub fn next_timer_ms(&self) -> Option<u64> {
        if self.ruling.is_some() {
            return None;
        }
        let start = self
            .options
            .starts_at_ms(self.created_unix_ms)
            .filter(|_| self.clock.state() == ClockState::Ready);
        let arrival = self
            .options
            .arrival_deadline_ms(self.created_unix_ms)
            .filter(|_| !(self.desk.arrived.red && self.desk.arrived.black))
            .map(|d| d.saturating_add(1));
        [self.flag_timer_ms(), start, arrival]
            .into_iter()
            .flatten()
            .min()
    }

    /// The instant (game ms) after which the server should declare the running side's flag:
    /// the deadline plus that side's grace (see [`super::lag`]). `None` unless a clock runs.
    pub fn flag_timer_ms(&self) -> Option<u64> {
        if self.ruling.is_some() {
            return None;
        }
        let deadline = self.clock.flag_deadline()?;
        let side = self.clock.to_move()?;
        let deadline = u64::try_from(deadline.as_millis()).unwrap_or(u64::MAX);
        Some(
            deadline
                .saturating_add(self.lag[side].grace_ms())
                .saturating_add(1),
        )
    }

    /// The flag, if it fell before `at` (no grace).
    pub(super) fn fallen(&self, at: u64) -> bool {
        self.clock
            .flag_deadline()
            .is_some_and(|d| u128::from(at) > d.as_millis())
    }

    /// An `Ended` event if the running side's flag fell before `now` allowing its grace.
    pub(super) fn flag_with_grace(&self, now: u64) -> Option<Event> {
        let side = self.clock.to_move()?;
        let at = now.saturating_sub(self.lag[side].grace_ms());
        self.flag_event(at)
    }

    pub(super) fn flag_event(&self, at: u64) -> Option<Event> {
        if !self.fallen(at) {
            return None;
        }
        let mut probe = self.clock.clone();
        let flag = probe.check(ms(at)).ok().flatten()?;
        Some(Event::Ended {
            ruling: endings::flag(&flag, self.ply()),
            at_ms: at,
        })
    }

    /// The server's timer fired at `now` (game ms): a scheduled start, a late arrival
    /// (4.1.5), a flag.
    ///
    /// ```
    /// use xiangqi::Color;
    /// use xiangqi_game::{Action, Event, Game};
    /// let created = Event::Created {
    ///     control: "1m".into(),
    ///     rules: Default::default(),
    ///     fen: xiangqi::Position::start().fen(),
    ///     created_unix_ms: 0,
    ///     options: Default::default(),
    /// };
    /// let mut game = Game::from_created(&created).unwrap();
    /// for e in game.decide(Color::Red, &Action::Move { text: "h2e2".into(), lag_ms: 0 }, 0).events {
    ///     game.apply(&e);
    /// }
    /// // Black's minute runs from the first move; the timer fires after it and its grace.
    /// let at = game.next_timer_ms().unwrap();
    /// assert!(at > 60_000);
    /// assert!(game.on_timer(30_000).is_empty());
    /// assert!(matches!(game.on_timer(at)[..], [Event::Ended { .. }]));
    /// ```
    pub fn on_timer(&self, now: u64) -> Vec<Event> {
        if self.ruling.is_some() {
            return Vec::new();
        }
        let now = self.clamp(now);
        if let Some(events) = self.scheduled_events(now) {
            return events;
        }
        self.flag_with_grace(now).into_iter().collect()
    }

    /// The server restarted at `now`; it was last known alive at `last_alive` (both game
    /// ms). The side to move is charged up to `last_alive`, not for the outage.
    pub fn on_restart(&self, last_alive: u64, now: u64) -> Vec<Event> {
        if self.ruling.is_some() || self.clock.state() != ClockState::Running {
            return Vec::new();
        }
        let last_alive = self.clamp(last_alive);
        let now = now.max(last_alive);
        if let Some(ended) = self.flag_with_grace(last_alive) {
            return vec![ended];
        }
        // A flag within its grace when the server died: stop at the deadline, so the
        // player resumes on zero with the grace still to come.
        let deadline = self.clock.flag_deadline().map_or(last_alive, |d| {
            u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
        });
        let pause_at = last_alive.min(deadline).max(self.clamp(0));
        vec![
            Event::ClockPaused { at_ms: pause_at },
            Event::ClockResumed { at_ms: now },
        ]
    }
}
