//! The arbiter's procedures on a [`Game`]: deciding the desk's actions, the automatic
//! endings they set up (fouls, move limit, late arrival), and applying their events.
//!
//! Articles are cited in [`super::desk`].

use crate::endings;
use crate::game::ms;
use xiangqi::Color;
use xiangqi_clock::ClockState;

use super::arbiter::Arbiter;
use super::desk::{ArbiterAction, FoulKind};
use super::event::Sanction;
use super::{Adjournment, Decision, DeskRefusal, Event, Game, Refusal, Ruling};
use xiangqi_referee::ForfeitReason;

impl Game {
    pub(super) fn decide_arbiter(&self, action: &ArbiterAction, now: u64) -> Decision {
        let ply = self.ply();
        let end = |ruling: Ruling| Decision::take(vec![Event::Ended { ruling, at_ms: now }]);
        match action {
            ArbiterAction::Foul { side, foul, note } => {
                Decision::take(self.foul_events(*side, *foul, note.clone(), now))
            }
            ArbiterAction::LimitRequest { ground, side } => {
                self.decide_limit_request(*ground, *side)
            }
            ArbiterAction::MoveLimit { rounds } => self.decide_limit_declare(*rounds, now),
            ArbiterAction::LimitRuling {
                verdict,
                rounds,
                note,
            } => self.decide_limit_ruling(*verdict, *rounds, note, now),
            ArbiterAction::LiftLimit { note } => self.decide_lift(note),
            ArbiterAction::Touch { squares } => self.decide_touch(squares),
            ArbiterAction::Untouch { note } => self.decide_untouch(note),
            ArbiterAction::Correct { from_ply, note } => self.decide_correct(*from_ply, note, now),
            ArbiterAction::Warn { side, note } => self.decide_warn(*side, note),
            ArbiterAction::Disqualify { side, note } => self.decide_disqualify(*side, note, now),
            ArbiterAction::SealedError { meant, note } => {
                self.decide_sealed_error(meant.as_deref(), note, now)
            }
            ArbiterAction::Forfeit { side, reason } => end(endings::forfeit(*side, *reason, ply)),
            ArbiterAction::Adjudicate { result, note } => {
                end(endings::adjudication(*result, note, ply))
            }
            ArbiterAction::RepetitionDraw => self.decide_arbiter_draw(now),
            ArbiterAction::Pause => self.decide_pause(now),
            ArbiterAction::Resume => self.decide_restart(now),
            ArbiterAction::Time { side, ms, note } => Decision::take(vec![Event::TimeAdjusted {
                side: *side,
                ms: *ms,
                note: note.clone(),
                at_ms: now,
                by: None,
            }]),
            ArbiterAction::Adjourn => self.decide_order_adjournment(),
            ArbiterAction::Takeback { to_ply, note } => self.decide_takeback(*to_ply, note, now),
        }
    }

    /// The arbiter stops the clocks.
    fn decide_pause(&self, now: u64) -> Decision {
        match self.clock.state() {
            ClockState::Running => Decision::take(vec![Event::ArbiterPaused {
                at_ms: now,
                by: None,
            }]),
            ClockState::Paused if self.desk.paused => Decision::refuse(Refusal::Paused),
            _ => Decision::refuse(Refusal::ClockNotRunning),
        }
    }

    /// The arbiter restarts the clocks he stopped, unless a run-out limit waits for his
    /// judgment.
    fn decide_restart(&self, now: u64) -> Decision {
        if self.desk.limit_pending.is_some() {
            Decision::refuse(Refusal::Desk(DeskRefusal::LimitToJudge))
        } else if self.desk.paused {
            Decision::take(vec![Event::ArbiterResumed {
                at_ms: now,
                by: None,
            }])
        } else {
            Decision::refuse(Refusal::NotPaused)
        }
    }

