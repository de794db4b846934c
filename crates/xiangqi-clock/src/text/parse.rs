//! A hand-written parser over bytes: linear, no recursion, no panics on any input.

use core::time::Duration;

use super::cursor::{DURATION, Parser, scaled};
use super::draft::{Draft, ScheduleDraft};
use super::error::{ParseError, ParseErrorKind as Kind};
use crate::control::{Byoyomi, Delay, Stage};
use crate::schedule::{Schedule, TimeControl};
use crate::side::BySide;
use xiangqi::Color;

type Result<T> = core::result::Result<T, ParseError>;

pub(super) fn control(src: &str) -> Result<TimeControl> {
    let mut p = Parser::new(src);
    p.skip_ws();
    if !(p.looking_at("red=") || p.looking_at("black=")) {
        let schedule = p.schedule()?;
        p.skip_ws();
        p.end()?;
        return Ok(TimeControl::symmetric(schedule));
    }
    let mut sides: BySide<Option<Schedule>> = BySide::default();
    loop {
        p.skip_ws();
        if p.at_end() {
            break;
        }
        let start = p.pos;
        let side = if p.eat("red=") {
            Color::Red
        } else if p.eat("black=") {
            Color::Black
        } else {
            return Err(p.expected("red= or black="));
        };
        if sides[side].is_some() {
            return Err(ParseError::new(start, Kind::DuplicateSide(side)));
        }
        sides[side] = Some(p.schedule()?);
    }
    match (sides.red, sides.black) {
        (Some(red), Some(black)) => Ok(TimeControl::handicap(red, black)),
        (None, _) => Err(ParseError::new(src.len(), Kind::MissingSide(Color::Red))),
        (_, None) => Err(ParseError::new(src.len(), Kind::MissingSide(Color::Black))),
    }
}

/// A schedule and nothing else, white space around it allowed.
pub(super) fn schedule_only(src: &str) -> Result<Schedule> {
    whole(src, Parser::schedule)
}

/// A duration and nothing else, white space around it allowed.
pub(super) fn duration_only(src: &str) -> Result<Duration> {
    whole(src, Parser::duration)
}

/// What `read` reads from `src`, which must be all of `src` but white space around it.
fn whole<'a, T>(src: &'a str, read: impl FnOnce(&mut Parser<'a>) -> Result<T>) -> Result<T> {
    let mut p = Parser::new(src);
    p.skip_ws();
    let value = read(&mut p)?;
    p.skip_ws();
    p.end()?;
    Ok(value)
}

