//! The one random number generator the engine uses. Xoshiro256++ from a u64 seed, drawing
//! only u64 ranges so that native (64-bit) and wasm32 runs draw identical sequences.

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

pub struct SimRng(Xoshiro256PlusPlus);

/// The 128-bit product of two u64s as (high, low) halves.
#[inline(always)]
fn wide_mul(a: u64, b: u64) -> (u64, u64) {
    #[cfg(not(target_arch = "wasm32"))]
    {
        let p = a as u128 * b as u128;
        ((p >> 64) as u64, p as u64)
    }
    #[cfg(target_arch = "wasm32")]
    {
        wide_mul_by_halves(a, b)
    }
}

/// `wide_mul` from four 32 x 32 -> 64-bit products: wasm32 has no 64 x 64 -> 128-bit
/// multiply (Rust calls a slow helper, `__multi3`).
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
#[inline(always)]
fn wide_mul_by_halves(a: u64, b: u64) -> (u64, u64) {
    // b's halves are hidden from the optimiser, which otherwise recognises the four
    // products as one 128-bit multiply and calls `__multi3` after all.
    let (b_hi, b_lo) = std::hint::black_box((b >> 32, b & 0xFFFF_FFFF));
    let (a_hi, a_lo) = (a >> 32, a & 0xFFFF_FFFF);
    let (hi_lo, lo_hi) = (a_hi * b_lo, a_lo * b_hi);
    let mid = ((a_lo * b_lo) >> 32) + (hi_lo & 0xFFFF_FFFF) + (lo_hi & 0xFFFF_FFFF);
    (a_hi * b_hi + (hi_lo >> 32) + (lo_hi >> 32) + (mid >> 32), a.wrapping_mul(b))
}

impl SimRng {
    pub fn new(seed: u64) -> Self {
        SimRng(Xoshiro256PlusPlus::seed_from_u64(seed))
    }

    /// Uniform in `0..n` (n > 0): what `rand`'s `random_range(0..n)` draws (Canon's method,
    /// a second draw when the first is near a boundary), without its 128-bit multiply.
    #[inline]
    pub fn below(&mut self, n: u64) -> u64 {
        debug_assert!(n > 0);
        let (mut result, lo) = wide_mul(self.0.next_u64(), n);
        if lo > n.wrapping_neg() {
            let (hi, _) = wide_mul(self.0.next_u64(), n);
            result += lo.checked_add(hi).is_none() as u64;
        }
        result
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

#[cfg(test)]
mod tests {
    use super::*;
    use rand::RngExt;

    #[test]
    fn below_draws_what_rand_draws() {
        let mut ours = SimRng::new(7);
        let mut theirs = Xoshiro256PlusPlus::seed_from_u64(7);
        let mut sizes = SimRng::new(8);
        for i in 0..200_000u64 {
            // Every scale, the largest ranges too (where the second draw is common).
            let n = match i % 4 {
                0 => 1 + sizes.0.next_u64() % 1000,
                1 => 1 + (sizes.0.next_u64() >> (sizes.0.next_u64() % 64)),
                2 => u64::MAX - sizes.0.next_u64() % 1000,
                _ => (1u64 << 63) + sizes.0.next_u64() % (1 << 62),
            };
            assert_eq!(ours.below(n), theirs.random_range(0..n), "draw {i}, n = {n}");
        }
    }

    #[test]
    fn the_product_by_halves_is_the_full_product() {
        let mut r = SimRng::new(3);
        for i in 0..100_000 {
            let (a, b) = if i < 4 {
                ([0, 1, u64::MAX, u64::MAX][i], [u64::MAX, u64::MAX, u64::MAX, 0][i])
            } else {
                (r.0.next_u64(), r.0.next_u64() >> (r.0.next_u64() % 64))
            };
            let p = a as u128 * b as u128;
            assert_eq!(wide_mul_by_halves(a, b), ((p >> 64) as u64, p as u64), "{a} x {b}");
            assert_eq!(wide_mul(a, b), wide_mul_by_halves(a, b));
        }
    }
}
