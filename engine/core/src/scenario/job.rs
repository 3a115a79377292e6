//! One fio-style job: the unit every workload is made of (a benchmark runs one per chart
//! point). Field names follow fio (`rw`, `bs`, `iodepth`, `offset`, `size`, `io_size`,
//! `runtime`, `rwmixread`, `log_avg_msec`).

use super::knobs::{doc, inert_when, Inert, KnobValue, Knobs};
use super::placement::{DataPlacement, PlidSelect};
use super::workload_docs as shared;
use super::workload_kinds::WORKLOAD_KINDS;
use crate::units::Bytes;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS, KnobValue)]
#[serde(rename_all = "lowercase")]
#[ts(export)]
pub enum Rw {
    #[option("Sequential read")]
    Read,
    #[option("Sequential write")]
    Write,
    #[option("Random read")]
    Randread,
    #[option("Random write")]
    Randwrite,
    /// Sequential mixed reads and writes (fio `rw`/`readwrite`).
    #[option("Sequential mixed")]
    Rw,
    #[option("Random mixed")]
    Randrw,
    #[option("Sequential trim")]
    Trim,
    #[option("Random trim")]
    Randtrim,
}

impl Rw {
    pub fn is_random(self) -> bool {
        matches!(self, Rw::Randread | Rw::Randwrite | Rw::Randrw | Rw::Randtrim)
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS, Knobs)]
#[serde(default, deny_unknown_fields)]
#[ts(export)]
pub struct Job {
    #[knob(doc("Access pattern", "fio rw: sequential or random, read, write, mixed or trim"))]
    pub rw: Rw,
    /// Share of reads in a mixed job, percent.
    #[knob(doc("Read share", "Share of reads in a mixed job").unit("%").range(0.0, 100.0))]
    pub rwmixread: u32,
    /// Block size of each I/O.
    #[knob(shared::BS)]
    pub bs: Bytes,
    /// Commands kept outstanding (closed loop), per thread.
    #[knob(shared::IODEPTH)]
    pub iodepth: u32,
    /// Threads, each with its own queue of `iodepth` commands and its own random stream
    /// (fio's numjobs, CrystalDiskMark's T); each walks the region from `offset` as fio's
    /// clones do, and each does `io_size`.
    #[knob(doc("Threads", "fio numjobs: threads, each with its own queue of iodepth commands (CrystalDiskMark's T)").range(1.0, 64.0))]
    pub numjobs: u32,
    /// Start of the region the job touches.
    #[knob(shared::OFFSET)]
    pub offset: Bytes,
    /// fio's `offset_increment`: thread k starts at `offset` + k × this, so the `numjobs`
    /// threads are tenants side by side, each in a region of its own (0 = all share one).
    #[knob(doc("Offset increment", "fio offset_increment: thread k of numjobs starts at offset + k × this, each in its own region (tenants side by side; with dp_scheme each tags its own placement id); 0 = all threads share the region").at_least(0.0))]
    pub offset_increment: Bytes,
    /// Length of the region (the access span); 0 = from `offset` to the end of the drive.
    #[knob(shared::SIZE)]
    pub size: Bytes,
    /// Stop after this many bytes of I/O; 0 = no byte limit.
    #[knob(shared::IO_SIZE)]
    pub io_size: Bytes,
    /// Stop after this much simulated time, seconds; 0 = no time limit.
    #[knob(shared::RUNTIME)]
    pub runtime: f64,
    /// Run this long first without measuring (fio's `ramp_time`), seconds: caches warm up.
    #[knob(shared::RAMP_TIME)]
    pub ramp_time: f64,
    /// Idle this long before the job starts (fio's `startdelay`), seconds: the drive drains
    /// its write buffer and background GC runs (CrystalDiskMark's interval between tests).
    #[knob(doc("Start delay", "fio startdelay: idle before the job starts (the write buffer drains, background GC runs)").unit("s").range(0.0, 3600.0))]
    pub startdelay: f64,
    /// Width of each throughput-over-time window, milliseconds; 0 = runtime / 100.
    #[knob(doc("Averaging window", "Width of each throughput-over-time point; 0 = automatic").unit("ms").range(0.0, 3_600_000.0))]
    pub log_avg_msec: f64,
    /// Idle time between a command's completion and the next one from the same queue slot,
    /// microseconds (fio's `thinktime`). Idle time lets background GC work.
    #[knob(doc("Think time", "fio thinktime: idle between a completion and the next command (lets background GC work)").unit("µs").range(0.0, 10_000_000.0))]
    pub thinktime: f64,
    /// fio `fsync`: after every N writes a flush, so everything written before it is durable
    /// when it completes (0 = never). See `host::sync`.
    #[knob(doc("fsync every", "fio fsync: after every N writes the drive flushes its volatile write cache (0 = never)").unit("writes").range(0.0, 1_000_000.0).inert(&SYNC_OFF))]
    pub fsync: u32,
    /// fio `fdatasync`: as `fsync` (a raw block device has no file metadata to leave out).
    #[knob(doc("fdatasync every", "fio fdatasync: as fsync on a block device, a flush after every N writes (0 = never)").unit("writes").range(0.0, 1_000_000.0).inert(&SYNC_OFF))]
    pub fdatasync: u32,
    /// fio `sync=1` (O_SYNC): every write is durable when it completes (FUA).
    #[knob(doc("Synchronous writes", "fio sync: every write is durable when it completes (O_SYNC, FUA), not only in the drive's volatile cache").inert(&SYNC_OFF))]
    pub sync: bool,
    /// fio `write_barrier`: every N-th write is a barrier write, durable with everything
    /// before it (0 = none).
    #[knob(doc("Barrier every", "fio write_barrier: every N-th write is a barrier, durable with all before it (0 = none)").unit("writes").range(0.0, 1_000_000.0).inert(&SYNC_OFF))]
    pub write_barrier: u32,
    /// The power fails this long after the job starts, seconds (0 = it does not): the job
    /// stops issuing there, and the run reports what the drive had acknowledged and not yet
    /// written to NAND (`sim::power_cut`). Not a fio option.
    #[knob(doc("Power cut at", "The power fails this long after the job starts: writes the drive acknowledged but had not yet put on NAND are lost (0 = no cut)").unit("s").range(0.0, 3600.0).inert(&CUT_OFF))]
    pub power_cut_s: f64,
    /// Data pattern, as fio writes it: how compressible the data is, percent (0 = random).
    #[knob(shared::COMPRESSIBLE)]
    pub buffer_compress_percentage: u32,
    /// Write zeros (compresses to almost nothing).
    #[knob(shared::ZEROS)]
    pub zero_buffers: bool,
    /// Which blocks a random job touches, in fio's syntax: `random` (uniform), `zipf:θ`,
    /// `pareto:h` or `zoned:a/r:…` (see `host::distribution`).
    #[knob(shared::RANDOM_DISTRIBUTION)]
    pub random_distribution: String,
    /// fio `dataplacement`: whether writes carry a placement id (see `scenario::placement`).
    #[knob(doc(
        "Data placement",
        "fio dataplacement: tag each write with a placement id (NVMe FDP or streams) so the drive can keep data of different lifetimes apart; none = untagged"
    ))]
    pub dataplacement: DataPlacement,
    /// fio `plids` (`fdp_pli`): the ids the writes may carry, `1,2-4,5`.
    #[knob(doc("Placement ids", "fio plids: the ids this job's writes carry, e.g. 1 or 1,2-4 (0 to 127; 0 is the drive's default handle)").inert(&PLIDS_OFF))]
    pub plids: String,
    /// fio `plid_select`: round robin over `plids`, random, or by address range (`dp_scheme`).
    #[knob(doc("Placement id choice", "fio plid_select: next id of plids on every write, one at random, or by the address range the write falls in (dp_scheme)").inert(&PLID_SELECT_OFF))]
    pub plid_select: PlidSelect,
    /// fio `dp_scheme`'s rows, inline: `start, end, plid` per row, `;` between rows.
    #[knob(doc("Placement by address", "fio dp_scheme rows inline: start, end, plid; … (a write takes the id of the first row holding its offset, 0 where none does)").inert(&DP_SCHEME_OFF))]
    pub dp_scheme: String,
}

