//! The text form: what each piece of the grammar means, canonical printing, and errors
//! that say what and where.

use std::time::Duration;

use xiangqi_clock::{
    Color, DelayKind, InvalidControl, ParseErrorKind, Preset, Schedule, Stage, TimeControl,
    parse_duration,
};

fn s(secs: u64) -> Duration {
    Duration::from_secs(secs)
}

fn parse(text: &str) -> TimeControl {
    text.parse()
        .unwrap_or_else(|e| panic!("{text:?} should parse: {e}"))
}

fn error(text: &str) -> (usize, ParseErrorKind) {
    let e = text.parse::<TimeControl>().unwrap_err();
    (e.offset(), e.kind().clone())
}

#[test]
fn the_issue_examples_mean_what_they_say() {
    let c = parse("90m/40+15m/10");
    let st = c.red().stages();
    assert_eq!(st.len(), 2);
    assert_eq!(
        (st[0].time, st[0].moves.map(|n| n.get())),
        (s(5400), Some(40))
    );
    assert_eq!(
        (st[1].time, st[1].moves.map(|n| n.get())),
        (s(900), Some(10))
    );
    assert!(c.is_symmetric());

    let c = parse("10m+5s");
    assert_eq!(
        c.red().stages(),
        &[Stage::time(s(600)).with_increment(s(5))]
    );

    let c = parse("30m+3x30s");
    let b = c.red().byoyomi().unwrap();
    assert_eq!((b.periods(), b.period()), (3, s(30)));

    let c = parse("2m/move+30m");
    let stage = c.red().stages()[0];
    assert_eq!(stage.time, s(1800));
    let delay = stage.delay.unwrap();
    assert_eq!((delay.kind, delay.amount), (DelayKind::Simple, s(120)));
    assert_eq!(c, parse("30m d2m"));
}

#[test]
fn presets_print_as_the_books_read() {
    let texts: Vec<String> = Preset::ALL
        .iter()
        .map(|p| p.control().to_string())
        .collect();
    assert_eq!(
        texts,
        [
            "2m/move+30m",
            "90m+15m/10",
            "90m/40+15m/10",
            "60m/30+10m/10",
            "10m/40+5m/30",
            "5m/30",
            "60m+30s"
        ]
    );
    for p in Preset::ALL {
        assert_eq!(parse(&p.control().to_string()), p.control());
    }
}

#[test]
fn options_delays_reset_and_limit() {
    let c = parse("5m b3s");
    assert_eq!(
        c.red().stages()[0].delay.unwrap().kind,
        DelayKind::Bronstein
    );
    let c = parse("90m+15m/10 reset");
    assert!(c.red().stages()[0].carry_over);
    assert!(!c.red().stages()[1].carry_over);
    let c = parse(
        "  90m/40 d5s + 15m/10   max 3m "
            .replace("max 3m", "max3m")
            .as_str(),
    );
    assert_eq!(c.red().move_limit(), Some(s(180)));
    assert_eq!(c.to_string(), "90m/40 d5s+15m/10 max3m");
}

#[test]
fn sides_in_either_order() {
    let a = parse("red=5m black=4m");
    let b = parse("black=4m red=5m");
    assert_eq!(a, b);
    assert_eq!(a.schedule(Color::Black).stages()[0].time, s(240));
    assert_eq!(parse("red=5m black=5m"), parse("5m"));
    assert_eq!(parse("red=5m black=5m").to_string(), "5m");
    let c = parse("red=90m/40+15m/10 max5m black=60m+30s");
    assert_eq!(c.to_string(), "red=90m/40+15m/10 max5m black=60m+30s");
}

#[test]
fn durations_canonical_and_ordered() {
    assert_eq!(parse_duration("1h30m").unwrap(), s(5400));
    assert_eq!(
        parse_duration("2m30s500ms").unwrap(),
        Duration::from_millis(150_500)
    );
    assert_eq!(parse_duration("7ns").unwrap(), Duration::from_nanos(7));
    assert_eq!(parse("1h30m").to_string(), "90m");
    assert_eq!(parse("120m").to_string(), "2h");
    assert_eq!(parse("1h").to_string(), "60m");
    assert_eq!(parse("0s/move+1500us").to_string(), "0s/move+1500us");
    let e = parse_duration("5m5m").unwrap_err();
    assert_eq!((e.offset(), e.kind()), (2, &ParseErrorKind::UnitOrder));
    let e = parse_duration("30s1m").unwrap_err();
    assert_eq!((e.offset(), e.kind()), (3, &ParseErrorKind::UnitOrder));
}

