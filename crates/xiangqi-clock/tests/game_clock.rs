//! The game clock's life: pause and resume, adjournment with a sealed move (封棋, 1960
//! 第十一节四), misuse refused without damage, and serialization.

use std::time::Duration;

use xiangqi_clock::{ClockError, ClockState, Color, FlagReason, GameClock, Press, TimeControl};

fn s(secs: u64) -> Duration {
    Duration::from_secs(secs)
}

fn clock(text: &str, first: Color) -> GameClock {
    let mut clock = GameClock::new(text.parse::<TimeControl>().expect("valid control"));
    clock.start(first, Duration::ZERO).expect("start");
    clock
}

fn press(clock: &mut GameClock, at: Duration) {
    assert!(
        matches!(clock.press(at), Ok(Press::InTime(_))),
        "press at {at:?} should be in time"
    );
}

#[test]
fn pause_freezes_and_resume_continues_the_same_move() {
    let mut c = clock("10m", Color::Red);
    press(&mut c, s(10));
    c.pause(s(70)).unwrap(); // Black has thought for 60 s
    assert_eq!(c.state(), ClockState::Paused);
    assert_eq!(c.flag_deadline(), None);
    let frozen = c.reading(Color::Black, s(70)).unwrap();
    assert_eq!(c.reading(Color::Black, s(5000)).unwrap(), frozen);
    assert_eq!(frozen.remaining, s(540));
    assert!(frozen.on_move);
    assert_eq!(c.resume(s(5000)).unwrap(), None);
    assert_eq!(c.to_move(), Some(Color::Black));
    assert_eq!(c.flag_deadline(), Some(s(5000 + 540)));
    press(&mut c, s(5030));
    let r = c.reading(Color::Black, s(5030)).unwrap();
    assert_eq!((r.used, r.remaining), (s(90), s(510)));
}

#[test]
fn pause_does_not_grant_a_new_delay_or_reset_the_move_limit() {
    let mut c = clock("2m/move+30m max10m", Color::Red);
    c.pause(s(100)).unwrap();
    c.resume(s(1000)).unwrap();
    // 100 s of the 120 s allowance are gone.
    assert_eq!(
        c.reading(Color::Red, s(1000)).unwrap().delay_remaining,
        s(20)
    );
    assert_eq!(c.flag_deadline(), Some(s(1000 + 500)));
    let Press::Flagged(f) = c.press(s(1501)).unwrap() else {
        panic!("ten minutes on one move must lose")
    };
    assert_eq!(f.reason, FlagReason::MoveLimitExceeded { limit: s(600) });
    assert_eq!(f.at, s(1500));
}

#[test]
fn pause_after_the_flag_fell_records_the_flag() {
    let mut c = clock("1m", Color::Red);
    let err = c.pause(s(61)).unwrap_err();
    let ClockError::Flagged(flag) = err else {
        panic!("expected the flag, got {err:?}")
    };
    assert_eq!((flag.loser, flag.at), (Color::Red, s(60)));
    assert_eq!(c.flag(), Some(&flag));
    assert_eq!(c.resume(s(62)), Err(ClockError::Finished));
}

#[test]
fn sealed_move_is_hidden_until_resumption_and_times_are_kept() {
    // 1960: Black moves first and seals at the end of the session.
    let mut c = clock("90m+15m/10", Color::Black);
    press(&mut c, s(300)); // Black 1: 300 s
    press(&mut c, s(420)); // Red 1: 120 s
    let sealed = c.seal(s(1000), "炮8平5".to_string()).unwrap(); // Black 2: 580 s
    assert!(matches!(sealed, Press::InTime(t) if t.side == Color::Black && t.move_number == 2));
    assert_eq!(c.state(), ClockState::Adjourned);
    assert_eq!(c.flag_deadline(), None);
    assert_eq!(c.press(s(1001)), Err(ClockError::NotRunning));
    let env = c.envelope().unwrap();
    assert_eq!(
        (env.sealer(), env.move_number(), env.sealed_at()),
        (Color::Black, 2, s(1000))
    );
    assert_eq!(env.time_used().black, s(880));
    assert_eq!(env.time_used().red, s(120));
    assert_eq!(env.remaining().black, s(5400 - 880));
    assert!(!format!("{env:?}").contains('炮'));
    let snap = c.snapshot(s(2000)).unwrap();
    assert_eq!(snap.envelope.unwrap().move_number(), 2);
    // Overnight: nobody's clock runs.
    let next_day = s(86_400);
    assert_eq!(c.resume(next_day).unwrap().as_deref(), Some("炮8平5"));
    assert_eq!(c.to_move(), Some(Color::Red));
    // Red's main time left, then the first 15-minute period.
    assert_eq!(c.flag_deadline(), Some(next_day + s(5400 - 120 + 900)));
    let r = c.reading(Color::Black, next_day).unwrap();
    assert_eq!((r.used, r.moves), (s(880), 2));
}

#[test]
fn sealing_after_the_flag_fell_seals_nothing() {
    let mut c = clock("1m", Color::Red);
    let out = c.seal(s(61), "h2e2".to_string()).unwrap();
    assert!(matches!(out, Press::Flagged(f) if f.loser == Color::Red));
    assert!(c.envelope().is_none());
}