/// A flush changes nothing where no write waits in a volatile cache: a job that does not
/// write, a drive with power-loss protection (it reports no volatile cache), and media the
/// engine writes through (3D XPoint in place; a disk's and a zoned drive's flush is not
/// modelled yet).
const NO_WRITES: &str = "The job does not write: there is nothing to flush";
const SYNC_OFF: [Inert; 8] = super::knobs::joined(
    &[
        inert_when("workload.rw", "read", "sync_no_writes", NO_WRITES),
        inert_when("workload.rw", "randread", "sync_no_writes", NO_WRITES),
        inert_when("workload.rw", "trim", "sync_no_writes", NO_WRITES),
        inert_when("workload.rw", "randtrim", "sync_no_writes", NO_WRITES),
    ],
    &CACHE_NOT_VOLATILE,
);
/// The drives whose flush waits for nothing (a trace's flushes too).
pub(super) const CACHE_NOT_VOLATILE: [Inert; 4] = [
    inert_when(
        "device.controller.plp",
        "true",
        "sync_plp",
        "The drive has power-loss protection: it reports no volatile write cache, so Linux sends it no flush",
    ),
    inert_when("device.kind", "xpoint_ssd", "sync_in_place", "3D XPoint writes in place, with no volatile write cache: a flush waits for nothing"),
    inert_when("device.kind", "hdd", "sync_disk", "The engine does not model a disk's flush yet"),
    inert_when("device.zns.enabled", "true", "sync_zoned", "The engine does not model a flush on a zoned drive yet"),
];

