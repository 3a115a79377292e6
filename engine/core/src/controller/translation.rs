//! What an address translation costs: the mapping cache answers from SRAM, DRAM or the Host
//! Memory Buffer, or the translation page is read from NAND before the data can be.

use super::Hardware;
use crate::ftl::mapping_cache::{MappingCache, Tier};
use crate::media::Geometry;
use crate::metrics::Cause;
use crate::scenario::{DirtyTable, Mapping};
use crate::units::{transfer_ns, Nanos};

pub(crate) struct Translation {
    pub cache: MappingCache,
    /// 4 KiB units of one segment: what crosses the channel to load or store it.
    segment_units: u32,
    /// NAND pages one segment spans (a multi-plane page is two): the pages read or
    /// programmed, for the flash-operation and write-amplification counts.
    segment_pages: u64,
    /// lba / entries per segment = the table segment holding its entry: a shift when the
    /// entries are a power of two (every full-size drive), a multiply on some scaled ones.
    entries: crate::media::Divisor,
    dram_ns: Nanos,
    hmb_ns: Nanos,
    /// The HMB tier's size once the host has granted it, and from when.
    hmb_segments: u32,
    hmb_granted: bool,
    hmb_from: Nanos,
    hmb_enabled: bool,
    /// Dirty segments once the HMB is there: the SRAM's (more if the HMB's reserve takes
    /// the drive's other data off it), and the HMB's table area if they may wait there
    /// (flushed all at once when full).
    dirty_with_hmb: u32,
    dirty_in_hmb: bool,
    /// On a scaled drive whose dirty set cannot hold the whole table: the runs of updates
    /// the full drive would make in one segment (see `Runs`).
    runs: Option<Runs>,
}

/// A run of mapping updates on a scaled drive. `scale` keeps the full drive's segment count,
/// so a segment maps 1/N of the addresses while a block keeps its size: a sequential write,
/// or GC moving what is left of a block written in order, crosses N times as many segments
/// as on the full drive, dirties N times as many and writes N times as many back (the
/// BG3-like after a fill and two random rounds: +5 % WAF at 1/85 against 1/10; FIFO cache
/// regions with FDP at 1/128: WAF 1.06 where the table's write-backs were 0.06). An update
/// in the range a full drive's segment maps, the range its stream's last update fell in,
/// lands where the full drive's would: in the segment the run made dirty. In either
/// direction, as folding takes an SLC block's units a plane at a time, back and forth in the
/// range; the gaps between a run's units stay the full drive's, as blocks and striping keep
/// their size. Random updates fall in the last one's range by chance in N/S of cases (S
/// segments), against 1/S on the full drive: 1 % for the BG3-like at 1/171.
struct Runs {
    /// lba / the full drive's entries per segment: the range one full-size segment maps.
    full: crate::media::Divisor,
    /// Per stream (host, GC): the last unit updated, and the segment its run made dirty.
    last: [(u32, u32); 2],
}

impl Runs {
    /// The segment of the run `lba` continues, updated by GC (`gc`) or the host.
    #[inline]
    fn continues(&self, lba: u32, gc: bool) -> Option<u32> {
        let (last, segment) = self.last[gc as usize];
        (last != u32::MAX && self.full.quotient(lba) == self.full.quotient(last)).then_some(segment)
    }
}

