//! Page-level FTL: L2P and P2L maps over 4 KiB mapping units, open blocks with separate host
//! and GC write frontiers, a free-block pool per plane, and garbage collection per plane.
//!
//! With a compressing controller (SandForce-style) a 4 KiB slot holds several compressed
//! units: each slot has room for `sectors` 512-byte sectors, each unit takes as many as it
//! compresses to, and valid data is counted in sectors. Without compression a unit is one
//! whole slot and everything reduces to one unit per slot.
//!
//! The plane is the unit of parallelism: every plane has its own open block per frontier, and
//! consecutive pages of a frontier go to planes in channel-first order (channel, then die,
//! then plane) so that sequential data spreads over every channel before doubling up.
//!
//! On a TLC/QLC drive with an SLC cache (`slc.rs`), host data first lands in blocks run one
//! bit per cell, through a third frontier, and is folded into native blocks later.
//!
//! The FTL decides *where* data goes; it knows nothing about time. Every flash operation it
//! needs is reported to a [`FlashOps`] implementation, which the controller uses to reserve
//! die and channel time (and which preconditioning replaces with a no-op).

pub(crate) mod cost_benefit;
mod counters;
mod deferred;
mod fdp;
mod flash_ops;
mod flush;
mod free_pool;
mod gc;
mod inspect;
pub mod mapping_cache;
mod maps;
mod placement;
mod slc;
mod victims;

use crate::media::Geometry;
use crate::scenario::{Gc, GcPolicy, SlcCache, Striping, Wear};
use cost_benefit::CostBenefit;
pub use counters::{BlockMap, FtlCounters};
pub use fdp::{FdpCounters, NO_HANDLE};
use flash_ops::STREAMS;
pub use flash_ops::{FlashOps, Move, Program, Stream, Untimed};
use free_pool::FreePool;
use slc::SlcState;
use std::collections::VecDeque;
use victims::{ValidBuckets, NONE};

pub const UNMAPPED: u32 = u32::MAX;

