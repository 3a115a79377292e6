//! Benchmarks: the measurement protocols behind the articles' charts. Each one expands into
//! a list of fio-style jobs (see `host::plan`).

use super::job::{Job, Rw, RANDOM};
use super::knobs::{doc, mib, Knobs};
use super::workload_docs as shared;
use crate::units::{Bytes, GIB, KIB, MIB};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS, Knobs)]
#[serde(default, deny_unknown_fields)]
#[ts(export)]
pub struct SpanSweep {
    /// `randread` or `randwrite`.
    #[knob(doc("Access pattern", "Random reads or random writes").options(&["randread", "randwrite"]))]
    pub rw: Rw,
    #[knob(shared::BS)]
    pub bs: Bytes,
    #[knob(shared::IODEPTH)]
    pub iodepth: u32,
    /// One chart point per access span, each span starting at LBA 0.
    #[knob(doc("Access spans", "One chart point per span (TxBENCH: 1 to 64 GB)"))]
    pub spans: Vec<Bytes>,
    /// Per point: seconds of simulated time (0 = no limit).
    #[knob(shared::RUNTIME)]
    pub runtime: f64,
    /// Per point: bytes of I/O (0 = no limit). The article's write test writes 4 GB a point.
    #[knob(shared::IO_SIZE)]
    pub io_size: Bytes,
    /// Per point: unmeasured warm-up first, seconds (caches fill; TxBENCH's 30-second
    /// averages hide the warm-up the same way).
    #[knob(shared::RAMP_TIME)]
    pub ramp_time: f64,
    /// fio `random_distribution` of the random accesses.
    #[knob(shared::RANDOM_DISTRIBUTION)]
    pub random_distribution: String,
    /// Idle before each point but the first, seconds: the drive folds its SLC cache and GC
    /// catches up, so every point starts alike (article 000 kept its 4 GB a point inside the
    /// SLC cache).
    #[knob(doc("Idle between points", "The host rests this long before each span; the drive folds its SLC cache and GC catches up").unit("s").range(0.0, 3600.0))]
    pub idle_s: f64,
}

