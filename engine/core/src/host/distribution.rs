//! fio's `random_distribution`: which block a random job touches next.
//!
//! - `random`: uniform over the job's blocks (the default).
//! - `zipf:θ`: block of rank k drawn with probability ∝ k^-θ (θ > 0; θ = 1 allowed).
//! - `pareto:h`: fio's Pareto, rank = (n - 1) · u^(ln h / ln(1 - h)), so a share 1 - h of the
//!   accesses falls on the first share h of the ranks (pareto:0.2 is the 80/20 rule).
//! - `zoned:a/r:a/r…`: a % of the accesses go uniformly to the next r % of the range, zones laid
//!   out in order from the start of the region (fio's zoned form; both columns sum to 100).
//!   A list summing to less leaves the rest to one last zone: `zoned:80/20` is
//!   `zoned:80/20:20/80`, 80 % of the I/O to the first 20 % of the range.
//!
//! Zipf and Pareto draw ranks, and rank 0 is the hottest; as fio does (it hashes the rank) the
//! ranks are scattered over the region, here by an affine bijection `rank · a + b mod n` with
//! `a` coprime to n near n / φ, so the hot blocks are spread over the region rather than
//! packed at its start, and no two ranks share a block.
//!
//! Determinism: the samplers use the `libm` crate (pure Rust, the same bits natively and in
//! wasm) and integer arithmetic, never the platform's `powf`/`ln`/`exp`. Zipf is sampled by
//! Hörmann and Derflinger's rejection-inversion (ACM TOMACS 6(3), 1996; as in Apache Commons
//! RNG's `RejectionInversionZipfSampler`): O(1) setup and O(1) expected work per sample (the
//! rejection rate is small for every θ), where fio precomputes a zeta sum over the ranks.
//! Nothing here allocates per I/O.

use crate::rng::SimRng;

pub use crate::scenario::{RandomDistribution, FORMS, MAX_ZONES};

/// Draws block numbers in `0..n` by a distribution. Set up once per job.
#[derive(Clone, Debug)]
pub struct BlockSampler {
    n: u64,
    kind: Kind,
    /// Scatter of ranks over the blocks: `(rank · stride + shift) mod n`.
    stride: u64,
    shift: u64,
}

#[derive(Clone, Debug)]
enum Kind {
    Uniform,
    Zipf(Zipf),
    /// fio's exponent ln h / ln(1 - h).
    Pareto(f64),
    /// Cumulative access percent and first block of each zone, with one end entry.
    Zoned {
        until_percent: [u32; MAX_ZONES],
        first_block: [u64; MAX_ZONES + 1],
        count: usize,
    },
}

impl BlockSampler {
    /// A sampler over `n` blocks (n ≥ 1). The scatter depends on n only, so the rounds of a
    /// benchmark over the same region keep the same hot blocks.
    pub fn new(distribution: RandomDistribution, n: u64) -> BlockSampler {
        let n = n.max(1);
        let kind = match distribution {
            RandomDistribution::Uniform => Kind::Uniform,
            RandomDistribution::Zipf(theta) => Kind::Zipf(Zipf::new(n, theta)),
            RandomDistribution::Pareto(h) => Kind::Pareto(libm::log(h) / libm::log(1.0 - h)),
            RandomDistribution::Zoned { zones, count } => {
                let count = count as usize;
                let mut until_percent = [0u32; MAX_ZONES];
                let mut first_block = [n; MAX_ZONES + 1];
                let (mut a, mut r) = (0u32, 0u64);
                for (i, &(access, range)) in zones[..count].iter().enumerate() {
                    first_block[i] = (n as u128 * r as u128 / 100) as u64;
                    a += access as u32;
                    r += range as u64;
                    until_percent[i] = a;
                }
                first_block[count] = n;
                Kind::Zoned { until_percent, first_block, count }
            }
        };
        BlockSampler { n, kind, stride: coprime_stride(n), shift: mix(n) % n }
    }

    /// The next block, `0..n`.
    #[inline]
    pub fn next(&mut self, rng: &mut SimRng) -> u64 {
        match &self.kind {
            Kind::Uniform => rng.below(self.n),
            Kind::Zoned { until_percent, first_block, count } => {
                let p = rng.below(100) as u32;
                let zone = until_percent[..*count].iter().position(|&u| p < u).unwrap_or(count.saturating_sub(1));
                let (from, to) = (first_block[zone], first_block[zone + 1]);
                if to > from {
                    from + rng.below(to - from)
                } else {
                    // A zone narrower than one block (a tiny region): nothing better than uniform.
                    rng.below(self.n)
                }
            }
            _ => {
                let rank = self.rank(rng);
                self.scatter(rank)
            }
        }
    }

    /// The next rank, 0 = hottest, before scattering (zipf and pareto; uniform and zoned
    /// return their block).
    pub fn rank(&mut self, rng: &mut SimRng) -> u64 {
        match &self.kind {
            Kind::Zipf(z) => z.sample(rng) - 1,
            Kind::Pareto(power) => {
                let u = rng.unit();
                let rank = ((self.n - 1) as f64 * libm::pow(u, *power)) as u64;
                rank.min(self.n - 1)
            }
            _ => self.next(rng),
        }
    }