    /// The arbiter orders the adjournment: the side to move will seal (1960 §11 四).
    fn decide_order_adjournment(&self) -> Decision {
        match (&self.adjournment, self.clock.state()) {
            (Adjournment::Sealed { .. } | Adjournment::Agreed, _) => {
                Decision::refuse(Refusal::Adjourned)
            }
            (_, ClockState::Running) => Decision::take(vec![Event::AdjournmentOrdered {
                ply: self.ply(),
                by: None,
            }]),
            (_, ClockState::Paused) => Decision::refuse(Refusal::Paused),
            _ => Decision::refuse(Refusal::ClockNotRunning),
        }
    }

    /// The arbiter takes moves back so that `to_ply` stand (5.8).
    fn decide_takeback(&self, to_ply: u32, note: &str, now: u64) -> Decision {
        if to_ply >= self.ply() {
            return Decision::refuse(Refusal::NothingToTakeBack);
        }
        if self.is_adjourned() {
            return Decision::refuse(Refusal::Adjourned);
        }
        let moves = self.moves[to_ply as usize..]
            .iter()
            .map(|m| m.iccs.clone())
            .collect();
        Decision::take(vec![Event::TakenBack {
            to_ply,
            moves,
            note: note.to_owned(),
            at_ms: now,
            by: None,
        }])
    }

    /// A foul, and the loss if it reaches the game's limit (4.1.8).
    pub(super) fn foul_events(
        &self,
        side: Color,
        foul: FoulKind,
        note: String,
        now: u64,
    ) -> Vec<Event> {
        let count = self.desk.fouls[side] + 1;
        let ply = self.ply();
        let mut events = vec![Event::Foul {
            side,
            foul,
            sanction: Sanction {
                note,
                count,
                ply,
                by: None,
            },
        }];
        if count >= self.options.foul_limit() {
            events.push(Event::Ended {
                ruling: endings::fouls(side, count, ply),
                at_ms: now,
            });
        }
        events
    }

    /// Whether an offer by `side` now repeats one declined on its previous turn (连续提和,
    /// 2.8(1)): a side may offer again once a turn of its own has passed without an offer.
    pub(super) fn repeats_offer(&self, side: Color) -> bool {
        self.desk.declined[side]
            && self.desk.last_offer[side].is_some_and(|p| self.ply() <= p.saturating_add(2))
    }

    /// A scheduled start that has come, or the late-arrival deadline passed (4.1.5).
    pub(super) fn scheduled_events(&self, now: u64) -> Option<Vec<Event>> {
        let created = self.created_unix_ms;
        if self.clock.state() == ClockState::Ready
            && let Some(start) = self.options.starts_at_ms(created)
            && start <= now
        {
            return Some(vec![Event::ClockStarted {
                at_ms: start.max(self.clamp(0)),
            }]);
        }
        let deadline = self.options.arrival_deadline_ms(created)?;
        if now <= deadline {
            return None;
        }
        let arrived = self.desk.arrived;
        let ruling = match (arrived.red, arrived.black) {
            (true, true) => return None,
            (false, false) => endings::both_late(self.ply()),
            (false, true) => endings::forfeit(Color::Red, ForfeitReason::LateArrival, self.ply()),
            (true, false) => endings::forfeit(Color::Black, ForfeitReason::LateArrival, self.ply()),
        };
        Some(vec![Event::Ended { ruling, at_ms: now }])
    }

    /// The arbiter's rulings as record comments: the ply each follows, and the text.
    pub fn arbiter_notes(&self) -> &[(u32, String)] {
        &self.desk.notes
    }

