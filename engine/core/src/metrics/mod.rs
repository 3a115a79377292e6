//! What a run's measurements are made of: series with their axes and ids, the latency
//! timeline, the counters a device reports over time (`WindowCounters`) and how its writes
//! become write amplification. The run's recorder (`sim/recorder.rs`) fills them.

pub mod causes;
mod series;
pub(crate) mod timeline;
mod waf;

pub use causes::{Cause, Chain, Parts, Unbooked, CAUSES};
pub use series::{Axis, AxisId, LabelId, Series, SeriesRole, Unit};
pub use waf::{MediaWrites, SlotGeometry};

use serde::Serialize;
use ts_rs::TS;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    Read = 0,
    Write = 1,
    Trim = 2,
}

/// Latency percentiles of one kind of operation, microseconds.
#[derive(Clone, Debug, Default, PartialEq, Serialize, TS)]
#[ts(export)]
pub struct LatencySummary {
    pub count: f64,
    pub mean_us: f64,
    pub p50_us: f64,
    pub p99_us: f64,
    pub p999_us: f64,
    /// The 99.99th percentile: what enterprise spec sheets state QoS at.
    pub p9999_us: f64,
    pub max_us: f64,
}

impl LatencySummary {
    /// The percentiles of a histogram of nanoseconds; all zero if it is empty.
    pub fn of(h: &hdrhistogram::Histogram<u64>) -> LatencySummary {
        if h.is_empty() {
            return LatencySummary::default();
        }
        let us = |ns: u64| ns as f64 / 1000.0;
        LatencySummary {
            count: h.len() as f64,
            mean_us: h.mean() / 1000.0,
            p50_us: us(h.value_at_quantile(0.5)),
            p99_us: us(h.value_at_quantile(0.99)),
            p999_us: us(h.value_at_quantile(0.999)),
            p9999_us: us(h.value_at_quantile(0.9999)),
            max_us: us(h.max()),
        }
    }
}

/// What a NAND drive's translation layer draws: which mapping-cache tiers it has (a hit-ratio
/// line each), how its write counters convert to NAND space (WAF), and whether it has an SLC
/// cache (its size, contents and folding).
#[derive(Clone, Copy, Debug)]
pub struct FtlLines {
    pub map_tiers: [bool; 3],
    pub slot_geometry: SlotGeometry,
    pub slc_cache: bool,
    /// NVMe FDP's reclaim unit handles, each with a WAF line; 0 without FDP.
    pub placement_handles: u32,
}

/// What the drive has lines for: its translation layer's, a hybrid's tier, and the latency
/// causes it books (a bit per `Cause`).
#[derive(Clone, Copy, Debug)]
pub struct DriveLines {
    pub ftl: Option<FtlLines>,
    pub tier: bool,
    pub causes: u32,
}

/// Drive counters the recorder turns into rates over time (WAF, mapping-cache hits).
#[derive(Clone, Copy, Debug, Default)]
pub struct WindowCounters {
    pub writes: MediaWrites,
    /// Units moved by GC, and of them folded out of the SLC cache.
    pub gc_units: u64,
    pub folded_units: u64,
    /// Table lookups answered by SRAM, DRAM, HMB and NAND.
    pub lookups: [u64; 4],
    /// The SLC cache now: data in it and its size, 4 KiB units.
    pub slc_units: [u64; 2],
    /// A hybrid's tier: units read from the cache and from the backing tier, units
    /// promoted, and the data in the cache now.
    pub tier: [u64; 4],
    /// NVMe FDP: per reclaim unit handle, host units written through it and units
    /// programmed into its reclaim units (its host data and GC's copies); zeros without FDP.
    pub placement: PlacementCounts,
}

const HANDLES: usize = crate::scenario::MAX_FDP_HANDLES as usize;

#[derive(Clone, Copy, Debug, Default)]
pub struct PlacementCounts {
    pub host_units: [u64; HANDLES],
    pub nand_units: [u64; HANDLES],
}
