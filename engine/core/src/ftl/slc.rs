//! The SLC cache (article 001) inside the FTL.
//!
//! Host data goes to the SLC frontier, whose blocks run one bit per cell, while the cache has
//! room: while the SLC slots written (in blocks not yet reclaimed) stay below its size, the
//! static part plus `dynamic_percent` of the free native capacity (user capacity not holding
//! valid data in native blocks) over bits per cell. Filling the cache therefore does not
//! shrink it; data landing in native blocks does, which is how a full drive ends with only
//! the static part.
//!
//! A burst fills it once: SLC blocks GC reclaims for space meanwhile (on a full drive its
//! cheapest victims) stay counted against it until the host idles (`taken_mid_burst`).
//! Once the cache is full it is "exhausted" until the host idles:
//! - `direct`: host data goes to native blocks, and the SLC blocks the frontier was writing
//!   are closed (`close_slc_frontier`), so they can be folded or collected like the rest.
//!   Each unit written natively shrinks the cache
//!   by q = dynamic share / bits per cell, so the drive must fold (move SLC data to native
//!   blocks and erase the SLC blocks for native use) to keep the data in SLC within it.
//!   `paced`: every plane folds as it takes host data, at the pace that keeps up: a victim
//!   of v valid units in c written slots frees c of the cache and shrinks it by v q, so it is
//!   folded over (c - v q) / q host units. `burst`: once the data in SLC is a batch over the
//!   cache's size, the next die in turn folds a batch at once.
//! - `fold_first`: host data still goes through SLC; when no room is left the next die in
//!   turn folds a batch before the write can land.
//!
//! Idle time folds whole SLC blocks (oldest first) and lifts the exhaustion: the next burst
//! finds the cache empty. Physical space is watched as always by GC (`gc.rs`), which may pick
//! an SLC block too: greedy's fewest-valid-first is right for both modes, since a block frees
//! the same native space whatever it held.

use super::victims::{ValidBuckets, NONE};
use super::{BlockState, FlashOps, Ftl, Stream};
use crate::media::Geometry;
use crate::scenario::{FoldSchedule, SlcCache, SlcWhenFull};
use std::collections::VecDeque;

pub(super) struct SlcState {
    pub enabled: bool,
    /// Static part, in slots of SLC capacity.
    static_slots: u64,
    /// Dynamic share of free native capacity over bits per cell.
    per_free_unit: f64,
    user_units: u64,
    when_full: SlcWhenFull,
    schedule: FoldSchedule,
    /// Slots one die folds at once (a burst, or to make room for `fold_first`).
    batch_slots: u64,
    /// The die that folds the next batch, and the plane that reclaims the next overwritten
    /// SLC block: turns go round, so no plane does all the work.
    next_die: u32,
    next_plane: u32,
    pub idle_fold: bool,
    /// SLC slots written in SLC blocks not yet reclaimed: the cache in use.
    pub used_slots: u64,
    /// Valid units in native blocks: what the dynamic part is not.
    pub native_valid: u64,
    /// The cache filled and the host has not idled since.
    pub exhausted: bool,
    /// `direct`: SLC slots GC reclaimed for space while the cache was still taking the
    /// burst. They stay counted against the cache until the host idles: a drive's SLC
    /// cache takes a burst of its size and then writes native blocks until idle time folds
    /// it (Samsung's TurboWrite; reviews' whole-drive writes never recover mid-write).
    /// Without this, on a full drive GC's cheapest victims are the SLC blocks themselves
    /// (a third as many units as a native block's), so whether the cache ever filled under
    /// random writes hung on whether a plane closed an SLC block before it filled: on a
    /// 1/64 970-like (half an SLC block a plane) it did not and host data went native, on
    /// a 1/8 one it did and every host unit went through SLC and was moved again
    /// (first drive write after preconditioning WAF 4.4 against 6.0).
    taken_mid_burst: u64,
    /// Closed SLC blocks per plane in the order they were closed, with their erase count
    /// then (an entry whose block was reclaimed by GC meanwhile no longer matches).
    closed: Vec<VecDeque<(u32, u32)>>,
    /// Closed SLC blocks by valid units, per plane: the emptiest is reclaimed first.
    by_valid: ValidBuckets,
}

impl SlcState {
    pub fn off(planes: u32) -> SlcState {
        SlcState {
            enabled: false,
            static_slots: 0,
            per_free_unit: 0.0,
            user_units: 0,
            when_full: SlcWhenFull::Direct,
            schedule: FoldSchedule::Paced,
            batch_slots: 1,
            next_die: 0,
            next_plane: 0,
            idle_fold: false,
            used_slots: 0,
            native_valid: 0,
            exhausted: false,
            taken_mid_burst: 0,
            closed: (0..planes).map(|_| VecDeque::new()).collect(),
            by_valid: ValidBuckets::new(planes, 1, 0),
        }
    }

