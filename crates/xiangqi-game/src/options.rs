//! A game's options, chosen at creation and stored in its `created` event.
//!
//! Every field has a default that makes the game behave as before the options existed, so
//! games stored earlier (whose `created` event has no `options`) replay unchanged.

use serde::{Deserialize, Serialize};
use xiangqi::{Color, Position, Setup};

pub use crate::option_error::{DurationError, FirstMoverError, InstantError, OddsError};

/// The current text's foul limit: "在同一棋局中，三次'犯规'" loses (4.1.8). The
/// other current summary (2.4(4)) says two; an event chooses with `foul_limit`.
pub const DEFAULT_FOUL_LIMIT: u32 = 3;

/// How a pairs game (双人赛, 1960 §8 一(二)) is played: each side is two players who either
/// consult (商议制) or move in turn without consulting (不商议制, 轮流一走一停).
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum Pairs {
    /// Either partner may move.
    Consult,
    /// The partners alternate: the first link plays the side's 1st, 3rd, … moves, the
    /// second its 2nd, 4th, ….
    Alternate,
}

/// When a draw may be offered.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum DrawOffers {
    /// Only on one's own turn: "一方在轮到自己走棋的时候提议作和" (1960 §5 二).
    #[default]
    OwnTurn,
    /// At any time (events that allow it).
    Any,
}

/// The options of one game. All optional; see `API.md` for the wire form.
///
/// ```
/// use xiangqi_game::GameOptions;
/// let o = GameOptions::default();
/// assert_eq!(o.foul_limit(), 3);
/// assert!(o.pairs.is_none() && o.move_odds.is_none());
/// ```
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq, Default)]
#[serde(default)]
pub struct GameOptions {
    /// Red's player(s), shown instead of "Red".
    #[serde(skip_serializing_if = "Option::is_none")]
    pub red_name: Option<String>,
    /// Black's.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub black_name: Option<String>,
    /// Move odds (让先): the first side opens with 2 or 3 moves (两先, 三先; 1960 §7 二).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub move_odds: Option<u8>,
    /// Piece odds (让子) by name (`horse`, `rook`, …) or `fen` when given as a position.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub odds: Option<String>,
    /// The occurrence of a position that brings a repetition ruling (default 3).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub repetitions: Option<u32>,
    /// What a repetition at its ruling occurrence does: `book` (default: an order to vary, a
    /// claimable draw; the referee README, "The book's procedure") or `immediate` (the game
    /// ends there, as online sites do).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub procedure: Option<xiangqi_referee::Procedure>,
    /// The natural move limit in moves (回合), if not the rule set's (4.2.4: may be lowered).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub natural_limit: Option<u32>,
    /// Fouls that lose the game (4.1.8: three; 2.4(4): two).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub foul_limit: Option<u32>,
    /// When the game starts (Unix ms): the first side's clock starts then.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub starts_at_unix_ms: Option<u64>,
    /// How late a player may arrive after `starts_at` (4.1.5 迟到判负时限), ms.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lateness_ms: Option<u64>,
    /// When draws may be offered.
    #[serde(skip_serializing_if = "is_default")]
    pub draw_offers: DrawOffers,
    /// A pairs game.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pairs: Option<Pairs>,
    /// A computer plays one side (the server's `computer` module runs it).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub computer: Option<crate::opponent::Opponent>,
    /// Spectators may ask for the engine's analysis while the game is on.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub analysis: bool,
    /// Moves (ICCS) played from the start position before the clocks start: an opening
    /// book's moves in an engine match. They count as the game's first moves for the referee
    /// and the record, not for the clock.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub opening: Vec<String>,
}

fn is_default(d: &DrawOffers) -> bool {
    *d == DrawOffers::OwnTurn
}

impl GameOptions {
    /// The foul limit in force.
    pub fn foul_limit(&self) -> u32 {
        self.foul_limit.unwrap_or(DEFAULT_FOUL_LIMIT)
    }

