//! The controller: turns host commands into flash work and books it on the hardware.
//!
//! Timing is resource reservation in arrival order. Every plane, channel and host-link
//! direction keeps the time it is next free; an operation starts when both its input is ready
//! and its resource is free, and pushes that resource's free time forward. Host commands are
//! issued in non-decreasing time order by the run loop, so this is first-come first-served
//! per resource, exactly, with no event queue per flash operation. GC and erases book the
//! same planes as host I/O, so their cost shows in host latency only where they really share
//! a plane: a die never sits idle while the host waits for it.
//!
//! A program operation is booked when its last page arrives: one-shot programming gathers a
//! wordline's pages (each crossing the channel into the die's page buffers as it fills) and
//! programs them in one tPROG. Without multi-plane operations a die's planes share one
//! timeline; without cache read/program a plane also waits for its own data transfers.

pub(crate) mod admissions;
pub(crate) mod buffer;
pub(crate) mod calendar;
pub(crate) mod cpu;
pub(crate) mod gc_yield;
mod host;
pub(crate) mod plane_log;
pub(crate) mod plane_timeline;
mod suspend;
mod translation;

use crate::ftl::{FlashOps, Move, Program, Stream};
use crate::media::{Geometry, NandTiming, ReadRetryPolicy};
use crate::metrics::Cause;
use crate::scenario::Device;
use crate::units::{transfer_ns, Nanos, MAPPING_UNIT_BYTES};
use admissions::Admissions;
use buffer::WriteBuffer;
use calendar::Calendar;
use cpu::CommandCpu;
use gc_yield::GcYield;
use plane_log::PlaneLog;
use plane_timeline::PlaneTimeline;
use suspend::Suspension;
use translation::Translation;

/// Sectors in a 4 KiB slot when the controller compresses: 512-byte granularity.
pub const COMPRESSION_SECTORS: u32 = 8;

/// Flash and link operations counted since the start of the run.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct FlashCounters {
    /// Page reads for the host, and for GC.
    pub host_page_reads: u64,
    pub gc_page_reads: u64,
    /// Page programs for host data, and for GC copies.
    pub host_page_programs: u64,
    pub gc_page_programs: u64,
    pub erases: u64,
    /// Translation pages read from NAND (table misses, and loads before an update) and
    /// written back to it (dirty segments evicted from trusted memory).
    pub translation_page_reads: u64,
    pub translation_page_writes: u64,
    /// Host reads served from the write buffer or of unmapped units (no NAND read).
    pub units_read_without_nand: u64,
    /// Extra reads of host pages the ECC could not decode at first (read retry).
    pub read_retries: u64,
    /// Host reads that went ahead of a program or erase (program/erase suspend).
    pub suspended_reads: u64,
    /// Host reads let in ahead of GC work queued on their plane (GC that yields to reads).
    pub reads_ahead_of_gc: u64,
}

impl FlashCounters {
    /// Every NAND read, program and erase, whatever caused it (host, GC, wear levelling,
    /// the translation table).
    pub fn flash_ops(&self) -> u64 {
        self.host_page_reads
            + self.gc_page_reads
            + self.host_page_programs
            + self.gc_page_programs
            + self.erases
            + self.translation_page_reads
            + self.translation_page_writes
            + self.read_retries
    }
}

/// Why a plane was booked: what the drive-state view shows the planes doing, per cause.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Busy {
    HostRead = 0,
    HostProgram = 1,
    GcRead = 2,
    GcProgram = 3,
    Erase = 4,
    /// Translation pages read and written (table misses, dirty segments written back).
    Table = 5,
}

pub const BUSY_CAUSES: usize = 6;

impl Busy {
    /// What a command waiting behind this work was waiting for (`plane_log`); GC's moves
    /// are named by why they move (`why`: collecting, folding out of the SLC cache, wear
    /// levelling). Host programs are `MediaProgram` until the waiter says what they are to it.
    #[inline]
    fn as_wait(self, why: Move) -> Cause {
        match self {
            Busy::HostRead => Cause::QueueHost,
            Busy::HostProgram => Cause::MediaProgram,
            Busy::GcRead | Busy::GcProgram => match why {
                Move::Collect => Cause::BehindGc,
                Move::Fold => Cause::BehindFold,
                Move::WearLevel => Cause::BehindWearLevel,
            },
            Busy::Erase => Cause::BehindErase,
            Busy::Table => Cause::BehindTable,
        }
    }
}

