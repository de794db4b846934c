//! Property tests: the fast generator against the slow reference, the incremental hash against
//! the scratch hash, and FEN round trips, over random games and random sparse boards.

#[path = "common/reference.rs"]
mod reference;

use proptest::prelude::*;
use xiangqi::{Color, Move, Piece, Position, Role, Setup, Square, fen};

/// A small deterministic generator, so a failing case can be replayed from its seed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn sorted(moves: &[Move]) -> Vec<Move> {
    let mut v = moves.to_vec();
    v.sort();
    v
}

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

/// The squares where a piece of this colour and role may stand in a game, as validation
/// decides: the random boards below are drawn from these, so that validation accepts them
/// (a board drawn from all 90 squares is almost never a legal placement, and a test that
/// skips what validation refuses would check almost nothing).
fn standing_squares(color: Color, role: Role) -> Vec<usize> {
    (0..90)
        .filter(|&sq| {
            let square = Square::new(sq as u8).expect("0..90 are squares");
            if role == Role::King {
                return square.in_palace(color);
            }
            // Two kings that do not face each other, and the piece: only the piece can have a
            // placement problem.
            let mut setup = Setup::empty();
            for (k, c) in [(3, Color::Red), (86, Color::Black)] {
                setup.board[k] = Some(Piece::new(c, Role::King));
            }
            if setup.board[sq].is_some() {
                return role != Role::Advisor && role != Role::Elephant && role != Role::Pawn;
            }
            setup.board[sq] = Some(Piece::new(color, role));
            match Position::from_setup(setup) {
                Ok(_) => true,
                Err(e) => !e.problems.iter().any(|p| p.is_placement()),
            }
        })
        .collect()
}

/// A random board with a few pieces (endgame-like) that validation accepts: pieces are drawn
/// only where they may stand, and a board refused for what is left (kings facing, the side
/// not to move in check, two uncrossed pawns on a file, too many of a kind) is drawn again.
fn random_sparse(seed: u64, squares: &[Vec<Vec<usize>>; 2]) -> Position {
    random_board(seed, squares, 10)
}

/// A random board as [`random_sparse`] draws it, with fewer than `most` pieces besides the
/// kings.
fn random_board(seed: u64, squares: &[Vec<Vec<usize>>; 2], most: usize) -> Position {
    let mut rng = Rng(seed);
    for _ in 0..1000 {
        let mut setup = Setup::empty();
        for c in Color::ALL {
            let palace = &squares[c.index()][Role::King as usize];
            setup.board[palace[rng.below(palace.len())]] = Some(Piece::new(c, Role::King));
        }
        for _ in 0..rng.below(most) {
            let color = Color::ALL[rng.below(2)];
            let role = Role::ALL[1 + rng.below(6)];
            let on = &squares[color.index()][role as usize];
            let sq = on[rng.below(on.len())];
            if setup.board[sq].is_none() {
                setup.board[sq] = Some(Piece::new(color, role));
            }
        }
        setup.turn = Color::ALL[rng.below(2)];
        if let Ok(pos) = Position::from_setup(setup) {
            return pos;
        }
    }
    panic!("seed {seed}: no valid sparse board in 1000 draws");
}

/// A crowded board of the kind `ignore_placement` accepts (perft on a published test
/// position, a PGN `[FEN]` tag, a CBR board): up to 88 pieces, any number of each kind, each
/// on a square where its kind may stand. Pieces are added one at a time and a piece that
/// would leave the kings facing or the side not to move in check (which no waiver accepts)
/// is taken back, so every board drawn is accepted.
fn random_crowded(seed: u64, squares: &[Vec<Vec<usize>>; 2]) -> Position {
    let mut rng = Rng(seed);
    let accepted = |setup: &Setup| match Position::from_setup(setup.clone()) {
        Ok(pos) => Some(pos),
        Err(e) => e.ignore_placement().ok(),
    };
    let mut setup = Setup::empty();
    setup.turn = Color::ALL[rng.below(2)];
    loop {
        setup.board = [None; 90];
        for c in Color::ALL {
            let palace = &squares[c.index()][Role::King as usize];
            setup.board[palace[rng.below(palace.len())]] = Some(Piece::new(c, Role::King));
        }
        if accepted(&setup).is_some() {
            break;
        }
    }
    // Mostly the side to move's pieces, mostly the long-range ones: the most moves. Half the
    // boards keep the side to move's pieces on one colour of the chequerboard, where no
    // horse blocks another's leg (the most moves of all: a board of horses has 249).
    let lattice = rng.below(2) == 0;
    for _ in 0..40 + rng.below(400) {
        let color = if !lattice && rng.below(6) == 0 {
            !setup.turn
        } else {
            setup.turn
        };
        let role = if lattice && color == setup.turn {
            Role::Horse
        } else if rng.below(8) == 0 {
            Role::ALL[1 + rng.below(6)]
        } else {
            [Role::Rook, Role::Cannon, Role::Horse, Role::Horse][rng.below(4)]
        };
        let on = &squares[color.index()][role as usize];
        let sq = on[rng.below(on.len())];
        let off_lattice = lattice && color == setup.turn && (sq / 9 + sq % 9) % 2 == 1;
        if setup.board[sq].is_none() && !off_lattice {
            setup.board[sq] = Some(Piece::new(color, role));
            if accepted(&setup).is_none() {
                setup.board[sq] = None;
            }
        }
    }
    accepted(&setup).expect("every piece kept was accepted")
}

fn all_standing_squares() -> [Vec<Vec<usize>>; 2] {
    // Indexed by `role as usize`, whatever the enum's numbering.
    Color::ALL.map(|c| {
        let mut by_role = vec![vec![]; 8];
        for r in Role::ALL {
            by_role[r as usize] = standing_squares(c, r);
        }
        by_role
    })
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

/// Writes a line straight to the process's standard error, past the test harness's capture,
/// so that every run's log (CI's too) says how many cases a property test checked.
fn report(line: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr().lock(), "{line}");
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
