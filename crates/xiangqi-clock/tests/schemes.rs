//! One group of tests per scheme: stage transitions, carry-over, increments, delays,
//! byo-yomi, flags exactly at the boundary. Sources are cited at each group.

use std::time::Duration;

use xiangqi_clock::{
    Citation, ClockState, Color, Flag, FlagReason, GameClock, MoveTiming, Press, TimeControl,
};

const NS: Duration = Duration::from_nanos(1);

fn s(secs: u64) -> Duration {
    Duration::from_secs(secs)
}

fn m(mins: u64) -> Duration {
    Duration::from_secs(60 * mins)
}

fn clock(text: &str) -> GameClock {
    let control: TimeControl = text.parse().expect("valid control");
    let mut clock = GameClock::new(control);
    clock.start(Color::Red, Duration::ZERO).expect("start");
    clock
}

fn in_time(clock: &mut GameClock, at: Duration) -> MoveTiming {
    match clock.press(at).expect("press") {
        Press::InTime(t) => t,
        Press::Flagged(f) => panic!("unexpected flag at {at:?}: {f}"),
    }
}

fn flagged(clock: &mut GameClock, at: Duration) -> Flag {
    match clock.press(at).expect("press") {
        Press::Flagged(f) => f,
        Press::InTime(t) => panic!("expected a flag at {at:?}, got {t:?}"),
    }
}

/// Both sides make moves of `each` until `n` moves each; returns the instant reached.
fn play_pairs(clock: &mut GameClock, mut at: Duration, n: u32, each: Duration) -> Duration {
    for _ in 0..n {
        at += each;
        in_time(clock, at);
        at += each;
        in_time(clock, at);
    }
    at
}

// --- 1960 第十一节一, 时间分计制: 2 minutes a move plus a 30-minute reserve. ---

#[test]
fn per_move_system_moves_under_two_minutes_keep_the_reserve() {
    let mut c = clock("2m/move+30m");
    let t = in_time(&mut c, m(2)); // exactly two minutes: not "超过"
    assert_eq!(t.remaining, m(30));
    let t = in_time(&mut c, m(2) + s(119));
    assert_eq!(t.remaining, m(30));
}

#[test]
fn per_move_system_spends_the_reserve_beyond_two_minutes() {
    let mut c = clock("2m/move+30m");
    let t = in_time(&mut c, m(5));
    assert_eq!(t.remaining, m(27));
    // During the next Red move the first two minutes do not touch the reserve.
    in_time(&mut c, m(6));
    let r = c.reading(Color::Red, m(6) + s(90)).unwrap();
    assert_eq!(r.remaining, m(27));
    assert_eq!(r.delay_remaining, s(30));
    let r = c.reading(Color::Red, m(6) + s(150)).unwrap();
    assert_eq!(r.remaining, m(27) - s(30));
    assert_eq!(r.delay_remaining, Duration::ZERO);
}

#[test]
fn per_move_system_after_the_reserve_each_move_within_two_minutes() {
    let mut c = clock("2m/move+30m");
    // Red uses the whole reserve on one move: 32 minutes, exactly in time.
    assert_eq!(c.flag_deadline(), Some(m(32)));
    let t = in_time(&mut c, m(32));
    assert_eq!(t.remaining, Duration::ZERO);
    in_time(&mut c, m(33));
    // Now every Red move must be made within two minutes.
    assert_eq!(c.flag_deadline(), Some(m(35)));
    in_time(&mut c, m(35)); // exactly two minutes: in time
    in_time(&mut c, m(36));
    let f = flagged(&mut c, m(38) + NS);
    assert_eq!(f.loser, Color::Red);
    assert_eq!(f.at, m(38));
    assert_eq!(f.reason, FlagReason::AllowanceExceeded { allowance: m(2) });
    assert!(f.citations().contains(&Citation::R1960_11_1));
    assert_eq!(c.state(), ClockState::Flagged);
}

// --- 1960 第十一节二, 时间总计制: 1 h 30 min, then 10 moves in every 15 minutes. ---