/// An array read: when the plane started it, when the data was sensed, and when it was out
/// over the channel.
#[derive(Clone, Copy)]
struct Sensed {
    start: Nanos,
    sensed: Nanos,
    out: Nanos,
}

/// A program operation being gathered on a plane: when its pages' data is in the die, the
/// host units it completes, and what held its data up on the channel, if anything did.
#[derive(Clone, Copy, Default)]
struct Gathering {
    loaded: Nanos,
    host_units: u32,
    held_by: Option<Cause>,
}

/// Time bookkeeping for the NAND back end and the host link. Implements the FTL's
/// `FlashOps`, so everything the FTL asks for lands on a plane and a channel.
pub struct Hardware {
    pub(crate) geo: Geometry,
    pub(crate) nand: NandTiming,
    /// One per plane, or one per die without multi-plane operations.
    pub(crate) timelines: Vec<PlaneTimeline>,
    /// Per timeline: its recent operations by cause, for a waiting command's latency parts.
    logs: Vec<PlaneLog>,
    multi_plane: bool,
    /// Cache read/program: a plane need not wait for its own data transfers.
    cache_ops: bool,
    /// One 4 KiB unit across a channel, unloaded.
    channel_unit_ns: Nanos,
    plane_busy: Vec<Nanos>,
    /// Plane time booked so far, per cause (`Busy`), summed over the planes. Counted when
    /// booked, which may be ahead of when it runs: over an interval of many operations the
    /// two agree.
    pub(crate) busy_by: [Nanos; BUSY_CAUSES],
    channels: Vec<Calendar>,
    /// Per channel: its recent transfers of table pages (a flush of hundreds crowds the
    /// channel while the planes idle), so a program whose data waited behind them says so.
    channel_logs: Vec<PlaneLog>,
    /// PCIe and SATA are full duplex: reads and writes cross the link independently.
    link_to_host: Calendar,
    link_to_drive: Calendar,
    /// Time the operations of the current host command may start.
    pub(crate) now: Nanos,
    /// The latest host command's start: the calendars' present (background work in idle
    /// time does not move it). Each calendar catches up with it when it is next booked,
    /// rather than all of them at every command.
    calendar_now: Nanos,
    /// Arrival of the latest host write data: writes cross the link in order, so the page
    /// the newest unit completes is ready then.
    host_page_ready: Nanos,
    /// Per plane: latest arrival (from GC source reads) of the data filling its GC page.
    gc_page_ready: Vec<Nanos>,
    /// Per plane: why the data filling its GC page moved (the last reason `Move` orders).
    gc_page_moves: Vec<Move>,
    /// Per stream and plane: the program operation being gathered.
    gathering: [Vec<Gathering>; 3],
    cpu: CommandCpu,
    buffer: WriteBuffer,
    /// Per plane, the unit ranges of the pages programmed so far of the host wordline being
    /// programmed page by page (at most 3 before its last, QLC's); kept only while a power
    /// cut with paired-page loss is pending (`pair_wordline`).
    wordline_pages: Vec<([(u64, u64); 3], usize)>,
    admissions: Admissions,
    pub(crate) translation: Translation,
    pub(crate) counters: FlashCounters,
    /// Re-reads of pages the ECC cannot decode at once, when the drive models them.
    read_retry: Option<ReadRetryPolicy>,
    /// Program/erase suspend for host reads, when the drive has it.
    pub(crate) suspension: Option<Suspension>,
    /// GC that lets host reads go first, when the drive's does.
    pub(crate) gc_yield: Option<GcYield>,
    /// Whether host commands' latency is booked by cause: if not, what only explains a
    /// wait (what held a program back) is not worked out either.
    pub(crate) books_causes: bool,
}

