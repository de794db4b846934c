//! The errors the game crate hands across its boundary are data: each says what kind of error
//! it is, and its text is the one clients have always been sent (the server's JSON carries it
//! unchanged), so these pin both.

use xiangqi::{Color, Position};
use xiangqi_game::notation::{MoveTextError, parse_move};
use xiangqi_game::options::{
    DurationError, InstantError, OddsError, odds_position, parse_duration_ms, parse_rfc3339_ms,
    with_first,
};
use xiangqi_game::{ActionError, ArbiterAction, Binding, BindingCause, BindingError};
use xiangqi_referee::TouchError;

#[test]
fn a_duration_says_which_fault_and_at_which_byte() {
    let cases = [
        (
            "",
            DurationError::Shape { text: "".into() },
            r#"duration "": expected e.g. 15m, 90s, 1h30m"#,
        ),
        (
            "1hx",
            DurationError::NumberExpected {
                text: "1hx".into(),
                at: 2,
            },
            r#"duration "1hx": a number expected at byte 2"#,
        ),
        (
            "99999999999999999999s",
            DurationError::NumberTooLarge {
                text: "99999999999999999999s".into(),
                at: 0,
            },
            r#"duration "99999999999999999999s": number too large at byte 0"#,
        ),
        (
            " 2s5 ",
            DurationError::UnitExpected {
                text: "2s5".into(),
                at: 3,
            },
            r#"duration "2s5": a unit (h, m, s, ms) expected at byte 3"#,
        ),
        (
            "9999999999999h",
            DurationError::TooLong {
                text: "9999999999999h".into(),
            },
            r#"duration "9999999999999h": too long"#,
        ),
    ];
    for (text, kind, message) in cases {
        let e = parse_duration_ms(text).unwrap_err();
        assert_eq!(e, kind, "{text:?}");
        assert_eq!(e.to_string(), message, "{text:?}");
    }
}

#[test]
fn an_instant_says_whether_it_is_unreadable_or_too_early() {
    let e = parse_rfc3339_ms("2024-02-30T12:00:00Z").unwrap_err();
    assert_eq!(e, InstantError::NotRfc3339("2024-02-30T12:00:00Z".into()));
    assert_eq!(
        e.to_string(),
        r#"starts_at "2024-02-30T12:00:00Z": expected RFC 3339, e.g. 2026-12-01T09:30:00Z"#
    );
    let e = parse_rfc3339_ms("1970-01-01T00:00:00+00:01").unwrap_err();
    assert_eq!(
        e,
        InstantError::Before1970("1970-01-01T00:00:00+00:01".into())
    );
    assert_eq!(
        e.to_string(),
        r#"starts_at "1970-01-01T00:00:00+00:01": before 1970"#
    );
}

#[test]
fn each_odds_name_removes_the_pieces_it_names_and_an_unknown_one_is_refused() {
    let start = Position::start();
    let names = [
        ("rook", &["a0"][..], 'R'),
        ("horse", &["b0"], 'N'),
        ("cannon", &["b2"], 'C'),
        ("two_horses", &["b0", "h0"], 'N'),
        ("two_rooks", &["a0", "i0"], 'R'),
        ("advisor", &["d0"], 'A'),
        ("elephant", &["c0"], 'B'),
        ("pawn", &["e3"], 'P'),
    ];
    for (name, squares, fen_char) in names {
        let pos = odds_position(name).unwrap();
        assert_eq!(pos.turn(), Color::Red, "{name}");
        for sq in squares {
            let sq = sq.parse().unwrap();
            assert_eq!(
                start.piece_at(sq).map(|p| p.fen_char()),
                Some(fen_char),
                "{name}"
            );
            assert_eq!(pos.piece_at(sq), None, "{name}");
        }
        let left = |p: &Position| {
            xiangqi::Square::all()
                .filter(|&s| p.piece_at(s).is_some())
                .count()
        };
        assert_eq!(left(&start) - left(&pos), squares.len(), "{name}");
    }
    let rook_horse = odds_position("rook_horse").unwrap();
    assert!(
        ["a0", "b0"]
            .iter()
            .all(|s| rook_horse.piece_at(s.parse().unwrap()).is_none())
    );
    let e = odds_position("queen").unwrap_err();
    assert_eq!(e, OddsError::Unknown("queen".into()));
    assert_eq!(
        e.to_string(),
        r#"odds "queen": expected rook, horse, cannon, two_horses, two_rooks, rook_horse, advisor, elephant, pawn, or a FEN"#
    );
}

