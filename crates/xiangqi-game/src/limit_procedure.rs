//! The move limit's procedure on a [`Game`] (1960 rules §12; the criteria and the decisions
//! where the book leaves room are in [`super::limit`]): a request recorded (一), the
//! declaration with the clocks stopped and the position noted (二), the expiry that stops the
//! clocks and shows the arbiter the criteria, his ruling (四), and lifting a limit.

use crate::endings;
use xiangqi::Color;
use xiangqi::Move;
use xiangqi_clock::ClockState;

use super::limit::{LimitChanges, LimitGround, LimitVerdict, MoveLimit};
use super::{Decision, DeskRefusal, Event, Game, Refusal};

/// 1960 §12 三: "在一般的情况下，限着的数目定为40回合".
pub const GENERAL_LIMIT: u32 = 40;

fn refuse(d: DeskRefusal) -> Decision {
    Decision::refuse(Refusal::Desk(d))
}

impl Game {
    /// Whether a limit is in force or awaits judgment.
    fn limit_busy(&self) -> bool {
        self.desk.move_limit.is_some() || self.desk.limit_pending.is_some()
    }

    pub(super) fn decide_limit_request(
        &self,
        ground: LimitGround,
        side: Option<Color>,
    ) -> Decision {
        if self.limit_busy() {
            return refuse(DeskRefusal::LimitInForce);
        }
        Decision::take(vec![Event::LimitRequested {
            ground,
            side,
            ply: self.ply(),
            by: None,
        }])
    }

    /// A player's own request (§12 一(一), 一(二): "由一方的运动员提出"), recorded for the
    /// arbiter as his is; the arbiter's own ground (一(三)) is not a player's to give, and
    /// the request changes nothing on the board or the clocks: the arbiter declares (二).
    pub(super) fn decide_player_limit_request(&self, side: Color, ground: LimitGround) -> Decision {
        if !ground.player_asks() {
            return Decision::refuse(Refusal::NotYours);
        }
        if self.limit_asked(side) && !self.limit_busy() {
            return refuse(DeskRefusal::LimitAsked);
        }
        self.decide_limit_request(ground, Some(side))
    }

    /// Whether `side` asked for a limit since the arbiter last declared, judged or lifted
    /// one: asked once, the request waits for him (the desk's log holds the requests; the
    /// desk keeps no other trace of them).
    fn limit_asked(&self, side: Color) -> bool {
        let acted = |kind: &str| {
            matches!(
                kind,
                "move_limit_declared" | "limit_judged" | "move_limit_lifted"
            )
        };
        let side = serde_json::to_value(side).unwrap_or_default();
        self.desk
            .log
            .iter()
            .rev()
            .take_while(|e| !acted(e["kind"].as_str().unwrap_or("")))
            .any(|e| e["kind"] == "limit_requested" && e["side"] == side)
    }

    /// The declaration (§12 二): "裁判员先令双方暂停，并记下局势（注明第几回合，轮到何方走），
    /// 告诉双方运动员限着数目，然后重行开钟续弈". With the clocks running they stop and restart
    /// at the same instant around it; stopped by the arbiter, they stay stopped.
    pub(super) fn decide_limit_declare(&self, rounds: u32, now: u64) -> Decision {
        if self.limit_busy() {
            return refuse(DeskRefusal::LimitInForce);
        }
        Decision::take(self.declaration(rounds, now))
    }

    fn declaration(&self, rounds: u32, now: u64) -> Vec<Event> {
        let declared = Event::MoveLimitDeclared {
            rounds,
            ply: self.ply(),
            fen: self.pos.fen(),
            to_move: Some(self.turn()),
            by: None,
        };
        if self.clock.state() == ClockState::Running {
            vec![
                Event::ArbiterPaused {
                    at_ms: now,
                    by: None,
                },
                declared,
                Event::ArbiterResumed {
                    at_ms: now,
                    by: None,
                },
            ]
        } else {
            vec![declared]
        }
    }

