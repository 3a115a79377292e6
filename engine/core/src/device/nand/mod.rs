//! The NAND SSD: host commands served by the FTL (where data goes, GC) and the controller
//! (when each flash operation and transfer happens).

mod memory;
mod placement;
mod summary;

pub use placement::{HandleSummary, PlacementSummary};
pub use summary::{NandBaseline, NandSummary};

use crate::controller::{FlashCounters, Hardware, COMPRESSION_SECTORS};
use crate::ftl::{Ftl, UNMAPPED};
use crate::media::Geometry;
use crate::metrics::{Cause, Chain};
use crate::scenario::Device;
use crate::units::{Nanos, MAPPING_UNIT_BYTES};

/// Background steps of an idle between two looks at its flash operations (`NandSsd::idle`).
const IDLE_STEPS_PER_CHECK: u32 = 64;

/// A NAND SSD: the FTL placing data and the controller timing it on the flash.
pub struct NandSsd {
    pub ftl: Ftl,
    pub hw: Hardware,
    /// The vendor's endurance rating, TB written, where the drive has one.
    pub rated_tbw: Option<f64>,
    /// Power-loss protection: the write buffer is not volatile (`controller.plp`).
    plp: bool,
    /// A cut during a page's program corrupts its wordline's earlier pages (`nand.paired_page_loss`).
    paired_page_loss: bool,
    /// Host units written between the table's checkpoints (`mapping.checkpoint_bytes`).
    checkpoint_units: u64,
}

impl NandSsd {
    /// `seed` is the scenario's (read retry draws from it).
    pub fn new(device: &Device, geo: Geometry, seed: u64) -> NandSsd {
        NandSsd {
            ftl: Ftl::new(geo, &device.gc, &device.wear, if device.controller.compression { COMPRESSION_SECTORS } else { 1 })
                .with_slc_cache(&device.slc_cache)
                .with_striping(device.controller.striping)
                .with_fdp(&device.fdp),
            hw: Hardware::new(device, geo, seed),
            rated_tbw: device.capacity.rated_tbw,
            plp: device.controller.plp,
            paired_page_loss: device.nand.paired_page_loss,
            checkpoint_units: (device.mapping.checkpoint_bytes.0 / MAPPING_UNIT_BYTES).max(1),
        }
    }

    pub fn counters(&self) -> FlashCounters {
        self.hw.counters
    }

    pub fn mapping_counters(&self) -> crate::ftl::mapping_cache::MappingCounters {
        self.hw.translation.cache.counters
    }

    /// Translation pages read from NAND and written to it.
    pub fn translation_page_io(&self) -> (u64, u64) {
        (self.hw.counters.translation_page_reads, self.hw.counters.translation_page_writes)
    }

    /// The counters write amplification is computed from, since the drive was new.
    pub fn nand_writes(&self) -> crate::metrics::MediaWrites {
        let c = self.ftl.counters();
        crate::metrics::MediaWrites {
            host_units: c.host_units_written,
            data_sectors: c.host_sectors_written + c.gc_sectors_moved,
            translation_pages: self.hw.counters.translation_page_writes,
        }
    }

    pub fn slot_geometry(&self) -> crate::metrics::SlotGeometry {
        crate::metrics::SlotGeometry { sectors_per_slot: self.ftl.sectors_per_slot(), slots_per_page: self.hw.geo.slots_per_page }
    }

    pub fn endurance_pe(&self) -> u32 {
        self.hw.nand.endurance_pe
    }

    /// Read `units` units from `lba` at `issue`; returns the completion time. `parts`, the
    /// command's latency parts with their mark at `issue`, follow the unit that comes last.
    pub fn read<C: Chain>(&mut self, issue: Nanos, lba: u32, units: u32, parts: &mut C) -> Nanos {
        let start = self.hw.command_start(issue, false);
        parts.to(Cause::Firmware, start);
        self.hw.advance(start);
        let spp = self.hw.geo.slots_per_page;
        // The first run of units books into `parts` itself; a later one (a command spanning
        // pages) into a copy from here, which replaces them if it ends later. A one-unit
        // read, the common case, copies nothing.
        let base = (units > 1).then_some(*parts);
        let mut later = None;
        let mut done = start;
        let mut i = 0;
        let mut segment = u32::MAX;
        let mut translated = (Cause::Firmware, start);
        while i < units {
            // One table lookup per segment the command touches.
            let s = self.hw.translation.segment_of(lba + i);
            if s != segment {
                segment = s;
                let (at, cause) = self.hw.translate(lba + i, start);
                translated = (cause, at);
            }
            let chain = match base {
                Some(base) if i > 0 => later.insert(base),
                _ => &mut *parts,
            };
            chain.to(translated.0, translated.1);
            let slot = self.ftl.lookup(lba + i);
            let (out, run) = if slot == UNMAPPED || self.ftl.is_buffered(slot) {
                self.hw.counters.units_read_without_nand += 1;
                (self.hw.link_to_host(translated.1, 1), 1)
            } else {
                // Units that sit next to each other in one page come out of one array read.
                let mut run = 1;
                while i + run < units && run < spp {
                    let next = self.ftl.lookup(lba + i + run);
                    if next != slot + run || self.hw.geo.page_of_slot(next) != self.hw.geo.page_of_slot(slot) {
                        break;
                    }
                    run += 1;
                }
                let plane = self.hw.geo.plane_of_slot(slot);
                // Only read retry asks how worn the block is.
                let wear = if self.hw.reads_retry() { self.ftl.erase_count(self.hw.geo.block_of_slot(slot)) } else { 0 };
                let out = self.hw.read_for_host(plane, translated.1, run, self.ftl.is_slc_slot(slot), wear, chain);
                (self.hw.link_to_host(out, run), run)
            };
            chain.to(Cause::Link, out);
            if out > done {
                done = out;
                if let Some(later) = later {
                    *parts = later;
                }
            }
            i += run;
        }
        done
    }

