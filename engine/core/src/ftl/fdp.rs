//! NVMe Flexible Data Placement in the FTL (see `scenario/fdp.rs` for the terms).
//!
//! Each reclaim unit handle has its own host frontier: an open block on every plane, which
//! together are the handle's open reclaim unit (a superblock). Only one frontier can sit in
//! the host slot of `Ftl::frontiers` at a time, the one every placement path already uses;
//! the others wait parked here and are swapped in when a write for their handle comes (a
//! swap of three vectors' pointers: handle 0 without FDP never swaps, so today's path is
//! unchanged). With persistent isolation the GC frontier is swapped the same way, to the
//! handle of the victim being moved: a block remembers the handle whose unit it is.
//!
//! With reclaim groups, a frontier belongs to a (group, handle) pair: its open blocks sit on
//! the group's planes only (a group's planes are a contiguous range, whole dies), and its
//! pages rotate over those planes (`Ftl::rotation` holds each group's order). Should its
//! group have no room left (a host writing more data through one group than its planes
//! hold), the write goes to a plane of another group, as a drive must put the data
//! somewhere, and the block it opens there is counted (`group_spill_blocks`). GC needs no
//! change: a victim's copies go to its own plane, so they stay in its group.
//!
//! A placement identifier the drive does not have is written through the default handle
//! (0) and counted, as the NVMe FDP model does (an "Invalid Placement Identifier" event;
//! QEMU's and FEMU's FDP emulation do the same).

use super::flash_ops::{FlashOps, Stream};
use super::{Frontier, Ftl};
use crate::scenario::{Fdp, FdpIsolation, MAX_FDP_GROUPS, MAX_FDP_HANDLES};

const HANDLES: usize = MAX_FDP_HANDLES as usize;
const GROUPS: usize = MAX_FDP_GROUPS as usize;

/// A block that belongs to no single handle: free, or GC's shared destination under
/// initial isolation (or FDP is off).
pub const NO_HANDLE: u8 = u8::MAX;

/// What each handle cost, since the drive was new. The entry after the last handle is GC's
/// shared destination under initial isolation (copies that mix handles).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FdpCounters {
    /// Host units written through each handle.
    pub host_units: [u64; HANDLES],
    /// GC copies into each handle's reclaim units (the last entry: into shared ones).
    pub gc_units: [u64; HANDLES + 1],
    /// Blocks opened for each handle's reclaim units, host and GC.
    pub blocks_opened: [u64; HANDLES + 1],
    /// Writes whose placement identifier named no handle (written through handle 0).
    pub invalid_placements: u64,
    /// Per reclaim group: host units written through it, GC copies into its units, and
    /// blocks opened on its planes (host and GC).
    pub group_host_units: [u64; GROUPS],
    pub group_gc_units: [u64; GROUPS],
    pub group_blocks_opened: [u64; GROUPS],
    /// Blocks a frontier opened outside its group, its group having no room.
    pub group_spill_blocks: u64,
}

impl Default for FdpCounters {
    fn default() -> Self {
        FdpCounters {
            host_units: [0; HANDLES],
            gc_units: [0; HANDLES + 1],
            blocks_opened: [0; HANDLES + 1],
            invalid_placements: 0,
            group_host_units: [0; GROUPS],
            group_gc_units: [0; GROUPS],
            group_blocks_opened: [0; GROUPS],
            group_spill_blocks: 0,
        }
    }
}

pub(super) struct FdpState {
    pub enabled: bool,
    pub handles: u32,
    pub groups: u32,
    /// Planes of a group (the drive's, with one group).
    pub planes_per_group: u32,
    /// GC keeps each handle's data in its own reclaim units.
    pub persistent: bool,
    /// The frontier in the host slot now (group x handles + handle), and the handle in the
    /// GC slot.
    host_active: u16,
    gc_active: u8,
    /// The group the next untagged write goes to (round robin).
    untagged_next: u32,
    /// Per (group, handle), its frontier while another one's is in the slot (the active
    /// one's entry holds whatever the slot held before: a placeholder).
    host_parked: Vec<Frontier>,
    host_pending: Vec<u32>,
    gc_parked: Vec<Frontier>,
    /// Per block: the handle whose reclaim unit it is (`NO_HANDLE` without FDP).
    pub block_handle: Vec<u8>,
    pub counters: FdpCounters,
}

impl FdpState {
    pub fn off() -> FdpState {
        FdpState {
            enabled: false,
            handles: 1,
            groups: 1,
            planes_per_group: 0,
            persistent: false,
            host_active: 0,
            gc_active: 0,
            untagged_next: 0,
            host_parked: Vec::new(),
            host_pending: Vec::new(),
            gc_parked: Vec::new(),
            block_handle: Vec::new(),
            counters: FdpCounters::default(),
        }
    }

    /// The handle a block's valid data belongs to, for GC's destination.
    #[inline]
    fn handle_of(&self, block: u32) -> u8 {
        match self.block_handle[block as usize] {
            NO_HANDLE => 0,
            h => h,
        }
    }

