//! Positions in check: the generator, which tests only the moves that could answer every
//! check, against the slow reference and against the legality test of every from–to pair, on
//! random boards and on hand-built positions of every kind of check.

#[path = "common/boards.rs"]
mod boards;
#[path = "common/reference.rs"]
mod reference;

use boards::{Rng, all_standing_squares, random_board, random_crowded, report, sorted};
use xiangqi::{Move, Position, Role, Square};

/// Every legal move by the definition the generator had before it filtered moves in check:
/// every from/to pair that [`Position::is_legal`] accepts (a pseudo-legal move after which
/// the mover's king is not attacked, tested on every move with no filter at all).
fn every_pair_is_legal(pos: &Position) -> Vec<Move> {
    let mut out = vec![];
    for from in pos.occupied_by(pos.turn()) {
        for to in Square::all() {
            let m = Move::new(from, to);
            if pos.is_legal(m) {
                out.push(m);
            }
        }
    }
    out.sort();
    out
}

/// The moves of a position in check, three ways: the generator, the reference and the
/// unfiltered test of every pair; and the early-exit and checking-move generators agree.
fn check_evasions(pos: &Position) {
    let fast = sorted(&pos.legal_moves());
    assert_eq!(
        fast,
        every_pair_is_legal(pos),
        "unfiltered at {}",
        pos.fen()
    );
    assert_eq!(
        fast,
        reference::legal_moves(pos),
        "reference at {}",
        pos.fen()
    );
    assert_eq!(pos.has_legal_moves(), !fast.is_empty(), "at {}", pos.fen());
    let mut checks = xiangqi::MoveList::new();
    pos.checking_moves_into(&mut checks);
    let expected: Vec<Move> = fast
        .iter()
        .copied()
        .filter(|&m| pos.gives_check(m))
        .collect();
    assert_eq!(sorted(&checks), expected, "checking moves at {}", pos.fen());
    assert_eq!(pos.has_checking_move(), !expected.is_empty());
}

/// The kinds of check at a position in check, for counting what the tests cover: each
/// checker's kind (a cannon's by whose its screen is), two or more checkers, and a piece that
/// could take the only checker but may not (pinned, or the kings would face).
fn check_kinds(pos: &Position) -> Vec<&'static str> {
    let us = pos.turn();
    let king = pos.king(us);
    let checkers = pos.checkers();
    let mut kinds = vec![];
    if checkers.len() > 1 {
        kinds.push("double check");
    }
    for sq in checkers {
        let Some(piece) = pos.piece_at(sq) else {
            continue;
        };
        kinds.push(match piece.role {
            Role::Rook => "rook",
            Role::Horse => "horse",
            Role::Pawn => "pawn",
            Role::Cannon => {
                let (lo, hi) = (sq.index().min(king.index()), sq.index().max(king.index()));
                let step = if sq.file() == king.file() { 9 } else { 1 };
                let screen = (lo + step..hi)
                    .step_by(step as usize)
                    .filter_map(|i| pos.piece_at(Square::new(i)?))
                    .next();
                match screen {
                    Some(p) if p.color == us => "cannon, own screen",
                    _ => "cannon, enemy screen",
                }
            }
            _ => "other",
        });
    }
    if checkers.len() == 1 {
        let target = checkers.first().expect("one checker");
        let pinned = pos.occupied_by(us).into_iter().any(|from| {
            let m = Move::new(from, target);
            let mut p = pos.clone();
            from != king
                && matches!(
                    p.play(m).map_err(|e| e.reason),
                    Err(xiangqi::IllegalReason::LeavesKingInCheck
                        | xiangqi::IllegalReason::KingsWouldFace)
                )
        });
        if pinned {
            kinds.push("pinned piece could take the checker");
        }
    }
    kinds
}

/// The positions in which the side to move is in check by the facing king, which no game
/// reaches (validation refuses them too): the side to move at `pos`, not in check, moves its
/// only piece between the kings off their file, and the other side is to move.
fn facing_kings_after(pos: &Position) -> Vec<Position> {
    let us = pos.turn();
    let (king, theirs) = (pos.king(us), pos.king(!us));
    if pos.is_check() || king.file() != theirs.file() {
        return vec![];
    }
    let mut out = vec![];
    for from in pos.occupied_by(us) {
        for to in Square::all() {
            let m = Move::new(from, to);
            let mut p = pos.clone();
            if p.play(m).map_err(|e| e.reason) == Err(xiangqi::IllegalReason::KingsWouldFace) {
                p.play_unchecked(m);
                out.push(p);
            }
        }
    }
    out
}

/// A position checked by the facing king, three ways as [`check_evasions`]; the reference
/// leaves out a move that takes the other king (no king to find after it), which the
/// generator keeps if its own king is safe, so the reference is compared without those.
fn check_facing_kings(pos: &Position) {
    assert!(pos.is_check(), "at {}", pos.fen());
    let fast = sorted(&pos.legal_moves());
    assert_eq!(
        fast,
        every_pair_is_legal(pos),
        "unfiltered at {}",
        pos.fen()
    );
    let theirs = pos.king(!pos.turn());
    let no_king_taken: Vec<Move> = fast.iter().copied().filter(|m| m.to() != theirs).collect();
    assert_eq!(
        no_king_taken,
        reference::legal_moves(pos),
        "at {}",
        pos.fen()
    );
    assert_eq!(pos.has_legal_moves(), !fast.is_empty(), "at {}", pos.fen());
}

