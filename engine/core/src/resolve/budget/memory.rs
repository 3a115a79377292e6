//! The heap a run allocates, before it starts: the drive's maps and per-block state, the
//! hardware's timelines, the mapping cache, the metric series (their points decided by
//! `resolve/window.rs` and the plan), histograms and the event queue. Each part twice: an upper
//! bound, which admits or refuses the run, and what a run typically takes, which the page
//! shows before it starts. Most of a drive's memory is known exactly (its maps and
//! per-block state); what only has a worst case (a plane's queue of operations, every chart
//! point at its longest JSON) is bounded by that and expected at what runs take.

pub(crate) use crate::device::Footprint;
use crate::host::plan::Plan;
use crate::resolve::window::TimeWindow;
use crate::scenario::{Rw, Scenario};

/// Bytes one chart point may cost: 16 in its series, up to as much again while the vector
/// grows, 16 in a report's copy, and up to 112 as JSON text (two f64 of up to 24
/// characters and punctuation, in a string that may double while it grows).
const POINT_BYTES: u64 = 160;

/// Per series: id, label and axis strings, categories.
const SERIES_BYTES: u64 = 2048;

/// The scenario's copies (scaled, validated), the plan's jobs, the summary and what the
/// allocator rounds up: small, charged once. It also stands for the engine's own memory in
/// the browser (its static data and stack, about 1 MiB of the worker's wasm memory).
const FIXED_BYTES: u64 = 1 << 20;

/// Points of the two latency CDFs and histograms (see `Recorder::add_latency_cdfs`; a
/// histogram has 8 bins per doubling over at most 40 doublings of nanoseconds).
const CDF_POINTS: u64 = 2 * 105 + 2 * (8 * 40 + 1);

/// Points a time series typically draws (see `metrics_bytes`).
const TYPICAL_TIME_POINTS: u64 = 2_000;
/// A point typically: 16 bytes in its series and 40 as the report's JSON text.
const TYPICAL_POINT_BYTES: u64 = 56;
/// A series' id, labels and axes typically.
const TYPICAL_SERIES_BYTES: u64 = 256;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Memory {
    /// Maps, per-block and per-plane state, timelines, buffers, mapping cache.
    pub drive: Footprint,
    /// Series points, histograms and the event queue.
    pub metrics: Footprint,
}

