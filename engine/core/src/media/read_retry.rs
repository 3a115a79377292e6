//! Read retry as the firmware meets it: how many extra reads a page read takes.
//!
//! What is public: NAND vendors ship read-retry tables, a die register that shifts the read
//! reference voltages; after an ECC failure the controller selects the next entry and reads
//! the page again, until it decodes or the table ends (Micron's sequence in Linux MTD, 2014:
//! PAGE READ, on an ECC error SET FEATURES 89h mode n+1 and PAGE READ again; 8 modes on an MLC
//! part). Cells drift further from the default references as they wear (P/E cycles) and as
//! data ages (retention): Cai et al., "Data Retention in MLC NAND Flash Memory" (HPCA 2015)
//! and "Error Patterns in MLC NAND Flash Memory" (DATE 2012) measured raw bit error rates that
//! rise with both, and the optimal read voltage moving with them.
//! What is inferred here: the share of reads needing a retry rises in proportion to the
//! block's P/E cycles between two stated points (fresh, rated), and a retried read is equally
//! likely to need any number of table entries from 1 to the table's length. Retention age is
//! not modelled (a run lasts seconds; the drive's age is its prior P/E cycles).

use crate::rng::SimRng;
use crate::scenario::ReadRetry;

/// Mixed into the scenario's seed: read retry draws from a stream of its own, so turning it
/// on moves no other random draw (host offsets, preconditioning).
const STREAM: u64 = 0x2EAD_2E72_0000_0002;

/// The policy at run time: its own random stream and the line from fresh to rated wear.
pub struct ReadRetryPolicy {
    rng: SimRng,
    fresh: f64,
    per_pe: f64,
    max_steps: u32,
    prior_pe: u32,
}

impl ReadRetryPolicy {
    /// The policy `r` describes for NAND rated `endurance_pe` cycles, or none when it is off.
    pub fn of(r: &ReadRetry, endurance_pe: u32, seed: u64) -> Option<ReadRetryPolicy> {
        r.enabled.then(|| ReadRetryPolicy {
            rng: SimRng::new(seed ^ STREAM),
            fresh: r.fresh_percent / 100.0,
            per_pe: (r.rated_percent - r.fresh_percent) / 100.0 / endurance_pe.max(1) as f64,
            max_steps: r.max_steps.max(1),
            prior_pe: r.prior_pe_cycles,
        })
    }

    /// Chance that a read of a block erased `erase_count` times in this drive's life (the
    /// run's erases; the prior cycles come on top) needs at least one retry.
    pub fn probability(&self, erase_count: u32) -> f64 {
        let pe = erase_count as f64 + self.prior_pe as f64;
        (self.fresh + self.per_pe * pe).clamp(0.0, 1.0)
    }

    /// Extra reads this page read takes: 0 mostly, else 1..=max_steps. One draw for a read
    /// that decodes, two for one that does not.
    #[inline]
    pub fn steps(&mut self, erase_count: u32) -> u32 {
        if self.rng.unit() >= self.probability(erase_count) {
            return 0;
        }
        1 + self.rng.below(self.max_steps as u64) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn policy(fresh: f64, rated: f64, prior: u32) -> ReadRetryPolicy {
        let r = ReadRetry { enabled: true, fresh_percent: fresh, rated_percent: rated, max_steps: 8, prior_pe_cycles: prior };
        ReadRetryPolicy::of(&r, 3000, 1).unwrap()
    }

    #[test]
    fn the_share_of_retried_reads_follows_wear() {
        let p = policy(0.01, 1.0, 0);
        assert!((p.probability(0) - 0.0001).abs() < 1e-12);
        assert!((p.probability(3000) - 0.01).abs() < 1e-12);
        assert!((p.probability(1500) - 0.00505).abs() < 1e-12);
        assert_eq!(policy(0.01, 1.0, 1500).probability(0), p.probability(1500), "prior wear counts as erases");
        assert_eq!(policy(50.0, 100.0, 0).probability(1_000_000), 1.0, "at most every read");
        assert!(ReadRetryPolicy::of(&ReadRetry::default(), 3000, 1).is_none(), "off by default");
    }

    #[test]
    fn retried_reads_take_one_to_max_steps_each_as_likely() {
        let mut p = policy(10.0, 10.0, 0);
        let mut counts = [0u32; 9];
        for _ in 0..200_000 {
            counts[p.steps(0) as usize] += 1;
        }
        let retried: u32 = counts[1..].iter().sum();
        assert!((retried as f64 / 200_000.0 - 0.1).abs() < 0.003, "{counts:?}");
        for &c in &counts[1..] {
            assert!((c as f64 / retried as f64 - 0.125).abs() < 0.01, "{counts:?}");
        }
    }
}
