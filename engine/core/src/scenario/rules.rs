//! The workload's rules: each kind's fields checked under their own names, against the knob
//! table for that kind (ranges, allowed `rw`) and against the drive (a region inside the user
//! capacity, a transfer that fits in it, an end to every job).
//!
//! Benchmarks are checked field by field before they are expanded into jobs, so a span sweep's
//! span is reported as `workload.spans[i]`, never as the `size` of the job it becomes.

use super::benchmarks::MAX_COPIES;
use super::error::{Check, ErrorCode, ScenarioError};
use super::workload::{Job, Workload};
use crate::host::distribution::{RandomDistribution, FORMS};
use crate::units::{Bytes, MAPPING_UNIT_BYTES};

/// Most points a list of spans or transfer sizes may have.
const MAX_LIST: u64 = 64;

impl Workload {
    pub fn kind(&self) -> &'static str {
        match self {
            Workload::Job(_) => "job",
            Workload::SpanSweep(_) => "span_sweep",
            Workload::WholeDriveWrite(_) => "whole_drive_write",
            Workload::LatencyTrace(_) => "latency_trace",
            Workload::SteadyState(_) => "steady_state",
            Workload::TransferSizeSweep(_) => "transfer_size_sweep",
            Workload::CrystalDiskMark(_) => "crystal_disk_mark",
            Workload::FileCopy(_) => "file_copy",
            Workload::ApplicationLoad(_) => "application_load",
        }
    }

    pub(crate) fn validate(&self, user_bytes: u64) -> Result<(), ScenarioError> {
        let c = Check::workload(self.kind());
        match self {
            Workload::Job(j) => j.validate(&c, user_bytes)?,
            Workload::SpanSweep(s) => {
                c.choice("rw", &s.rw)?;
                transfer(&c, "bs", s.bs, user_bytes)?;
                c.knob("iodepth", s.iodepth as f64)?;
                c.within("spans", s.spans.len() as u64, 1, MAX_LIST, "spans (one chart point each)")?;
                for (i, span) in s.spans.iter().enumerate() {
                    let why = format!("bytes: at least bs ({}) and at most the drive's {user_bytes}", s.bs.0);
                    c.within(&format!("spans[{i}]"), span.0, s.bs.0, user_bytes, &why)?;
                }
                c.knob("runtime", s.runtime)?;
                c.knob("ramp_time", s.ramp_time)?;
                c.knob("idle_s", s.idle_s)?;
                c.knob("io_size", s.io_size.0 as f64)?;
                needs_end(&c, s.runtime, s.io_size)?;
                distribution(&c, &s.random_distribution)?;
            }
            Workload::WholeDriveWrite(w) => {
                c.choice("rw", &w.rw)?;
                transfer(&c, "bs", w.bs, user_bytes)?;
                c.knob("iodepth", w.iodepth as f64)?;
                c.knob("io_size", w.io_size.0 as f64)?;
                c.knob("points", w.points as f64)?;
                c.knob("buffer_compress_percentage", w.buffer_compress_percentage as f64)?;
                distribution(&c, &w.random_distribution)?;
            }
            Workload::LatencyTrace(t) => {
                c.choice("rw", &t.rw)?;
                transfer(&c, "bs", t.bs, user_bytes)?;
                c.knob("iodepth", t.iodepth as f64)?;
                region(&c, t.offset, t.size, t.bs.0, user_bytes)?;
                c.knob("io_size", t.io_size.0 as f64)?;
                c.knob("max_points", t.max_points as f64)?;
                distribution(&c, &t.random_distribution)?;
            }
            Workload::SteadyState(s) => {
                c.choice("rw", &s.rw)?;
                transfer(&c, "bs", s.bs, user_bytes)?;
                c.knob("iodepth", s.iodepth as f64)?;
                region(&c, s.offset, s.size, s.bs.0, user_bytes)?;
                c.knob("rounds", s.rounds as f64)?;
                c.knob("round_bytes", s.round_bytes.0 as f64)?;
                c.within("round_bytes", s.round_bytes.0, s.bs.0, 1 << 45, &format!("bytes (at least bs, {})", s.bs.0))?;
                c.knob("buffer_compress_percentage", s.buffer_compress_percentage as f64)?;
                distribution(&c, &s.random_distribution)?;
                c.knob("idle_s", s.idle_s)?;
            }
            Workload::TransferSizeSweep(t) => {
                c.choice("rw", &t.rw)?;
                c.within("sizes", t.sizes.len() as u64, 1, MAX_LIST, "transfer sizes (one chart point each)")?;
                let largest = t.sizes.iter().map(|b| b.0).max().unwrap_or(MAPPING_UNIT_BYTES);
                for (i, size) in t.sizes.iter().enumerate() {
                    transfer(&c, &format!("sizes[{i}]"), *size, user_bytes)?;
                }
                c.knob("iodepth", t.iodepth as f64)?;
                region(&c, t.offset, t.size, largest, user_bytes)?;
                c.knob("runtime", t.runtime)?;
                needs_end(&c, t.runtime, Bytes(0))?;
                distribution(&c, &t.random_distribution)?;
                c.knob("warmup_s", t.warmup_s)?;
                c.knob("idle_s", t.idle_s)?;
            }
            Workload::ApplicationLoad(a) => {
                c.choice("rw", &a.rw)?;
                transfer(&c, "bs", a.bs, user_bytes)?;
                c.knob("iodepth", a.iodepth as f64)?;
                region(&c, a.offset, a.size, a.bs.0, user_bytes)?;
                c.knob("runs", a.runs as f64)?;
                c.knob("idle_s", a.idle_s)?;
                distribution(&c, &a.random_distribution)?;
            }
            Workload::CrystalDiskMark(m) => {
                c.knob("size", m.size.0 as f64)?;
                c.within("size", m.size.0, 8 << 20, user_bytes, &format!("bytes (8 MiB up to the drive's {user_bytes})"))?;
                c.knob("runtime", m.runtime)?;
                needs_end(&c, m.runtime, Bytes(0))?;
                c.knob("interval_s", m.interval_s)?;
                c.choice("profile", &m.profile)?;
                if m.profile == super::CdmProfile::Custom {
                    super::parse_cdm_tests(&m.tests).map_err(|e| c.fail("tests", ErrorCode::OutOfRange, e))?;
                }
                c.knob("test_count", m.test_count as f64)?;
                distribution(&c, &m.random_distribution)?;
            }
            Workload::FileCopy(f) => {
                c.knob("file_bytes", f.file_bytes.0 as f64)?;
                c.aligned("file_bytes", f.file_bytes.0, MAPPING_UNIT_BYTES)?;
                transfer(&c, "bs", f.bs, user_bytes)?;
                c.knob("iodepth", f.iodepth as f64)?;
                c.knob("offset", f.offset.0 as f64)?;
                c.aligned("offset", f.offset.0, MAPPING_UNIT_BYTES)?;
                let room = user_bytes.saturating_sub(f.bs.0);
                c.within("offset", f.offset.0, 0, room, &format!("bytes: a copy must fit before the drive's end at {user_bytes}"))?;
                let room = user_bytes - f.offset.0;
                c.within("file_bytes", f.file_bytes.0, f.bs.0, room, &format!("bytes: at least bs ({}) and at most the {room} after offset", f.bs.0))?;
                c.knob("copies", f.copies as f64)?;
                let fit = room / f.file_bytes.0;
                c.within(
                    "copies",
                    f.copies as u64,
                    0,
                    fit,
                    &format!("(0 = until the drive is full): {fit} copies of {} bytes fit after offset", f.file_bytes.0),
                )?;
                if f.copies == 0 && fit > MAX_COPIES {
                    let least = room.div_ceil(MAX_COPIES);
                    let why = format!("bytes: with copies 0 (until full) at most {MAX_COPIES} copies, so a file of at least {least} (or set copies)");
                    c.within("file_bytes", f.file_bytes.0, least, room, &why)?;
                }
                c.knob("buffer_compress_percentage", f.buffer_compress_percentage as f64)?;
                c.knob("idle_s", f.idle_s)?;
            }
        }
        // Every field was checked above under its own name; the jobs a benchmark expands
        // into must then be valid too. If one is not, that is the engine's bug, said as such.
        for job in crate::host::plan::jobs_of(self, user_bytes) {
            job.validate(&Check::workload("job"), user_bytes)
                .map_err(|e| ScenarioError::new("workload", ErrorCode::Internal, format!("internal error: a benchmark point is not a valid job ({e})")))?;
        }
        Ok(())
    }
}

