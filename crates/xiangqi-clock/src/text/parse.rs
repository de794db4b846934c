//! A hand-written parser over bytes: linear, no recursion, no panics on any input.

use core::time::Duration;

use super::error::{ParseError, ParseErrorKind as Kind};
use crate::control::{Byoyomi, Delay, Stage};
use crate::schedule::{Schedule, TimeControl};
use crate::side::{BySide, Side};

type Result<T> = core::result::Result<T, ParseError>;

const DURATION: &str = "a duration such as 90m, 1h30m or 30s";

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
            Side::Red
        } else if p.eat("black=") {
            Side::Black
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
        (None, _) => Err(ParseError::new(src.len(), Kind::MissingSide(Side::Red))),
        (_, None) => Err(ParseError::new(src.len(), Kind::MissingSide(Side::Black))),
    }
}

pub(super) fn schedule_only(src: &str) -> Result<Schedule> {
    let mut p = Parser::new(src);
    p.skip_ws();
    let schedule = p.schedule()?;
    p.skip_ws();
    p.end()?;
    Ok(schedule)
}

pub(super) fn duration_only(src: &str) -> Result<Duration> {
    let mut p = Parser::new(src);
    p.skip_ws();
    let d = p.duration()?;
    p.skip_ws();
    p.end()?;
    Ok(d)
}

/// A stage being read, with what has been seen of it.
struct Draft {
    stage: Stage,
    /// After a `D/move` head, the first `+D` is the reserve (main time), not an increment.
    awaiting_reserve: bool,
    has_increment: bool,
    has_reset: bool,
}

impl Draft {
    fn new(stage: Stage, awaiting_reserve: bool) -> Draft {
        Draft {
            stage,
            awaiting_reserve,
            has_increment: false,
            has_reset: false,
        }
    }
}

struct Parser<'a> {
    src: &'a str,
    bytes: &'a [u8],
    pos: usize,
}

