//! Moves entering the game: ruled once by a decision, or read and ruled once when a stored
//! move is replayed (see [`super::ruled`]).

use xiangqi::Color;
use xiangqi::{Move, Position};
use xiangqi_referee::PlayError;

use super::arbiter::Arbiter;
use super::ruled::Ruled;
use super::{Adjournment, BadCreation, Game, PlayedMove, Refusal, notation, work};

impl Game {
    /// Rules on `m` as the next move, on a copy of the referee; the refusal if the referee
    /// refuses it (illegal, or against the move-odds conditions).
    pub(super) fn rule_move(&self, m: Move) -> Result<Ruled, Refusal> {
        let (arbiter, after) = match self.arbiter.probe(m) {
            Ok(arbiter) => {
                let after = arbiter.position().clone();
                (Some(arbiter), after)
            }
            Err(PlayError::Illegal(e)) => return Err(Refusal::Illegal(e)),
            Err(e @ PlayError::Odds { .. }) => return Err(Refusal::Odds(e.to_string())),
            Err(PlayError::GameOver { .. }) => (None, self.board_alone(m)?),
        };
        Ok(self.ruled(m, arbiter, after))
    }

    /// The board after `m` when the referee has already ruled the game over (a start position
    /// it rules decided): the game's board goes on, checked by the rules core alone.
    fn board_alone(&self, m: Move) -> Result<Position, Refusal> {
        work::count(|w| w.checked += 1);
        let mut after = self.pos.clone();
        after.play(m).map_err(Refusal::Illegal)?;
        Ok(after)
    }

    fn ruled(&self, m: Move, arbiter: Option<Arbiter>, after: Position) -> Ruled {
        Ruled {
            mv: m,
            iccs: m.to_string(),
            chinese: notation::chinese(&self.pos, m),
            wxf: notation::wxf(&self.pos, m),
            capture: self.pos.piece_at(m.to()).is_some(),
            arbiter,
            after,
        }
    }

    /// Plays the options' opening moves, before any clock (see
    /// [`GameOptions::opening`](crate::GameOptions::opening)).
    pub(super) fn play_opening(&mut self) -> Result<(), BadCreation> {
        for (i, text) in self.options.opening.clone().iter().enumerate() {
            let m: Move = text
                .parse()
                .map_err(|e| BadCreation(format!("opening move {} ({text}): {e}", i + 1)))?;
            let arbiter = self
                .arbiter
                .probe(m)
                .map_err(|e| BadCreation(format!("opening move {} ({m}): {e}", i + 1)))?;
            let after = arbiter.position().clone();
            let side = self.turn();
            let ruled = self.ruled(m, Some(arbiter), after);
            self.enter(side, ruled);
        }
        Ok(())
    }

    /// Plays the stored move `mv` (ICCS) for `side`: the decision's ruling if this is the
    /// event it produced, else the move read and ruled in place.
    pub(super) fn play(&mut self, side: Color, mv: &str) {
        let ruled = match self.memo.take(self.seq, mv) {
            Some(ruled) => ruled,
            None => match self.rule_stored(mv) {
                Some(ruled) => ruled,
                None => return,
            },
        };
        self.enter(side, ruled);
    }

    /// A stored move read and ruled by the game's own referee (no copy).
    fn rule_stored(&mut self, mv: &str) -> Option<Ruled> {
        work::count(|w| w.read += 1);
        let Ok(m) = mv.parse::<Move>() else {
            tracing::warn!(%mv, "unreadable stored move ignored");
            return None;
        };
        let before = self.ruled(m, None, self.pos.clone());
        let after = match self.arbiter.advance(m) {
            Ok(()) => self.arbiter.position().clone(),
            Err(PlayError::GameOver { .. }) => self.board_alone(m).ok()?,
            Err(e) => {
                tracing::warn!(%e, "illegal stored move ignored");
                return None;
            }
        };
        Some(Ruled { after, ..before })
    }

    fn enter(&mut self, side: Color, ruled: Ruled) {
        if let Some(arbiter) = ruled.arbiter {
            self.arbiter = arbiter;
        }
        self.pos = ruled.after;
        // A touch or a correction binds one move only.
        self.desk.binding = None;
        if ruled.capture
            && let Some(limit) = &mut self.desk.move_limit
            && self.moves.len() >= limit.from_ply as usize
        {
            limit.captures += 1;
        }
        self.moves.push(PlayedMove {
            mv: ruled.mv,
            side,
            iccs: ruled.iccs,
            chinese: ruled.chinese,
            wxf: ruled.wxf,
            capture: ruled.capture,
        });
        if self.draw_offer == Some(side.other()) {
            // Playing on instead of accepting declines the offer.
            self.draw_offer = None;
            self.desk.declined[side.other()] = true;
        }
        if matches!(self.adjournment, Adjournment::Proposed(_)) {
            self.adjournment = Adjournment::None;
        }
    }
}
