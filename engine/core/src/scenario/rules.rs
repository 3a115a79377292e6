//! The workload's rules: each kind's fields checked under their own names, against their
//! knobs for that kind (ranges, allowed `rw`: `check_knobs`) and against the drive (a region inside the user
//! capacity, a transfer that fits in it, an end to every job).
//!
//! Benchmarks are checked field by field before they are expanded into jobs, so a span sweep's
//! span is reported as `workload.spans[i]`, never as the `size` of the job it becomes.

use super::benchmarks::{ApplicationLoad, CrystalDiskMark, FileCopy, LatencyTrace, SpanSweep, SteadyState, TransferSizeSweep, WholeDriveWrite, MAX_COPIES};
use super::distribution::{RandomDistribution, FORMS};
use super::error::{Check, ErrorCode, ScenarioError};
use super::gather::Knobs;
use super::job::Job;
use super::placement::{parse_plids, parse_scheme, DataPlacement, PlidSelect};
use super::workload::Workload;
use super::workload_docs as shared;
use super::Fdp;
use super::{parse_cdm_tests, CdmProfile};
use crate::units::{Bytes, MAPPING_UNIT_BYTES};

/// A size in a message, as the page shows sizes ("64 GiB").
fn sz(bytes: u64) -> String {
    crate::units::size_text(bytes as f64)
}

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
            Workload::Trace(_) => "trace",
            Workload::Cache(_) => "cache",
            Workload::ZonedLog(_) => "zoned_log",
            Workload::Tenants(_) => "tenants",
        }
    }

    pub(crate) fn validate(&self, user_bytes: u64) -> Result<(), ScenarioError> {
        let c = Check::workload(self.kind());
        match self {
            Workload::Job(j) => j.validate(&c, user_bytes),
            Workload::SpanSweep(s) => s.validate(&c, user_bytes),
            Workload::WholeDriveWrite(w) => w.validate(&c, user_bytes),
            Workload::LatencyTrace(t) => t.validate(&c, user_bytes),
            Workload::SteadyState(s) => s.validate(&c, user_bytes),
            Workload::TransferSizeSweep(t) => t.validate(&c, user_bytes),
            Workload::ApplicationLoad(a) => a.validate(&c, user_bytes),
            Workload::CrystalDiskMark(m) => m.validate(&c, user_bytes),
            Workload::FileCopy(f) => f.validate(&c, user_bytes),
            Workload::Trace(t) => t.validate(&c, user_bytes),
            Workload::Cache(w) => w.validate(&c, user_bytes),
            Workload::ZonedLog(z) => z.validate(&c),
            Workload::Tenants(t) => t.validate(&c, user_bytes),
        }
    }
}

impl SpanSweep {
    fn validate(&self, c: &Check, user_bytes: u64) -> Result<(), ScenarioError> {
        self.check_knobs(c)?;
        transfer(c, "bs", self.bs, user_bytes)?;
        c.within("spans", self.spans.len() as u64, 1, MAX_LIST, "spans (one chart point each)")?;
        for (i, span) in self.spans.iter().enumerate() {
            let why = format!(": at least bs ({}) and at most the drive's {}", sz(self.bs.0), sz(user_bytes));
            c.within_size(&format!("spans[{i}]"), span.0, self.bs.0, user_bytes, &why)?;
        }
        needs_end(c, self.runtime, self.io_size)?;
        distribution(c, &self.random_distribution)?;
        Ok(())
    }
}

impl WholeDriveWrite {
    fn validate(&self, c: &Check, user_bytes: u64) -> Result<(), ScenarioError> {
        self.check_knobs(c)?;
        transfer(c, "bs", self.bs, user_bytes)?;
        distribution(c, &self.random_distribution)?;
        Ok(())
    }
}

impl LatencyTrace {
    fn validate(&self, c: &Check, user_bytes: u64) -> Result<(), ScenarioError> {
        self.check_knobs(c)?;
        transfer(c, "bs", self.bs, user_bytes)?;
        region(c, self.offset, self.size, self.bs.0, user_bytes)?;
        distribution(c, &self.random_distribution)?;
        Ok(())
    }
}

impl SteadyState {
    fn validate(&self, c: &Check, user_bytes: u64) -> Result<(), ScenarioError> {
        self.check_knobs(c)?;
        transfer(c, "bs", self.bs, user_bytes)?;
        region(c, self.offset, self.size, self.bs.0, user_bytes)?;
        c.within_size("round_bytes", self.round_bytes.0, self.bs.0, 1 << 45, &format!("(at least bs, {})", sz(self.bs.0)))?;
        distribution(c, &self.random_distribution)?;
        if !self.tests.trim().is_empty() {
            let tests = parse_cdm_tests(&self.tests).map_err(|e| c.fail("tests", ErrorCode::OutOfRange, e))?;
            let runs = (tests.len() as u64) * self.test_count.max(1) as u64;
            let largest = tests.iter().map(|t| t.bs).max().unwrap_or(MAPPING_UNIT_BYTES);
            let why = format!(": every run of a test ({runs} a round) writes at least its block size ({})", sz(largest));
            c.within_size("round_bytes", self.round_bytes.0, runs * largest, 1 << 45, &why)?;
            let file = self.region_bytes(user_bytes);
            c.within_size("size", file, largest, user_bytes, &format!(": the test file holds at least one block of every test ({})", sz(largest)))?;
        }
        Ok(())
    }
}