impl Parser<'_> {
    /// A duration with units (`1h30m`, `0.1s`, `1.5m`): a fraction only on the last unit.
    fn duration(&mut self) -> Result<Duration> {
        let start = self.pos;
        let mut total = Duration::ZERO;
        let mut smallest_so_far = usize::MAX;
        loop {
            let part = self.pos;
            let n = self.number(DURATION)?;
            let fraction = self.fraction()?;
            // Longest unit first, so that `ms` is not read as minutes. The number is the
            // unit's size rank, largest highest; then the unit in nanoseconds.
            const UNITS: [(&str, usize, u64); 6] = [
                ("ms", 2, 1_000_000),
                ("us", 1, 1_000),
                ("ns", 0, 1),
                ("h", 5, 3_600_000_000_000),
                ("m", 4, 60_000_000_000),
                ("s", 3, 1_000_000_000),
            ];
            let Some(&(unit, order, nanos)) = UNITS.iter().find(|(u, ..)| self.looking_at(u))
            else {
                return Err(ParseError::new(self.pos, Kind::MissingUnit));
            };
            if order >= smallest_so_far {
                return Err(ParseError::new(part, Kind::UnitOrder));
            }
            smallest_so_far = order;
            self.pos += unit.len();
            let value = scaled(n, fraction, nanos).map_err(|kind| ParseError::new(part, kind))?;
            total = total
                .checked_add(value)
                .ok_or(ParseError::new(start, Kind::DurationTooLarge))?;
            if fraction.1 > 0 || !self.peek().is_some_and(|b| b.is_ascii_digit()) {
                return Ok(total);
            }
        }
    }

    /// A stage head: `D`, `D/N` or `D/move`.
    fn stage_head(&mut self) -> Result<Draft> {
        if let Some(draft) = self.quota_first()? {
            return Ok(draft);
        }
        let time = self.duration()?;
        self.stage_tail(time)
    }

    /// A stage written moves first, as arbiters write it: `40/90m` (40 moves in 90 minutes).
    fn quota_first(&mut self) -> Result<Option<Draft>> {
        let Some(moves) = self.moves_first()? else {
            return Ok(None);
        };
        let time = self.duration()?;
        Ok(Some(Draft::new(Stage::moves(time, moves), false)))
    }

    /// `N/` before a time: a number of moves, then the slash; `None`, and nothing consumed,
    /// if the number is not followed by `/` and a digit (`2m/move`, `90m/40` are time first).
    fn moves_first(&mut self) -> Result<Option<u32>> {
        let start = self.pos;
        let digits = self.bytes[start..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        let slash = start + digits;
        if digits == 0
            || self.bytes.get(slash) != Some(&b'/')
            || !self.bytes.get(slash + 1).is_some_and(u8::is_ascii_digit)
        {
            return Ok(None);
        }
        let moves = self.count("a number of moves")?;
        if moves == 0 {
            return Err(ParseError::new(start, Kind::ZeroMoves));
        }
        self.pos += 1;
        Ok(Some(moves))
    }

    /// The form of engine testers (cutechess-cli's `tc`): seconds without a unit, `B+I` or
    /// `M/B[+I]` (`10+0.1`, `40/60+0.5`), one stage, read only when a fraction shows the
    /// numbers are seconds. Whole numbers (`90+30`, `40/120`) are refused as ambiguous, and a
    /// lone number (`90`) needs its unit: minutes to an arbiter, seconds to a tester.
    fn tester_form(&mut self) -> Result<Option<Schedule>> {
        let start = self.pos;
        let moves = self.moves_first()?;
        let Some(base) = self.bare_seconds()? else {
            self.pos = start;
            return Ok(None);
        };
        let mut increment = None;
        if self.peek() == Some(b'+') {
            self.pos += 1;
            increment = self.bare_seconds()?;
        }
        let ends = self.at_end() || self.peek().is_some_and(|b| b.is_ascii_whitespace());
        if !ends || (moves.is_none() && increment.is_none()) || self.bytes[self.pos - 1] == b'+' {
            self.pos = start;
            return Ok(None);
        }
        // Only a fraction makes the form a tester's beyond doubt: `90+30` is an arbiter's
        // ninety minutes as often as a tester's ninety seconds.
        if !self.bytes[start..self.pos].contains(&b'.') {
            return Err(ParseError::new(start, Kind::AmbiguousUnits));
        }
        let mut stage = match moves {
            Some(n) => Stage::moves(base, n),
            None => Stage::time(base),
        };
        stage.increment = increment.unwrap_or_default();
        Schedule::new(vec![stage])
            .map(Some)
            .map_err(|e| ParseError::new(start, Kind::Invalid(e)))
    }

    fn stage_tail(&mut self, time: Duration) -> Result<Draft> {
        if !self.eat("/") {
            return Ok(Draft::new(Stage::time(time), false));
        }
        if self.eat("move") {
            let stage = Stage::time(Duration::ZERO).with_delay(Delay::simple(time));
            return Ok(Draft::new(stage, true));
        }
        let start = self.pos;
        let moves = self.count("a number of moves, or `move`")?;
        if moves == 0 {
            return Err(ParseError::new(start, Kind::ZeroMoves));
        }
        Ok(Draft::new(Stage::moves(time, moves), false))
    }

    /// A schedule: the tester's form, or stages (`90m+30s`, `40/90m, 30m`) with their
    /// increments, byo-yomi, and options after a space.
    fn schedule(&mut self) -> Result<Schedule> {
        if let Some(schedule) = self.tester_form()? {
            return Ok(schedule);
        }
        let mut read = ScheduleDraft::new(self.stage_head()?);
        loop {
            let before_ws = self.pos;
            let had_ws = self.skip_ws();
            let here = self.pos;
            match self.peek() {
                None => break,
                Some(b'+' | b',') if read.limit.is_some() => {
                    return Err(ParseError::new(here, Kind::AfterMoveLimit));
                }
                Some(b'+') => self.plus_term(&mut read)?,
                Some(b',') => {
                    read.byoyomi_is_last()?;
                    self.pos += 1;
                    self.skip_ws();
                    let next = self.stage_head()?;
                    read.begin(next);
                }
                // The next side's schedule of a handicap control.
                Some(_) if had_ws && (self.looking_at("red=") || self.looking_at("black=")) => {
                    self.pos = before_ws;
                    break;
                }
                Some(_) if had_ws => self.option(&mut read, here)?,
                Some(_) => {
                    return Err(self.expected("`+`, `,`, a space before an option, or the end"));
                }
            }
        }
        read.finish()
    }

    /// A `+` term: byo-yomi (`+3x30s`), the next stage (`+40/30m`, `+30m/20`), the reserve
    /// after a `D/move` head, or the stage's increment.
    fn plus_term(&mut self, read: &mut ScheduleDraft) -> Result<()> {
        self.pos += 1;
        self.skip_ws();
        let term = self.pos;
        let periods = self.number("a duration, or byo-yomi such as 3x30s")?;
        if self.eat("x") {
            return self.byoyomi(read, term, periods);
        }
        self.pos = term;
        if let Some(next) = self.quota_first()? {
            read.byoyomi_is_last()?;
            read.begin(next);
            return Ok(());
        }
        let d = self.duration()?;
        if self.peek() == Some(b'/') {
            read.byoyomi_is_last()?;
            let next = self.stage_tail(d)?;
            read.begin(next);
            return Ok(());
        }
        read.draft.plus_time(d, term)
    }

    /// Byo-yomi after its number of periods and the `x`: the length of a period (`3x30s`).
    fn byoyomi(&mut self, read: &mut ScheduleDraft, term: usize, periods: u64) -> Result<()> {
        if read.byoyomi.is_some() {
            return Err(ParseError::new(term, Kind::DuplicateByoyomi));
        }
        let periods = u32::try_from(periods)
            .ok()
            .filter(|&n| n > 0)
            .ok_or_else(|| {
                let kind = if periods == 0 {
                    Kind::ZeroPeriods
                } else {
                    Kind::NumberTooLarge
                };
                ParseError::new(term, kind)
            })?;
        let length_at = self.pos;
        let period = self.duration()?;
        let b = Byoyomi::new(periods, period)
            .ok_or(ParseError::new(length_at, Kind::ZeroPeriodLength))?;
        read.byoyomi = Some((b, term));
        Ok(())
    }

    /// An option after a space, at `here`: the move limit `max5m` (last of all), `reset`, or
    /// a delay `d5s` (simple) or `b5s` (Bronstein).
    fn option(&mut self, read: &mut ScheduleDraft, here: usize) -> Result<()> {
        if self.eat("max") {
            if read.limit.is_some() {
                return Err(ParseError::new(here, Kind::DuplicateMoveLimit));
            }
            read.limit = Some((self.duration()?, here));
            return Ok(());
        }
        if read.limit.is_some() {
            return Err(ParseError::new(here, Kind::AfterMoveLimit));
        }
        let draft = &mut read.draft;
        if self.eat("reset") {
            if draft.has_reset {
                return Err(ParseError::new(here, Kind::DuplicateReset));
            }
            draft.has_reset = true;
            draft.stage.carry_over = false;
            return Ok(());
        }
        let kind = match (self.peek(), self.peek_at(1)) {
            (Some(b'd'), Some(b'0'..=b'9')) => Delay::simple,
            (Some(b'b'), Some(b'0'..=b'9')) => Delay::bronstein,
            _ => {
                return Err(
                    self.expected("`+`, `,`, an option (d5s, b5s, reset, max5m) or the end")
                );
            }
        };
        if draft.stage.delay.is_some() {
            return Err(ParseError::new(here, Kind::DuplicateDelay));
        }
        self.pos += 1;
        draft.stage.delay = Some(kind(self.duration()?));
        Ok(())
    }
}
