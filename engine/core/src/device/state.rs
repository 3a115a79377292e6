//! The drive's state at one moment, for the snapshots a run records along its x axis
//! (`sim/snapshots.rs`): counters since the drive was new, whose differences between two
//! snapshots tell what the drive did in between, and what is true at that moment.

use super::DeviceModel;
use crate::controller::BUSY_CAUSES;
use crate::units::Nanos;

/// Counters since the drive was new: two probes give an interval's activity.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Probe {
    /// Plane time booked per cause (`controller::Busy`), summed over the planes.
    pub busy_by: [Nanos; BUSY_CAUSES],
    /// GC's victim choices and the sum of their valid shares (`FtlCounters`).
    pub gc_victims: u64,
    pub victim_valid_share_sum: f64,
    /// Units GC moved, and of them folded out of the SLC cache, and moved by static wear
    /// levelling.
    pub gc_units: u64,
    pub folded_units: u64,
    pub wear_level_units: u64,
    /// Table lookups answered by SRAM, DRAM, HMB and NAND.
    pub lookups: [u64; 4],
    /// A hybrid's tier: units read from the cache and from the backing tier.
    pub tier_reads: [u64; 2],
}

/// What a snapshot holds of the drive besides its map cells.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct DriveState {
    pub probe: Probe,
    /// Planes the busy time is shared by (0: media without planes).
    pub planes: u32,
    /// The SLC cache now, data and size in 4 KiB units of the simulated drive.
    pub slc_units: Option<[u64; 2]>,
    /// The write buffer now: units resident and its capacity.
    pub buffer_units: Option<(u32, u32)>,
    pub free_blocks: u32,
    pub blocks: u32,
    /// Closed blocks by valid share, ten bins.
    pub closed_valid: [u32; 10],
    /// The drive has a mapping table (lookups are worth showing).
    pub table: bool,
    /// A hybrid's data in its cache tier now, 4 KiB units.
    pub tier_cached_units: Option<u64>,
}

impl DeviceModel {
    /// The state at `now`; the NAND drive's block map, at most `max_cells` cells, is
    /// appended to `cells` (a zoned drive's with its zone-state cells after them). Returns
    /// the state and the blocks per cell (0 without blocks).
    /// O(blocks): for a bounded number of snapshots, never per command.
    pub fn state(&self, now: Nanos, max_cells: u32, cells: &mut Vec<u8>) -> (DriveState, u32) {
        let mut state = DriveState::default();
        let mut cell_blocks = 0;
        if let Some(d) = self.nand() {
            let ftl = d.ftl.counters();
            let window = d.window_counters();
            state.probe = Probe {
                busy_by: d.hw.busy_by,
                gc_victims: ftl.gc_victims,
                victim_valid_share_sum: ftl.victim_valid_share_sum,
                gc_units: window.gc_units,
                folded_units: window.folded_units,
                wear_level_units: ftl.wear_level_units_moved,
                lookups: window.lookups,
                tier_reads: [0; 2],
            };
            state.planes = d.hw.geo.planes;
            state.slc_units = d.ftl.slc_cache_enabled().then_some(window.slc_units);
            state.buffer_units = Some(d.hw.buffer_fill(now));
            state.free_blocks = d.ftl.free_blocks();
            state.blocks = d.hw.geo.blocks;
            state.closed_valid = d.ftl.closed_valid_histogram();
            state.table = true;
            cell_blocks = d.ftl.block_cells(max_cells, cells);
        }
        if let Some(z) = self.zoned() {
            state.probe.busy_by = z.hw.busy_by;
            state.planes = z.hw.geo.planes;
            state.buffer_units = Some(z.hw.buffer_fill(now));
            state.blocks = z.hw.geo.blocks;
            cell_blocks = z.block_cells(max_cells, cells, &mut state);
        }
        if let Some(t) = self.tier() {
            state.probe.tier_reads = [t.counters.read_hit_units, t.counters.read_miss_units];
            state.tier_cached_units = Some(t.cached_units());
        }
        (state, cell_blocks)
    }
}
