//! Where the frontiers put each unit: the slot and page being filled, the plane each page
//! goes to (the one free first, or the next in a fixed order; a one-shot wordline's pages to
//! the same plane), and where host data goes when a plane has no room.

use super::victims::NONE;
use super::{host_reserve, BlockState, FlashOps, Ftl, Program, Stream, UNMAPPED};
use crate::scenario::Striping;

impl Ftl {
    /// Writes `lba` into the open block of `plane` for `stream`: into the current slot if its
    /// compressed sectors fit, else into the next. Programs each page once full. Returns true
    /// when a page was completed.
    #[inline]
    pub(super) fn place_on(&mut self, lba: u32, plane: u32, stream: Stream, ops: &mut impl FlashOps) -> bool {
        if self.sectors == 1 {
            let block = self.frontiers[stream as usize].open[plane as usize];
            if block != NONE {
                let written = self.blocks[block as usize].write_ptr;
                self.place_unit(lba, plane, block, written, stream, ops);
                return self.geo.starts_page(written + 1) && self.page_filled(plane, block, written + 1, stream, ops);
            }
        }
        self.place_on_any(lba, plane, stream, ops)
    }

    /// Host writes of the units `lbas`, in order: the same as `write` of each. Units that
    /// join the page being filled short of its last go in together (`place_run`), the
    /// rest the usual way; a sequential fill of a fresh drive is three in four such units
    /// (at four slots a page).
    pub fn write_run(&mut self, lbas: std::ops::Range<u32>, ops: &mut impl FlashOps) {
        let mut lba = lbas.start;
        while lba < lbas.end {
            lba += self.place_run(lba, lbas.end - lba, ops);
            if lba < lbas.end {
                self.write(lba, ops);
                lba += 1;
            }
        }
    }

    /// Places up to `max` units from `first` into the host frontier's page being filled, as
    /// many as `write` would place there without completing the page, asking for GC or
    /// finding a unit mapped; returns how many.
    pub(super) fn place_run(&mut self, first: u32, max: u32, ops: &mut impl FlashOps) -> u32 {
        let s = Stream::Host as usize;
        let plane = self.frontiers[s].filling;
        if self.sectors != 1 || self.slc.enabled || plane == NONE || self.frontiers[s].open[plane as usize] == NONE {
            return 0;
        }
        let (p, block) = (plane as usize, self.frontiers[s].open[plane as usize]);
        let written = self.blocks[block as usize].write_ptr;
        let spp = self.geo.slots_per_page;
        // Short of the page's last slot; and GC, checked after each unit, would not start.
        let room = (spp - 1 - (written - self.geo.page_of_slot(written) * spp)).min(max);
        if self.gc[p].victim() != NONE || self.erased_slots[p] < self.gc_trigger + room {
            return 0;
        }
        let n = (first..first + room).take_while(|&lba| self.l2p[lba as usize] == UNMAPPED).count() as u32;
        let slot = block * self.geo.slots_per_block + written;
        for i in 0..n {
            self.point_map(first + i, slot + i, (slot + i) as usize, Stream::Host, ops);
        }
        self.host_units_pending += n;
        self.slots_filled(plane, block, written, n);
        self.counters.host_units_written += n as u64;
        self.counters.host_sectors_written += n as u64;
        n
    }

    /// `place_on` of one unit into the open block, without compression: the map, the
    /// counts and the write pointer, exactly as `place_on_any` and `finish_slot` update them
    /// (a unit fills its slot; the page is the caller's to program when this filled it).
    #[inline(always)]
    fn place_unit(&mut self, lba: u32, plane: u32, block: u32, written: u32, stream: Stream, ops: &mut impl FlashOps) {
        let slot = block * self.geo.slots_per_block + written;
        self.point_map(lba, slot, slot as usize, stream, ops);
        if stream.is_host() {
            self.host_units_pending += 1;
        }
        self.slots_filled(plane, block, written, 1);
    }

