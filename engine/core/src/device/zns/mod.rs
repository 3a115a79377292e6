//! A zoned NAND drive (NVMe ZNS; Bjørling et al., ATC'21): the host writes each zone in
//! order from its write pointer and resets it whole, so the drive needs no mapping table
//! per unit, no garbage collection and no over-provisioning. A zone is `zone_blocks` erase
//! blocks on every plane; its data stripes across the planes a program operation at a time
//! (the drive's widest stripe), so a zone is written at the drive's full speed. Every unit
//! the host writes is programmed once: device write amplification is 1, and the summary
//! measures it (NAND units programmed over host units), it does not assume it.
//!
//! Timing is the NAND drive's controller (`controller::Hardware`): the same write buffer,
//! channels, planes and host link. A zone reset erases the zone's blocks on their planes
//! (tBERS each, booked as the NAND drive books GC's erases: later work on those planes waits
//! for them); the reset command itself completes once the firmware has taken it, as the
//! erases need no data from the host. Drives that write dummy data at reset (SilentZNS) pay
//! more; this model does not.
//!
//! A command a zone's rules refuse (`zones.rs`) completes with its status after the
//! firmware's time and moves nothing: the run goes on and the summary counts the errors by
//! status and by zone.

mod cells;
mod commands;
mod summary;
pub mod zones;

pub use cells::NO_ZONE;
pub use summary::{ZnsBaseline, ZnsSummary, ZoneLine};
pub use zones::{ZoneState, ZoneStatus, Zones, ZONE_STATES, ZONE_STATUSES};

use crate::controller::Hardware;
use crate::ftl::{FlashOps, Program, Stream};
use crate::media::Geometry;
use crate::metrics::{Cause, Chain};
use crate::scenario::{Device, UnwrittenRead};
use crate::units::Nanos;

pub use crate::media::ZoneLayout;

/// What the zoned drive did since it was new (it holds nothing before a run's workload).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct ZnsCounters {
    pub host_units_written: u64,
    pub host_units_read: u64,
    /// Units programmed into NAND pages (whole pages; finish's padding included).
    pub units_programmed: u64,
    /// Units a finish programmed to close a zone's last program operation (no host data).
    pub pad_units: u64,
    /// Units read past a write pointer, answered with zeroes.
    pub unwritten_units_read: u64,
    pub resets: u64,
    pub finishes: u64,
    /// Zone Append commands the drive took (each placed at its zone's write pointer).
    pub appends: u64,
    /// Zone Management Send commands the host issued, each action its own count (a reset
    /// carried as a whole-zone TRIM counts in `resets` only; a finish in `finishes`).
    pub opens: u64,
    pub closes: u64,
    /// Commands refused, by `ZoneStatus`.
    pub errors: [u64; ZONE_STATUSES],
    /// TRIMs that were not whole zones: deallocation that moves no write pointer.
    pub partial_deallocates: u64,
}

/// The first refused command: which zone, what status, at which LBA.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ZoneError {
    pub zone: u32,
    pub status: ZoneStatus,
    pub lba: u32,
}

pub struct ZonedSsd {
    pub hw: Hardware,
    pub zones: Zones,
    pub layout: ZoneLayout,
    /// Per zone: units already programmed (the rest of the written ones wait in the write
    /// buffer for their page or program operation to fill).
    programmed: Vec<u32>,
    /// Per zone: times its blocks were erased.
    pub erase_counts: Vec<u32>,
    /// Per zone: commands it refused.
    pub zone_errors: Vec<u32>,
    pub first_error: Option<ZoneError>,
    unwritten_read: UnwrittenRead,
    pub counters: ZnsCounters,
}

