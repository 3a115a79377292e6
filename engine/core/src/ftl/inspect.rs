//! Looking at the FTL from outside: a snapshot of every block for the block map, and the
//! invariants the rest of the engine relies on, for tests.

use super::{BlockMap, BlockState, Ftl, UNMAPPED};

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
        BlockMap { valid_units, erase_counts: self.erase_counts().collect(), states: state, slc }
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
