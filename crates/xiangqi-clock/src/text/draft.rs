//! What has been read so far of a schedule: the stage being read and what has been seen of it,
//! the stages done, and the terms that apply to the whole schedule (byo-yomi, the move limit),
//! each with where it was written, so that an error points at it.

use core::time::Duration;

use super::error::{ParseError, ParseErrorKind as Kind};
use crate::control::{Byoyomi, Stage};
use crate::schedule::Schedule;

type Result<T> = core::result::Result<T, ParseError>;

/// A stage being read, with what has been seen of it.
pub(super) struct Draft {
    pub(super) stage: Stage,
    /// After a `D/move` head, the first `+D` is the reserve (main time), not an increment.
    pub(super) awaiting_reserve: bool,
    pub(super) has_increment: bool,
    pub(super) has_reset: bool,
}

impl Draft {
    pub(super) fn new(stage: Stage, awaiting_reserve: bool) -> Draft {
        Draft {
            stage,
            awaiting_reserve,
            has_increment: false,
            has_reset: false,
        }
    }

    /// A `+D` after the stage's head, at `at`: the reserve after a `D/move` head, else the
    /// increment (once).
    pub(super) fn plus_time(&mut self, d: Duration, at: usize) -> Result<()> {
        if self.awaiting_reserve {
            self.stage.time = d;
            self.awaiting_reserve = false;
        } else if self.has_increment {
            return Err(ParseError::new(at, Kind::DuplicateIncrement));
        } else {
            self.stage.increment = d;
            self.has_increment = true;
        }
        Ok(())
    }
}

/// A schedule being read: the stages done, the one being read, and what applies to the whole
/// schedule (byo-yomi, the move limit), each with where it was written.
pub(super) struct ScheduleDraft {
    stages: Vec<Stage>,
    pub(super) draft: Draft,
    pub(super) byoyomi: Option<(Byoyomi, usize)>,
    pub(super) limit: Option<(Duration, usize)>,
}

impl ScheduleDraft {
    pub(super) fn new(first: Draft) -> ScheduleDraft {
        ScheduleDraft {
            stages: Vec::new(),
            draft: first,
            byoyomi: None,
            limit: None,
        }
    }

    /// Byo-yomi follows the last stage: no stage may come after it.
    pub(super) fn byoyomi_is_last(&self) -> Result<()> {
        match self.byoyomi {
            Some((_, at)) => Err(ParseError::new(at, Kind::ByoyomiNotLast)),
            None => Ok(()),
        }
    }

    /// The stage being read is done; `next` is read from here on.
    pub(super) fn begin(&mut self, next: Draft) {
        let done = core::mem::replace(&mut self.draft, next);
        self.stages.push(done.stage);
    }

    /// The schedule read, checked as a whole.
    pub(super) fn finish(mut self) -> Result<Schedule> {
        self.stages.push(self.draft.stage);
        let mut schedule =
            Schedule::new(self.stages).map_err(|e| ParseError::new(0, Kind::Invalid(e)))?;
        if let Some((b, at)) = self.byoyomi {
            schedule = schedule
                .with_byoyomi(b)
                .map_err(|e| ParseError::new(at, Kind::Invalid(e)))?;
        }
        if let Some((l, at)) = self.limit {
            schedule = schedule
                .with_move_limit(l)
                .map_err(|e| ParseError::new(at, Kind::Invalid(e)))?;
        }
        Ok(schedule)
    }
}