    /// Unit `lba` now lives in `slot`, in its P2L entry `entry`: the maps say so (L2P
    /// unless preconditioning defers it).
    #[inline(always)]
    pub(super) fn point_map(&mut self, lba: u32, slot: u32, entry: usize, stream: Stream, ops: &mut impl FlashOps) {
        ops.map_updated(lba, stream);
        if !self.map_deferred {
            self.l2p[lba as usize] = slot;
        }
        debug_assert_eq!(self.p2l[entry], UNMAPPED);
        self.p2l[entry] = lba;
    }

    /// `n` slots of the open `block` from offset `written` took a unit each (no
    /// compression): its counts and write pointer.
    #[inline(always)]
    pub(super) fn slots_filled(&mut self, plane: u32, block: u32, written: u32, n: u32) {
        let (b, p) = (block as usize, plane as usize);
        debug_assert_eq!(self.blocks[b].state, BlockState::Open);
        self.blocks[b].valid += n;
        self.valid_sectors[p] += n as u64;
        if self.blocks[b].slc_mode {
            self.slc.used_slots += n as u64;
        } else {
            self.slc.native_valid += n as u64;
        }
        self.blocks[b].write_ptr = written + n;
        self.erased_slots[p] -= n;
    }

    #[inline(never)]
    fn place_on_any(&mut self, lba: u32, plane: u32, stream: Stream, ops: &mut impl FlashOps) -> bool {
        let s = stream as usize;
        let p = plane as usize;
        let need = self.sectors_of(lba);
        let mut page_done = false;
        if self.frontiers[s].fill[p] + need > self.sectors {
            page_done = self.finish_slot(plane, stream, ops);
        }
        let mut block = self.frontiers[s].open[p];
        if block == NONE {
            block = self.open_block(plane, stream == Stream::Slc, ops);
            self.frontiers[s].open[p] = block;
            self.fdp_block_opened(block, stream);
        }
        let slot = block * self.geo.slots_per_block + self.blocks[block as usize].write_ptr;
        self.map(lba, slot, stream, ops);
        if stream.is_host() {
            self.host_units_pending += 1;
        }
        self.frontiers[s].fill[p] += need;
        if self.frontiers[s].fill[p] == self.sectors {
            page_done |= self.finish_slot(plane, stream, ops);
        }
        page_done
    }

    /// The frontier's current slot on `plane` is done: move the write pointer on, program
    /// the page if that filled it, close the block if that filled it. True if a page was
    /// programmed.
    pub(super) fn finish_slot(&mut self, plane: u32, stream: Stream, ops: &mut impl FlashOps) -> bool {
        let geo = self.geo;
        let s = stream as usize;
        let block = self.frontiers[s].open[plane as usize];
        self.frontiers[s].fill[plane as usize] = 0;
        let offset = self.blocks[block as usize].write_ptr + 1;
        self.blocks[block as usize].write_ptr = offset;
        self.erased_slots[plane as usize] -= 1;
        let slc = self.blocks[block as usize].slc_mode;
        if slc {
            self.slc.used_slots += 1;
        }
        geo.starts_page(offset) && self.page_filled(plane, block, offset, stream, ops)
    }

    /// `offset` slots written in `block` end a page: program it, and close the block if
    /// that filled it. True (a page was programmed).
    pub(super) fn page_filled(&mut self, plane: u32, block: u32, offset: u32, stream: Stream, ops: &mut impl FlashOps) -> bool {
        let geo = self.geo;
        let s = stream as usize;
        let slc = self.blocks[block as usize].slc_mode;
        let units = if stream.is_host() { std::mem::take(&mut self.host_units_pending) } else { 0 };
        let capacity = self.block_slots(block);
        // One-shot: a native program operation covers a wordline's pages (the block's last
        // operation may be shorter); an SLC-mode wordline is one page.
        let pages_done = geo.page_of_slot(offset);
        let ends_operation = if slc { true } else { geo.ends_program(pages_done) };
        let program = Program { slc, ends_operation: ends_operation || offset == capacity };
        ops.program_page(plane, geo.page_of_slot(block * geo.slots_per_block + offset - 1), stream, units, program);
        if offset == capacity {
            self.close_block(block);
            self.frontiers[s].open[plane as usize] = NONE;
        }
        true
    }