#[test]
fn errors_say_what_and_where() {
    assert_eq!(error("").0, 0);
    assert!(matches!(
        error("").1,
        ParseErrorKind::Expected { found: None, .. }
    ));
    assert_eq!(error("90"), (2, ParseErrorKind::MissingUnit));
    assert_eq!(error("90m/0"), (4, ParseErrorKind::ZeroMoves));
    assert_eq!(error("30m+0x30s"), (4, ParseErrorKind::ZeroPeriods));
    assert_eq!(error("30m+3x0s"), (6, ParseErrorKind::ZeroPeriodLength));
    assert_eq!(error("10m+5s+6s"), (7, ParseErrorKind::DuplicateIncrement));
    assert_eq!(error("10m d5s b5s"), (8, ParseErrorKind::DuplicateDelay));
    assert_eq!(
        error("2m/move+30m d5s"),
        (12, ParseErrorKind::DuplicateDelay)
    );
    assert_eq!(
        error("30m+3x30s+3x30s"),
        (10, ParseErrorKind::DuplicateByoyomi)
    );
    assert_eq!(error("30m+3x30s, 5m"), (4, ParseErrorKind::ByoyomiNotLast));
    assert_eq!(
        error("30m max1m max2m"),
        (10, ParseErrorKind::DuplicateMoveLimit)
    );
    assert_eq!(error("30m max1m d5s"), (10, ParseErrorKind::AfterMoveLimit));
    assert_eq!(error("30m max1m+5s"), (9, ParseErrorKind::AfterMoveLimit));
    assert_eq!(
        error("5m/5 reset reset"),
        (11, ParseErrorKind::DuplicateReset)
    );
    assert_eq!(
        error("red=5m red=4m"),
        (7, ParseErrorKind::DuplicateSide(Color::Red))
    );
    assert_eq!(
        error("red=5m"),
        (6, ParseErrorKind::MissingSide(Color::Black))
    );
    assert_eq!(
        error("black=5m"),
        (8, ParseErrorKind::MissingSide(Color::Red))
    );
    assert_eq!(
        error("30m/40+3x30s"),
        (
            7,
            ParseErrorKind::Invalid(InvalidControl::ByoyomiAfterQuota)
        )
    );
    assert_eq!(
        error("30m+5s+3x30s"),
        (
            7,
            ParseErrorKind::Invalid(InvalidControl::ByoyomiWithIncrementOrDelay)
        )
    );
    assert_eq!(
        error("30m max0s"),
        (4, ParseErrorKind::Invalid(InvalidControl::ZeroMoveLimit))
    );
    assert_eq!(
        error("99999999999999999999s"),
        (0, ParseErrorKind::NumberTooLarge)
    );
    assert_eq!(
        error("5124095576030432h"),
        (0, ParseErrorKind::DurationTooLarge)
    );
    assert_eq!(error("5m/4294967296"), (3, ParseErrorKind::NumberTooLarge));
    // Non-ASCII is reported as the character found, at its byte offset.
    let (at, kind) = error("5m＋5s");
    assert_eq!(at, 2);
    assert!(matches!(
        kind,
        ParseErrorKind::Expected {
            found: Some('＋'),
            ..
        }
    ));
    let (at, kind) = error("5分钟");
    assert_eq!((at, kind), (1, ParseErrorKind::MissingUnit));
}

#[test]
fn error_messages_read_well() {
    let e = "90m/40+15m/x".parse::<TimeControl>().unwrap_err();
    assert_eq!(
        e.to_string(),
        "at byte 11: expected a number of moves, or `move`, found 'x'"
    );
    let e = "red=5m".parse::<TimeControl>().unwrap_err();
    assert_eq!(
        e.to_string(),
        "at byte 6: black= is missing (give both red= and black=, or neither)"
    );
}

#[test]
fn schedule_parses_alone_but_not_sides() {
    let sch: Schedule = "90m/40+15m/10".parse().unwrap();
    assert_eq!(sch.stages().len(), 2);
    assert!("red=5m black=4m".parse::<Schedule>().is_err());
}

