//! Page-level FTL: L2P and P2L maps over 4 KiB mapping units, open blocks with separate host
//! and GC write frontiers, a free-block pool per plane, and garbage collection per plane.
//!
//! The plane is the unit of parallelism: every plane has its own open block per frontier, and
//! consecutive pages of a frontier go to planes in channel-first order (channel, then die,
//! then plane) so that sequential data spreads over every channel before doubling up.
//!
//! The FTL decides *where* data goes; it knows nothing about time. Every flash operation it
//! needs is reported to a [`FlashOps`] implementation, which the controller uses to reserve
//! die and channel time (and which preconditioning replaces with a no-op).

pub mod theory;
mod victims;

use crate::media::Geometry;
use crate::scenario::GcPolicy;
use std::collections::VecDeque;
use victims::{ValidBuckets, NONE};

pub const UNMAPPED: u32 = u32::MAX;

/// Who asked for a flash operation, for accounting and for the controller's data-ready times.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stream {
    Host = 0,
    Gc = 1,
}

/// The flash operations the FTL asks for, in the order it needs them.
pub trait FlashOps {
    /// Read `units` mapping units from one physical page (GC's source reads).
    fn read_page(&mut self, plane: u32, page: u32, units: u32);
    /// Program one full physical page written by `stream`.
    fn program_page(&mut self, plane: u32, page: u32, stream: Stream);
    /// Erase a block before it is written again.
    fn erase_block(&mut self, plane: u32, block: u32);
}

/// Preconditioning: place data without spending simulated time.
pub struct Untimed;

impl FlashOps for Untimed {
    fn read_page(&mut self, _: u32, _: u32, _: u32) {}
    fn program_page(&mut self, _: u32, _: u32, _: Stream) {}
    fn erase_block(&mut self, _: u32, _: u32) {}
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum BlockState {
    Free,
    Open,
    Closed,
}

#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct FtlCounters {
    pub host_units_written: u64,
    pub gc_units_moved: u64,
    pub units_trimmed: u64,
    pub gc_runs: u64,
    pub erases: u64,
}

struct Frontier {
    /// Position in the plane rotation (see `Geometry::plane_at`) of the next page.
    cursor: u32,
    /// Open block per plane, or NONE.
    open: Vec<u32>,
}

pub struct Ftl {
    geo: Geometry,
    policy: GcPolicy,
    /// Foreground GC keeps at least this many free blocks in each plane's pool.
    gc_threshold: u32,
    l2p: Vec<u32>,
    p2l: Vec<u32>,
    valid: Vec<u32>,
    /// Next unit offset to write in each block; slots_per_block once the block is full.
    write_ptr: Vec<u32>,
    state: Vec<BlockState>,
    erase_count: Vec<u32>,
    /// Value of `host_units_written` when each block was closed (its age for cost-benefit).
    closed_at: Vec<u64>,
    buckets: ValidBuckets,
    /// Closed blocks per plane in the order they were closed (FIFO policy only).
    closed_order: Vec<VecDeque<u32>>,
    free: Vec<VecDeque<u32>>,
    free_blocks: u32,
    frontiers: [Frontier; 2],
    counters: FtlCounters,
}