    /// Where rank `rank` lives: a bijection of `0..n`.
    #[inline]
    pub fn scatter(&self, rank: u64) -> u64 {
        if self.n <= u32::MAX as u64 {
            // rank, stride, shift < n < 2^32: the sum cannot overflow 64 bits, and a 128-bit
            // remainder is a slow library call (on wasm32 the product too).
            (rank * self.stride + self.shift) % self.n
        } else {
            ((rank as u128 * self.stride as u128 + self.shift as u128) % self.n as u128) as u64
        }
    }
}

/// A stride near n / φ that is coprime with n, so `rank · stride mod n` visits every block
/// once and neighbouring ranks land far apart.
fn coprime_stride(n: u64) -> u64 {
    if n <= 2 {
        return 1;
    }
    // 0.6180339887… as a 64-bit fraction.
    let mut a = ((n as u128 * 0x9E37_79B9_7F4A_7C15u128) >> 64) as u64;
    a = a.clamp(1, n - 1);
    while gcd(a, n) != 1 {
        a += 1;
        if a >= n {
            a = 1;
        }
    }
    a
}

fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// SplitMix64's finaliser: an offset for the scatter.
fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Hörmann–Derflinger rejection-inversion for Zipf over ranks 1..=n with exponent θ.
#[derive(Clone, Debug)]
struct Zipf {
    n: f64,
    theta: f64,
    h_integral_x1: f64,
    h_integral_n: f64,
    s: f64,
}

impl Zipf {
    fn new(n: u64, theta: f64) -> Zipf {
        let mut z = Zipf { n: n as f64, theta, h_integral_x1: 0.0, h_integral_n: 0.0, s: 0.0 };
        z.h_integral_x1 = z.h_integral(1.5) - 1.0;
        z.h_integral_n = z.h_integral(z.n + 0.5);
        z.s = 2.0 - z.h_integral_inverse(z.h_integral(2.5) - z.h(2.0));
        z
    }

    fn sample(&self, rng: &mut SimRng) -> u64 {
        loop {
            let u = self.h_integral_n + rng.unit() * (self.h_integral_x1 - self.h_integral_n);
            let x = self.h_integral_inverse(u);
            let k = libm::floor(x + 0.5).clamp(1.0, self.n);
            if k - x <= self.s || u >= self.h_integral(k + 0.5) - self.h(k) {
                return k as u64;
            }
        }
    }

    /// H(x) = (x^(1-θ) - 1) / (1 - θ), or ln x at θ = 1: an integral of h.
    fn h_integral(&self, x: f64) -> f64 {
        let log_x = libm::log(x);
        helper2((1.0 - self.theta) * log_x) * log_x
    }

    /// h(x) = x^-θ.
    fn h(&self, x: f64) -> f64 {
        libm::exp(-self.theta * libm::log(x))
    }

    fn h_integral_inverse(&self, x: f64) -> f64 {
        let t = (x * (1.0 - self.theta)).max(-1.0);
        libm::exp(helper1(t) * x)
    }
}

/// ln(1 + x) / x, accurate near 0.
fn helper1(x: f64) -> f64 {
    if x.abs() > 1e-8 {
        libm::log1p(x) / x
    } else {
        1.0 - x * (0.5 - x * (1.0 / 3.0 - 0.25 * x))
    }
}

/// (e^x - 1) / x, accurate near 0.
fn helper2(x: f64) -> f64 {
    if x.abs() > 1e-8 {
        libm::expm1(x) / x
    } else {
        1.0 + x * 0.5 * (1.0 + x / 3.0 * (1.0 + 0.25 * x))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_fio_forms_and_refuses_the_rest() {
        assert_eq!(RandomDistribution::parse("random"), Ok(RandomDistribution::Uniform));
        assert_eq!(RandomDistribution::parse("zipf:1.2"), Ok(RandomDistribution::Zipf(1.2)));
        assert_eq!(RandomDistribution::parse("pareto:0.2"), Ok(RandomDistribution::Pareto(0.2)));
        let z = RandomDistribution::parse("zoned:60/10:30/20:10/70").unwrap();
        assert!(matches!(z, RandomDistribution::Zoned { count: 3, .. }));
        assert_eq!(RandomDistribution::parse("zoned:80/20"), RandomDistribution::parse("zoned:80/20:20/80"));
        for bad in [
            "zipf:0",
            "zipf:-1",
            "zipf:x",
            "pareto:1",
            "pareto:0",
            "zoned:80/20:30/80",
            "zoned:80/100",
            "zoned:",
            "normal:5",
            "zipf",
            "zoned:200/100",
            "zoned:50/0:50/100",
        ] {
            assert!(RandomDistribution::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn scatter_is_a_bijection() {
        for n in [1u64, 2, 3, 10, 64, 97, 1000, 4096] {
            let s = BlockSampler::new(RandomDistribution::Zipf(1.0), n);
            let mut seen = vec![false; n as usize];
            for r in 0..n {
                let b = s.scatter(r) as usize;
                assert!(!seen[b], "n {n}: rank {r} collides");
                seen[b] = true;
            }
        }
    }
}
