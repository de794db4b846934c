//! Deciding: what an action at a time would cause, as events or a refusal, changing nothing
//! (decide once: a move is read and ruled here, and its ruling kept for `apply`).

use crate::endings;
use xiangqi::{Color, Move};
use xiangqi_clock::ClockState;

use crate::actor::{Action, Actor};
use crate::event::Event;
use crate::game::{Adjournment, Decision, Game};
use crate::notation;
use crate::options::Pairs;
use crate::refusal::DeskRefusal;
use crate::refusal::Refusal;
use crate::work;

impl Game {
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
    /// assert_eq!((ruling.result, ruling.reason_name()), (GameResult::BlackWins, "resignation"));
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
                ruling: endings::resignation(actor, self.ply()),
                at_ms: now,
            }]),
            Action::Draw(answer) => self.decide_draw(actor, *answer, now),
            Action::Adjourn(answer) => self.decide_adjourn(actor, *answer),
            Action::Seal { text } => self.decide_seal(actor, text, now),
            Action::Resume => self.decide_resume(actor, now),
            Action::Claim => self.decide_claim(actor, now),
            Action::AskLimit { ground } => self.decide_player_limit_request(actor, *ground),
        }
    }

    pub(crate) fn read_move(&self, text: &str) -> Result<Move, Refusal> {
        let m = notation::parse_move(&self.pos, text)
            .map_err(|e| Refusal::Unreadable(e.to_string()))?;
        let mut probe = self.pos.clone();
        work::count(|w| w.checked += 1);
        probe.play(m).map_err(Refusal::Illegal)?;
        Ok(m)
    }

    /// `seat`: the partner who moves (`None`: the arbiter, scoring over the board).
    pub(crate) fn decide_move(
        &self,
        actor: Color,
        seat: Option<u8>,
        text: &str,
        lag_ms: u64,
        now: u64,
    ) -> Decision {
        if let Err(refusal) = self.may_move(actor, seat, now) {
            return Decision::refuse(refusal);
        }
        let ruled = match notation::parse_move(&self.pos, text) {
            Ok(m) => self.rule_move(m),
            Err(e) => Err(Refusal::Unreadable(e.to_string())),
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
        let (at, lag) = self.move_instant(actor, lag_ms, now);
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

    /// Whether `actor` (partner `seat`) may move now: no limit waiting for judgment, no
    /// pause, the scheduled start reached, no adjournment in the way, his turn (and in a
    /// pairs game without consulting, his partner's turn over).
    fn may_move(&self, actor: Color, seat: Option<u8>, now: u64) -> Result<(), Refusal> {
        if self.desk.limit_pending.is_some() {
            return Err(Refusal::Desk(DeskRefusal::LimitToJudge));
        }
        if self.desk.paused {
            return Err(Refusal::Paused);
        }
        if self.clock.state() == ClockState::Ready
            && self
                .options
                .starts_at_ms(self.created_unix_ms)
                .is_some_and(|start| now < start)
        {
            return Err(Refusal::Scheduled);
        }
        match self.adjournment {
            Adjournment::Sealed { .. } => return Err(Refusal::Adjourned),
            Adjournment::Agreed if actor == self.turn() => {
                return Err(Refusal::SealRequired);
            }
            _ => {}
        }
        if actor != self.turn() {
            return Err(Refusal::NotYourTurn);
        }
        if let (Some(Pairs::Alternate), Some(seat)) = (self.options.pairs, seat) {
            // The partners take the side's moves in turn (一走一停, 1960 §8 一(二)).
            let made = self.moves.iter().filter(|m| m.side == actor).count();
            if usize::from(seat) != made % 2 {
                return Err(Refusal::PartnersTurn);
            }
        }
        Ok(())
    }

    /// The clock instant of a move arriving `now` and the lag compensation granted
    /// (the first move starts the clocks and costs nothing: the opponent may not have opened
    /// the link yet).
    fn move_instant(&self, actor: Color, lag_ms: u64, now: u64) -> (u64, u64) {
        if self.clock.state() == ClockState::Ready {
            (now, 0)
        } else {
            let last = self.clamp(0);
            let comp = self.lag[actor].compensation(lag_ms, now - last);
            (now - comp, comp)
        }
    }

    /// The `Ended` event if playing `m` now ends the game on the board. The ruled move is
    /// kept for the event that plays it, which must come first in the decision.
    pub(crate) fn board_ending(&self, m: Move, at: u64) -> Option<Event> {
        let ruled = self.rule_move(m).ok()?;
        let ending = ruled.ending();
        self.memo.keep(self.seq + 1, ruled);
        ending.map(|ruling| Event::Ended { ruling, at_ms: at })
    }
}