#[test]
fn the_first_mover_is_refused_with_the_position_s_reason() {
    let pos = Position::from_fen("4k4/9/9/9/9/9/9/9/4R4/3K5 b - - 0 1").unwrap();
    assert!(with_first(&pos, Color::Black).is_ok());
    let e = with_first(&pos, Color::Red).unwrap_err();
    assert_eq!(e.to_string(), format!("first: {}", e.0));
    // The colour-swapped board: Red in check, so Black may not be the side to move.
    let swapped = Position::from_fen("3k5/4r4/9/9/9/9/9/9/9/4K4 w - - 0 1").unwrap();
    assert!(with_first(&swapped, Color::Red).is_ok());
    assert!(with_first(&swapped, Color::Black).is_err());
}

#[test]
fn a_move_text_keeps_the_rules_core_s_reason() {
    let pos = Position::start();
    assert_eq!(
        parse_move(&pos, &"车".repeat(30)),
        Err(MoveTextError::TooLong)
    );
    assert_eq!(
        MoveTextError::TooLong.to_string(),
        "a move is at most a few characters"
    );
    match parse_move(&pos, "马二平三") {
        Err(MoveTextError::Unread(e)) => {
            assert_eq!(
                parse_move(&pos, "马二平三").unwrap_err().to_string(),
                e.to_string()
            )
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_touch_names_the_square_that_does_not_read_or_the_rule_that_refuses() {
    let start = Position::start();
    let e = Binding::rule(&start, &["j0".into()], BindingCause::Touch).unwrap_err();
    assert_eq!(e, BindingError::Square("j0".into()));
    assert_eq!(e.to_string(), r#"square "j0": expected a square like e3"#);
    let e = Binding::rule(&start, &[], BindingCause::Touch).unwrap_err();
    assert_eq!(e, BindingError::Touch(TouchError::NothingTouched));
    assert_eq!(e.to_string(), TouchError::NothingTouched.to_string());
}

#[test]
fn an_arbiter_action_out_of_range_names_its_field() {
    let long = "字".repeat(501);
    let cases = [
        (
            ArbiterAction::MoveLimit { rounds: 501 },
            ActionError::Rounds(501),
            "rounds",
            "rounds 501: expected 1 to 500",
        ),
        (
            ArbiterAction::Time {
                side: Color::Red,
                ms: 0,
                note: String::new(),
            },
            ActionError::TimeAmount(0),
            "ms",
            "ms 0: expected a non-zero amount of at most a day",
        ),
        (
            ArbiterAction::Touch { squares: vec![] },
            ActionError::TouchSquares,
            "squares",
            "squares: 1 to 32 squares",
        ),
        (
            ArbiterAction::Untouch { note: long },
            ActionError::NoteTooLong,
            "note",
            "note: at most 500 characters",
        ),
    ];
    for (action, kind, field, message) in cases {
        let e = action.validate().unwrap_err();
        assert_eq!(e, kind);
        assert_eq!(e.field(), field);
        assert_eq!(e.to_string(), message);
    }
    assert_eq!(ActionError::Asker.field(), "side");
    assert_eq!(
        ActionError::Asker.to_string(),
        "side: the player who asked, on grounds undecided and dominant only"
    );
    assert_eq!(ArbiterAction::MoveLimit { rounds: 500 }.validate(), Ok(()));
}
