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
//! A placement identifier the drive does not have is written through the default handle
//! (0) and counted, as the NVMe FDP model does (an "Invalid Placement Identifier" event;
//! QEMU's and FEMU's FDP emulation do the same).

use super::flash_ops::Stream;
use super::{Frontier, Ftl};
use crate::scenario::{Fdp, FdpIsolation, MAX_FDP_HANDLES};

const HANDLES: usize = MAX_FDP_HANDLES as usize;

/// A block that belongs to no single handle: free, or GC's shared destination under
/// initial isolation (or FDP is off).
pub const NO_HANDLE: u8 = u8::MAX;

/// What each handle cost, since the drive was new. The entry after the last handle is GC's
/// shared destination under initial isolation (copies that mix handles).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct FdpCounters {
    /// Host units written through each handle.
    pub host_units: [u64; HANDLES],
    /// GC copies into each handle's reclaim units (the last entry: into shared ones).
    pub gc_units: [u64; HANDLES + 1],
    /// Blocks opened for each handle's reclaim units, host and GC.
    pub blocks_opened: [u64; HANDLES + 1],
    /// Writes whose placement identifier named no handle (written through handle 0).
    pub invalid_placements: u64,
}

pub(super) struct FdpState {
    pub enabled: bool,
    pub handles: u32,
    /// GC keeps each handle's data in its own reclaim units.
    pub persistent: bool,
    /// The handles whose frontiers sit in the host and GC slots now.
    host_active: u8,
    gc_active: u8,
    /// Per handle, its frontier while another one's is in the slot (the active handle's
    /// entry holds whatever the slot held before: a placeholder).
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
            persistent: false,
            host_active: 0,
            gc_active: 0,
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
        let frontier = || Frontier { cursor: 0, filling: super::NONE, open: vec![super::NONE; planes], fill: vec![0; planes] };
        let persistent = fdp.isolation == FdpIsolation::Persistently;
        self.fdp = FdpState {
            enabled: true,
            handles: fdp.handles,
            persistent,
            host_active: 0,
            gc_active: 0,
            host_parked: (0..n).map(|_| frontier()).collect(),
            host_pending: vec![0; n],
            gc_parked: if persistent { (0..n).map(|_| frontier()).collect() } else { Vec::new() },
            block_handle: vec![NO_HANDLE; self.geo.blocks as usize],
            counters: FdpCounters::default(),
        };
        self
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
    /// the open reclaim unit of the handle it names (the default handle if it names none).
    #[inline]
    pub fn write_placed(&mut self, lba: u32, sectors: u32, placement: u16, ops: &mut impl super::FlashOps) {
        let handle = if (placement as u32) < self.fdp.handles {
            placement as u8
        } else {
            self.fdp.counters.invalid_placements += 1;
            0
        };
        if handle != self.fdp.host_active {
            self.switch_host_frontier(handle);
        }
        self.fdp.counters.host_units[handle as usize] += 1;
        self.write_compressed(lba, sectors, ops);
    }

    /// Parks the host frontier of the active handle and puts `handle`'s in its slot.
    #[inline(never)]
    fn switch_host_frontier(&mut self, handle: u8) {
        let s = Stream::Host as usize;
        let (old, new) = (self.fdp.host_active as usize, handle as usize);
        std::mem::swap(&mut self.frontiers[s], &mut self.fdp.host_parked[old]);
        std::mem::swap(&mut self.frontiers[s], &mut self.fdp.host_parked[new]);
        self.fdp.host_pending[old] = std::mem::replace(&mut self.host_units_pending, self.fdp.host_pending[new]);
        self.fdp.host_active = handle;
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
            Stream::Host => self.fdp.host_active as usize,
            Stream::Gc => self.fdp.gc_destination(),
            Stream::Slc => HANDLES,
        };
        self.fdp.block_handle[block as usize] = if owner == HANDLES { NO_HANDLE } else { owner as u8 };
        self.fdp.counters.blocks_opened[owner] += 1;
    }

    /// GC moved `units` units into the active GC frontier.
    #[inline]
    pub(super) fn fdp_gc_moved(&mut self, units: u32) {
        if self.fdp.enabled {
            let to = self.fdp.gc_destination();
            self.fdp.counters.gc_units[to] += units as u64;
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
