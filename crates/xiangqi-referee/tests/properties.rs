//! Properties over generated input: the referee's shortcuts agree with the rules core, and no
//! input makes it panic.

mod common;

use common::{Rng, random_game};
use proptest::prelude::*;
use std::io::Write as _;
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

/// The square on `file`, `rank` (0–8, 0–9 from Red's side) seen from `color`'s side.
fn point(color: Color, (file, rank): (u8, u8)) -> Square {
    let rank = if color == Color::Red { rank } else { 9 - rank };
    Square::new(rank * 9 + file).expect("on the board")
}

/// The points a king, an advisor and an elephant may stand on (1960 rules §2), Red's view.
const PALACE: [(u8, u8); 9] = [
    (3, 0),
    (4, 0),
    (5, 0),
    (3, 1),
    (4, 1),
    (5, 1),
    (3, 2),
    (4, 2),
    (5, 2),
];
const ADVISOR_POINTS: [(u8, u8); 5] = [(3, 0), (5, 0), (4, 1), (3, 2), (5, 2)];
const ELEPHANT_POINTS: [(u8, u8); 7] = [(2, 0), (6, 0), (0, 2), (4, 2), (8, 2), (2, 4), (6, 4)];

/// A bare side: its king's point and subsets of its advisor and elephant points (at most two
/// of each; an advisor on the king's point is dropped).
fn bare_side() -> impl Strategy<Value = (usize, Vec<usize>, Vec<usize>)> {
    (
        0..PALACE.len(),
        proptest::sample::subsequence((0..ADVISOR_POINTS.len()).collect::<Vec<_>>(), 0..=2),
        proptest::sample::subsequence((0..ELEPHANT_POINTS.len()).collect::<Vec<_>>(), 0..=2),
    )
}

/// Runs `cases` generated cases of `strategy` through `check`, which says whether the case
/// was checked (as opposed to skipped); returns how many were.
fn run_counting<S: Strategy>(
    cases: u32,
    strategy: S,
    check: impl Fn(S::Value) -> Result<bool, TestCaseError>,
) -> usize {
    let checked = std::cell::Cell::new(0usize);
    let config = ProptestConfig {
        cases,
        failure_persistence: None,
        ..ProptestConfig::default()
    };
    let mut runner = proptest::test_runner::TestRunner::new(config);
    let result = runner.run(&strategy, |v| {
        let ok = check(v)?;
        checked.set(checked.get() + usize::from(ok));
        Ok(())
    });
    if let Err(e) = result {
        panic!("{e}");
    }
    checked.get()
}

/// With only kings, advisors and elephants a side always has a legal move, so the draw for
/// want of attacking material never hides a stalemate win. Only legal placements are
/// generated (kings in their palaces, advisors and elephants on their points); the only ones
/// refused are those with the kings facing each other on an open file with the side to move
/// able to take (about one in nine), so at least half of the cases must be checked.
#[test]
fn bare_sides_always_have_a_move() {
    const CASES: u32 = 512;
    let checked = run_counting(
        CASES,
        (bare_side(), bare_side(), any::<bool>()),
        |(red, black, red_to_move)| {
            let mut setup = Setup::empty();
            for (color, (king, advisors, elephants)) in [(Color::Red, red), (Color::Black, black)] {
                let mut put = |sq: Square, role| {
                    let slot = &mut setup.board[sq.index() as usize];
                    if slot.is_none() {
                        *slot = Some(Piece::new(color, role));
                    }
                };
                put(point(color, PALACE[king]), Role::King);
                for a in advisors {
                    put(point(color, ADVISOR_POINTS[a]), Role::Advisor);
                }
                for e in elephants {
                    put(point(color, ELEPHANT_POINTS[e]), Role::Elephant);
                }
            }
            setup.turn = if red_to_move {
                Color::Red
            } else {
                Color::Black
            };
            let Ok(pos) = Position::from_setup(setup) else {
                return Ok(false);
            };
            prop_assert!(!pos.legal_moves().is_empty(), "{}", pos.fen());
            let r = judge(&pos, &[], &Options::default());
            prop_assert_eq!(r.board_reason(), Some(Reason::InsufficientMaterial));
            Ok(true)
        },
    );
    let _ = writeln!(
        std::io::stderr().lock(),
        "bare_sides_always_have_a_move: {checked} of {CASES} cases checked"
    );
    assert!(
        checked >= CASES as usize / 2,
        "only {checked} of {CASES} placements were legal"
    );
}

/// Games of random legal moves (often repeating, so that repetition rulings come up) with
/// arbitrary square pairs injected after them: never a panic; the ruling names the first move
/// the position refuses, or a decision before it. Most cases must reach an injected move
/// after at least ten legal plies.
#[test]
fn arbitrary_moves_never_panic() {
    const CASES: u32 = 256;
    let injected = std::cell::Cell::new(0usize);
    let checked = run_counting(
        CASES,
        (
            any::<u64>(),
            0usize..120,
            proptest::collection::vec((0u8..90, 0u8..90), 1..4),
            any::<bool>(),
        ),
        |(seed, plies, raw, asian)| {
            let start = Position::start();
            let mut moves = random_game(&mut Rng(seed | 1), &start, plies, 40);
            let legal = moves.len();
            moves.extend(raw.iter().map(|&(a, b)| Move::new(square(a), square(b))));
            let rules = if asian {
                RuleSet::Asian
            } else {
                RuleSet::Chinese
            };
            let r = judge(&start, &moves, &Options::new(rules));
            let mut pos = start;
            let first_illegal = moves.iter().position(|&m| pos.play(m).is_err());
            let Some(i) = first_illegal else {
                return Ok(false);
            };
            prop_assert!(i >= legal, "a generated legal move was refused");
            if r.board_reason() == Some(Reason::IllegalMove) {
                prop_assert_eq!(r.ply as usize, i + 1);
                let winner = if i % 2 == 0 { Color::Black } else { Color::Red };
                prop_assert_eq!(r.result, GameResult::win_for(winner));
                injected.set(injected.get() + usize::from(legal >= 10));
            } else {
                prop_assert!(r.is_decided() && (r.ply as usize) <= i);
            }
            Ok(true)
        },
    );
    let injected = injected.get();
    let _ = writeln!(
        std::io::stderr().lock(),
        "arbitrary_moves_never_panic: {checked} of {CASES} cases checked, {injected} ruled an \
         injected illegal move after 10 or more legal plies"
    );
    assert!(
        checked >= CASES as usize / 2,
        "only {checked} of {CASES} cases had an illegal move"
    );
    assert!(
        injected >= CASES as usize / 4,
        "only {injected} cases reached an injected move late"
    );
}

proptest! {
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
