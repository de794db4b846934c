//! Dutch brackets whose pairing the search of candidates alone does not reach: an exchange of
//! three players each way (FIDE Handbook C.04.3, 2026, art. 4.3), which the search does not
//! generate, and a bracket with more single floaters than the old limit of the matching
//! (64). Each pairing is worked out here from the articles (the reference pairer, which
//! generates every exchange, pairs at most 12 players).

use std::collections::BTreeSet;

use xiangqi_tournament::swiss::dutch::method::{self, Method};
use xiangqi_tournament::swiss::dutch::{DutchPlayer, DutchRound, Float, pair};
use xiangqi_tournament::{PlayerId, Points};

fn player(id: u32, halves: i32) -> DutchPlayer {
    DutchPlayer::new(PlayerId(id), Points::from_halves(halves))
}

fn round(number: u32, rounds: u32) -> DutchRound {
    DutchRound::new(number, rounds)
}

fn met(players: &mut [DutchPlayer], a: u32, b: u32) {
    players[a as usize - 1].opponents.push(PlayerId(b));
    players[b as usize - 1].opponents.push(PlayerId(a));
}

/// The pairs as unordered (lower, higher) numbers, and the bye, under `m`.
fn pairs_with(
    m: Method,
    players: &[DutchPlayer],
    r: &DutchRound,
) -> (BTreeSet<(u32, u32)>, Option<u32>) {
    method::set(m);
    let p = pair(players, r);
    method::set(Method::Search);
    let p = p.expect("a pairing exists");
    let set = p
        .boards
        .iter()
        .map(|(a, b)| (a.0.min(b.0), a.0.max(b.0)))
        .collect();
    (set, p.bye.map(|b| b.0))
}

/// Round 7 of 9. Players 1–12 have 3 points, 13–16 none; no colour preferences (colours are
/// not the point: every candidate meets the same ones). Each of 1–6 has met each of 7–12.
///
/// The bracket of 3 points: S1 = 1–6, S2 = 7–12 (art. 3.3). Every pair of S1 against S2 is a
/// rematch (C1), so a pairing of all twelve (C6: no downfloaters) has three pairs within
/// 1–6 and three within 7–12: S1 must hold three of each, an exchange of three players each
/// way (art. 4.3). Of those, the smallest difference of the exchanged BSN sums leaves 4, 5, 6
/// and brings in 7, 8, 9 (24 − 15 = 9; every other exchange of three differs by more). S1 =
/// {1, 2, 3, 7, 8, 9}, S2 = {4, 5, 6, 10, 11, 12}: the first transposition, 1–4, 2–5, 3–6,
/// 7–10, 8–11, 9–12, meets C1 and every candidate's quality is the same, so it is taken
/// (3.8). Below, 13–16 (S1 = 13, 14) pair 13–15, 14–16.
///
/// Exchanges of at most two players each way leave at least four of 1–6 in S1 with at most
/// two of them in S2: no such candidate pairs everyone. The search generates no larger
/// exchange, so before the matching took over such brackets it went on to five pairs and two
/// downfloaters (the bracket below can take them), within its budget and without a note.
#[test]
fn an_exchange_of_three_players_each_way() {
    let mut ps: Vec<DutchPlayer> = (1..=12).map(|i| player(i, 6)).collect();
    ps.extend((13..=16).map(|i| player(i, 0)));
    for a in 1..=6 {
        for b in 7..=12 {
            met(&mut ps, a, b);
        }
    }
    let r = round(7, 9);
    let expected: BTreeSet<(u32, u32)> = [
        (1, 4),
        (2, 5),
        (3, 6),
        (7, 10),
        (8, 11),
        (9, 12),
        (13, 15),
        (14, 16),
    ]
    .into_iter()
    .collect();
    for m in [Method::Search, Method::Matching] {
        let (got, bye) = pairs_with(m, &ps, &r);
        assert_eq!(got, expected, "{m:?}");
        assert_eq!(bye, None);
    }
    assert!(pair(&ps, &r).expect("pairs").notes.is_empty());
}

/// Round 5 of 9. Players 1–71 have 2 points, 72–74 none; no colour preferences. 70 and 71
/// floated down in round 4 (art. 1.4).
///
/// The bracket of 2 points has 71 players: one floats (C6), 71 sets of one floater, more
/// than the 64 the matching once valued one by one. C7: a resident floating scores one win
/// below the bracket wherever he comes from, and C8: the bracket below (the floater and
/// 72–74) pairs him and 73–74 whoever he is; C9–C13 are equal for every candidate. C14 (the
/// fewest downfloaters who floated down in the round before) keeps 70 and 71 from floating.
/// S1 = 1–35, S2 = 36–71 (art. 3.3); the first transposition of S2 (art. 4.2) whose
/// leftover is neither 70 nor 71 keeps 36–68 in place, then must put 70 and 71 before 69:
/// 1–36 … 33–68, 34–70, 35–71, and 69 floats. Below: S1 = {69}, 69–72 (the MDP against the
/// first resident), then 73–74.
#[test]
fn a_bracket_of_71_with_one_floater_is_matched() {
    let mut ps: Vec<DutchPlayer> = (1..=71).map(|i| player(i, 4)).collect();
    ps.extend((72..=74).map(|i| player(i, 0)));
    for i in [70, 71] {
        ps[i - 1].floats = vec![Float::None, Float::None, Float::None, Float::Down];
    }
    let r = round(5, 9);
    let mut expected: BTreeSet<(u32, u32)> = (1..=33).map(|i| (i, i + 35)).collect();
    expected.extend([(34, 70), (35, 71), (69, 72), (73, 74)]);
    let before = method::counts().matched;
    let (got, bye) = pairs_with(Method::Matching, &ps, &r);
    assert_eq!(got, expected);
    assert_eq!(bye, None);
    assert_eq!(
        method::counts().matched - before,
        2,
        "both brackets (71 and 4 players) were paired by the matching"
    );
    assert_eq!(
        pairs_with(Method::Search, &ps, &r).0,
        expected,
        "the search"
    );
}