/// Only a power cut reads what the drive's power-fail knobs set (its table's checkpoint,
/// paired pages): they do nothing on a job that does not cut the power, and on any other
/// workload (only a fio-style job cuts it).
const NO_CUT: &str = "No power cut: set the job's power cut to see what this changes";
const JOB_ONLY: &str = "Only a fio-style job can cut the power";
pub(super) const NO_POWER_CUT: [Inert; WORKLOAD_KINDS.len()] =
    super::knobs::joined(&[inert_when("workload.power_cut_s", "0", "no_power_cut", NO_CUT)], &job_only());

/// `cut_job_only` on every workload kind but `job` (the last of `WORKLOAD_KINDS`, checked
/// when this is built), so a kind added there is covered.
const fn job_only() -> [Inert; WORKLOAD_KINDS.len() - 1] {
    let last = WORKLOAD_KINDS[WORKLOAD_KINDS.len() - 1].as_bytes();
    assert!(last.len() == 3 && last[0] == b'j' && last[1] == b'o' && last[2] == b'b');
    let mut out = [inert_when("workload.kind", "", "cut_job_only", JOB_ONLY); WORKLOAD_KINDS.len() - 1];
    let mut i = 0;
    while i < out.len() {
        out[i] = inert_when("workload.kind", WORKLOAD_KINDS[i], "cut_job_only", JOB_ONLY);
        i += 1;
    }
    out
}

