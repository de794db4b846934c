//! The random source of the benchmarks and of the referee's random tests: a small deterministic
//! generator (xorshift64*), so that every run plays the same games without a dependency.
//! Shared by path (`#[path = "../../../tools/rng.rs"] mod rng;`), as the layout check is: a
//! helper of benchmarks and tests, not part of any crate's API.

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
