//! Round trip: every legal move, written in every notation, reads back as the same move —
//! in positions from seeded random games and in positions built to hold tandem pieces of
//! every kind.

use xiangqi::notation::{Notation, parse_move, parse_move_auto, write_move};
use xiangqi::{Move, Position};

/// SplitMix64: a small seeded generator, so the games are the same on every run.
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

/// Checks every legal move of `pos` in every notation; returns how many texts were checked.
/// `sample_auto` also checks that detection reads the text back.
fn round_trip_all(pos: &Position, sample_auto: bool) -> usize {
    let mut checked = 0;
    for &m in pos.legal_moves().iter() {
        for notation in Notation::ALL {
            let text = write_move(pos, m, notation);
            let back = parse_move(pos, &text, notation);
            assert_eq!(back, Ok(m), "{notation} {text:?} for {m} in {}", pos.fen());
            if notation != Notation::Uci10 && sample_auto {
                // Detection must agree too (uci10 is never detected, by design).
                assert_eq!(
                    parse_move_auto(pos, &text),
                    Ok(m),
                    "auto {text:?} in {}",
                    pos.fen()
                );
            }
            checked += 1;
        }
    }
    checked
}

#[test]
fn random_games_round_trip_in_every_notation() {
    let mut rng = Rng(0x5EED_0003);
    let mut positions = 0;
    let mut texts = 0;
    for _game in 0..200 {
        let mut pos = Position::start();
        for _ply in 0..150 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            texts += round_trip_all(&pos, positions % 8 == 0);
            positions += 1;
            let m: Move = moves[rng.below(moves.len())];
            pos.play_unchecked(m);
        }
    }
    assert!(positions > 20_000, "only {positions} positions");
    assert!(texts > 1_000_000, "only {texts} texts");
}

/// Positions with tandem pieces: two rooks, horses, cannons on a file; pawns 2, 3, 4 and 5 on
/// a file; pawns doubled on two files (2+2, 3+2); advisors and elephants on one file; for
/// both sides to move.
const TANDEM: &[&str] = &[
    // two red rooks on file 二 (h), two black rooks on file 2 (b)
    "4k4/9/1r7/9/1r5R1/9/7R1/9/9/3K5 w",
    "4k4/9/1r7/9/1r5R1/9/7R1/9/9/3K5 b",
    // two horses, two cannons on a file
    "3k5/9/2n6/9/2n3N2/9/6N2/9/9/5K3 w",
    "3k5/9/2n6/9/2n3N2/9/6N2/9/9/5K3 b",
    "3k5/9/6c2/9/6c2/2C6/9/2C6/9/5K3 w",
    "3k5/9/6c2/9/6c2/2C6/9/2C6/9/5K3 b",
    // three pawns on a file (crossed the river, so they can also move sideways)
    "3k5/9/2P6/2P6/2P6/9/9/9/9/5K3 w",
    "4k4/9/9/9/9/6p2/6p2/6p2/9/3K5 b",
    // four and five pawns on a file
    "4k4/2P6/2P6/2P6/2P6/9/9/9/9/5K3 w",
    "3k5/9/9/9/9/6p2/6p2/6p2/6p2/4K4 b",
    "2P1k4/2P6/2P6/2P6/2P6/9/9/9/9/5K3 w",
    "5k3/9/9/9/9/6p2/6p2/6p2/6p2/3K2p2 b",
    // pawns doubled on two files: 2+2 and 3+2
    "4k4/9/9/1P5P1/1P5P1/9/9/9/9/3K5 w",
    "4k4/9/5P3/1P3P3/1P3P3/9/9/9/9/3K5 w",
    "3k5/9/9/9/9/1p5p1/1p5p1/9/9/4K4 b",
    "5k3/9/9/9/9/1p3p3/1p3p3/1p7/9/4K4 b",
    // pawns doubled on a file and one more elsewhere, and 2+1+... mixes
    "4k4/9/9/P1P3P2/2P6/9/9/9/9/3K5 w",
    // advisors on one file, elephants on one file, both sides
    "3k5/9/9/9/9/2B6/9/5A3/9/2B1KA3 w",
    "2b1ka3/9/5a3/9/2b6/9/9/9/9/3K5 b",
    // two rooks and two cannons on the same file, horses doubled too
    "3k5/9/9/9/1R2C4/9/1R2C4/9/9/5K3 w",
    "5k3/9/9/1r2c4/9/1r2c4/9/9/9/3K5 b",
];

#[test]
fn tandem_positions_round_trip_in_every_notation() {
    let mut total = 0;
    for fen in TANDEM {
        let pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        let n = round_trip_all(&pos, true);
        assert!(n > 0, "{fen} has no legal moves");
        total += n;
    }
    assert!(total > 1000);
}

/// Random games that keep going from the tandem positions, so that tandem pieces move, capture
/// and regroup.
#[test]
fn random_play_from_tandem_positions_round_trips() {
    let mut rng = Rng(42);
    for fen in TANDEM {
        for _ in 0..20 {
            let mut pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
            for _ in 0..40 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                round_trip_all(&pos, true);
                pos.play_unchecked(moves[rng.below(moves.len())]);
            }
        }
    }
}