impl Memory {
    pub fn total(&self) -> Footprint {
        self.drive + self.metrics + Footprint::exact(FIXED_BYTES)
    }
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

/// Series, histograms and the event queue for `plan`: a time series at its cap
/// (`window.max_points`: the run stops there, see `sim/ceiling.rs`).
pub(crate) fn metrics_bytes(s: &Scenario, plan: &Plan, window: TimeWindow, user_bytes: u64) -> Footprint {
    let reads = plan.phases.iter().any(|p| matches!(p.job.rw, Rw::Read | Rw::Randread | Rw::Rw | Rw::Randrw));
    let writes = plan.phases.iter().any(|p| matches!(p.job.rw, Rw::Write | Rw::Randwrite | Rw::Rw | Rw::Randrw));
    let m = &s.device.mapping;
    // Only a drive with NAND has a mapping table (a hybrid may have a NAND tier).
    let kinds = [s.device.kind, s.device.tier.cache, s.device.tier.backing];
    let nand = kinds[..if s.device.kind == crate::scenario::DeviceKind::Hybrid { 3 } else { 1 }].contains(&crate::scenario::DeviceKind::NandSsd);
    let map_tiers = if nand { 1 + [m.sram_bytes.0 > 0, m.dram_bytes.0 > 0, m.hmb.table_bytes() > 0].iter().filter(|&&t| t).count() as u64 } else { 0 };
    // read throughput; write throughput, waf, waf_window, gc; a line per mapping tier.
    // A hybrid's tier: reads from the cache, promotions, data cached.
    let tier = 3 * (s.device.kind == crate::scenario::DeviceKind::Hybrid) as u64;
    let time_series = reads as u64 + 4 * writes as u64 + map_tiers + tier;
    let time_points = time_series * window.max_points;
    // A time series' windows are sized for about 200 over the run at the hardware's best
    // (`resolve/window.rs`); runs go a few times slower (GC, a full cache): a few hundred to a
    // few thousand points are typical.
    let typical_time_points = time_points.min(time_series * TYPICAL_TIME_POINTS);
    let mut points = 0;
    let mut series = time_series + plan.series.len() as u64 + 3;
    // A point per benchmark phase.
    points += plan.phases.len() as u64;
    if let Some(window) = plan.bytes_window {
        let job = &plan.phases[0].job;
        points += (job.io_size.0 + job.bs.0) / window.max(1) + 2;
        series += 1;
    }
    // Points only the bound counts.
    let mut most_points = 0;
    if let Some(group) = plan.latency_group {
        // The trace, and beside it a line per latency cause the drive books: every cause at
        // most, as many as its kind typically has expected.
        let job = &plan.phases[0].job;
        let trace = job.commands_for_io(user_bytes).unwrap_or(0) / group.max(1) + 2;
        let (most, typical) = (crate::metrics::CAUSES as u64, typical_cause_lines(s));
        points += (1 + typical) * trace;
        most_points += (most - typical) * trace;
        series += 1 + most;
    }
    points += CDF_POINTS;
    // The event heap (a slot each, may double) and the slots (a command's latency parts
    // each), old and new while a phase starts.
    // Tenants run side by side: their queues add up, and each keeps two histograms of its own.
    let depth = plan
        .phases
        .iter()
        .map(|p| match p.tenants.is_empty() {
            true => p.job.iodepth as u64 * p.job.numjobs.max(1) as u64,
            false => p.tenants.iter().map(|t| t.job.iodepth as u64).sum(),
        })
        .max()
        .unwrap_or(1);
    let events = depth * (2 * 16 + 2 * (32 + 8 * crate::metrics::CAUSES as u64 + 8));
    let tenants = plan.phases.iter().map(|p| p.tenants.len() as u64).max().unwrap_or(0);
    // A power cut on a NAND drive records each acknowledged write and each booked batch not
    // yet on NAND (`sim::power_cut`): up to the buffer's units and the queue, in rings that
    // may double once under a slow program.
    let cut = s.device.kind == crate::scenario::DeviceKind::NandSsd && plan.phases.iter().any(|p| p.job.power_cut_s > 0.0);
    let n = &s.device.nand;
    let paired = n.paired_page_loss && !n.one_shot && n.cell.bits_per_cell() > 1;
    let cut_bytes = if cut { crate::controller::buffer::WriteBuffer::power_cut_bytes(buffer_units_at_most(s), depth, paired) } else { 0 };
    let fixed = histogram_bytes().saturating_add(events).saturating_add(tenants * 2 * crate::host::tenants::histogram_bytes()).saturating_add(cut_bytes);
    let causes = crate::metrics::causes::RECORDER_BYTES;
    Footprint {
        bound: (points + most_points + time_points)
            .saturating_mul(POINT_BYTES)
            .saturating_add(series * SERIES_BYTES)
            .saturating_add(fixed + cut_bytes + crate::metrics::causes::RECORDER_BYTES_MOST),
        expected: (points + typical_time_points)
            .saturating_mul(TYPICAL_POINT_BYTES)
            .saturating_add(series * TYPICAL_SERIES_BYTES)
            .saturating_add(fixed + causes),
    }
}

/// The write buffer's units at most without the geometry (`WriteBuffer::units_of`: two
/// programs' worth at least, and a program is at most 4 pages).
fn buffer_units_at_most(s: &Scenario) -> u64 {
    let unit = crate::units::MAPPING_UNIT_BYTES;
    (s.device.controller.write_buffer.0 / unit).max(2 * 4 * (s.device.nand.page_bytes as u64).div_ceil(unit))
}

/// Latency causes a drive of the scenario's kind typically books (`DeviceModel::causes`).
fn typical_cause_lines(s: &Scenario) -> u64 {
    use crate::scenario::DeviceKind;
    match s.device.kind {
        DeviceKind::NandSsd => 16,
        DeviceKind::XpointSsd => 8,
        DeviceKind::Hdd => 9,
        DeviceKind::Hybrid => 20,
    }
}
