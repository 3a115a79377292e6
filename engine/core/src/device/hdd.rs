//! A hard disk in simulated time (see `scenario::hdd` for the knobs and the seek curve).
//!
//! One actuator serves the platters in arrival order (no command reordering: a queue deeper
//! than one waits its turn). A request at the platters seeks from where the head is to the
//! request's position, waits for its first sector to come round, and transfers at its zone's
//! rate. Positions follow from constant linear density: the capacity from the outer edge to
//! radius `r` grows with `1 - r²`, the rate with `r`, so logical block `f` of the capacity
//! (a share) sits at radius `√(1 - f·(1 - k²))` with `k` the inner-to-outer rate ratio. A
//! sector's angle is its block number times its zone's time per block, modulo a revolution,
//! so the next block of a track comes round just as the last one ends.
//!
//! The DRAM cache does two things. After a read the head keeps reading ahead while it has
//! nothing else to do, up to the cache's size (read look-ahead): a sequential stream of small
//! reads is served from DRAM at the media rate. Written data is acknowledged once it is in
//! the cache and written to the platters in order behind it (write-back); a write that finds
//! the cache full waits for the oldest dirty data to reach the platters.

use std::collections::VecDeque;

use super::footprint::Footprint;
use super::front_end::FrontEnd;
use super::in_place::{in_place_window_counters, MediaSummary};
use crate::controller::calendar;
use crate::metrics::{Cause, Chain, WindowCounters};
use crate::scenario::{Device, Scenario};
use crate::units::{transfer_ns, Nanos, MAPPING_UNIT_BYTES};
use serde::Serialize;
use ts_rs::TS;

/// A disk's summary section: its arm, platters and cache.
#[derive(Clone, Debug, Default, PartialEq, Serialize, TS)]
#[ts(export)]
pub struct HddSummary {
    /// Requests that moved the arm.
    pub seeks: f64,
    /// The mean seek and rotational wait per request at the platters.
    pub mean_seek_ms: f64,
    pub mean_rotation_ms: f64,
    /// The share of units read that came from its DRAM (read look-ahead).
    pub read_cache_hit_percent: f64,
}

/// What the disk did since it was powered on.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct HddCounters {
    /// Units read from and written to the platters.
    pub unit_reads: u64,
    pub unit_writes: u64,
    /// Units of host reads served from the DRAM cache (read look-ahead).
    pub cache_read_units: u64,
    /// Requests at the platters, those that moved the arm, and the time spent seeking and
    /// waiting for the platters to turn.
    pub media_requests: u64,
    pub seeks: u64,
    pub seek_ns: u64,
    pub rotation_ns: u64,
}

/// The read look-ahead: the head reads on from `from` at `unit_ns` per unit from `t0`
/// until `stop` (the head is needed elsewhere) or `limit` (the cache is full).
#[derive(Clone, Copy)]
struct LookAhead {
    /// The oldest unit still held (data of the request that started the stream onwards).
    held_from: u32,
    from: u32,
    t0: Nanos,
    stop: Nanos,
    limit: u32,
    unit_ns: Nanos,
}

impl LookAhead {
    const NONE: LookAhead = LookAhead { held_from: 0, from: 0, t0: 0, stop: 0, limit: 0, unit_ns: 1 };

    /// The first unit not yet read ahead at `t`.
    fn end_at(&self, t: Nanos) -> u32 {
        let t = t.min(self.stop);
        if t <= self.t0 {
            return self.from;
        }
        let read = (t - self.t0) / self.unit_ns;
        (self.from as u64 + read).min(self.limit as u64) as u32
    }
}

