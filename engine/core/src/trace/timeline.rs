//! A trace over its own course: bytes read and written, and the footprint so far, per slice
//! of the trace, for the page's "what this trace does" charts before (or without) a replay.
//!
//! Bounded whatever the trace: at most `SLICES` slices, each twice as wide once they run
//! out (neighbours merge), as the run's sample thins. Two axes are kept side by side, time
//! and commands, because a trace's times are known only at its end to be all zero (a fio
//! v2 log): the summary picks time when the trace has a duration.

use super::format::Op;
use super::TraceCommand;
use serde::Serialize;
use ts_rs::TS;

/// Most slices a timeline keeps.
pub const SLICES: usize = 256;
/// The first slices' widths: 1 ms of trace time, 64 commands.
const FIRST_NS: u64 = 1_000_000;
const FIRST_COMMANDS: u64 = 64;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export, rename = "TraceTimelineAxis")]
pub enum TimelineAxis {
    /// Slices of trace time, `width` ns each.
    Time,
    /// Slices of `width` commands each (a trace without times).
    Commands,
}

/// The trace per slice: what the page draws.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
#[ts(export)]
pub struct TraceTimeline {
    pub axis: TimelineAxis,
    /// A slice's width: ns or commands, as `axis` says.
    #[ts(type = "number")]
    pub width: u64,
    #[ts(type = "Array<number>")]
    pub read_bytes: Vec<u64>,
    #[ts(type = "Array<number>")]
    pub write_bytes: Vec<u64>,
    /// Distinct bytes read or written from the trace's start to the slice's end.
    #[ts(type = "Array<number>")]
    pub footprint_bytes: Vec<u64>,
}

/// One axis's slices as they fill.
#[derive(Clone, Debug)]
struct Slices {
    width: u64,
    read: Vec<u64>,
    write: Vec<u64>,
    /// Footprint in bytes at the end of each slice (the latest command's, so far).
    footprint: Vec<u64>,
}

impl Slices {
    fn new(width: u64) -> Slices {
        Slices { width, read: Vec::new(), write: Vec::new(), footprint: Vec::new() }
    }

    /// A command at `x` (ns or command index) of `op` and `bytes`, the footprint after it
    /// (in bytes: the footprint's unit grows past 512 GiB of addresses).
    fn add(&mut self, x: u64, op: Op, bytes: u64, footprint: u64) {
        let mut slice = (x / self.width) as usize;
        while slice >= SLICES {
            self.halve();
            slice = (x / self.width) as usize;
        }
        if self.read.len() <= slice {
            // Empty slices keep the footprint before them.
            let last = self.footprint.last().copied().unwrap_or(0);
            self.read.resize(slice + 1, 0);
            self.write.resize(slice + 1, 0);
            self.footprint.resize(slice + 1, last);
        }
        match op {
            Op::Read => self.read[slice] += bytes,
            Op::Write => self.write[slice] += bytes,
            Op::Trim => {}
        }
        self.footprint[slice] = footprint;
    }

    /// Twice as wide: each pair of slices becomes one.
    fn halve(&mut self) {
        self.width *= 2;
        let pairs = |v: &mut Vec<u64>, merge: fn(&[u64]) -> u64| *v = v.chunks(2).map(merge).collect();
        pairs(&mut self.read, |p| p.iter().sum());
        pairs(&mut self.write, |p| p.iter().sum());
        pairs(&mut self.footprint, |p| p[p.len() - 1]);
    }

    fn timeline(&self, axis: TimelineAxis) -> TraceTimeline {
        TraceTimeline { axis, width: self.width, read_bytes: self.read.clone(), write_bytes: self.write.clone(), footprint_bytes: self.footprint.clone() }
    }
}

/// Both axes, filled one command at a time.
#[derive(Clone, Debug)]
pub(crate) struct TimelineBuilder {
    by_time: Slices,
    by_command: Slices,
    commands: u64,
}

impl Default for TimelineBuilder {
    fn default() -> Self {
        TimelineBuilder { by_time: Slices::new(FIRST_NS), by_command: Slices::new(FIRST_COMMANDS), commands: 0 }
    }
}

impl TimelineBuilder {
    /// `footprint`: distinct bytes touched once this command is counted.
    pub fn add(&mut self, c: &TraceCommand, footprint: u64) {
        self.by_time.add(c.time_ns, c.op, c.len_bytes, footprint);
        self.by_command.add(self.commands, c.op, c.len_bytes, footprint);
        self.commands += 1;
    }

    /// Over time when the trace has a duration, else over its commands.
    pub fn timeline(&self, duration_ns: u64) -> TraceTimeline {
        if duration_ns > 0 {
            self.by_time.timeline(TimelineAxis::Time)
        } else {
            self.by_command.timeline(TimelineAxis::Commands)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn command(time_ns: u64, op: Op, len_bytes: u64) -> TraceCommand {
        TraceCommand { time_ns, op, offset_bytes: 0, len_bytes, device: 0, line: 0, durable: false }
    }

    #[test]
    fn slices_merge_in_pairs_and_keep_every_byte() {
        let mut b = TimelineBuilder::default();
        // One 4 KiB write every 0.5 ms for 1 s: 2,000 commands over 1,000 ms.
        for i in 0..2_000u64 {
            b.add(&command(i * 500_000, if i % 4 == 0 { Op::Read } else { Op::Write }, 4096), (i + 1) * 4096);
        }
        let t = b.timeline(999_500_000);
        assert_eq!(t.axis, TimelineAxis::Time);
        assert!(t.read_bytes.len() <= SLICES && t.read_bytes.len() > SLICES / 2, "{}", t.read_bytes.len());
        assert_eq!(t.width, 4_000_000, "1 ms doubled twice: 1,000 slices do not fit 256");
        assert_eq!(t.read_bytes.iter().sum::<u64>(), 500 * 4096);
        assert_eq!(t.write_bytes.iter().sum::<u64>(), 1_500 * 4096);
        assert_eq!(*t.footprint_bytes.last().unwrap(), 2_000 * 4096);
        assert!(t.footprint_bytes.windows(2).all(|w| w[0] <= w[1]));
    }

    #[test]
    fn a_trace_without_times_is_drawn_over_its_commands() {
        let mut b = TimelineBuilder::default();
        for i in 0..100 {
            b.add(&command(0, Op::Write, 8192), 8192 * (i + 1));
        }
        let t = b.timeline(0);
        assert_eq!((t.axis, t.width), (TimelineAxis::Commands, 64));
        assert_eq!(t.write_bytes, [64 * 8192, 36 * 8192]);
        assert_eq!(t.footprint_bytes, [128 * 4096, 200 * 4096]);
    }
}