/// Free blocks per plane only GC may take: the host never opens a plane's last block. A
/// compressed victim can need a second block, since repacking its units into partly filled
/// slots may leave gaps.
fn host_reserve(sectors: u32) -> u32 {
    if sectors > 1 {
        2
    } else {
        1
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum BlockState {
    Free,
    Open,
    Closed,
}

/// A block's state in the FTL. Kept together, aligned to half a cache line, because an
/// overwrite (or a GC move) touches most of it at once: one miss for the old copy's block
/// rather than one per field.
#[derive(Clone, Copy, Debug)]
#[repr(align(32))]
struct Block {
    /// Valid sectors (units without compression).
    valid: u32,
    /// Next unit offset to write; the block's slots once it is full.
    write_ptr: u32,
    erase_count: u32,
    state: BlockState,
    /// Run in SLC mode (one bit per cell) while it holds data.
    slc_mode: bool,
    /// Erased already (pre-erase), so opening it costs no tBERS.
    erased: bool,
    /// Value of `host_units_written` when the block was closed (its age for cost-benefit).
    closed_at: u64,
}

struct Frontier {
    /// Position in the plane rotation (see `Geometry::plane_at`) of the next page.
    cursor: u32,
    /// The plane whose page is partly filled, if any: it must be finished first.
    filling: u32,
    /// Open block per plane, or NONE.
    open: Vec<u32>,
    /// Per plane: sectors used in the slot at the open block's write pointer.
    fill: Vec<u32>,
}

pub struct Ftl {
    geo: Geometry,
    policy: GcPolicy,
    /// Foreground GC starts a victim when a plane has fewer erased slots than this: the
    /// working area, so data fills exactly the raw capacity when GC chooses (see `gc.rs`).
    gc_trigger: u32,
    /// Per plane: erased slots (free blocks and the unwritten rest of open blocks).
    erased_slots: Vec<u32>,
    /// Per plane: erased slots the SLC cache took beyond its host data, for GC to pay back.
    erased_owed: Vec<u32>,
    /// Per plane: valid sectors.
    valid_sectors: Vec<u64>,
    background_target: u32,
    pre_erase: bool,
    wear: Wear,
    l2p: Vec<u32>,
    /// Units held by each slot: `sectors` entries per slot, UNMAPPED where free.
    p2l: Vec<u32>,
    /// Sectors per slot: 1 without compression, 8 (512 B) with.
    sectors: u32,
    /// Sectors each unit took when written (empty without compression: always one slot).
    unit_sectors: Vec<u8>,
    /// Host units placed since the host frontier last programmed a page.
    host_units_pending: u32,
    /// Per block, what an overwrite or a move touches, together (32 bytes, half a line).
    blocks: Vec<Block>,
    buckets: ValidBuckets,
    /// The cost-benefit policy's search trees over the same closed blocks.
    cost_benefit: Option<CostBenefit>,
    slc: SlcState,
    /// Closed blocks per plane in the order they were closed (FIFO policy only).
    closed_order: Vec<VecDeque<u32>>,
    /// Per plane: the block being collected, and how the collection keeps pace.
    gc: Vec<gc::PlaneGc>,
    free: Vec<FreePool>,
    free_blocks: u32,
    striping: Striping,
    /// Planes in write rotation order (`Geometry::plane_at`), twice over so that the
    /// rotation from any cursor is one slice; and each plane's place in it. With FDP's
    /// reclaim groups, each group's own planes so, group after group (`fdp.rs`).
    rotation: Vec<u32>,
    rotation_index: Vec<u32>,
    /// Where the host frontier's group's rotation starts in `rotation`, and its planes.
    rotation_base: u32,
    rotation_len: u32,
    frontiers: [Frontier; STREAMS],
    /// NVMe FDP's handles: their parked frontiers, each block's handle, their counters.
    fdp: fdp::FdpState,
    counters: FtlCounters,
    /// L2P is not kept up to date (preconditioning by slot, see `deferred.rs`): P2L is the
    /// map until `rebuild_map`.
    map_deferred: bool,
    /// GC moves each victim whole when it picks it, rather than at the host's pace
    /// (preconditioning by slot, see `deferred.rs`).
    whole_victims: bool,
}

impl Ftl {
    /// `sectors`: room in a slot, in compressed sectors (1 = no compression).
    pub fn new(geo: Geometry, gc_config: &Gc, wear: &Wear, sectors: u32) -> Ftl {
        let sectors = sectors.max(1);
        let blocks = geo.blocks as usize;
        let free = (0..geo.planes).map(|p| FreePool::new(p * geo.blocks_per_plane..(p + 1) * geo.blocks_per_plane, wear.dynamic)).collect();
        let frontier = || Frontier { cursor: 0, filling: NONE, open: vec![NONE; geo.planes as usize], fill: vec![0; geo.planes as usize] };
        Ftl {
            geo,
            policy: gc_config.policy,
            gc_trigger: geo.erased_target_slots,
            erased_slots: vec![geo.blocks_per_plane * geo.slots_per_block; geo.planes as usize],
            erased_owed: vec![0; geo.planes as usize],
            valid_sectors: vec![0; geo.planes as usize],
            background_target: if gc_config.background { gc_config.background_free_blocks } else { 0 },
            pre_erase: gc_config.pre_erase,
            wear: wear.clone(),
            l2p: maps::filled(geo.user_units as usize, UNMAPPED),
            p2l: maps::filled(geo.slots as usize * sectors as usize, UNMAPPED),
            sectors,
            unit_sectors: if sectors > 1 { vec![0; geo.user_units as usize] } else { Vec::new() },
            host_units_pending: 0,
            // Blocks leave the factory erased.
            blocks: vec![Block { valid: 0, write_ptr: 0, erase_count: 0, state: BlockState::Free, slc_mode: false, erased: true, closed_at: 0 }; blocks],
            buckets: ValidBuckets::new(geo.planes, geo.blocks_per_plane, geo.slots_per_block * sectors),
            cost_benefit: (gc_config.policy == GcPolicy::CostBenefit)
                .then(|| CostBenefit::new(geo.planes, geo.blocks_per_plane, geo.slots_per_block * sectors)),
            slc: SlcState::off(geo.planes),
            closed_order: (0..geo.planes).map(|_| VecDeque::new()).collect(),
            gc: vec![gc::PlaneGc::default(); geo.planes as usize],
            free,
            free_blocks: geo.blocks,
            striping: Striping::FirstFree,
            rotation: (0..2 * geo.planes).map(|k| geo.plane_at(k % geo.planes)).collect(),
            rotation_index: {
                let mut index = vec![0; geo.planes as usize];
                (0..geo.planes).for_each(|k| index[geo.plane_at(k) as usize] = k);
                index
            },
            rotation_base: 0,
            rotation_len: geo.planes,
            frontiers: [frontier(), frontier(), frontier()],
            fdp: fdp::FdpState::off(),
            counters: FtlCounters::default(),
            map_deferred: false,
            whole_victims: false,
        }
    }

    /// Host pages go to planes in a fixed order rather than to the plane free first.
    pub fn with_striping(mut self, striping: Striping) -> Ftl {
        self.striping = striping;
        self
    }

    /// The drive runs part of its NAND as an SLC cache (see `slc.rs`).
    pub fn with_slc_cache(mut self, cache: &SlcCache) -> Ftl {
        self.slc = SlcState::new(cache, &self.geo);
        self
    }

    pub fn geometry(&self) -> &Geometry {
        &self.geo
    }

    pub fn counters(&self) -> FtlCounters {
        self.counters
    }

    /// Where a logical unit lives, or `UNMAPPED` (never written or trimmed).
    #[inline]
    pub fn lookup(&self, lba: u32) -> u32 {
        self.l2p[lba as usize]
    }

    /// Fetches what overwriting `lbas` will read first (their map entries, then the slots
    /// those point at), all together: independent loads overlap their cache misses, so the
    /// writes that follow find them in cache instead of waiting for memory one after another.
    pub fn warm_for_writes(&self, lbas: &[u32]) {
        self.prefetch(lbas);
        for &lba in lbas {
            let old = self.l2p[lba as usize];
            if old != UNMAPPED {
                maps::fetch(&self.p2l, old as usize * self.sectors as usize);
                let block = self.geo.block_of_slot(old) as usize;
                maps::fetch(&self.blocks, block);
                self.buckets.fetch(block);
            }
        }
    }

    /// Fetches the map entries of units commands will soon look up, together.
    #[inline]
    pub fn prefetch(&self, lbas: &[u32]) {
        for &lba in lbas {
            maps::fetch(&self.l2p, lba as usize);
        }
    }

    /// Fetches the map entries of the units held in P2L entries `members` (a page GC moves
    /// next), together, like `warm_for_writes`.
    fn warm_map_of_slots(&self, members: std::ops::Range<u32>) {
        if self.map_deferred {
            return;
        }
        for i in members {
            let lba = self.p2l[i as usize];
            if lba != UNMAPPED {
                maps::fetch(&self.l2p, lba as usize);
            }
        }
    }

    /// True while a slot's page has been allocated but not yet programmed: its data is still
    /// in the controller's write buffer.
    #[inline]
    pub fn is_buffered(&self, slot: u32) -> bool {
        let (block, offset) = self.geo.block_and_offset(slot);
        let b = block as usize;
        let written = self.blocks[b].write_ptr;
        // Whole program operations below the write pointer are programmed (a full block
        // is); the rest of the block is not.
        let programmed = if written == self.block_slots(block) {
            written
        } else if self.blocks[b].slc_mode {
            self.geo.page_of_slot(written) * self.geo.slots_per_page
        } else {
            self.geo.program_start(written)
        };
        offset >= programmed
    }

    /// True if the slot's block is run in SLC mode (reads use SLC-mode timings).
    #[inline]
    pub fn is_slc_slot(&self, slot: u32) -> bool {
        self.slc.enabled && self.blocks[self.geo.block_of_slot(slot) as usize].slc_mode
    }

    /// Slots a block holds: fewer in SLC mode (one page per wordline).
    #[inline]
    fn block_slots(&self, block: u32) -> u32 {
        if self.blocks[block as usize].slc_mode {
            self.geo.slc_slots_per_block
        } else {
            self.geo.slots_per_block
        }
    }

    pub fn free_blocks(&self) -> u32 {
        self.free_blocks
    }

    /// Every block's erase count, in block order.
    /// Times `block` was erased since the drive was new (preconditioning included).
    #[inline]
    pub fn erase_count(&self, block: u32) -> u32 {
        self.blocks[block as usize].erase_count
    }

    pub fn erase_counts(&self) -> impl ExactSizeIterator<Item = u32> + Clone + '_ {
        self.blocks.iter().map(|b| b.erase_count)
    }

    /// Valid data in a block, in sectors (units without compression).
    pub fn valid_sectors(&self, block: u32) -> u32 {
        self.blocks[block as usize].valid
    }

    pub fn sectors_per_slot(&self) -> u32 {
        self.sectors
    }

    /// Host write of one logical unit, of incompressible data. With FDP's reclaim groups an
    /// untagged write like any other (preconditioning's): its group round robin, so the fill
    /// spreads over every group instead of piling into the one whose frontier is in the slot.
    pub fn write(&mut self, lba: u32, ops: &mut impl FlashOps) {
        if self.fdp.groups > 1 {
            return self.write_placed(lba, self.sectors, 0, ops);
        }
        self.write_compressed(lba, self.sectors, ops);
    }

    /// Host write of one logical unit that compressed to `sectors` (1..=sectors per slot).
    #[inline(always)]
    pub fn write_compressed(&mut self, lba: u32, sectors: u32, ops: &mut impl FlashOps) {
        let sectors = sectors.clamp(1, self.sectors);
        self.invalidate(lba);
        if self.sectors > 1 {
            self.unit_sectors[lba as usize] = sectors as u8;
        }
        let stream = self.host_stream(ops);
        self.place(lba, stream, ops);
        self.counters.host_units_written += 1;
        if stream == Stream::Slc {
            self.counters.slc_units_written += 1;
        }
        self.counters.host_sectors_written += sectors as u64;
    }

    /// Sectors unit `lba` takes on NAND.
    #[inline]
    fn sectors_of(&self, lba: u32) -> u32 {
        if self.sectors == 1 {
            1
        } else {
            self.unit_sectors[lba as usize] as u32
        }
    }

    /// Deallocate (TRIM): the unit's old copy stops being valid and GC will not move it.
    pub fn trim(&mut self, lba: u32) {
        if self.l2p[lba as usize] != UNMAPPED {
            self.invalidate(lba);
            self.l2p[lba as usize] = UNMAPPED;
            self.counters.units_trimmed += 1;
        }
    }

    /// Sectors of `plane` holding data, valid or not: everything not erased.
    fn written_sectors(&self, plane: u32) -> u64 {
        (self.geo.blocks_per_plane * self.geo.slots_per_block - self.erased_slots[plane as usize]) as u64 * self.sectors as u64
    }

    fn map(&mut self, lba: u32, slot: u32, stream: Stream, ops: &mut impl FlashOps) {
        let members = slot as usize * self.sectors as usize;
        // Without compression a slot holds one unit: its one entry is free (no search).
        let free =
            if self.sectors == 1 { members } else { (members..members + self.sectors as usize).find(|&i| self.p2l[i] == UNMAPPED).expect("the slot has room") };
        self.point_map(lba, slot, free, stream, ops);
        let block = self.geo.block_of_slot(slot);
        debug_assert_eq!(self.blocks[block as usize].state, BlockState::Open);
        let sectors = self.sectors_of(lba);
        self.blocks[block as usize].valid += sectors;
        self.valid_sectors[self.geo.plane_of_block(block) as usize] += sectors as u64;
        if !self.blocks[block as usize].slc_mode {
            self.slc.native_valid += 1;
        }
    }

    #[inline]
    fn invalidate(&mut self, lba: u32) {
        let old = self.l2p[lba as usize];
        if old != UNMAPPED {
            self.invalidate_slot(lba, old);
        }
    }

    pub(super) fn invalidate_slot(&mut self, lba: u32, old: u32) {
        let members = old as usize * self.sectors as usize;
        // Without compression the slot's one entry is the unit's: clearing it is a store, not
        // a load that would wait for memory (with `l2p`'s, the two misses an overwrite paid).
        let at = if self.sectors == 1 {
            members
        } else {
            (members..members + self.sectors as usize).find(|&i| self.p2l[i] == lba).expect("the map points at a slot holding the unit")
        };
        debug_assert_eq!(self.p2l[at], lba, "the map points at a slot holding the unit");
        self.p2l[at] = UNMAPPED;
        let block = self.geo.block_of_slot(old);
        let v = self.blocks[block as usize].valid;
        let gone = self.sectors_of(lba);
        if self.blocks[block as usize].state == BlockState::Closed {
            self.buckets.remove(block, v);
            self.buckets.insert(block, v - gone);
            if let Some(cb) = &mut self.cost_benefit {
                cb.set(block, v - gone, self.blocks[block as usize].closed_at);
            }
            if self.blocks[block as usize].slc_mode {
                self.slc.invalidated(block, v, gone);
            }
        }
        self.blocks[block as usize].valid = v - gone;
        self.valid_sectors[self.geo.plane_of_block(block) as usize] -= gone as u64;
        if !self.blocks[block as usize].slc_mode {
            self.slc.native_valid -= 1;
        }
    }

    fn open_block(&mut self, plane: u32, slc: bool, ops: &mut impl FlashOps) -> u32 {
        // Dynamic wear levelling: the least-worn free block (see `free_pool.rs`).
        let block = self.free[plane as usize].take().expect("FTL invariant: GC keeps a free block in every plane's pool");
        self.free_blocks -= 1;
        self.blocks[block as usize].state = BlockState::Open;
        self.blocks[block as usize].write_ptr = 0;
        self.blocks[block as usize].slc_mode = slc;
        if slc {
            // The wordlines' other bits are lost to the block while it runs as SLC.
            self.take_for_slc(plane, self.geo.slots_per_block - self.geo.slc_slots_per_block);
        }
        if !self.blocks[block as usize].erased {
            self.erase(plane, block, ops);
        }
        self.blocks[block as usize].erased = false;
        block
    }

    pub(super) fn erase(&mut self, plane: u32, block: u32, ops: &mut impl FlashOps) {
        self.blocks[block as usize].erase_count += 1;
        self.counters.erases += 1;
        self.blocks[block as usize].erased = true;
        ops.erase_block(plane, block);
    }

    fn close_block(&mut self, block: u32) {
        self.blocks[block as usize].state = BlockState::Closed;
        self.blocks[block as usize].closed_at = self.counters.host_units_written;
        self.buckets.insert(block, self.blocks[block as usize].valid);
        if let Some(cb) = &mut self.cost_benefit {
            cb.set(block, self.blocks[block as usize].valid, self.blocks[block as usize].closed_at);
        }
        if self.policy == GcPolicy::Fifo {
            self.closed_order[self.geo.plane_of_block(block) as usize].push_back(block);
        }
        if self.blocks[block as usize].slc_mode {
            self.slc.closed(block, self.geo.plane_of_block(block), self.blocks[block as usize].erase_count, self.blocks[block as usize].valid);
        }
    }
}

#[cfg(test)]
mod tests;
