//! Overwrites by slot: preconditioning's random round at memory speed.
//!
//! A random overwrite picks a unit uniformly among the units written. While every one of
//! them is mapped, picking a logical unit uniformly and picking a valid slot uniformly are
//! the same draw: each valid slot holds exactly one of the units. Picking the slot makes
//! the L2P map unnecessary until the round is over: an overwrite finds the unit it
//! invalidates in P2L, GC moves read P2L and write it where they copy, and nothing looks
//! anything up by logical address. So the map is not kept while the round runs (each GC
//! move wrote one random L2P entry: the bulk of a large drive's preconditioning), and is
//! rebuilt from P2L once, at the end, in slot order. The drive goes through the same states
//! with the same probabilities as when overwriting by logical unit; only the random draws
//! that take it there differ.

use super::{FlashOps, Ftl, Stream, UNMAPPED};

impl Ftl {
    /// True if overwrites by slot apply: no compression (a slot is one unit), and the
    /// written units fill at least half the slots, so that a uniform slot is a written one
    /// at least half the time.
    pub fn overwrites_by_slot(&self, written_units: u32) -> bool {
        self.sectors == 1 && written_units as u64 * 2 >= self.geo.slots as u64
    }

    /// Stops keeping L2P up to date until `rebuild_map`.
    pub fn defer_map(&mut self) {
        self.map_deferred = true;
    }

    /// Starts fetching what overwriting the units in `slots` will touch: the slots and
    /// their blocks' state.
    pub fn warm_slots(&self, slots: &[u32]) {
        for &slot in slots {
            super::maps::fetch(&self.p2l, slot as usize);
            let block = self.geo.block_of_slot(slot) as usize;
            super::maps::fetch(&self.blocks, block);
            self.buckets.fetch(block);
        }
    }

    /// Host write of the unit held in `slot`, a new copy of it through the host stream;
    /// false (nothing done) if the slot holds none.
    #[inline]
    pub fn overwrite_slot(&mut self, slot: u32, ops: &mut impl FlashOps) -> bool {
        debug_assert!(self.map_deferred && self.sectors == 1);
        let lba = self.p2l[slot as usize];
        if lba == UNMAPPED {
            return false;
        }
        self.invalidate_slot(lba, slot);
        let stream = self.host_stream(ops);
        self.place(lba, stream, ops);
        self.counters.host_units_written += 1;
        if stream == Stream::Slc {
            self.counters.slc_units_written += 1;
        }
        self.counters.host_sectors_written += 1;
        true
    }

    /// Builds L2P from P2L, and keeps it up to date again.
    pub fn rebuild_map(&mut self) {
        // Slot order reads P2L in order and writes L2P all over: fetch the entries a stretch
        // ahead, so the writes do not wait for memory one after another.
        const AHEAD: usize = 64;
        let k = self.sectors as usize;
        let entries = self.p2l.len();
        for i in 0..entries {
            if let Some(&ahead) = self.p2l.get(i + AHEAD) {
                if ahead != UNMAPPED {
                    super::maps::fetch(&self.l2p, ahead as usize);
                }
            }
            let lba = self.p2l[i];
            if lba != UNMAPPED {
                self.l2p[lba as usize] = (i / k) as u32;
            }
        }
        self.map_deferred = false;
    }
}
