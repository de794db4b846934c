//! Round-robin schedules by the Berger tables.
//!
//! FIDE Handbook C.05 Annex 1 publishes the Berger tables for 3 to 16 players; the 1960
//! Chinese rules (附录二 按号对弈排列表) use the same kind of table: players draw numbers, the
//! table says who meets whom in every round and who moves first, and in an odd field the
//! player drawn against the missing top number has the bye (附录二 使用说明 二). The 1960
//! tables themselves are omitted from the seed text ("从略"), so this module encodes the FIDE
//! construction. The phantom player is written as 0, the bye (空号): our decision, since the
//! 1960 text names the bye but prints no table to follow.
//!
//! The construction (checked against the published tables for 3–16 players in
//! `tests/berger.rs`): with `n` even (an odd field adds the phantom `n + 1`),
//! * round 1, board `k` pairs `k` (first) with `n + 1 − k`;
//! * player `n` stays on board 1: in odd rounds `r` he moves second against `(r + 1) / 2`, in
//!   even rounds first against `n/2 + r/2`;
//! * in round `r` with `p` the opponent of `n`, board `k ≥ 2` pairs `p + (k − 1)` and
//!   `p − (k − 1)` (numbers taken modulo `n − 1` in `1..n`);
//! * of two players `i, j < n`, the smaller moves first if `i + j` is odd, the larger if even.

use serde::{Deserialize, Serialize};

/// One game of a schedule: `first` moves first. Number 0 is the bye (空号) when it appears.
///
/// ```
/// use xiangqi_tournament::berger;
/// let table = berger::table(4);
/// assert_eq!((table[0][0].first, table[0][0].second), (1, 4));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Fixture {
    /// Number of the player who moves first (0 = bye).
    pub first: u32,
    /// Number of the player who moves second (0 = bye).
    pub second: u32,
}

impl Fixture {
    /// Whether this fixture is a bye (one side is the phantom 0).
    pub fn is_bye(&self) -> bool {
        self.first == 0 || self.second == 0
    }

    /// The same game with the sides exchanged (the return game of a double round robin).
    pub fn reversed(self) -> Fixture {
        Fixture {
            first: self.second,
            second: self.first,
        }
    }
}

/// The Berger table for `players` entrants: one `Vec` per round, boards in table order.
///
/// With an odd number of players the phantom (the table's top number) is written as 0, on
/// board 1, exactly where the 1960 table marks the bye. Fewer than two players give no rounds.
///
/// ```
/// use xiangqi_tournament::berger;
/// // 5 players: round 2 of the 6-player table is 6-4, 5-3, 1-2; 6 is the bye.
/// let r2: Vec<(u32, u32)> = berger::table(5)[1].iter().map(|f| (f.first, f.second)).collect();
/// assert_eq!(r2, vec![(0, 4), (5, 3), (1, 2)]);
/// ```
pub fn table(players: u32) -> Vec<Vec<Fixture>> {
    if players < 2 {
        return Vec::new();
    }
    let n = players + players % 2;
    let phantom = |x: u32| if x > players { 0 } else { x };
    let wrap = |x: i64| -> u32 {
        let m = i64::from(n - 1);
        (((x - 1).rem_euclid(m)) + 1) as u32
    };
    (1..n)
        .map(|r| {
            let (top, top_first) = if r % 2 == 1 {
                (r.div_ceil(2), false)
            } else {
                (n / 2 + r / 2, true)
            };
            let mut boards = Vec::with_capacity((n / 2) as usize);
            boards.push(if top_first {
                Fixture {
                    first: phantom(n),
                    second: top,
                }
            } else {
                Fixture {
                    first: top,
                    second: phantom(n),
                }
            });
            for k in 2..=n / 2 {
                let a = wrap(i64::from(top) + i64::from(k - 1));
                let b = wrap(i64::from(top) - i64::from(k - 1));
                let (lo, hi) = (a.min(b), a.max(b));
                boards.push(if (lo + hi) % 2 == 1 {
                    Fixture {
                        first: lo,
                        second: hi,
                    }
                } else {
                    Fixture {
                        first: hi,
                        second: lo,
                    }
                });
            }
            boards
        })
        .collect()
}

/// A double round robin (双循环): the Berger table, then the same rounds with the sides
/// exchanged.
///
/// With `swap_last_two`, the last two rounds of the first cycle change places, as FIDE C.05
/// Annex 1 recommends, so that nobody gets the same side three times running across the
/// turn of the cycles; the 1960 rules (附录二 使用说明 一) say only that the first-listed player
/// moves first in odd-numbered games and second in even-numbered ones, which is the plain
/// reversal.
///
/// ```
/// use xiangqi_tournament::berger;
/// let d = berger::double_table(4, false);
/// assert_eq!(d.len(), 6);
/// assert_eq!(d[3][0], d[0][0].reversed());
/// ```
pub fn double_table(players: u32, swap_last_two: bool) -> Vec<Vec<Fixture>> {
    let mut first = table(players);
    let second: Vec<Vec<Fixture>> = first
        .iter()
        .map(|round| round.iter().map(|f| f.reversed()).collect())
        .collect();
    if swap_last_two && first.len() >= 2 {
        let len = first.len();
        first.swap(len - 1, len - 2);
    }
    first.extend(second);
    first
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn every_pair_meets_once_and_sides_balance() {
        for n in 2..=40u32 {
            let t = table(n);
            let mut seen = HashSet::new();
            let mut firsts = vec![0i32; n as usize + 1];
            for round in &t {
                let mut in_round = HashSet::new();
                for f in round {
                    assert!(
                        in_round.insert(f.first) && in_round.insert(f.second),
                        "n={n}"
                    );
                    let key = (f.first.min(f.second), f.first.max(f.second));
                    assert!(seen.insert(key), "n={n}: {key:?} twice");
                    if !f.is_bye() {
                        firsts[f.first as usize] += 1;
                        firsts[f.second as usize] -= 1;
                    }
                }
            }
            let even = n + n % 2;
            assert_eq!(seen.len() as u32, even * (even - 1) / 2);
            assert!(firsts.iter().all(|d| d.abs() <= 1), "n={n}: {firsts:?}");
        }
    }

    #[test]
    fn swapped_double_has_no_three_in_a_row() {
        for n in [4u32, 6, 8, 10, 12] {
            let d = double_table(n, true);
            for p in 1..=n {
                let sides: Vec<bool> = d
                    .iter()
                    .map(|r| {
                        r.iter()
                            .find(|f| f.first == p || f.second == p)
                            .map(|f| f.first == p)
                    })
                    .map(|s| s.expect("everyone plays every round in an even field"))
                    .collect();
                assert!(
                    sides.windows(3).all(|w| !(w[0] == w[1] && w[1] == w[2])),
                    "n={n} p={p}"
                );
            }
        }
    }
}
