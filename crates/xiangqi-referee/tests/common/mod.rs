//! Helpers shared by the referee's integration tests.
#![allow(dead_code)]

pub mod changes;
pub mod corpus;
pub mod drawing;

use xiangqi::{Move, Position};

/// A position from a FEN the test vouches for.
pub fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("test FEN {fen:?}: {e}"))
}

/// Moves from a space-separated ICCS line.
pub fn line(moves: &str) -> Vec<Move> {
    moves
        .split_whitespace()
        .map(|m| m.parse().unwrap_or_else(|e| panic!("test move {m:?}: {e}")))
        .collect()
}

/// A built position and a cycle from it: the line must be legal and return to the position.
pub fn cycle(fen: &str, moves: &str) -> (Position, Vec<Move>) {
    let start = pos(fen);
    let cycle = line(moves);
    let mut end = start.clone();
    for &m in &cycle {
        end.play(m)
            .unwrap_or_else(|e| panic!("{m} in {moves:?} from {fen:?}: {e}"));
    }
    assert_eq!(
        end.hash(),
        start.hash(),
        "{moves} does not return to the start"
    );
    (start, cycle)
}

/// The labels of the cycle's moves and the loser.
pub fn labels_and_loser(
    start: &Position,
    cycle: &[Move],
    rules: xiangqi_referee::RuleSet,
) -> (Vec<&'static str>, Option<xiangqi::Color>) {
    use xiangqi_referee::cycle::{classify_cycle, rule_cycle};
    let labels = classify_cycle(start, cycle, rules)
        .iter()
        .map(|c| c.kind.label())
        .collect();
    (labels, rule_cycle(start, cycle, rules).loser)
}

/// The loser of the cycle under the 2020 rules as given, mirrored, and with the colours
/// swapped (as ruled: the swap's loser is the other colour), a loss being for 长捉.
pub fn chase_losers_redrawn(fen: &str, moves: &str) -> [Option<xiangqi::Color>; 3] {
    use drawing::{Drawing, redraw_move, redraw_position};
    use xiangqi_referee::{Reason, RuleSet, cycle::rule_cycle};
    let (start, line) = cycle(fen, moves);
    let rule = |p: &Position, l: &[Move]| {
        let v = rule_cycle(p, l, RuleSet::Chinese);
        if v.loser.is_some() {
            assert_eq!(v.reason, Reason::PerpetualChase, "{fen}");
        }
        v.loser
    };
    let redrawn = |d| {
        let p = redraw_position(&start, d);
        let l: Vec<Move> = line.iter().map(|&m| redraw_move(m, d)).collect();
        rule(&p, &l)
    };
    [
        rule(&start, &line),
        redrawn(Drawing::Mirror),
        redrawn(Drawing::ColourSwap),
    ]
}

#[path = "../../../../tools/rng.rs"]
mod rng;
pub use rng::Rng;

impl Rng {
    /// A number below `n`.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A random legal game from `start` of at most `max_plies` plies. With `echo` > 0, that
/// share (in percent) of moves repeat the mover's previous move backwards when legal, which
/// makes repetitions common.
pub fn random_game(rng: &mut Rng, start: &Position, max_plies: usize, echo: u64) -> Vec<Move> {
    let mut pos = start.clone();
    let mut moves: Vec<Move> = Vec::new();
    while moves.len() < max_plies {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let mut m = legal[rng.below(legal.len())];
        if rng.next() % 100 < echo && moves.len() >= 2 {
            let prev = moves[moves.len() - 2];
            let back = Move::new(prev.to(), prev.from());
            if pos.is_legal(back) {
                m = back;
            }
        }
        pos.play_unchecked(m);
        moves.push(m);
    }
    moves
}

/// The kind of every move of a line under the Chinese rules, asserting the line is legal and
/// that the two redrawings of the position (mirrored, colours swapped) give every move the
/// same kind.
pub fn kinds(fen: &str, moves: &str) -> Vec<xiangqi_referee::cycle::MoveKind> {
    use drawing::{Drawing, redraw_move, redraw_position};
    use xiangqi_referee::{RuleSet, cycle::classify_cycle};
    let (start, played) = (pos(fen), line(moves));
    let classes = classify_cycle(&start, &played, RuleSet::Chinese);
    assert_eq!(
        classes.len(),
        played.len(),
        "{moves} is not legal from {fen}"
    );
    let out: Vec<_> = classes.iter().map(|c| c.kind).collect();
    for d in [Drawing::Mirror, Drawing::ColourSwap] {
        let p: Position = redraw_position(&start, d);
        let m: Vec<Move> = played.iter().map(|&m| redraw_move(m, d)).collect();
        let redrawn: Vec<_> = classify_cycle(&p, &m, RuleSet::Chinese)
            .iter()
            .map(|c| c.kind)
            .collect();
        assert_eq!(out, redrawn, "{d:?} of {fen} {moves}");
    }
    out
}

/// The classes of the cycle `moves` from `fen` under `rules`, after checking that the two
/// redrawings of the position (mirrored, colours swapped) give every move the same label and
/// the same number of chases.
pub fn classes_redrawn(
    fen: &str,
    moves: &str,
    rules: xiangqi_referee::RuleSet,
) -> Vec<xiangqi_referee::cycle::MoveClass> {
    use drawing::{Drawing, redraw_move, redraw_position};
    use xiangqi_referee::cycle::classify_cycle;
    let (start, cycle) = cycle(fen, moves);
    let out = classify_cycle(&start, &cycle, rules);
    assert_eq!(
        out.len(),
        cycle.len(),
        "{fen} {moves}: not every move classified"
    );
    for d in [Drawing::Mirror, Drawing::ColourSwap] {
        let p: Position = redraw_position(&start, d);
        let m: Vec<Move> = cycle.iter().map(|&m| redraw_move(m, d)).collect();
        let redrawn = classify_cycle(&p, &m, rules);
        for (a, b) in out.iter().zip(&redrawn) {
            assert_eq!(a.kind, b.kind, "{d:?} of {fen}, ply {}: {b:?}", a.ply);
            assert_eq!(
                a.chases.len(),
                b.chases.len(),
                "{d:?} of {fen}, ply {}",
                a.ply
            );
        }
    }
    out
}