impl Hardware {
    /// `seed` is the scenario's: read retry draws its own stream from it.
    pub(crate) fn new(device: &Device, geo: Geometry, seed: u64) -> Hardware {
        let nand = crate::media::NandTiming::of(&device.nand);
        let channel_bps = device.nand.channel_mb_per_s as u64 * 1_000_000;
        let link_unit_ns = transfer_ns(MAPPING_UNIT_BYTES, device.host_interface.bytes_per_s());
        let multi_plane = device.nand.multi_plane;
        let timelines = if multi_plane { geo.planes } else { geo.dies };
        let c = &device.controller;
        Hardware {
            geo,
            nand,
            timelines: (0..timelines).map(|_| PlaneTimeline::new(plane_timeline::intervals_per_plane(timelines))).collect(),
            logs: vec![PlaneLog::new(); timelines as usize],
            multi_plane,
            cache_ops: device.nand.cache_ops,
            channel_unit_ns: transfer_ns(MAPPING_UNIT_BYTES, channel_bps),
            plane_busy: vec![0; geo.planes as usize],
            busy_by: [0; BUSY_CAUSES],
            channels: (0..geo.channels).map(|_| Calendar::new(transfer_ns(MAPPING_UNIT_BYTES, channel_bps))).collect(),
            channel_logs: vec![PlaneLog::new(); geo.channels as usize],
            link_to_host: Calendar::new(link_unit_ns),
            link_to_drive: Calendar::new(link_unit_ns),
            now: 0,
            calendar_now: 0,
            host_page_ready: 0,
            gc_page_ready: vec![0; geo.planes as usize],
            gc_page_moves: vec![Move::Collect; geo.planes as usize],
            gathering: std::array::from_fn(|_| vec![Gathering::default(); geo.planes as usize]),
            cpu: CommandCpu::of(c),
            // At least two program operations, so the one being filled never waits on itself.
            buffer: WriteBuffer::new(WriteBuffer::units_of(device, &geo)),
            wordline_pages: Vec::new(),
            admissions: Admissions::new(),
            translation: Translation::new(&device.mapping, &geo, device.host_interface.bytes_per_s()),
            counters: FlashCounters::default(),
            read_retry: ReadRetryPolicy::of(&device.nand.read_retry, nand.endurance_pe, seed),
            suspension: Suspension::of(&device.nand.suspend, timelines as usize),
            gc_yield: GcYield::of(device.gc.yield_to_reads, timelines as usize),
            books_causes: true,
        }
    }

    #[inline]
    fn channel_of_plane(&self, plane: u32) -> usize {
        self.geo.channel_of_die(self.geo.die_of_plane(plane)) as usize
    }

    #[inline]
    pub(crate) fn timeline_of(&self, plane: u32) -> usize {
        if self.multi_plane {
            plane as usize
        } else {
            self.geo.die_of_plane(plane) as usize
        }
    }

    /// Array operation on a plane: starts once `ready` and the plane is free. `why`: what
    /// GC work moves data for.
    #[inline(always)]
    fn book_plane(&mut self, plane: u32, ready: Nanos, busy: Nanos, cause: Busy, why: Move) -> Nanos {
        self.plane_busy[plane as usize] += busy;
        self.busy_by[cause as usize] += busy;
        let t = self.timeline_of(plane);
        let end = self.timelines[t].book(self.now, ready, busy);
        self.logs[t].note(end - busy, end, cause.as_wait(why));
        if let Some(y) = &mut self.gc_yield {
            if matches!(cause, Busy::GcRead | Busy::GcProgram | Busy::Erase) {
                y.note(t, end - busy, end);
            }
        }
        end
    }

    /// Array read of a page, then its `units` out over the channel. Without cache read the
    /// plane stays busy while they go.
    #[inline(always)]
    fn read_array(&mut self, plane: u32, ready: Nanos, units: u32, slc: bool, cause: Busy, why: Move) -> Sensed {
        let t_r = if slc { self.nand.slc_mode_read_ns } else { self.nand.read_ns };
        let out = units as Nanos * self.channel_unit_ns;
        let (start, sensed) = if self.cache_ops {
            let end = self.book_plane(plane, ready, t_r, cause, why);
            (end - t_r, end)
        } else {
            let end = self.book_plane(plane, ready, t_r + out, cause, why);
            (end - t_r - out, end - out)
        };
        Sensed { start, sensed, out: self.book_channel(plane, sensed, units) }
    }

    /// A host read's array time, and how long it holds its plane (with the transfer out,
    /// without cache read).
    #[inline]
    fn read_hold(&self, units: u32, slc: bool) -> (Nanos, Nanos) {
        let t_r = if slc { self.nand.slc_mode_read_ns } else { self.nand.read_ns };
        (t_r, t_r + if self.cache_ops { 0 } else { units as Nanos * self.channel_unit_ns })
    }