#[test]
fn total_system_main_time_then_ten_moves_per_fifteen_minutes() {
    let mut c = clock("90m+15m/10");
    // Red's first move runs 2 minutes past the main time: it is the first of the 10.
    let t = in_time(&mut c, m(92));
    assert_eq!(t.stage, 1);
    assert_eq!(t.remaining, m(13));
    assert_eq!(c.moves_owed(Color::Red), Some(9));
    assert_eq!(c.moves_owed(Color::Black), None);
    // Nine more quick moves complete the period; the unused time carries over.
    let mut at = m(92);
    for _ in 0..9 {
        at += s(1);
        in_time(&mut c, at);
        at += s(60);
        in_time(&mut c, at);
    }
    let r = c.reading(Color::Red, at).unwrap();
    assert_eq!((r.stage, r.period), (1, 1));
    assert_eq!(r.remaining, m(13) - s(9 * 60) + m(15));
    assert_eq!(r.moves_owed, Some(10));
}

#[test]
fn total_system_flag_when_ten_moves_not_made_in_fifteen_minutes() {
    let mut c = clock("90m+15m/10");
    in_time(&mut c, m(90)); // exactly the main time: in time, the stage ends
    assert_eq!(c.moves_owed(Color::Red), Some(10));
    in_time(&mut c, m(91));
    // Red then thinks 15 minutes and 1 ns on the first of its 10 moves.
    assert_eq!(c.flag_deadline(), Some(m(106)));
    let f = flagged(&mut c, m(106) + NS);
    assert_eq!(
        f.reason,
        FlagReason::QuotaNotMet {
            stage: 1,
            moves_owed: 10
        }
    );
    assert!(f.citations().contains(&Citation::R1960_11_2));
    assert!(f.citations().contains(&Citation::CURRENT_4_1_4));
}

#[test]
fn total_system_deadline_spans_main_time_and_the_first_period() {
    let c = clock("90m+15m/10");
    assert_eq!(c.flag_deadline(), Some(m(105)));
    let c = clock("1h+15m/10");
    assert_eq!(c.flag_deadline(), Some(m(75)));
}

#[test]
fn reset_periods_do_not_carry_over() {
    let mut c = clock("90m+15m/10 reset");
    let mut at = play_pairs(&mut c, Duration::ZERO, 1, m(90)); // both into overtime
    // The move that used the main time exactly was not one of the ten.
    at = play_pairs(&mut c, at, 10, s(10));
    let r = c.reading(Color::Red, at).unwrap();
    assert_eq!((r.stage, r.period, r.remaining), (1, 1, m(15)));
}

// --- Current text §6.1–§6.4: staged controls, the last stage repeats, carry-over. ---

#[test]
fn staged_90_40_then_15_10_carries_over_and_repeats() {
    let mut c = clock("90m/40+15m/10");
    let at = play_pairs(&mut c, Duration::ZERO, 39, m(1));
    assert_eq!(c.moves_owed(Color::Red), Some(1));
    let t = in_time(&mut c, at + m(1));
    // 40 moves in 40 minutes: 50 minutes carry into the next 15.
    assert_eq!((t.stage, t.remaining), (1, m(65)));
    assert_eq!(c.moves_owed(Color::Red), Some(10));
    let mut at = at + m(2);
    in_time(&mut c, at);
    at = play_pairs(&mut c, at, 10, m(1));
    let r = c.reading(Color::Red, at).unwrap();
    assert_eq!((r.stage, r.period, r.remaining), (1, 1, m(65 - 10 + 15)));
}

#[test]
fn staged_flag_counts_moves_owed_at_exact_boundary() {
    let mut c = clock("60m/30+10m/10");
    let at = play_pairs(&mut c, Duration::ZERO, 20, s(90)); // 30 min each, 10 owed
    assert_eq!(c.flag_deadline(), Some(at + m(30)));
    let mut probe = c.clone();
    in_time(&mut probe, at + m(30)); // exactly zero: in time
    let f = flagged(&mut c, at + m(30) + NS);
    assert_eq!(
        f.reason,
        FlagReason::QuotaNotMet {
            stage: 0,
            moves_owed: 10
        }
    );
    assert_eq!(f.move_number, 21);
}