pub struct HardDisk {
    user_units: u32,
    rev_ns: Nanos,
    seek: crate::scenario::SeekCurve,
    /// Inner-to-outer radius (and rate) ratio.
    radius_ratio: f64,
    /// Time a unit takes to pass under the head in each zone, outer first.
    zone_unit_ns: Vec<Nanos>,
    /// 1/N of the disk described (see `Hdd::scale`).
    scale: u64,
    head_free: Nanos,
    /// The unit after the last one the head transferred, and the head's stroke position.
    head_unit: u32,
    head_x: f64,
    look_ahead: LookAhead,
    cache_units: u32,
    write_back: bool,
    /// Dirty data on its way to the platters: when each write's media transfer ends, and
    /// its units (in the order they were written; at most `cache_units` entries).
    destage: VecDeque<(Nanos, u32)>,
    dirty_units: u32,
    front: FrontEnd,
    /// Time the head spent seeking, turning and transferring for requests.
    busy_ns: u128,
    pub counters: HddCounters,
}

/// One request at the platters: the head free, the seek done, the first unit under the
/// head, the last one past it; and one unit's time under the head.
struct HeadTimes {
    start: Nanos,
    at: Nanos,
    begin: Nanos,
    end: Nanos,
    unit_ns: Nanos,
}

impl HeadTimes {
    /// The request's time at the platters, in a command's latency parts (mark at `ready`).
    fn book<C: Chain>(&self, parts: &mut C) {
        parts.to(Cause::QueueHost, self.start);
        parts.to(Cause::Seek, self.at);
        parts.to(Cause::Rotation, self.begin);
        parts.to(Cause::Transfer, self.end);
    }
}

impl HardDisk {
    pub fn new(device: &Device) -> HardDisk {
        let h = &device.hdd;
        let zones = h.zones.max(1);
        let rate = |z: u32| {
            let step = if zones > 1 { z as f64 / (zones - 1) as f64 } else { 0.0 };
            h.outer_mb_per_s - (h.outer_mb_per_s - h.inner_mb_per_s) * step
        };
        let zone_unit_ns = (0..zones).map(|z| transfer_ns(MAPPING_UNIT_BYTES, (rate(z) * 1e6) as u64).max(1)).collect();
        let cache_units = (h.cache_bytes.0 / MAPPING_UNIT_BYTES) as u32;
        HardDisk {
            user_units: h.user_units(),
            rev_ns: h.revolution_ns(),
            seek: h.seek_curve(),
            radius_ratio: h.inner_mb_per_s / h.outer_mb_per_s,
            zone_unit_ns,
            scale: h.scale.max(1) as u64,
            head_free: 0,
            head_unit: 0,
            head_x: 0.0,
            look_ahead: LookAhead::NONE,
            cache_units,
            write_back: h.write_cache && cache_units > 0,
            destage: VecDeque::with_capacity(cache_units as usize + 1),
            dirty_units: 0,
            front: FrontEnd::new(device),
            busy_ns: 0,
            counters: HddCounters::default(),
        }
    }

    /// The heap it takes: its zones' rates, calendars for the link, and the dirty data
    /// waiting for the platters (an entry per write at best, per unit at worst).
    pub fn memory(s: &Scenario) -> Footprint {
        let h = &s.device.hdd;
        let fixed = 8 * h.zones as u64 + 2 * (calendar::HEAP_BYTES + 64) + 1024;
        Footprint { bound: fixed + 16 * (h.cache_bytes.0 / MAPPING_UNIT_BYTES + 1), expected: fixed + 16 * 1024 }
    }

    /// Its summary sections (media and disk), the run having lasted `elapsed`. Nothing is
    /// written before a run's workload, so the counters are the run's.
    pub fn summary(&self, elapsed: Nanos) -> (MediaSummary, HddSummary) {
        let c = &self.counters;
        let requests = c.media_requests.max(1) as f64;
        let read = c.unit_reads + c.cache_read_units;
        let disk = HddSummary {
            seeks: c.seeks as f64,
            mean_seek_ms: c.seek_ns as f64 / 1e6 / requests,
            mean_rotation_ms: c.rotation_ns as f64 / 1e6 / requests,
            read_cache_hit_percent: if read > 0 { c.cache_read_units as f64 * 100.0 / read as f64 } else { 0.0 },
        };
        (MediaSummary::of(c.unit_reads, c.unit_writes, self.head_utilisation(elapsed)), disk)
    }

