//! `judge` skips the search for a legal move whenever the record's next move is legal (that
//! move proves one exists). These tests hold it to the ruling of the move-by-move
//! [`Referee`], which always searches: for every prefix of many random games — games ending
//! in mate and stalemate, in repetition rulings, at the natural limit, with illegal moves
//! after them, and move-odds openings — the two rulings are identical.

use proptest::prelude::*;
use xiangqi::{Move, Position, Square};
use xiangqi_referee::{
    Game, GameResult, Handicap, Options, PlayError, Reason, Referee, RuleSet, Ruling, judge,
};

mod common;
use common::Rng;

/// Start positions: the opening, and endings with few pieces where random play often mates
/// or stalemates (positions built for this test).
const STARTS: [&str; 4] = [
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
    "3k5/9/9/9/9/9/9/9/4R4/5K3 w",
    "4k4/4a4/9/9/2P6/9/9/9/9/3K1R3 w",
    "3ak4/9/4b4/9/9/9/6n2/9/4C4/4K4 b",
];

/// A move the record holds after the game was decided, or an illegal one: any two squares.
fn any_move(rng: &mut Rng) -> Move {
    let sq = |i: usize| Square::new(i as u8).unwrap_or_else(|| unreachable!());
    Move::new(sq(rng.below(90)), sq(rng.below(90)))
}

/// A random game played through a [`Referee`], with the ruling after every ply (`rulings[k]`
/// after `k` plies, up to the decision). A share `echo` (percent) of moves undo the mover's
/// previous move when legal, so positions repeat. After the referee decides, or at
/// `max_plies`, a few arbitrary moves may follow; the record ends at the first refused one.
struct Played {
    start: Position,
    handicap: Handicap,
    moves: Vec<Move>,
    rulings: Vec<Ruling>,
}

fn play_game(
    rng: &mut Rng,
    start: &Position,
    options: Options,
    handicap: Handicap,
    max_plies: usize,
    echo: u64,
) -> Played {
    let mut referee = Referee::with_handicap(start.clone(), options, handicap)
        .unwrap_or_else(|e| panic!("test handicap: {e}"));
    let mut rulings = vec![referee.ruling().clone()];
    let mut moves: Vec<Move> = Vec::new();
    while moves.len() < max_plies && !referee.ruling().is_decided() {
        let legal = referee.position().legal_moves();
        if legal.is_empty() {
            break;
        }
        let mut played = false;
        for attempt in 0..8 {
            let mut m = legal[rng.below(legal.len())];
            if attempt == 0 && rng.next() % 100 < echo && moves.len() >= 2 {
                let prev = moves[moves.len() - 2];
                let back = Move::new(prev.to(), prev.from());
                if referee.position().is_legal(back) {
                    m = back;
                }
            }
            // Move odds refuse some legal moves (same piece twice, capture, check).
            if referee.play(m).is_ok() {
                moves.push(m);
                rulings.push(referee.ruling().clone());
                played = true;
                break;
            }
        }
        if !played {
            break;
        }
    }
    for _ in 0..rng.below(3) {
        let m = any_move(rng);
        moves.push(m);
        if referee.ruling().is_decided() {
            continue;
        }
        if referee.play(m).is_err() {
            break;
        }
        rulings.push(referee.ruling().clone());
    }
    Played {
        start: start.clone(),
        handicap,
        moves,
        rulings,
    }
}

/// The ruling on the first `k` moves, as the move-by-move referee gives it. A refused move
/// has no ruling of the referee's own; `None` then.
fn expected(p: &Played, k: usize) -> Option<&Ruling> {
    let decided = p.rulings.iter().find(|r| r.is_decided());
    match decided {
        Some(r) if r.ply as usize <= k => Some(r),
        _ => p.rulings.get(k),
    }
}

/// The batch ruling on the first `k` moves.
fn batch(p: &Played, k: usize, options: &Options) -> Ruling {
    if p.handicap == Handicap::None {
        judge(&p.start, &p.moves[..k], options)
    } else {
        Game {
            start: p.start.clone(),
            moves: p.moves[..k].to_vec(),
            handicap: p.handicap,
        }
        .ruling(options)
        .unwrap_or_else(|e| panic!("test handicap: {e}"))
    }
}