#[test]
fn rapid_10_40_then_5_30() {
    let mut c = clock("10m/40+5m/30");
    let at = play_pairs(&mut c, Duration::ZERO, 40, s(10));
    let r = c.reading(Color::Red, at).unwrap();
    assert_eq!(
        (r.stage, r.remaining, r.moves_owed),
        (1, m(10) - s(400) + m(5), Some(30))
    );
}

#[test]
fn rapid_5_for_every_30_repeats_from_the_start() {
    let mut c = clock("5m/30");
    let at = play_pairs(&mut c, Duration::ZERO, 30, s(5));
    let r = c.reading(Color::Black, at).unwrap();
    assert_eq!((r.stage, r.period), (0, 1));
    assert_eq!(r.remaining, m(5) - s(150) + m(5));
    // Red, to move, has its carried-over time for the next 30 moves.
    assert_eq!(c.flag_deadline(), Some(at + m(5) - s(150) + m(5)));
}

// --- Current text §6.5: sudden death (包干). ---

#[test]
fn sudden_death_flag_exactly_after_zero() {
    let mut c = clock("5m");
    let mut probe = c.clone();
    in_time(&mut probe, m(5));
    assert_eq!(
        probe.reading(Color::Red, m(5)).unwrap().remaining,
        Duration::ZERO
    );
    assert_eq!(c.check(m(5)).unwrap(), None);
    let f = c.check(m(5) + NS).unwrap().expect("flag");
    assert_eq!(f.reason, FlagReason::TimeExhausted { stage: 0 });
    assert_eq!(f.citations()[0], Citation::CURRENT_6_5);
    assert_eq!(c.reading(Color::Red, m(6)).unwrap().used, m(5));
    assert_eq!(c.press(m(7)), Err(xiangqi_clock::ClockError::Finished));
}

// --- Fischer increment (加秒). ---

#[test]
fn increment_is_added_after_each_move_in_time() {
    let mut c = clock("10m+5s");
    assert_eq!(in_time(&mut c, s(3)).remaining, m(10) + s(2));
    assert_eq!(in_time(&mut c, s(23)).remaining, m(10) - s(15));
    // Red's deadline: bank + nothing else; increment only after the move.
    assert_eq!(c.flag_deadline(), Some(s(23) + m(10) + s(2)));
}

#[test]
fn increment_per_stage() {
    let mut c = clock("1m/2+10s, 1m+1s");
    in_time(&mut c, s(30)); // red 1: 60-30+10 = 40
    in_time(&mut c, s(31));
    let t = in_time(&mut c, s(41)); // red 2: 40-10+10 = 40, quota met: +1m
    assert_eq!((t.stage, t.remaining), (1, s(100)));
    in_time(&mut c, s(42));
    assert_eq!(in_time(&mut c, s(52)).remaining, s(91));
}

// --- Delays. ---

#[test]
fn simple_delay_on_a_quota_stage() {
    let mut c = clock("10m/40 d5s");
    assert_eq!(in_time(&mut c, s(5)).remaining, m(10));
    assert_eq!(in_time(&mut c, s(13)).remaining, m(10) - s(3));
    assert_eq!(c.flag_deadline(), Some(s(13) + m(10) + s(5)));
}

#[test]
fn bronstein_delay_gives_back_at_most_what_was_used() {
    let mut c = clock("5m b5s");
    assert_eq!(in_time(&mut c, s(3)).remaining, m(5));
    assert_eq!(in_time(&mut c, s(11)).remaining, m(5) - s(3));
    // The flag does not wait for the refund: the deadline is the main time only.
    assert_eq!(c.flag_deadline(), Some(s(11) + m(5)));
    let r = c.reading(Color::Red, s(13)).unwrap();
    assert_eq!(r.remaining, m(5) - s(2));
}

// --- Byo-yomi (读秒). ---

