//! Property tests: printing then parsing gives the control back; the parser never panics
//! (arbitrary strings and fuzz-style mutations of valid texts); on any sequence of clock
//! operations time never goes backwards, the time used adds up to the time elapsed, and
//! the flag deadline is exactly the boundary between in time and flagged.

use std::time::Duration;

use proptest::prelude::*;
use xiangqi_clock::{
    Byoyomi, ClockError, ClockState, Color, Delay, GameClock, Press, Schedule, Stage, TimeControl,
};

const NS: Duration = Duration::from_nanos(1);

/// Durations of every shape: whole minutes, seconds, fractions, and huge ones.
fn any_duration() -> BoxedStrategy<Duration> {
    prop_oneof![
        (0u64..200).prop_map(|m| Duration::from_secs(60 * m)),
        (0u64..100_000).prop_map(Duration::from_secs),
        (0u64..10_000_000_000).prop_map(Duration::from_nanos),
        (any::<u64>(), 0u32..1_000_000_000).prop_map(|(s, n)| Duration::new(s, n)),
    ]
    .boxed()
}

/// Durations a game might see: up to a few minutes, with some fractions.
fn game_duration() -> BoxedStrategy<Duration> {
    prop_oneof![
        (0u64..=5).prop_map(|m| Duration::from_secs(60 * m)),
        (0u64..300).prop_map(Duration::from_secs),
        (0u64..300_000).prop_map(Duration::from_millis),
    ]
    .boxed()
}

fn stage(d: BoxedStrategy<Duration>) -> impl Strategy<Value = Stage> {
    (
        d.clone(),
        prop_oneof![Just(0u32), 1u32..60, any::<u32>()],
        prop_oneof![Just(Duration::ZERO), d.clone()],
        prop::option::of((any::<bool>(), d)),
        any::<bool>(),
    )
        .prop_map(|(time, moves, increment, delay, carry)| {
            let mut stage = Stage::moves(time, moves).with_increment(increment);
            if let Some((simple, amount)) = delay {
                stage = stage.with_delay(if simple {
                    Delay::simple(amount)
                } else {
                    Delay::bronstein(amount)
                });
            }
            if !carry {
                stage = stage.without_carry_over();
            }
            stage
        })
}

fn schedule(d: BoxedStrategy<Duration>) -> impl Strategy<Value = Schedule> {
    (
        prop::collection::vec(stage(d.clone()), 1..4),
        prop::option::of((1u32..5, d.clone())),
        prop::option::of(d),
    )
        .prop_map(|(mut stages, byoyomi, limit)| {
            let byoyomi = byoyomi.and_then(|(n, p)| Byoyomi::new(n, p));
            if byoyomi.is_some() {
                // Byo-yomi needs a plain last stage: make it one.
                let last = stages.len() - 1;
                stages[last] = Stage::time(stages[last].time);
            }
            let mut s = Schedule::new(stages).expect("non-empty");
            if let Some(b) = byoyomi {
                s = s.with_byoyomi(b).expect("plain last stage");
            }
            if let Some(l) = limit.filter(|l| !l.is_zero()) {
                s = s.with_move_limit(l).expect("non-zero");
            }
            s
        })
}

fn control(d: BoxedStrategy<Duration>) -> impl Strategy<Value = TimeControl> {
    prop_oneof![
        schedule(d.clone()).prop_map(TimeControl::symmetric),
        (schedule(d.clone()), schedule(d)).prop_map(|(r, b)| TimeControl::handicap(r, b)),
    ]
}

fn check_error_shape(text: &str) {
    if let Err(e) = text.parse::<TimeControl>() {
        assert!(
            e.offset() <= text.len(),
            "{text:?}: offset {} out of range",
            e.offset()
        );
        assert!(
            text.is_char_boundary(e.offset()),
            "{text:?}: offset inside a character"
        );
        assert!(!e.to_string().is_empty());
    } else {
        let c: TimeControl = text.parse().expect("just parsed");
        assert_eq!(c.to_string().parse::<TimeControl>().as_ref(), Ok(&c));
    }
}

