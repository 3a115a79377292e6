//! A hybrid drive in simulated time: a cache tier in front of a backing tier, each a
//! `DeviceModel` of its own, and the directory that says which 4 KiB blocks the cache
//! holds (see `scenario::tier` for the policy knobs).
//!
//! The directory is set-associative, as hardware caches and the caching firmware of hybrid
//! drives are: a block can sit in any of `WAYS` slots of the set its address picks, so a
//! lookup scans a handful of entries and the memory is the cache's size, not the drive's.
//! Slot `way · sets + set` is the cache media's address, so consecutive blocks cached in
//! the same way (a region promoted in order) are consecutive on the cache media too and
//! read back as one command.
//!
//! Read-frequency history for idle promotion is a second table of the same shape with a
//! saturating count per block: a block read `promote_after_reads` times becomes a
//! candidate, and candidates are copied in idle time. Nothing here allocates after `new`:
//! the queues are rings sized up front, and work that does not fit is dropped (a
//! promotion skipped), as firmware with fixed tables does.
//!
//! Each tier gets its commands in non-decreasing time, as the run loop gives them to a
//! single device: the tier keeps each one's last issue time and never issues before it.

use super::DeviceModel;
use crate::scenario::{Device, Promotion, ScenarioError, WritePolicy};
use crate::units::Nanos;
use std::collections::VecDeque;

/// Slots per set.
const WAYS: u32 = 16;
/// A tag no block has.
const EMPTY: u32 = u32::MAX;
const DIRTY: u8 = 1;
const PINNED: u8 = 2;
/// Longest run promoted or written back as one command, 4 KiB units (256 KiB).
const MAX_RUN: u32 = 64;
/// On-access promotions waiting for their data: more in flight are dropped.
const FILL_QUEUE: usize = 4096;

/// What the tier did since the drive was new, 4 KiB units.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct TierCounters {
    pub read_hit_units: u64,
    pub read_miss_units: u64,
    /// Copied from the backing tier into the cache.
    pub promoted_units: u64,
    /// Dirty data written back to the backing tier (in idle time or on eviction).
    pub written_back_units: u64,
    /// Blocks dropped from the cache to make room.
    pub evicted_units: u64,
    /// Host writes the cache took (write-back).
    pub cached_write_units: u64,
}

struct Directory {
    sets: u32,
    tag: Vec<u32>,
    /// Last use, from `clock`: the least recently used slot of a set is evicted first.
    used: Vec<u32>,
    flags: Vec<u8>,
    clock: u32,
    /// Slots holding a block.
    filled: u64,
}

impl Directory {
    fn new(slots: u32) -> Directory {
        let sets = (slots / WAYS).max(1);
        let n = (sets * WAYS.min(slots.max(1))) as usize;
        Directory { sets, tag: vec![EMPTY; n], used: vec![0; n], flags: vec![0; n], clock: 0, filled: 0 }
    }

    fn ways(&self) -> u32 {
        self.tag.len() as u32 / self.sets
    }

    #[inline]
    fn slot(&self, set: u32, way: u32) -> usize {
        (way * self.sets + set) as usize
    }

    #[inline]
    fn find(&self, lba: u32) -> Option<u32> {
        let set = lba % self.sets;
        (0..self.ways()).map(|w| self.slot(set, w)).find(|&s| self.tag[s] == lba).map(|s| s as u32)
    }

    #[inline]
    fn touch(&mut self, slot: u32) {
        self.clock = self.clock.wrapping_add(1);
        self.used[slot as usize] = self.clock;
    }

    /// The slot `lba` may take in its set: an empty one, else the least recently used that
    /// is not pinned; none if every way is pinned.
    fn victim(&self, lba: u32) -> Option<u32> {
        let set = lba % self.sets;
        let mut best: Option<(u32, usize)> = None;
        for w in 0..self.ways() {
            let s = self.slot(set, w);
            if self.tag[s] == EMPTY {
                return Some(s as u32);
            }
            if self.flags[s] & PINNED != 0 {
                continue;
            }
            let age = self.clock.wrapping_sub(self.used[s]);
            if best.is_none_or(|(a, _)| age > a) {
                best = Some((age, s));
            }
        }
        best.map(|(_, s)| s as u32)
    }

