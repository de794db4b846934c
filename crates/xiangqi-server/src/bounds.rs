//! The bounds of what a request may ask for where the books give no number, decided here
//! and written in `API.md`: a time control with some time in it and no stage longer than a
//! day, a Swiss of 1 to 50 rounds, an arbiter's time correction of at most two hours.

use std::time::Duration;

use xiangqi::Color;
use xiangqi_clock::TimeControl;

use crate::error::{ApiError, Invalid};

/// The longest stage of a time control: a day.
pub const MAX_STAGE: Duration = Duration::from_secs(24 * 3600);
/// The longest increment, delay, byo-yomi period or per-move limit: an hour.
pub const MAX_PER_MOVE: Duration = Duration::from_secs(3600);
/// The most rounds a Swiss may announce (1960 §9 四 has the number announced; the longest
/// Swiss events of the books' kind run 9–13 rounds).
pub const MAX_SWISS_ROUNDS: u32 = 50;
/// The largest time correction the arbiter may make at once (current text 6.6 corrects a
/// clock set or run wrongly: minutes, not days): two hours, more than any first stage of the
/// books' controls less its own length (1960 §11: 1 h 30 min; current 6.1: 90 min).
pub const MAX_TIME_CORRECTION_MS: i64 = 2 * 3600 * 1000;

fn mins(d: Duration) -> u64 {
    d.as_secs() / 60
}

/// Refuses a time control that gives no time for the first move (`0m`: every first move
/// would lose on time) or that asks for more than [`MAX_STAGE`] in a stage or
/// [`MAX_PER_MOVE`] a move.
///
/// ```
/// use xiangqi_server::bounds::check_control;
/// assert!(check_control(&"10m+5s".parse().unwrap()).is_ok());
/// assert!(check_control(&"0m+5s".parse().unwrap()).is_ok()); // 5 s a move
/// let e = check_control(&"0m".parse().unwrap()).unwrap_err();
/// assert!(e.to_string().contains("no time"), "{e}");
/// assert!(check_control(&"25h".parse().unwrap()).is_err());
/// ```
///
/// # Errors
///
/// [`ApiError::Invalid`] for the field `control`, saying why in English and Chinese.
pub fn check_control(control: &TimeControl) -> Result<(), ApiError> {
    let refuse = |en: String, zh: String| Err(ApiError::Invalid(Invalid::new("control", en, zh)));
    for side in [Color::Red, Color::Black] {
        let schedule = control.schedule(side);
        let first = schedule.stage(0);
        let byoyomi = schedule.byoyomi();
        // Saturating: a stranger's control may hold durations near the type's limit.
        let per_move = first
            .increment
            .saturating_add(first.delay.map_or(Duration::ZERO, |d| d.amount))
            .saturating_add(byoyomi.map_or(Duration::ZERO, |b| b.period()));
        if first.time.is_zero() && per_move.is_zero() {
            return refuse(
                format!("{control}: no time at all; the first move would lose on time"),
                format!("用时规定{control}没有任何用时，第一着就会超时"),
            );
        }
        for stage in schedule.stages() {
            if stage.time > MAX_STAGE {
                return refuse(
                    format!(
                        "{control}: a stage of {} min; at most 24 h",
                        mins(stage.time)
                    ),
                    format!(
                        "用时规定{control}的一段用时{}分钟，最多24小时",
                        mins(stage.time)
                    ),
                );
            }
            let each = [
                stage.increment,
                stage.delay.map_or(Duration::ZERO, |d| d.amount),
            ];
            if each.iter().any(|d| *d > MAX_PER_MOVE) {
                return refuse(
                    format!("{control}: more than an hour added a move"),
                    format!("用时规定{control}每着加时超过一小时"),
                );
            }
        }
        let long = |d: Option<Duration>| d.is_some_and(|d| d > MAX_PER_MOVE);
        if long(byoyomi.map(|b| b.period())) || long(schedule.move_limit()) {
            return refuse(
                format!("{control}: a byo-yomi period or move limit over an hour"),
                format!("用时规定{control}的读秒或每着限时超过一小时"),
            );
        }
    }
    Ok(())
}

/// Refuses a Swiss of no rounds or of more than [`MAX_SWISS_ROUNDS`].
///
/// ```
/// use xiangqi_server::bounds::check_swiss_rounds;
/// assert!(check_swiss_rounds(7).is_ok());
/// assert!(check_swiss_rounds(0).is_err());
/// assert!(check_swiss_rounds(1_000_000_000).is_err());
/// ```
///
/// # Errors
///
/// [`ApiError::Invalid`] for the field `rounds`.
pub fn check_swiss_rounds(rounds: u32) -> Result<(), ApiError> {
    if (1..=MAX_SWISS_ROUNDS).contains(&rounds) {
        return Ok(());
    }
    Err(ApiError::Invalid(Invalid::new(
        "rounds",
        format!("{rounds}: a Swiss has 1 to {MAX_SWISS_ROUNDS} rounds"),
        format!("{rounds}：瑞士制须为1至{MAX_SWISS_ROUNDS}轮"),
    )))
}

/// Refuses a time correction of nothing or of more than two hours either way.
///
/// ```
/// use xiangqi_server::bounds::check_time_correction;
/// assert!(check_time_correction(60_000).is_ok());
/// assert!(check_time_correction(-600_000).is_ok());
/// assert!(check_time_correction(86_400_000).is_err());
/// assert!(check_time_correction(0).is_err());
/// ```
///
/// # Errors
///
/// [`ApiError::Invalid`] for the field `ms`.
pub fn check_time_correction(ms: i64) -> Result<(), ApiError> {
    if ms != 0 && ms.abs() <= MAX_TIME_CORRECTION_MS {
        return Ok(());
    }
    Err(ApiError::Invalid(Invalid::new(
        "ms",
        format!(
            "{ms}: a time correction is not zero and at most two hours (7200000 ms) either way"
        ),
        format!("{ms}：时间调整不能为零，增减最多两小时（7200000毫秒）"),
    )))
}
