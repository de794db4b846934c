//! Engine processes over real pipes: the test engine (`src/bin/test_engine.rs`) in each of
//! its modes against the built-in engine, every failure ruled or reported in bounded time.

use std::time::{Duration, Instant};

use xiangqi::{Color, Position};
use xiangqi_engine::search::Limits;
use xiangqi_engine::{
    Adjudication, Builtin, Dialect, Engine, EngineConfig, EngineError, GameEnd, GameSetup, Go,
    Timeouts, play_game,
};
use xiangqi_referee::{GameResult, Options, Reason, judge};

fn config(mode: &str) -> EngineConfig {
    EngineConfig {
        name: format!("test-{mode}"),
        program: env!("CARGO_BIN_EXE_xiangqi-test-engine").to_owned(),
        args: vec![mode.to_owned()],
        dialect: None,
        options: Vec::new(),
        timeouts: Timeouts {
            handshake: Duration::from_secs(2),
            probe: Duration::from_millis(500),
            ready: Duration::from_secs(2),
            move_without_clock: Duration::from_millis(700),
        },
    }
}

fn setup() -> GameSetup {
    GameSetup {
        start: Position::start(),
        opening: Vec::new(),
        options: Options::default(),
        control: None,
        limits: [Go {
            depth: Some(1),
            ..Go::default()
        }; 2],
        enforce_variation: false,
        adjudication: Adjudication {
            max_plies: 30,
            ..Adjudication::default()
        },
    }
}

/// Plays the test engine (Red) against the built-in engine at depth 1.
fn game_against(mode: &str, setup: &GameSetup) -> (xiangqi_engine::GameOutcome, Duration) {
    let t = Instant::now();
    let mut engine = Engine::start(config(mode)).unwrap();
    let mut builtin = Builtin::new("builtin", Limits::depth(1));
    let outcome = play_game(setup, &mut engine, &mut builtin).unwrap();
    (outcome, t.elapsed())
}

#[test]
fn detects_the_three_dialects() {
    let uci = Engine::start(config("random")).unwrap();
    assert_eq!(uci.dialect(), Dialect::Uci);
    assert_eq!(uci.id_name(), Some("test-random"));
    // The UCCI engine exits on `uci`, as ElephantEye does; detection starts it again.
    let ucci = Engine::start(config("ucci")).unwrap();
    assert_eq!(ucci.dialect(), Dialect::Ucci);
    let fsf = Engine::start(config("fsf")).unwrap();
    assert_eq!(fsf.dialect(), Dialect::UciRanks10);
}

#[test]
fn every_dialect_plays_legal_moves_through_the_referee() {
    for mode in ["random", "ucci", "fsf"] {
        let (outcome, _) = game_against(mode, &setup());
        // 30 plies of random moves against depth 1: ended by the ply limit or by a ruling
        // (the random mover may be mated) — never by a forfeit or an unreadable move.
        assert!(
            matches!(outcome.end, GameEnd::AdjudicatedDraw | GameEnd::Ruled),
            "{mode}: {}",
            outcome.termination
        );
        assert_ne!(
            outcome.ruling.board_reason(),
            Some(Reason::IllegalMove),
            "{mode}"
        );
        assert!(outcome.moves.len() >= 2, "{mode}");
    }
}

#[test]
fn an_illegal_move_loses_as_judge_rules_it() {
    let (outcome, took) = game_against("illegal", &setup());
    assert_eq!(outcome.result, GameResult::BlackWins);
    assert_eq!(outcome.ruling.board_reason(), Some(Reason::IllegalMove));
    assert_eq!(outcome.ruling.offender, Some(Color::Red));
    assert_eq!(
        outcome.ruling,
        judge(&Position::start(), &outcome.moves, &Options::default())
    );
    assert!(took < Duration::from_secs(5));
}

#[test]
fn crash_hang_garbage_and_no_move_forfeit_in_bounded_time() {
    for (mode, expect) in [
        ("crash", "exited"),
        ("hang", "no answer"),
        ("garbage", "babbles"),
        ("long-line", "babbles"),
        ("nomove", "no move"),
    ] {
        let (outcome, took) = game_against(mode, &setup());
        assert_eq!(outcome.result, GameResult::BlackWins, "{mode}");
        let GameEnd::Forfeit { loser, why } = &outcome.end else {
            panic!("{mode}: {:?}", outcome.end)
        };
        assert_eq!(*loser, Color::Red);
        assert!(why.contains(expect), "{mode}: {why}");
        assert!(took < Duration::from_secs(5), "{mode} took {took:?}");
    }
}

#[test]
fn a_slow_engine_loses_on_time() {
    let mut s = setup();
    s.control = Some("1s".parse().unwrap());
    s.limits = [Go::default(); 2];
    let (outcome, took) = game_against("slow", &s);
    assert_eq!(outcome.end, GameEnd::Flag { loser: Color::Red });
    assert_eq!(outcome.result, GameResult::BlackWins);
    assert!(
        outcome.termination.contains("lost on time"),
        "{}",
        outcome.termination
    );
    assert!(took < Duration::from_secs(5));
}

#[test]
fn start_up_failures_are_clear_errors() {
    let t = Instant::now();
    let mut c = config("hang-boot");
    c.dialect = Some(Dialect::Uci);
    let err = Engine::start(c).err().unwrap();
    assert!(matches!(err, EngineError::Timeout { .. }), "{err}");
    assert!(t.elapsed() < Duration::from_secs(4));

    let mut c = config("random");
    c.options = vec![("Threads".into(), "4".into())];
    let err = Engine::start(c).err().unwrap();
    assert!(err.to_string().contains("no option \"Threads\""), "{err}");

    let mut c = config("random");
    c.program = "/nonexistent/engine".into();
    let err = Engine::start(c).err().unwrap();
    assert!(matches!(err, EngineError::Spawn { .. }), "{err}");
}