#[test]
fn sealed_move_counts_towards_the_quota() {
    let mut c = clock("5m/2", Color::Red);
    press(&mut c, s(10));
    press(&mut c, s(20));
    c.seal(s(30), "h2e2".to_string()).unwrap();
    let env = c.envelope().unwrap();
    // Red's quota of 2 met: the next period's 5 minutes were added.
    assert_eq!(env.remaining().red, s(300 - 20 + 300));
}

#[test]
fn misuse_is_refused_and_leaves_the_clock_unchanged() {
    let mut c: GameClock = GameClock::new("5m".parse().unwrap());
    assert_eq!(c.press(s(1)), Err(ClockError::NotStarted));
    assert_eq!(c.pause(s(1)), Err(ClockError::NotStarted));
    assert_eq!(c.resume(s(1)), Err(ClockError::NotStarted));
    assert_eq!(c.stop(s(1)), Err(ClockError::NotStarted));
    c.start(Color::Red, s(10)).unwrap();
    let before = c.clone();
    assert_eq!(
        c.press(s(9)),
        Err(ClockError::TimeWentBackwards {
            last: s(10),
            at: s(9)
        })
    );
    assert!(c.reading(Color::Red, s(9)).is_err());
    assert_eq!(c.resume(s(11)), Err(ClockError::NotPaused));
    assert_eq!(c, before);
    c.pause(s(12)).unwrap();
    assert_eq!(c.pause(s(13)), Err(ClockError::NotRunning));
    assert!(matches!(
        c.check(s(1)),
        Err(ClockError::TimeWentBackwards { .. })
    ));
}

#[test]
fn check_does_nothing_before_the_deadline_and_is_idempotent_after() {
    let mut c = clock("1m", Color::Red);
    assert_eq!(c.check(s(60)).unwrap(), None);
    assert_eq!(c.state(), ClockState::Running);
    let f = c.check(s(60) + Duration::from_nanos(1)).unwrap().unwrap();
    assert_eq!(c.check(s(100)).unwrap(), Some(f));
    assert_eq!(c.to_move(), None);
}

#[test]
fn stop_charges_the_side_to_move() {
    let mut c = clock("10m+5s", Color::Red);
    press(&mut c, s(10));
    c.stop(s(40)).unwrap();
    let r = c.reading(Color::Black, s(99)).unwrap();
    assert_eq!((r.used, r.remaining, r.moves), (s(30), s(570), 0));
    assert_eq!(c.stop(s(50)), Err(ClockError::Finished));
}

#[cfg(feature = "serde")]
#[test]
fn clock_state_round_trips_through_json_mid_game() {
    let mut c = clock("red=90m/40+15m/10 black=60m+30s", Color::Red);
    press(&mut c, s(30));
    c.seal(s(90), "h9g7".to_string()).unwrap();
    let json = serde_json::to_string(&c).unwrap();
    let back: GameClock = serde_json::from_str(&json).unwrap();
    assert_eq!(back, c);
    let mut back = back;
    assert_eq!(back.resume(s(500)).unwrap().as_deref(), Some("h9g7"));
    // Players get a snapshot, which has no sealed move.
    let snap = serde_json::to_string(&c.snapshot(s(100)).unwrap()).unwrap();
    assert!(!snap.contains("h9g7"));
    assert!(snap.contains("\"state\":\"adjourned\""));
}

#[cfg(feature = "serde")]
#[test]
fn corrupt_stored_state_is_an_error_not_a_panic() {
    for bad in ["{}", "[]", "\"x\"", "{\"control\":\"90m/0\"}", "null"] {
        assert!(serde_json::from_str::<GameClock>(bad).is_err(), "{bad}");
    }
}

#[cfg(feature = "serde")]
#[test]
fn tampered_stored_state_never_panics() {
    let mut c = clock("90m/40+15m/10, 5m+3x30s max20m", Color::Red);
    press(&mut c, s(30));
    let mut json = serde_json::to_value(&c).unwrap();
    for side in ["red", "black"] {
        let account = &mut json["accounts"][side];
        account["stage"] = serde_json::json!(u64::MAX);
        account["period"] = serde_json::json!(u32::MAX);
        account["moves_in_stage"] = serde_json::json!(u32::MAX);
        account["byoyomi_left"] = serde_json::json!(u32::MAX);
        account["moves"] = serde_json::json!(u32::MAX);
        account["bank"] = serde_json::json!({"secs": u64::MAX, "nanos": 999_999_999});
        account["used"] = serde_json::json!({"secs": u64::MAX, "nanos": 999_999_999});
    }
    json["phase"]["since"] = serde_json::json!({"secs": u64::MAX, "nanos": 0});
    let mut bad: GameClock = serde_json::from_value(json).unwrap();
    let far = Duration::MAX;
    for side in Color::ALL {
        let _ = bad.reading(side, far);
    }
    let _ = bad.flag_deadline();
    let _ = bad.snapshot(far);
    let _ = bad.clone().press(s(100));
    let _ = bad.clone().pause(far);
    let _ = bad.check(far);
}
