//! The time windows: throughput, WAF, GC, folding, the SLC cache, mapping hits and a hybrid's
//! tier drawn once per window; a window's width doubling as a long run goes on; the last
//! window closed (or stretched over a final sliver) when the host stops; and which points are
//! settled while the windows are still open, so a streamed series is the final one bit for bit.

use super::{mb_per_s, Recorder, MB};
use crate::metrics::WindowCounters;
use crate::resolve::window::MAX_TIME_WINDOWS;
use crate::units::Nanos;

impl Recorder {
    /// How many points of series `i` are final while the run goes: all but the newest of a
    /// line the run may still revise. The last time window drawn is stretched over a final
    /// sliver when the windows close (`stretch_last_window`: throughput, GC and folding), and
    /// a benchmark's point is bettered by a repeat of its test (`phase_point`). A caller
    /// streaming the points hands over only these, so what it streamed is the run's final
    /// series bit for bit whatever its chunks (issue 43); once the run has finished every
    /// point is final (`Simulation::final_points`).
    pub fn settled_points(&self, i: usize) -> usize {
        let Some(series) = self.series.get(i) else { return 0 };
        let stretched = self.windows_open() && (self.time_series.contains(&Some(i)) || self.gc_series == Some(i) || self.fold_series == Some(i));
        if stretched || self.bettered.contains(&i) {
            series.points.len().saturating_sub(1)
        } else {
            series.points.len()
        }
    }

    /// True if a time window ends at or before `t`: `advance` has points to emit.
    #[inline]
    pub fn window_ends_by(&self, t: Nanos) -> bool {
        t >= self.window_end
    }

    /// Emits a point for every time window that ended at or before `t`, until the time
    /// series are full (`max_points`, the last two kept for `finish`).
    pub fn advance(&mut self, t: Nanos, counters: WindowCounters) {
        while t >= self.window_end && !self.time_series_full() {
            self.emit_window(self.window_end, self.window_ns, counters);
            self.drawn_width_ns = self.window_ns;
            self.windows += 1;
            if self.windows >= self.double_at {
                self.window_ns = self.window_ns.saturating_mul(2);
                self.double_at += MAX_TIME_WINDOWS / 2;
            }
            self.window_end = self.window_end.saturating_add(self.window_ns);
        }
    }

    /// The time windows still take completions (`close_windows` has not been called).
    #[inline]
    pub fn windows_open(&self) -> bool {
        self.window_end != Nanos::MAX
    }

    /// The time series hold all the points they may: the run stops (`sim/ceiling.rs`).
    #[inline]
    pub fn time_series_full(&self) -> bool {
        self.windows + 2 >= self.max_points
    }

    /// Points a time series may hold in this run.
    pub fn max_time_points(&self) -> u64 {
        self.max_points
    }

    /// The host issued its last command at `at`: the time windows end there. The commands
    /// still in flight complete after it (a queue draining, as fio's do once its runtime
    /// ends); they count in the summary, but a window over the drain would plunge and read
    /// as the drive slowing down, so the time series stop at `at` (fio's bandwidth log
    /// likewise covers the runtime). A later call, or `finish`, draws nothing more.
    pub fn close_windows(&mut self, at: Nanos, counters: WindowCounters) {
        if self.window_end == Nanos::MAX {
            return;
        }
        let start = self.window_end - self.window_ns;
        // Windows already drawn past `at` (a think-time job's last completions) stay.
        let end = at.max(start);
        // A run whose runtime ended before its first window held anything (one 1 MiB read
        // in a 1 µs runtime) keeps its windows open: its chart shows the drain, not nothing.
        if self.windows == 0 && end <= start {
            return;
        }
        self.advance(end, counters);
        let start = self.window_end - self.window_ns;
        if end > start && ((end - start) * 10 >= self.window_ns || self.windows == 0) {
            self.emit_window(end, end - start, counters);
            self.drawn_width_ns = self.window_ns;
        } else if end > start {
            self.stretch_last_window(end, end - start, counters);
        }
        self.window_end = Nanos::MAX;
    }

    /// Adds the throughput of a final sliver of `width` ending at `end` to the last window.
    fn stretch_last_window(&mut self, end: Nanos, width: Nanos, counters: WindowCounters) {
        let last_width = self.drawn_width_ns as f64 / 1e9;
        let start = self.window_start_counters;
        let folded = (counters.folded_units - start.folded_units) * crate::units::MAPPING_UNIT_BYTES;
        let moved = (counters.gc_units - start.gc_units) * crate::units::MAPPING_UNIT_BYTES - folded;
        let gc = self.gc_series.map(|i| (i, moved));
        let fold = self.fold_series.map(|i| (i, folded));
        let throughput = (0..2).filter_map(|o| self.time_series[o].map(|i| (i, std::mem::take(&mut self.window_bytes[o]))));
        let stretched: Vec<(usize, u64)> = throughput.chain(gc).chain(fold).collect();
        for (i, sliver_bytes) in stretched {
            if let Some(p) = self.series[i].points.last_mut() {
                let bytes = p[1] * MB * last_width + sliver_bytes as f64;
                *p = [end as f64 / 1e9, bytes / MB / (last_width + width as f64 / 1e9)];
            }
        }
        self.window_start_counters = counters;
    }