    fn insert(&mut self, slot: u32, lba: u32, flags: u8) {
        let s = slot as usize;
        if self.tag[s] == EMPTY {
            self.filled += 1;
        }
        self.tag[s] = lba;
        self.flags[s] = flags;
        self.touch(slot);
    }

    fn remove(&mut self, slot: u32) {
        let s = slot as usize;
        if self.tag[s] != EMPTY {
            self.filled -= 1;
        }
        self.tag[s] = EMPTY;
        self.flags[s] = 0;
    }

    fn clear(&mut self) {
        self.tag.fill(EMPTY);
        self.flags.fill(0);
        self.filled = 0;
    }
}

/// Read counts of blocks not in the cache, in a table of the directory's shape: a block new
/// to its set replaces the entry read least.
struct History {
    sets: u32,
    tag: Vec<u32>,
    count: Vec<u8>,
}

impl History {
    fn new(sets: u32, ways: u32) -> History {
        let n = (sets * ways) as usize;
        History { sets, tag: vec![EMPTY; n], count: vec![0; n] }
    }

    /// Counts a read of `lba`; returns its count.
    #[inline]
    fn note(&mut self, lba: u32) -> u8 {
        let set = lba % self.sets;
        let ways = self.tag.len() as u32 / self.sets;
        let mut least = (u8::MAX, usize::MAX);
        for w in 0..ways {
            let s = (w * self.sets + set) as usize;
            if self.tag[s] == lba {
                self.count[s] = self.count[s].saturating_add(1);
                return self.count[s];
            }
            if self.count[s] < least.0 || least.1 == usize::MAX {
                least = (self.count[s], s);
            }
        }
        self.tag[least.1] = lba;
        self.count[least.1] = 1;
        1
    }

    /// `lba` was promoted: counting starts again should it be evicted.
    fn forget(&mut self, lba: u32) {
        let set = lba % self.sets;
        let ways = self.tag.len() as u32 / self.sets;
        for w in 0..ways {
            let s = (w * self.sets + set) as usize;
            if self.tag[s] == lba {
                self.tag[s] = EMPTY;
                self.count[s] = 0;
            }
        }
    }
}

/// Blocks read from the backing tier, to be written into the cache once their data is in.
#[derive(Clone, Copy)]
struct Fill {
    ready: Nanos,
    lba: u32,
    units: u32,
}

pub struct HybridDrive {
    pub cache: DeviceModel,
    pub backing: DeviceModel,
    dir: Directory,
    history: History,
    /// Blocks read often enough, waiting for idle time (idle promotion).
    candidates: VecDeque<u32>,
    fills: VecDeque<Fill>,
    /// Slots made dirty, in order, for writing back in idle time.
    dirty: VecDeque<u32>,
    write_back: bool,
    on_access: bool,
    threshold: u32,
    idle_after_ns: Nanos,
    bypass_units: u32,
    pinned: std::ops::Range<u32>,
    hit_latency_ns: Nanos,
    persistent: bool,
    /// Each tier's latest issue time.
    cache_clock: Nanos,
    backing_clock: Nanos,
    pub counters: TierCounters,
}

impl HybridDrive {
    pub fn new(device: &Device) -> Result<HybridDrive, ScenarioError> {
        let t = &device.tier;
        let cache = DeviceModel::of_kind(device, t.cache)?;
        let backing = DeviceModel::of_kind(device, t.backing)?;
        let slots = (device.user_bytes_of(t.cache)? / crate::units::MAPPING_UNIT_BYTES).min(u32::MAX as u64 - 1) as u32;
        let dir = Directory::new(slots);
        let history = History::new(dir.sets, dir.ways());
        let n = dir.tag.len();
        Ok(HybridDrive {
            cache,
            backing,
            history,
            candidates: VecDeque::with_capacity(n),
            fills: VecDeque::with_capacity(FILL_QUEUE),
            dirty: VecDeque::with_capacity(n),
            dir,
            write_back: t.write_policy == WritePolicy::WriteBack,
            on_access: t.promotion == Promotion::OnAccess,
            threshold: t.promote_after_reads.max(1),
            idle_after_ns: (t.idle_after_ms * 1e6) as Nanos,
            bypass_units: (t.read_bypass_bytes.0 / crate::units::MAPPING_UNIT_BYTES) as u32,
            pinned: t.pinned_units(),
            hit_latency_ns: (t.hit_latency_us * 1e3) as Nanos,
            persistent: t.persistent,
            cache_clock: 0,
            backing_clock: 0,
            counters: TierCounters::default(),
        })
    }

