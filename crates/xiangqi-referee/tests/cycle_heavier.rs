//! 2020 art. 26.9.2–26.9.3 both ways: a one-piece perpetual chase of an unprotected piece (or
//! of a rook) against the other side's joint or 少根 chases must change, whichever colour
//! plays it and on whichever wing (the positions of `tests/cycle_combinations.rs`, redrawn).
//! See `src/cycle/verdict.rs` (`chinese_pattern`, `compare`).

mod common;

use common::chase_losers_redrawn;
use xiangqi::Color;

/// Applies: Red's rook chases the unprotected cannon on every move (heavy); each escape of the
/// cannon outnumbers the one protector of a red horse (少根, light; the red pawn e7 on the leg
/// of the horse e6 keeps it from taking the black horse d8 back, so the horses are no pair
/// offered in exchange, 24.4 and 图30's note). Red must change; mirrored
/// still Red; with the colours swapped, Black.
#[test]
fn the_single_heavy_chase_changes_whichever_side_plays_it() {
    let fen = "3aka3/3n5/4Pn3/c1P1N4/1Rb1NP3/9/4C4/9/9/3AKA3 w";
    let got = chase_losers_redrawn(fen, "b5b6 a6a5 b6b5 a5a6");
    assert_eq!(
        got,
        [Some(Color::Red), Some(Color::Red), Some(Color::Black)]
    );
}

/// Just fails: without the black horses the cannon's escapes chase unprotected red horses
/// (heavy too): both forbidden at the same level, drawn, in every drawing.
#[test]
fn two_heavy_chases_are_drawn_in_every_drawing() {
    let fen = "3aka3/9/9/c1P1N4/1Rb1N4/9/4P4/9/9/3AKA3 w";
    assert_eq!(
        chase_losers_redrawn(fen, "b5b6 a6a5 b6b5 a5a6"),
        [None, None, None]
    );
}

/// 26.9.2 (「凡单方长捉车，对方联合捉车，前者变着」) both ways: Black's horse chases the red
/// rook on every move (heavy: a rook, and unprotected), Red's rook steps guard the screen of the
/// cannon b2 against the unprotected black rook b7, a joint chase (light; `tests/cycle_screen.rs`).
/// Black must change; mirrored still Black; with the colours swapped, Red. (Just failing, both
/// sides heavy: `two_heavy_chases_are_drawn_in_every_drawing`.)
#[test]
fn the_one_piece_chase_of_a_rook_changes_against_a_joint_chase_of_a_rook() {
    let fen = "3a1k3/4a4/1r7/4n4/1NR6/9/9/1C7/9/3AKA3 w";
    let got = chase_losers_redrawn(fen, "c5d5 e6f4 d5c5 f4e6");
    assert_eq!(
        got,
        [Some(Color::Black), Some(Color::Black), Some(Color::Red)]
    );
}

/// The explanation says why the heavier side varies although both attack on every move; a
/// draw between two heavy chases says nothing of a lighter side.
#[test]
fn the_explanation_names_the_lighter_side() {
    use xiangqi_referee::{RuleSet, cycle::rule_cycle};
    let line = "b5b6 a6a5 b6b5 a5a6";
    let (start, moves) = common::cycle("3aka3/3n5/4Pn3/c1P1N4/1Rb1NP3/9/4C4/9/9/3AKA3 w", line);
    let v = rule_cycle(&start, &moves, RuleSet::Chinese);
    assert!(
        v.explanation_zh
            .ends_with("黑方为联合捉或捉少根子，责任较轻（第26.9.2–26.9.3条），红方不变作负"),
        "{}",
        v.explanation_zh
    );
    assert!(
        v.explanation_en.ends_with(
            "Black's chases are joint or of under-protected pieces, the lighter (art. 26.9.2–26.9.3); Red must vary or lose"
        ),
        "{}",
        v.explanation_en
    );
    let (start, moves) = common::cycle("3aka3/9/9/c1P1N4/1Rb1N4/9/4P4/9/9/3AKA3 w", line);
    let v = rule_cycle(&start, &moves, RuleSet::Chinese);
    assert!(!v.explanation_zh.contains("较轻"), "{}", v.explanation_zh);
}

/// The elephant's steps: one chases a protected red cannon it wins by the exchange (2 for 4),
/// the other another, each new; the red horse's steps chase an unprotected black cannon each.
const ELEPHANT_ON_CANNONS: &str = "4k1b2/cc2a4/8C/N7P/2C6/2P6/9/9/9/3K5 w";
const ELEPHANT_LINE: &str = "a6c7 g9e7 c7a6 e7g9";

/// Applies: a protected cannon chased by an elephant is a chase of a protected piece (捉有根子),
/// the lighter level (`Chase::is_heavy`), so Red's one-piece chase of unprotected cannons
/// varies: mirrored still Red, with the colours swapped Black.
#[test]
fn a_protected_cannon_chased_by_an_elephant_is_the_lighter_chase() {
    assert_eq!(
        chase_losers_redrawn(ELEPHANT_ON_CANNONS, ELEPHANT_LINE),
        [Some(Color::Red), Some(Color::Red), Some(Color::Black)]
    );
    use xiangqi_referee::{RuleSet, cycle::rule_cycle};
    let (start, moves) = common::cycle(ELEPHANT_ON_CANNONS, ELEPHANT_LINE);
    let v = rule_cycle(&start, &moves, RuleSet::Chinese);
    assert!(
        v.explanation_zh
            .ends_with("黑方为捉有根子，责任较轻（第26.9.2–26.9.3条），红方不变作负"),
        "{}",
        v.explanation_zh
    );
    assert!(
        v.explanation_en
            .contains("Black's chases are of protected pieces, the lighter"),
        "{}",
        v.explanation_en
    );
}

/// Just fails: the same steps chasing protected rooks are 捉车, heavy (26.9.2), and chasing
/// the cannons without their pawns, unprotected pieces, heavy too: drawn in every drawing.
#[test]
fn a_protected_rook_or_an_unprotected_cannon_chased_by_an_elephant_is_heavy() {
    for fen in [
        "4k1b2/cc2a4/7PR/N8/2R6/2P6/9/9/9/3K5 w",
        "4k1b2/cc2a4/8C/N8/2C6/9/9/9/9/3K5 w",
    ] {
        assert_eq!(
            chase_losers_redrawn(fen, ELEPHANT_LINE),
            [None, None, None],
            "{fen}"
        );
    }
}
