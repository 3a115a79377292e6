//! Metrics gathered while a run proceeds: throughput per time window and per data written,
//! benchmark points, a per-operation latency timeline, WAF over time and latency
//! histograms. Memory is bounded by the number of chart points, not by the I/O count.

mod series;
mod timeline;

pub use series::{Axis, Series};

use crate::host::plan::{Plan, Point};
use crate::units::Nanos;
use hdrhistogram::Histogram;
use serde::Serialize;
use timeline::LatencyTimeline;
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
    pub max_us: f64,
}

/// Drive counters the recorder turns into rates over time (WAF, mapping-cache hits).
#[derive(Clone, Copy, Debug, Default)]
pub struct WindowCounters {
    pub host_units: u64,
    /// NAND space written for host data and GC copies, in slots (4 KiB): compressed data
    /// takes less than one slot a unit.
    pub nand_slots: f64,
    pub gc_units: u64,
    /// Table lookups answered by SRAM, DRAM, HMB and NAND.
    pub lookups: [u64; 4],
}

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
    window: u64,
    written: u64,
    next_edge: u64,
    edge_time: Nanos,
    scale: f64,
}

pub(crate) struct Recorder {
    window_ns: Nanos,
    /// End of the time window currently being filled.
    window_end: Nanos,
    window_bytes: [u64; 2],
    window_start_counters: WindowCounters,
    /// Index into `series` of the read and write throughput-over-time lines.
    time_series: [Option<usize>; 2],
    waf_series: Option<usize>,
    /// GC's copy rate: units moved per second of each window, as MB/s.
    gc_series: Option<usize>,
    /// Hit-ratio series per mapping tier (SRAM, DRAM, HMB, NAND = miss).
    map_series: [Option<usize>; 4],
    bytes_window: Option<BytesWindow>,
    timeline: Option<LatencyTimeline>,
    pub series: Vec<Series>,
    latency: [Histogram<u64>; 2],
    pub bytes: [u64; 3],
    pub ios: [u64; 3],
}

impl Recorder {
    /// `scale` multiplies byte-valued x axes back to the full-size drive.
    /// `map_tiers`: which mapping-cache tiers the drive has, for hit-ratio lines.
    pub fn new(plan: &Plan, window_ns: Nanos, reads: bool, writes: bool, scale: f64, map_tiers: [bool; 3]) -> Recorder {
        let mut series = plan.series.clone();
        let mut add = |s: Series| {
            series.push(s);
            series.len() - 1
        };
        let timeline = plan.latency_group.map(|group| {
            let i = add(Series::new("latency_trace", "Latency per operation", Axis::new("Operation", "#"), Axis::new("Latency", "ms")));
            LatencyTimeline::new(i, group)
        });
        let bytes_window = plan.bytes_window.map(|window| {
            let i = add(Series::new("throughput_vs_written", "Write", Axis::new("Data written", "GB"), Axis::new("Throughput", "MB/s")));
            BytesWindow { series: i, window, written: 0, next_edge: window, edge_time: 0, scale }
        });
        let time = || Axis::new("Time", "s");
        let tput = || Axis::new("Throughput", "MB/s");
        let read_series = reads.then(|| add(Series::new("read_throughput", "Read", time(), tput())));
        let write_series = writes.then(|| add(Series::new("write_throughput", "Write", time(), tput())));
        let waf_series = writes.then(|| add(Series::new("waf", "Write amplification", time(), Axis::new("WAF", "x"))));
        let gc_series = writes.then(|| add(Series::new("gc_throughput", "GC copies", time(), Axis::new("GC copy rate", "MB/s"))));
        let hits = || Axis::new("Table lookups", "%");
        let mut map_series = [None; 4];
        for (i, (id, label)) in
            [("map_hit_sram", "SRAM"), ("map_hit_dram", "DRAM"), ("map_hit_hmb", "HMB"), ("map_miss", "NAND (miss)")].into_iter().enumerate()
        {
            // A tier the drive lacks gets no line; a drive whose DRAM holds the whole table
            // never misses, and its line is flat at 100 %, which is the point.
            if i == 3 || map_tiers[i] {
                map_series[i] = Some(add(Series::new(id, label, time(), hits())));
            }
        }
        // 1 ns .. 1000 s at 3 significant digits: exact enough for p99.9 of a µs-scale drive.
        let hist = || Histogram::new_with_bounds(1, 1_000_000_000_000, 3).expect("static bounds are valid");
        Recorder {
            window_ns: window_ns.max(1),
            window_end: window_ns.max(1),
            window_bytes: [0; 2],
            window_start_counters: WindowCounters::default(),
            time_series: [read_series, write_series],
            waf_series,
            gc_series,
            map_series,
            bytes_window,
            timeline,
            series,
            latency: [hist(), hist()],
            bytes: [0; 3],
            ios: [0; 3],
        }
    }

