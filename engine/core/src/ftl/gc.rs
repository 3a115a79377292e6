//! Garbage collection, per plane, paced by host writes.
//!
//! When a plane's erased space (free blocks and the unwritten rest of its open blocks) falls
//! below the firmware's working area, GC picks a victim (greedy, FIFO or
//! cost-benefit) and moves its valid units into the plane's GC block a page at a time. The
//! pace is set when the victim is picked: with v valid and i invalid units, GC moves v / i
//! units for every host unit the plane receives, so the victim is empty by the time the host
//! has used up the space it frees (a victim picked while the SLC cache's blocks hold some of
//! the working area moves faster and pays it back: `pay_back`). Erased space then saws
//! between the working area and a block below it, and each victim is chosen when data fills
//! exactly the raw capacity: GC decides with the spare the user typed (`media::geometry`),
//! as in the analytic models, where the victim is chosen when every block but the one being
//! written holds data. GC and host pages interleave on the plane's timeline, the way real
//! firmware spreads GC to bound latency, instead of one multi-second burst.
//!
//! Preconditioning by slot moves victims whole instead (`deferred.rs`): nothing there waits
//! on the time a move takes.
//!
//! If a plane runs out anyway (a burst, a full-valid FIFO victim), `reclaim_now` finishes
//! the work before the host may take the plane's last free block.
//!
//! Folding out of the SLC cache (`slc.rs`) uses the same machinery: a fold victim is an SLC
//! block whose valid units move into the plane's GC block, at a pace of its own (GC's, if
//! space runs short meanwhile: `fold_at_gc_pace`).

use super::victims::NONE;
use super::{BlockState, FlashOps, Ftl, Move, Stream, UNMAPPED};
use crate::scenario::GcPolicy;

#[derive(Clone, Copy, Debug)]
pub(super) struct PlaneGc {
    victim: u32,
    /// Next page of the victim to read.
    next_page: u32,
    /// Sectors to move per host sector received, fixed when the victim was picked.
    ratio: f64,
    /// Sectors owed to the pace; a moved page may overshoot and leave it negative.
    debt: f64,
    /// The victim is folded out of the SLC cache at the cache's pace (see `keep_pace_any`).
    folding: bool,
    /// The victim is cold data static wear levelling chose: its moves are counted apart.
    wear_levelling: bool,
    /// GC chose the victim for space (not folded out of the SLC cache).
    collected: bool,
    victims_picked: u64,
}

impl Default for PlaneGc {
    fn default() -> Self {
        Self { victim: NONE, next_page: 0, ratio: 0.0, debt: 0.0, folding: false, wear_levelling: false, collected: false, victims_picked: 0 }
    }
}

impl PlaneGc {
    pub(super) fn victim(&self) -> u32 {
        self.victim
    }
}

/// Victim pages whose units' map entries GC fetches at once (see `move_next_page`). In
/// wasm a fetch is a load that waits, so a batch costs about one miss: 16 pages took 0.97x
/// of 8's time there (GC random write in Node; 32 no better), the same natively.
const WARM_PAGES: u32 = 16;

impl Ftl {
    /// Called for each unit the host places on `plane`, of `sectors` sectors.
    #[inline]
    pub(super) fn keep_pace(&mut self, plane: u32, sectors: u32, ops: &mut impl FlashOps) {
        let p = plane as usize;
        // Nothing in progress and nothing to start: the common case, decided inline.
        if self.gc[p].victim == NONE && self.erased_slots[p] >= self.gc_trigger && !self.wants_fold() {
            return;
        }
        self.keep_pace_any(plane, sectors, ops);
    }

    fn keep_pace_any(&mut self, plane: u32, sectors: u32, ops: &mut impl FlashOps) {
        let p = plane as usize;
        if self.gc[p].victim == NONE {
            // Space runs short: collect. Else, past the SLC cache's size: fold.
            let collecting = self.erased_slots[p] < self.gc_trigger && self.start_victim(plane);
            let folding = !collecting && self.wants_fold() && self.start_fold(plane);
            if !collecting && !folding {
                return;
            }
        } else if self.gc[p].folding && self.erased_slots[p] < self.gc_trigger {
            self.fold_at_gc_pace(plane);
        }
        self.gc[p].debt += self.gc[p].ratio * sectors as f64;
        while self.gc[p].debt > 0.0 && self.gc[p].victim != NONE {
            let moved = self.move_next_page(plane, ops);
            self.gc[p].debt -= moved as f64;
        }
    }

