//! The desk's procedures on the players' conduct and on the pieces: touch-move recorded
//! (1960 §7 四; current 5.1–5.5), corrections that bind the replay (1960 §7 五), warnings
//! and disqualification (1960 §18 九: 给予处分（从警告直至除名）; current 8.8), and the
//! ruling on a wrong or unclear sealed move (1960 §4 一(六)). The binding itself is
//! [`super::touch`]; the endings' texts are in `endings.rs`.

use crate::endings;
use xiangqi::Color;
use xiangqi::Move;

use super::event::Sanction;
use super::touch::{Binding, BindingCause};
use super::{Adjournment, Decision, DeskRefusal, Event, Game, Refusal, notation};

fn refuse(d: DeskRefusal) -> Decision {
    Decision::refuse(Refusal::Desk(d))
}

impl Game {
    /// The pieces touched, after those already recorded this turn.
    pub(super) fn decide_touch(&self, squares: &[String]) -> Decision {
        if self.is_adjourned() {
            return Decision::refuse(Refusal::Adjourned);
        }
        let (mut all, cause) = match &self.desk.binding {
            Some(b) => (b.squares.clone(), b.cause.clone()),
            None => (Vec::new(), BindingCause::Touch),
        };
        all.extend(squares.iter().map(|s| s.trim().to_ascii_lowercase()));
        match Binding::rule(&self.pos, &all, cause) {
            Ok(binding) => Decision::take(vec![Event::Touched { binding, by: None }]),
            Err(e) => refuse(DeskRefusal::BadTouch(e.to_string())),
        }
    }

    pub(super) fn decide_untouch(&self, note: &str) -> Decision {
        match &self.desk.binding {
            Some(b) if b.cause == BindingCause::Touch => Decision::take(vec![Event::Untouched {
                side: b.side,
                note: note.to_owned(),
                by: None,
            }]),
            _ => refuse(DeskRefusal::NothingTouched),
        }
    }

    /// 1960 §7 五: "应从走错了的那一着棋起重走。重走时，仍应走那个已动的棋子".
    pub(super) fn decide_correct(&self, from_ply: u32, note: &str, now: u64) -> Decision {
        if from_ply >= self.ply() {
            return refuse(DeskRefusal::NothingToCorrect);
        }
        if self.is_adjourned() {
            return Decision::refuse(Refusal::Adjourned);
        }
        let from = from_ply as usize;
        let mut pos = self.start.clone();
        for m in &self.moves[..from] {
            if pos.play(m.mv).is_err() {
                return refuse(DeskRefusal::NothingToCorrect);
            }
        }
        let piece = self.moves[from].mv.from().to_string();
        let binding = match Binding::rule(&pos, &[piece], BindingCause::Correction) {
            Ok(b) => b,
            Err(e) => return refuse(DeskRefusal::BadTouch(e.to_string())),
        };
        Decision::take(vec![Event::Corrected {
            to_ply: from_ply,
            moves: self.moves[from..].iter().map(|m| m.iccs.clone()).collect(),
            binding,
            note: note.to_owned(),
            at_ms: now,
            by: None,
        }])
    }

    pub(super) fn decide_warn(&self, side: Color, note: &str) -> Decision {
        Decision::take(vec![Event::Warned {
            side,
            sanction: Sanction {
                note: note.to_owned(),
                count: self.desk.warnings[side] + 1,
                ply: self.ply(),
                by: None,
            },
        }])
    }

    pub(super) fn decide_disqualify(&self, side: Color, note: &str, now: u64) -> Decision {
        Decision::take(vec![Event::Ended {
            ruling: endings::disqualification(side, note, self.ply()),
            at_ms: now,
        }])
    }

    /// 1960 §4 一(六): "“封棋”时所记着法有误而又解释不清者" loses; explained, the move meant
    /// stands in the envelope.
    pub(super) fn decide_sealed_error(
        &self,
        meant: Option<&str>,
        note: &str,
        now: u64,
    ) -> Decision {
        let Adjournment::Sealed { by, .. } = &self.adjournment else {
            return refuse(DeskRefusal::NoSealedMove);
        };
        let Some(text) = meant else {
            return Decision::take(vec![Event::Ended {
                ruling: endings::sealed_error(*by, note, self.ply()),
                at_ms: now,
            }]);
        };
        let m: Result<Move, String> = notation::parse_move(&self.pos, text)
            .map_err(|e| e.to_string())
            .and_then(|m| {
                let mut probe = self.pos.clone();
                probe.play(m).map(|_| m).map_err(|e| e.to_string())
            });
        match m {
            Ok(m) => Decision::take(vec![Event::SealCorrected {
                sealed: m.to_string(),
                note: note.to_owned(),
                by: None,
            }]),
            Err(e) => refuse(DeskRefusal::MeantIllegal(e)),
        }
    }

    /// Applies an event of these procedures.
    pub(super) fn apply_discipline(&mut self, event: &Event) {
        match event {
            Event::Touched { binding, .. } => self.desk.binding = Some(binding.clone()),
            Event::Untouched { .. } => self.desk.binding = None,
            Event::Warned { side, sanction } => self.desk.warnings[*side] = sanction.count,
            Event::SealCorrected { sealed, .. } => {
                if let (Adjournment::Sealed { sealed: slot, .. }, Ok(m)) =
                    (&mut self.adjournment, sealed.parse::<Move>())
                {
                    *slot = m;
                }
            }
            _ => {}
        }
    }

    /// The moves the side to move is bound to by a touch or a correction.
    ///
    /// ```
    /// use xiangqi_game::{Action, Actor, ArbiterAction, Event, Game};
    /// let mut game = Game::from_created(&Event::Created {
    ///     control: "10m".into(),
    ///     rules: Default::default(),
    ///     fen: xiangqi::Position::start().fen(),
    ///     created_unix_ms: 0,
    ///     options: Default::default(),
    /// }).unwrap();
    /// let touch = Action::Arbiter(ArbiterAction::Touch { squares: vec!["b0".into()] });
    /// for e in game.decide_as(Actor::Arbiter, &touch, 0).events {
    ///     game.apply(&e);
    /// }
    /// assert_eq!(game.binding().unwrap().moves, ["b0a2", "b0c2"]);
    /// ```
    pub fn binding(&self) -> Option<&Binding> {
        self.desk.binding.as_ref()
    }

    /// Each side's warnings.
    ///
    /// ```
    /// use xiangqi::Color;
    /// use xiangqi_game::{Action, Actor, ArbiterAction, Event, Game};
    /// let mut game = Game::from_created(&Event::Created {
    ///     control: "10m".into(),
    ///     rules: Default::default(),
    ///     fen: xiangqi::Position::start().fen(),
    ///     created_unix_ms: 0,
    ///     options: Default::default(),
    /// }).unwrap();
    /// let warn = Action::Arbiter(ArbiterAction::Warn { side: Color::Black, note: String::new() });
    /// for e in game.decide_as(Actor::Arbiter, &warn, 0).events {
    ///     game.apply(&e);
    /// }
    /// assert_eq!((game.warnings().red, game.warnings().black), (0, 1));
    /// ```
    pub fn warnings(&self) -> xiangqi_clock::BySide<u32> {
        self.desk.warnings
    }
}