    pub fn new(cache: &SlcCache, geo: &Geometry) -> SlcState {
        let mut s = SlcState::off(geo.planes);
        s.by_valid = ValidBuckets::new(geo.planes, geo.blocks_per_plane, geo.slc_slots_per_block);
        if cache.enabled() && geo.bits_per_cell > 1 {
            s.enabled = true;
            s.static_slots = geo.slc_static_units;
            s.per_free_unit = cache.dynamic_percent / 100.0 / geo.bits_per_cell as f64;
            s.user_units = geo.user_units as u64;
            s.when_full = cache.when_full;
            s.schedule = cache.fold_schedule;
            s.batch_slots = (cache.fold_batch_bytes.0 / crate::units::MAPPING_UNIT_BYTES).max(1);
            s.idle_fold = cache.idle_fold;
        }
        s
    }

    /// The cache's size now, in slots: the static part and the dynamic share of the free
    /// native capacity.
    pub fn size_slots(&self) -> u64 {
        if !self.enabled {
            return 0;
        }
        let free = self.user_units.saturating_sub(self.native_valid);
        self.static_slots + (free as f64 * self.per_free_unit) as u64
    }

    fn has_room(&self) -> bool {
        self.used_slots + self.taken_mid_burst < self.size_slots()
    }

    pub fn closed(&mut self, block: u32, plane: u32, erase_count: u32, valid: u32) {
        self.closed[plane as usize].push_back((block, erase_count));
        self.by_valid.insert(block, valid);
    }

    /// A closed SLC block lost `gone` of its `valid` units (overwritten or trimmed).
    pub fn invalidated(&mut self, block: u32, valid: u32, gone: u32) {
        self.by_valid.remove(block, valid);
        self.by_valid.insert(block, valid - gone);
    }

    /// A closed SLC block leaves (folded, or collected by GC).
    pub fn leaves(&mut self, block: u32, valid: u32) {
        self.by_valid.remove(block, valid);
    }
}

impl Ftl {
    /// Where the host's next unit goes: the SLC frontier while the cache has room.
    #[inline]
    pub(super) fn host_stream(&mut self, ops: &mut impl FlashOps) -> Stream {
        if !self.slc.enabled {
            return Stream::Host;
        }
        self.slc_stream(ops)
    }

    fn slc_stream(&mut self, ops: &mut impl FlashOps) -> Stream {
        if !self.slc.exhausted {
            if self.slc.has_room() || self.reclaim_overwritten_slc_blocks(ops) {
                return Stream::Slc;
            }
            if self.slc.when_full == SlcWhenFull::Direct {
                self.close_slc_frontier(ops);
            }
            self.slc.exhausted = true;
        }
        if self.slc.when_full == SlcWhenFull::FoldFirst && self.fold_for_room(ops) {
            return Stream::Slc;
        }
        Stream::Host
    }

    /// Before the cache counts as full, SLC blocks mostly overwritten (a file written over
    /// and over) are folded, emptiest first, and reused: an erase and little copying. True
    /// if that made room.
    fn reclaim_overwritten_slc_blocks(&mut self, ops: &mut impl FlashOps) -> bool {
        let half = self.geo.slc_slots_per_block / 2;
        let planes = self.geo.planes;
        let mut idle_turns = 0;
        // One block per plane per turn, round the planes, until there is room.
        while !self.slc.has_room() && idle_turns < planes {
            let plane = self.slc.next_plane;
            self.slc.next_plane = (plane + 1) % planes;
            let reclaimable = self.slc.by_valid.min_block(plane).filter(|&b| self.blocks[b as usize].valid < half);
            let Some(block) = reclaimable else {
                idle_turns += 1;
                continue;
            };
            self.finish_victim(plane, ops);
            if self.begin_victim(plane, block, 0.0, false) {
                self.finish_victim(plane, ops);
                idle_turns = 0;
            } else {
                idle_turns += 1;
            }
        }
        self.slc.has_room()
    }

    /// `fold_first`: dies fold a batch each, in turn, until the cache has room. False if
    /// there is nothing left to fold.
    fn fold_for_room(&mut self, ops: &mut impl FlashOps) -> bool {
        for _ in 0..self.geo.dies {
            if self.slc.has_room() {
                return true;
            }
            self.fold_batch_on_next_die(ops);
        }
        self.slc.has_room()
    }

