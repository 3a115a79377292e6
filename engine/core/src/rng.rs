//! The one random number generator the engine uses. Xoshiro256++ from a u64 seed, drawing
//! only u64 ranges so that native (64-bit) and wasm32 runs draw identical sequences.

use rand::{RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

pub struct SimRng(Xoshiro256PlusPlus);

impl SimRng {
    pub fn new(seed: u64) -> Self {
        SimRng(Xoshiro256PlusPlus::seed_from_u64(seed))
    }

    /// Uniform in `0..n` (n > 0).
    #[inline]
    pub fn below(&mut self, n: u64) -> u64 {
        self.0.random_range(0..n)
    }

    /// Uniform in [0, 1), on a grid of 2^-53 (drawn as a `u64` range like every draw here).
    #[inline]
    pub fn unit(&mut self) -> f64 {
        self.below(1 << 53) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// True with probability `percent` / 100.
    #[inline]
    pub fn percent(&mut self, percent: u32) -> bool {
        self.below(100) < percent as u64
    }
}
