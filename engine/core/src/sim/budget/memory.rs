//! An upper bound on the heap a run allocates, before it starts: the drive's maps and
//! per-block state, the hardware's timelines, the mapping cache, the metric series (their
//! points decided by `sim/window.rs` and the plan), histograms and the event queue.

use crate::controller::{calendar, plane_timeline};
use crate::ftl::cost_benefit::CostBenefit;
use crate::host::plan::Plan;
use crate::media::Geometry;
use crate::scenario::{GcPolicy, Rw, Scenario};
use crate::sim::{time_points_bound, TimeWindow};
use crate::units::MAPPING_UNIT_BYTES;

/// Bytes one chart point may cost: 16 in its series, up to as much again while the vector
/// grows, 16 in a report's copy, and up to 112 as JSON text (two f64 of up to 24
/// characters and punctuation, in a string that may double while it grows).
const POINT_BYTES: u64 = 160;

/// Per series: id, label and axis strings, categories.
const SERIES_BYTES: u64 = 2048;

/// The scenario's copies (scaled, validated), the plan's jobs, the summary and what the
/// allocator rounds up: small, charged once.
const FIXED_BYTES: u64 = 1 << 20;

/// Points of the two latency CDFs and histograms (see `Recorder::add_latency_cdfs`; a
/// histogram has 8 bins per doubling over at most 40 doublings of nanoseconds).
const CDF_POINTS: u64 = 2 * 105 + 2 * (8 * 40 + 1);

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Memory {
    /// Maps, per-block and per-plane state, timelines, buffers, mapping cache.
    pub drive_bytes: u64,
    /// Series points, histograms and the event queue.
    pub metrics_bytes: u64,
}

impl Memory {
    pub fn total(&self) -> u64 {
        self.drive_bytes.saturating_add(self.metrics_bytes).saturating_add(FIXED_BYTES)
    }
}

pub(crate) fn drive_bytes(s: &Scenario, geo: &Geometry) -> u64 {
    let d = &s.device;
    let sectors = if d.controller.compression { crate::controller::COMPRESSION_SECTORS as u64 } else { 1 };
    let (units, slots, blocks, planes) = (geo.user_units as u64, geo.slots as u64, geo.blocks as u64, geo.planes as u64);
    // L2P, P2L (a unit per sector of a slot), and each unit's compressed size.
    let maps = 4 * units + 4 * slots * sectors + if sectors > 1 { units } else { 0 };
    // erased, valid, write pointer, state, erase count, closed at, victim-bucket links
    // (30 bytes), the free pool (24 with dynamic wear levelling, else 4 doubling), the FIFO
    // queue (4, doubling) and the block map a caller may take (9).
    let per_block = 80 * blocks;
    // Cost-benefit's search trees.
    let cost_benefit = if d.gc.policy == GcPolicy::CostBenefit { CostBenefit::bytes(planes, geo.blocks_per_plane as u64) } else { 0 };
    // Victim buckets: one head per valid count per plane.
    let buckets = 4 * planes * (geo.slots_per_block as u64 * sectors + 1);
    // Each plane's busy intervals (a deque that may double), GC and frontier state.
    let per_plane = planes * (32 * plane_timeline::intervals_per_plane(geo.planes) as u64 + 256);
    let calendars = (d.nand.channels as u64 + 2) * (calendar::HEAP_BYTES + 64);
    let buffer_units = (d.controller.write_buffer.0 / MAPPING_UNIT_BYTES).max(2 * geo.slots_per_page as u64);
    let buffer = 16 * buffer_units;
    // Mapping cache: tier, LRU links, dirty flag and dirty-LRU links per segment.
    let segments = units.div_ceil(d.mapping.entries_per_segment(geo.page_bytes) as u64);
    let cache = 18 * segments;
    maps + per_block + cost_benefit + buckets + per_plane + calendars + buffer + cache
}

/// A 3D XPoint SSD keeps no maps: its ranks' free times, and calendars for the channels and
/// the link.
pub(crate) fn xpoint_drive_bytes(s: &Scenario) -> u64 {
    8 * s.device.xpoint.dies_per_channel as u64 + 3 * (calendar::HEAP_BYTES + 64) + 1024
}

/// A hard disk: its zones' rates, the dirty data waiting for the platters (an entry per
/// write at most, a unit each at least) and calendars for the link.
pub(crate) fn hdd_drive_bytes(s: &Scenario) -> u64 {
    let h = &s.device.hdd;
    8 * h.zones as u64 + 16 * (h.cache_bytes.0 / MAPPING_UNIT_BYTES + 1) + 2 * (calendar::HEAP_BYTES + 64) + 1024
}

/// Bytes of the latency histograms (1 ns .. 1000 s at 3 significant digits), measured
/// once: validation asks for a budget on every edit of a scenario.
fn histogram_bytes() -> u64 {
    static BYTES: std::sync::OnceLock<u64> = std::sync::OnceLock::new();
    *BYTES.get_or_init(|| {
        let h = hdrhistogram::Histogram::<u64>::new_with_bounds(1, 1_000_000_000_000, 3).expect("static bounds are valid");
        2 * 8 * h.distinct_values() as u64 + 1024
    })
}

/// Series, histograms and the event queue for `plan` run with time windows of `window`
/// for at most `duration_ns`.
pub(crate) fn metrics_bytes(s: &Scenario, plan: &Plan, window: TimeWindow, duration_ns: u64) -> u64 {
    let reads = plan.phases.iter().any(|p| matches!(p.job.rw, Rw::Read | Rw::Randread | Rw::Rw | Rw::Randrw));
    let writes = plan.phases.iter().any(|p| matches!(p.job.rw, Rw::Write | Rw::Randwrite | Rw::Rw | Rw::Randrw));
    let m = &s.device.mapping;
    let map_tiers = 1 + [m.sram_bytes.0 > 0, m.dram_bytes.0 > 0, m.hmb.table_bytes() > 0].iter().filter(|&&t| t).count() as u64;
    // read throughput; write throughput, waf, waf_window, gc; a line per mapping tier.
    // A hybrid's tier: reads from the cache, promotions, data cached.
    let tier = 3 * (s.device.kind == crate::scenario::DeviceKind::Hybrid) as u64;
    let time_series = reads as u64 + 4 * writes as u64 + map_tiers + tier;
    let mut points = time_series * time_points_bound(window.width_ns, duration_ns);
    let mut series = time_series + plan.series.len() as u64 + 3;
    // A point per benchmark phase.
    points += plan.phases.len() as u64;
    if let Some(window) = plan.bytes_window {
        let job = &plan.phases[0].job;
        points += (job.io_size.0 + job.bs.0) / window.max(1) + 2;
        series += 1;
    }
    if let Some(group) = plan.latency_group {
        let job = &plan.phases[0].job;
        let user_bytes = s.device.user_bytes().unwrap_or(0);
        points += job.commands_for_io(user_bytes).unwrap_or(0) / group.max(1) + 2;
        series += 1;
    }
    points += CDF_POINTS;
    // The event heap (a slot each, may double) and the slots, old and new while a phase
    // starts.
    let depth = plan.phases.iter().map(|p| p.job.iodepth as u64 * p.job.numjobs.max(1) as u64).max().unwrap_or(1);
    let events = depth * (2 * 16 + 2 * 32);
    points.saturating_mul(POINT_BYTES).saturating_add(series * SERIES_BYTES).saturating_add(histogram_bytes()).saturating_add(events)
}