/// A power cut is accounted on a NAND drive only: 3D XPoint writes in place with its own
/// power-loss protection; the disk, zoned and hybrid models do not keep what it needs yet.
const CUT_OFF: [Inert; 4] = [
    inert_when("device.kind", "xpoint_ssd", "cut_in_place", "3D XPoint writes in place, with power-loss protection: a power cut loses nothing acknowledged"),
    inert_when("device.kind", "hdd", "cut_not_modelled", "The engine models a power cut on a NAND SSD only, for now"),
    inert_when("device.kind", "hybrid", "cut_not_modelled", "The engine models a power cut on a NAND SSD only, for now"),
    inert_when("device.zns.enabled", "true", "cut_not_modelled", "The engine models a power cut on a NAND SSD only, for now"),
];

/// The placement knobs do nothing on a job that tags no writes (an id a knob, as the
/// catalogue wants them).
const UNTAGGED: &str = "Data placement is none: the job's writes carry no placement id";
const PLIDS_OFF: [Inert; 1] = [inert_when("workload.dataplacement", "none", "plids_untagged", UNTAGGED)];
const PLID_SELECT_OFF: [Inert; 1] = [inert_when("workload.dataplacement", "none", "plid_select_untagged", UNTAGGED)];
const DP_SCHEME_OFF: [Inert; 1] = [inert_when("workload.dataplacement", "none", "dp_scheme_untagged", UNTAGGED)];

impl Default for Job {
    fn default() -> Self {
        Self {
            rw: Rw::Randread,
            rwmixread: 50,
            bs: Bytes(4096),
            iodepth: 32,
            numjobs: 1,
            offset: Bytes(0),
            offset_increment: Bytes(0),
            size: Bytes(crate::units::GIB),
            io_size: Bytes(0),
            runtime: 0.05,
            ramp_time: 0.0,
            startdelay: 0.0,
            log_avg_msec: 0.0,
            thinktime: 0.0,
            fsync: 0,
            fdatasync: 0,
            sync: false,
            write_barrier: 0,
            power_cut_s: 0.0,
            buffer_compress_percentage: 0,
            zero_buffers: false,
            random_distribution: RANDOM.to_string(),
            dataplacement: DataPlacement::None,
            plids: String::new(),
            plid_select: PlidSelect::Roundrobin,
            dp_scheme: String::new(),
        }
    }
}

/// fio's default `random_distribution`: uniform.
pub const RANDOM: &str = "random";

impl Job {
    /// Sectors a unit of this job's data takes on a drive whose slots hold `slot_sectors`
    /// (1 without compression): zeros shrink to one sector, otherwise the incompressible
    /// share of the slot, rounded up.
    pub fn data_sectors(&self, slot_sectors: u32) -> u32 {
        if slot_sectors <= 1 {
            return 1;
        }
        if self.zero_buffers {
            return 1;
        }
        let kept = slot_sectors * (100 - self.buffer_compress_percentage.min(100));
        kept.div_ceil(100).clamp(1, slot_sectors)
    }

    /// Most commands the job issues before `io_size` runs out (None without a byte limit):
    /// a sequential pass over a span that `bs` does not divide ends in a shorter transfer.
    pub fn commands_for_io(&self, user_bytes: u64) -> Option<u64> {
        if self.io_size.0 == 0 {
            return None;
        }
        let unit = crate::units::MAPPING_UNIT_BYTES;
        let bs = (self.bs.0 / unit).max(1);
        let io = self.io_size.0.div_ceil(unit);
        if self.rw.is_random() {
            return Some(io.div_ceil(bs));
        }
        let span_bytes = if self.size.0 == 0 { user_bytes.saturating_sub(self.offset.0) } else { self.size.0 };
        let span = (span_bytes / unit).max(bs);
        // Full transfers, plus at most one short tail per pass over the span.
        let tails = if span.is_multiple_of(bs) { 0 } else { io.div_ceil(span) };
        Some(io.div_ceil(bs).saturating_add(tails))
    }

    /// The access span in bytes once `size: 0` is resolved against the drive.
    pub fn span_bytes(&self, user_bytes: u64) -> u64 {
        if self.size.0 == 0 {
            user_bytes - self.offset.0
        } else {
            self.size.0
        }
    }
}
