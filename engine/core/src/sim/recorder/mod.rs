//! Metrics gathered while a run proceeds: throughput per time window and per data written,
//! benchmark points, a per-operation latency timeline, WAF over time and latency
//! histograms. Memory is bounded by the number of chart points, not by the I/O count.

use crate::host::plan::{Plan, Point};
use crate::metrics::timeline::LatencyTimeline;
use crate::metrics::{Axis, AxisId, Cause, DriveLines, LabelId, LatencySummary, Op, Parts, Series, SeriesRole, SlotGeometry, Unit, WindowCounters, CAUSES};
use crate::resolve::window::{TimeWindow, MAX_TIME_WINDOWS};
use crate::units::Nanos;
use causes::CauseRecorder;
pub use causes::{Band, LatencyCauses, OpCauses, SlowCommand};
use hdrhistogram::Histogram;
use lines::{over_time, throughput, FtlSeries, Lines};

mod causes;
mod distribution;
mod lines;
mod windows;

const MB: f64 = 1_000_000.0;

fn mb_per_s(bytes: u64, ns: Nanos) -> f64 {
    if ns == 0 {
        0.0
    } else {
        bytes as f64 / MB / (ns as f64 / 1e9)
    }
}

/// Throughput against data written: one point each time another `window` bytes complete.
struct BytesWindow {
    series: usize,
    /// The SLC cache's data and size at each point, when the drive has one.
    slc_series: Option<[usize; 2]>,
    /// The SLC cache's data and size (4 KiB units), noted by the run loop before a
    /// completion that reaches a point.
    slc_units: [u64; 2],
    window: u64,
    written: u64,
    next_edge: u64,
    edge_time: Nanos,
    scale: f64,
}

pub(crate) struct Recorder {
    window_ns: Nanos,
    /// Windows drawn so far, and the count at which the width next doubles (see
    /// `sim/window.rs`): a long run's series grow with the logarithm of its duration.
    windows: u64,
    double_at: u64,
    /// Points a time series may hold (see `resolve/window.rs`).
    max_points: u64,
    /// The width asked for was widened before the run (see `resolve/window.rs`).
    widened_before_run: bool,
    /// Width of the last window drawn, and the width the run started with.
    drawn_width_ns: Nanos,
    first_width_ns: Nanos,
    /// End of the time window currently being filled.
    window_end: Nanos,
    window_bytes: [u64; 2],
    window_start_counters: WindowCounters,
    /// Counters when the workload started (after preconditioning): the cumulative WAF's base.
    run_start_counters: WindowCounters,
    slot_geometry: SlotGeometry,
    /// Index into `series` of the read and write throughput-over-time lines.
    time_series: [Option<usize>; 2],
    /// Write amplification since the run started, and per window.
    waf_series: Option<usize>,
    waf_window_series: Option<usize>,
    /// NVMe FDP: each handle's WAF since the run started (first line, handles).
    placement_series: Option<(usize, u32)>,
    /// GC's copy rate: units moved per second of each window, as MB/s; and folding's.
    gc_series: Option<usize>,
    fold_series: Option<usize>,
    /// The SLC cache's data and size at the end of each window.
    slc_series: Option<[usize; 2]>,
    /// The drive was simulated at 1/scale: capacities are drawn at full size.
    scale: f64,
    /// Hit-ratio series per mapping tier (SRAM, DRAM, HMB, NAND = miss).
    map_series: [Option<usize>; 4],
    /// A hybrid's tier: reads from the cache (% per window), promotion rate, data cached.
    tier_series: Option<[usize; 3]>,
    bytes_window: Option<BytesWindow>,
    /// The benchmark lines a later phase may better (`Point::best_of`): their newest point
    /// is not final until the run is (`settled_points`).
    bettered: Vec<usize>,
    timeline: Option<LatencyTimeline>,
    pub series: Vec<Series>,
    latency: [Histogram<u64>; 2],
    causes: CauseRecorder,
    pub bytes: [u64; 3],
    pub ios: [u64; 3],
}