impl ZonedSsd {
    /// The heap a zoned drive of `s` laid out as `geo` takes: the controller's, as a NAND
    /// drive's (its planes' timelines, calendars, write buffer, the table cache it is built
    /// with), and per zone its state, write pointers, counts (no map per unit, no block
    /// records); the block map a caller may take is in the bound.
    pub fn memory(s: &crate::scenario::Scenario, geo: &Geometry) -> crate::device::Footprint {
        use crate::controller::{admissions, calendar, plane_log, plane_timeline};
        use crate::device::Footprint;
        let d = &s.device;
        let planes = geo.planes as u64;
        let fixed = 256 + plane_log::LOG_BYTES + 1;
        let per_plane = Footprint {
            bound: planes * (32 * plane_timeline::intervals_per_plane(geo.planes) as u64 + fixed),
            expected: planes * (plane_timeline::INITIAL_BYTES + fixed),
        };
        let calendars = (d.nand.channels as u64 + 2) * (calendar::HEAP_BYTES + 64) + d.nand.channels as u64 * plane_log::LOG_BYTES;
        let buffer = crate::controller::buffer::BYTES_PER_UNIT * crate::controller::buffer::WriteBuffer::units_of(d, geo) as u64 + admissions::BYTES;
        let segments = (geo.user_units as u64).div_ceil(d.mapping.entries_per_segment(geo.page_bytes) as u64);
        let zones = ZoneLayout::of(d, geo).zones as u64;
        let per_zone = 32 * zones;
        let block_map = 20 * geo.blocks as u64;
        Footprint::exact(calendars + buffer + 18 * segments + per_zone) + per_plane + Footprint { bound: block_map, expected: 0 }
    }

    pub fn new(device: &Device, geo: Geometry, seed: u64) -> ZonedSsd {
        let layout = ZoneLayout::of(device, &geo);
        let z = &device.zns;
        let n = layout.zones as usize;
        ZonedSsd {
            hw: Hardware::new(device, geo, seed),
            zones: Zones::new(layout.zones, layout.capacity_units, z.max_open_zones, z.max_active_zones),
            layout,
            programmed: vec![0; n],
            erase_counts: vec![0; n],
            zone_errors: vec![0; n],
            first_error: None,
            unwritten_read: z.unwritten_read,
            counters: ZnsCounters::default(),
        }
    }

    pub fn user_units(&self) -> u64 {
        self.layout.user_units()
    }

    /// The zone an LBA falls in, and its offset there.
    #[inline]
    fn locate(&self, lba: u32) -> (u32, u32) {
        (lba / self.layout.zone_units, lba % self.layout.zone_units)
    }

    fn refuse(&mut self, zone: u32, status: ZoneStatus, lba: u32) {
        self.counters.errors[status as usize] += 1;
        if let Some(e) = self.zone_errors.get_mut(zone as usize) {
            *e += 1;
        }
        self.first_error.get_or_insert(ZoneError { zone, status, lba });
    }

    /// Where page `page` of a zone's data sits: its plane and global page number (block ×
    /// pages per block + page). A zone's pages go a program operation to a plane, planes in
    /// the controller's rotation order.
    #[inline]
    fn page_place(&self, zone: u32, page: u32) -> (u32, u32) {
        let g = &self.hw.geo;
        let op = page / g.pages_per_program;
        let plane = g.plane_at(op % g.planes);
        let in_stack = (op / g.planes) * g.pages_per_program + page % g.pages_per_program;
        let block = plane * g.blocks_per_plane + zone * self.layout.zone_blocks + in_stack / g.pages_per_block;
        (plane, block * g.pages_per_block + in_stack % g.pages_per_block)
    }

    /// Programs the zone's pages that are full up to `upto` units (and, with `pad`, the
    /// rest of the program operation `upto` falls in).
    fn program_upto(&mut self, zone: u32, upto: u32, pad: bool) {
        let g = self.hw.geo;
        let spp = g.slots_per_page;
        let z = zone as usize;
        let end = if pad {
            let op_units = spp * g.pages_per_program;
            upto.div_ceil(op_units) * op_units
        } else {
            upto / spp * spp
        };
        while self.programmed[z] < end {
            let page = self.programmed[z] / spp;
            let (plane, global_page) = self.page_place(zone, page);
            let host = upto.saturating_sub(self.programmed[z]).min(spp);
            let ends_operation = (page + 1).is_multiple_of(g.pages_per_program);
            self.hw.program_page(plane, global_page, Stream::Host, host, Program { slc: false, ends_operation });
            self.counters.units_programmed += spp as u64;
            self.counters.pad_units += (spp - host) as u64;
            self.programmed[z] += spp;
        }
    }

    pub fn write<C: Chain>(&mut self, issue: Nanos, lba: u32, units: u32, parts: &mut C) -> Nanos {
        let start = self.hw.command_start(issue, true);
        parts.to(Cause::Firmware, start);
        self.hw.advance(start);
        let (zone, offset) = self.locate(lba);
        if zone >= self.layout.zones {
            self.refuse(zone, ZoneStatus::Boundary, lba);
            return start;
        }
        if let Err(status) = self.zones.write(zone, offset, units) {
            self.refuse(zone, status, lba);
            return start;
        }
        self.take_data(start, zone, offset, units, parts)
    }

