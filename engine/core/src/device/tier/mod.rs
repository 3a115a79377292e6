//! A hybrid drive in simulated time: a cache tier in front of a backing tier, each a
//! device of its own, and the directory that says which 4 KiB blocks the cache holds (see
//! `scenario::tier` for the policy knobs).
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

mod directory;
mod summary;

use super::serve::Serve;
use crate::metrics::{Cause, Chain, Parts};
use crate::scenario::{Device, Promotion, WritePolicy};
use crate::units::Nanos;
use directory::{Directory, History, DIRTY, EMPTY, FILL_QUEUE, MAX_RUN, PINNED};
use std::collections::VecDeque;
pub use summary::TierSummary;

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

/// Blocks read from the backing tier, to be written into the cache once their data is in.
#[derive(Clone, Copy)]
struct Fill {
    ready: Nanos,
    lba: u32,
    units: u32,
}

/// Generic over its tiers' type, so the tiers are any device that serves commands (the
/// device seam, `Serve`) and this file need not know the kinds there are.
pub struct HybridDrive<D> {
    pub cache: D,
    pub backing: D,
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
    /// The cache tier's latest issue was a promotion: a command waiting for the tier waits
    /// behind it.
    cache_clock_promoting: bool,
    backing_clock: Nanos,
    pub counters: TierCounters,
}

impl<D: Serve> HybridDrive<D> {
    /// The drive of `device.tier`'s policy over its two tiers; the cache holds `cache_bytes`.
    pub fn new(device: &Device, cache: D, backing: D, cache_bytes: u64) -> HybridDrive<D> {
        let t = &device.tier;
        let slots = (cache_bytes / crate::units::MAPPING_UNIT_BYTES).min(u32::MAX as u64 - 1) as u32;
        let dir = Directory::new(slots);
        let history = History::new(dir.sets, dir.ways());
        let n = dir.tag.len();
        HybridDrive {
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
            cache_clock_promoting: false,
            backing_clock: 0,
            counters: TierCounters::default(),
        }
    }

    /// Bytes the cache holds now (4 KiB units).
    pub fn cached_units(&self) -> u64 {
        self.dir.filled
    }

    #[inline]
    fn cache_at(&mut self, t: Nanos, promoting: bool) -> Nanos {
        if t >= self.cache_clock {
            self.cache_clock_promoting = promoting;
        }
        self.cache_clock = self.cache_clock.max(t);
        self.cache_clock
    }

    /// What a command that waits for the cache tier's turn waits behind.
    fn cache_wait(&self) -> Cause {
        if self.cache_clock_promoting {
            Cause::Promotion
        } else {
            Cause::QueueHost
        }
    }

    #[inline]
    fn backing_at(&mut self, t: Nanos) -> Nanos {
        self.backing_clock = self.backing_clock.max(t);
        self.backing_clock
    }

    /// Read `units` units from `lba` at `issue`: runs of blocks in the cache from it, the
    /// rest from the backing tier, all at once; returns when the last arrives.
    /// `parts`: the command's latency parts, mark at `issue`; they follow the piece that
    /// arrives last.
    pub fn read<C: Chain>(&mut self, issue: Nanos, lba: u32, units: u32, parts: &mut C) -> Nanos {
        self.issue_fills(issue);
        let counted = self.bypass_units == 0 || units < self.bypass_units;
        let mut done = issue;
        let mut last = *parts;
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
                let mut chain = *parts;
                chain.to(Cause::Firmware, issue + self.hit_latency_ns);
                let wait = self.cache_wait();
                let t = self.cache_at(issue + self.hit_latency_ns, false);
                chain.to(wait, t);
                let arrived = self.cache.read(t, slot, n, &mut chain);
                if arrived > done {
                    (done, last) = (arrived, chain);
                }
                self.counters.read_hit_units += n as u64;
                i += n;
            } else {
                let mut n = 1;
                while i + n < units && self.dir.find(at + n).is_none() {
                    n += 1;
                }
                let mut chain = *parts;
                let t = self.backing_at(issue);
                chain.to(Cause::QueueHost, t);
                let arrived = self.backing.read(t, at, n, &mut chain);
                if arrived > done {
                    (done, last) = (arrived, chain);
                }
                self.counters.read_miss_units += n as u64;
                if counted {
                    self.learn(at, n, arrived);
                }
                i += n;
            }
        }
        *parts = last;
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
                    done = done.max(self.write_cache(r, 1, &mut Parts::starting(r.2), true));
                    Some((slot, 1, free))
                }
                None => Some((slot, 1, free)),
            };
        }
        if let Some(r) = run {
            done = done.max(self.write_cache(r, 1, &mut Parts::starting(r.2), true));
        }
        done
    }

    /// Writes a run of slots into the cache once `ready` (its evicted dirty data read out);
    /// `chain` follows it, from the command's issue. `promoting`: a promotion, not the host.
    fn write_cache<C: Chain>(&mut self, (slot, n, ready): (u32, u32, Nanos), sectors: u32, chain: &mut C, promoting: bool) -> Nanos {
        chain.to(Cause::Buffer, ready);
        let wait = self.cache_wait();
        let t = self.cache_at(ready, promoting);
        chain.to(wait, t);
        self.cache.write(t, slot, n, sectors, chain)
    }

    /// A host write's run into the cache: the command's latency follows the run that
    /// completes last.
    fn write_run<C: Chain>(&mut self, r: (u32, u32, Nanos), sectors: u32, parts: &C, done: &mut Nanos, last: &mut C) {
        let mut chain = *parts;
        let arrived = self.write_cache(r, sectors, &mut chain, false);
        if arrived > *done {
            (*done, *last) = (arrived, chain);
        }
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
        let t = self.cache_at(now, false);
        let read = self.cache.read(t, slot, n, &mut Parts::starting(t));
        let t = self.backing_at(read);
        self.backing.write(t, lba, n, 1, &mut Parts::starting(t));
        for s in slot..slot + n {
            self.dir.flags[s as usize] &= !DIRTY;
        }
        self.counters.written_back_units += n as u64;
        read
    }

    /// Write `units` units at `lba` at `issue`: into the cache (write-back; a block whose set
    /// is all pinned goes to the backing tier) or past it (write-around).
    /// `parts` as for `read`.
    pub fn write<C: Chain>(&mut self, issue: Nanos, lba: u32, units: u32, sectors: u32, parts: &mut C) -> Nanos {
        self.issue_fills(issue);
        if !self.write_back {
            self.invalidate(lba, units);
            let t = self.backing_at(issue);
            parts.to(Cause::QueueHost, t);
            return self.backing.write(t, lba, units, sectors, parts);
        }
        let mut done = issue;
        let mut last = *parts;
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
                let mut chain = *parts;
                let t = self.backing_at(issue);
                chain.to(Cause::QueueHost, t);
                let arrived = self.backing.write(t, u, 1, sectors, &mut chain);
                if arrived > done {
                    (done, last) = (arrived, chain);
                }
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
                    self.write_run(r, sectors, parts, &mut done, &mut last);
                    Some((slot, 1, free))
                }
                None => Some((slot, 1, free)),
            };
        }
        if let Some(r) = run {
            self.write_run(r, sectors, parts, &mut done, &mut last);
        }
        *parts = last;
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
    pub fn idle(&mut self, from: Nanos, until: Nanos, max_ops: u64) {
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
            let arrived = self.backing.read(at, lba, n, &mut Parts::starting(at));
            self.fill(arrived, lba, n);
            t = arrived;
        }
        if t < until {
            self.backing.idle(t, until, max_ops);
            self.cache.idle(t.max(self.cache_clock), until, max_ops);
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