    /// `parts` as for `read`: the units enter the buffer in order, so their waits follow
    /// one another, and the last crosses the link.
    pub fn write<C: Chain>(&mut self, issue: Nanos, lba: u32, units: u32, sectors: u32, parts: &mut C) -> Nanos {
        self.write_placed(issue, lba, units, sectors, 0, parts)
    }

    /// `write`, of a command the host tagged with NVMe FDP's `placement` identifier (0:
    /// none, the default handle): with FDP on, its units go to that handle's reclaim unit.
    #[inline]
    pub fn write_placed<C: Chain>(&mut self, issue: Nanos, lba: u32, units: u32, sectors: u32, placement: u16, parts: &mut C) -> Nanos {
        let start = self.hw.command_start(issue, true);
        parts.to(Cause::Firmware, start);
        self.hw.advance(start);
        let mut done = start;
        for i in 0..units {
            let arrived = self.hw.accept_write_unit(start, parts);
            done = done.max(arrived);
            if self.ftl.fdp_enabled() {
                self.ftl.write_placed(lba + i, sectors, placement, &mut self.hw);
            } else {
                self.ftl.write_compressed(lba + i, sectors, &mut self.hw);
            }
        }
        parts.to(Cause::Link, done);
        done
    }

    /// Whether a power cut during a page's program corrupts the earlier pages of its wordline.
    pub fn paired_page_loss(&self) -> bool {
        self.paired_page_loss
    }

    pub fn checkpoint_units(&self) -> u64 {
        self.checkpoint_units
    }

    /// Whether the write buffer is a volatile cache (no power-loss protection).
    pub fn volatile_cache(&self) -> bool {
        !self.plp
    }

    /// A flush arriving at `issue` (the host's fsync, or a FUA write's): it completes when
    /// everything written before it is on NAND, part-filled pages padded (`ftl::flush`).
    /// With power-loss protection the drive reports no volatile write cache (NVMe VWC = 0),
    /// and Linux then sends it no flush at all: the block layer completes an fsync's flush
    /// itself and clears FUA (`writeback_cache_control`), so nothing reaches the drive.
    pub fn flush<C: Chain>(&mut self, issue: Nanos, parts: &mut C) -> Nanos {
        if self.plp {
            return issue;
        }
        let start = self.hw.firmware_only(issue);
        parts.to(Cause::Firmware, start);
        self.ftl.pad_host_pages(&mut self.hw);
        let durable = self.hw.booked_durable_at().max(start);
        parts.to(Cause::Flush, durable);
        durable
    }

    /// The host is idle from `from` to `until`: background GC and idle folding may use the
    /// planes that are free in between. Work already booked keeps its place; a step starts
    /// where its plane comes free, and only if it would end before `until` at worst (a read,
    /// a program and an erase): a flash operation cannot be stopped, and firmware does not
    /// start one in a gap the host will need back (the microseconds between a completion and
    /// the next command at QD1 are not idle time). It stops early once it has done
    /// `max_ops` flash operations: a long idle's background work is the run's work too.
    pub fn idle(&mut self, from: Nanos, until: Nanos, max_ops: u64) {
        let n = &self.hw.nand;
        let step_ns = n.read_ns.max(n.slc_mode_read_ns) + n.program_ns + n.erase_ns;
        let start_ops = self.hw.counters.flash_ops();
        let mut steps = 0u32;
        for plane in 0..self.hw.geo.planes {
            loop {
                let free_at = self.hw.timelines[self.hw.timeline_of(plane)].free_at().max(from);
                if free_at.saturating_add(step_ns) > until {
                    break;
                }
                self.hw.now = free_at;
                if !self.ftl.background_step(plane, &mut self.hw) {
                    break;
                }
                steps += 1;
                if steps.is_multiple_of(IDLE_STEPS_PER_CHECK) && self.hw.counters.flash_ops() - start_ops >= max_ops {
                    return;
                }
            }
        }
    }

    /// Deallocate `units` units: a mapping update, no flash work.
    pub fn trim(&mut self, issue: Nanos, lba: u32, units: u32) -> Nanos {
        let done = self.hw.firmware_only(issue);
        self.hw.advance(done);
        for i in 0..units {
            if self.ftl.lookup(lba + i) != UNMAPPED {
                self.hw.update_mapping(lba + i, false);
            }
            self.ftl.trim(lba + i);
        }
        done
    }
}