    /// A side's display name.
    pub fn name(&self, side: Color) -> &str {
        let name = match side {
            Color::Red => self.red_name.as_deref(),
            Color::Black => self.black_name.as_deref(),
        };
        name.unwrap_or(match side {
            Color::Red => "Red",
            Color::Black => "Black",
        })
    }

    /// The instant (game ms, from `created_unix_ms`) the game starts, if scheduled.
    pub fn starts_at_ms(&self, created_unix_ms: u64) -> Option<u64> {
        self.starts_at_unix_ms
            .map(|s| s.saturating_sub(created_unix_ms))
    }

    /// The instant (game ms) by which both players must have arrived, if scheduled with a
    /// lateness.
    pub fn arrival_deadline_ms(&self, created_unix_ms: u64) -> Option<u64> {
        Some(
            self.starts_at_ms(created_unix_ms)?
                .saturating_add(self.lateness_ms?),
        )
    }
}

/// Reads a duration such as `15m`, `90s`, `1h`, `1h30m`, `500ms` into milliseconds.
///
/// # Errors
///
/// What is wrong, and at which byte ([`DurationError`]).
///
/// ```
/// use xiangqi_game::options::parse_duration_ms;
/// assert_eq!(parse_duration_ms("15m"), Ok(900_000));
/// assert_eq!(parse_duration_ms("1h30m"), Ok(5_400_000));
/// assert_eq!(parse_duration_ms("2s500ms"), Ok(2_500));
/// assert!(parse_duration_ms("15").is_err());
/// assert!(parse_duration_ms("m").is_err());
/// ```
pub fn parse_duration_ms(text: &str) -> Result<u64, DurationError> {
    let text = text.trim();
    if text.is_empty() || text.len() > 32 {
        return Err(DurationError::Shape { text: text.into() });
    }
    let mut total: u64 = 0;
    let mut rest = text;
    while !rest.is_empty() {
        let at = text.len() - rest.len();
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        if digits == 0 {
            return Err(DurationError::NumberExpected {
                text: text.into(),
                at,
            });
        }
        let n: u64 = rest[..digits]
            .parse()
            .map_err(|_| DurationError::NumberTooLarge {
                text: text.into(),
                at,
            })?;
        rest = &rest[digits..];
        let (unit, len) = if rest.starts_with("ms") {
            (1, 2)
        } else {
            match rest.bytes().next() {
                Some(b'h') => (3_600_000, 1),
                Some(b'm') => (60_000, 1),
                Some(b's') => (1_000, 1),
                _ => {
                    return Err(DurationError::UnitExpected {
                        text: text.into(),
                        at: at + digits,
                    });
                }
            }
        };
        rest = &rest[len..];
        total = n
            .checked_mul(unit)
            .and_then(|v| total.checked_add(v))
            .ok_or_else(|| DurationError::TooLong { text: text.into() })?;
    }
    Ok(total)
}

