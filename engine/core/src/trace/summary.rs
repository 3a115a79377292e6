//! A trace at a glance: what `ssdsim trace` prints and the page shows before a replay.

use super::clock::Clock;
use super::devices::DeviceSeen;
use super::digest::{FileDigest, Hashing};
use super::error::TraceError;
use super::footprint::{Footprint, UNIT_BYTES};
use super::format::{Op, TraceFormat};
use super::reader::{LineCounts, TraceReader};
use super::skew::HotUnits;
use super::timeline::{TimelineBuilder, TraceTimeline};
use super::{TraceCommand, TraceOptions};
use serde::Serialize;
use ts_rs::TS;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, TS)]
#[ts(export, rename = "TraceOpTotals")]
pub struct OpTotals {
    #[ts(type = "number")]
    pub commands: u64,
    #[ts(type = "number")]
    pub bytes: u64,
}

/// Commands whose size is above half of `up_to_bytes` and at most it (a power of two).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, TS)]
#[ts(export, rename = "TraceSizeBucket")]
pub struct SizeBucket {
    #[ts(type = "number")]
    pub up_to_bytes: u64,
    #[ts(type = "number")]
    pub commands: u64,
}

#[derive(Clone, Debug, PartialEq, Serialize, TS)]
#[ts(export)]
pub struct TraceSummary {
    pub format: TraceFormat,
    /// Commands kept (reads + writes + trims).
    #[ts(type = "number")]
    pub commands: u64,
    pub reads: OpTotals,
    pub writes: OpTotals,
    pub trims: OpTotals,
    /// Non-empty power-of-two buckets, smallest first.
    pub size_histogram: Vec<SizeBucket>,
    /// Distinct units read or written (trims not counted), in bytes.
    #[ts(type = "number")]
    pub footprint_bytes: u64,
    #[ts(type = "number")]
    pub read_footprint_bytes: u64,
    #[ts(type = "number")]
    pub written_footprint_bytes: u64,
    /// The unit the footprint counts: 4096 (exact) unless the address space passed 512 GiB.
    #[ts(type = "number")]
    pub footprint_unit_bytes: u64,
    /// The end of the furthest command (offset + length), trims included.
    #[ts(type = "number")]
    pub highest_address_bytes: u64,
    /// Time from the first kept command to the last.
    #[ts(type = "number")]
    pub duration_ns: u64,
    /// Commands per second over the duration (0 when it is 0, as in a fio v2 log).
    pub mean_iops: f64,
    /// Share of 4 KiB unit accesses (reads, writes) to the hottest 20 % of touched units.
    pub skew_hot20_share: f64,
    /// Fraction of units the skew was measured on (1 = exact).
    pub skew_sample_fraction: f64,
    pub lines: LineCounts,
    pub clock: Clock,
    pub devices: Vec<DeviceSeen>,
    /// `--device` labels no line named.
    pub devices_not_found: Vec<String>,
    /// Bytes read and written, and the footprint so far, over the trace's course.
    pub timeline: TraceTimeline,
    /// SHA-256 of the file's bytes, lower-case hex (`FileDigest`).
    pub sha256: String,
}

/// Builds a summary one command at a time, in memory bounded by `Footprint` and `HotUnits`.
#[derive(Default)]
pub struct TraceSummarizer {
    reads: OpTotals,
    writes: OpTotals,
    trims: OpTotals,
    /// Index k counts sizes in (2^(k-1), 2^k]; commands are at most 1 GiB (k ≤ 30).
    sizes: [u64; 31],
    footprint: Footprint,
    hot: HotUnits,
    highest: u64,
    last_ns: u64,
    timeline: TimelineBuilder,
}

impl TraceSummarizer {
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds one command from `TraceReader` (length 1 byte to 1 GiB, end within u64).
    pub fn add(&mut self, c: &TraceCommand) {
        let totals = match c.op {
            Op::Read => &mut self.reads,
            Op::Write => &mut self.writes,
            Op::Trim => &mut self.trims,
        };
        totals.commands += 1;
        totals.bytes = totals.bytes.saturating_add(c.len_bytes);
        let bucket = c.len_bytes.max(1).next_power_of_two().trailing_zeros() as usize;
        if let Some(slot) = self.sizes.get_mut(bucket) {
            *slot += 1;
        }
        let end = c.offset_bytes.saturating_add(c.len_bytes);
        self.highest = self.highest.max(end);
        self.last_ns = self.last_ns.max(c.time_ns);
        if c.op != Op::Trim && c.len_bytes > 0 {
            self.footprint.mark(c.op == Op::Write, c.offset_bytes, c.len_bytes);
            self.hot.touch(c.offset_bytes / UNIT_BYTES, (end - 1) / UNIT_BYTES);
        }
        self.timeline.add(c, self.footprint.either().saturating_mul(self.footprint.unit_bytes()));
    }

    /// The summary, with the reader's format, line counts, clock and devices.
    /// `sha256`: the file's hash, from a `FileDigest` fed the same bytes as `reader`.
    pub fn finish(&self, reader: &TraceReader, sha256: String) -> Option<TraceSummary> {
        let commands = self.reads.commands + self.writes.commands + self.trims.commands;
        let unit = self.footprint.unit_bytes();
        let (read, written, either) = self.footprint.units();
        let (skew, fraction) = self.hot.hot20_share();
        let size_histogram =
            (0..self.sizes.len()).filter(|&k| self.sizes[k] > 0).map(|k| SizeBucket { up_to_bytes: 1 << k, commands: self.sizes[k] }).collect();
        Some(TraceSummary {
            format: reader.format()?,
            commands,
            reads: self.reads,
            writes: self.writes,
            trims: self.trims,
            size_histogram,
            footprint_bytes: either.saturating_mul(unit),
            read_footprint_bytes: read.saturating_mul(unit),
            written_footprint_bytes: written.saturating_mul(unit),
            footprint_unit_bytes: unit,
            highest_address_bytes: self.highest,
            duration_ns: self.last_ns,
            mean_iops: if self.last_ns == 0 { 0.0 } else { commands as f64 * 1e9 / self.last_ns as f64 },
            skew_hot20_share: skew,
            skew_sample_fraction: fraction,
            lines: *reader.counts(),
            clock: *reader.clock(),
            devices: reader.devices().to_vec(),
            devices_not_found: reader.unmatched_devices(),
            timeline: self.timeline.timeline(self.last_ns),
            sha256,
        })
    }
}

/// Reads a whole trace and summarises it; the first refused line refuses the trace.
pub fn summarize(input: impl std::io::BufRead, options: &TraceOptions) -> Result<TraceSummary, TraceError> {
    let mut reader = TraceReader::new(options);
    let mut summary = TraceSummarizer::new();
    let mut digest = FileDigest::default();
    reader.read_from(Hashing { inner: input, digest: &mut digest }, &mut |c| summary.add(&c))?;
    // `finish` succeeded, so the format is known.
    summary.finish(&reader, digest.hex()).ok_or(TraceError::new(0, "file", super::error::Problem::Missing))
}
