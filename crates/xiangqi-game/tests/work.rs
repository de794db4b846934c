//! Decide once, apply once: a move is read once, checked once and ruled once by the referee,
//! whether it is decided and applied (a player's move) or only applied (a stored move replayed
//! after a restart). The counts come from `xiangqi_game::work`, kept per thread.

use xiangqi::Color;
use xiangqi::Position;
use xiangqi_game::work::Work;
use xiangqi_game::{Action, Event, Game, Refusal};
use xiangqi_referee::{Procedure, RuleSet};

fn created(fen: &str, procedure: Procedure) -> Event {
    let options = xiangqi_game::GameOptions {
        procedure: Some(procedure),
        ..Default::default()
    };
    Event::Created {
        control: "10m+5s".into(),
        rules: RuleSet::Chinese,
        fen: fen.into(),
        created_unix_ms: 0,
        options: Box::new(options),
    }
}

fn mv(text: &str) -> Action {
    Action::Move {
        text: text.into(),
        lag_ms: 0,
    }
}

/// Decides `text` for the side to move at `now` and applies what it causes; the events.
fn play(game: &mut Game, text: &str, now: u64) -> Vec<Event> {
    let side = if game.position().turn() == xiangqi::Color::Red {
        Color::Red
    } else {
        Color::Black
    };
    let decision = game.decide(side, &mv(text), now);
    assert_eq!(decision.refusal, None, "{text}");
    for e in &decision.events {
        game.apply(e);
    }
    decision.events
}

/// One reading and one ruling for each of `n` moves, and no board beside the referee.
fn once_each(n: usize) -> Work {
    let n = n as u64;
    Work {
        read: n,
        checked: 0,
        ruled: n,
    }
}

/// Red's rook checks for ever (1960 rules §4.2(一), 图四): the ninth ply repeats the position
/// after the first for the third time, which the referee rules perpetual check.
const PERPETUAL: &str = "5k3/9/9/9/9/9/9/9/7R1/3K5 w";
const LINE: [&str; 9] = [
    "h1h9", "f9f8", "h9h8", "f8f9", "h8h9", "f9f8", "h9h8", "f8f9", "h8h9",
];

#[test]
fn a_move_decided_and_applied_is_read_once_and_ruled_once() {
    let mut game =
        Game::from_created(&created(&Position::start().fen(), Procedure::Book)).expect("a game");
    let before = Work::on_this_thread();
    play(&mut game, "炮二平五", 1_000);
    let work = Work::on_this_thread().since(before);
    eprintln!("one move: {work:?}");
    assert_eq!(
        work,
        Work {
            read: 1,
            checked: 0,
            ruled: 1
        }
    );
    assert_eq!(game.moves()[0].iccs, "h2e2");
}

#[test]
fn each_move_of_a_repetition_is_ruled_once_up_to_the_ruling() {
    let mut game = Game::from_created(&created(PERPETUAL, Procedure::Immediate)).expect("a game");
    let mut events = Vec::new();
    let before = Work::on_this_thread();
    for (i, m) in LINE.iter().enumerate() {
        events.extend(play(&mut game, m, 1_000 * (i as u64 + 1)));
    }
    let work = Work::on_this_thread().since(before);
    eprintln!(
        "{} moves, the last ruled perpetual check: {work:?}",
        LINE.len()
    );
    assert_eq!(work, once_each(LINE.len()));
    let ruling = game.ruling().expect("perpetual check ends the game");
    assert_eq!((ruling.reason_name(), ruling.ply), ("perpetual_check", 9));
    assert!(matches!(events.last(), Some(Event::Ended { .. })));
}

#[test]
fn a_stored_game_replayed_reads_and_rules_each_move_once() {
    let first = created(PERPETUAL, Procedure::Immediate);
    let mut game = Game::from_created(&first).expect("a game");
    let mut events = Vec::new();
    for (i, m) in LINE.iter().enumerate() {
        events.extend(play(&mut game, m, 1_000 * (i as u64 + 1)));
    }
    // A restart: the stored events through `apply` alone, as the server replays them.
    let before = Work::on_this_thread();
    let mut replayed = Game::from_created(&first).expect("a game");
    for e in &events {
        replayed.apply(e);
    }
    let work = Work::on_this_thread().since(before);
    assert_eq!(work, once_each(LINE.len()));
    assert_eq!(replayed.ruling(), game.ruling());
    assert_eq!(replayed.position(), game.position());
    assert_eq!(replayed.moves(), game.moves());
}

#[test]
fn an_illegal_move_is_refused_after_one_reading_and_one_ruling() {
    let mut game =
        Game::from_created(&created(&Position::start().fen(), Procedure::Book)).expect("a game");
    let before = Work::on_this_thread();
    // The horse's leg is blocked: legal to read, refused by the rules.
    let decision = game.decide(Color::Red, &mv("b0d1"), 1_000);
    assert!(
        matches!(decision.refusal, Some(Refusal::Illegal(_))),
        "{decision:?}"
    );
    assert!(decision.events.is_empty());
    assert_eq!(
        Work::on_this_thread().since(before),
        Work {
            read: 1,
            checked: 0,
            ruled: 1
        }
    );
    // Nothing changed: the next legal move is the first.
    play(&mut game, "h2e2", 2_000);
    assert_eq!(game.moves().len(), 1);
}

#[test]
fn a_decision_serves_only_the_event_it_made_applied_next() {
    let start = created(&Position::start().fen(), Procedure::Book);
    let mut game = Game::from_created(&start).expect("a game");
    let decided = game.decide(Color::Red, &mv("h2e2"), 1_000);
    let Some(Event::Move { side, at_ms, .. }) = decided.events.first().cloned() else {
        panic!("{decided:?}");
    };
    // Another move in the same place (a log the decision did not write): played as stored,
    // read and ruled afresh, not the decided one.
    let mut other = Game::from_created(&start).expect("a game");
    let _ = other.decide(Color::Red, &mv("h2e2"), 1_000);
    let before = Work::on_this_thread();
    other.apply(&Event::Move {
        side,
        mv: "h0g2".into(),
        at_ms,
        lag_ms: 0,
        seat: None,
        by_arbiter: false,
    });
    let work = Work::on_this_thread().since(before);
    assert_eq!((work.read, work.ruled), (1, 1), "{work:?}");
    assert_eq!(other.moves()[0].chinese, "马二进三");
    // The decided event after another event: the ruling is not used at another `seq`.
    game.apply(&Event::Arrived {
        side: Color::Black,
        seat: 0,
    });
    let before = Work::on_this_thread();
    for e in &decided.events {
        game.apply(e);
    }
    let work = Work::on_this_thread().since(before);
    assert_eq!((work.read, work.ruled), (1, 1), "{work:?}");
    assert_eq!(game.moves()[0].chinese, "炮二平五");
    assert_eq!(game.position().turn(), xiangqi::Color::Black);
}