    /// Space runs short on `plane` while it folds an SLC block at the cache's pace, which
    /// can be far slower than GC's (a block's worth of host data or more): the fold frees a
    /// whole block like any victim, so from now on it moves at least at the pace GC would
    /// take for what the block still holds, as firmware keeps its free pool from draining
    /// whatever it is reclaiming. Otherwise GC, which waits for the plane's victim, could
    /// not start, and erased space would sink far below the working area while the fold
    /// ran and stay there (a 1/16 970-like drive 1.7 blocks a plane under it): GC holds
    /// the level it starts from.
    fn fold_at_gc_pace(&mut self, plane: u32) {
        let p = plane as usize;
        let valid = self.blocks[self.gc[p].victim as usize].valid;
        let pace = valid as f64 / (self.geo.slots_per_block * self.sectors - valid).max(1) as f64;
        let g = &mut self.gc[p];
        g.ratio = g.ratio.max(pace);
        g.folding = false;
    }

    /// Collects until `plane` has at least `min_free` free blocks, or nothing is left to
    /// reclaim. Bounded, so a plane with no reclaimable space cannot spin.
    pub(super) fn reclaim_now(&mut self, plane: u32, min_free: u32, ops: &mut impl FlashOps) {
        let p = plane as usize;
        let mut victims = self.geo.blocks_per_plane;
        while (self.free[p].len() as u32) < min_free {
            if self.gc[p].victim == NONE {
                if victims == 0 || !self.start_victim(plane) {
                    return;
                }
                victims -= 1;
            }
            while self.gc[p].victim != NONE {
                self.move_next_page(plane, ops);
            }
        }
        self.gc[p].debt = 0.0;
    }

    /// One step of background GC on an idle plane: moves one victim page if the plane's pool
    /// is below the background target or a victim is in progress. False if nothing to do.
    /// Idle time folds the SLC cache first (so the next burst finds it empty).
    pub fn background_step(&mut self, plane: u32, ops: &mut impl FlashOps) -> bool {
        let p = plane as usize;
        if self.gc[p].victim == NONE && !self.idle_fold_start(plane) && (self.free[p].len() as u32 >= self.background_target || !self.start_victim(plane)) {
            self.slc_recovered_in_idle();
            return false;
        }
        self.move_next_page(plane, ops);
        if self.gc[p].victim == NONE {
            self.slc_recovered_in_idle();
        }
        true
    }

    /// Slots moving `valid` sectors can take: one per unit without compression; with it, no
    /// more than the victim's occupied slots (repacking in order never needs more) plus the
    /// partly filled slot GC continues.
    fn slots_to_move(&self, valid: u32) -> u64 {
        if self.sectors == 1 {
            valid as u64
        } else {
            valid.min(self.geo.slots_per_block) as u64 + 1
        }
    }

    /// Erased slots GC can write on `plane`: the rest of its open (native) block and the
    /// free pool.
    fn gc_room(&self, plane: u32) -> u64 {
        let p = plane as usize;
        let open = self.frontiers[Stream::Gc as usize].open[p];
        let rest = if open == NONE { 0 } else { self.geo.slots_per_block - self.blocks[open as usize].write_ptr };
        rest as u64 + self.free[p].len() as u64 * self.geo.slots_per_block as u64
    }

    /// Free blocks the victim in progress on `plane` still needs beyond GC's open block: the
    /// host must leave them (a plane short of spare, by skew or a tiny geometry, would
    /// otherwise run out in the middle of a move).
    pub(super) fn gc_blocks_needed(&self, plane: u32) -> u32 {
        let victim = self.gc[plane as usize].victim;
        if victim == NONE {
            return 0;
        }
        // The open block the victim's data goes to (its handle's, with FDP's persistent
        // isolation).
        let open = self.gc_open_block(plane, victim);
        let rest = if open == NONE { 0 } else { (self.geo.slots_per_block - self.blocks[open as usize].write_ptr) as u64 };
        self.slots_to_move(self.blocks[victim as usize].valid).saturating_sub(rest).div_ceil(self.geo.slots_per_block as u64) as u32
    }

