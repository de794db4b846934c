//! Handicap games: move odds (让先, 两先, 三先) and piece odds (让子), 1960 §7.2.

mod common;

use common::{line, pos};
use xiangqi::{Color, Position};
use xiangqi_referee::{
    Game, GameResult, Handicap, HandicapError, OddsViolation, Options, PieceOddsError, PlayError,
    Reason, Referee, piece_odds,
};

fn referee(h: Handicap) -> Referee {
    Referee::with_handicap(Position::start(), Options::default(), h).unwrap()
}

#[test]
fn three_moves_in_a_row_then_alternation() {
    let mut r = referee(Handicap::MoveOdds(3));
    for m in line("h2e2 h0g2 i0h0") {
        assert_eq!(r.position().turn(), Color::Red, "Red plays the odds moves");
        r.play(m).unwrap();
    }
    assert_eq!(r.position().turn(), Color::Black);
    r.play("h9g7".parse().unwrap()).unwrap();
    assert_eq!(r.position().turn(), Color::Red);
    assert_eq!(r.ruling().result, GameResult::Ongoing);
    assert_eq!(r.ruling().ply, 4);
    assert_eq!(
        r.position().fen().split(' ').next().unwrap(),
        "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKABR1"
    );
}

#[test]
fn each_odds_move_must_move_a_different_piece() {
    let mut r = referee(Handicap::MoveOdds(2));
    r.play("h2e2".parse().unwrap()).unwrap();
    let err = r.play("e2e1".parse().unwrap()).unwrap_err();
    assert_eq!(
        err,
        PlayError::Odds {
            mv: "e2e1".parse().unwrap(),
            violation: OddsViolation::SamePiece
        }
    );
    assert!(err.to_string().contains("different piece"), "{err}");
    // Refused moves change nothing: Red is still to move, one move played.
    assert_eq!((r.position().turn(), r.moves().len()), (Color::Red, 1));
}

#[test]
fn odds_moves_may_not_capture() {
    let mut r = referee(Handicap::MoveOdds(2));
    let err = r.play("h2h9".parse().unwrap()).unwrap_err();
    assert!(matches!(
        err,
        PlayError::Odds {
            violation: OddsViolation::Capture,
            ..
        }
    ));
    assert!(r.moves().is_empty());
}

#[test]
fn odds_moves_may_not_check() {
    let start = pos("3k5/9/9/9/9/9/9/9/R8/4K4 w");
    let mut r =
        Referee::with_handicap(start.clone(), Options::default(), Handicap::MoveOdds(2)).unwrap();
    let err = r.play("a1d1".parse().unwrap()).unwrap_err();
    assert!(matches!(
        err,
        PlayError::Odds {
            violation: OddsViolation::Check,
            ..
        }
    ));
    assert_eq!(r.position(), &start);
    // The same move in an even game is an ordinary check.
    let mut even = Referee::new(start, Options::default());
    even.play("a1d1".parse().unwrap()).unwrap();
}

#[test]
fn a_game_breaking_the_odds_is_ruled_against_the_favoured_side() {
    let game = Game {
        start: Position::start(),
        moves: line("h2e2 e2e1"),
        handicap: Handicap::MoveOdds(2),
    };
    let r = game.ruling(&Options::default()).unwrap();
    assert_eq!(
        (r.result, r.board_reason(), r.ply, r.offender),
        (
            GameResult::BlackWins,
            Some(Reason::IllegalMove),
            2,
            Some(Color::Red)
        )
    );
    assert!(
        r.rule.contains("1960") && r.rule.contains("让先"),
        "{}",
        r.rule
    );
    assert!(
        r.explanation_zh.contains("不许一子连动"),
        "{}",
        r.explanation_zh
    );
}

#[test]
fn one_move_odds_is_an_ordinary_game_and_more_than_three_is_unknown() {
    let game = Game {
        start: Position::start(),
        moves: line("h2e2 h2e1"),
        handicap: Handicap::MoveOdds(1),
    };
    // h2e1 is Black's move here: illegal (no black piece on h2).
    let r = game.ruling(&Options::default()).unwrap();
    assert_eq!((r.ply, r.offender), (2, Some(Color::Black)));
    let game = Game {
        handicap: Handicap::MoveOdds(4),
        ..game
    };
    assert_eq!(
        game.ruling(&Options::default()),
        Err(HandicapError::OddsOutOfRange(4))
    );
}

#[test]
fn piece_odds_remove_pieces_of_the_giver_only() {
    // 让双马: Red gives both horses.
    let p = piece_odds(Color::Red, &["b0".parse().unwrap(), "h0".parse().unwrap()]).unwrap();
    assert_eq!(p.pieces().count(), 30);
    assert_eq!(p.turn(), Color::Red);
    // A game from it is refereed like any other.
    let r = xiangqi_referee::judge(&p, &line("b2b9"), &Options::default());
    assert_eq!(r.result, GameResult::Ongoing);
    assert!(matches!(
        piece_odds(Color::Red, &["b9".parse().unwrap()]),
        Err(PieceOddsError::NotGiversPiece { .. })
    ));
    assert!(matches!(
        piece_odds(Color::Black, &["e5".parse().unwrap()]),
        Err(PieceOddsError::Empty(_))
    ));
    assert!(matches!(
        piece_odds(Color::Black, &["e9".parse().unwrap()]),
        Err(PieceOddsError::King(_))
    ));
}