impl Translation {
    pub fn new(m: &Mapping, geo: &Geometry, link_bytes_per_s: u64) -> Translation {
        let segment_bytes = m.segment_bytes(geo.page_bytes);
        let entries_per_segment = m.entries_per_segment(geo.page_bytes);
        let segments = geo.user_units.div_ceil(entries_per_segment);
        let seg = |bytes: u64| (bytes / segment_bytes).min(u32::MAX as u64) as u32;
        let dram = seg(m.dram_bytes.0);
        // With DRAM the dirty segments stay in DRAM; without, in the SRAM set aside for them.
        let dirty = if dram > 0 { dram } else { seg(m.dirty_sram_bytes.0).max(1) };
        let h = &m.hmb;
        let hmb_segments = seg(h.table_bytes());
        let dirty_in_hmb = dram == 0 && h.dirty_table == DirtyTable::Hmb;
        let dirty_with_hmb = if dram > 0 { dirty } else { dirty + seg(h.freed_sram_bytes()) + if dirty_in_hmb { hmb_segments } else { 0 } };
        let full_entries = m.full_entries_per_segment(geo.page_bytes);
        let runs = (full_entries > entries_per_segment && dirty.max(dirty_with_hmb) < segments)
            .then(|| Runs { full: crate::media::Divisor::new(full_entries), last: [(u32::MAX, 0); 2] });
        let mut cache = MappingCache::new(segments, seg(m.sram_bytes.0), dram, 0, dirty);
        cache.preload(Tier::Dram);
        // One 64-byte line of entries per lookup crosses the link after the round trip.
        let line_ns = transfer_ns(64, link_bytes_per_s);
        let encryption = if h.encrypt { (h.encryption_us * 1e3) as Nanos } else { 0 };
        Translation {
            cache,
            segment_units: (segment_bytes / crate::units::MAPPING_UNIT_BYTES).max(1) as u32,
            segment_pages: segment_bytes.div_ceil(geo.page_bytes as u64),
            entries: crate::media::Divisor::new(entries_per_segment),
            dram_ns: (m.dram_access_us * 1e3) as Nanos,
            hmb_ns: (h.access_latency_us * 1e3) as Nanos + line_ns + encryption,
            hmb_segments,
            hmb_granted: h.granted_bytes() > 0,
            hmb_from: (h.available_after_s * 1e9) as Nanos,
            hmb_enabled: false,
            dirty_with_hmb,
            dirty_in_hmb,
            runs,
        }
    }

    #[inline]
    pub fn segment_of(&self, lba: u32) -> u32 {
        self.entries.quotient(lba)
    }

    /// The HMB appears once the OS driver has loaded.
    #[inline]
    fn enable_hmb_by(&mut self, now: Nanos) {
        if !self.hmb_enabled && self.hmb_granted && now >= self.hmb_from {
            self.cache.resize(Tier::Hmb, self.hmb_segments);
            self.cache.resize_dirty(self.dirty_with_hmb);
            self.hmb_enabled = true;
        }
    }
}

impl Hardware {
    /// Translates `lba` for a host read starting at `ready`; returns when its physical
    /// address is known, and where the lookup's time goes in the command's latency.
    #[inline(always)]
    pub(crate) fn translate(&mut self, lba: u32, ready: Nanos) -> (Nanos, Cause) {
        let t = &mut self.translation;
        t.enable_hmb_by(ready);
        let segment = t.segment_of(lba);
        match t.cache.lookup(segment) {
            Tier::Sram => (ready, Cause::Firmware),
            Tier::Dram => (ready + t.dram_ns, Cause::MapDram),
            Tier::Hmb => (ready + t.hmb_ns, Cause::MapHmb),
            Tier::Nand => (self.read_translation_page(segment, ready), Cause::MapNand),
        }
    }

    /// A mapping entry changed (host write, GC move, trim): its segment becomes dirty in
    /// trusted memory, which may first need it loaded and may push another segment out to
    /// NAND. This work runs behind the host command, on the planes it books.
    /// `gc`: the update is GC's move (runs are kept per stream: host writes come between
    /// GC's moves).
    #[inline]
    pub(crate) fn update_mapping(&mut self, lba: u32, gc: bool) {
        let now = self.now;
        let t = &mut self.translation;
        t.enable_hmb_by(now);
        let mut segment = t.segment_of(lba);
        if let Some(runs) = &mut t.runs {
            // Where the full drive's segment for this run is still dirty, the update lands there.
            match runs.continues(lba, gc) {
                Some(run) if t.cache.is_dirty(run) => segment = run,
                _ => runs.last[gc as usize].1 = segment,
            }
            runs.last[gc as usize].0 = lba;
        }
        if t.cache.is_dirty(segment) {
            t.cache.count_dirty_hit(segment);
            t.cache.touch_dirty(segment);
            return;
        }
        self.make_dirty(segment);
    }