#[cfg(feature = "serde")]
#[test]
fn controls_serialize_as_their_text() {
    let c = parse("red=90m/40+15m/10 black=60m/30+10m/10");
    let json = serde_json::to_string(&c).unwrap();
    assert_eq!(json, "\"red=90m/40+15m/10 black=60m/30+10m/10\"");
    assert_eq!(serde_json::from_str::<TimeControl>(&json).unwrap(), c);
    let bad = serde_json::from_str::<TimeControl>("\"90m/0\"").unwrap_err();
    assert!(bad.to_string().contains("at byte 4"));
}

/// Engine testers' and arbiters' ways of writing a control read as the same control as the
/// canonical text.
#[test]
fn testers_and_arbiters_forms_read_as_the_canonical_ones() {
    for (written, canonical) in [
        // cutechess-cli's tc: seconds without a unit, base+increment, moves/base+increment.
        ("10+0.1", "10s+100ms"),
        ("60+0.6", "1m+600ms"),
        ("40/60+0.5", "1m/40+500ms"),
        ("40/60.0", "1m/40"),
        ("  10+0.1  ", "10s+100ms"),
        // Decimals with a unit.
        ("0.1s", "100ms"),
        ("1.5m+0.5s", "1m30s+500ms"),
        ("2.25h", "2h15m"),
        // Moves first, as arbiters write a quota.
        ("40/90m", "90m/40"),
        ("40/90m+30s", "90m/40+30s"),
        ("40/90m, 30m+30s", "90m/40, 30m+30s"),
        ("40/2h+20/1h, 15m+30s", "2h/40+1h/20, 15m+30s"),
        // What the crate already read.
        ("10s+100ms", "10s+100ms"),
        ("90m+30s", "90m+30s"),
        ("red=10+0.1 black=5+0.1", "red=10s+100ms black=5s+100ms"),
    ] {
        assert_eq!(parse(written), parse(canonical), "{written:?}");
        // Printed canonically, it reads back to the same control (the fuzz target's check).
        assert_eq!(
            parse(&parse(written).to_string()),
            parse(written),
            "{written:?}"
        );
    }
    assert_eq!(parse("10+0.1").to_string(), "10s+100ms");
    assert_eq!(parse_duration("0.1s").unwrap(), Duration::from_millis(100));
    assert_eq!(parse_duration("1.5m").unwrap(), s(90));
}

#[test]
fn testers_and_arbiters_forms_fail_clearly() {
    // A lone number is minutes to an arbiter and seconds to a tester: it needs its unit.
    assert_eq!(error("90"), (2, ParseErrorKind::MissingUnit));
    // Whole numbers in the tester's form are as ambiguous: refused, never guessed.
    assert_eq!(error("90+30"), (0, ParseErrorKind::AmbiguousUnits));
    assert_eq!(error("40/120"), (0, ParseErrorKind::AmbiguousUnits));
    assert_eq!(error("3+2"), (0, ParseErrorKind::AmbiguousUnits));
    assert!(
        "90+30"
            .parse::<TimeControl>()
            .unwrap_err()
            .to_string()
            .contains("90m+30s")
    );
    // Seconds without a unit only in the tester's whole form, never mixed with units.
    assert_eq!(error("10+5s"), (2, ParseErrorKind::MissingUnit));
    assert_eq!(error("40/60, 30m"), (5, ParseErrorKind::MissingUnit));
    assert_eq!(error("10+0.0000000001"), (5, ParseErrorKind::TooPrecise));
    assert_eq!(error("0.5ns"), (0, ParseErrorKind::TooPrecise));
    assert_eq!(error("0/90m"), (0, ParseErrorKind::ZeroMoves));
    assert_eq!(error("40/60+"), (5, ParseErrorKind::MissingUnit));
    // A fraction ends the duration: nothing may follow it but the rest of the control.
    let (at, kind) = error("1.5m30s");
    assert_eq!(at, 4);
    assert!(
        matches!(
            kind,
            ParseErrorKind::Expected {
                found: Some('3'),
                ..
            }
        ),
        "{kind:?}"
    );
    let e = "10+0.0000000001".parse::<TimeControl>().unwrap_err();
    assert_eq!(
        e.to_string(),
        "at byte 5: a fraction finer than a nanosecond (at most nine decimals)"
    );
}
