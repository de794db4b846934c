//! The benchmarks' random source: a small deterministic generator (xorshift64*), so that every
//! run measures the same games. Shared by path (`#[path = "../../../tools/bench/rng.rs"]`), as
//! the layout check is: a benchmark's helper, not part of any crate's API.

/// xorshift64* from a non-zero seed.
pub struct Rng(pub u64);

impl Rng {
    /// The next 64 random bits.
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
}