/// Checks every prefix of a played game; returns the reason of its final ruling.
fn check_every_prefix(p: &Played, options: &Options) -> Option<Reason> {
    let mut last = None;
    for k in 0..=p.moves.len() {
        let got = batch(p, k, options);
        match expected(p, k) {
            Some(want) => assert_eq!(
                &got,
                want,
                "{} after {k} of {:?} ({options:?})",
                p.start.fen(),
                p.moves
            ),
            None => {
                // The k-th move was refused: the referee, replayed, refuses it the same way.
                let mut referee =
                    Referee::with_handicap(p.start.clone(), *options, p.handicap).unwrap();
                for &m in &p.moves[..k - 1] {
                    referee.play(m).unwrap();
                }
                let mover = referee.position().turn();
                assert!(
                    matches!(
                        referee.play(p.moves[k - 1]),
                        Err(PlayError::Illegal(_) | PlayError::Odds { .. })
                    ),
                    "ply {k} is refused"
                );
                assert_eq!(
                    (got.result, got.board_reason(), got.ply, got.offender),
                    (
                        GameResult::win_for(!mover),
                        Some(Reason::IllegalMove),
                        k as u32,
                        Some(mover)
                    )
                );
                assert!(got.explanation.contains(&p.moves[k - 1].to_string()));
                // Moves after the refused one are never looked at.
                let mut longer = p.moves[..k].to_vec();
                longer.push(p.moves[0]);
                assert_eq!(
                    judge(&p.start, &longer, options),
                    judge(&p.start, &p.moves[..k], options)
                );
            }
        }
        last = got.board_reason();
    }
    last
}

/// Many random games under several settings, with every way a game can end represented.
#[test]
fn judge_agrees_with_the_move_by_move_referee_on_every_prefix() {
    let mut rng = Rng(0x1bad_b002);
    let settings = [
        Options::default(),
        Options {
            natural_limit: Some(0),
            ..Options::default()
        },
        Options {
            natural_limit: Some(8),
            repetitions: 2,
            ..Options::new(RuleSet::Asian)
        },
        Options {
            repetitions: 0,
            natural_limit: Some(0),
            ..Options::default()
        },
    ];
    let mut seen = std::collections::HashMap::<Option<Reason>, usize>::new();
    for game in 0..120 {
        let start = Position::from_fen(STARTS[game % STARTS.len()]).unwrap();
        let options = settings[(game / STARTS.len()) % settings.len()];
        let handicap = if game % 10 == 0 && game % STARTS.len() == 0 {
            Handicap::MoveOdds(2)
        } else {
            Handicap::None
        };
        let echo = [0, 30, 60][game % 3];
        let p = play_game(&mut rng, &start, options, handicap, 140, echo);
        *seen.entry(check_every_prefix(&p, &options)).or_default() += 1;
    }
    for reason in [
        Some(Reason::Checkmate),
        Some(Reason::Stalemate),
        Some(Reason::RepetitionDraw),
        Some(Reason::NaturalLimit),
        Some(Reason::IllegalMove),
        None,
    ] {
        assert!(
            seen.get(&reason).copied().unwrap_or(0) >= 2,
            "too few games ending {reason:?}: {seen:?}"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// A legal game cut anywhere and followed by arbitrary moves: judge rules as the
    /// move-by-move referee does, whether the tail is legal, illegal or past the end.
    #[test]
    fn judge_agrees_after_arbitrary_tails(
        seed: u64,
        which in 0..STARTS.len(),
        plies in 0usize..80,
        tail in proptest::collection::vec((0u8..90, 0u8..90), 0..4),
        asian: bool,
    ) {
        let mut rng = Rng(seed | 1);
        let start = Position::from_fen(STARTS[which]).unwrap();
        let options = Options {
            natural_limit: Some(20),
            ..Options::new(if asian { RuleSet::Asian } else { RuleSet::Chinese })
        };
        let mut p = play_game(&mut rng, &start, options, Handicap::None, plies, 40);
        p.moves.truncate(p.rulings.len() - 1);
        let mut referee = Referee::new(start.clone(), options);
        for &m in &p.moves {
            referee.play(m).unwrap();
        }
        for &(from, to) in &tail {
            let m = Move::new(Square::new(from).unwrap(), Square::new(to).unwrap());
            p.moves.push(m);
            if referee.ruling().is_decided() || referee.play(m).is_err() {
                break;
            }
            p.rulings.push(referee.ruling().clone());
        }
        check_every_prefix(&p, &options);
    }
}