    /// Picks the plane's next victim and sets the pace. False if the plane has no candidate,
    /// or no room to move the best one's data (the host then writes to other planes).
    pub(super) fn start_victim(&mut self, plane: u32) -> bool {
        // A plane holding no stale data (or less than a page of it) gains nothing by
        // collecting: its victims' data would only move into new blocks, again and again
        // (placement that fills one plane ahead of the rest, say). The host writes to a
        // plane with room instead.
        let stale = self.written_sectors(plane).saturating_sub(self.valid_sectors[plane as usize]);
        if stale < (self.geo.slots_per_page * self.sectors) as u64 {
            return false;
        }
        let cold = self.static_wear_victim(plane);
        let victim = match cold.or_else(|| self.pick_victim(plane)) {
            Some(v) => v,
            None => return false,
        };
        // Reclaiming the block frees it whole, whatever mode it ran in.
        let valid = self.blocks[victim as usize].valid;
        let invalid = self.geo.slots_per_block * self.sectors - valid;
        let pays = invalid - self.pay_back(plane, invalid / 2 / self.sectors) * self.sectors;
        let begun = self.begin_victim(plane, victim, valid as f64 / pays.max(1) as f64, true);
        self.gc[plane as usize].wear_levelling = begun && cold.is_some();
        begun
    }

    /// The SLC cache takes `slots` of the plane's erased space that hold no host data (a
    /// block's other bits, an abandoned rest, padding): GC owes them back (`pay_back`). The
    /// debt stops at the working area, the most a plane can be short of: anything beyond
    /// was given back otherwise (idle folding frees whole blocks at no host unit's pace),
    /// and a drive written through SLC for days does not count it without end.
    pub(super) fn take_for_slc(&mut self, plane: u32, slots: u32) {
        let p = plane as usize;
        self.erased_slots[p] -= slots;
        self.erased_owed[p] = (self.erased_owed[p] + slots).min(self.gc_trigger);
    }

    /// Slots (at most `most`) of what the SLC cache took from the plane's working area that
    /// the victim being picked pays back, and so moves faster. The pace v / i holds the
    /// level a victim starts from, so space taken by something other than host data would
    /// stay taken: an SLC block costs the working area its other bits when it opens, and
    /// when it is closed at the cache's end, its unwritten rest. Held for good, that left
    /// more spare to the data than the drive has, the more so the fewer blocks a plane has
    /// (a 1/64 970-like ran its first drive write after preconditioning at WAF 4.4, a 1/4
    /// one 5.3, greedy theory 5.7). Paid only while the plane is short of the working area
    /// by more than a page (idle time may have filled it meanwhile), at most half the
    /// victim's invalid units, so at most twice as fast.
    fn pay_back(&mut self, plane: u32, most: u32) -> u32 {
        let p = plane as usize;
        let short = self.gc_trigger.saturating_sub(self.erased_slots[p] + self.geo.slots_per_page);
        let paid = self.erased_owed[p].min(short).min(most);
        self.erased_owed[p] -= paid;
        paid
    }

    /// Makes `victim` the plane's block in collection, moving `ratio` sectors per host
    /// sector the plane receives. `gc_choice`: chosen by GC (its spare is sampled), not
    /// folded out of the SLC cache. False if the plane has no room to move its data.
    pub(super) fn begin_victim(&mut self, plane: u32, victim: u32, ratio: f64, gc_choice: bool) -> bool {
        self.gc_frontier_for(victim);
        if self.slots_to_move(self.blocks[victim as usize].valid) > self.gc_room(plane) {
            return false;
        }
        if self.policy == GcPolicy::Fifo {
            // The FIFO queue holds every closed block; a static-WL victim leaves it too.
            let order = &mut self.closed_order[plane as usize];
            if let Some(i) = order.iter().position(|&b| b == victim) {
                order.remove(i);
            }
        }
        if gc_choice {
            self.counters.written_sectors_sum += self.written_sectors(plane) as f64;
            self.counters.valid_sectors_sum += self.valid_sectors[plane as usize] as f64;
            let held = self.blocks[victim as usize].write_ptr * self.sectors;
            self.counters.gc_victims += 1;
            self.counters.victim_valid_share_sum += self.blocks[victim as usize].valid as f64 / held.max(1) as f64;
        }
        let valid = self.blocks[victim as usize].valid;
        self.buckets.remove(victim, valid);
        if let Some(cb) = &mut self.cost_benefit {
            cb.clear(victim);
        }
        if self.blocks[victim as usize].slc_mode {
            self.slc.leaves(victim, valid);
        }
        self.blocks[victim as usize].state = BlockState::Open; // in flight: not a candidate
        let g = &mut self.gc[plane as usize];
        g.victim = victim;
        g.next_page = 0;
        g.ratio = ratio;
        g.debt = 0.0;
        g.folding = !gc_choice && self.blocks[victim as usize].slc_mode;
        g.collected = gc_choice;
        true
    }