    /// A write the zone's rules took, at `offset`: its data crosses the link into the write
    /// buffer, and the zone's pages it fills are programmed.
    fn take_data<C: Chain>(&mut self, start: Nanos, zone: u32, offset: u32, units: u32, parts: &mut C) -> Nanos {
        let mut done = start;
        for _ in 0..units {
            done = done.max(self.hw.accept_write_unit(start, parts));
        }
        self.counters.host_units_written += units as u64;
        self.program_upto(zone, offset + units, false);
        parts.to(Cause::Link, done);
        done
    }

    pub fn read<C: Chain>(&mut self, issue: Nanos, lba: u32, units: u32, parts: &mut C) -> Nanos {
        let start = self.hw.command_start(issue, false);
        parts.to(Cause::Firmware, start);
        self.hw.advance(start);
        let (zone, offset) = self.locate(lba);
        // Reads do not cross zone boundaries (Read Across Zone Boundaries off).
        if zone >= self.layout.zones || offset as u64 + units as u64 > self.layout.zone_units as u64 {
            self.refuse(zone, ZoneStatus::Boundary, lba);
            return start;
        }
        let z = zone as usize;
        if self.zones.state[z] == ZoneState::Offline {
            self.refuse(zone, ZoneStatus::ZoneIsOffline, lba);
            return start;
        }
        let wp = self.zones.wp[z];
        let unwritten = (offset + units).saturating_sub(wp.max(offset));
        if unwritten > 0 && self.unwritten_read == UnwrittenRead::Error {
            self.refuse(zone, ZoneStatus::UnwrittenRead, lba);
            return start;
        }
        self.counters.host_units_read += units as u64;
        self.counters.unwritten_units_read += unwritten as u64;
        let spp = self.hw.geo.slots_per_page;
        let (base, mut later, mut done) = ((units > 1).then_some(*parts), None, start);
        let mut i = 0;
        while i < units {
            let at = offset + i;
            let chain = match base {
                Some(base) if i > 0 => later.insert(base),
                _ => &mut *parts,
            };
            // Past the write pointer: zeroes; not yet programmed: from the write buffer.
            let (out, run) = if at >= self.programmed[z] {
                self.hw.counters.units_read_without_nand += 1;
                (self.hw.link_to_host(start, 1), 1)
            } else {
                let run = (spp - at % spp).min(units - i).min(self.programmed[z] - at);
                let (plane, _) = self.page_place(zone, at / spp);
                let out = self.hw.read_for_host(plane, start, run, false, self.erase_counts[z], chain);
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

    /// A TRIM: the run loop carries the host's Zone Management Send (Reset) as a TRIM of
    /// whole zones, and each is reset. A TRIM of part of a zone is plain deallocation,
    /// which moves no write pointer (it is only counted).
    pub fn trim(&mut self, issue: Nanos, lba: u32, units: u32) -> Nanos {
        let done = self.hw.firmware_only(issue);
        self.hw.advance(done);
        let zu = self.layout.zone_units;
        if !lba.is_multiple_of(zu) || !units.is_multiple_of(zu) || units == 0 {
            self.counters.partial_deallocates += 1;
            return done;
        }
        for zone in lba / zu..(lba / zu + units / zu).min(self.layout.zones) {
            self.reset_zone(zone, lba);
        }
        done
    }

    /// Zone Management Send, Reset: the zone's blocks are erased (those it wrote into, on
    /// each plane), the write pointer goes back to its start. A zone whose blocks have used
    /// up the NAND's rated cycles goes offline instead (inferred: the spec leaves when a
    /// drive takes a zone out of service to the drive).
    pub fn reset_zone(&mut self, zone: u32, lba: u32) {
        let z = zone as usize;
        if let Err(status) = self.zones.reset(zone) {
            return self.refuse(zone, status, lba);
        }
        self.counters.resets += 1;
        let written = self.programmed[z];
        self.programmed[z] = 0;
        if written == 0 {
            return;
        }
        let g = self.hw.geo;
        // Pages written per plane stack, at most: the blocks that hold them are erased.
        let ops = written.div_ceil(g.slots_per_page * g.pages_per_program);
        let pages_per_plane = ops.div_ceil(g.planes) * g.pages_per_program;
        let blocks = pages_per_plane.div_ceil(g.pages_per_block).min(self.layout.zone_blocks);
        let planes = ops.min(g.planes);
        for k in 0..planes {
            let plane = g.plane_at(k);
            for b in 0..blocks {
                self.hw.erase_block(plane, plane * g.blocks_per_plane + zone * self.layout.zone_blocks + b);
            }
        }
        self.erase_counts[z] += 1;
        if self.erase_counts[z] >= self.hw.nand.endurance_pe {
            self.zones.take_offline(zone);
        }
    }

    /// Zone Management Send, Finish: the zone becomes full where its write pointer is. The
    /// program operation its last data sits in is closed with padding; the blocks past it
    /// stay erased.
    pub fn finish_zone(&mut self, zone: u32) -> Result<(), ZoneStatus> {
        let wp = self.zones.wp[zone as usize];
        self.zones.finish(zone)?;
        self.counters.finishes += 1;
        if wp > self.programmed[zone as usize] {
            self.program_upto(zone, wp, true);
        }
        Ok(())
    }

    /// The host's data laid down before the run, untimed (as preconditioning is): `units`
    /// written from the start of an empty zone, programmed as far as whole pages go.
    pub fn lay_down(&mut self, zone: u32, units: u32) -> Result<(), ZoneStatus> {
        self.zones.write(zone, 0, units)?;
        let spp = self.hw.geo.slots_per_page;
        self.programmed[zone as usize] = units / spp * spp;
        self.counters.host_units_written += units as u64;
        self.counters.units_programmed += (units / spp * spp) as u64;
        Ok(())
    }

    /// Units written and still waiting in the buffer for their page to fill. A full zone
    /// has none: written to its capacity, its pages are whole; finished, its last program
    /// operation was padded and the rest of it holds nothing.
    pub fn buffered_units(&self) -> u64 {
        let waiting = |z: usize| if self.zones.state[z] == ZoneState::Full { 0 } else { self.zones.wp[z].saturating_sub(self.programmed[z]) as u64 };
        (0..self.layout.zones as usize).map(waiting).sum()
    }

    /// The controller's flash counters: what it read, programmed and erased.
    pub fn flash_counters(&self) -> crate::controller::FlashCounters {
        self.hw.counters
    }

    pub fn geometry(&self) -> &Geometry {
        &self.hw.geo
    }

    pub fn media_ops(&self) -> u64 {
        self.hw.counters.flash_ops()
    }

    /// The block map (block = plane × blocks per plane + index): each block's units written
    /// since its zone's reset, its zone's erase count, a state the block drive's colours
    /// read (free: empty zone; open; closed: closed, full, read-only or offline), and its
    /// zone's state and id. A block in no zone (the working blocks a zoned drive leaves
    /// unused) is free, zone state 255.
    pub fn block_map(&self) -> crate::ftl::BlockMap {
        use crate::ftl::BlockMap;
        let g = &self.hw.geo;
        let n = g.blocks as usize;
        let mut map = BlockMap {
            valid_units: vec![0; n],
            erase_counts: vec![0; n],
            states: vec![BlockMap::FREE; n],
            slc: vec![0; n],
            handles: Vec::new(),
            zone_states: vec![u8::MAX; n],
            zones: vec![u32::MAX; n],
        };
        let op_units = g.slots_per_page * g.pages_per_program;
        for zone in 0..self.layout.zones {
            let z = zone as usize;
            let (state, wp) = (self.zones.state[z], self.zones.wp[z]);
            let drive_state = match state {
                ZoneState::Empty => BlockMap::FREE,
                ZoneState::ImplicitOpen | ZoneState::ExplicitOpen => BlockMap::OPEN,
                _ => BlockMap::CLOSED,
            };
            let ops = wp.div_ceil(op_units);
            for k in 0..g.planes {
                let plane = g.plane_at(k);
                // The program operations this plane took, the last one perhaps partial.
                let mine = ops / g.planes + (k < ops % g.planes) as u32;
                let last_partial = ops > 0 && (ops - 1) % g.planes == k && !wp.is_multiple_of(op_units);
                let mut units = mine * op_units - if last_partial { op_units - wp % op_units } else { 0 };
                for b in 0..self.layout.zone_blocks {
                    let block = (plane * g.blocks_per_plane + zone * self.layout.zone_blocks + b) as usize;
                    let here = units.min(g.slots_per_block);
                    units -= here;
                    map.valid_units[block] = here;
                    map.erase_counts[block] = self.erase_counts[z];
                    map.states[block] = drive_state;
                    map.zone_states[block] = state as u8;
                    map.zones[block] = zone;
                }
            }
        }
        map
    }
}
