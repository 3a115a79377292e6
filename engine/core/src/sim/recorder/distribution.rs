//! A run's latency distribution per operation kind, drawn at its end: a CDF and a
//! histogram from the run's HdrHistogram.

use crate::metrics::{Axis, AxisId, LabelId, Op, Series, SeriesRole, Unit};
use hdrhistogram::Histogram;

/// Histogram bins per doubling of latency.
const BINS_PER_OCTAVE: u64 = 8;

/// The largest bin edge at or below `ns`: edges are 2^k·(1 + j/8), or every nanosecond
/// below 8 ns.
fn histogram_edge_at_or_below(ns: u64) -> u64 {
    if ns < BINS_PER_OCTAVE {
        return ns;
    }
    let octave = 63 - ns.leading_zeros() as u64; // 2^octave <= ns
    let step = (1u64 << octave) / BINS_PER_OCTAVE;
    ns / step * step
}

fn next_histogram_edge(edge: u64) -> u64 {
    if edge < BINS_PER_OCTAVE {
        return edge + 1;
    }
    let octave = 63 - edge.leading_zeros() as u64;
    edge + (1u64 << octave) / BINS_PER_OCTAVE
}

fn label(op: Op) -> LabelId {
    if op == Op::Read {
        LabelId::Read
    } else {
        LabelId::Write
    }
}

/// The latency distribution as a CDF: x = latency, y = share of operations at or below it.
/// Quantiles spaced evenly, then ever finer into the tail so p99.9, p99.99 and the maximum
/// stay visible.
pub(super) fn cdf(h: &Histogram<u64>, op: Op) -> Series {
    let id = if op == Op::Read { "latency_cdf_read" } else { "latency_cdf_write" };
    let (x, y) = (Axis::new(AxisId::Latency, Unit::Us), Axis::new(AxisId::OperationsAtOrBelow, Unit::Percent));
    let mut s = Series::new(id, SeriesRole::LatencyCdf, label(op), x, y);
    let mut quantiles: Vec<f64> = (0..=98).map(|i| i as f64 / 100.0).collect();
    quantiles.extend([0.99, 0.995, 0.999, 0.9995, 0.9999, 1.0]);
    for q in quantiles {
        s.points.push([h.value_at_quantile(q) as f64 / 1000.0, q * 100.0]);
    }
    s
}

/// The latency distribution as a histogram: x = a bin's lower edge, y = % of operations in
/// the bin, closed by the last bin's upper edge at 0. Bins are log-linear (8 per doubling,
/// as HdrHistogram's): each at most 12.5 % wide, edges in whole nanoseconds (no
/// floating-point powers: the same bins natively and in wasm).
pub(super) fn histogram(h: &Histogram<u64>, op: Op) -> Series {
    let id = if op == Op::Read { "latency_histogram_read" } else { "latency_histogram_write" };
    let (x, y) = (Axis::new(AxisId::Latency, Unit::Us), Axis::new(AxisId::OperationsInBin, Unit::Percent));
    let mut s = Series::new(id, SeriesRole::LatencyHistogram, label(op), x, y);
    let total = h.len() as f64;
    let (lo, hi) = (h.min(), h.max());
    let mut edge = histogram_edge_at_or_below(lo);
    while edge <= hi {
        let next = next_histogram_edge(edge);
        let count = h.count_between(edge, next - 1);
        s.points.push([edge as f64 / 1000.0, count as f64 * 100.0 / total]);
        edge = next;
    }
    s.points.push([edge as f64 / 1000.0, 0.0]);
    s
}