#[derive(Debug, Clone)]
enum Edit {
    Insert(usize, char),
    Delete(usize),
    Replace(usize, char),
}

fn mutate(text: &str, edits: &[Edit]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for edit in edits {
        let len = chars.len();
        match *edit {
            Edit::Insert(i, c) => chars.insert(i % (len + 1), c),
            Edit::Delete(i) if len > 0 => {
                chars.remove(i % len);
            }
            Edit::Replace(i, c) if len > 0 => chars[i % len] = c,
            _ => {}
        }
    }
    chars.into_iter().collect()
}

fn grammar_char() -> impl Strategy<Value = char> {
    prop_oneof![
        prop::sample::select(
            "0123456789hmsunx/+, =dbrmaxesetlckove\t"
                .chars()
                .collect::<Vec<_>>()
        ),
        any::<char>(),
    ]
}

#[derive(Debug, Clone, Copy)]
enum Op {
    Press(Duration),
    PressAtDeadline,
    PressJustAfterDeadline,
    Pause(Duration),
    Resume(Duration),
    Seal(Duration),
    Check(Duration),
    Stop(Duration),
    Backwards(Duration),
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        8 => game_duration().prop_map(Op::Press),
        2 => Just(Op::PressAtDeadline),
        1 => Just(Op::PressJustAfterDeadline),
        1 => game_duration().prop_map(Op::Pause),
        2 => game_duration().prop_map(Op::Resume),
        1 => game_duration().prop_map(Op::Seal),
        1 => game_duration().prop_map(Op::Check),
        1 => (0u64..1000).prop_map(|s| Op::Stop(Duration::from_secs(s * 10))),
        1 => (1u64..1_000_000).prop_map(|n| Op::Backwards(Duration::from_nanos(n))),
    ]
}

