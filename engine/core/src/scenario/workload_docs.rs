//! The meaning of the fields several workload kinds share, written once; each kind's struct
//! points its field at one of these (`#[knob(shared::IODEPTH)]`) or says what the field means
//! there.

use super::knobs::{doc, mib, Doc};

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