    /// Host data goes to the plane that is free first (rotation order breaks ties, so an idle
    /// drive stripes sequential data over every channel). GC on that plane keeps pace with
    /// the host data it receives (see `gc.rs`), so GC and host pages interleave on each plane
    /// and no plane sits idle while host data waits.
    #[inline]
    pub(super) fn place(&mut self, lba: u32, stream: Stream, ops: &mut impl FlashOps) {
        if self.sectors == 1 {
            // Most units go to the plane whose page is being filled, into its open block: no
            // plane to choose, no block to open (what `place_any` would find out the long way).
            let plane = self.frontiers[stream as usize].filling;
            if plane != NONE && self.frontiers[stream as usize].open[plane as usize] != NONE {
                if self.place_on(lba, plane, stream, ops) {
                    self.page_done(stream as usize, plane);
                }
                self.keep_pace(plane, 1, ops);
                if stream == Stream::Host {
                    self.fold_burst_if_due(ops);
                }
                return;
            }
        }
        self.place_any(lba, stream, ops);
    }

    #[inline(never)]
    fn place_any(&mut self, lba: u32, stream: Stream, ops: &mut impl FlashOps) {
        let s = stream as usize;
        let sectors = self.sectors_of(lba);
        // A compressed unit that does not fit the current slot starts the next one; if that
        // completes the page, the unit goes to the next plane like any new page.
        let filling = self.frontiers[s].filling;
        if filling != NONE && self.frontiers[s].fill[filling as usize] + sectors > self.sectors && self.finish_slot(filling, stream, ops) {
            self.page_done(s, filling);
        }
        let mut plane = self.frontiers[s].filling;
        if plane == NONE {
            plane = self.first_free_plane(s, ops);
            self.frontiers[s].filling = plane;
        }
        if self.opens_block(s, plane, sectors) {
            // The last free blocks of a plane are the GC frontier's: reclaim before the
            // host may take one.
            let need = host_reserve(self.sectors).max(self.gc_blocks_needed(plane)) + 1;
            self.reclaim_now(plane, need, ops);
            if (self.free[plane as usize].len() as u32) < need {
                // This plane holds so much valid data that GC gains nothing on it (little
                // spare, skewed placement): the data goes to a plane that has room instead.
                let other = self.plane_with_room(s, need, sectors).or_else(|| {
                    // No plane has a free block to spare: the one holding the most stale
                    // data collects until it has.
                    let other = self.plane_with_most_stale(s)?;
                    self.reclaim_now(other, need, ops);
                    Some(other)
                });
                if let Some(other) = other {
                    plane = other;
                    self.frontiers[s].filling = other;
                }
            }
        }
        if self.place_on(lba, plane, stream, ops) {
            self.page_done(s, plane);
        }
        self.keep_pace(plane, sectors, ops);
        if stream == Stream::Host {
            self.fold_burst_if_due(ops);
        }
    }

    /// True if placing a unit of `sectors` on `plane` opens a block: there is none open, or
    /// the unit does not fit the open block's last slot.
    fn opens_block(&self, s: usize, plane: u32, sectors: u32) -> bool {
        let block = self.frontiers[s].open[plane as usize];
        block == NONE
            || (self.blocks[block as usize].write_ptr + 1 == self.block_slots(block) && self.frontiers[s].fill[plane as usize] + sectors > self.sectors)
    }