impl TransferSizeSweep {
    fn validate(&self, c: &Check, user_bytes: u64) -> Result<(), ScenarioError> {
        self.check_knobs(c)?;
        c.within("sizes", self.sizes.len() as u64, 1, MAX_LIST, "transfer sizes (one chart point each)")?;
        let largest = self.sizes.iter().map(|b| b.0).max().unwrap_or(MAPPING_UNIT_BYTES);
        for (i, size) in self.sizes.iter().enumerate() {
            transfer(c, &format!("sizes[{i}]"), *size, user_bytes)?;
        }
        region(c, self.offset, self.size, largest, user_bytes)?;
        needs_end(c, self.runtime, Bytes(0))?;
        distribution(c, &self.random_distribution)?;
        Ok(())
    }
}

impl ApplicationLoad {
    fn validate(&self, c: &Check, user_bytes: u64) -> Result<(), ScenarioError> {
        self.check_knobs(c)?;
        transfer(c, "bs", self.bs, user_bytes)?;
        region(c, self.offset, self.size, self.bs.0, user_bytes)?;
        distribution(c, &self.random_distribution)?;
        Ok(())
    }
}

impl CrystalDiskMark {
    fn validate(&self, c: &Check, user_bytes: u64) -> Result<(), ScenarioError> {
        self.check_knobs(c)?;
        c.within_size("size", self.size.0, 8 << 20, user_bytes, &format!("(8 MiB up to the drive's {})", sz(user_bytes)))?;
        needs_end(c, self.runtime, Bytes(0))?;
        if self.profile == CdmProfile::Custom {
            parse_cdm_tests(&self.tests).map_err(|e| c.fail("tests", ErrorCode::OutOfRange, e))?;
        }
        distribution(c, &self.random_distribution)?;
        Ok(())
    }
}

impl FileCopy {
    fn validate(&self, c: &Check, user_bytes: u64) -> Result<(), ScenarioError> {
        self.check_knobs(c)?;
        c.aligned("file_bytes", self.file_bytes.0, MAPPING_UNIT_BYTES)?;
        transfer(c, "bs", self.bs, user_bytes)?;
        c.aligned("offset", self.offset.0, MAPPING_UNIT_BYTES)?;
        let room = user_bytes.saturating_sub(self.bs.0);
        c.within_size("offset", self.offset.0, 0, room, &format!(": a copy must fit before the drive's end at {}", sz(user_bytes)))?;
        let room = user_bytes - self.offset.0;
        c.within_size(
            "file_bytes",
            self.file_bytes.0,
            self.bs.0,
            room,
            &format!(": at least bs ({}) and at most the {} after offset", sz(self.bs.0), sz(room)),
        )?;
        let fit = room / self.file_bytes.0;
        c.within("copies", self.copies as u64, 0, fit, &format!("(0 = until the drive is full): {fit} copies of {} fit after offset", sz(self.file_bytes.0)))?;
        if self.copies == 0 && fit > MAX_COPIES {
            let least = room.div_ceil(MAX_COPIES);
            let why = format!(": with copies 0 (until full) at most {MAX_COPIES} copies, so a file of at least {} (or set copies)", sz(least));
            c.within_size("file_bytes", self.file_bytes.0, least, room, &why)?;
        }
        Ok(())
    }
}