    pub fn window_counters(&self) -> WindowCounters {
        in_place_window_counters(self.counters.unit_writes)
    }

    /// Media operations so far (reads from its cache too): what the run's work ceiling bounds.
    pub fn media_ops(&self) -> u64 {
        self.counters.unit_reads + self.counters.unit_writes + self.counters.cache_read_units
    }

    pub fn user_units(&self) -> u32 {
        self.user_units
    }

    /// Where a unit is: its stroke position (0 at the outer edge, 1 at the inner) and zone.
    fn place(&self, lba: u32) -> (f64, usize) {
        let f = lba as f64 / self.user_units.max(1) as f64;
        let k = self.radius_ratio;
        let r = (1.0 - f * (1.0 - k * k)).max(0.0).sqrt();
        let x = if k < 1.0 { ((1.0 - r) / (1.0 - k)).clamp(0.0, 1.0) } else { f };
        let zones = self.zone_unit_ns.len();
        (x, ((x * zones as f64) as usize).min(zones - 1))
    }

    /// Book the head for `units` units at `lba`, ready at `ready`: returns when the first
    /// unit starts under the head and when the last one has passed.
    fn media(&mut self, lba: u32, units: u32, ready: Nanos) -> HeadTimes {
        let start = ready.max(self.head_free);
        // The head is needed here: the look-ahead stops.
        self.look_ahead.stop = self.look_ahead.stop.min(start);
        let (x, zone) = self.place(lba);
        let unit_ns = self.zone_unit_ns[zone];
        let track_units = (self.rev_ns / unit_ns / self.scale).max(1) as u32;
        // On the same track (or the next few units of it) the head stays put.
        let seek_ns = if lba.abs_diff(self.head_unit) < track_units { 0 } else { (self.seek.ms((x - self.head_x).abs()) * 1e6) as Nanos };
        let at = start + seek_ns;
        let angle = (lba as u64 * unit_ns) % self.rev_ns;
        let wait = (angle + self.rev_ns - at % self.rev_ns) % self.rev_ns;
        let begin = at + wait;
        let end = begin + units as Nanos * unit_ns;
        self.head_free = end;
        self.head_unit = lba + units;
        self.head_x = x;
        self.busy_ns += (end - start) as u128;
        let c = &mut self.counters;
        c.media_requests += 1;
        c.seeks += (seek_ns > 0) as u64;
        c.seek_ns += seek_ns;
        c.rotation_ns += wait;
        HeadTimes { start, at, begin, end, unit_ns }
    }

    /// When the look-ahead holds `units` units at `lba` for a read at `t`, if it does or
    /// will without the head moving.
    fn cached(&mut self, lba: u32, units: u32, t: Nanos) -> Option<Nanos> {
        let la = self.look_ahead;
        let end = lba + units;
        let read = la.end_at(t);
        // The cache holds the last `cache_units` units read.
        if lba < la.held_from.max(read.saturating_sub(self.cache_units)) || end > la.limit {
            return None;
        }
        if end <= read {
            return Some(t);
        }
        // Still coming, if the head keeps reading: at its pace, and the head is busy till then.
        if lba <= read && la.stop == Nanos::MAX {
            let ready = la.t0 + (end - la.from) as Nanos * la.unit_ns;
            self.head_free = self.head_free.max(ready);
            self.head_unit = end;
            return Some(ready);
        }
        None
    }

