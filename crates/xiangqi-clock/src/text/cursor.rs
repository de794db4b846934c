//! Reading a time-control text byte by byte: words, whitespace, whole and decimal numbers,
//! and errors that name what was expected where. The grammar is in `parse.rs`.

use core::time::Duration;

use super::error::{ParseError, ParseErrorKind as Kind};

type Result<T> = core::result::Result<T, ParseError>;

pub(super) const DURATION: &str = "a duration such as 90m, 1h30m or 30s";

/// A position in a time-control text, with the reading of its words and numbers.
pub(super) struct Parser<'a> {
    pub(super) src: &'a str,
    pub(super) bytes: &'a [u8],
    pub(super) pos: usize,
}

impl<'a> Parser<'a> {
    pub(super) fn new(src: &'a str) -> Parser<'a> {
        Parser {
            src,
            bytes: src.as_bytes(),
            pos: 0,
        }
    }

    pub(super) fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    pub(super) fn peek_at(&self, ahead: usize) -> Option<u8> {
        self.bytes.get(self.pos + ahead).copied()
    }

    pub(super) fn at_end(&self) -> bool {
        self.pos >= self.bytes.len()
    }

    pub(super) fn looking_at(&self, word: &str) -> bool {
        self.bytes[self.pos.min(self.bytes.len())..].starts_with(word.as_bytes())
    }

    pub(super) fn eat(&mut self, word: &str) -> bool {
        let found = self.looking_at(word);
        if found {
            self.pos += word.len();
        }
        found
    }

    pub(super) fn skip_ws(&mut self) -> bool {
        let start = self.pos;
        while self.peek().is_some_and(|b| b.is_ascii_whitespace()) {
            self.pos += 1;
        }
        self.pos > start
    }

    pub(super) fn found(&self) -> Option<char> {
        // Only ever called at a char boundary: every token consumed so far is ASCII.
        self.src
            .get(self.pos..)
            .and_then(|rest| rest.chars().next())
    }

    pub(super) fn expected(&self, expected: &'static str) -> ParseError {
        ParseError::new(
            self.pos,
            Kind::Expected {
                expected,
                found: self.found(),
            },
        )
    }

    pub(super) fn end(&self) -> Result<()> {
        if self.at_end() {
            Ok(())
        } else {
            Err(self.expected("the end of the text"))
        }
    }

    pub(super) fn number(&mut self, what: &'static str) -> Result<u64> {
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

    pub(super) fn count(&mut self, what: &'static str) -> Result<u32> {
        let start = self.pos;
        let n = self.number(what)?;
        u32::try_from(n).map_err(|_| ParseError::new(start, Kind::NumberTooLarge))
    }

    /// A decimal number with no unit read as seconds (`10`, `0.1`), as engine testers write
    /// a control; `None`, and nothing consumed, if a unit follows or there is no number.
    pub(super) fn bare_seconds(&mut self) -> Result<Option<Duration>> {
        let start = self.pos;
        if !self.peek().is_some_and(|b| b.is_ascii_digit()) {
            return Ok(None);
        }
        let whole = self.number(DURATION)?;
        let fraction = self.fraction()?;
        if self.peek().is_some_and(|b| b.is_ascii_alphabetic()) {
            self.pos = start;
            return Ok(None);
        }
        scaled(whole, fraction, 1_000_000_000)
            .map(Some)
            .map_err(|kind| ParseError::new(start, kind))
    }

    /// The fraction after a decimal point (`.5` in `1.5m`), as its digits and their count;
    /// `(0, 0)` without a point.
    pub(super) fn fraction(&mut self) -> Result<(u64, u32)> {
        if !(self.peek() == Some(b'.') && self.peek_at(1).is_some_and(|b| b.is_ascii_digit())) {
            return Ok((0, 0));
        }
        self.pos += 1;
        let start = self.pos;
        let digits = self.number("the digits of a fraction")?;
        let places = u32::try_from(self.pos - start).unwrap_or(u32::MAX);
        if places > 9 {
            return Err(ParseError::new(start, Kind::TooPrecise));
        }
        Ok((digits, places))
    }
}

/// `whole.fraction` units of `unit_nanos` nanoseconds: too large for a [`Duration`], or a
/// fraction of a nanosecond, is an error.
pub(super) fn scaled(
    whole: u64,
    (digits, places): (u64, u32),
    unit_nanos: u64,
) -> core::result::Result<Duration, Kind> {
    let unit = u128::from(unit_nanos);
    let scale = 10u128.pow(places);
    if u128::from(digits) * unit % scale != 0 {
        return Err(Kind::TooPrecise);
    }
    let part = u128::from(digits) * unit / scale;
    let nanos = u128::from(whole)
        .checked_mul(unit)
        .and_then(|n| n.checked_add(part));
    let secs = nanos.and_then(|n| u64::try_from(n / 1_000_000_000).ok());
    match (nanos, secs) {
        (Some(n), Some(s)) => Ok(Duration::new(s, (n % 1_000_000_000) as u32)),
        _ => Err(Kind::DurationTooLarge),
    }
}
