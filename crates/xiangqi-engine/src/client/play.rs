//! An engine as a [`Player`]: a new game, and a move asked for with the position, the clock
//! and the moves banned, answered by `bestmove` before the deadline.

use std::time::Instant;

use super::Engine;
use crate::Dialect;
use crate::error::EngineError;
use crate::player::{Player, Reply, Request};
use crate::protocol::{EngineMessage, Info};

impl Player for Engine {
    fn name(&self) -> &str {
        &self.config.name
    }

    fn new_game(&mut self) -> Result<(), EngineError> {
        if self.dialect != Dialect::Ucci {
            self.send("ucinewgame")?;
        }
        self.ready()
    }

    fn go(&mut self, req: &Request) -> Result<Reply, EngineError> {
        let started = Instant::now();
        let deadline = req
            .deadline
            .unwrap_or(started + self.config.timeouts.move_without_clock);
        let position = self.dialect.position_command(req.start, req.moves);
        self.send(&position)?;
        let turn = req.position.turn();
        for line in self
            .dialect
            .go_commands(&req.go, turn, req.banned, req.allowed, self.millis)
        {
            self.send(&line)?;
        }
        let mut last: Option<Info> = None;
        let mut seen = 0usize;
        loop {
            let message = match self.next(deadline, "bestmove") {
                Err(EngineError::Timeout { .. }) => {
                    let _ = self.send("stop");
                    return Err(EngineError::Timeout {
                        engine: self.config.name.clone(),
                        waiting_for: format!(
                            "bestmove (no answer in {:.1} s)",
                            started.elapsed().as_secs_f64()
                        ),
                    });
                }
                other => other?,
            };
            seen += 1;
            if seen > 1_000_000 {
                return Err(EngineError::Babbling {
                    engine: self.config.name.clone(),
                    why: "a million lines without a bestmove".to_owned(),
                });
            }
            match message {
                EngineMessage::Info(info) if info.score.is_some() => last = Some(info),
                EngineMessage::BestMove(b) => {
                    return Ok(Reply {
                        mv: b.mv,
                        notation: self.dialect.notation(),
                        draw: b.draw,
                        resign: b.resign,
                        info: last,
                        elapsed: started.elapsed(),
                    });
                }
                EngineMessage::NoBestMove => {
                    return Ok(Reply {
                        mv: None,
                        notation: self.dialect.notation(),
                        draw: false,
                        resign: false,
                        info: last,
                        elapsed: started.elapsed(),
                    });
                }
                _ => {}
            }
        }
    }
}
