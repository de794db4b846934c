//! A small deterministic random number generator for drawing lots.
//!
//! Drawing of lots must be reproducible (an arbiter re-runs the draw from the recorded seed and
//! gets the same numbers), so the crate carries its own generator instead of depending on the
//! operating system's entropy. The algorithm is SplitMix64 (Steele, Lea, Flood 2014).

use serde::{Deserialize, Serialize};

/// A seeded generator; the same seed always yields the same lots.
///
/// ```
/// use xiangqi_tournament::Lots;
/// let mut a = Lots::new(7);
/// let mut b = Lots::new(7);
/// assert_eq!(a.next_u64(), b.next_u64());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Lots {
    state: u64,
}

impl Lots {
    /// A generator started from `seed`.
    pub fn new(seed: u64) -> Lots {
        Lots { state: seed }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..bound` (`bound` > 0), without modulo bias.
    pub fn below(&mut self, bound: u64) -> u64 {
        assert!(bound > 0, "Lots::below needs a positive bound");
        let zone = u64::MAX - u64::MAX % bound;
        loop {
            let x = self.next_u64();
            if x < zone {
                return x % bound;
            }
        }
    }

    /// Shuffles `items` in place (Fisher–Yates), as drawing numbered slips from a hat.
    ///
    /// ```
    /// use xiangqi_tournament::Lots;
    /// let mut v: Vec<u32> = (1..=8).collect();
    /// Lots::new(1).shuffle(&mut v);
    /// let mut sorted = v.clone();
    /// sorted.sort();
    /// assert_eq!(sorted, (1..=8).collect::<Vec<_>>());
    /// ```
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u64 + 1) as usize;
            items.swap(i, j);
        }
    }
}