fn used(clock: &GameClock, at: Duration) -> Duration {
    Color::ALL
        .iter()
        .map(|&s| clock.reading(s, at).expect("not backwards").used)
        .sum()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn printing_then_parsing_gives_the_control_back(c in control(any_duration())) {
        let text = c.to_string();
        let back: TimeControl = text.parse().map_err(|e| TestCaseError::fail(format!("{text:?}: {e}")))?;
        prop_assert_eq!(&back, &c, "{}", text);
        prop_assert_eq!(back.to_string(), text);
    }

    #[test]
    fn parser_never_panics_on_arbitrary_text(text in ".{0,60}") {
        check_error_shape(&text);
    }

    #[test]
    fn parser_never_panics_on_grammar_soup(chars in prop::collection::vec(grammar_char(), 0..40)) {
        let text: String = chars.into_iter().collect();
        check_error_shape(&text);
    }

    #[test]
    fn parser_never_panics_on_mutated_controls(
        c in control(any_duration()),
        edits in prop::collection::vec(
            prop_oneof![
                (any::<usize>(), grammar_char()).prop_map(|(i, c)| Edit::Insert(i, c)),
                any::<usize>().prop_map(Edit::Delete),
                (any::<usize>(), grammar_char()).prop_map(|(i, c)| Edit::Replace(i, c)),
            ],
            1..6,
        ),
    ) {
        check_error_shape(&mutate(&c.to_string(), &edits));
    }

    #[test]
    fn clock_time_adds_up_and_never_goes_backwards(
        c in control(game_duration()),
        first in prop_oneof![Just(Color::Red), Just(Color::Black)],
        ops in prop::collection::vec(op(), 1..60),
    ) {
        let mut clock: GameClock = GameClock::new(c);
        clock.start(first, Duration::ZERO).expect("start");
        let mut at = Duration::ZERO;
        let mut running_total = Duration::ZERO;
        let mut used_before = [Duration::ZERO; 2];
        for op in ops {
            let deadline = clock.flag_deadline();
            let was_running = clock.state() == ClockState::Running;
            let next = match op {
                // A refused operation moves time on without the clock: the deadline may be past.
                Op::PressAtDeadline => deadline.unwrap_or(at).max(at),
                Op::PressJustAfterDeadline => deadline.map_or(at, |d| d.saturating_add(NS)).max(at),
                Op::Backwards(d) => {
                    if let Some(earlier) = clock.last_event().checked_sub(d) {
                        let before = clock.clone();
                        prop_assert!(
                            matches!(clock.press(earlier), Err(ClockError::TimeWentBackwards { .. })),
                            "an earlier instant must be refused"
                        );
                        prop_assert!(clock.reading(Color::Red, earlier).is_err());
                        prop_assert_eq!(&clock, &before);
                    }
                    continue;
                }
                Op::Press(d) | Op::Pause(d) | Op::Resume(d) | Op::Seal(d) | Op::Check(d)
                | Op::Stop(d) => at + d,
            };
            // Readings during a move: allowance runs down exactly as time passes.
            if let (true, Some(side)) = (was_running, clock.to_move()) {
                let r0 = clock.reading(side, at).expect("reading");
                let r1 = clock.reading(side, next).expect("reading");
                // The main time only grows when a stage runs out into the next one.
                prop_assert!(r1.remaining <= r0.remaining || r1.stage > r0.stage);
                prop_assert!(r1.used >= r0.used);
                prop_assert_eq!(r1.allowance, r0.allowance.saturating_sub(next - at));
            }
            if was_running {
                let end = match deadline {
                    Some(d) if next > d => d,
                    _ => next,
                };
                running_total += end.saturating_sub(at);
            }
            let result = match op {
                Op::Press(_) | Op::PressAtDeadline | Op::PressJustAfterDeadline => {
                    clock.press(next).map(|p| {
                        if let Some(d) = deadline {
                            match p {
                                Press::InTime(_) => assert!(next <= d),
                                Press::Flagged(f) => assert!(next > d && f.at == d),
                            }
                        }
                    })
                }
                Op::Pause(_) => clock.pause(next),
                Op::Resume(_) => clock.resume(next).map(|_| ()),
                Op::Seal(_) => clock.seal(next, "sealed".to_string()).map(|_| ()),
                Op::Check(_) => clock.check(next).map(|_| ()),
                Op::Stop(_) => clock.stop(next),
                Op::Backwards(_) => unreachable!(),
            };
            let _ = result;
            at = next;
            let now_used = used(&clock, at);
            prop_assert_eq!(now_used, running_total, "after {:?}", op);
            for (i, side) in Color::ALL.into_iter().enumerate() {
                let u = clock.reading(side, at).expect("reading").used;
                prop_assert!(u >= used_before[i], "{}'s used time went back", side);
                used_before[i] = u;
            }
        }
    }

    #[test]
    fn the_deadline_is_the_boundary(
        c in control(game_duration()),
        moves in prop::collection::vec(game_duration(), 0..30),
    ) {
        let mut clock: GameClock = GameClock::new(c);
        clock.start(Color::Red, Duration::ZERO).expect("start");
        let mut at = Duration::ZERO;
        for took in moves {
            let Some(deadline) = clock.flag_deadline() else { break };
            let mut on_time = clock.clone();
            prop_assert!(matches!(on_time.press(deadline), Ok(Press::InTime(_))));
            if deadline < Duration::MAX {
                let mut late = clock.clone();
                match late.press(deadline + NS) {
                    Ok(Press::Flagged(f)) => prop_assert_eq!(f.at, deadline),
                    other => prop_assert!(false, "expected a flag, got {:?}", other),
                }
                let mut checked = clock.clone();
                prop_assert_eq!(checked.check(deadline).expect("check"), None);
                prop_assert!(checked.check(deadline + NS).expect("check").is_some());
            }
            at += took;
            if clock.press(at).is_err() || clock.state() != ClockState::Running {
                break;
            }
        }
    }
}