    /// Static wear levelling: every `static_every`-th victim of a plane, if the plane's erase
    /// counts spread wider than the limit, the least-worn closed block (cold data) is
    /// collected instead. Its data moves into a worn block and the cold block joins the free
    /// pool: the pool keeps its size, and the move costs its writes (foreground, when GC is).
    fn static_wear_victim(&mut self, plane: u32) -> Option<u32> {
        let p = plane as usize;
        self.gc[p].victims_picked += 1;
        if self.wear.static_spread == 0 || !self.gc[p].victims_picked.is_multiple_of(self.wear.static_every.max(1) as u64) {
            return None;
        }
        // The move needs somewhere to go: `begin_victim` checks GC's room for it too.
        if self.free[p].len() == 0 {
            return None;
        }
        let first = plane * self.geo.blocks_per_plane;
        let blocks = first..first + self.geo.blocks_per_plane;
        let max = blocks.clone().map(|b| self.blocks[b as usize].erase_count).max()?;
        let coldest = blocks.filter(|&b| self.blocks[b as usize].state == BlockState::Closed).min_by_key(|&b| self.blocks[b as usize].erase_count)?;
        if max - self.blocks[coldest as usize].erase_count > self.wear.static_spread {
            self.counters.wear_level_moves += 1;
            Some(coldest)
        } else {
            None
        }
    }

    fn pick_victim(&mut self, plane: u32) -> Option<u32> {
        match self.policy {
            GcPolicy::Greedy => self.buckets.min_block(plane),
            GcPolicy::Fifo => self.closed_order[plane as usize].front().copied(),
            GcPolicy::CostBenefit => self.cost_benefit.as_ref().and_then(|cb| cb.best(plane, self.counters.host_units_written)),
        }
    }

    /// Moves the valid units of the victim's next page that has any; frees the victim once
    /// it is empty. Returns the sectors moved.
    pub(super) fn move_next_page(&mut self, plane: u32, ops: &mut impl FlashOps) -> u32 {
        let geo = self.geo;
        let p = plane as usize;
        let k = self.sectors;
        let victim = self.gc[p].victim;
        let first = victim * geo.slots_per_block;
        let folding = self.blocks[victim as usize].slc_mode;
        let pages = geo.page_of_slot(self.block_slots(victim));
        let next = self.gc[p].next_page;
        // Another plane's victim may have put another handle's GC frontier in the slot.
        self.gc_frontier_for(victim);
        if self.whole_victims && next == 0 {
            return self.move_victim_whole(plane, victim, folding, ops);
        }
        let mut moved = 0;
        if next.is_multiple_of(WARM_PAGES) && next < pages {
            // Fetch the map entries of the units the next pages hold, together: moving them
            // updates each, and one miss after another would leave the CPU waiting.
            let from = first + next * geo.slots_per_page;
            let to = first + (next + WARM_PAGES).min(pages) * geo.slots_per_page;
            self.warm_map_of_slots(from * k..to * k);
        }
        while moved == 0 && self.gc[p].next_page < pages && self.blocks[victim as usize].valid > 0 {
            let page_first = first + self.gc[p].next_page * geo.slots_per_page;
            self.gc[p].next_page += 1;
            if k == 1 {
                // Without compression a slot is one unit: the same moves, without the search
                // for a slot's units.
                moved = self.move_units_of_page(plane, victim, page_first, folding, ops);
                continue;
            }
            let members = (page_first * k) as usize..((page_first + geo.slots_per_page) * k) as usize;
            let occupied =
                (page_first..page_first + geo.slots_per_page).filter(|&slot| (slot * k..slot * k + k).any(|i| self.p2l[i as usize] != UNMAPPED)).count() as u32;
            if occupied == 0 {
                continue;
            }
            ops.read_page(plane, geo.page_of_slot(page_first), occupied, self.move_kind(plane, folding));
            for i in members {
                let lba = self.p2l[i];
                if lba == UNMAPPED {
                    continue;
                }
                let sectors = self.sectors_of(lba);
                self.p2l[i] = UNMAPPED;
                self.blocks[victim as usize].valid -= sectors;
                self.valid_sectors[p] -= sectors as u64;
                if folding {
                    self.counters.units_folded += 1;
                } else {
                    self.slc.native_valid -= 1;
                }
                if self.gc[p].wear_levelling {
                    self.counters.wear_level_units_moved += 1;
                }
                self.place_on(lba, plane, Stream::Gc, ops);
                moved += sectors;
                self.fdp_gc_moved(plane, 1);
                self.counters.gc_units_moved += 1;
                self.counters.gc_sectors_moved += sectors as u64;
            }
        }

        if self.blocks[victim as usize].valid == 0 {
            self.victim_emptied(plane, victim, folding, ops);
        }
        moved
    }

