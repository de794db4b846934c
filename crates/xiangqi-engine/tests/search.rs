//! The built-in engine: mates it must find, the referee's repetition rulings at the root,
//! and games against a random mover.

use xiangqi::{Move, Position};
use xiangqi_engine::search::{Limits, MATE, RULE_WIN, Searcher};
use xiangqi_engine::{Adjudication, Builtin, GameSetup, Go, play_game};
use xiangqi_referee::{GameResult, Options, Reason, Referee};

fn mv(s: &str) -> Move {
    s.parse().unwrap()
}

fn best(fen: &str, moves: &[&str], depth: u32) -> (Move, i32) {
    let mut referee = Referee::new(Position::from_fen(fen).unwrap(), Options::default());
    for m in moves {
        referee.play(mv(m)).unwrap();
    }
    let mut s = Searcher::new(8);
    let r = s.search(&referee, &Limits::depth(depth), None, &mut |_| {});
    (r.best.unwrap(), r.info.score)
}

/// Positions built for this test; each has a forced mate for the side to move, checked by
/// playing the engine's line against the referee.
const MATES: &[(&str, &str, u32)] = &[
    // Rook to the back rank; the pawn on d7 covers the king's flight (the referee's doctest).
    ("3k5/9/3P5/9/9/9/9/9/4R4/4K4 w", "mate in 1: rook", 1),
    // 马后炮: the horse on e7 covers d9 and f9, the cannon checks over it.
    (
        "4k4/9/4H4/9/9/9/9/9/9/3K1C3 w",
        "mate in 1: horse and cannon",
        1,
    ),
    // 重炮: the second cannon comes to the central file; no block helps.
    (
        "3akab2/9/9/9/9/9/9/7C1/4C4/3K5 w",
        "mate in 1: doubled cannons",
        1,
    ),
    // 双车错: two rooks, the king cut off from the d-file by its own general's file.
    ("4k4/9/9/9/9/9/9/9/R8/1R1K5 w", "mate in 2: two rooks", 2),
    // Rook and horse against a king with two advisors.
    (
        "3ak4/4a4/9/9/9/9/9/9/9/2HRK4 w",
        "mate in 3: rook and horse",
        3,
    ),
    // Black to move: the rook keeps the e-file, the pawn covers f1.
    ("4k4/4r4/9/9/9/9/9/5p3/9/5K3 b", "black wins in 1", 1),
];

#[test]
fn finds_the_mates() {
    for &(fen, what, n) in MATES {
        let (m, score) = best(fen, &[], 2 * n + 1);
        assert!(
            score >= MATE - 2 * n as i32,
            "{what}: score {score}, move {m}"
        );
        // The line the engine plays wins: against the best defence, it mates in n.
        let pos = Position::from_fen(fen).unwrap();
        let mut referee = Referee::new(pos, Options::default());
        let mover = referee.position().turn();
        let mut s = Searcher::new(8);
        for ply in 0..2 * n {
            let r = s.search(&referee, &Limits::depth(2 * n + 1), None, &mut |_| {});
            referee.play(r.best.unwrap()).unwrap();
            if referee.ruling().is_decided() {
                // Stalemate loses in xiangqi too (1960 rules §3): the engine may prefer it.
                let reason = referee.ruling().board_reason();
                assert!(
                    matches!(reason, Some(Reason::Checkmate | Reason::Stalemate)),
                    "{what} at ply {ply}: {reason:?}"
                );
                assert_eq!(
                    referee.ruling().result,
                    GameResult::win_for(mover),
                    "{what}"
                );
                break;
            }
        }
        assert!(
            referee.ruling().is_decided(),
            "{what}: no mate after {n} moves"
        );
    }
}

#[test]
fn never_completes_a_forbidden_perpetual_check() {
    // 1960 rules 图四 with Black a rook up: Red's only hope is to check for ever, and the
    // fifth check (h8h9) would complete 长将, which loses under both rule sets.
    let fen = "5k3/9/9/9/r8/9/9/9/7R1/3K5 w";
    let history = [
        "h1h9", "f9f8", "h9h8", "f8f9", "h8h9", "f9f8", "h9h8", "f8f9",
    ];
    let (m, score) = best(fen, &history, 4);
    assert_ne!(
        m,
        mv("h8h9"),
        "the engine chose the forbidden perpetual check"
    );
    assert!(
        score > -RULE_WIN + 10,
        "varying is not a rule loss: {score}"
    );
}

#[test]
fn scores_an_allowed_repetition_as_a_draw() {
    // Two idle kings' advisors shuffling: the cycle is allowed (闲 against 闲), a draw.
    let fen = "3k5/4a4/9/p8/9/9/P8/9/4A4/3AK4 w";
    let history = ["e1f2", "e8f9", "f2e1", "f9e8", "e1f2", "e8f9", "f2e1"];
    let mut referee = Referee::new(Position::from_fen(fen).unwrap(), Options::default());
    for m in history {
        referee.play(mv(m)).unwrap();
    }
    assert!(!referee.ruling().is_decided());
    let mut s = Searcher::new(8);
    // Black's f9e8 returns to the position for the third time: the referee rules a draw.
    let only = [mv("f9e8")];
    let r = s.search(&referee, &Limits::depth(3), Some(&only), &mut |_| {});
    assert_eq!(r.best, Some(mv("f9e8")));
    assert_eq!(r.info.score, 0);
}

fn setup(start: Position) -> GameSetup {
    GameSetup {
        start,
        opening: Vec::new(),
        options: Options::default(),
        control: None,
        limits: [Go::default(); 2],
        enforce_variation: false,
        adjudication: Adjudication::default(),
    }
}

#[test]
fn beats_a_random_mover_in_every_game() {
    for game in 0..4u64 {
        let mut engine = Builtin::new("depth 2", Limits::depth(2));
        let mut random = Builtin::random("random", game + 1);
        let s = setup(Position::start());
        let (outcome, engine_color) = if game % 2 == 0 {
            (
                play_game(&s, &mut engine, &mut random).unwrap(),
                xiangqi::Color::Red,
            )
        } else {
            (
                play_game(&s, &mut random, &mut engine).unwrap(),
                xiangqi::Color::Black,
            )
        };
        assert_eq!(
            outcome.result,
            GameResult::win_for(engine_color),
            "game {game}: {}",
            outcome.termination
        );
    }
}