    /// A host read let in at `start` ahead of work queued on its plane (`suspend.rs`,
    /// `gc_yield.rs`): the plane's time grows by `extra` (the read, and any suspend and
    /// resume), booked after everything queued and noted as `cause` for what waits behind
    /// it; the read senses from `start`. The work it passed keeps its booked times.
    fn slip_read(&mut self, plane: u32, start: Nanos, t_r: Nanos, units: u32, extra: Nanos, cause: Cause) -> Sensed {
        let t = self.timeline_of(plane);
        self.plane_busy[plane as usize] += extra;
        let free = self.timelines[t].free_at().max(self.now);
        let end = self.timelines[t].book(self.now, free, extra);
        self.logs[t].note(end - extra, end, cause);
        let sensed = start + t_r;
        Sensed { start, sensed, out: self.book_channel(plane, sensed, units) }
    }

    #[inline]
    fn book_channel(&mut self, plane: u32, ready: Nanos, units: u32) -> Nanos {
        let c = self.channel_of_plane(plane);
        self.channels[c].book(self.calendar_now, ready, units)
    }

    /// The host issued a command at `now`: nothing can be booked before it any more.
    #[inline]
    pub(crate) fn advance(&mut self, now: Nanos) {
        self.now = now;
        self.calendar_now = now;
    }

    /// Whether the drive re-reads pages its ECC cannot decode (`read_for_host`).
    #[inline]
    pub(crate) fn reads_retry(&self) -> bool {
        self.read_retry.is_some()
    }

    pub(crate) fn link_to_host(&mut self, ready: Nanos, units: u32) -> Nanos {
        self.link_to_host.book(self.calendar_now, ready, units)
    }

    /// Mean share of time the planes were busy, over `elapsed` or until the last booked
    /// operation ends if that is later (writes still draining from the buffer).
    pub fn plane_utilisation(&self, elapsed: Nanos) -> f64 {
        let span = self.timelines.iter().map(PlaneTimeline::free_at).fold(elapsed, Nanos::max);
        if span == 0 {
            return 0.0;
        }
        let busy: u128 = self.plane_busy.iter().map(|&b| b as u128).sum();
        busy as f64 / (span as f64 * self.geo.planes as f64)
    }

    /// Units in the write buffer at `now`: admitted and not yet programmed.
    pub(crate) fn buffer_fill(&self, now: Nanos) -> (u32, u32) {
        self.buffer.resident_at(now)
    }

    /// When a command arriving at `issue` may start its flash work: after the firmware's
    /// latency, and after the controller has worked through the commands before it.
    #[inline]
    pub(crate) fn command_start(&mut self, issue: Nanos, write: bool) -> Nanos {
        self.cpu.start(issue, write)
    }

    /// A host page of `plane` programmed alone (no one-shot) from `start`, holding the units
    /// `units` (a range of the buffer's numbering): the first page of its wordline starts the
    /// wordline, a later one pairs with each page before it (`WriteBuffer::paired`). Only
    /// the wordline's own pages: the units between them went to other planes.
    fn pair_wordline(&mut self, plane: u32, page: u32, units: (u64, u64), start: Nanos) {
        let in_wordline = (page % self.geo.pages_per_block) % self.geo.bits_per_cell;
        let (pages, n) = &mut self.wordline_pages[plane as usize];
        if in_wordline == 0 {
            *n = 0;
        }
        for &(lower, upper) in &pages[..*n] {
            self.buffer.paired(lower, upper, start);
        }
        if *n < pages.len() {
            pages[*n] = units;
            *n += 1;
        }
    }

    /// Paired pages lose data at a power cut `cut_at` (`WriteBuffer::track_durability`):
    /// only where each page of a multi-bit wordline is its own program.
    pub(crate) fn track_durability(&mut self, cut_at: Nanos, paired_pages: bool) {
        let pairs = paired_pages && self.geo.bits_per_cell > 1 && self.geo.pages_per_program == 1;
        self.buffer.track_durability(cut_at, pairs);
        if pairs {
            self.wordline_pages = vec![([(0, 0); 3], 0); self.geo.planes as usize];
        }
    }