    /// The next die in turn that holds SLC data folds a batch of its oldest SLC blocks,
    /// spread over its planes, now. False if no die holds any.
    fn fold_batch_on_next_die(&mut self, ops: &mut impl FlashOps) -> bool {
        let (dies, ppd) = (self.geo.dies, self.geo.planes_per_die);
        for k in 0..dies {
            let die = (self.slc.next_die + k) % dies;
            let planes = die * ppd..(die + 1) * ppd;
            if planes.clone().all(|p| self.slc.closed[p as usize].is_empty()) {
                continue;
            }
            self.slc.next_die = (die + 1) % dies;
            let per_plane = self.slc.batch_slots.div_ceil(ppd as u64);
            for plane in planes {
                self.finish_victim(plane, ops);
                let mut folded = 0;
                while folded < per_plane && self.start_fold(plane) {
                    folded += self.blocks[self.gc[plane as usize].victim() as usize].write_ptr as u64;
                    self.finish_victim(plane, ops);
                }
            }
            return true;
        }
        false
    }

    /// The cache holds more SLC data than its (shrinking) size while host data goes
    /// directly to native blocks: `paced` folding should start on the plane that took it.
    #[inline]
    pub(super) fn wants_fold(&self) -> bool {
        self.slc.enabled
            && self.slc.when_full == SlcWhenFull::Direct
            && self.slc.schedule == FoldSchedule::Paced
            && self.slc.exhausted
            && self.slc.used_slots > self.slc.size_slots()
    }

    /// `burst`: once the data in SLC is a batch over the cache's size, a die folds a batch.
    #[inline]
    pub(super) fn fold_burst_if_due(&mut self, ops: &mut impl FlashOps) {
        let s = &self.slc;
        if s.enabled && s.schedule == FoldSchedule::Burst && s.when_full == SlcWhenFull::Direct && s.exhausted && s.used_slots >= s.size_slots() + s.batch_slots
        {
            self.fold_batch_on_next_die(ops);
        }
    }

    /// Starts folding the plane's oldest closed SLC block at the pace of `slc.rs`'s module
    /// comment. False if the plane has none, or no room to move it.
    pub(super) fn start_fold(&mut self, plane: u32) -> bool {
        let p = plane as usize;
        while let Some((block, erases)) = self.slc.closed[p].pop_front() {
            let b = block as usize;
            // GC may have reclaimed it since (and it may even hold native data now).
            if self.blocks[b].state != BlockState::Closed || !self.blocks[b].slc_mode || self.blocks[b].erase_count != erases {
                continue;
            }
            let valid = self.blocks[b].valid as f64;
            let written = self.blocks[b].write_ptr as f64;
            let q = self.slc.per_free_unit;
            // Over by more than two SLC blocks per plane (a burst of host data): catch up at
            // one unit folded per unit written.
            let behind = self.slc.used_slots > self.slc.size_slots() + 2 * self.geo.planes as u64 * self.geo.slc_slots_per_block as u64;
            let pace = if written - valid * q > 0.0 { valid * q / (written - valid * q) } else { 1.0 };
            let ratio = if behind { pace.max(1.0) } else { pace };
            if !self.begin_victim(plane, block, ratio, false) {
                // No room to move it now: try again later.
                self.slc.closed[p].push_front((block, erases));
                return false;
            }
            return true;
        }
        false
    }

    /// Moves every page of the plane's victim now.
    pub(super) fn finish_victim(&mut self, plane: u32, ops: &mut impl FlashOps) {
        while self.gc[plane as usize].victim() != NONE {
            self.move_next_page(plane, ops);
        }
    }

    /// Folds everything the SLC cache holds (its open blocks closed first, where they end on
    /// a page) and lifts its exhaustion: the state a drive reaches when the host leaves it
    /// idle. Preconditioning ends with it.
    pub fn fold_all(&mut self, ops: &mut impl FlashOps) {
        if !self.slc.enabled {
            return;
        }
        for plane in 0..self.geo.planes {
            self.finish_victim(plane, ops);
            self.close_open_slc_block(plane);
            while self.start_fold(plane) {
                self.finish_victim(plane, ops);
            }
        }
        self.slc.exhausted = false;
        self.slc.taken_mid_burst = 0;
    }

    /// One step of idle folding on `plane`: starts folding its oldest SLC block if there is
    /// one, the block still open for host data last. False if there is nothing to fold.
    pub(super) fn idle_fold_start(&mut self, plane: u32) -> bool {
        if !self.slc.enabled || !self.slc.idle_fold {
            return false;
        }
        if self.start_fold(plane) {
            return true;
        }
        self.close_open_slc_block(plane) && self.start_fold(plane)
    }