    /// Bytes the cache holds now (4 KiB units).
    pub fn cached_units(&self) -> u64 {
        self.dir.filled
    }

    #[inline]
    fn cache_at(&mut self, t: Nanos) -> Nanos {
        self.cache_clock = self.cache_clock.max(t);
        self.cache_clock
    }

    #[inline]
    fn backing_at(&mut self, t: Nanos) -> Nanos {
        self.backing_clock = self.backing_clock.max(t);
        self.backing_clock
    }

    /// Read `units` units from `lba` at `issue`: runs of blocks in the cache from it, the
    /// rest from the backing tier, all at once; returns when the last arrives.
    pub fn read(&mut self, issue: Nanos, lba: u32, units: u32) -> Nanos {
        self.issue_fills(issue);
        let counted = self.bypass_units == 0 || units < self.bypass_units;
        let mut done = issue;
        let mut i = 0;
        while i < units {
            let at = lba + i;
            if let Some(slot) = self.dir.find(at) {
                self.dir.touch(slot);
                let mut n = 1;
                while i + n < units && self.dir.find(at + n) == Some(slot + n) {
                    self.dir.touch(slot + n);
                    n += 1;
                }
                let t = self.cache_at(issue + self.hit_latency_ns);
                done = done.max(self.cache.read(t, slot, n));
                self.counters.read_hit_units += n as u64;
                i += n;
            } else {
                let mut n = 1;
                while i + n < units && self.dir.find(at + n).is_none() {
                    n += 1;
                }
                let t = self.backing_at(issue);
                let arrived = self.backing.read(t, at, n);
                done = done.max(arrived);
                self.counters.read_miss_units += n as u64;
                if counted {
                    self.learn(at, n, arrived);
                }
                i += n;
            }
        }
        done
    }

    /// Blocks `lba..lba + n` were read from the backing tier, their data in at `arrived`:
    /// count them, and queue those due for promotion.
    fn learn(&mut self, lba: u32, n: u32, arrived: Nanos) {
        for u in lba..lba + n {
            let pinned = self.pinned.contains(&u);
            let due = pinned || self.threshold == 1 || self.history.note(u) as u32 == self.threshold;
            if !due {
                continue;
            }
            if self.on_access || pinned {
                self.queue_fill(arrived, u);
            } else if self.candidates.len() < self.candidates.capacity() {
                self.candidates.push_back(u);
            }
        }
    }

    fn queue_fill(&mut self, ready: Nanos, lba: u32) {
        if let Some(last) = self.fills.back_mut() {
            if last.ready == ready && last.lba + last.units == lba && last.units < MAX_RUN {
                last.units += 1;
                return;
            }
        }
        if self.fills.len() < FILL_QUEUE {
            self.fills.push_back(Fill { ready, lba, units: 1 });
        }
    }

    /// Writes the promotions whose data has arrived by `now` into the cache.
    fn issue_fills(&mut self, now: Nanos) {
        while let Some(&f) = self.fills.front() {
            if f.ready > now {
                break;
            }
            self.fills.pop_front();
            self.fill(f.ready, f.lba, f.units);
        }
    }