/// Many random positions in check — random sparse boards, the positions after their moves,
/// and crowded boards, kept only when the side to move is in check — each compared three
/// ways ([`check_evasions`]); every kind of check is asserted to turn up often enough that
/// the test cannot pass on a few easy cases.
#[test]
fn random_positions_in_check_agree_with_the_reference() {
    use std::collections::BTreeMap;
    let squares = all_standing_squares();
    let mut kinds: BTreeMap<&str, usize> = BTreeMap::new();
    let (mut in_check, mut facing_kings) = (0, 0);
    let mut count = |pos: &Position| {
        if pos.is_check() {
            check_evasions(pos);
            for kind in check_kinds(pos) {
                *kinds.entry(kind).or_default() += 1;
            }
            in_check += 1;
        }
    };
    for seed in 0..30_000u64 {
        let most = [10, 20, 30][seed as usize % 3];
        let pos = random_board(seed.wrapping_mul(0xD1B5_4A32_D192_ED03) ^ 7, &squares, most);
        count(&pos);
        for facing in facing_kings_after(&pos) {
            check_facing_kings(&facing);
            facing_kings += 1;
        }
        for m in pos.legal_moves().iter() {
            let mut next = pos.clone();
            next.play_unchecked(*m);
            count(&next);
        }
    }
    for seed in 0..300 {
        count(&random_crowded(seed + 1000, &squares));
    }
    for seed in 0..200 {
        let mut rng = Rng(seed);
        let mut pos = Position::start();
        for _ in 0..300 {
            count(&pos);
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.play_unchecked(moves[rng.below(moves.len())]);
        }
    }
    kinds.insert("facing kings", facing_kings);
    report(&format!(
        "movegen: {} random positions in check, {kinds:?}",
        in_check + facing_kings
    ));
    assert!(in_check >= 5000, "too few positions in check ({in_check})");
    for kind in [
        "double check",
        "rook",
        "horse",
        "pawn",
        "cannon, own screen",
        "cannon, enemy screen",
        "pinned piece could take the checker",
    ] {
        let n = kinds.get(kind).copied().unwrap_or(0);
        assert!(n >= 100, "too few positions with {kind} ({n})");
    }
}

/// Hand-built positions in check, one of each kind, with their legal moves written out: the
/// generator, the reference and the unfiltered test of every pair each give exactly these.
#[test]
fn hand_built_checks_have_exactly_the_expected_answers() {
    let cases: [(&str, &str, &str, &str); 11] = [
        (
            "rook on the file: take it, block it, or step aside (not to d9, facing the king)",
            "2n1k4/9/9/9/r3R4/9/9/9/9/3K5 b",
            "",
            "a5e5 c9e8 e9f9",
        ),
        (
            "cannon over our rook: the rook leaves the file or takes the cannon; along the \
             file it stays the screen",
            "4k4/9/4r4/9/4C4/9/9/9/9/3K5 b",
            "",
            "e7a7 e7b7 e7c7 e7d7 e7e5 e7f7 e7g7 e7h7 e7i7 e9f9",
        ),
        (
            "cannon over their pawn: a second screen answers, taking the pawn does not (the \
             horse would be the new screen)",
            "3ak4/2n6/4P4/r8/4C4/9/9/9/9/3K5 b",
            "",
            "a6e6 d9e8 e9f9",
        ),
        (
            "horse: take it, or stand on its leg",
            "4k4/r5N2/9/9/9/9/9/9/9/3K5 b",
            "",
            "a8f8 a8g8 e9e8 e9f9",
        ),
        (
            "pawn: only taking it, or stepping away",
            "3ak4/4P4/9/9/9/9/9/9/9/3K5 b",
            "",
            "d9e8 e9e8 e9f9",
        ),
        (
            "double check, rook and horse: no block or capture answers both; king moves only",
            "4k4/r5N2/9/9/4R4/9/9/9/9/4K4 b",
            "",
            "e9d9 e9f9",
        ),
        (
            "double check, a rook and the cannon it screens: taking the rook makes a new \
             screen; blocking the rook gives the cannon two",
            "4k4/2n6/9/r3R4/9/9/4C4/9/9/3K5 b",
            "",
            "c8e7 e9f9",
        ),
        (
            "double check by two cannons over our own screens: each screen leaves its line \
             and lands between the king and the other cannon",
            "4ka1C1/9/4b4/9/9/4C4/9/9/9/3K5 b",
            "",
            "e7g9 f9e8",
        ),
        (
            "checkmate: the horse that could take the checking rook is pinned on the file",
            "2R1k4/4n4/9/9/4R4/9/9/9/9/3K5 b",
            "",
            "",
        ),
        (
            "the advisor that could take the checking pawn is pinned by the facing kings",
            "3Pk4/4a4/9/9/9/9/9/9/9/4K4 b",
            "",
            "e9d9 e9f9",
        ),
        (
            "checked by the facing king (Red's advisor has just left the file, which no game \
             allows): block the file, or step off it",
            "2n1k4/9/9/9/r8/9/9/9/4A4/4K4 w",
            "e1d2",
            "a5e5 c9e8 e9d9 e9f9",
        ),
    ];
    for (what, fen, before, answers) in cases {
        let mut pos = Position::from_fen(fen).expect("a legal position");
        for m in before.split_whitespace() {
            pos.play_unchecked(m.parse().expect("a move"));
        }
        assert!(pos.is_check(), "{what}: not in check");
        let expected: Vec<Move> = answers
            .split_whitespace()
            .map(|m| m.parse().expect("a move"))
            .collect();
        assert_eq!(sorted(&pos.legal_moves()), sorted(&expected), "{what}");
        assert_eq!(reference::legal_moves(&pos), sorted(&expected), "{what}");
        assert_eq!(every_pair_is_legal(&pos), sorted(&expected), "{what}");
        assert_eq!(pos.has_legal_moves(), !expected.is_empty(), "{what}");
    }
}