    /// Moves the units held in the page of slots from `page_first` (one unit a slot, no
    /// compression) into the plane's GC frontier. Returns the units moved.
    #[inline]
    fn move_units_of_page(&mut self, plane: u32, victim: u32, page_first: u32, folding: bool, ops: &mut impl FlashOps) -> u32 {
        let (p, spp) = (plane as usize, self.geo.slots_per_page);
        let slots = page_first as usize..(page_first + spp) as usize;
        let occupied = self.p2l[slots.clone()].iter().filter(|&&lba| lba != UNMAPPED).count() as u32;
        if occupied == 0 {
            return 0;
        }
        ops.read_page(plane, self.geo.page_of_slot(page_first), occupied, self.move_kind(plane, folding));
        let mut i = slots.start;
        while i < slots.end {
            let block = self.frontiers[Stream::Gc as usize].open[p];
            if block == NONE {
                // The GC frontier opens a block: one unit the long way.
                let lba = self.p2l[i];
                i += 1;
                if lba != UNMAPPED {
                    self.p2l[i - 1] = UNMAPPED;
                    self.take_from_victim(plane, victim, 1, folding);
                    self.place_on(lba, plane, Stream::Gc, ops);
                }
                continue;
            }
            // As many units as fit the GC frontier's page, placed as `place_unit` places
            // them (the map, in order), the counts updated once.
            let written = self.blocks[block as usize].write_ptr;
            let room = spp - (written - self.geo.page_of_slot(written) * spp);
            let first_slot = block * self.geo.slots_per_block + written;
            let mut taken = 0;
            while i < slots.end && taken < room {
                let lba = self.p2l[i];
                i += 1;
                if lba == UNMAPPED {
                    continue;
                }
                self.p2l[i - 1] = UNMAPPED;
                let slot = first_slot + taken;
                self.point_map(lba, slot, slot as usize, Stream::Gc, ops);
                taken += 1;
            }
            self.take_from_victim(plane, victim, taken, folding);
            self.slots_filled(plane, block, written, taken);
            if taken == room {
                self.page_filled(plane, block, written + taken, Stream::Gc, ops);
            }
        }
        self.counters.gc_units_moved += occupied as u64;
        self.counters.gc_sectors_moved += occupied as u64;
        self.fdp_gc_moved(plane, occupied);
        occupied
    }

    /// Static wear levelling is on (its copies can hold a host command up).
    pub fn static_wear_levelling(&self) -> bool {
        self.wear.static_spread > 0
    }

    /// Why the plane's victim's data moves (the controller books the time a host command
    /// waits behind it by this).
    #[inline(always)]
    pub(super) fn move_kind(&self, plane: u32, folding: bool) -> Move {
        if self.gc[plane as usize].wear_levelling {
            Move::WearLevel
        } else if folding {
            Move::Fold
        } else {
            Move::Collect
        }
    }

    /// `n` units (one slot each) left the victim for the GC frontier.
    #[inline(always)]
    pub(super) fn take_from_victim(&mut self, plane: u32, victim: u32, n: u32, folding: bool) {
        self.blocks[victim as usize].valid -= n;
        self.valid_sectors[plane as usize] -= n as u64;
        if self.gc[plane as usize].wear_levelling {
            self.counters.wear_level_units_moved += n as u64;
        }
        if folding {
            self.counters.units_folded += n as u64;
        } else {
            self.slc.native_valid -= n as u64;
        }
    }

    /// The victim holds no valid data any more: it joins the free pool.
    pub(super) fn victim_emptied(&mut self, plane: u32, victim: u32, folding: bool, ops: &mut impl FlashOps) {
        let p = plane as usize;
        if folding {
            self.slc_block_freed(victim, self.gc[p].collected);
        }
        self.blocks[victim as usize].state = BlockState::Free;
        self.fdp_block_freed(victim);
        if self.pre_erase {
            self.erase(plane, victim, ops);
        }
        self.free[p].push(victim, self.blocks[victim as usize].erase_count);
        self.free_blocks += 1;
        self.erased_slots[p] += self.geo.slots_per_block;
        self.counters.gc_runs += 1;
        self.gc[p].victim = NONE;
        self.gc[p].wear_levelling = false;
    }
}