impl Ftl {
    pub fn new(geo: Geometry, policy: GcPolicy, gc_threshold: u32) -> Ftl {
        let blocks = geo.blocks as usize;
        let free = (0..geo.planes)
            .map(|p| (p * geo.blocks_per_plane..(p + 1) * geo.blocks_per_plane).collect())
            .collect();
        let frontier = || Frontier { cursor: 0, open: vec![NONE; geo.planes as usize] };
        Ftl {
            geo,
            policy,
            gc_threshold,
            l2p: vec![UNMAPPED; geo.user_units as usize],
            p2l: vec![UNMAPPED; geo.slots as usize],
            valid: vec![0; blocks],
            write_ptr: vec![0; blocks],
            state: vec![BlockState::Free; blocks],
            erase_count: vec![0; blocks],
            closed_at: vec![0; blocks],
            buckets: ValidBuckets::new(geo.planes, geo.blocks_per_plane, geo.slots_per_block),
            closed_order: (0..geo.planes).map(|_| VecDeque::new()).collect(),
            free,
            free_blocks: geo.blocks,
            frontiers: [frontier(), frontier()],
            counters: FtlCounters::default(),
        }
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

    /// True while a slot's page has been allocated but not yet programmed: its data is still
    /// in the controller's write buffer.
    #[inline]
    pub fn is_buffered(&self, slot: u32) -> bool {
        let block = self.geo.block_of_slot(slot);
        let offset = slot - block * self.geo.slots_per_block;
        let spp = self.geo.slots_per_page;
        offset / spp >= self.write_ptr[block as usize] / spp
    }

    pub fn free_blocks(&self) -> u32 {
        self.free_blocks
    }

    pub fn erase_counts(&self) -> &[u32] {
        &self.erase_count
    }

    pub fn valid_units(&self, block: u32) -> u32 {
        self.valid[block as usize]
    }

    /// Host write of one logical unit.
    pub fn write(&mut self, lba: u32, ops: &mut impl FlashOps) {
        self.invalidate(lba);
        self.place(lba, Stream::Host, ops);
        self.counters.host_units_written += 1;
    }

    /// Deallocate (TRIM): the unit's old copy stops being valid and GC will not move it.
    pub fn trim(&mut self, lba: u32) {
        if self.l2p[lba as usize] != UNMAPPED {
            self.invalidate(lba);
            self.l2p[lba as usize] = UNMAPPED;
            self.counters.units_trimmed += 1;
        }
    }

    fn map(&mut self, lba: u32, slot: u32) {
        self.l2p[lba as usize] = slot;
        self.p2l[slot as usize] = lba;
        let block = self.geo.block_of_slot(slot);
        debug_assert_eq!(self.state[block as usize], BlockState::Open);
        self.valid[block as usize] += 1;
    }

    fn invalidate(&mut self, lba: u32) {
        let old = self.l2p[lba as usize];
        if old == UNMAPPED {
            return;
        }
        self.p2l[old as usize] = UNMAPPED;
        let block = self.geo.block_of_slot(old);
        let v = self.valid[block as usize];
        if self.state[block as usize] == BlockState::Closed {
            self.buckets.remove(block, v);
            self.buckets.insert(block, v - 1);
        }
        self.valid[block as usize] = v - 1;
    }

    /// Writes `lba` into the open block of `plane` for `stream`; programs the page once full.
    /// Returns true when the page was completed.
    fn place_on(&mut self, lba: u32, plane: u32, stream: Stream, ops: &mut impl FlashOps) -> bool {
        let geo = self.geo;
        let s = stream as usize;
        let mut block = self.frontiers[s].open[plane as usize];
        if block == NONE {
            block = self.open_block(plane, ops);
            self.frontiers[s].open[plane as usize] = block;
        }
        let offset = self.write_ptr[block as usize];
        let slot = block * geo.slots_per_block + offset;
        self.write_ptr[block as usize] = offset + 1;
        self.map(lba, slot);
        if (offset + 1) % geo.slots_per_page != 0 {
            return false;
        }
        ops.program_page(plane, slot / geo.slots_per_page, stream);
        if offset + 1 == geo.slots_per_block {
            self.close_block(block);
            self.frontiers[s].open[plane as usize] = NONE;
        }
        true
    }

    /// Host data goes to the next plane in rotation. Before a plane opens a fresh block for
    /// it, foreground GC tops that plane's pool up, so GC work lands on the plane that needs
    /// the space, as it does in a real drive.
    fn place(&mut self, lba: u32, stream: Stream, ops: &mut impl FlashOps) {
        let s = stream as usize;
        let plane = self.geo.plane_at(self.frontiers[s].cursor);
        if self.frontiers[s].open[plane as usize] == NONE {
            self.collect_while_low(plane, ops);
        }
        if self.place_on(lba, plane, stream, ops) {
            self.frontiers[s].cursor = (self.frontiers[s].cursor + 1) % self.geo.planes;
        }
    }

    fn open_block(&mut self, plane: u32, ops: &mut impl FlashOps) -> u32 {
        let block = self.free[plane as usize]
            .pop_front()
            .expect("FTL invariant: GC keeps a free block in every plane's pool");
        self.free_blocks -= 1;
        self.state[block as usize] = BlockState::Open;
        self.write_ptr[block as usize] = 0;
        self.erase_count[block as usize] += 1;
        self.counters.erases += 1;
        ops.erase_block(plane, block);
        block
    }

    fn close_block(&mut self, block: u32) {
        self.state[block as usize] = BlockState::Closed;
        self.closed_at[block as usize] = self.counters.host_units_written;
        self.buckets.insert(block, self.valid[block as usize]);
        if self.policy == GcPolicy::Fifo {
            self.closed_order[self.geo.plane_of_block(block) as usize].push_back(block);
        }
    }

    /// Foreground GC: reclaim blocks of `plane` until its pool is back at the threshold.
    /// Collecting one victim needs at most one fresh block (its valid units fit in the GC
    /// block's remainder plus one more), so a threshold of two can never run dry. A victim
    /// full of valid data frees nothing but still advances FIFO's order; the loop is bounded
    /// so a plane with nothing to reclaim cannot spin.
    fn collect_while_low(&mut self, plane: u32, ops: &mut impl FlashOps) {
        let mut budget = self.geo.blocks_per_plane;
        while (self.free[plane as usize].len() as u32) < self.gc_threshold && budget > 0 {
            let Some(victim) = self.pick_victim(plane) else { return };
            self.collect(victim, ops);
            budget -= 1;
        }
    }

    fn pick_victim(&mut self, plane: u32) -> Option<u32> {
        match self.policy {
            GcPolicy::Greedy => self.buckets.min_block(plane),
            GcPolicy::Fifo => self.closed_order[plane as usize].front().copied(),
            GcPolicy::CostBenefit => self.cost_benefit_victim(plane),
        }
    }

    /// Rosenblum & Ousterhout: maximise (1 - u) / 2u x age. A scan of the plane's blocks.
    fn cost_benefit_victim(&self, plane: u32) -> Option<u32> {
        let spb = self.geo.slots_per_block as f64;
        let now = self.counters.host_units_written;
        let mut best = None;
        let mut best_score = -1.0;
        let first = plane * self.geo.blocks_per_plane;
        for b in first..first + self.geo.blocks_per_plane {
            if self.state[b as usize] != BlockState::Closed {
                continue;
            }
            let u = self.valid[b as usize] as f64 / spb;
            if u == 0.0 {
                return Some(b);
            }
            let age = (now - self.closed_at[b as usize]) as f64 + 1.0;
            let score = (1.0 - u) / (2.0 * u) * age;
            if score > best_score {
                best_score = score;
                best = Some(b);
            }
        }
        best
    }

    /// Move every valid unit out of `victim` into its plane's GC block, then return it to
    /// the plane's pool.
    fn collect(&mut self, victim: u32, ops: &mut impl FlashOps) {
        let geo = self.geo;
        let plane = geo.plane_of_block(victim);
        self.buckets.remove(victim, self.valid[victim as usize]);
        if self.policy == GcPolicy::Fifo {
            let front = self.closed_order[plane as usize].pop_front();
            debug_assert_eq!(front, Some(victim));
        }
        self.state[victim as usize] = BlockState::Open; // in flight: not a candidate
        let first = victim * geo.slots_per_block;
        for page in 0..geo.pages_per_block {
            let page_first = first + page * geo.slots_per_page;
            let page_slots = page_first..page_first + geo.slots_per_page;
            let units = page_slots.clone().filter(|&s| self.p2l[s as usize] != UNMAPPED).count() as u32;
            if units == 0 {
                continue;
            }
            ops.read_page(plane, page_first / geo.slots_per_page, units);
            for slot in page_slots {
                let lba = self.p2l[slot as usize];
                if lba == UNMAPPED {
                    continue;
                }
                self.p2l[slot as usize] = UNMAPPED;
                self.valid[victim as usize] -= 1;
                self.place_on(lba, plane, Stream::Gc, ops);
                self.counters.gc_units_moved += 1;
            }
        }
        debug_assert_eq!(self.valid[victim as usize], 0);
        self.state[victim as usize] = BlockState::Free;
        self.free[plane as usize].push_back(victim);
        self.free_blocks += 1;
        self.counters.gc_runs += 1;
    }

    /// Checks every invariant the rest of the engine relies on. For tests; O(capacity).
    pub fn check_consistency(&self) -> Result<(), String> {
        let mut valid = vec![0u32; self.geo.blocks as usize];
        for (lba, &slot) in self.l2p.iter().enumerate() {
            if slot == UNMAPPED {
                continue;
            }
            if self.p2l[slot as usize] != lba as u32 {
                return Err(format!("lba {lba} maps to slot {slot} but the slot holds {}", self.p2l[slot as usize]));
            }
            valid[self.geo.block_of_slot(slot) as usize] += 1;
        }
        for (slot, &lba) in self.p2l.iter().enumerate() {
            if lba != UNMAPPED && self.l2p[lba as usize] != slot as u32 {
                return Err(format!("slot {slot} claims lba {lba}, which maps elsewhere: a stale duplicate"));
            }
        }
        if valid != self.valid {
            return Err("per-block valid counts disagree with the map".into());
        }
        let free: u32 = self.free.iter().map(|f| f.len() as u32).sum();
        if free != self.free_blocks {
            return Err(format!("free pool holds {free} blocks, counter says {}", self.free_blocks));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests;
