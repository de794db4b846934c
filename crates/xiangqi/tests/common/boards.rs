//! Random boards for the move generator's tests: a seeded generator, the squares where each
//! piece may stand, and boards drawn from them that validation accepts.
#![allow(dead_code)]

use xiangqi::{Color, Move, Piece, Position, Role, Setup, Square};

/// A small deterministic generator, so a failing case can be replayed from its seed.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

pub fn sorted(moves: &[Move]) -> Vec<Move> {
    let mut v = moves.to_vec();
    v.sort();
    v
}

/// The squares where a piece of this colour and role may stand in a game, as validation
/// decides: the random boards below are drawn from these, so that validation accepts them
/// (a board drawn from all 90 squares is almost never a legal placement, and a test that
/// skips what validation refuses would check almost nothing).
pub fn standing_squares(color: Color, role: Role) -> Vec<usize> {
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
pub fn random_sparse(seed: u64, squares: &[Vec<Vec<usize>>; 2]) -> Position {
    random_board(seed, squares, 10)
}

/// A random board as [`random_sparse`] draws it, with fewer than `most` pieces besides the
/// kings.
pub fn random_board(seed: u64, squares: &[Vec<Vec<usize>>; 2], most: usize) -> Position {
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
pub fn random_crowded(seed: u64, squares: &[Vec<Vec<usize>>; 2]) -> Position {
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

pub fn all_standing_squares() -> [Vec<Vec<usize>>; 2] {
    // Indexed by `role as usize`, whatever the enum's numbering.
    Color::ALL.map(|c| {
        let mut by_role = vec![vec![]; 8];
        for r in Role::ALL {
            by_role[r as usize] = standing_squares(c, r);
        }
        by_role
    })
}

/// Writes a line straight to the process's standard error, past the test harness's capture,
/// so that every run's log (CI's too) says how many cases a property test checked.
pub fn report(line: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr().lock(), "{line}");
}
