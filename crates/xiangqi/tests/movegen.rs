//! Property tests: the fast generator against the slow reference, the incremental hash against
//! the scratch hash, and FEN round trips, over random games and random sparse boards. Positions
//! in check: `tests/movegen_check.rs`.

#[path = "common/boards.rs"]
mod boards;
#[path = "common/reference.rs"]
mod reference;

use boards::{Rng, all_standing_squares, random_crowded, random_sparse, report, sorted};
use proptest::prelude::*;
use xiangqi::{Move, Position, Square, fen};

/// Checks every property at one position.
fn check_position(pos: &Position) {
    let fast = sorted(&pos.legal_moves());
    let slow = reference::legal_moves(pos);
    assert_eq!(fast, slow, "legal moves differ at {}", pos.fen());
    assert_eq!(pos.has_legal_moves(), !fast.is_empty(), "at {}", pos.fen());
    for &m in &fast {
        assert!(
            pos.is_legal(m),
            "{m} generated but not is_legal at {}",
            pos.fen()
        );
    }
    assert_eq!(pos.hash(), pos.compute_hash(), "hash at {}", pos.fen());
    let again = Position::from_fen(&pos.fen()).expect("own FEN reads back");
    assert_eq!(&again, pos);
    assert_eq!(again.hash(), pos.hash());
    let in_check = reference::king_in_danger(&pos.board(), pos.turn());
    assert_eq!(pos.is_check(), in_check, "check at {}", pos.fen());
    // The checking moves are exactly the legal moves after which the opponent is in check.
    let mut checks = xiangqi::MoveList::new();
    pos.checking_moves_into(&mut checks);
    let expected: Vec<Move> = fast
        .iter()
        .copied()
        .filter(|&m| {
            let mut after = pos.clone();
            after.play_unchecked(m);
            reference::king_in_danger(&after.board(), after.turn())
        })
        .collect();
    assert_eq!(sorted(&checks), expected, "checking moves at {}", pos.fen());
    // A pass hands the move over, unless the side to move is in check.
    match pos.passed() {
        Some(p) => {
            assert!(!in_check, "passed out of check at {}", pos.fen());
            assert_eq!(p.turn(), !pos.turn());
            assert_eq!(
                p.hash(),
                p.compute_hash(),
                "hash after a pass at {}",
                pos.fen()
            );
        }
        None => assert!(in_check, "no pass without check at {}", pos.fen()),
    }
}

/// Plays a random game of up to `plies` plies, checking every position, then unwinds it and
/// checks that undo restores each position exactly.
fn random_game(seed: u64, plies: usize) {
    let mut rng = Rng(seed);
    let mut pos = Position::start();
    let mut history = vec![];
    for _ in 0..plies {
        check_position(&pos);
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[rng.below(moves.len())];
        let before = pos.clone();
        let undo = pos.play(m).expect("generated moves are legal");
        history.push((m, undo, before));
    }
    while let Some((m, undo, before)) = history.pop() {
        pos.undo(m, undo);
        assert_eq!(pos, before);
        assert_eq!(pos.hash(), before.hash());
    }
    assert_eq!(pos, Position::start());
}

/// A board with more legal moves than any game position can have: 43 red horses, 249 moves
/// (a move list of 160 dropped the rest without a word and perft printed 160).
#[test]
fn a_board_of_horses_keeps_every_move() {
    let fen = "1N1k1N1N1/N1N1N1N1N/1N1N1N1N1/N1N1N1N1N/1N1N1N1N1/N1N1N1N1N/1N1N1N1N1/\
               N1N1N1N1N/1N1N1N1N1/N1N1K1N1N w";
    let pos = Position::from_setup(fen::parse_fen(fen).expect("a FEN"))
        .or_else(|e| e.ignore_placement())
        .expect("only placement problems");
    let slow = reference::legal_moves(&pos);
    assert!(
        slow.len() > 160,
        "the board is meant to exceed the old list"
    );
    assert_eq!(sorted(&pos.legal_moves()), slow);
    assert_eq!(xiangqi::perft(&pos, 1), slow.len() as u64);
    assert_eq!(xiangqi::perft_divide(&pos, 1).len(), slow.len());
}

#[test]
fn random_sparse_boards_agree_with_the_reference() {
    let squares = all_standing_squares();
    let (mut boards, mut after) = (0, 0);
    for seed in 0..640u64 {
        let pos = random_sparse(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15), &squares);
        check_position(&pos);
        boards += 1;
        for m in pos.legal_moves().iter() {
            let mut next = pos.clone();
            next.play_unchecked(*m);
            check_position(&next);
            after += 1;
        }
    }
    report(&format!(
        "movegen: {boards} random sparse boards and {after} positions after their moves checked"
    ));
    assert_eq!(boards, 640);
    assert!(
        after > 10 * boards,
        "too few moves on the sparse boards ({after})"
    );
}

#[test]
fn crowded_boards_agree_with_the_reference() {
    let squares = all_standing_squares();
    let (mut checked, mut most) = (0, 0);
    for seed in 0..300 {
        let pos = random_crowded(seed, &squares);
        let fast = sorted(&pos.legal_moves());
        assert_eq!(fast, reference::legal_moves(&pos), "at {}", pos.fen());
        assert_eq!(xiangqi::perft(&pos, 1), fast.len() as u64);
        assert!(fast.len() <= xiangqi::MAX_MOVES);
        most = most.max(fast.len());
        checked += 1;
    }
    report(&format!(
        "movegen: {checked} crowded boards checked, the most moves {most}"
    ));
    assert_eq!(checked, 300);
    assert!(most > 160, "no crowded board beyond the old list ({most})");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, .. ProptestConfig::default() })]

    #[test]
    fn random_games_agree_with_the_reference(seed in any::<u64>()) {
        random_game(seed, 120);
    }

    #[test]
    fn fen_reader_never_panics(text in ".{0,120}") {
        let _ = Position::from_fen(&text);
    }

    #[test]
    fn fen_reader_never_panics_on_near_fens(
        board in "[1-9kabnrcpKABNRCPhHeE/]{0,100}",
        tail in "( [wrbWRB])?( -)?( -)?( [0-9]{1,3})?( [0-9]{1,3})?",
    ) {
        let _ = Position::from_fen(&format!("{board}{tail}"));
    }
}

#[test]
fn every_move_is_either_legal_or_explained() {
    // Every from/to pair at a few positions: legal ones play, the rest say why.
    let fens = [
        fen::START_FEN,
        "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
        "4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 w - - 0 1",
    ];
    for f in fens {
        let pos = Position::from_fen(f).unwrap();
        let legal = pos.legal_moves();
        for from in Square::all() {
            for to in Square::all() {
                let m = Move::new(from, to);
                let mut p = pos.clone();
                match p.play(m) {
                    Ok(_) => assert!(legal.contains(m)),
                    Err(e) => {
                        assert!(!legal.contains(m));
                        assert_eq!(p, pos, "a refused move leaves the position alone");
                        assert!(!e.to_string().is_empty());
                    }
                }
            }
        }
    }
}
