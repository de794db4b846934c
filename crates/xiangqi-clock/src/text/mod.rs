//! The compact text form of time controls (grammar in the crate documentation).

mod cursor;
mod draft;
mod error;
mod parse;

use core::fmt;
use core::str::FromStr;
use core::time::Duration;

use crate::control::{Byoyomi, DelayKind, Stage};
use crate::schedule::{Schedule, TimeControl};

pub use error::{ParseError, ParseErrorKind};

/// Parses a duration in the text form: numbers with units `h`, `m`, `s`, `ms`, `us`, `ns`,
/// largest first, each unit at most once (`1h30m`, `90m`, `2m30s`, `500ms`).
///
/// ```
/// use std::time::Duration;
/// use xiangqi_clock::parse_duration;
/// assert_eq!(parse_duration("1h30m").unwrap(), Duration::from_secs(5400));
/// let err = parse_duration("30s5m").unwrap_err();
/// assert_eq!(err.offset(), 3);
/// ```
pub fn parse_duration(text: &str) -> Result<Duration, ParseError> {
    parse::duration_only(text)
}

/// Displays a duration in the canonical text form: two or more whole hours as `h`,
/// otherwise minutes, seconds and the fraction of a second as one of `ms`, `us` or `ns`;
/// zero is `0s`.
///
/// ```
/// use std::time::Duration;
/// use xiangqi_clock::DurationText;
/// assert_eq!(DurationText(Duration::from_secs(5400)).to_string(), "90m");
/// assert_eq!(DurationText(Duration::from_secs(7200)).to_string(), "2h");
/// assert_eq!(DurationText(Duration::from_secs(3600)).to_string(), "60m");
/// assert_eq!(DurationText(Duration::from_millis(150_500)).to_string(), "2m30s500ms");
/// assert_eq!(DurationText(Duration::ZERO).to_string(), "0s");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DurationText(pub Duration);

impl fmt::Display for DurationText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let secs = self.0.as_secs();
        let nanos = self.0.subsec_nanos();
        if secs == 0 && nanos == 0 {
            return f.write_str("0s");
        }
        // Books write "90分钟", "60分钟": hours only from two whole hours up.
        if nanos == 0 && secs >= 7200 && secs.is_multiple_of(3600) {
            return write!(f, "{}h", secs / 3600);
        }
        if secs >= 60 {
            write!(f, "{}m", secs / 60)?;
        }
        if !secs.is_multiple_of(60) {
            write!(f, "{}s", secs % 60)?;
        }
        if nanos != 0 {
            if nanos.is_multiple_of(1_000_000) {
                write!(f, "{}ms", nanos / 1_000_000)?;
            } else if nanos.is_multiple_of(1_000) {
                write!(f, "{}us", nanos / 1_000)?;
            } else {
                write!(f, "{nanos}ns")?;
            }
        }
        Ok(())
    }
}

fn fmt_stage(f: &mut fmt::Formatter<'_>, stage: &Stage, byoyomi: Option<Byoyomi>) -> fmt::Result {
    let time = DurationText(stage.time);
    match (stage.moves, stage.delay) {
        // The 1960 时间分计制 reads "two minutes a move, plus a reserve": print it that way.
        (None, Some(delay)) if delay.kind == DelayKind::Simple => {
            write!(f, "{}/move", DurationText(delay.amount))?;
            if !stage.time.is_zero() || !stage.increment.is_zero() {
                write!(f, "+{time}")?;
            }
            if !stage.increment.is_zero() {
                write!(f, "+{}", DurationText(stage.increment))?;
            }
        }
        _ => {
            write!(f, "{time}")?;
            if let Some(moves) = stage.moves {
                write!(f, "/{moves}")?;
            }
            if !stage.increment.is_zero() {
                write!(f, "+{}", DurationText(stage.increment))?;
            }
        }
    }
    if let Some(b) = byoyomi {
        write!(f, "+{}x{}", b.periods(), DurationText(b.period()))?;
    }
    match stage.delay {
        Some(d) if stage.moves.is_some() || d.kind == DelayKind::Bronstein => {
            let tag = if d.kind == DelayKind::Simple {
                "d"
            } else {
                "b"
            };
            write!(f, " {tag}{}", DurationText(d.amount))?;
        }
        _ => {}
    }
    if !stage.carry_over {
        f.write_str(" reset")?;
    }
    Ok(())
}

impl fmt::Display for Schedule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let last = self.stages().len() - 1;
        for (i, stage) in self.stages().iter().enumerate() {
            if i > 0 {
                // `+` reads naturally before "15m/10"; a stage without a quota after `+`
                // would read as an increment, so it takes a comma.
                f.write_str(if stage.moves.is_some() { "+" } else { ", " })?;
            }
            let byoyomi = if i == last { self.byoyomi() } else { None };
            fmt_stage(f, stage, byoyomi)?;
        }
        if let Some(limit) = self.move_limit() {
            write!(f, " max{}", DurationText(limit))?;
        }
        Ok(())
    }
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_symmetric() {
            write!(f, "{}", self.red())
        } else {
            write!(f, "red={} black={}", self.red(), self.black())
        }
    }
}

impl FromStr for TimeControl {
    type Err = ParseError;

    /// Parses the text form (see the crate documentation).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        parse::control(s)
    }
}

impl FromStr for Schedule {
    type Err = ParseError;

    /// Parses one side's schedule (the text form without `red=`/`black=`).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        parse::schedule_only(s)
    }
}

#[cfg(feature = "serde")]
mod serde_text {
    //! Controls are stored as their text form: short, readable, and validated on load.
    use super::*;
    use serde::{Deserialize, Deserializer, Serialize, Serializer, de::Error};

    impl Serialize for TimeControl {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.collect_str(self)
        }
    }

    impl<'de> Deserialize<'de> for TimeControl {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            let text = <std::borrow::Cow<'de, str>>::deserialize(d)?;
            text.parse().map_err(D::Error::custom)
        }
    }

    impl Serialize for Schedule {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.collect_str(self)
        }
    }

    impl<'de> Deserialize<'de> for Schedule {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            let text = <std::borrow::Cow<'de, str>>::deserialize(d)?;
            text.parse().map_err(D::Error::custom)
        }
    }
}
