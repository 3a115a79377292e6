//! Per-operation latency timeline with bounded memory: operations are grouped a fixed number
//! to a point and each point keeps its group's worst latency, so periodic spikes (an erase
//! every few milliseconds) survive however long the trace. Beside it, one series per cause
//! holds that worst operation's latency parts (`causes.rs`), so a spike says what it was.

use super::{Cause, Series, CAUSES};
use crate::units::Nanos;

pub(crate) struct LatencyTimeline {
    series: usize,
    group: u64,
    ops: u64,
    /// Operations until the group in progress is full (a countdown, not a division per
    /// operation).
    left_in_group: u64,
    worst: Nanos,
    worst_parts: [Nanos; CAUSES],
    /// (series index, cause) of each cause's line.
    causes: Vec<(usize, Cause)>,
}

impl LatencyTimeline {
    pub fn new(series: usize, group: u64) -> Self {
        let group = group.max(1);
        Self { series, group, ops: 0, left_in_group: group, worst: 0, worst_parts: [0; CAUSES], causes: Vec::new() }
    }

    /// Draws each of `causes` (series index, cause) with the worst operation's parts.
    pub fn with_causes(mut self, causes: Vec<(usize, Cause)>) -> Self {
        self.causes = causes;
        self
    }

    #[inline]
    /// Index of the series it draws.
    pub fn series(&self) -> usize {
        self.series
    }

    pub fn record(&mut self, latency: Nanos, parts: &[Nanos; CAUSES], series: &mut [Series]) {
        if latency > self.worst {
            self.worst = latency;
            self.worst_parts = *parts;
        }
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
        for &(i, cause) in &self.causes {
            series[i].points.push([first as f64, self.worst_parts[cause as usize] as f64 / 1e6]);
        }
        self.worst = 0;
    }
}
