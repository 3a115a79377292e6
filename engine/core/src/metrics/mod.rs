//! Metrics gathered while a run proceeds: throughput per time window, latency histograms,
//! and the run's summary. Memory is bounded by the number of windows, not by the I/O count.

mod series;

pub use series::{Axis, Series};

use crate::units::Nanos;
use hdrhistogram::Histogram;
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
    pub max_us: f64,
}

pub(crate) struct Recorder {
    window_ns: Nanos,
    /// End of the window currently being filled.
    window_end: Nanos,
    window_bytes: [u64; 2],
    /// Index into `series` of the read and write throughput lines, if the job has them.
    throughput_series: [Option<usize>; 2],
    pub series: Vec<Series>,
    latency: [Histogram<u64>; 2],
    pub bytes: [u64; 3],
    pub ios: [u64; 3],
}

const MB: f64 = 1_000_000.0;

impl Recorder {
    pub fn new(window_ns: Nanos, reads: bool, writes: bool) -> Recorder {
        let mut series = Vec::new();
        let mut throughput_series = [None, None];
        let time = || Axis::new("Time", "s");
        let tput = || Axis::new("Throughput", "MB/s");
        if reads {
            throughput_series[0] = Some(series.len());
            series.push(Series::new("read_throughput", "Read", time(), tput()));
        }
        if writes {
            throughput_series[1] = Some(series.len());
            series.push(Series::new("write_throughput", "Write", time(), tput()));
        }
        // 1 ns .. 1000 s at 3 significant digits: exact enough for p99.9 of a µs-scale drive.
        let hist = || Histogram::new_with_bounds(1, 1_000_000_000_000, 3).expect("static bounds are valid");
        Recorder {
            window_ns: window_ns.max(1),
            window_end: window_ns.max(1),
            window_bytes: [0; 2],
            throughput_series,
            series,
            latency: [hist(), hist()],
            bytes: [0; 3],
            ios: [0; 3],
        }
    }

    /// Records one finished command. Completions arrive in time order.
    pub fn complete(&mut self, op: Op, bytes: u64, issued: Nanos, done: Nanos) {
        self.close_windows_before(done);
        let o = op as usize;
        self.bytes[o] += bytes;
        self.ios[o] += 1;
        if op != Op::Trim {
            self.window_bytes[o] += bytes;
            self.latency[o].saturating_record((done - issued).max(1));
        }
    }

    /// Emits a point for every window that ended at or before `t`.
    pub fn close_windows_before(&mut self, t: Nanos) {
        while t >= self.window_end {
            self.emit_window(self.window_end, self.window_ns);
            self.window_end += self.window_ns;
        }
    }

    /// Emits the last, possibly shorter window ending at `end`.
    pub fn finish(&mut self, end: Nanos) {
        self.close_windows_before(end);
        let start = self.window_end - self.window_ns;
        if end > start {
            self.emit_window(end, end - start);
        }
    }

    fn emit_window(&mut self, end: Nanos, width: Nanos) {
        let seconds = width as f64 / 1e9;
        for o in 0..2 {
            if let Some(i) = self.throughput_series[o] {
                let mb_per_s = self.window_bytes[o] as f64 / MB / seconds;
                self.series[i].points.push([end as f64 / 1e9, mb_per_s]);
            }
            self.window_bytes[o] = 0;
        }
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
