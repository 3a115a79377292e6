//! A host flush (fsync, FUA): every unit the host has written must be on NAND when it
//! completes. Units wait in the write buffer until their page is full; a flush cannot wait
//! for more host data, so the firmware programs the part-filled pages now, padded, as it does
//! to close a block mid-page. A native (TLC/QLC) wordline is programmed in one operation, so
//! the padding runs to the end of the wordline; an SLC-mode page is its own operation. The
//! padding takes erased space like data and holds none (GC finds it invalid), which is the
//! write amplification small synchronous writes are known for.

use super::flash_ops::{FlashOps, Stream};
use super::{Ftl, NONE};

impl Ftl {
    /// Programs every page holding host data not yet programmed, padded; returns the slots
    /// of padding written.
    pub fn pad_host_pages(&mut self, ops: &mut impl FlashOps) -> u64 {
        let padded = self.pad_frontier(Stream::Host, ops) + self.pad_frontier(Stream::Slc, ops) + self.pad_parked_host_frontiers(ops);
        self.counters.flush_padded_slots += padded;
        padded
    }

    /// The part-filled page of `stream`'s frontier (one plane at most has one), padded to
    /// the end of its program operation and programmed.
    pub(super) fn pad_frontier(&mut self, stream: Stream, ops: &mut impl FlashOps) -> u64 {
        let (s, plane) = (stream as usize, self.frontiers[stream as usize].filling);
        if plane == NONE || self.frontiers[s].open[plane as usize] == NONE {
            return 0;
        }
        let p = plane as usize;
        // A compressed slot still taking sectors is closed first (it holds data).
        if self.frontiers[s].fill[p] != 0 {
            self.finish_slot(plane, stream, ops);
        }
        let block = self.frontiers[s].open[p];
        if block == NONE {
            self.page_done(s, plane);
            return 0;
        }
        let (spp, slc) = (self.geo.slots_per_page, self.blocks[block as usize].slc_mode);
        let written = self.blocks[block as usize].write_ptr;
        let operation = if slc { spp } else { self.geo.slots_per_program() };
        let end = written.next_multiple_of(operation).min(self.block_slots(block));
        let mut at = written;
        while at < end {
            let next = (at / spp + 1) * spp;
            self.erased_slots[p] -= next - at;
            if slc {
                self.slc.used_slots += (next - at) as u64;
            }
            self.blocks[block as usize].write_ptr = next;
            self.page_filled(plane, block, next, stream, ops);
            at = next;
        }
        self.page_done(s, plane);
        (end - written) as u64
    }
}
