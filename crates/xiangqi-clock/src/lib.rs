//! Xiangqi time controls and game clocks, as pure logic with time passed in.
//!
//! Every time control of the rule books and of modern play, composable into stages:
//!
//! | scheme | source | text |
//! |---|---|---|
//! | 时间分计制: ≤ 2 min a move + 30 min reserve | 1960 第十一节一 | `2m/move+30m` |
//! | 时间总计制: 1 h 30 min, then 10 moves per 15 min | 1960 第十一节二 | `90m+15m/10` |
//! | 90 min / 40 moves, then 15 min / 10 | current §6.1 | `90m/40+15m/10` |
//! | 60 / 30, then 10 / 10 | current §6.2 | `60m/30+10m/10` |
//! | rapid 10 min / 40, then 5 min / 30 | current §6.3 | `10m/40+5m/30` |
//! | rapid 5 min for every 30 | current §6.4 | `5m/30` |
//! | sudden death (包干) | current §6.5 | `30m` |
//! | Fischer increment (加秒) | WXF 60′+30″ | `60m+30s` |
//! | simple (US) delay, Bronstein delay | modern | `5m d5s`, `5m b5s` |
//! | byo-yomi (读秒): N periods of S | modern | `30m+3x30s` |
//! | hard limit on every move | current 时间规定 | `30m max5m` |
//! | Canadian periods (no carry-over) | modern | `90m+15m/10 reset` |
//! | handicap / Armageddon (贴时) | 2015 summary | `red=5m black=4m` |
//!
//! [`TimeControl`] holds one [`Schedule`] per side; a schedule is a list of [`Stage`]s
//! (time, optional move quota, increment, delay, carry-over), optional [`Byoyomi`] and an
//! optional per-move limit. [`GameClock`] runs a game: [`start`](GameClock::start),
//! [`press`](GameClock::press), [`pause`](GameClock::pause),
//! [`seal`](GameClock::seal) (封棋), [`resume`](GameClock::resume),
//! [`stop`](GameClock::stop), [`reading`](GameClock::reading) and
//! [`flag_deadline`](GameClock::flag_deadline). A fallen [`Flag`] names the loser, the
//! [`FlagReason`] and the articles ([`Citation`]) that make it a loss.
//!
//! ```
//! use std::time::Duration;
//! use xiangqi_clock::{FlagReason, GameClock, Press, Color, TimeControl};
//!
//! let s = Duration::from_secs;
//! let control: TimeControl = "90m/40+15m/10".parse()?;
//! let mut clock: GameClock = GameClock::new(control);
//! clock.start(Color::Red, s(0))?;
//! clock.press(s(120))?; // Red's first move took two minutes
//! assert_eq!(clock.reading(Color::Red, s(120))?.remaining, s(88 * 60));
//! // Black thinks for 91 minutes: its flag fell at 120 s + 90 min.
//! match clock.press(s(120 + 91 * 60))? {
//!     Press::Flagged(flag) => {
//!         assert_eq!(flag.loser, Color::Black);
//!         assert_eq!(flag.at, s(120 + 90 * 60));
//!         assert_eq!(flag.reason, FlagReason::QuotaNotMet { stage: 0, moves_owed: 40 });
//!     }
//!     Press::InTime(_) => unreachable!(),
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Time
//!
//! The crate never reads a clock and never sleeps. Instants are [`Duration`](std::time::Duration)s since an
//! origin the caller chooses (a monotonic clock: `Instant::now() - origin`); they must
//! never go backwards (an earlier instant is refused with
//! [`ClockError::TimeWentBackwards`]). Arithmetic is in nanoseconds and saturates.
//!
//! # Decisions
//!
//! * **Reaching exactly zero is not a loss.** The books say a move "不得超过两分钟" (must
//!   not *exceed* two minutes, 1960 第十一节一) and lose when the moves are not made
//!   "在规定的时限内" (*within* the time, current 4.1.4): a move made when the clock reads
//!   exactly zero is in time. [`GameClock::flag_deadline`] is that last in-time instant;
//!   the flag falls at any later instant. The same holds for a byo-yomi period: a move
//!   at exactly the end of a period keeps it.
//! * **Stages.** A stage with a move quota must be completed in its time or the game is
//!   lost (current 4.1.4); then the next stage starts, and the last stage repeats
//!   ("直至对局结束"). Unused time carries over (the default; `reset` turns it off). A
//!   stage without a quota that is not the last ends when its time is used up and the next
//!   stage starts at once, during the move, which counts as that stage's first move
//!   (1960 时间总计制: "用完限制时间后，须在15分钟内必须走满10着棋"). The 1960 book does not
//!   say whether the 15-minute periods carry over; we carry over, like the current text.
//! * **Increments** are added after each move made in time (not before the first move),
//!   from the stage in which the move counts. **Delays** are those of the stage in force
//!   when the move started. A Bronstein refund goes to the main time.
//! * **Byo-yomi** follows the last stage, which must have no quota, increment or delay.
//! * **Pause** keeps the move in progress: time already taken still counts against the
//!   delay and the per-move limit after resumption.
//! * **Adjournment** (1960 第十一节四): the side to move seals its move; its time up to the
//!   sealing is charged as for a move made (and counts towards its quota); nobody's clock
//!   runs until resumption, when the move is revealed and the opponent's clock starts.
//!   The envelope keeps the sealer, the move number, and each side's time used and left.
//! * **Who moves first** is the caller's: Red in the current rules, Black in 1960's.
//! * Draw odds (Armageddon) and whether a flag against a bare king is a draw are results,
//!   not clocks: they belong to the referee and the tournament.
//!
//! # Text form
//!
//! A control is written as one schedule for both sides, or `red=… black=…` (either order,
//! both required) for handicap and Armageddon time. Whitespace (ASCII) may surround `+`
//! and `,`, and separates options.
//!
//! ```text
//! control   = schedule | side schedule WS side schedule
//! side      = "red=" | "black="
//! schedule  = tester
//!           | stage { join stage } [ byoyomi ] { WS stage-opt } { WS "max" DUR }
//! tester    = [ N "/" ] SECS "+" SECS | N "/" SECS [ "+" SECS ]
//!                                    engine testers' form (cutechess-cli's tc): seconds
//!                                    without a unit, base + increment, N moves in base
//!             (byo-yomi and options are written after the stage they belong to;
//!              byo-yomi only after the last stage)
//! join      = "+"  (before a stage with a quota: D/N or D/move)
//!           | ","  (before any stage)
//! stage     = DUR                    main time, no quota
//!           | DUR "/" N              N moves in DUR
//!           | N "/" DUR              the same, moves first as arbiters write it (40/90m)
//!           | DUR "/move" [ "+" DUR ]
//!                                    per-move allowance plus reserve: a simple delay
//!                                    of the first DUR on a main time of the second
//!           then { "+" DUR }         Fischer increment (at most one)
//! byoyomi   = "+" N "x" DUR          N byo-yomi periods of DUR
//! stage-opt = "d" DUR                simple (US) delay
//!           | "b" DUR                Bronstein delay
//!           | "reset"                unused time of this stage's periods is not carried
//! "max" DUR                          hard limit on every single move
//! DUR       = 1*( NUMBER unit )      units largest first, each at most once; the last
//!                                    NUMBER may have a fraction (0.1s, 1.5m)
//! SECS      = NUMBER [ "." DIGITS ]  seconds, to the nanosecond
//! unit      = "h" | "m" | "s" | "ms" | "us" | "ns"
//! N         = a positive decimal number (32 bits)
//! ```
//!
//! A number without a unit is read only in the testers' whole form, and only when a fraction
//! shows it is seconds: `10+0.1` is ten seconds with a tenth of a second a move,
//! `40/60+0.5` forty moves in a minute. Whole numbers are refused, never guessed: `90+30` is
//! ninety minutes to an arbiter and ninety seconds to an engine tester, so it must be written
//! `90m+30s` or `90s+30s` (the error says so); a lone `90` needs its unit too.
//!
//! `+DUR` after a stage is its increment; `+DUR/N` starts a new stage. So `10m+5s` is ten
//! minutes with five seconds a move, `90m/40+15m/10` two stages, and a stage without a
//! quota after another needs the comma: `90m/40, 30m+30s` (FIDE-style: 40 moves in 90
//! minutes, then 30 minutes sudden death with 30 s a move). `2m/move` alone is a hard two
//! minutes a move with no reserve.
//!
//! Printing is canonical: durations as `Nh` when two or more whole hours, otherwise
//! minutes, seconds and a fraction (`90m`, `2m30s`, `500ms`); a simple delay on a stage without a quota as
//! `D/move+T`, otherwise as ` dD`; `+` before stages with a quota and `, ` before the
//! others; the `red=… black=…` form only when the sides differ. Parsing what was printed
//! gives back the same control. Errors say what is wrong and at which byte
//! ([`ParseError::offset`]).
//!
//! ```
//! use xiangqi_clock::TimeControl;
//! for text in ["90m/40+15m/10", "10m+5s", "30m+3x30s", "2m/move+30m", "5m b5s",
//!              "90m+15m/10 reset", "30m max5m", "red=5m black=4m", "90m/40, 30m+30s", "90m/40 d5s"] {
//!     let control: TimeControl = text.parse()?;
//!     assert_eq!(control.to_string(), text);
//! }
//! // A simple delay without a quota prints in the 1960 wording.
//! assert_eq!("5m d5s".parse::<TimeControl>()?.to_string(), "5s/move+5m");
//! let err = "90m/40+15m/x".parse::<TimeControl>().unwrap_err();
//! assert_eq!(err.to_string(), "at byte 11: expected a number of moves, or `move`, found 'x'");
//! # Ok::<(), xiangqi_clock::ParseError>(())
//! ```
//!
//! # Serde
//!
//! With the `serde` feature (on by default), [`TimeControl`] and [`Schedule`] serialize as
//! their text form, and [`GameClock`] (including the sealed move: it is the arbiter's
//! copy), [`Snapshot`] (for players) and the other values as plain data.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod account;
mod adjourn;
mod clock;
mod control;
mod flag;
mod preset;
mod reading;
mod schedule;
mod side;
mod text;

pub use adjourn::Envelope;
pub use clock::GameClock;
pub use control::{Byoyomi, Delay, DelayKind, Stage};
pub use flag::{Citation, Flag, FlagReason, RuleBook};
pub use preset::Preset;
pub use reading::{ClockError, ClockState, MoveTiming, Press, Reading, Snapshot};
pub use schedule::{InvalidControl, Schedule, TimeControl};
pub use side::BySide;
pub use text::{DurationText, ParseError, ParseErrorKind, parse_duration};
pub use xiangqi::Color;