impl Default for SpanSweep {
    fn default() -> Self {
        Self {
            rw: Rw::Randread,
            bs: Bytes(4 * KIB),
            iodepth: 32,
            spans: [1, 2, 4, 8].map(|g| Bytes(g * GIB)).to_vec(),
            runtime: 0.02,
            io_size: Bytes(0),
            ramp_time: 0.0,
            random_distribution: RANDOM.to_string(),
            idle_s: 0.0,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS, Knobs)]
#[serde(default, deny_unknown_fields)]
#[ts(export)]
pub struct WholeDriveWrite {
    /// `write` (sequential) or `randwrite`.
    #[knob(shared::RW_WRITES)]
    pub rw: Rw,
    #[knob(shared::BS)]
    pub bs: Bytes,
    #[knob(shared::IODEPTH)]
    pub iodepth: u32,
    /// Bytes to write; 0 = the drive's user capacity.
    #[knob(shared::IO_SIZE)]
    pub io_size: Bytes,
    /// Chart points along the data written.
    #[knob(doc("Chart points", "Points along the data written").range(2.0, 10_000.0))]
    pub points: u32,
    /// Data pattern (fio names): compressible percent, or zeros.
    #[knob(shared::COMPRESSIBLE)]
    pub buffer_compress_percentage: u32,
    #[knob(shared::ZEROS)]
    pub zero_buffers: bool,
    /// fio `random_distribution` of `randwrite`.
    #[knob(shared::RANDOM_DISTRIBUTION)]
    pub random_distribution: String,
}

impl Default for WholeDriveWrite {
    fn default() -> Self {
        Self {
            rw: Rw::Write,
            bs: Bytes(128 * KIB),
            iodepth: 32,
            io_size: Bytes(0),
            points: 200,
            buffer_compress_percentage: 0,
            zero_buffers: false,
            random_distribution: RANDOM.to_string(),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS, Knobs)]
#[serde(default, deny_unknown_fields)]
#[ts(export)]
pub struct LatencyTrace {
    #[knob(shared::RW_TRACED)]
    pub rw: Rw,
    #[knob(shared::BS)]
    pub bs: Bytes,
    #[knob(shared::IODEPTH)]
    pub iodepth: u32,
    #[knob(shared::OFFSET)]
    pub offset: Bytes,
    /// The file (region) the operations walk through.
    #[knob(shared::SIZE)]
    pub size: Bytes,
    /// Bytes of I/O; 0 = `size` once.
    #[knob(shared::IO_SIZE)]
    pub io_size: Bytes,
    /// At most this many chart points; with more operations each point keeps the worst
    /// latency of its group, so spikes survive.
    #[knob(doc("Chart points", "At most this many; each keeps its group's worst latency").range(10.0, 100_000.0))]
    pub max_points: u32,
    /// fio `random_distribution` of random operations.
    #[knob(shared::RANDOM_DISTRIBUTION)]
    pub random_distribution: String,
}

impl Default for LatencyTrace {
    fn default() -> Self {
        Self {
            rw: Rw::Write,
            bs: Bytes(8 * MIB),
            iodepth: 1,
            offset: Bytes(0),
            size: Bytes(2 * GIB),
            io_size: Bytes(0),
            max_points: 4000,
            random_distribution: RANDOM.to_string(),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS, Knobs)]
#[serde(default, deny_unknown_fields)]
#[ts(export)]
pub struct SteadyState {
    #[knob(shared::RW_WRITES)]
    pub rw: Rw,
    #[knob(shared::BS)]
    pub bs: Bytes,
    #[knob(shared::IODEPTH)]
    pub iodepth: u32,
    #[knob(shared::OFFSET)]
    pub offset: Bytes,
    /// Region the rounds write; 0 = from `offset` to the end of the drive.
    #[knob(shared::SIZE)]
    pub size: Bytes,
    /// Bytes written per round (one chart point each).
    #[knob(doc("Bytes per round", "Written per round, one chart point each").at_least(4096.0))]
    pub round_bytes: Bytes,
    #[knob(doc("Rounds", "Write rounds").range(1.0, 1000.0))]
    pub rounds: u32,
    /// Data pattern (fio names): compressible percent, or zeros (article 003 compares them).
    #[knob(shared::COMPRESSIBLE)]
    pub buffer_compress_percentage: u32,
    #[knob(shared::ZEROS)]
    pub zero_buffers: bool,
    /// fio `random_distribution` of `randwrite` (e.g. `zoned:80/20`: hot and cold data).
    #[knob(shared::RANDOM_DISTRIBUTION)]
    pub random_distribution: String,
    /// Idle time after each round, seconds: the host sends nothing and background GC runs.
    #[knob(doc("Idle between rounds", "The host rests this long after each round; background GC may work").unit("s").range(0.0, 3600.0))]
    pub idle_s: f64,
    /// TRIM the region after each round (files deleted on an OS that sends TRIM); without it
    /// the drive still holds the deleted files' data (article 003's OP level 4).
    #[knob(doc("TRIM after each round", "Delete the round's files with TRIM, so the drive knows the space is free"))]
    pub trim_after_round: bool,
    /// Each round is a CrystalDiskMark run on the region instead of one job: its test file
    /// (the region) written first, then each of these write tests `test_count` times, the
    /// best of each test a point of its own line (article 003 ran CrystalDiskMark 3's four
    /// write tests, 4000 MB, 9 times a round). Empty = the round is one job (`rw`, `bs`,
    /// `iodepth`). The tests share `round_bytes` evenly.
    #[knob(doc("CrystalDiskMark tests", "A CrystalDiskMark run a round on the region: these write tests, a line each; empty = one job"))]
    pub tests: String,
    /// Runs of each test a round, the best kept (CrystalDiskMark's test count).
    #[knob(doc("Test count", "Runs of each CrystalDiskMark test a round; the best is drawn (article 003: 9)").range(1.0, 9.0))]
    pub test_count: u32,
}

impl Default for SteadyState {
    fn default() -> Self {
        Self {
            rw: Rw::Randwrite,
            bs: Bytes(4 * KIB),
            iodepth: 32,
            offset: Bytes(0),
            size: Bytes(0),
            round_bytes: Bytes(GIB),
            rounds: 8,
            buffer_compress_percentage: 0,
            zero_buffers: false,
            random_distribution: RANDOM.to_string(),
            idle_s: 0.0,
            trim_after_round: false,
            tests: String::new(),
            test_count: 1,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS, Knobs)]
#[serde(default, deny_unknown_fields)]
#[ts(export)]
pub struct TransferSizeSweep {
    #[knob(shared::RW_TRACED)]
    pub rw: Rw,
    /// One chart point per transfer size.
    #[knob(doc("Transfer sizes", "One chart point per transfer size (Iometer: 4 KiB to 1 MiB)"))]
    pub sizes: Vec<Bytes>,
    #[knob(shared::IODEPTH)]
    pub iodepth: u32,
    #[knob(shared::OFFSET)]
    pub offset: Bytes,
    #[knob(shared::SIZE)]
    pub size: Bytes,
    /// Per point, seconds of simulated time.
    #[knob(shared::RUNTIME)]
    pub runtime: f64,
    /// fio `random_distribution` of random transfers.
    #[knob(shared::RANDOM_DISTRIBUTION)]
    pub random_distribution: String,
    /// Article 004's warm-up, before the first point: 4 KiB sequential reads over the region
    /// for this long (0 = none), so a hybrid drive learns which blocks are read often...
    #[knob(doc("Warm-up", "4 KiB sequential reads over the region first (article 004: 10 minutes); 0 = none").unit("s").range(0.0, 3600.0))]
    pub warmup_s: f64,
    /// ...then the host idles this long, so it can copy them to its cache.
    #[knob(doc("Idle after warm-up", "The host rests before the first point; a hybrid drive promotes what it learned").unit("s").range(0.0, 3600.0))]
    pub idle_s: f64,
}

impl Default for TransferSizeSweep {
    fn default() -> Self {
        Self {
            rw: Rw::Randread,
            sizes: [4, 8, 16, 32, 64, 128, 256, 512, 768, 1024].map(|k| Bytes(k * KIB)).to_vec(),
            iodepth: 1,
            offset: Bytes(0),
            size: Bytes(100 * MIB),
            runtime: 0.05,
            random_distribution: RANDOM.to_string(),
            warmup_s: 0.0,
            idle_s: 0.0,
        }
    }
}

/// An application loading (article 001): it reads the same files, the same way, run after
/// run, with the host idle in between. A cache that learns makes the second and later runs
/// faster. One chart point per run: its read speed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS, Knobs)]
#[serde(default, deny_unknown_fields)]
#[ts(export)]
pub struct ApplicationLoad {
    /// `randread` (files scattered over the region, read in pieces) or `read` (in order).
    #[knob(doc("Access pattern", "How the application reads its files: scattered pieces or in order").options(&["randread", "read"]))]
    pub rw: Rw,
    #[knob(shared::BS)]
    pub bs: Bytes,
    #[knob(shared::IODEPTH)]
    pub iodepth: u32,
    /// The application's files: a region of the drive. Each run reads `size` bytes of it.
    #[knob(shared::OFFSET)]
    pub offset: Bytes,
    #[knob(shared::SIZE)]
    pub size: Bytes,
    #[knob(doc("Runs", "Loads of the same files, one chart point each").range(1.0, 20.0))]
    pub runs: u32,
    /// The host idles this long between runs, seconds.
    #[knob(doc("Idle between runs", "The host rests this long between loads").unit("s").range(0.0, 3600.0))]
    pub idle_s: f64,
    /// Switch the drive off and on between runs (what survives in its caches).
    #[knob(doc("Power cycle between runs", "Switch the drive off and on between loads: what survives in its caches"))]
    pub power_cycle: bool,
    /// fio `random_distribution` of the reads.
    #[knob(shared::RANDOM_DISTRIBUTION)]
    pub random_distribution: String,
}

impl Default for ApplicationLoad {
    fn default() -> Self {
        Self {
            rw: Rw::Randread,
            bs: Bytes(16 * KIB),
            iodepth: 1,
            offset: Bytes(0),
            size: Bytes(2 * crate::units::GIB),
            runs: 4,
            idle_s: 5.0,
            power_cycle: false,
            random_distribution: RANDOM.to_string(),
        }
    }
}

pub use super::cdm::CdmProfile;

/// CrystalDiskMark as it runs: every read test, then every write test, each measured for
/// `runtime` with an idle `interval_s` before it (none before the first), each test run
/// `test_count` times back to back and the best kept.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS, Knobs)]
#[serde(default, deny_unknown_fields)]
#[ts(export)]
pub struct CrystalDiskMark {
    /// The test file.
    #[knob(doc("Test file", "CrystalDiskMark's test file").at_least(mib(8.0)))]
    pub size: Bytes,
    /// Measure time of each test, seconds of simulated time (CrystalDiskMark: 5).
    #[knob(shared::RUNTIME)]
    pub runtime: f64,
    /// Idle time between tests, seconds (CrystalDiskMark's interval: 5): the drive drains
    /// its write buffer and background GC runs, so a test does not pay for the one before.
    #[knob(doc("Interval", "CrystalDiskMark's interval: idle between tests (the write buffer drains, background GC runs)").unit("s").range(0.0, 3600.0))]
    pub interval_s: f64,
    #[knob(doc("Test set", "CrystalDiskMark's profile: Default (SEQ1M Q8T1, SEQ1M Q1T1, RND4K Q32T1, RND4K Q1T1), NVMe SSD, or custom tests"))]
    pub profile: CdmProfile,
    /// The tests of the `custom` profile, as CrystalDiskMark names them: "SEQ1M Q8T1,
    /// RND4K Q32T4, RND4K Q1T1".
    #[knob(doc("Custom tests", "As CrystalDiskMark names them, comma-separated: SEQ1M Q8T1, RND4K Q32T4 (SEQ or RND, block size, queues, threads)").when("profile", "custom"))]
    pub tests: String,
    /// Runs of each test; the chart shows the best (CrystalDiskMark's test count: 5).
    #[knob(doc("Test count", "Runs of each test; the best is shown (CrystalDiskMark: 5)").range(1.0, 9.0))]
    pub test_count: u32,
    /// fio `random_distribution` of the RND4K tests (CrystalDiskMark's own is uniform).
    #[knob(shared::RANDOM_DISTRIBUTION)]
    pub random_distribution: String,
    /// CrystalDiskMark's test data "All 0x00" instead of random: a compressing controller
    /// writes almost nothing (SandForce drives' spec sheets were measured so).
    #[knob(doc("All 0x00", "CrystalDiskMark's test data All 0x00 instead of random (a compressing drive writes almost nothing)"))]
    pub zero_buffers: bool,
}

/// Defaults shorter than CrystalDiskMark's own 5 s + 5 s so a run takes seconds in a browser;
/// 1 s of measuring keeps the write buffer's share of a write test near 1 % (at 0.05 s it
/// inflated SEQ1M Q8T1 by tens of percent) and 1 s of idle drains it and the GC backlog.
impl Default for CrystalDiskMark {
    fn default() -> Self {
        Self {
            size: Bytes(GIB),
            runtime: 1.0,
            interval_s: 1.0,
            profile: CdmProfile::Default,
            tests: "SEQ1M Q8T1, RND4K Q32T4, RND4K Q1T1".to_string(),
            test_count: 1,
            random_distribution: RANDOM.to_string(),
            zero_buffers: false,
        }
    }
}

impl SteadyState {
    /// Bytes of the region the rounds write (`size`, or from `offset` to the drive's end).
    pub fn region_bytes(&self, user_bytes: u64) -> u64 {
        if self.size.0 == 0 {
            user_bytes.saturating_sub(self.offset.0)
        } else {
            self.size.0
        }
    }
}

/// A file copied again and again (article 003 copies a 28.8 GB file until the drive is full):
/// each copy is one sequential write of the file after the previous copy, one chart point
/// (its write speed) each.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS, Knobs)]
#[serde(default, deny_unknown_fields)]
#[ts(export)]
pub struct FileCopy {
    /// Size of the file.
    #[knob(doc("File size", "The file copied (article 003: 28.8 GB)").at_least(4096.0))]
    pub file_bytes: Bytes,
    /// Copies to write; 0 = as many as fit between `offset` and the drive's end.
    #[knob(doc("Copies", "Copies written one after another; 0 = until the drive is full").range(0.0, 10_000.0))]
    pub copies: u32,
    #[knob(doc("Block size", "Bytes per write of the copy (a file copy writes in large blocks)").range(4096.0, mib(64.0)))]
    pub bs: Bytes,
    #[knob(doc("Queue depth", "Writes of the copy kept in flight").range(1.0, 1024.0))]
    pub iodepth: u32,
    /// Where the first copy starts.
    #[knob(doc("Offset", "Where the first copy starts; each copy follows the one before").at_least(0.0))]
    pub offset: Bytes,
    /// Data pattern (fio names): compressible percent, or zeros.
    #[knob(shared::COMPRESSIBLE)]
    pub buffer_compress_percentage: u32,
    #[knob(shared::ZEROS)]
    pub zero_buffers: bool,
    /// Idle time between copies, seconds (background GC runs).
    #[knob(doc("Idle between copies", "The host rests this long between copies; background GC may work").unit("s").range(0.0, 3600.0))]
    pub idle_s: f64,
}

impl Default for FileCopy {
    fn default() -> Self {
        Self {
            file_bytes: Bytes(GIB),
            copies: 4,
            bs: Bytes(MIB),
            iodepth: 4,
            offset: Bytes(0),
            buffer_compress_percentage: 0,
            zero_buffers: false,
            idle_s: 0.0,
        }
    }
}

/// Most copies a file copy makes (one chart point and one phase each).
pub const MAX_COPIES: u64 = 10_000;

impl FileCopy {
    /// Copies the run writes on a drive of `user_bytes` (`copies: 0` resolved); never more
    /// than `MAX_COPIES`, which validation enforces with a message.
    pub fn copies_on(&self, user_bytes: u64) -> u64 {
        let copies = if self.copies > 0 { self.copies as u64 } else { user_bytes.saturating_sub(self.offset.0).checked_div(self.file_bytes.0).unwrap_or(0) };
        copies.min(MAX_COPIES)
    }
}

/// Shared by the benchmarks' job builders.
pub(crate) fn job(rw: Rw, bs: Bytes, iodepth: u32, offset: Bytes, size: Bytes) -> Job {
    Job { rw, bs, iodepth, offset, size, io_size: Bytes(0), runtime: 0.0, ..Job::default() }
}