impl Job {
    fn validate(&self, c: &Check, user_bytes: u64) -> Result<(), ScenarioError> {
        c.choice("rw", &self.rw)?;
        c.knob("rwmixread", self.rwmixread as f64)?;
        transfer(c, "bs", self.bs, user_bytes)?;
        c.knob("iodepth", self.iodepth as f64)?;
        c.knob("numjobs", self.numjobs as f64)?;
        region(c, self.offset, self.size, self.bs.0, user_bytes)?;
        c.knob("runtime", self.runtime)?;
        c.knob("ramp_time", self.ramp_time)?;
        c.knob("startdelay", self.startdelay)?;
        c.knob("io_size", self.io_size.0 as f64)?;
        needs_end(c, self.runtime, self.io_size)?;
        c.knob("log_avg_msec", self.log_avg_msec)?;
        c.knob("thinktime", self.thinktime)?;
        c.knob("buffer_compress_percentage", self.buffer_compress_percentage as f64)?;
        distribution(c, &self.random_distribution)
    }
}

/// fio's `random_distribution`, refused naming the field and the forms it may take.
fn distribution(c: &Check, text: &str) -> Result<(), ScenarioError> {
    RandomDistribution::parse(text).map(|_| ()).map_err(|why| {
        let message = if why.contains(FORMS) { why } else { format!("{why}; must be {FORMS}") };
        c.fail("random_distribution", ErrorCode::InvalidOption, message)
    })
}