    /// Records one finished command. Completions arrive in time order, after `advance`.
    pub fn complete(&mut self, op: Op, bytes: u64, issued: Nanos, done: Nanos) {
        let o = op as usize;
        self.bytes[o] += bytes;
        self.ios[o] += 1;
        if op == Op::Trim {
            return;
        }
        self.window_bytes[o] += bytes;
        let latency = (done - issued).max(1);
        self.latency[o].saturating_record(latency);
        if let Some(t) = &mut self.timeline {
            t.record(latency, &mut self.series);
        }
        if op == Op::Write {
            if let Some(w) = &mut self.bytes_window {
                w.written += bytes;
                while w.written >= w.next_edge {
                    let mbps = mb_per_s(w.window, done - w.edge_time);
                    self.series[w.series].points.push([w.next_edge as f64 * w.scale / 1e9, mbps]);
                    w.edge_time = done;
                    w.next_edge += w.window;
                }
            }
        }
    }

    /// Emits a point for every time window that ended at or before `t`.
    pub fn advance(&mut self, t: Nanos, counters: WindowCounters) {
        while t >= self.window_end {
            self.emit_window(self.window_end, self.window_ns, counters);
            self.window_end += self.window_ns;
        }
    }

    /// A benchmark phase ended: its throughput becomes one point of the benchmark's chart.
    pub fn phase_point(&mut self, point: Point, bytes: u64, duration: Nanos) {
        self.series[point.series].points.push([point.x, mb_per_s(bytes, duration)]);
    }

    /// Emits the last, possibly shorter window ending at `end`. A sliver under a tenth of a
    /// window (rounding of the window width) would read as a spurious dip, so it is dropped.
    pub fn finish(&mut self, end: Nanos, counters: WindowCounters) {
        self.advance(end, counters);
        let start = self.window_end - self.window_ns;
        if end > start && (end - start) * 10 >= self.window_ns {
            self.emit_window(end, end - start, counters);
        }
        if let Some(t) = &mut self.timeline {
            t.flush(&mut self.series);
        }
        self.add_latency_cdfs();
    }

    /// Latency distribution of each operation kind as a CDF: x = latency, y = share of
    /// operations at or below it. Quantiles spaced evenly, then ever finer into the tail so
    /// p99.9 and the maximum stay visible.
    fn add_latency_cdfs(&mut self) {
        for (op, id, label) in [(Op::Read, "latency_cdf_read", "Read"), (Op::Write, "latency_cdf_write", "Write")] {
            let h = &self.latency[op as usize];
            if h.is_empty() {
                continue;
            }
            let mut s = Series::new(id, label, Axis::new("Latency", "µs"), Axis::new("Operations at or below", "%"));
            let mut quantiles: Vec<f64> = (0..=98).map(|i| i as f64 / 100.0).collect();
            quantiles.extend([0.99, 0.995, 0.999, 0.9995, 0.9999, 1.0]);
            for q in quantiles {
                s.points.push([h.value_at_quantile(q) as f64 / 1000.0, q * 100.0]);
            }
            self.series.push(s);
        }
    }

    fn emit_window(&mut self, end: Nanos, width: Nanos, counters: WindowCounters) {
        let x = end as f64 / 1e9;
        for o in 0..2 {
            if let Some(i) = self.time_series[o] {
                self.series[i].points.push([x, mb_per_s(self.window_bytes[o], width)]);
            }
            self.window_bytes[o] = 0;
        }
        let start = self.window_start_counters;
        if let Some(i) = self.waf_series {
            let host = counters.host_units - start.host_units;
            if host > 0 {
                self.series[i].points.push([x, (counters.nand_slots - start.nand_slots) / host as f64]);
            }
        }
        if let Some(i) = self.gc_series {
            let moved = counters.gc_units - start.gc_units;
            self.series[i].points.push([x, mb_per_s(moved * crate::units::MAPPING_UNIT_BYTES, width)]);
        }
        let lookups: Vec<u64> = (0..4).map(|t| counters.lookups[t] - start.lookups[t]).collect();
        let total: u64 = lookups.iter().sum();
        if total > 0 {
            for (t, series) in self.map_series.iter().enumerate() {
                if let Some(i) = *series {
                    self.series[i].points.push([x, lookups[t] as f64 * 100.0 / total as f64]);
                }
            }
        }
        self.window_start_counters = counters;
    }

    pub fn latency(&self, op: Op) -> LatencySummary {
        let h = &self.latency[op as usize];
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
            max_us: us(h.max()),
        }
    }
}
