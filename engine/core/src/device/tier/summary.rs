//! A hybrid drive's own summary section: what its tier did in the run (each tier's media
//! contributes its own section).

use super::{HybridDrive, TierCounters};
use crate::units::MAPPING_UNIT_BYTES;
use serde::Serialize;
use ts_rs::TS;

#[derive(Clone, Debug, Default, PartialEq, Serialize, TS)]
#[ts(export)]
pub struct TierSummary {
    /// The share of units read that came from its cache tier.
    pub tier_read_hit_percent: f64,
    /// Data copied into the cache, written back from it to the backing tier and evicted from
    /// it in this run: amounts of the 1/scale drive, as host writes are.
    pub tier_promoted_bytes: f64,
    pub tier_written_back_bytes: f64,
    pub tier_evicted_bytes: f64,
    /// The data it holds at the end, a capacity: full-size bytes.
    pub tier_cached_bytes: f64,
}

impl<D: super::Serve> HybridDrive<D> {
    /// Its section for the run since its counters were `b`, the drive simulated at 1/`scale`.
    pub fn summary(&self, b: &TierCounters, scale: u32) -> TierSummary {
        let c = &self.counters;
        let bytes = |units: u64| (units * MAPPING_UNIT_BYTES) as f64;
        let (hits, misses) = (c.read_hit_units - b.read_hit_units, c.read_miss_units - b.read_miss_units);
        TierSummary {
            tier_read_hit_percent: if hits + misses > 0 { hits as f64 * 100.0 / (hits + misses) as f64 } else { 0.0 },
            tier_promoted_bytes: bytes(c.promoted_units - b.promoted_units),
            tier_written_back_bytes: bytes(c.written_back_units - b.written_back_units),
            tier_evicted_bytes: bytes(c.evicted_units - b.evicted_units),
            tier_cached_bytes: bytes(self.cached_units()) * scale as f64,
        }
    }
}