    /// `segment`, not dirty yet, is modified.
    fn make_dirty(&mut self, segment: u32) {
        let now = self.now;
        let t = &mut self.translation;
        // Read-modify-write: the segment's current entries are needed first, from trusted
        // memory or NAND. Host RAM is not trusted, so a copy in the HMB is not built into a
        // table page the drive will keep: the segment is read from NAND (article 000: HMB on
        // and off write alike at wide spans).
        if matches!(t.cache.lookup(segment), Tier::Nand | Tier::Hmb) {
            self.read_translation_page(segment, now);
        }
        if let Some(evicted) = self.translation.cache.mark_dirty(segment) {
            self.write_translation_page(evicted);
            if self.translation.dirty_in_hmb && self.translation.hmb_enabled {
                // A full HMB-backed dirty set is flushed whole: the writes behind it wait.
                while let Some(oldest) = self.translation.cache.pop_oldest_dirty() {
                    self.write_translation_page(oldest);
                }
            }
        }
    }

    /// Power-on after a cut (`sim::power_cut`): the drive loads its table's last checkpoint,
    /// the part it keeps in DRAM (a DRAM-less drive reads its table from NAND when asked),
    /// then reads the `replayed` pages programmed since, whose spare areas name the
    /// addresses they hold. Every plane reads at once; the checkpoint's pages cross the
    /// channels too (a replayed page's spare area is a few bytes). Returns the checkpoint's
    /// pages and the time: an upper bound, as firmware that keeps a summary page per block
    /// reads fewer.
    pub(crate) fn recovery(&self, replayed: u64) -> (u64, Nanos) {
        let t = &self.translation;
        let loaded = t.cache.capacity(Tier::Dram).min(t.cache.segments()) as u64 * t.segment_pages;
        let planes = self.geo.planes as u64;
        let sensing = loaded.div_ceil(planes) * self.nand.slc_mode_read_ns + replayed.div_ceil(planes) * self.nand.read_ns;
        let units = loaded * t.segment_units as u64 / t.segment_pages.max(1);
        (loaded, sensing + units * self.channel_unit_ns / self.geo.channels as u64)
    }

    /// Translation pages are spread over the planes by segment number. Firmware keeps the
    /// table in SLC-mode blocks (faster to read and program, and more durable), so table
    /// pages use the SLC-mode timings of the cell type.
    fn translation_plane(&self, segment: u32) -> u32 {
        segment % self.geo.planes
    }

    fn read_translation_page(&mut self, segment: u32, ready: Nanos) -> Nanos {
        self.counters.translation_page_reads += self.translation.segment_pages;
        let plane = self.translation_plane(segment);
        let sensed = self.book_plane(plane, ready, self.nand.slc_mode_read_ns, super::Busy::Table, crate::ftl::Move::Collect);
        // The whole segment crosses the channel: the cache keeps whole segments (a segment
        // of two pages is one multi-plane read).
        self.book_channel(plane, sensed, self.translation.segment_units)
    }

    fn write_translation_page(&mut self, segment: u32) {
        self.counters.translation_page_writes += self.translation.segment_pages;
        let plane = self.translation_plane(segment);
        let loaded = self.book_channel(plane, self.now, self.translation.segment_units);
        let c = self.channel_of_plane(plane);
        self.channel_logs[c].note(loaded - self.translation.segment_units as Nanos * self.channel_unit_ns, loaded, Cause::BehindTable);
        self.book_plane(plane, loaded, self.nand.slc_mode_program_ns, super::Busy::Table, crate::ftl::Move::Collect);
    }
}