/// A transfer size: the knob's range, whole mapping units, and no larger than the drive.
fn transfer(c: &Check, field: &str, bs: Bytes, user_bytes: u64) -> Result<(), ScenarioError> {
    // Lists (`sizes[i]`) share the range of `bs`.
    let range = if field.starts_with("sizes") { Check::workload("job") } else { Check { prefix: c.prefix, kind: c.kind } };
    range.knob("bs", bs.0 as f64).map_err(|e| ScenarioError { field: c.path(field), ..e })?;
    c.aligned(field, bs.0, MAPPING_UNIT_BYTES)?;
    c.within(field, bs.0, MAPPING_UNIT_BYTES, user_bytes, &format!("bytes: a transfer must fit in the drive's {user_bytes}"))
}

/// The region a job walks: 4 KiB-aligned offset, and offset + size inside the drive, with
/// room for one transfer of `bs`.
fn region(c: &Check, offset: Bytes, size: Bytes, bs: u64, user_bytes: u64) -> Result<(), ScenarioError> {
    c.knob("offset", offset.0 as f64)?;
    c.aligned("offset", offset.0, MAPPING_UNIT_BYTES)?;
    c.within("offset", offset.0, 0, user_bytes.saturating_sub(bs), &format!("bytes: one transfer of {bs} must fit before the drive's end at {user_bytes}"))?;
    c.knob("size", size.0 as f64)?;
    if size.0 != 0 {
        let room = user_bytes - offset.0;
        c.within("size", size.0, bs, room, &format!("bytes (0 = to the drive's end): at least one transfer of {bs}, at most the {room} after offset"))?;
    }
    Ok(())
}

fn needs_end(c: &Check, runtime: f64, io_size: Bytes) -> Result<(), ScenarioError> {
    if runtime == 0.0 && io_size.0 == 0 {
        let message = if c.kind.is_some_and(|k| k == "job" || k == "span_sweep") {
            "set runtime (seconds) or io_size (bytes): a job needs an end"
        } else {
            "must be above 0: each test needs an end"
        };
        return Err(c.fail("runtime", ErrorCode::OutOfRange, message));
    }
    Ok(())
}