    /// The arbiter's ruling at expiry (§12 四), checked against the criteria found.
    pub(super) fn decide_limit_ruling(
        &self,
        verdict: LimitVerdict,
        rounds: Option<u32>,
        note: &str,
        now: u64,
    ) -> Decision {
        let Some(changes) = &self.desk.limit_pending else {
            return refuse(DeskRefusal::NoLimitToJudge);
        };
        let changed = changes.any();
        let against = match verdict {
            LimitVerdict::Draw => changed,
            LimitVerdict::NewLimit | LimitVerdict::PlayOn => !changed,
        };
        if against && note.trim().is_empty() {
            return refuse(DeskRefusal::RulingNeedsNote { changed });
        }
        let ply = self.ply();
        let mut events = vec![Event::LimitJudged {
            verdict,
            changed,
            note: note.to_owned(),
            ply,
            by: None,
        }];
        let resume = Event::ArbiterResumed {
            at_ms: now,
            by: None,
        };
        match verdict {
            LimitVerdict::Draw => {
                let rounds = self.desk.move_limit.map_or(0, |l| l.rounds);
                let mut ruling = endings::move_limit(rounds, ply);
                if !note.is_empty() {
                    ruling.explanation_zh = format!("{}（{note}）", ruling.explanation_zh);
                    ruling.explanation = format!("{} ({note})", ruling.explanation);
                }
                events.push(Event::Ended { ruling, at_ms: now });
            }
            LimitVerdict::NewLimit => {
                events.push(Event::MoveLimitDeclared {
                    rounds: rounds.unwrap_or(GENERAL_LIMIT),
                    ply,
                    fen: self.pos.fen(),
                    to_move: Some(self.turn()),
                    by: None,
                });
                events.extend(self.desk.paused.then_some(resume));
            }
            LimitVerdict::PlayOn => events.extend(self.desk.paused.then_some(resume)),
        }
        Decision::take(events)
    }

    pub(super) fn decide_lift(&self, note: &str) -> Decision {
        if self.desk.limit_pending.is_some() {
            return refuse(DeskRefusal::LimitToJudge);
        }
        if self.desk.move_limit.is_none() {
            return refuse(DeskRefusal::NoMoveLimit);
        }
        Decision::take(vec![Event::MoveLimitLifted {
            ply: self.ply(),
            note: note.to_owned(),
            by: None,
        }])
    }

    /// After `m`, the declared limit's end (§12 四): the criteria measured against the noted
    /// position, and the clocks stopped for the arbiter's ruling.
    pub(super) fn move_limit_after(&self, m: Move, at: u64) -> Vec<Event> {
        let Some(limit) = self.desk.move_limit else {
            return Vec::new();
        };
        let ply = self.ply() + 1;
        if ply < limit.ends_at() || self.desk.limit_pending.is_some() {
            return Vec::new();
        }
        let captures = limit.captures + u32::from(self.pos.piece_at(m.to()).is_some());
        let mut after = self.pos.clone();
        if after.play(m).is_err() {
            return Vec::new();
        }
        let noted = self.desk.limit_noted.as_ref().unwrap_or(&self.start);
        vec![
            Event::MoveLimitExpired {
                ply,
                captures,
                changes: Some(LimitChanges::between(noted, &after)),
            },
            Event::ArbiterPaused {
                at_ms: at,
                by: None,
            },
        ]
    }

    /// Applies an event of the limit's procedure.
    pub(super) fn apply_limit(&mut self, event: &Event) {
        match event {
            Event::MoveLimitDeclared { rounds, ply, .. } => {
                self.desk.move_limit = Some(MoveLimit {
                    rounds: *rounds,
                    from_ply: *ply,
                    captures: 0,
                });
                // Applied in order, the position now is the one the declaration noted.
                self.desk.limit_noted = Some(self.pos.clone());
            }
            Event::MoveLimitExpired { changes: None, .. } => {
                // An older game's expiry after captures: play went on without a limit.
                self.desk.move_limit = None;
                self.desk.limit_noted = None;
            }
            Event::MoveLimitExpired {
                changes: Some(c), ..
            } => self.desk.limit_pending = Some(c.clone()),
            Event::LimitJudged { .. } | Event::MoveLimitLifted { .. } => {
                self.desk.limit_pending = None;
                self.desk.move_limit = None;
                self.desk.limit_noted = None;
            }
            _ => {}
        }
    }

    /// The expired limit awaiting the arbiter's ruling, with the book's criteria.
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
    /// let limit = Action::Arbiter(ArbiterAction::MoveLimit { rounds: 1 });
    /// for e in game.decide_as(Actor::Arbiter, &limit, 0).events {
    ///     game.apply(&e);
    /// }
    /// for (side, mv) in [(Color::Red, "h2e2"), (Color::Black, "h9g7")] {
    ///     let play = Action::Move { text: mv.into(), lag_ms: 0 };
    ///     for e in game.decide(side, &play, 1_000).events {
    ///         game.apply(&e);
    ///     }
    /// }
    /// assert!(!game.limit_pending().unwrap().any(), "no new change: the book's draw");
    /// ```
    pub fn limit_pending(&self) -> Option<&LimitChanges> {
        self.desk.limit_pending.as_ref()
    }
}
