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
const DISAGREEMENTS: &[&str] = &[
    // 后车退一: the book has 捉 (taking the rook costs both rooks); we also find a mate by
    // checks that begins by taking the rook on c7 (R×c7+ K d8, R c8+ K d7, R b7#: every
    // answer forced), so 24.2 (杀: 「下一着将军或连续将军以将死对方」) and 26.4's precedence 杀
    // over 捉 give 杀. No article makes a mate that begins with a capture a 捉; kept as the
    // book's label, not fitted.
    "cn2020-图17 ply 3",
    // 车四退二: the book has 兑; we also see the horse on h6, attacked by rook and horse and
    // protected by the rook on h3 only (少根, 24.15), won by the complete exchange (24.3:
    // 马×h6 车×h6 车×h6, or the horse simply taken): 捉, which outranks 兑 (26.4). No reading
    // of 24.3 or 24.15 we found leaves it unchased; kept as the book's label, not fitted.
    "cn2020-图21 ply 1",
];

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
    assert_eq!(total, 118, "labelled moves in the 2020 figures' cycles");
    let missed: Vec<&str> = misses
        .iter()
        .map(|m| m.split(':').next().unwrap_or_default())
        .collect();
    assert_eq!(
        missed, DISAGREEMENTS,
        "moves labelled otherwise than the book"
    );
}