    /// A plane whose open block (or free pool) can take `stream`'s next unit without touching
    /// GC's last blocks: an open block first, else the most free blocks. Failing that (every
    /// plane short of spare), the most free blocks beyond what GC's moves in progress need.
    fn plane_with_room(&self, s: usize, need: u32, sectors: u32) -> Option<u32> {
        // A frontier of an FDP reclaim group looks in its group first (`frontier_planes`),
        // then, before touching GC's last blocks anywhere, in every group (a spill).
        let (group, all) = (self.frontier_planes(s), 0..self.geo.planes);
        let spill = group.len() < all.len();
        self.plane_with_room_in(group, s, need, sectors)
            .or_else(|| spill.then(|| self.plane_with_room_in(all.clone(), s, need, sectors)).flatten())
            .or_else(|| self.most_free(all, &|q| self.gc_blocks_needed(q) + 1))
    }

    /// Of `planes`, one whose open block takes the unit, else the one with the most free
    /// blocks if that leaves `need`.
    fn plane_with_room_in(&self, planes: std::ops::Range<u32>, s: usize, need: u32, sectors: u32) -> Option<u32> {
        planes.clone().find(|&q| !self.opens_block(s, q, sectors)).or_else(|| self.most_free(planes, &|_| need))
    }

    /// Of `planes`, the one with the most free blocks (the first on a tie) of those with at
    /// least `least(plane)`.
    fn most_free(&self, planes: std::ops::Range<u32>, least: &dyn Fn(u32) -> u32) -> Option<u32> {
        planes.filter(|&q| self.free[q as usize].len() as u32 >= least(q)).max_by_key(|&q| (self.free[q as usize].len(), std::cmp::Reverse(q)))
    }

    /// The plane with the most stale data (written, no longer valid), if any has some.
    fn plane_with_most_stale(&self, s: usize) -> Option<u32> {
        let (group, all) = (self.frontier_planes(s), 0..self.geo.planes);
        let spill = group.len() < all.len();
        self.plane_with_most_stale_in(group).or_else(|| spill.then(|| self.plane_with_most_stale_in(all)).flatten())
    }

    fn plane_with_most_stale_in(&self, planes: std::ops::Range<u32>) -> Option<u32> {
        planes
            .map(|p| (self.written_sectors(p).saturating_sub(self.valid_sectors[p as usize]), std::cmp::Reverse(p)))
            .filter(|&(stale, _)| stale > 0)
            .max()
            .map(|(_, std::cmp::Reverse(p))| p)
    }

    /// The frontier finished a page on `plane`. The pages of one program operation (a
    /// one-shot wordline) go to the same plane; after its last, the next plane's turn.
    pub(super) fn page_done(&mut self, s: usize, plane: u32) {
        let block = self.frontiers[s].open[plane as usize];
        if block != NONE && !self.blocks[block as usize].slc_mode {
            let written = self.blocks[block as usize].write_ptr;
            if self.geo.program_start(written) != written {
                return; // keep filling this plane's wordline
            }
        }
        self.frontiers[s].filling = NONE;
        let next = self.rotation_index(plane) + 1;
        self.frontiers[s].cursor = if next == self.rotation_len { 0 } else { next };
    }

    /// The plane in rotation order from the cursor that becomes free first; with fixed
    /// striping, simply the next in rotation order.
    fn first_free_plane(&self, s: usize, ops: &impl FlashOps) -> u32 {
        let n = self.rotation_len as usize;
        let cursor = (self.rotation_base + self.frontiers[s].cursor) as usize;
        let order = &self.rotation[cursor..cursor + n];
        let mut best = order[0];
        if self.striping == Striping::Fixed {
            return best;
        }
        let mut best_ready = ops.plane_ready(best);
        for &p in &order[1..] {
            // Selects, not a branch: which plane is free first is anybody's guess.
            let ready = ops.plane_ready(p);
            let earlier = ready < best_ready;
            best = if earlier { p } else { best };
            best_ready = if earlier { ready } else { best_ready };
        }
        best
    }

    /// Inverse of `Geometry::plane_at` (within the plane's reclaim group, with several).
    fn rotation_index(&self, plane: u32) -> u32 {
        self.rotation_index[plane as usize]
    }
}
