//! A game that cannot be played says why, as data: a setup that makes no game is the setup's
//! fault (`GameError::Setup`), never a player's loss.

use xiangqi::Position;
use xiangqi_engine::{Adjudication, Builtin, GameError, GameSetup, Go, play_game};
use xiangqi_referee::Options;

fn setup(opening: &[&str]) -> GameSetup {
    GameSetup {
        start: Position::start(),
        opening: opening.iter().map(|m| m.parse().unwrap()).collect(),
        options: Options::default(),
        control: None,
        limits: [Go::default(); 2],
        enforce_variation: false,
        adjudication: Adjudication {
            max_plies: 4,
            ..Adjudication::default()
        },
    }
}

#[test]
fn an_opening_the_referee_refuses_is_the_setup_s_error() {
    let mut red = Builtin::random("red", 1);
    let mut black = Builtin::random("black", 2);
    // The second opening move is Red's again: not Black's turn, so not a legal move.
    let e = play_game(&setup(&["h2e2", "h0g2"]), &mut red, &mut black).unwrap_err();
    let GameError::Setup(bad) = &e else {
        panic!("{e:?}");
    };
    assert!(bad.0.starts_with("opening move 2 (h0g2)"), "{e}");
    assert_eq!(e.to_string(), bad.0);
    // A legal opening plays on.
    assert!(play_game(&setup(&["h2e2", "h9g7"]), &mut red, &mut black).is_ok());
}