    /// Applies an event of the desk (see [`Game::apply`]).
    pub(super) fn apply_desk(&mut self, event: &Event) {
        if event.is_arbiters() {
            let mut public = event.public();
            if let Some(map) = public.as_object_mut() {
                map.insert("seq".into(), self.seq.into());
            }
            self.desk.log.push(public);
        }
        if let Some(text) = super::notes::note_text(event) {
            let ply = match event {
                Event::TakenBack { to_ply, .. } | Event::Corrected { to_ply, .. } => *to_ply,
                _ => self.ply(),
            };
            let text = match event.signer() {
                Some(by) => format!("〔{} · {}〕{text}", by.chinese(), by.english()),
                None => text,
            };
            self.desk.notes.push((ply, text));
        }
        let clock_result = match event {
            Event::Arrived { side, .. } => {
                self.desk.arrived[*side] = true;
                Ok(())
            }
            Event::ClockStarted { at_ms } => self.clock.start(self.turn(), ms(*at_ms)),
            Event::Foul { side, sanction, .. } => {
                self.desk.fouls[*side] = sanction.count;
                Ok(())
            }
            Event::MoveLimitDeclared { .. }
            | Event::MoveLimitExpired { .. }
            | Event::LimitJudged { .. }
            | Event::MoveLimitLifted { .. } => {
                self.apply_limit(event);
                Ok(())
            }
            Event::Touched { .. }
            | Event::Untouched { .. }
            | Event::Warned { .. }
            | Event::SealCorrected { .. } => {
                self.apply_discipline(event);
                Ok(())
            }
            Event::Corrected {
                to_ply,
                binding,
                at_ms,
                ..
            } => {
                let done = self.take_back(*to_ply, *at_ms);
                self.desk.binding = Some(binding.clone());
                done
            }
            Event::ArbiterPaused { at_ms, .. } => {
                self.desk.paused = true;
                self.clock.pause(ms(*at_ms))
            }
            Event::ArbiterResumed { at_ms, .. } => {
                self.desk.paused = false;
                self.clock.resume(ms(*at_ms)).map(|_| ())
            }
            Event::TimeAdjusted {
                side, ms: amount, ..
            } => {
                let amount_ms = amount.unsigned_abs();
                self.clock.adjust(*side, ms(amount_ms), *amount > 0);
                Ok(())
            }
            Event::ClaimRefused { .. } => Ok(()),
            Event::AdjournmentOrdered { .. } => {
                self.adjournment = Adjournment::Agreed;
                Ok(())
            }
            Event::TakenBack { to_ply, at_ms, .. } => self.take_back(*to_ply, *at_ms),
            _ => Ok(()),
        };
        if let Err(e) = clock_result {
            tracing::warn!(%e, "clock refused a stored arbiter event");
        }
    }

    /// Replays the game from the start up to `to_ply` moves (5.8 纠正错误). The time used
    /// stays used; the clock is handed to the side now on move.
    fn take_back(&mut self, to_ply: u32, at_ms: u64) -> Result<(), xiangqi_clock::ClockError> {
        let keep: Vec<_> = self.moves.drain(..).take(to_ply as usize).collect();
        match Arbiter::with_options(
            &self.start,
            self.rules,
            self.options.repetitions,
            self.options.natural_limit,
            self.options.move_odds,
            self.options.procedure.unwrap_or_default(),
        ) {
            Ok(arbiter) => self.arbiter = arbiter,
            Err(e) => tracing::warn!(%e, "takeback: the referee could not be rebuilt"),
        }
        self.pos = self.start.clone();
        if let Some(limit) = &mut self.desk.move_limit {
            limit.captures = 0;
            if limit.from_ply > to_ply {
                self.desk.move_limit = None;
                self.desk.limit_noted = None;
            }
        }
        // The move that ran the limit out is taken back: nothing is left to judge.
        self.desk.limit_pending = None;
        self.desk.binding = None;
        for m in keep {
            self.play(m.side, &m.iccs);
        }
        self.draw_offer = None;
        self.adjournment = Adjournment::None;
        let turn = self.turn();
        if self.clock.state() != ClockState::Ready && self.clock.to_move() != Some(turn) {
            self.clock.hand_over(turn, ms(at_ms))?;
        }
        Ok(())
    }
}
