//! Per-operation latency timeline with bounded memory: operations are grouped a fixed number
//! to a point and each point keeps its group's worst latency, so periodic spikes (an erase
//! every few milliseconds) survive however long the trace.

use super::Series;
use crate::units::Nanos;

pub(crate) struct LatencyTimeline {
    series: usize,
    group: u64,
    ops: u64,
    /// Operations until the group in progress is full (a countdown, not a division per
    /// operation).
    left_in_group: u64,
    worst: Nanos,
}

impl LatencyTimeline {
    pub fn new(series: usize, group: u64) -> Self {
        let group = group.max(1);
        Self { series, group, ops: 0, left_in_group: group, worst: 0 }
    }

    #[inline]
    /// Index of the series it draws.
    pub fn series(&self) -> usize {
        self.series
    }

    pub fn record(&mut self, latency: Nanos, series: &mut [Series]) {
        self.worst = self.worst.max(latency);
        self.ops += 1;
        self.left_in_group -= 1;
        if self.left_in_group == 0 {
            self.left_in_group = self.group;
            self.flush(series);
        }
    }

    /// Emits the group in progress, if any. x is the group's first operation number.
    pub fn flush(&mut self, series: &mut [Series]) {
        let in_group = self.ops % self.group;
        let pending = if in_group == 0 { self.group } else { in_group };
        if self.worst == 0 {
            return;
        }
        let first = self.ops - pending;
        series[self.series].points.push([first as f64, self.worst as f64 / 1e6]);
        self.worst = 0;
    }
}
