//! Properties over generated input: the referee's shortcuts agree with the rules core, and no
//! input makes it panic.

mod common;

use common::{Rng, random_game};
use proptest::prelude::*;
use xiangqi::{Color, Move, Piece, Position, Role, Setup, Square};
use xiangqi_referee::{
    GameResult, Options, Reason, RuleSet, has_legal_move, judge, touch_obligation,
};

/// Every position of many random games, including the mates and stalemates they end in:
/// the fast test for a legal move agrees with the full generator.
#[test]
fn has_legal_move_agrees_with_the_generator() {
    let mut rng = Rng(0xabad_1dea);
    let mut positions = 0;
    let mut without = 0;
    for _ in 0..200 {
        let start = Position::start();
        let moves = random_game(&mut rng, &start, 300, 0);
        let mut pos = start;
        for m in moves {
            pos.play_unchecked(m);
            let expected = !pos.legal_moves().is_empty();
            assert_eq!(has_legal_move(&pos), expected, "{}", pos.fen());
            positions += 1;
            without += usize::from(!expected);
        }
    }
    assert!(
        positions > 10_000 && without > 30,
        "{positions} positions, {without} without moves"
    );
}

fn square(i: u8) -> Square {
    Square::new(i % 90).unwrap()
}

proptest! {
    /// With only kings, advisors and elephants a side always has a legal move, so the draw
    /// for want of attacking material never hides a stalemate win.
    #[test]
    fn bare_sides_always_have_a_move(squares in proptest::collection::vec(0u8..90, 10), red_to_move: bool) {
        let mut setup = Setup::empty();
        let roles = [Role::King, Role::Advisor, Role::Advisor, Role::Elephant, Role::Elephant];
        for (i, &s) in squares.iter().enumerate() {
            let color = if i < 5 { Color::Red } else { Color::Black };
            let sq = square(s);
            if setup.board[sq.index() as usize].is_none() {
                setup.board[sq.index() as usize] = Some(Piece::new(color, roles[i % 5]));
            }
        }
        setup.turn = if red_to_move { Color::Red } else { Color::Black };
        if let Ok(pos) = Position::from_setup(setup) {
            prop_assert!(!pos.legal_moves().is_empty(), "{}", pos.fen());
            let r = judge(&pos, &[], &Options::default());
            prop_assert_eq!(r.reason, Some(Reason::InsufficientMaterial));
        }
    }

    /// Arbitrary move lists: never a panic; a ruling of an illegal move names the first move
    /// the position refuses.
    #[test]
    fn arbitrary_moves_never_panic(raw in proptest::collection::vec((0u8..90, 0u8..90), 0..40), asian: bool) {
        let moves: Vec<Move> = raw.iter().map(|&(a, b)| Move::new(square(a), square(b))).collect();
        let rules = if asian { RuleSet::Asian } else { RuleSet::Chinese };
        let start = Position::start();
        let r = judge(&start, &moves, &Options::new(rules));
        let mut pos = start;
        let first_illegal = moves.iter().position(|&m| pos.play(m).is_err());
        if let Some(i) = first_illegal {
            if r.reason == Some(Reason::IllegalMove) {
                prop_assert_eq!(r.ply as usize, i + 1);
                prop_assert_eq!(r.result, GameResult::win_for(if i % 2 == 0 { Color::Black } else { Color::Red }));
            } else {
                prop_assert!(r.is_decided() && (r.ply as usize) <= i);
            }
        }
    }

    /// Arbitrary touches: an error or a ruling whose bound moves are legal.
    #[test]
    fn arbitrary_touches_never_panic(raw in proptest::collection::vec(0u8..90, 0..5)) {
        let pos = Position::start();
        let touched: Vec<Square> = raw.into_iter().map(square).collect();
        if let Ok(r) = touch_obligation(&pos, &touched) {
            for m in r.bound_moves {
                prop_assert!(pos.is_legal(m));
            }
        }
    }
}