impl<'a> Parser<'a> {
    fn new(src: &'a str) -> Parser<'a> {
        Parser {
            src,
            bytes: src.as_bytes(),
            pos: 0,
        }
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    fn peek_at(&self, ahead: usize) -> Option<u8> {
        self.bytes.get(self.pos + ahead).copied()
    }

    fn at_end(&self) -> bool {
        self.pos >= self.bytes.len()
    }

    fn looking_at(&self, word: &str) -> bool {
        self.bytes[self.pos.min(self.bytes.len())..].starts_with(word.as_bytes())
    }

    fn eat(&mut self, word: &str) -> bool {
        let found = self.looking_at(word);
        if found {
            self.pos += word.len();
        }
        found
    }

    fn skip_ws(&mut self) -> bool {
        let start = self.pos;
        while self.peek().is_some_and(|b| b.is_ascii_whitespace()) {
            self.pos += 1;
        }
        self.pos > start
    }

    fn found(&self) -> Option<char> {
        // Only ever called at a char boundary: every token consumed so far is ASCII.
        self.src
            .get(self.pos..)
            .and_then(|rest| rest.chars().next())
    }

    fn expected(&self, expected: &'static str) -> ParseError {
        ParseError::new(
            self.pos,
            Kind::Expected {
                expected,
                found: self.found(),
            },
        )
    }

    fn end(&self) -> Result<()> {
        if self.at_end() {
            Ok(())
        } else {
            Err(self.expected("the end of the text"))
        }
    }

    fn number(&mut self, what: &'static str) -> Result<u64> {
        let start = self.pos;
        if !self.peek().is_some_and(|b| b.is_ascii_digit()) {
            return Err(self.expected(what));
        }
        let mut value: u64 = 0;
        while let Some(b) = self.peek().filter(u8::is_ascii_digit) {
            value = value
                .checked_mul(10)
                .and_then(|v| v.checked_add(u64::from(b - b'0')))
                .ok_or(ParseError::new(start, Kind::NumberTooLarge))?;
            self.pos += 1;
        }
        Ok(value)
    }

    fn count(&mut self, what: &'static str) -> Result<u32> {
        let start = self.pos;
        let n = self.number(what)?;
        u32::try_from(n).map_err(|_| ParseError::new(start, Kind::NumberTooLarge))
    }

    fn duration(&mut self) -> Result<Duration> {
        let start = self.pos;
        let mut total = Duration::ZERO;
        let mut smallest_so_far = usize::MAX;
        loop {
            let part = self.pos;
            let n = self.number(DURATION)?;
            // Longest unit first, so that `ms` is not read as minutes. The number is the
            // unit's size rank, largest highest.
            const UNITS: [(&str, usize); 6] = [
                ("ms", 2),
                ("us", 1),
                ("ns", 0),
                ("h", 5),
                ("m", 4),
                ("s", 3),
            ];
            let Some(&(unit, order)) = UNITS.iter().find(|(u, _)| self.looking_at(u)) else {
                return Err(ParseError::new(self.pos, Kind::MissingUnit));
            };
            if order >= smallest_so_far {
                return Err(ParseError::new(part, Kind::UnitOrder));
            }
            smallest_so_far = order;
            self.pos += unit.len();
            let value = match unit {
                "h" => n.checked_mul(3600).map(Duration::from_secs),
                "m" => n.checked_mul(60).map(Duration::from_secs),
                "s" => Some(Duration::from_secs(n)),
                "ms" => Some(Duration::from_millis(n)),
                "us" => Some(Duration::from_micros(n)),
                _ => Some(Duration::from_nanos(n)),
            };
            total = value
                .and_then(|v| total.checked_add(v))
                .ok_or(ParseError::new(start, Kind::DurationTooLarge))?;
            if !self.peek().is_some_and(|b| b.is_ascii_digit()) {
                return Ok(total);
            }
        }
    }

    /// A stage head: `D`, `D/N` or `D/move`.
    fn stage_head(&mut self) -> Result<Draft> {
        let time = self.duration()?;
        self.stage_tail(time)
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

    fn schedule(&mut self) -> Result<Schedule> {
        let mut stages = Vec::new();
        let mut draft = self.stage_head()?;
        let mut byoyomi: Option<(Byoyomi, usize)> = None;
        let mut limit: Option<(Duration, usize)> = None;
        loop {
            let before_ws = self.pos;
            let had_ws = self.skip_ws();
            let here = self.pos;
            match self.peek() {
                None => break,
                Some(b'+' | b',') if limit.is_some() => {
                    return Err(ParseError::new(here, Kind::AfterMoveLimit));
                }
                Some(b'+') => {
                    self.pos += 1;
                    self.skip_ws();
                    let term = self.pos;
                    let periods = self.number("a duration, or byo-yomi such as 3x30s")?;
                    if self.eat("x") {
                        if byoyomi.is_some() {
                            return Err(ParseError::new(term, Kind::DuplicateByoyomi));
                        }
                        let periods =
                            u32::try_from(periods)
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
                        byoyomi = Some((b, term));
                        continue;
                    }
                    self.pos = term;
                    let d = self.duration()?;
                    if self.peek() == Some(b'/') {
                        if let Some((_, at)) = byoyomi {
                            return Err(ParseError::new(at, Kind::ByoyomiNotLast));
                        }
                        stages.push(draft.stage);
                        draft = self.stage_tail(d)?;
                    } else if draft.awaiting_reserve {
                        draft.stage.time = d;
                        draft.awaiting_reserve = false;
                    } else if draft.has_increment {
                        return Err(ParseError::new(term, Kind::DuplicateIncrement));
                    } else {
                        draft.stage.increment = d;
                        draft.has_increment = true;
                    }
                }
                Some(b',') => {
                    if let Some((_, at)) = byoyomi {
                        return Err(ParseError::new(at, Kind::ByoyomiNotLast));
                    }
                    self.pos += 1;
                    self.skip_ws();
                    stages.push(draft.stage);
                    draft = self.stage_head()?;
                }
                Some(_) if had_ws => {
                    if self.looking_at("red=") || self.looking_at("black=") {
                        self.pos = before_ws;
                        break;
                    }
                    if self.eat("max") {
                        if limit.is_some() {
                            return Err(ParseError::new(here, Kind::DuplicateMoveLimit));
                        }
                        limit = Some((self.duration()?, here));
                        continue;
                    }
                    if limit.is_some() {
                        return Err(ParseError::new(here, Kind::AfterMoveLimit));
                    }
                    if self.eat("reset") {
                        if draft.has_reset {
                            return Err(ParseError::new(here, Kind::DuplicateReset));
                        }
                        draft.has_reset = true;
                        draft.stage.carry_over = false;
                        continue;
                    }
                    let kind = match (self.peek(), self.peek_at(1)) {
                        (Some(b'd'), Some(b'0'..=b'9')) => Delay::simple,
                        (Some(b'b'), Some(b'0'..=b'9')) => Delay::bronstein,
                        _ => {
                            return Err(self.expected(
                                "`+`, `,`, an option (d5s, b5s, reset, max5m) or the end",
                            ));
                        }
                    };
                    if draft.stage.delay.is_some() {
                        return Err(ParseError::new(here, Kind::DuplicateDelay));
                    }
                    self.pos += 1;
                    draft.stage.delay = Some(kind(self.duration()?));
                }
                Some(_) => {
                    return Err(self.expected("`+`, `,`, a space before an option, or the end"));
                }
            }
        }
        stages.push(draft.stage);
        let mut schedule =
            Schedule::new(stages).map_err(|e| ParseError::new(0, Kind::Invalid(e)))?;
        if let Some((b, at)) = byoyomi {
            schedule = schedule
                .with_byoyomi(b)
                .map_err(|e| ParseError::new(at, Kind::Invalid(e)))?;
        }
        if let Some((l, at)) = limit {
            schedule = schedule
                .with_move_limit(l)
                .map_err(|e| ParseError::new(at, Kind::Invalid(e)))?;
        }
        Ok(schedule)
    }
}
