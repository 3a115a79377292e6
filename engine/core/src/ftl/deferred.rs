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
//!
//! With nothing waiting on time, GC need not keep the host's pace either: it moves each
//! victim whole when it picks it (`move_victim_whole`), compacting the victim's P2L entries
//! and copying them into the GC frontier, instead of a page at a time between host units
//! (a billion unit moves in a 512 GiB round, whose per-page bookkeeping was a third of its
//! time). Victims are picked at the same moments (erased space falling short) and their
//! units move in the same order. A unit the host overwrites while its victim drains has
//! moved already: extra moves of i · planes / 2N of those moved (i invalid units a victim,
//! N units on the drive), 0.03 % on the 16 GiB default drive at 7 % spare. The round's last
//! few blocks a plane go at the pace (`sim/precondition.rs`), so it ends as paced GC leaves
//! a drive.

use super::victims::NONE;
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
        debug_assert_eq!(self.sectors, 1, "overwrites by slot: one entry a slot");
        for slot in 0..self.p2l.len() {
            if let Some(&ahead) = self.p2l.get(slot + AHEAD) {
                if ahead != UNMAPPED {
                    super::maps::fetch(&self.l2p, ahead as usize);
                }
            }
            let lba = self.p2l[slot];
            if lba != UNMAPPED {
                self.l2p[lba as usize] = slot as u32;
            }
        }
        self.map_deferred = false;
        self.whole_victims = false;
    }

    /// While the map is deferred: GC moves each victim whole, at once (`on`), or at the
    /// host's pace as usual.
    pub fn collect_whole_victims(&mut self, on: bool) {
        debug_assert!(self.map_deferred || !on);
        self.whole_victims = on;
    }

    /// GC while the map is deferred (no compression): the victim's valid units move into
    /// the plane's GC frontier all at once, in order, as paced moves would take them a page
    /// at a time. Returns the units moved.
    pub(super) fn move_victim_whole(&mut self, plane: u32, victim: u32, folding: bool, ops: &mut impl FlashOps) -> u32 {
        let geo = self.geo;
        let spp = geo.slots_per_page as usize;
        let first = (victim * geo.slots_per_block) as usize;
        let end = first + self.block_slots(victim) as usize;
        // Its entries were last written when it was filled, long ago: fetch them all
        // together (a block's 4 KiB is too short for the hardware's prefetcher to pick up).
        for i in (first..end).step_by(64 / std::mem::size_of::<u32>()) {
            super::maps::fetch(&self.p2l, i);
        }
        // Compact the victim's units to the front of its own entries, reading each page
        // that holds any.
        let mut kept = first;
        for (page, start) in (geo.page_of_slot(first as u32)..).zip((first..end).step_by(spp)) {
            let before = kept;
            for i in start..start + spp {
                let lba = self.p2l[i];
                self.p2l[kept] = lba;
                kept += (lba != UNMAPPED) as usize;
            }
            if kept > before {
                ops.read_page(plane, page, (kept - before) as u32, self.move_kind(plane, folding));
            }
        }
        let units = (kept - first) as u32;
        // Then into the GC frontier, a block's room at a time.
        let mut from = first;
        while from < kept {
            let s = Stream::Gc as usize;
            let mut block = self.frontiers[s].open[plane as usize];
            if block == NONE {
                block = self.open_block(plane, false, ops);
                self.frontiers[s].open[plane as usize] = block;
                self.fdp_block_opened(block, Stream::Gc);
            }
            let written = self.blocks[block as usize].write_ptr;
            let n = (geo.slots_per_block - written).min((kept - from) as u32);
            let to = (block * geo.slots_per_block + written) as usize;
            debug_assert!(self.p2l[to..to + n as usize].iter().all(|&e| e == UNMAPPED), "GC writes erased slots");
            self.p2l.copy_within(from..from + n as usize, to);
            for i in to..to + n as usize {
                ops.map_updated(self.p2l[i], Stream::Gc);
            }
            self.take_from_victim(plane, victim, n, folding);
            self.slots_filled(plane, block, written, n);
            let mut offset = (geo.page_of_slot(written) + 1) * geo.slots_per_page;
            while offset <= written + n {
                self.page_filled(plane, block, offset, Stream::Gc, ops);
                offset += geo.slots_per_page;
            }
            from += n as usize;
        }
        self.p2l[first..end].fill(UNMAPPED);
        self.counters.gc_units_moved += units as u64;
        self.counters.gc_sectors_moved += units as u64;
        self.fdp_gc_moved(plane, units);
        self.victim_emptied(plane, victim, folding, ops);
        units
    }
}