    /// The group of `plane`'s dies.
    #[inline]
    fn group_of(&self, plane: u32) -> usize {
        (plane / self.planes_per_group) as usize
    }

    /// The group whose frontier is in the host slot.
    #[inline]
    fn host_group(&self) -> u32 {
        self.host_active as u32 / self.handles
    }

    /// Where GC's copies go now: the active GC handle's units, or the shared ones.
    fn gc_destination(&self) -> usize {
        if self.persistent {
            self.gc_active as usize
        } else {
            HANDLES
        }
    }
}

impl Ftl {
    /// The drive takes placement identifiers (`device.fdp`).
    pub fn with_fdp(mut self, fdp: &Fdp) -> Ftl {
        if !fdp.enabled {
            return self;
        }
        let planes = self.geo.planes as usize;
        let n = fdp.handles as usize;
        // Validation refuses group counts that do not divide the dies (so the planes).
        let groups = fdp.reclaim_groups.clamp(1, self.geo.planes);
        let frontier = || Frontier { cursor: 0, filling: super::NONE, open: vec![super::NONE; planes], fill: vec![0; planes] };
        let persistent = fdp.isolation == FdpIsolation::Persistently;
        let pairs = n * groups as usize;
        self.fdp = FdpState {
            enabled: true,
            handles: fdp.handles,
            groups,
            planes_per_group: self.geo.planes / groups,
            persistent,
            host_active: 0,
            gc_active: 0,
            untagged_next: 0,
            host_parked: (0..pairs).map(|_| frontier()).collect(),
            host_pending: vec![0; pairs],
            gc_parked: if persistent { (0..n).map(|_| frontier()).collect() } else { Vec::new() },
            block_handle: vec![NO_HANDLE; self.geo.blocks as usize],
            counters: FdpCounters::default(),
        };
        if groups > 1 {
            self.rotate_within_groups(groups);
        }
        self
    }

    /// Each group's planes in write rotation order (the drive's order, keeping the group's
    /// planes), twice over, group after group; each plane's place in its group's order. The
    /// host frontier's pages rotate over its group's planes (`rotation_base`).
    fn rotate_within_groups(&mut self, groups: u32) {
        let per = self.geo.planes / groups;
        let order: Vec<u32> = (0..self.geo.planes).map(|k| self.geo.plane_at(k)).collect();
        self.rotation.clear();
        for g in 0..groups {
            let mine: Vec<u32> = order.iter().copied().filter(|&p| p / per == g).collect();
            for (k, &p) in mine.iter().enumerate() {
                self.rotation_index[p as usize] = k as u32;
            }
            self.rotation.extend(mine.iter().chain(mine.iter()));
        }
        self.rotation_len = per;
    }

    /// Reclaim groups the drive has (1 without FDP).
    pub fn fdp_groups(&self) -> u32 {
        self.fdp.groups
    }

    /// Planes of a reclaim group: a reclaim unit is a block on each (the drive's planes
    /// with one group). Plane p is in group p / this.
    pub fn fdp_planes_per_group(&self) -> u32 {
        if self.fdp.enabled {
            self.fdp.planes_per_group
        } else {
            self.geo.planes
        }
    }

    pub fn fdp_enabled(&self) -> bool {
        self.fdp.enabled
    }

    pub fn fdp_counters(&self) -> FdpCounters {
        self.fdp.counters
    }

    /// GC keeps each handle's data apart (persistent isolation).
    pub fn fdp_persistent(&self) -> bool {
        self.fdp.persistent
    }

    /// Handles the drive has (1 without FDP).
    pub fn fdp_handles(&self) -> u32 {
        self.fdp.handles
    }

    /// Per block, the handle whose reclaim unit it is, `NO_HANDLE` for none; empty without
    /// FDP.
    pub fn block_handles(&self) -> &[u8] {
        &self.fdp.block_handle
    }

    /// Host write of one unit that compressed to `sectors`, tagged with `placement`: into
    /// the open reclaim unit of the (group, handle) it names (see `scenario/fdp.rs`); the
    /// default handle if it names none, in the next group round robin.
    #[inline]
    pub fn write_placed(&mut self, lba: u32, sectors: u32, placement: u16, ops: &mut impl super::FlashOps) {
        let (handles, id) = (self.fdp.handles, placement as u32);
        let (group, handle) = if id != 0 && id < handles * self.fdp.groups {
            (id / handles, id % handles)
        } else {
            if id != 0 {
                self.fdp.counters.invalid_placements += 1;
            }
            let g = self.fdp.untagged_next;
            if self.fdp.groups > 1 {
                self.fdp.untagged_next = if g + 1 == self.fdp.groups { 0 } else { g + 1 };
            }
            (g, 0)
        };
        let pair = (group * handles + handle) as u16;
        if pair != self.fdp.host_active {
            self.switch_host_frontier(pair);
        }
        self.fdp.counters.host_units[handle as usize] += 1;
        self.fdp.counters.group_host_units[group as usize] += 1;
        self.write_compressed(lba, sectors, ops);
    }

