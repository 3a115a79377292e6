//! The workload half of a scenario: what the host does to the drive.
//!
//! Field names follow fio where fio has one (`rw`, `bs`, `iodepth`, `offset`, `size`,
//! `io_size`, `runtime`, `rwmixread`, `log_avg_msec`).

use super::job::Job;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

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
            _ => return None,
        })
    }
}

/// The meaning of the fields several workload kinds share, written once; each kind's struct
/// points its field at one of these (`#[knob(IODEPTH)]`) or says what the field means there.
pub(super) mod shared {
    use crate::scenario::knobs::{doc, mib, Doc};

    pub const BS: Doc = doc("Block size", "fio bs: bytes per I/O, a multiple of 4 KiB").range(4096.0, mib(64.0));
    pub const IODEPTH: Doc = doc("Queue depth", "fio iodepth: commands kept in flight").range(1.0, 1024.0);
    pub const OFFSET: Doc = doc("Offset", "Start of the region the job touches").at_least(0.0);
    pub const SIZE: Doc = doc("Region size", "Access span; 0 = to the end of the drive").at_least(0.0);
    pub const IO_SIZE: Doc = doc("I/O amount", "Stop after this many bytes (0 = no limit); per point in a sweep").range(0.0, 1_125_899_906_842_624.0);
    pub const RUNTIME: Doc = doc("Runtime", "Simulated seconds (0 = no limit); per point in a sweep").unit("s").range(0.0, 3600.0);
    pub const RAMP_TIME: Doc = doc("Ramp time", "fio ramp_time: unmeasured warm-up first (caches fill)").unit("s").range(0.0, 3600.0);
    pub const COMPRESSIBLE: Doc = doc("Compressible", "fio buffer_compress_percentage: how compressible the data is (0 = random)").unit("%").range(0.0, 100.0);
    pub const ZEROS: Doc = doc("Zeros", "fio zero_buffers: write zero-filled data");
    pub const RANDOM_DISTRIBUTION: Doc =
        doc("Random distribution", "fio random_distribution: random (uniform), zipf:1.2, pareto:0.2 or zoned:80/20 (80 % of I/O to 20 % of the range)");
    /// `rw` where a kind writes, sequentially or at random.
    pub const RW_WRITES: Doc = doc("Access pattern", "Sequential or random writes").options(&["write", "randwrite"]);
    /// `rw` where a kind traces or sweeps any single direction.
    pub const RW_TRACED: Doc = doc("Access pattern", "fio rw of every operation traced").options(&["read", "write", "randread", "randwrite"]);
}

impl Workload {
    /// This kind's rows of the knob catalogue.
    pub(super) fn list_kind(&self, place: &super::knobs::Place, out: &mut Vec<super::knobs::Knob>) {
        use super::knobs::Knobs as _;
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
        }
    }
}