    /// Copies blocks `lba..lba + units`, whose data is in the controller at `ready`, into the
    /// cache (skipping those already there); returns when the cache has them.
    fn fill(&mut self, ready: Nanos, lba: u32, units: u32) -> Nanos {
        let mut done = ready;
        let mut run: Option<(u32, u32, Nanos)> = None;
        for u in lba..lba + units {
            if self.dir.find(u).is_some() {
                continue;
            }
            let Some((slot, free)) = self.allocate(ready, u, 0) else { continue };
            self.history.forget(u);
            self.counters.promoted_units += 1;
            run = match run {
                Some((start, n, t)) if start + n == slot => Some((start, n + 1, t.max(free))),
                Some(r) => {
                    done = done.max(self.write_cache(r, 1));
                    Some((slot, 1, free))
                }
                None => Some((slot, 1, free)),
            };
        }
        if let Some(r) = run {
            done = done.max(self.write_cache(r, 1));
        }
        done
    }

    fn write_cache(&mut self, (slot, n, ready): (u32, u32, Nanos), sectors: u32) -> Nanos {
        let t = self.cache_at(ready);
        self.cache.write(t, slot, n, sectors)
    }

    /// A slot for `lba` at `now`, holding `flags`: the victim's dirty data is written back
    /// first. Returns the slot and when it may be written; none if its set is all pinned.
    fn allocate(&mut self, now: Nanos, lba: u32, flags: u8) -> Option<(u32, Nanos)> {
        let slot = self.dir.victim(lba)?;
        let s = slot as usize;
        let mut free = now;
        if self.dir.tag[s] != EMPTY {
            self.counters.evicted_units += 1;
            if self.dir.flags[s] & DIRTY != 0 {
                let old = self.dir.tag[s];
                free = self.write_back_slot(now, slot, old, 1);
            }
        }
        let pinned = if self.pinned.contains(&lba) { PINNED } else { 0 };
        self.dir.insert(slot, lba, flags | pinned);
        Some((slot, free))
    }

    /// Reads `n` dirty slots from `slot` and writes them to the backing tier at `lba`;
    /// returns when the cache has been read (the slots may be reused then).
    fn write_back_slot(&mut self, now: Nanos, slot: u32, lba: u32, n: u32) -> Nanos {
        let t = self.cache_at(now);
        let read = self.cache.read(t, slot, n);
        let t = self.backing_at(read);
        self.backing.write(t, lba, n, 1);
        for s in slot..slot + n {
            self.dir.flags[s as usize] &= !DIRTY;
        }
        self.counters.written_back_units += n as u64;
        read
    }

    /// Write `units` units at `lba` at `issue`: into the cache (write-back; a block whose set
    /// is all pinned goes to the backing tier) or past it (write-around).
    pub fn write(&mut self, issue: Nanos, lba: u32, units: u32, sectors: u32) -> Nanos {
        self.issue_fills(issue);
        if !self.write_back {
            self.invalidate(lba, units);
            let t = self.backing_at(issue);
            return self.backing.write(t, lba, units, sectors);
        }
        let mut done = issue;
        let mut run: Option<(u32, u32, Nanos)> = None;
        for u in lba..lba + units {
            let placed = match self.dir.find(u) {
                Some(slot) => {
                    self.dir.touch(slot);
                    Some((slot, issue))
                }
                None => self.allocate(issue, u, 0),
            };
            let Some((slot, free)) = placed else {
                // Every way of its set is pinned: this block goes straight to the backing tier.
                let t = self.backing_at(issue);
                done = done.max(self.backing.write(t, u, 1, sectors));
                continue;
            };
            if self.dir.flags[slot as usize] & DIRTY == 0 {
                self.dir.flags[slot as usize] |= DIRTY;
                if self.dirty.len() < self.dirty.capacity() {
                    self.dirty.push_back(slot);
                }
            }
            self.counters.cached_write_units += 1;
            run = match run {
                Some((start, n, t)) if start + n == slot => Some((start, n + 1, t.max(free))),
                Some(r) => {
                    done = done.max(self.write_cache(r, sectors));
                    Some((slot, 1, free))
                }
                None => Some((slot, 1, free)),
            };
        }
        if let Some(r) = run {
            done = done.max(self.write_cache(r, sectors));
        }
        done
    }

