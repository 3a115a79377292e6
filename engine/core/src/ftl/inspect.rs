//! Looking at the FTL from outside: a snapshot of every block for the block map, and the
//! invariants the rest of the engine relies on, for tests.

use super::{BlockMap, BlockState, Ftl, NO_HANDLE, UNMAPPED};
use crate::scenario::MAX_FDP_HANDLES;

impl Ftl {
    /// A snapshot of every block for visualisation.
    pub fn block_map(&self) -> BlockMap {
        let in_gc: Vec<u32> = self.gc.iter().map(|g| g.victim()).collect();
        let state = (0..self.geo.blocks)
            .map(|b| match self.blocks[b as usize].state {
                BlockState::Free => BlockMap::FREE,
                BlockState::Closed => BlockMap::CLOSED,
                BlockState::Open if in_gc[self.geo.plane_of_block(b) as usize] == b => BlockMap::COLLECTING,
                BlockState::Open => BlockMap::OPEN,
            })
            .collect();
        let valid_units = self.blocks.iter().map(|b| b.valid / self.sectors).collect();
        let slc = self.blocks.iter().map(|b| b.slc_mode as u8).collect();
        BlockMap {
            valid_units,
            erase_counts: self.erase_counts().collect(),
            states: state,
            slc,
            handles: self.block_handles().to_vec(),
            zone_states: Vec::new(),
            zones: Vec::new(),
        }
    }

    /// The block map downsampled to at most `max_cells` cells for a snapshot, appended to
    /// `out`, one byte per cell (layout in `CELL_*`); returns the blocks per cell. A cell of
    /// several blocks shows a GC victim or an open block if it holds one (the blocks where
    /// something happens), else its majority; its valid share is of the cells' capacity.
    pub fn block_cells(&self, max_cells: u32, out: &mut Vec<u8>) -> u32 {
        let per = self.geo.blocks.div_ceil(max_cells.max(1)).max(1);
        let in_gc: Vec<u32> = self.gc.iter().map(|g| g.victim()).collect();
        for first in (0..self.geo.blocks).step_by(per as usize) {
            let (mut valid, mut held, mut closed, mut free, mut slc) = (0u64, 0u64, 0u32, 0u32, 0u32);
            let mut state = None;
            for b in first..(first + per).min(self.geo.blocks) {
                let block = &self.blocks[b as usize];
                valid += block.valid as u64;
                held += (self.block_slots(b) * self.sectors) as u64;
                slc += block.slc_mode as u32;
                match block.state {
                    BlockState::Free => free += 1,
                    BlockState::Closed => closed += 1,
                    BlockState::Open if in_gc[self.geo.plane_of_block(b) as usize] == b => state = Some(BlockMap::COLLECTING),
                    BlockState::Open => state = state.or(Some(BlockMap::OPEN)),
                }
            }
            let n = (first + per).min(self.geo.blocks) - first;
            let state = state.unwrap_or(if closed >= free { BlockMap::CLOSED } else { BlockMap::FREE });
            let share = (valid as f64 / held.max(1) as f64 * 31.0).round() as u8;
            out.push(state | ((2 * slc >= n) as u8) << 2 | share.min(31) << 3);
        }
        if self.fdp.enabled {
            self.handle_cells(per, out);
        }
        per
    }

    /// With FDP on, a second run of cells after the state cells (`block_cells`): per cell
    /// the reclaim unit handle most of its written blocks belong to, `NO_HANDLE` for GC's
    /// shared units or a cell with none written.
    fn handle_cells(&self, per: u32, out: &mut Vec<u8>) {
        const NONE: usize = MAX_FDP_HANDLES as usize;
        for first in (0..self.geo.blocks).step_by(per as usize) {
            let mut count = [0u32; MAX_FDP_HANDLES as usize + 1];
            for b in first..(first + per).min(self.geo.blocks) {
                if self.blocks[b as usize].state != BlockState::Free {
                    let h = self.fdp.block_handle[b as usize];
                    count[if h == NO_HANDLE { NONE } else { h as usize }] += 1;
                }
            }
            // The first of the most common, the shared units last (a handle's data wins a tie).
            let (best, n) = count.iter().enumerate().fold((NONE, 0), |(best, n), (h, &c)| if c > n { (h, c) } else { (best, n) });
            out.push(if n == 0 || best == NONE { NO_HANDLE } else { best as u8 });
        }
    }

    /// Closed blocks by valid share of what they hold, in ten bins (0–10 % … 90–100 %).
    pub fn closed_valid_histogram(&self) -> [u32; 10] {
        let mut bins = [0u32; 10];
        for (b, block) in self.blocks.iter().enumerate() {
            if block.state == BlockState::Closed {
                let share = block.valid as f64 / (self.block_slots(b as u32) * self.sectors).max(1) as f64;
                bins[((share * 10.0) as usize).min(9)] += 1;
            }
        }
        bins
    }

    /// The logical unit a slot holds (its first, without compression), or UNMAPPED: free,
    /// or stale since the unit was written elsewhere.
    pub fn slot_unit(&self, slot: u32) -> u32 {
        self.p2l[(slot * self.sectors) as usize]
    }

    /// Slots of a block written since it was last erased.
    pub fn written_slots(&self, block: u32) -> u32 {
        self.blocks[block as usize].write_ptr
    }

    /// Checks every invariant the rest of the engine relies on. For tests; O(capacity).
    pub fn check_consistency(&self) -> Result<(), String> {
        let mut valid = vec![0u32; self.geo.blocks as usize];
        let k = self.sectors as usize;
        for (lba, &slot) in self.l2p.iter().enumerate() {
            if slot == UNMAPPED {
                continue;
            }
            if !self.p2l[slot as usize * k..slot as usize * k + k].contains(&(lba as u32)) {
                return Err(format!("lba {lba} maps to slot {slot} but the slot does not hold it"));
            }
            valid[self.geo.block_of_slot(slot) as usize] += self.sectors_of(lba as u32);
        }
        for (i, &lba) in self.p2l.iter().enumerate() {
            if lba != UNMAPPED && self.l2p[lba as usize] as usize != i / k {
                return Err(format!("slot {} claims lba {lba}, which maps elsewhere: a stale duplicate", i / k));
            }
        }
        if valid.iter().zip(&self.blocks).any(|(&v, b)| v != b.valid) {
            return Err("per-block valid counts disagree with the map".into());
        }
        let free: u32 = self.free.iter().map(|f| f.len() as u32).sum();
        if free != self.free_blocks {
            return Err(format!("free pool holds {free} blocks, counter says {}", self.free_blocks));
        }
        let native_valid: u64 = (0..self.geo.blocks).filter(|&b| !self.blocks[b as usize].slc_mode).map(|b| valid[b as usize] as u64).sum();
        if self.sectors == 1 && native_valid != self.slc.native_valid {
            return Err(format!("native blocks hold {native_valid} valid units, counter says {}", self.slc.native_valid));
        }
        let slc_written: u64 = (0..self.geo.blocks)
            .filter(|&b| self.blocks[b as usize].slc_mode && self.blocks[b as usize].state != BlockState::Free)
            .map(|b| self.blocks[b as usize].write_ptr as u64)
            .sum();
        if slc_written != self.slc.used_slots {
            return Err(format!("SLC blocks hold {slc_written} written slots, counter says {}", self.slc.used_slots));
        }
        Ok(())
    }
}
