//! A ruling does not depend on how the position is drawn: every corpus case, its left-right
//! mirror and its colour swap (red and black exchanged, the board turned round, the verdict
//! swapped with them) are ruled alike, label for label.

mod common;

use common::corpus::{Case, load};
use common::drawing::{Drawing, redraw_move, redraw_position, redraw_square};
use common::labels_and_loser;
use xiangqi::Move;
use xiangqi_referee::{
    RuleSet,
    cycle::{CycleMove, CycleReport, PieceOn},
};

fn rules_of(case: &Case) -> RuleSet {
    case.rules
}

/// Every case whose redrawing `d` is ruled otherwise than the case itself.
fn differences(d: Drawing) -> (usize, Vec<String>) {
    let cases = load();
    let mut out = Vec::new();
    for case in &cases {
        let rules = rules_of(case);
        let (labels, loser) = labels_and_loser(&case.start, &case.cycle, rules);
        let start = redraw_position(&case.start, d);
        let cycle: Vec<Move> = case.cycle.iter().map(|&m| redraw_move(m, d)).collect();
        let (labels2, loser2) = labels_and_loser(&start, &cycle, rules);
        let loser2 = match d {
            Drawing::Mirror => loser2,
            Drawing::ColourSwap => loser2.map(|c| !c),
        };
        if labels != labels2 || loser != loser2 {
            out.push(format!(
                "{} {d:?}: {labels:?} {loser:?} as given, {labels2:?} {loser2:?} redrawn",
                case.id
            ));
        }
    }
    (cases.len(), out)
}

#[test]
fn mirrored_cases_are_ruled_alike() {
    let (n, diffs) = differences(Drawing::Mirror);
    println!("mirror: {} of {n} cases ruled alike", n - diffs.len());
    assert!(diffs.is_empty(), "{diffs:#?}");
}

#[test]
fn colour_swapped_cases_are_ruled_alike() {
    let (n, diffs) = differences(Drawing::ColourSwap);
    println!("colour swap: {} of {n} cases ruled alike", n - diffs.len());
    assert!(diffs.is_empty(), "{diffs:#?}");
}

/// What a move's label rests on, its squares redrawn by `d` (`None`: as
/// given), lists sorted: the checkers, the offer, the pieces of 献, 拦 and 跟, the mate's
/// length and first check, the exempt attacks and their reasons.
fn grounds(m: &CycleMove, d: Option<Drawing>) -> Vec<String> {
    let sq = |s: &str| d.map_or_else(|| s.to_owned(), |d| redraw_square(s, d));
    let mv = |s: &str| {
        d.map_or_else(
            || s.to_owned(),
            |d| redraw_move(s.parse().expect("a move"), d).to_string(),
        )
    };
    let list = |ps: &[PieceOn]| {
        let mut v: Vec<String> = ps
            .iter()
            .map(|p| format!("{}{}", p.piece, sq(&p.square)))
            .collect();
        v.sort();
        v.join(",")
    };
    let mut out = vec![format!("check {}", list(&m.checkers))];
    if let Some(o) = &m.offer {
        out.push(format!(
            "offer {}{} {}{} {} back {}",
            o.piece,
            sq(&o.square),
            o.partner_piece,
            sq(&o.partner),
            o.fair,
            list(&o.retakers)
        ));
    }
    for (name, g) in [
        ("give", &m.sacrifice),
        ("block", &m.block),
        ("follow", &m.follow),
    ] {
        if let Some(g) = g {
            out.push(format!(
                "{name} {}{} {}",
                g.piece,
                sq(&g.square),
                list(&g.pieces)
            ));
        }
    }
    if let Some(mate) = &m.mate {
        out.push(format!(
            "mate {} {} {}",
            mv(&mate.first),
            mate.length,
            mate.set_aside
        ));
    }
    let mut exempt: Vec<String> = m
        .exempt
        .iter()
        .map(|t| format!("exempt {}{} {}", t.piece, sq(&t.square), t.reason))
        .collect();
    exempt.sort();
    out.extend(exempt);
    out
}

/// Every corpus case whose redrawing `d` shows other grounds than the case itself, move by
/// move, squares redrawn.
fn ground_differences(d: Drawing) -> (usize, Vec<String>) {
    let cases = load();
    let mut out = Vec::new();
    let mut moves = 0;
    for case in &cases {
        let rules = rules_of(case);
        let given = CycleReport::new(&case.start, &case.cycle, 1, rules);
        let start = redraw_position(&case.start, d);
        let cycle: Vec<Move> = case.cycle.iter().map(|&m| redraw_move(m, d)).collect();
        let redrawn = CycleReport::new(&start, &cycle, 1, rules);
        for (a, b) in given.moves.iter().zip(&redrawn.moves) {
            moves += 1;
            let (ga, gb) = (grounds(a, Some(d)), grounds(b, None));
            if ga != gb {
                out.push(format!(
                    "{} ply {} {d:?}: {ga:?} as given, {gb:?} redrawn",
                    case.id, a.ply
                ));
            }
        }
    }
    (moves, out)
}

#[test]
fn mirrored_cases_show_the_same_grounds() {
    let (n, diffs) = ground_differences(Drawing::Mirror);
    println!(
        "mirror: {} of {n} moves show the same grounds",
        n - diffs.len()
    );
    assert!(n > 100, "{n}");
    assert!(diffs.is_empty(), "{diffs:#?}");
}

#[test]
fn colour_swapped_cases_show_the_same_grounds() {
    let (n, diffs) = ground_differences(Drawing::ColourSwap);
    println!(
        "colour swap: {} of {n} moves show the same grounds",
        n - diffs.len()
    );
    assert!(n > 100, "{n}");
    assert!(diffs.is_empty(), "{diffs:#?}");
}