    /// Drops cached copies of `lba..lba + units` (they were overwritten or trimmed behind
    /// the cache).
    fn invalidate(&mut self, lba: u32, units: u32) {
        for u in lba..lba + units {
            if let Some(slot) = self.dir.find(u) {
                self.dir.remove(slot);
            }
        }
    }

    pub fn trim(&mut self, issue: Nanos, lba: u32, units: u32) -> Nanos {
        self.issue_fills(issue);
        self.invalidate(lba, units);
        let t = self.backing_at(issue);
        self.backing.trim(t, lba, units)
    }

    /// The host is idle from `from` to `until`. Once it has been idle `idle_after_ms`, the
    /// tier writes dirty data back and copies promotion candidates into the cache, a
    /// command at a time until the host returns (the last may run past it); then each
    /// tier's own background work (a NAND tier's GC) gets the rest.
    pub fn idle(&mut self, from: Nanos, until: Nanos) {
        self.issue_fills(until);
        let mut t = from.saturating_add(self.idle_after_ns);
        while t < until {
            let Some(slot) = self.dirty.pop_front() else { break };
            let s = slot as usize;
            if self.dir.flags[s] & DIRTY == 0 {
                continue;
            }
            let lba = self.dir.tag[s];
            let mut n = 1;
            while n < MAX_RUN && self.dirty.front() == Some(&(slot + n)) && self.dir.tag.get(s + n as usize) == Some(&(lba + n)) {
                self.dirty.pop_front();
                n += 1;
            }
            // The run is read and written back in order; the next starts once it is read.
            t = self.write_back_slot(t, slot, lba, n);
        }
        while t < until {
            let Some(lba) = self.candidates.pop_front() else { break };
            if self.dir.find(lba).is_some() {
                continue;
            }
            let mut n = 1;
            while n < MAX_RUN && self.candidates.front() == Some(&(lba + n)) {
                self.candidates.pop_front();
                n += 1;
            }
            let at = self.backing_at(t);
            let arrived = self.backing.read(at, lba, n);
            self.fill(arrived, lba, n);
            t = arrived;
        }
        if t < until {
            self.backing.idle(t, until);
            self.cache.idle(t.max(self.cache_clock), until);
        }
    }

    /// Power off and on at `at`: dirty data is written back first (the drive flushes before
    /// it powers down); a cache that does not persist starts empty.
    pub fn power_cycle(&mut self, at: Nanos) -> Nanos {
        let mut t = at;
        while let Some(slot) = self.dirty.pop_front() {
            let s = slot as usize;
            if self.dir.flags[s] & DIRTY != 0 {
                t = self.write_back_slot(t, slot, self.dir.tag[s], 1);
            }
        }
        self.fills.clear();
        if !self.persistent {
            self.dir.clear();
            self.candidates.clear();
        }
        t
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_directory_evicts_the_least_recently_used_unpinned_way() {
        let mut d = Directory::new(32);
        assert_eq!((d.sets, d.ways()), (2, 16));
        for way in 0..16 {
            let lba = way * 2;
            let slot = d.victim(lba).unwrap();
            d.insert(slot, lba, if way == 0 { PINNED } else { 0 });
        }
        assert_eq!(d.filled, 16);
        // Way 0 is pinned: the oldest unpinned block, lba 2, goes first; after a touch, lba 4.
        assert_eq!(d.tag[d.victim(100).unwrap() as usize], 2);
        d.touch(d.find(2).unwrap());
        assert_eq!(d.tag[d.victim(100).unwrap() as usize], 4);
        // Consecutive blocks in the same way sit in consecutive slots.
        let mut e = Directory::new(64);
        for lba in 10..14 {
            let slot = e.victim(lba).unwrap();
            e.insert(slot, lba, 0);
        }
        assert_eq!(e.find(11).unwrap(), e.find(10).unwrap() + 1);
    }

    #[test]
    fn history_counts_reads_and_forgets_promoted_blocks() {
        let mut h = History::new(4, 2);
        assert_eq!(h.note(5), 1);
        assert_eq!(h.note(5), 2);
        h.forget(5);
        assert_eq!(h.note(5), 1);
    }
}