impl Recorder {
    /// `scale` multiplies byte-valued x axes back to the full-size drive.
    /// `ftl`: the NAND drive's translation layer, whose WAF, GC, table and SLC cache get
    /// lines; media written in place has none.
    /// `tier`: the drive is a hybrid, whose cache tier gets lines.
    pub fn new(plan: &Plan, window: TimeWindow, reads: bool, writes: bool, scale: f64, drive: DriveLines) -> Recorder {
        let DriveLines { ftl, tier, causes } = drive;
        let slot_geometry = ftl.map_or(SlotGeometry { sectors_per_slot: 1, slots_per_page: 1 }, |f| f.slot_geometry);
        let slc_cache = ftl.is_some_and(|f| f.slc_cache);
        let window_ns = window.width_ns;
        // Series are added in the report's order: the workload's own, then rates over time.
        let mut lines = Lines(plan.series.clone());
        let timeline = plan.latency_group.map(|group| {
            let x = Axis::new(AxisId::Operation, Unit::Count);
            let i = lines.add(Series::new("latency_trace", SeriesRole::Headline, LabelId::LatencyPerOperation, x, Axis::new(AxisId::Latency, Unit::Ms)));
            LatencyTimeline::new(i, group)
        });
        let bytes_window = plan.bytes_window.map(|window| BytesWindow::new(&mut lines, window, slc_cache, scale));
        let read_series = reads.then(|| lines.add(over_time("read_throughput", SeriesRole::Throughput, LabelId::Read, throughput())));
        let write_series = writes.then(|| lines.add(over_time("write_throughput", SeriesRole::Throughput, LabelId::Write, throughput())));
        let f = FtlSeries::new(&mut lines, ftl, writes);
        let tier_series = tier.then(|| {
            [
                lines.add(over_time("tier_read_hits", SeriesRole::Tier, LabelId::CacheHits, Axis::new(AxisId::ReadsFromCache, Unit::Percent))),
                lines.add(over_time("tier_promotions", SeriesRole::Tier, LabelId::Promotions, Axis::new(AxisId::PromotionRate, Unit::MbPerS))),
                lines.add(over_time("tier_cached", SeriesRole::Tier, LabelId::CachedData, Axis::new(AxisId::CacheTier, Unit::Gb))),
            ]
        });
        // The worst operation's latency parts beside each latency-trace point.
        let timeline = timeline.map(|t| {
            let x = || Axis::new(AxisId::Operation, Unit::Count);
            let lines = Cause::ALL.into_iter().filter(|c| causes & (1 << *c as u32) != 0).map(|c| {
                let mut s = Series::new(
                    &format!("latency_cause.{}", c.id()),
                    SeriesRole::LatencyCause,
                    LabelId::LatencyCause,
                    x(),
                    Axis::new(AxisId::Latency, Unit::Ms),
                );
                s.label = c.english().into();
                (lines.add(s), c)
            });
            t.with_causes(lines.collect())
        });
        let series = lines.0;
        let mut bettered: Vec<usize> = plan.phases.iter().filter_map(|p| p.point.filter(|p| p.best_of).map(|p| p.series)).collect();
        bettered.sort_unstable();
        bettered.dedup();
        // 1 ns .. 1000 s at 3 significant digits: exact enough for p99.9 of a µs-scale drive.
        let hist = || Histogram::new_with_bounds(1, 1_000_000_000_000, 3).expect("static bounds are valid");
        Recorder {
            window_ns: window_ns.max(1),
            windows: 0,
            double_at: MAX_TIME_WINDOWS,
            widened_before_run: window.widened,
            max_points: window.max_points,
            drawn_width_ns: window_ns.max(1),
            first_width_ns: window_ns.max(1),
            window_end: window_ns.max(1),
            window_bytes: [0; 2],
            window_start_counters: WindowCounters::default(),
            run_start_counters: WindowCounters::default(),
            slot_geometry,
            time_series: [read_series, write_series],
            waf_series: f.waf,
            waf_window_series: f.waf_window,
            placement_series: f.placement,
            gc_series: f.gc,
            fold_series: f.fold,
            slc_series: f.slc,
            scale,
            map_series: f.map,
            tier_series,
            bytes_window,
            bettered,
            timeline,
            series,
            latency: [hist(), hist()],
            causes: CauseRecorder::new(causes),
            bytes: [0; 3],
            ios: [0; 3],
        }
    }

    /// The workload starts (preconditioning is done): rates over time count from here.
    pub fn start(&mut self, counters: WindowCounters) {
        self.run_start_counters = counters;
        self.window_start_counters = counters;
    }

    /// The automatic width, known before the workload starts: a trace's, from the pass over
    /// it (`host::TraceExtent`).
    pub fn set_width(&mut self, width_ns: Nanos) {
        debug_assert_eq!(self.windows, 0, "before the first window");
        let w = width_ns.max(1);
        (self.window_ns, self.drawn_width_ns, self.first_width_ns, self.window_end) = (w, w, w, w);
    }