    /// `direct`, the cache just filled: host data goes to native blocks until the host
    /// idles, so the firmware moves its host write point from SLC to native mode and closes
    /// the SLC blocks it was writing, as a drive does rather than leave blocks open with no
    /// writes coming (it keeps few open, and open wordlines hold data worse). Their unwritten
    /// rest is lost (see `close_open_slc_block`), the page being filled padded first;
    /// closed, they can be folded or collected.
    /// Left open, each plane's last SLC block was out of reach of both until the host idled,
    /// its data going stale while it held two thirds of a native block lost to SLC mode plus
    /// every page it wrote: 32 blocks among a full drive's thousands, but at 1/64 scale the
    /// static part (half an SLC block a plane) lay wholly in them, and they took 40 % of
    /// GC's spare through a steady state (WAF 8.5 where the full drive gives 5.6).
    fn close_slc_frontier(&mut self, ops: &mut impl FlashOps) {
        let filling = self.frontiers[Stream::Slc as usize].filling;
        if filling != NONE {
            self.pad_slc_page(filling, ops);
        }
        for plane in 0..self.geo.planes {
            self.close_open_slc_block(plane);
        }
    }

    /// Programs the page the SLC frontier is filling on `plane` with the host data it holds
    /// and padding, as firmware does to close a block mid-page: the padding is written, so
    /// the block ends on a page boundary and every unit in it is on NAND.
    fn pad_slc_page(&mut self, plane: u32, ops: &mut impl FlashOps) {
        let (s, p) = (Stream::Slc as usize, plane as usize);
        self.frontiers[s].filling = NONE;
        let block = self.frontiers[s].open[p];
        if block == NONE {
            return;
        }
        let written = self.blocks[block as usize].write_ptr;
        let in_page = written % self.geo.slots_per_page;
        // A partly filled slot (compression) is not counted in the write pointer yet.
        if in_page == 0 && self.frontiers[s].fill[p] == 0 {
            return;
        }
        let pad = self.geo.slots_per_page - in_page;
        self.frontiers[s].fill[p] = 0;
        self.blocks[block as usize].write_ptr = written + pad;
        self.take_for_slc(plane, pad);
        self.slc.used_slots += pad as u64;
        self.page_filled(plane, block, written + pad, Stream::Slc, ops);
    }

    /// Closes the SLC frontier's open block on `plane` early so idle time can fold it too:
    /// only at a page boundary (every page it holds is programmed). Its unwritten rest is
    /// lost until the block is erased, as when firmware abandons a partly written block.
    fn close_open_slc_block(&mut self, plane: u32) -> bool {
        let s = Stream::Slc as usize;
        let p = plane as usize;
        let block = self.frontiers[s].open[p];
        if block == NONE || self.frontiers[s].fill[p] != 0 {
            return false;
        }
        let written = self.blocks[block as usize].write_ptr;
        if written == 0 || !written.is_multiple_of(self.geo.slots_per_page) {
            return false;
        }
        self.take_for_slc(plane, self.geo.slc_slots_per_block - written);
        self.frontiers[s].open[p] = NONE;
        if self.frontiers[s].filling == plane {
            self.frontiers[s].filling = NONE;
        }
        self.close_block(block);
        true
    }

    /// A block run in SLC mode was reclaimed: the cache's space is back, but not for the
    /// burst in progress if GC took it for space (`taken_mid_burst`).
    pub(super) fn slc_block_freed(&mut self, block: u32, by_gc: bool) {
        let written = self.blocks[block as usize].write_ptr as u64;
        self.slc.used_slots -= written;
        if by_gc && !self.slc.exhausted && self.slc.when_full == SlcWhenFull::Direct {
            self.slc.taken_mid_burst += written;
        }
        self.blocks[block as usize].slc_mode = false;
    }

    /// Idle time reclaimed a block, or found nothing to reclaim: once the cache has room
    /// again it takes host data.
    pub(super) fn slc_recovered_in_idle(&mut self) {
        self.slc.taken_mid_burst = 0;
        if self.slc.enabled && self.slc.exhausted && self.slc.has_room() {
            self.slc.exhausted = false;
        }
    }

    /// SLC data and size now, in 4 KiB units.
    pub fn slc_cache_units(&self) -> (u64, u64) {
        (self.slc.used_slots, self.slc.size_slots())
    }

    /// Host units in SLC pages not yet programmed (the open pages of the SLC frontier).
    #[cfg(test)]
    pub(super) fn slc_open_units(&self) -> u64 {
        let f = &self.frontiers[Stream::Slc as usize];
        f.open.iter().filter(|&&b| b != NONE).map(|&b| (self.blocks[b as usize].write_ptr % self.geo.slots_per_page) as u64).sum()
    }

    pub fn slc_cache_enabled(&self) -> bool {
        self.slc.enabled
    }
}