impl Job {
    pub(crate) fn validate(&self, c: &Check, user_bytes: u64) -> Result<(), ScenarioError> {
        self.check_knobs(c)?;
        transfer(c, "bs", self.bs, user_bytes)?;
        region(c, self.offset, self.size, self.bs.0, user_bytes)?;
        clones(c, self, user_bytes)?;
        needs_end(c, self.runtime, self.io_size)?;
        distribution(c, &self.random_distribution)?;
        placement_fields(c, self)
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
    c.value(field, &bs, &shared::BS)?;
    c.aligned(field, bs.0, MAPPING_UNIT_BYTES)?;
    c.within_size(field, bs.0, MAPPING_UNIT_BYTES, user_bytes, &format!(": a transfer must fit in the drive's {}", sz(user_bytes)))
}

/// The region a job walks: 4 KiB-aligned offset, and offset + size inside the drive, with
/// room for one transfer of `bs`.
fn region(c: &Check, offset: Bytes, size: Bytes, bs: u64, user_bytes: u64) -> Result<(), ScenarioError> {
    c.aligned("offset", offset.0, MAPPING_UNIT_BYTES)?;
    c.within_size(
        "offset",
        offset.0,
        0,
        user_bytes.saturating_sub(bs),
        &format!(": one transfer of {} must fit before the drive's end at {}", sz(bs), sz(user_bytes)),
    )?;
    if size.0 != 0 {
        let room = user_bytes - offset.0;
        c.within_size(
            "size",
            size.0,
            bs,
            room,
            &format!("(0 = to the drive's end): at least one transfer of {}, at most the {} after offset", sz(bs), sz(room)),
        )?;
    }
    Ok(())
}

/// With `offset_increment`, the last of the `numjobs` threads' regions must fit the drive.
fn clones(c: &Check, job: &Job, user_bytes: u64) -> Result<(), ScenarioError> {
    if job.offset_increment.0 == 0 {
        return Ok(());
    }
    c.aligned("offset_increment", job.offset_increment.0, MAPPING_UNIT_BYTES)?;
    let steps = job.numjobs.max(1) as u64 - 1;
    let span = if job.size.0 == 0 { job.bs.0 } else { job.size.0 };
    let room = user_bytes.saturating_sub(job.offset.0).saturating_sub(span);
    let most = room.checked_div(steps).unwrap_or(room) / MAPPING_UNIT_BYTES * MAPPING_UNIT_BYTES;
    let why = format!(": the last of numjobs ({}) regions of {} must end inside the drive's {}", job.numjobs, sz(span), sz(user_bytes));
    c.within_size("offset_increment", job.offset_increment.0, 0, most, &why)
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

/// A job's placement fields: each list parses. An empty list tags id 0, the drive's default
/// handle (fio cycles through every handle the drive reports; here they are listed), and a
/// write no scheme row holds takes 0, as in fio.
fn placement_fields(c: &Check, job: &Job) -> Result<(), ScenarioError> {
    parse_plids(&job.plids).map_err(|e| c.fail("plids", ErrorCode::InvalidOption, e))?;
    parse_scheme(&job.dp_scheme).map_err(|e| c.fail("dp_scheme", ErrorCode::InvalidOption, e))?;
    Ok(())
}

/// The highest placement id a job's writes can carry (0 when it tags none): what the drive's
/// placement handles must cover.
fn highest_plid(job: &Job) -> u16 {
    if job.dataplacement == DataPlacement::None {
        return 0;
    }
    let top = if job.plid_select == PlidSelect::Scheme {
        parse_scheme(&job.dp_scheme).unwrap_or_default().iter().map(|r| r.plid).max()
    } else {
        parse_plids(&job.plids).unwrap_or_default().into_iter().max()
    };
    top.unwrap_or(0)
}

/// The ids a workload tags its writes with, against the drive's placement handles: with FDP
/// on, each must name a (group, handle) pair (0 to handles x reclaim groups - 1), refused
/// naming the field that sets it. Without FDP the drive ignores ids. A trace's device ids are known only as it is
/// read: ids past the handles go through handle 0 and are counted (`device.fdp`'s notes).
pub(crate) fn check_placement_handles(workload: &Workload, fdp: &Fdp) -> Result<(), ScenarioError> {
    if !fdp.enabled {
        return Ok(());
    }
    // An id names a (reclaim group, handle) pair: handles x groups of them (`scenario/fdp.rs`).
    let handles = fdp.placement_ids().min(u16::MAX as u32) as u16;
    let c = Check::workload(workload.kind());
    let refuse = |field: &str, id: u16| {
        let message = format!(
            "must name one of the drive's placement ids, 0 to {} (device.fdp.handles {} x device.fdp.reclaim_groups {}) (got id {id})",
            handles.saturating_sub(1),
            fdp.handles,
            fdp.reclaim_groups
        );
        Err(c.fail(field, ErrorCode::OutOfRange, message))
    };
    match workload {
        Workload::Job(job) if job.dataplacement != DataPlacement::None => {
            let top = highest_plid(job);
            if top >= handles {
                return refuse(if job.plid_select == PlidSelect::Scheme { "dp_scheme" } else { "plids" }, top);
            }
        }
        Workload::Cache(cache) if cache.dataplacement != DataPlacement::None => {
            for (field, id) in [("bighash_plid", cache.bighash_plid), ("blockcache_plid", cache.blockcache_plid)] {
                if id >= handles {
                    return refuse(field, id);
                }
            }
        }
        Workload::Tenants(tenants) => {
            for (slot, tenant) in tenants.running() {
                if tenant.plid >= handles {
                    return refuse(&format!("tenant_{slot}.plid"), tenant.plid);
                }
            }
        }
        _ => {}
    }
    Ok(())
}
