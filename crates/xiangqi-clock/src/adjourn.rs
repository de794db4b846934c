//! Adjournment: the sealed move (封棋) and its envelope.

use core::fmt;
use core::time::Duration;

use crate::side::BySide;
use xiangqi::Color;

/// The envelope of an adjourned game (1960 第十一节四 and the paragraph after it).
///
/// When a session ends with the game unfinished, the side to move (Black, who moved first
/// in 1960) does not play its move on the board but writes it down; the arbiter seals the
/// scoresheets and writes on the envelope "双方姓名、中止时的局面、轮谁记下该走的一着并且是
/// 第几着，以及双方所已耗用的延长时间（如果是采用时间总记制的话，则应记出每方所已耗用的全部
/// 时间）". The envelope keeps who sealed, which move, when, and the time each side had used
/// and had left; names and position belong to the caller (put them in `M` if wanted).
///
/// The sealed move is hidden: no accessor returns it and `Debug` does not print it. It is
/// revealed only by [`GameClock::resume`](crate::GameClock::resume). Serialization does
/// include it — the stored clock is the arbiter's copy; send players a
/// [`Snapshot`](crate::Snapshot), whose envelope is an `Envelope<()>`.
///
/// ```
/// use std::time::Duration;
/// use xiangqi_clock::{GameClock, Color, TimeControl};
/// let s = Duration::from_secs;
/// let mut clock = GameClock::new("90m+15m/10".parse::<TimeControl>().unwrap());
/// clock.start(Color::Black, s(0)).unwrap();
/// clock.seal(s(100), "炮8平5".to_string()).unwrap();
/// let envelope = clock.envelope().unwrap();
/// assert_eq!(envelope.sealer(), Color::Black);
/// assert_eq!(envelope.move_number(), 1);
/// assert_eq!(envelope.time_used()[Color::Black], s(100));
/// assert!(!format!("{envelope:?}").contains("炮"));
/// assert_eq!(clock.resume(s(5000)).unwrap().as_deref(), Some("炮8平5"));
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Envelope<M> {
    pub(crate) sealer: Color,
    pub(crate) move_number: u32,
    pub(crate) sealed_at: Duration,
    pub(crate) time_used: BySide<Duration>,
    pub(crate) remaining: BySide<Duration>,
    pub(crate) sealed_move: M,
}

impl<M> Envelope<M> {
    /// The side that sealed its move.
    ///
    /// See [`Envelope`] for an example.
    pub fn sealer(&self) -> Color {
        self.sealer
    }

    /// The sealer's move number (1-based) of the sealed move ("第几着").
    ///
    /// See [`Envelope`] for an example.
    pub fn move_number(&self) -> u32 {
        self.move_number
    }

    /// When the move was sealed (the sealer's clock stopped then).
    ///
    /// See [`Envelope`] for an example.
    pub fn sealed_at(&self) -> Duration {
        self.sealed_at
    }

    /// The time each side had used in the game when the move was sealed.
    ///
    /// See [`Envelope`] for an example.
    pub fn time_used(&self) -> BySide<Duration> {
        self.time_used
    }

    /// The main time each side had left in its current stage (under 时间分计制: the
    /// reserve left, so the reserve used is the reserve minus this).
    ///
    /// ```
    /// use std::time::Duration;
    /// use xiangqi_clock::{GameClock, Color, TimeControl};
    /// let s = Duration::from_secs;
    /// let mut clock: GameClock = GameClock::new("2m/move+30m".parse::<TimeControl>().unwrap());
    /// clock.start(Color::Black, s(0)).unwrap();
    /// clock.seal(s(300), "h7e7".into()).unwrap();
    /// // 5 minutes on the move: 2 free, 3 from the 30-minute reserve.
    /// assert_eq!(clock.envelope().unwrap().remaining()[Color::Black], s(27 * 60));
    /// ```
    pub fn remaining(&self) -> BySide<Duration> {
        self.remaining
    }

    /// The envelope's cover: everything but the sealed move.
    ///
    /// ```
    /// # use std::time::Duration;
    /// # use xiangqi_clock::{GameClock, Color, TimeControl};
    /// let mut clock: GameClock = GameClock::new("10m".parse::<TimeControl>().unwrap());
    /// clock.start(Color::Red, Duration::ZERO).unwrap();
    /// clock.seal(Duration::from_secs(5), "h2e2".into()).unwrap();
    /// let cover = clock.envelope().unwrap().cover();
    /// assert_eq!(cover.sealer(), Color::Red);
    /// ```
    pub fn cover(&self) -> Envelope<()> {
        Envelope {
            sealer: self.sealer,
            move_number: self.move_number,
            sealed_at: self.sealed_at,
            time_used: self.time_used,
            remaining: self.remaining,
            sealed_move: (),
        }
    }

    /// Opens the envelope, revealing the move.
    pub(crate) fn open(self) -> M {
        self.sealed_move
    }
}

impl<M> fmt::Debug for Envelope<M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Envelope")
            .field("sealer", &self.sealer)
            .field("move_number", &self.move_number)
            .field("sealed_at", &self.sealed_at)
            .field("time_used", &self.time_used)
            .field("remaining", &self.remaining)
            .field("sealed_move", &format_args!("<sealed>"))
            .finish()
    }
}