/// Reads an RFC 3339 instant (`2026-12-01T09:30:00Z`, `…+08:00`, fractions allowed) into Unix
/// milliseconds.
///
/// # Errors
///
/// Not an instant of that form, or one before 1970 ([`InstantError`]).
///
/// ```
/// use xiangqi_game::options::parse_rfc3339_ms;
/// assert_eq!(parse_rfc3339_ms("1970-01-01T00:00:01Z"), Ok(1000));
/// assert_eq!(parse_rfc3339_ms("2024-02-29T12:00:00.5+08:00"), Ok(1_709_179_200_500));
/// assert!(parse_rfc3339_ms("2024-02-30T12:00:00Z").is_err());
/// assert!(parse_rfc3339_ms("tomorrow").is_err());
/// ```
pub fn parse_rfc3339_ms(text: &str) -> Result<u64, InstantError> {
    let bad = || InstantError::NotRfc3339(text.into());
    let b = text.trim().as_bytes();
    if b.len() < 20 || b.len() > 40 {
        return Err(bad());
    }
    let num = |r: std::ops::Range<usize>| -> Result<i64, InstantError> {
        let s = std::str::from_utf8(b.get(r).ok_or_else(bad)?).map_err(|_| bad())?;
        if !s.bytes().all(|c| c.is_ascii_digit()) {
            return Err(bad());
        }
        s.parse().map_err(|_| bad())
    };
    let sep = |i: usize, c: &[u8]| b.get(i).is_some_and(|x| c.contains(x));
    if !(sep(4, b"-") && sep(7, b"-") && sep(10, b"Tt ") && sep(13, b":") && sep(16, b":")) {
        return Err(bad());
    }
    let (year, month, day) = (num(0..4)?, num(5..7)?, num(8..10)?);
    let (hour, min, sec) = (num(11..13)?, num(14..16)?, num(17..19)?);
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
    let month_days = [
        31,
        if leap { 29 } else { 28 },
        31,
        30,
        31,
        30,
        31,
        31,
        30,
        31,
        30,
        31,
    ];
    let days_in = usize::try_from(month - 1)
        .ok()
        .and_then(|m| month_days.get(m).copied())
        .ok_or_else(bad)?;
    if day < 1 || day > days_in || hour > 23 || min > 59 || sec > 60 {
        return Err(bad());
    }
    let mut i = 19;
    let mut millis = 0;
    if sep(19, b".") {
        let digits = b[20..].iter().take_while(|c| c.is_ascii_digit()).count();
        if digits == 0 {
            return Err(bad());
        }
        let frac = std::str::from_utf8(&b[20..20 + digits.min(3)]).map_err(|_| bad())?;
        millis = frac.parse::<i64>().map_err(|_| bad())? * 10_i64.pow(3 - digits.min(3) as u32);
        i = 20 + digits;
    }
    let offset_min = match b.get(i) {
        Some(b'Z' | b'z') if b.len() == i + 1 => 0,
        Some(sign @ (b'+' | b'-')) if b.len() == i + 6 && sep(i + 3, b":") => {
            let m = num(i + 1..i + 3)? * 60 + num(i + 4..i + 6)?;
            if *sign == b'-' { -m } else { m }
        }
        _ => return Err(bad()),
    };
    // Days from the civil date (Howard Hinnant's algorithm, public domain).
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (month + 9) % 12;
    let doy = (153 * mp + 2) / 5 + day - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    let days = era * 146_097 + doe - 719_468;
    let secs = days * 86_400 + hour * 3600 + min * 60 + sec - offset_min * 60;
    u64::try_from(secs * 1000 + millis).map_err(|_| InstantError::Before1970(text.into()))
}

/// The squares of the giver's piece(s) removed for piece odds by name (让子, 1960 §7 二),
/// from Red's side of the standard start: the left-hand piece of a pair (`horse` = 让单马,
/// `rook` = 让单车), or both (`two_horses` = 让双马).
///
/// ```
/// use xiangqi_game::options::odds_position;
/// let pos = odds_position("horse").unwrap();
/// assert_eq!(pos.fen(), "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/R1BAKABNR w - - 0 1");
/// assert!(odds_position("queen").is_err());
/// ```
pub fn odds_position(name: &str) -> Result<Position, OddsError> {
    // The squares as `rank * 9 + file` of Red's side: a0 = 0, b0 = 1, c0 = 2, d0 = 3,
    // h0 = 7, i0 = 8, b2 = 19, e3 = 31.
    let squares: &[usize] = match name {
        "rook" => &[0],
        "horse" => &[1],
        "cannon" => &[19],
        "two_horses" => &[1, 7],
        "two_rooks" => &[0, 8],
        "rook_horse" => &[0, 1],
        "advisor" => &[3],
        "elephant" => &[2],
        "pawn" => &[31],
        _ => return Err(OddsError::Unknown(name.into())),
    };
    let mut setup = Setup::start();
    for &sq in squares {
        setup.board[sq] = None;
    }
    Position::from_setup(setup).map_err(OddsError::Illegal)
}

/// `pos` with `first` to move (1956/1960 games open with Black, 1960 §7 一, §10).
///
/// # Errors
///
/// If the position is not legal with that side to move ([`FirstMoverError`]).
pub fn with_first(pos: &Position, first: Color) -> Result<Position, FirstMoverError> {
    let setup = Setup {
        turn: first,
        ..pos.to_setup()
    };
    Position::from_setup(setup).map_err(FirstMoverError)
}
