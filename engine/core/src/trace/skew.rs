//! How concentrated the accesses are: the share of 4 KiB unit accesses (each unit a read or
//! write touches counts one) that go to the hottest 20 % of touched units.
//!
//! Exact counts per unit would take memory in proportion to the footprint, so units are
//! sampled by a hash of their address (spatial sampling, as SHARDS does for miss-ratio
//! curves): a unit is either always counted or never, so each sampled unit's count is
//! exact, and the sample's distribution estimates the whole. At most `MAX_SAMPLED` units
//! are counted (~4 MiB); when more would be, the sampling rate halves and units no longer
//! sampled are dropped. Below that many touched units the figure is exact.

use std::collections::HashMap;

const MAX_SAMPLED: usize = 1 << 17;
const MAX_COMMAND_UNITS: u64 = super::csv::MAX_COMMAND_BYTES / super::footprint::UNIT_BYTES;

#[derive(Default)]
pub(crate) struct HotUnits {
    counts: HashMap<u64, u32>,
    /// A unit is sampled when the top `rate_shift` bits of its hash are zero.
    rate_shift: u32,
}

impl HotUnits {
    pub fn touch(&mut self, first_unit: u64, last_unit: u64) {
        // The reader refuses longer commands; the cap keeps a hand-made one from looping long.
        let last_unit = last_unit.min(first_unit.saturating_add(MAX_COMMAND_UNITS - 1));
        for unit in first_unit..=last_unit {
            if self.sampled(unit) {
                let count = self.counts.entry(unit).or_insert(0);
                *count = count.saturating_add(1);
            }
        }
        while self.counts.len() > MAX_SAMPLED {
            self.rate_shift += 1;
            let shift = self.rate_shift;
            self.counts.retain(|&unit, _| sampled_at(unit, shift));
        }
    }

    fn sampled(&self, unit: u64) -> bool {
        sampled_at(unit, self.rate_shift)
    }

    /// (share of accesses to the hottest 20 % of sampled units, fraction of units sampled).
    pub fn hot20_share(&self) -> (f64, f64) {
        let mut counts: Vec<u32> = self.counts.values().copied().collect();
        counts.sort_unstable_by(|a, b| b.cmp(a));
        let total: u64 = counts.iter().map(|&c| u64::from(c)).sum();
        let hot = counts.len().div_ceil(5);
        let hot_total: u64 = counts[..hot].iter().map(|&c| u64::from(c)).sum();
        let share = if total == 0 { 0.0 } else { hot_total as f64 / total as f64 };
        (share, 1.0 / (1u64 << self.rate_shift) as f64)
    }
}

fn sampled_at(unit: u64, shift: u32) -> bool {
    shift == 0 || mix(unit) >> (64 - shift) == 0
}

/// SplitMix64's finaliser: neighbouring units get unrelated hashes.
fn mix(mut x: u64) -> u64 {
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hot_share_exact_when_small() {
        let mut h = HotUnits::default();
        // 10 units: units 0 and 1 (the hottest 20 %) get 8 accesses each, 2..=9 get 2 each.
        for _ in 0..8 {
            h.touch(0, 1);
        }
        h.touch(2, 9);
        h.touch(2, 9);
        let (share, rate) = h.hot20_share();
        assert_eq!(rate, 1.0);
        assert!((share - 16.0 / 32.0).abs() < 1e-12, "{share}");
    }
}
