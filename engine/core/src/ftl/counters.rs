//! What the FTL reports: its counters since the drive was new, and the per-block view the
//! block map draws.

#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct FtlCounters {
    pub host_units_written: u64,
    pub gc_units_moved: u64,
    /// The same writes in sectors (= units without compression): the NAND space they took.
    pub host_sectors_written: u64,
    pub gc_sectors_moved: u64,
    pub units_trimmed: u64,
    /// Host units written into the SLC cache, and units folded out of it into native
    /// blocks (also counted in `gc_units_moved`: they are NAND writes).
    pub slc_units_written: u64,
    pub units_folded: u64,
    pub gc_runs: u64,
    pub erases: u64,
    /// Victims chosen by static wear levelling rather than the GC policy, and the units
    /// moved out of them (also in `gc_units_moved`: GC's machinery moves them).
    pub wear_level_moves: u64,
    pub wear_level_units_moved: u64,
    /// Sums over GC's victim choices of the space holding data in the victim's plane then
    /// (written, valid or not) and of its valid data, in sectors: their ratio is the spare
    /// GC really had.
    pub written_sectors_sum: f64,
    pub valid_sectors_sum: f64,
    /// GC's victim choices (not folds), and the sum of each victim's valid share of what
    /// it held when chosen: their ratio is the valid share GC paid for, the drive-state
    /// view's "victims were x % valid".
    pub gc_victims: u64,
    pub victim_valid_share_sum: f64,
    /// Slots of padding host flushes programmed to finish part-filled pages (`flush.rs`).
    pub flush_padded_slots: u64,
}

impl FtlCounters {
    /// The spare GC had at its victim choices since `before`, as OP is quoted:
    /// (written - valid) / valid, percent. None if GC chose no victim.
    pub fn gc_spare_percent_since(&self, before: &FtlCounters) -> Option<f64> {
        let written = self.written_sectors_sum - before.written_sectors_sum;
        let valid = self.valid_sectors_sum - before.valid_sectors_sum;
        (valid > 0.0).then(|| (written - valid) / valid * 100.0)
    }
}

/// Every block's valid units, erase count and state, in block order (plane-major).
pub struct BlockMap {
    pub valid_units: Vec<u32>,
    pub erase_counts: Vec<u32>,
    pub states: Vec<u8>,
    /// Per block: 1 if it is run in SLC mode (the SLC cache), else 0.
    pub slc: Vec<u8>,
    /// Per block with NVMe FDP on: the reclaim unit handle whose unit it is, or
    /// `NO_HANDLE` (255: free, or GC's shared destination under initial isolation).
    /// Empty without FDP.
    pub handles: Vec<u8>,
    /// Per block of a zoned drive: its zone's state (`device::zns::ZoneState` as a number,
    /// 0 empty … 6 offline; 255 for a block in no zone) and its zone (`u32::MAX`: none).
    /// Empty on a block drive.
    pub zone_states: Vec<u8>,
    pub zones: Vec<u32>,
}

impl BlockMap {
    pub const FREE: u8 = 0;
    pub const OPEN: u8 = 1;
    pub const CLOSED: u8 = 2;
    pub const COLLECTING: u8 = 3;
}
