//! The heap a NAND drive takes, known before it is built (the run's memory bound,
//! `resolve/budget`).

use super::NandSsd;
use crate::controller::{admissions, buffer, calendar, gc_yield, plane_log, plane_timeline};
use crate::device::footprint::Footprint;
use crate::ftl::cost_benefit::CostBenefit;
use crate::media::Geometry;
use crate::scenario::{GcPolicy, Scenario};

impl NandSsd {
    /// The heap a NAND drive of `s` laid out as `geo` takes: its maps and per-block state
    /// (exact), its planes' timelines (bounded by their worst case), its mapping cache.
    pub fn memory(s: &Scenario, geo: &Geometry) -> Footprint {
        let d = &s.device;
        let sectors = if d.controller.compression { crate::controller::COMPRESSION_SECTORS as u64 } else { 1 };
        let (units, slots, blocks, planes) = (geo.user_units as u64, geo.slots as u64, geo.blocks as u64, geo.planes as u64);
        // L2P, P2L (a unit per sector of a slot), and each unit's compressed size.
        let maps = 4 * units + 4 * slots * sectors + if sectors > 1 { units } else { 0 };
        // Bound: the block record (32 bytes), victim-bucket links (8), the free pool (24 with
        // dynamic wear levelling, else 4 doubling), the FIFO queue (4, doubling), the SLC
        // cache's links and queue (12) and the block map a caller may take (9). Expected: the
        // same, with what only some drives keep (free-pool heap, FIFO queue, SLC cache) where
        // they keep it, once.
        let fifo = if d.gc.policy == GcPolicy::Fifo { 4 } else { 0 };
        let pool = if d.wear.dynamic { 24 } else { 4 };
        let slc = if d.slc_cache.enabled() && geo.bits_per_cell > 1 { 12 } else { 0 };
        let per_block = Footprint { bound: 80 * blocks, expected: (32 + 8 + pool + fifo + slc) * blocks };
        // Cost-benefit's search trees.
        let cost_benefit = if d.gc.policy == GcPolicy::CostBenefit { CostBenefit::bytes(planes, geo.blocks_per_plane as u64) } else { 0 };
        // Victim buckets: one head per valid count per plane.
        let buckets = 4 * planes * (geo.slots_per_block as u64 * sectors + 1);
        // Each plane's busy intervals (a deque that may double, but rarely grows past the room
        // it starts with) and recent operations, GC and frontier state; the plane rotation.
        // GC that yields to reads remembers each plane's last GC operations.
        let gc_yield = if d.gc.yield_to_reads { gc_yield::BYTES_PER_TIMELINE } else { 0 };
        let fixed = 256 + plane_log::LOG_BYTES + 1 + gc_yield;
        let per_plane = Footprint {
            bound: planes * (32 * plane_timeline::intervals_per_plane(geo.planes) as u64 + fixed),
            expected: planes * (plane_timeline::INITIAL_BYTES + fixed),
        };
        let calendars = (d.nand.channels as u64 + 2) * (calendar::HEAP_BYTES + 64) + d.nand.channels as u64 * plane_log::LOG_BYTES;
        let buffer = buffer::BYTES_PER_UNIT * buffer::WriteBuffer::units_of(d, geo) as u64 + admissions::BYTES;
        // Mapping cache: tier, LRU links, dirty flag and dirty-LRU links per segment.
        let segments = units.div_ceil(d.mapping.entries_per_segment(geo.page_bytes) as u64);
        let cache = 18 * segments;
        Footprint::exact(maps + cost_benefit + buckets + calendars + buffer + cache) + per_block + per_plane
    }
}