    /// The write buffer, for a power cut's accounting (`sim::power_cut`).
    pub(crate) fn buffer(&self) -> &WriteBuffer {
        &self.buffer
    }

    /// When every unit of host data booked for programming so far is on NAND.
    pub(crate) fn booked_durable_at(&self) -> Nanos {
        self.buffer.booked_durable_at()
    }

    /// When a command only the firmware handles, arriving at `issue`, completes.
    pub(crate) fn firmware_only(&self, issue: Nanos) -> Nanos {
        self.cpu.firmware_only(issue)
    }
}

impl FlashOps for Hardware {
    fn read_page(&mut self, plane: u32, _page: u32, units: u32, why: Move) {
        // GC or folding source read: sense the page, move the valid units to the controller.
        self.counters.gc_page_reads += 1;
        let moved = self.read_array(plane, self.now, units, why.slc(), Busy::GcRead, why).out;
        let open = &mut self.gc_page_ready[plane as usize];
        *open = (*open).max(moved);
        let page = &mut self.gc_page_moves[plane as usize];
        *page = (*page).max(why);
    }

    fn program_page(&mut self, plane: u32, _page: u32, stream: Stream, host_units: u32, program: Program) {
        let ready = match stream {
            Stream::Gc => std::mem::take(&mut self.gc_page_ready[plane as usize]),
            _ => self.host_page_ready,
        }
        .max(self.now);
        // The page's data crosses the channel into the die's page buffer now; the array
        // programs once the operation's last page is there.
        let c = self.channel_of_plane(plane);
        let loaded = self.channels[c].queue(self.calendar_now, ready, self.geo.slots_per_page);
        let own = self.geo.slots_per_page as Nanos * self.channel_unit_ns;
        let held_by =
            if self.books_causes && stream.is_host() && loaded > ready + own { self.channel_logs[c].largest_during(ready, loaded - own) } else { None };
        let g = &mut self.gathering[stream as usize][plane as usize];
        g.loaded = g.loaded.max(loaded);
        g.held_by = held_by.or(g.held_by);
        g.host_units += host_units;
        if stream.is_host() {
            self.counters.host_page_programs += 1;
        } else {
            self.counters.gc_page_programs += 1;
        }
        if !program.ends_operation {
            return;
        }
        let g = std::mem::take(&mut self.gathering[stream as usize][plane as usize]);
        let t_prog = if program.slc { self.nand.slc_mode_program_ns } else { self.nand.program_ns };
        let cause = if stream.is_host() { Busy::HostProgram } else { Busy::GcProgram };
        let why = if stream.is_host() { Move::Collect } else { std::mem::take(&mut self.gc_page_moves[plane as usize]) };
        let done = if self.cache_ops {
            self.book_plane(plane, g.loaded, t_prog, cause, why)
        } else {
            // Without cache program the plane holds while its data comes in.
            let pages = if program.slc { 1 } else { self.geo.pages_per_program } as Nanos;
            let transfer = pages * self.geo.slots_per_page as Nanos * self.channel_unit_ns;
            self.book_plane(plane, g.loaded.saturating_sub(transfer), t_prog + transfer, cause, why)
        };
        if stream.is_host() {
            // What kept this program from starting when its data was in: a write waiting
            // for its room waits for that too.
            let start = done - t_prog;
            let t = self.timeline_of(plane);
            let on_plane = if self.books_causes && start > g.loaded { self.logs[t].largest_during(g.loaded, start) } else { None };
            let delayed_by = on_plane.or(g.held_by).unwrap_or(Cause::Buffer);
            let first = self.buffer.booked_total();
            self.buffer.release(g.host_units, done, buffer::Freed { start, timeline: t as u32, delayed_by });
            if self.buffer.tracks_pairs() && !program.slc {
                self.pair_wordline(plane, _page, (first, first + g.host_units as u64), start);
            }
        }
    }

    fn erase_block(&mut self, plane: u32, _block: u32) {
        self.counters.erases += 1;
        self.book_plane(plane, self.now, self.nand.erase_ns, Busy::Erase, Move::Collect);
    }

    fn plane_ready(&self, plane: u32) -> Nanos {
        self.timelines[self.timeline_of(plane)].free_at().max(self.now)
    }

    fn map_updated(&mut self, lba: u32, stream: Stream) {
        self.update_mapping(lba, stream == Stream::Gc);
    }
}