    /// Records one finished command, `parts` its latency split by cause (none in a run
    /// that books no causes). Completions arrive in time order, after `advance`.
    pub fn complete(&mut self, op: Op, bytes: u64, issued: Nanos, done: Nanos, parts: Option<&Parts>) {
        let o = op as usize;
        self.bytes[o] += bytes;
        self.ios[o] += 1;
        if op == Op::Trim {
            return;
        }
        self.window_bytes[o] += bytes;
        let latency = (done - issued).max(1);
        self.latency[o].saturating_record(latency);
        if let Some(parts) = parts {
            self.causes.record(op, issued, done - issued, (bytes / crate::units::MAPPING_UNIT_BYTES) as u32, parts);
        }
        if let Some(t) = &mut self.timeline {
            t.record(latency, parts.map_or(&[0; CAUSES], |p| &p.ns), &mut self.series);
        }
        if op == Op::Write {
            if let Some(w) = &mut self.bytes_window {
                w.written += bytes;
                while w.written >= w.next_edge {
                    let mbps = mb_per_s(w.window, done - w.edge_time);
                    let x = w.next_edge as f64 * w.scale / 1e9;
                    self.series[w.series].points.push([x, mbps]);
                    if let Some(lines) = w.slc_series {
                        for (i, units) in lines.into_iter().zip(w.slc_units) {
                            self.series[i].points.push([x, (units * crate::units::MAPPING_UNIT_BYTES) as f64 * w.scale / 1e9]);
                        }
                    }
                    w.edge_time = done;
                    w.next_edge += w.window;
                }
            }
        }
    }

    /// True if completing a write of `bytes` reaches a point of the data-written chart that
    /// also draws the SLC cache: the run loop then notes the cache with `note_slc_cache`.
    #[inline]
    pub fn slc_point_due(&self, op: Op, bytes: u64) -> bool {
        op == Op::Write && self.bytes_window.as_ref().is_some_and(|w| w.slc_series.is_some() && w.written + bytes >= w.next_edge)
    }

    pub fn note_slc_cache(&mut self, units: [u64; 2]) {
        if let Some(w) = &mut self.bytes_window {
            w.slc_units = units;
        }
    }

    /// Where the run is at `t` on every axis a snapshot is found by; `point`: the phase's.
    pub fn at(&self, t: Nanos, point: Option<(usize, f64)>) -> super::At {
        let (bytes, ios) = (&self.bytes, &self.ios);
        super::At {
            time_ns: t,
            written_bytes: bytes[Op::Write as usize],
            read_bytes: bytes[Op::Read as usize],
            ops: ios[Op::Read as usize] + ios[Op::Write as usize],
            point,
        }
    }

    /// Points on the axis snapshots follow (`sim/snapshots.rs`) so far; phases' points are
    /// counted by the run loop, which ends the phases.
    #[inline]
    pub fn axis_points(&self, driver: super::Driver) -> u64 {
        match driver {
            super::Driver::Time => self.windows,
            super::Driver::Written => self.bytes_window.as_ref().map_or(0, |w| self.series[w.series].points.len() as u64),
            super::Driver::Ops => self.timeline.as_ref().map_or(0, |t| self.series[t.series()].points.len() as u64),
            super::Driver::Points => 0,
        }
    }

    /// A benchmark phase ended: its throughput becomes one point of the benchmark's chart.
    /// A repeat of the same test (`best_of`) keeps the better of the two, as CrystalDiskMark
    /// reports the best of its runs.
    pub fn phase_point(&mut self, point: Point, bytes: u64, duration: Nanos) {
        let y = mb_per_s(bytes, duration);
        let points = &mut self.series[point.series].points;
        match points.last_mut() {
            Some(last) if point.best_of => last[1] = last[1].max(y),
            _ => points.push([point.x, y]),
        }
    }

    /// Emits the last, possibly shorter window ending at `end`, unless `close_windows` has
    /// (the host stopped issuing earlier). A partial window is averaged over its own width;
    /// a sliver under a tenth of a window (rounding of the window width) would read as a
    /// spurious dip or spike, so its throughput joins the last window drawn, which is
    /// stretched to cover it.
    pub fn finish(&mut self, end: Nanos, counters: WindowCounters) {
        self.close_windows(end, counters);
        self.finish_cumulative_waf(end, counters);
        if let Some(t) = &mut self.timeline {
            t.flush(&mut self.series);
        }
        for op in [Op::Read, Op::Write] {
            let h = &self.latency[op as usize];
            if !h.is_empty() {
                self.series.push(distribution::cdf(h, op));
            }
        }
        for op in [Op::Read, Op::Write] {
            let h = &self.latency[op as usize];
            if !h.is_empty() {
                self.series.push(distribution::histogram(h, op));
            }
        }
    }

    /// Commands whose latency parts did not add up to their latency (`CauseRecorder`).
    pub fn unbalanced_latency_parts(&self) -> u64 {
        self.causes.unbalanced
    }

    /// Where the run's latency went, by cause.
    pub fn latency_causes(&self) -> LatencyCauses {
        self.causes.document(|op, q| self.latency[op as usize].value_at_quantile(q))
    }

    pub fn latency(&self, op: Op) -> LatencySummary {
        LatencySummary::of(&self.latency[op as usize])
    }
}
