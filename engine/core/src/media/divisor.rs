//! Exact division of `u32` addresses by a divisor fixed when the drive is built (units per
//! page, blocks per plane, …), for the address arithmetic every I/O does.
//!
//! A power of two is a shift and a mask. Any other divisor is the multiply-and-shift that
//! compilers emit for a constant divisor (Granlund and Montgomery's round-up method with a
//! 33-bit multiplier, its top bit handled by an add and a shift): one 32 x 32 -> 64-bit
//! multiply, which wasm32 has as an instruction, where a 64 x 64 -> 128-bit one is a call
//! to a slow helper (`__multi3`) and a hardware divide takes tens of cycles natively.

#[derive(Clone, Copy, Debug)]
pub struct Divisor {
    d: u32,
    /// Power of two: its log2; otherwise the shift after the multiply, ceil(log2 d) - 1.
    shift: u32,
    /// Zero for a power of two; otherwise the low 32 bits of the 33-bit multiplier.
    magic: u32,
}

impl Divisor {
    /// `d` must be at least 1 (geometry counts are).
    pub fn new(d: u32) -> Divisor {
        let d = d.max(1);
        if d.is_power_of_two() {
            return Divisor { d, shift: d.trailing_zeros(), magic: 0 };
        }
        // l = ceil(log2 d) >= 2; magic = floor(2^32 (2^l - d) / d) + 1 < 2^32.
        let l = 32 - (d - 1).leading_zeros();
        let magic = (((1u64 << 32) * ((1u64 << l) - d as u64)) / d as u64 + 1) as u32;
        Divisor { d, shift: l - 1, magic }
    }

    #[inline(always)]
    pub fn get(self) -> u32 {
        self.d
    }

    #[inline(always)]
    pub fn quotient(self, n: u32) -> u32 {
        if self.magic == 0 {
            n >> self.shift
        } else {
            let t = ((self.magic as u64 * n as u64) >> 32) as u32;
            (t + ((n - t) >> 1)) >> self.shift
        }
    }

    #[inline(always)]
    pub fn remainder(self, n: u32) -> u32 {
        n - self.quotient(n) * self.d
    }

    #[inline(always)]
    pub fn div_rem(self, n: u32) -> (u32, u32) {
        let q = self.quotient(n);
        (q, n - q * self.d)
    }

    #[inline(always)]
    pub fn divides(self, n: u32) -> bool {
        self.remainder(n) == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quotient_and_remainder_are_exact() {
        let mut x = 0x2545_f491_4f6c_dd1du64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x as u32
        };
        let divisors =
            [1, 2, 3, 5, 6, 7, 10, 12, 24, 256, 260, 1366, 1367, 3072, 8196, 65_535, 65_537, 1 << 20, 1_000_003, u32::MAX / 3, u32::MAX - 1, u32::MAX];
        for d in divisors {
            let div = Divisor::new(d);
            let edges = [0, 1, d - 1, d, d.wrapping_add(1), u32::MAX, u32::MAX - 1, u32::MAX / d * d, (u32::MAX / d * d).wrapping_sub(1)];
            for n in edges.into_iter().chain((0..20_000).map(|_| next())) {
                assert_eq!(div.div_rem(n), (n / d, n % d), "{n} / {d}");
                assert_eq!(div.divides(n), n % d == 0);
            }
        }
    }
}