    /// The cumulative WAF line ends on the run's own value, which the summary reports too: a
    /// sliver dropped above, or work done after the last window (background GC while the
    /// host idles out), still gets its point.
    pub(super) fn finish_cumulative_waf(&mut self, end: Nanos, counters: WindowCounters) {
        let Some(i) = self.waf_series else { return };
        if counters.writes.host_units == self.run_start_counters.writes.host_units {
            return;
        }
        let last = [end as f64 / 1e9, counters.writes.write_amplification(&self.run_start_counters.writes, self.slot_geometry)];
        let points = &mut self.series[i].points;
        if points.last().is_none_or(|p| p[0].to_bits() != last[0].to_bits() || p[1].to_bits() != last[1].to_bits()) {
            points.push(last);
        }
        // Each handle's line ends on its own value, which `report.placement` states too.
        for (i, waf) in self.placement_wafs(&counters) {
            let last = [end as f64 / 1e9, waf];
            let points = &mut self.series[i].points;
            if points.last().is_none_or(|p| p[0].to_bits() != last[0].to_bits() || p[1].to_bits() != last[1].to_bits()) {
                points.push(last);
            }
        }
    }

    /// NVMe FDP: each handle's line and its WAF since the run started, for the handles that
    /// have written since.
    fn placement_wafs(&self, counters: &WindowCounters) -> Vec<(usize, f64)> {
        let Some((first, handles)) = self.placement_series else { return Vec::new() };
        let (now, start) = (&counters.placement, &self.run_start_counters.placement);
        (0..handles as usize)
            .filter(|&h| now.host_units[h] > start.host_units[h])
            .map(|h| (first + h, (now.nand_units[h] - start.nand_units[h]) as f64 / (now.host_units[h] - start.host_units[h]) as f64))
            .collect()
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
        let run_start = self.run_start_counters;
        if let Some(i) = self.waf_series {
            if counters.writes.host_units > run_start.writes.host_units {
                self.series[i].points.push([x, counters.writes.write_amplification(&run_start.writes, self.slot_geometry)]);
            }
        }
        if let Some(i) = self.waf_window_series {
            if counters.writes.host_units > start.writes.host_units {
                self.series[i].points.push([x, counters.writes.write_amplification(&start.writes, self.slot_geometry)]);
            }
        }
        for (i, waf) in self.placement_wafs(&counters) {
            self.series[i].points.push([x, waf]);
        }
        let folded = counters.folded_units - start.folded_units;
        if let Some(i) = self.gc_series {
            let moved = counters.gc_units - start.gc_units - folded;
            self.series[i].points.push([x, mb_per_s(moved * crate::units::MAPPING_UNIT_BYTES, width)]);
        }
        if let Some(i) = self.fold_series {
            self.series[i].points.push([x, mb_per_s(folded * crate::units::MAPPING_UNIT_BYTES, width)]);
        }
        if let Some(lines) = self.slc_series {
            for (i, units) in lines.into_iter().zip(counters.slc_units) {
                self.series[i].points.push([x, (units * crate::units::MAPPING_UNIT_BYTES) as f64 * self.scale / 1e9]);
            }
        }
        let lookups: [u64; 4] = std::array::from_fn(|t| counters.lookups[t] - start.lookups[t]);
        let total: u64 = lookups.iter().sum();
        if total > 0 {
            for (t, series) in self.map_series.iter().enumerate() {
                if let Some(i) = *series {
                    self.series[i].points.push([x, lookups[t] as f64 * 100.0 / total as f64]);
                }
            }
        }
        if let Some([hits, promoted, cached]) = self.tier_series {
            let [hit, miss, moved, held] = counters.tier;
            let (hit, miss) = (hit - start.tier[0], miss - start.tier[1]);
            if hit + miss > 0 {
                self.series[hits].points.push([x, hit as f64 * 100.0 / (hit + miss) as f64]);
            }
            self.series[promoted].points.push([x, mb_per_s((moved - start.tier[2]) * crate::units::MAPPING_UNIT_BYTES, width)]);
            self.series[cached].points.push([x, (held * crate::units::MAPPING_UNIT_BYTES) as f64 * self.scale / 1e9]);
        }
        self.window_start_counters = counters;
    }

    /// Width of the time windows at the end of the run (the last one drawn).
    pub fn drawn_window_ns(&self) -> Nanos {
        self.drawn_width_ns
    }

    /// The windows drawn are wider than the scenario asked for.
    pub fn window_widened(&self) -> bool {
        self.widened_before_run || self.drawn_width_ns > self.first_width_ns
    }
}
