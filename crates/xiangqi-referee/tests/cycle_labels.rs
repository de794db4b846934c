//! The book's label of every move (将, 杀, 捉, 兑, 闲 printed after each move of the 2020
//! book's figures, `moves_text` in the corpus) against the referee's, move by move. 献, 拦 and
//! 跟 count as 闲, as in the corpus.

mod common;

use common::corpus::{Case, load};
use xiangqi_referee::{RuleSet, cycle::classify_cycle};

/// The book's word, with 献, 拦 and 跟 read as 闲.
fn coarse(label: char) -> char {
    match label {
        '献' | '拦' | '跟' => '闲',
        l => l,
    }
}

/// (case, absolute ply, book label, our label) for every labelled move of the cycle.
fn compare(case: &Case) -> Vec<(usize, char, char)> {
    let classes = classify_cycle(&case.start, &case.cycle, RuleSet::Chinese);
    let n = case.book_labels.len();
    let period = case.cycle.len();
    classes
        .iter()
        .map(|c| {
            let ply = case.first_ply + c.ply;
            // A ply beyond the printed moves (a cycle the corpus closes) repeats the move one
            // period earlier.
            let mut i = ply - 1;
            while i >= n {
                i -= period;
            }
            let ours = c.kind.label().chars().next().unwrap_or('?');
            (ply, coarse(case.book_labels[i]), coarse(ours))
        })
        .collect()
}

/// The moves whose label is not yet the book's, by case and ply: each one is a fault of the
/// classification, not of the book. A move that starts agreeing fails the test until it is
/// taken off this list, so the count can only go up.
const DISAGREEMENTS: &[&str] = &[];

#[test]
fn labels_of_the_2020_figures() {
    let mut total = 0;
    let mut misses = Vec::new();
    for case in load()
        .iter()
        .filter(|c| c.group == "cn2020" && !c.book_labels.is_empty())
    {
        for (ply, book, ours) in compare(case) {
            total += 1;
            if book != ours {
                misses.push(format!("{} ply {ply}: book {book}, ours {ours}", case.id));
            }
        }
    }
    println!("cn2020: {}/{total} labels agree", total - misses.len());
    for m in &misses {
        println!("  {m}");
    }
    assert_eq!(total, 220, "labelled moves in the 2020 figures' cycles");
    let missed: Vec<&str> = misses
        .iter()
        .map(|m| m.split(':').next().unwrap_or_default())
        .collect();
    assert_eq!(
        missed, DISAGREEMENTS,
        "moves labelled otherwise than the book"
    );
}
