//! The workload half of a scenario: what the host does to the drive.
//!
//! Field names follow fio where fio has one (`rw`, `bs`, `iodepth`, `offset`, `size`,
//! `io_size`, `runtime`, `rwmixread`, `log_avg_msec`).

use super::gather::{Knobs as _, Place};
use super::job::Job;
use super::knobs::Knob;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

pub use super::workload_kinds::WORKLOAD_KINDS;

/// What the host does: one fio-style job, or one of the benchmarks behind the articles'
/// charts. A benchmark runs a series of jobs on the same drive, one per chart point.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[serde(tag = "kind", rename_all = "snake_case")]
#[ts(export)]
pub enum Workload {
    /// One fio-style job.
    Job(Job),
    /// TxBENCH style: one job per access span (article 000).
    SpanSweep(super::benchmarks::SpanSweep),
    /// Write the whole drive once, throughput against data written (article 001).
    WholeDriveWrite(super::benchmarks::WholeDriveWrite),
    /// Every operation's latency, e.g. 8 MiB sequential writes over a file (article 002).
    LatencyTrace(super::benchmarks::LatencyTrace),
    /// Rounds of writes into a nearly full drive until steady state (article 003).
    SteadyState(super::benchmarks::SteadyState),
    /// Iometer style: one job per transfer size (article 004).
    TransferSizeSweep(super::benchmarks::TransferSizeSweep),
    /// The CrystalDiskMark set: SEQ1M Q8T1, SEQ1M Q1T1, RND4K Q32T1, RND4K Q1T1.
    CrystalDiskMark(super::benchmarks::CrystalDiskMark),
    /// Copies of a large file, one after another, until the drive is full (article 003).
    FileCopy(super::benchmarks::FileCopy),
    /// The same files read run after run, idle in between (article 001).
    ApplicationLoad(super::benchmarks::ApplicationLoad),
    /// A block trace replayed on the drive (its file attached to the run).
    Trace(super::replay::TraceReplay),
    /// A flash cache's writes (CacheLib's BigHash and BlockCache), each engine with its own
    /// placement id.
    Cache(super::CacheWorkload),
    /// The host's log-structured store cleaning zones itself (a zoned drive's host side).
    ZonedLog(super::ZonedLog),
    /// Several fio-style jobs at once, each with its own region, queue and placement id.
    Tenants(super::Tenants),
}

impl Default for Workload {
    fn default() -> Self {
        Workload::Job(Job::default())
    }
}

impl Workload {
    /// The default workload of a kind, as `workload.kind` spells it.
    pub fn default_of(kind: &str) -> Option<Workload> {
        use super::benchmarks::*;
        Some(match kind {
            "job" => Workload::Job(Job::default()),
            "span_sweep" => Workload::SpanSweep(SpanSweep::default()),
            "whole_drive_write" => Workload::WholeDriveWrite(WholeDriveWrite::default()),
            "latency_trace" => Workload::LatencyTrace(LatencyTrace::default()),
            "steady_state" => Workload::SteadyState(SteadyState::default()),
            "transfer_size_sweep" => Workload::TransferSizeSweep(TransferSizeSweep::default()),
            "crystal_disk_mark" => Workload::CrystalDiskMark(CrystalDiskMark::default()),
            "file_copy" => Workload::FileCopy(FileCopy::default()),
            "application_load" => Workload::ApplicationLoad(ApplicationLoad::default()),
            "trace" => Workload::Trace(super::replay::TraceReplay::default()),
            "cache" => Workload::Cache(super::CacheWorkload::default()),
            "zoned_log" => Workload::ZonedLog(super::ZonedLog::default()),
            "tenants" => Workload::Tenants(super::Tenants::default()),
            _ => return None,
        })
    }
}

impl Workload {
    /// This kind's rows of the knob catalogue.
    pub(super) fn list_kind(&self, place: &Place, out: &mut Vec<Knob>) {
        match self {
            Workload::Job(_) => Job::list(place, out),
            Workload::SpanSweep(_) => super::benchmarks::SpanSweep::list(place, out),
            Workload::WholeDriveWrite(_) => super::benchmarks::WholeDriveWrite::list(place, out),
            Workload::LatencyTrace(_) => super::benchmarks::LatencyTrace::list(place, out),
            Workload::SteadyState(_) => super::benchmarks::SteadyState::list(place, out),
            Workload::TransferSizeSweep(_) => super::benchmarks::TransferSizeSweep::list(place, out),
            Workload::CrystalDiskMark(_) => super::benchmarks::CrystalDiskMark::list(place, out),
            Workload::FileCopy(_) => super::benchmarks::FileCopy::list(place, out),
            Workload::ApplicationLoad(_) => super::benchmarks::ApplicationLoad::list(place, out),
            Workload::Trace(_) => super::replay::TraceReplay::list(place, out),
            Workload::Cache(_) => super::CacheWorkload::list(place, out),
            Workload::ZonedLog(_) => super::ZonedLog::list(place, out),
            Workload::Tenants(_) => super::Tenants::list(place, out),
        }
    }
}