    /// Read `units` units from `lba` at `issue`; returns the completion time. `parts`: the
    /// command's latency parts, mark at `issue`.
    pub fn read<C: Chain>(&mut self, issue: Nanos, lba: u32, units: u32, parts: &mut C) -> Nanos {
        let start = self.front.read_start(issue);
        parts.to(Cause::Firmware, start);
        if let Some(ready) = self.cached(lba, units, start) {
            // Served from the look-ahead: any wait is the head still reading it in.
            parts.to(Cause::Transfer, ready);
            self.counters.cache_read_units += units as u64;
            // The cache frees what the host has taken; the look-ahead may read that far on.
            let la = &mut self.look_ahead;
            let limit = (lba + units).saturating_add(self.cache_units).min(self.user_units);
            if la.stop == Nanos::MAX && la.end_at(ready) >= la.limit {
                // It had stopped, full: it starts again from here.
                la.from = la.limit;
                la.t0 = ready;
            }
            la.limit = la.limit.max(limit);
            let done = self.front.send_to_host(start, ready, units);
            parts.to(Cause::Link, done);
            return done;
        }
        let head = self.media(lba, units, start);
        head.book(parts);
        let (begin, end, unit_ns) = (head.begin, head.end, head.unit_ns);
        self.counters.unit_reads += units as u64;
        // Each unit crosses the link as it comes off the platter.
        let mut done = end;
        for i in 0..units {
            done = done.max(self.front.send_to_host(start, begin + (i + 1) as Nanos * unit_ns, 1));
        }
        parts.to(Cause::Link, done);
        if self.cache_units > 0 {
            let from = lba + units;
            self.look_ahead =
                LookAhead { held_from: lba, from, t0: end, stop: Nanos::MAX, limit: from.saturating_add(self.cache_units).min(self.user_units), unit_ns };
        }
        done
    }

    /// Write `units` units at `lba` at `issue`; completes when the data is in the cache
    /// (write-back) or on the platters.
    pub fn write<C: Chain>(&mut self, issue: Nanos, lba: u32, units: u32, parts: &mut C) -> Nanos {
        let start = self.front.write_start(issue);
        parts.to(Cause::Firmware, start);
        let arrived = self.front.receive_from_host(start, start, units);
        parts.to(Cause::Link, arrived);
        self.counters.unit_writes += units as u64;
        // Data read ahead over these units is stale now.
        let la = self.look_ahead;
        if lba < la.limit && lba + units > la.held_from {
            self.look_ahead = LookAhead::NONE;
        }
        if !self.write_back || units > self.cache_units {
            let head = self.media(lba, units, arrived);
            head.book(parts);
            return head.end;
        }
        // Room in the cache: what has reached the platters by now is clean; past that, wait
        // for the oldest dirty data to get there.
        let mut room_at = arrived;
        while let Some(&(end, n)) = self.destage.front() {
            if end > arrived && self.dirty_units + units <= self.cache_units {
                break;
            }
            room_at = room_at.max(end);
            self.dirty_units -= n;
            self.destage.pop_front();
        }
        // The cache full of dirty data: the write waited for the platters to take some.
        parts.to(Cause::Buffer, room_at);
        let end = self.media(lba, units, arrived).end;
        self.destage.push_back((end, units));
        self.dirty_units += units;
        room_at
    }

    /// Nothing to free on a disk: the firmware notes it.
    /// Power off and on at `at`: the drive flushes its write cache to the platters first
    /// (ready once the last dirty write has reached them) and its DRAM comes back empty.
    pub fn power_cycle(&mut self, at: Nanos) -> Nanos {
        let flushed = self.destage.back().map_or(at, |&(end, _)| end.max(at));
        self.destage.clear();
        self.dirty_units = 0;
        self.look_ahead = LookAhead::NONE;
        self.head_free = self.head_free.max(flushed);
        flushed
    }

    pub fn trim(&mut self, issue: Nanos) -> Nanos {
        self.front.firmware_only(issue)
    }

    /// Share of time the head was seeking, turning to a sector or transferring, over `elapsed`
    /// (or until its last request ends).
    pub fn head_utilisation(&self, elapsed: Nanos) -> f64 {
        let span = elapsed.max(self.head_free);
        if span == 0 {
            return 0.0;
        }
        self.busy_ns as f64 / span as f64
    }
}