    /// A flush covers every handle's data: the parked host frontiers' part-filled pages are
    /// padded too (each swapped in and out again). Returns the slots padded.
    pub(super) fn pad_parked_host_frontiers(&mut self, ops: &mut impl FlashOps) -> u64 {
        let (pairs, active) = (self.fdp.host_parked.len() as u16, self.fdp.host_active);
        let mut padded = 0;
        for pair in (0..pairs).filter(|&p| p != active) {
            self.switch_host_frontier(pair);
            padded += self.pad_frontier(Stream::Host, ops);
        }
        if self.fdp.host_active != active {
            self.switch_host_frontier(active);
        }
        padded
    }

    /// Parks the host frontier in the slot and puts the (group, handle) `pair`'s there.
    #[inline(never)]
    fn switch_host_frontier(&mut self, pair: u16) {
        let s = Stream::Host as usize;
        let (old, new) = (self.fdp.host_active as usize, pair as usize);
        std::mem::swap(&mut self.frontiers[s], &mut self.fdp.host_parked[old]);
        std::mem::swap(&mut self.frontiers[s], &mut self.fdp.host_parked[new]);
        self.fdp.host_pending[old] = std::mem::replace(&mut self.host_units_pending, self.fdp.host_pending[new]);
        self.fdp.host_active = pair;
        self.rotation_base = self.fdp.host_group() * 2 * self.rotation_len;
    }

    /// The planes frontier `s` writes: its group's for the host frontier with
    /// several groups, else every plane.
    #[inline]
    pub(super) fn frontier_planes(&self, s: usize) -> std::ops::Range<u32> {
        if self.fdp.groups > 1 && s == Stream::Host as usize {
            let g = self.fdp.host_group();
            g * self.fdp.planes_per_group..(g + 1) * self.fdp.planes_per_group
        } else {
            0..self.geo.planes
        }
    }

    /// With persistent isolation, puts the GC frontier of `victim`'s handle in the GC slot
    /// (its copies go to that handle's reclaim units).
    #[inline]
    pub(super) fn gc_frontier_for(&mut self, victim: u32) {
        if !self.fdp.persistent {
            return;
        }
        let handle = self.fdp.handle_of(victim);
        if handle != self.fdp.gc_active {
            let s = Stream::Gc as usize;
            let (old, new) = (self.fdp.gc_active as usize, handle as usize);
            std::mem::swap(&mut self.frontiers[s], &mut self.fdp.gc_parked[old]);
            std::mem::swap(&mut self.frontiers[s], &mut self.fdp.gc_parked[new]);
            self.fdp.gc_active = handle;
        }
    }

    /// GC's open block on `plane` for the data of `victim` (what `gc_frontier_for` would put
    /// in the slot), without swapping.
    pub(super) fn gc_open_block(&self, plane: u32, victim: u32) -> u32 {
        let s = Stream::Gc as usize;
        if self.fdp.persistent {
            let handle = self.fdp.handle_of(victim);
            if handle != self.fdp.gc_active {
                return self.fdp.gc_parked[handle as usize].open[plane as usize];
            }
        }
        self.frontiers[s].open[plane as usize]
    }

    /// `stream`'s frontier opened `block`: it is a piece of the active handle's reclaim unit.
    #[inline]
    pub(super) fn fdp_block_opened(&mut self, block: u32, stream: Stream) {
        if !self.fdp.enabled {
            return;
        }
        let owner = match stream {
            Stream::Host => (self.fdp.host_active as u32 % self.fdp.handles) as usize,
            Stream::Gc => self.fdp.gc_destination(),
            Stream::Slc => HANDLES,
        };
        self.fdp.block_handle[block as usize] = if owner == HANDLES { NO_HANDLE } else { owner as u8 };
        self.fdp.counters.blocks_opened[owner] += 1;
        let group = self.fdp.group_of(self.geo.plane_of_block(block));
        self.fdp.counters.group_blocks_opened[group] += 1;
        if stream == Stream::Host && group as u32 != self.fdp.host_group() {
            self.fdp.counters.group_spill_blocks += 1;
        }
    }

    /// GC moved `units` units into the active GC frontier, on `plane`.
    #[inline]
    pub(super) fn fdp_gc_moved(&mut self, plane: u32, units: u32) {
        if self.fdp.enabled {
            let to = self.fdp.gc_destination();
            self.fdp.counters.gc_units[to] += units as u64;
            let group = self.fdp.group_of(plane);
            self.fdp.counters.group_gc_units[group] += units as u64;
        }
    }

    /// `block` was reclaimed: it belongs to no handle until it is opened again.
    #[inline]
    pub(super) fn fdp_block_freed(&mut self, block: u32) {
        if self.fdp.enabled {
            self.fdp.block_handle[block as usize] = NO_HANDLE;
        }
    }
}