#[test]
fn byoyomi_periods_are_kept_exactly_at_the_end_and_lost_beyond() {
    let mut c = clock("1m+3x10s");
    in_time(&mut c, m(1)); // main time gone exactly
    in_time(&mut c, m(1) + s(1));
    let r = c.reading(Color::Red, m(1) + s(1)).unwrap();
    assert_eq!(
        (r.byoyomi_periods, r.byoyomi_remaining),
        (Some(3), Some(s(10)))
    );
    let mut at = m(1) + s(11);
    in_time(&mut c, at); // exactly one period: kept
    assert_eq!(c.reading(Color::Red, at).unwrap().byoyomi_periods, Some(3));
    at += s(1);
    in_time(&mut c, at);
    let r = c.reading(Color::Red, at + s(25)).unwrap();
    assert_eq!(
        (r.byoyomi_periods, r.byoyomi_remaining),
        (Some(1), Some(s(5)))
    );
    at += s(25);
    in_time(&mut c, at); // 25 s: two periods used up
    assert_eq!(c.reading(Color::Red, at).unwrap().byoyomi_periods, Some(1));
    at += s(1);
    in_time(&mut c, at);
    assert_eq!(c.flag_deadline(), Some(at + s(10)));
    let f = flagged(&mut c, at + s(10) + NS);
    assert_eq!(f.reason, FlagReason::ByoyomiExhausted { periods: 3 });
}

#[test]
fn main_time_runs_straight_into_byoyomi_within_a_move() {
    let mut c = clock("1m+3x10s");
    assert_eq!(c.flag_deadline(), Some(s(90)));
    in_time(&mut c, s(75)); // 15 s into byo-yomi: one period used up
    assert_eq!(
        c.reading(Color::Red, s(75)).unwrap().byoyomi_periods,
        Some(2)
    );
}

// --- Hard limit per move (current text, 时间规定). ---

#[test]
fn move_limit_loses_even_with_time_left() {
    let mut c = clock("30m max1m");
    in_time(&mut c, m(1));
    assert_eq!(c.flag_deadline(), Some(m(2)));
    let f = flagged(&mut c, m(2) + NS);
    assert_eq!(f.reason, FlagReason::MoveLimitExceeded { limit: m(1) });
    assert_eq!(f.loser, Color::Black);
    assert_eq!(f.citations()[0], Citation::CURRENT_MOVE_LIMIT);
}

#[test]
fn move_limit_gives_way_to_less_main_time() {
    let mut c = clock("90s max1m");
    in_time(&mut c, s(50));
    in_time(&mut c, s(51));
    // Red has 40 s left: the main time, not the limit, decides.
    let f = flagged(&mut c, s(92));
    assert_eq!(f.reason, FlagReason::TimeExhausted { stage: 0 });
    assert_eq!(f.at, s(91));
}

#[test]
fn per_move_allowance_without_reserve_is_a_hard_limit() {
    let mut c = clock("30s/move");
    in_time(&mut c, s(30));
    let f = flagged(&mut c, s(61));
    assert_eq!(f.reason, FlagReason::AllowanceExceeded { allowance: s(30) });
}

// --- Handicap and Armageddon time (贴时). ---

#[test]
fn armageddon_sides_have_their_own_time() {
    let mut red_late = clock("red=5m black=4m");
    assert_eq!(red_late.flag_deadline(), Some(m(5)));
    in_time(&mut red_late, s(1));
    assert_eq!(red_late.flag_deadline(), Some(s(1) + m(4)));
    let f = flagged(&mut red_late, s(1) + m(4) + NS);
    assert_eq!(f.loser, Color::Black);
}

// --- Stages chained by running out within one move. ---

#[test]
fn chained_stages_without_quota() {
    let mut c = clock("1m, 1m, 1m/2");
    assert_eq!(c.flag_deadline(), Some(m(3)));
    let t = in_time(&mut c, s(150));
    assert_eq!((t.stage, t.remaining), (2, s(30)));
    assert_eq!(c.moves_owed(Color::Red), Some(1));
}

#[test]
fn first_mover_may_be_black_as_in_1960() {
    let mut c: GameClock = GameClock::new("5m".parse().unwrap());
    c.start(Color::Black, Duration::ZERO).unwrap();
    assert_eq!(in_time(&mut c, s(4)).side, Color::Black);
    assert_eq!(c.to_move(), Some(Color::Red));
}
