//! The cache of the address-translation table (article 000).
//!
//! The full page-level table (4 bytes per 4 KiB unit, about 1/1000 of capacity) lives in
//! NAND as translation pages. The controller caches *segments* of it, one translation page
//! each (16 KiB of table covers 16 MiB of LBAs with 16 KiB pages), in up to three tiers
//! that form one exclusive LRU stack: SRAM on top, then DRAM, then the Host Memory Buffer.
//! A segment that falls off the bottom is dropped; reading it again costs a NAND read.
//!
//! Modified segments are tracked apart, in a dirty set held in DRAM, or on a DRAM-less
//! drive in the controller's SRAM (and, if its firmware lets them, in the HMB: see
//! `DirtyTable`). When the dirty set is full, its least recently modified segment is
//! written back to NAND as a translation page, or with the HMB holding dirty segments, all
//! of them at once. A drive that keeps them in SRAM only is why HMB helps reads so much and
//! writes so little (article 000).

use super::victims::NONE;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tier {
    Sram = 0,
    Dram = 1,
    Hmb = 2,
    /// Not cached: the translation page must be read from NAND.
    Nand = 3,
}

const TIERS: usize = 3;
const NOT_CACHED: u8 = Tier::Nand as u8;

/// Intrusive doubly linked LRU lists over segments; head = most recent.
struct Lists {
    prev: Vec<u32>,
    next: Vec<u32>,
}

#[derive(Clone, Copy)]
struct List {
    head: u32,
    tail: u32,
    len: u32,
    capacity: u32,
}

impl List {
    fn new(capacity: u32) -> List {
        List { head: NONE, tail: NONE, len: 0, capacity }
    }
}

impl Lists {
    fn new(n: u32) -> Lists {
        Lists { prev: vec![NONE; n as usize], next: vec![NONE; n as usize] }
    }

    fn push_front(&mut self, list: &mut List, s: u32) {
        self.prev[s as usize] = NONE;
        self.next[s as usize] = list.head;
        if list.head != NONE {
            self.prev[list.head as usize] = s;
        } else {
            list.tail = s;
        }
        list.head = s;
        list.len += 1;
    }

    fn unlink(&mut self, list: &mut List, s: u32) {
        let (p, n) = (self.prev[s as usize], self.next[s as usize]);
        if p != NONE {
            self.next[p as usize] = n;
        } else {
            list.head = n;
        }
        if n != NONE {
            self.prev[n as usize] = p;
        } else {
            list.tail = p;
        }
        list.len -= 1;
    }
}

/// Lookups answered by each tier, and the table's NAND traffic.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct MappingCounters {
    /// Lookups answered by SRAM, DRAM, HMB, and by a NAND read (a miss).
    pub lookups: [u64; 4],
    /// Dirty segments written back to NAND as translation pages.
    pub writebacks: u64,
}

pub struct MappingCache {
    /// Tier of each segment, or NOT_CACHED.
    tier: Vec<u8>,
    lru: Lists,
    tiers: [List; TIERS],
    dirty: Vec<bool>,
    dirty_lru: Lists,
    dirty_list: List,
    pub counters: MappingCounters,
}

impl MappingCache {
    /// Capacities in segments per tier, and for the dirty set.
    pub fn new(segments: u32, sram: u32, dram: u32, hmb: u32, dirty: u32) -> MappingCache {
        MappingCache {
            tier: vec![NOT_CACHED; segments as usize],
            lru: Lists::new(segments),
            tiers: [List::new(sram), List::new(dram), List::new(hmb)],
            dirty: vec![false; segments as usize],
            dirty_lru: Lists::new(segments),
            dirty_list: List::new(dirty.max(1)),
            counters: MappingCounters::default(),
        }
    }

    pub fn segments(&self) -> u32 {
        self.tier.len() as u32
    }

    pub fn capacity(&self, tier: Tier) -> u32 {
        self.tiers[tier as usize].capacity
    }

    /// Changes a tier's size (the HMB appears once the OS driver loads). Shrinking drops
    /// the tier's least recent segments.
    pub fn resize(&mut self, tier: Tier, capacity: u32) {
        let t = tier as usize;
        self.tiers[t].capacity = capacity;
        while self.tiers[t].len > capacity {
            let victim = self.tiers[t].tail;
            self.lru.unlink(&mut self.tiers[t], victim);
            self.tier[victim as usize] = NOT_CACHED;
        }
    }

    /// Fills the tiers from the top with segments 0.. (a DRAM drive loads its table at
    /// power-on).
    pub fn preload(&mut self, tier: Tier) {
        let t = tier as usize;
        for s in 0..self.segments() {
            if self.tiers[t].len >= self.tiers[t].capacity {
                break;
            }
            if self.tier[s as usize] == NOT_CACHED {
                self.lru.push_front(&mut self.tiers[t], s);
                self.tier[s as usize] = t as u8;
            }
        }
    }

    /// Looks a segment up: returns the tier that answered, and makes the segment the most
    /// recent in SRAM (or the top tier that has room), pushing others down the stack.
    pub fn lookup(&mut self, s: u32) -> Tier {
        let found = self.tier[s as usize];
        let answered = match found {
            0 => Tier::Sram,
            1 => Tier::Dram,
            2 => Tier::Hmb,
            _ => Tier::Nand,
        };
        self.counters.lookups[answered as usize] += 1;
        if found != NOT_CACHED {
            self.lru.unlink(&mut self.tiers[found as usize], s);
            self.tier[s as usize] = NOT_CACHED;
        }
        self.insert_at(0, s);
        answered
    }

    /// Puts `s` at the head of tier `t` (or the first tier below with any capacity),
    /// demoting each tier's least recent segment into the next one.
    fn insert_at(&mut self, mut t: usize, mut s: u32) {
        while t < TIERS {
            if self.tiers[t].capacity == 0 {
                t += 1;
                continue;
            }
            self.lru.push_front(&mut self.tiers[t], s);
            self.tier[s as usize] = t as u8;
            if self.tiers[t].len <= self.tiers[t].capacity {
                return;
            }
            let demoted = self.tiers[t].tail;
            self.lru.unlink(&mut self.tiers[t], demoted);
            self.tier[demoted as usize] = NOT_CACHED;
            s = demoted;
            t += 1;
        }
    }

    /// Counts an access to a dirty segment, which trusted memory answers without a lookup
    /// that would reorder the tiers: where a tier holds it, that tier; otherwise the SRAM
    /// that keeps dirty segments. Without this a write-only run past the point where every
    /// segment is dirty would show no table accesses at all.
    #[inline]
    pub fn count_dirty_hit(&mut self, s: u32) {
        let answered = match self.tier[s as usize] {
            1 => Tier::Dram,
            2 => Tier::Hmb,
            _ => Tier::Sram,
        };
        self.counters.lookups[answered as usize] += 1;
    }

    #[inline]
    pub fn is_dirty(&self, s: u32) -> bool {
        self.dirty[s as usize]
    }

    /// Makes the dirty segment `s` the most recently modified. Sequential writes modify the
    /// same segment over and over: it is then at the head already, with nothing to relink.
    #[inline]
    pub fn touch_dirty(&mut self, s: u32) {
        debug_assert!(self.dirty[s as usize]);
        if self.dirty_list.head != s {
            self.dirty_lru.unlink(&mut self.dirty_list, s);
            self.dirty_lru.push_front(&mut self.dirty_list, s);
        }
    }

    /// Marks `s` modified. Returns the segment that had to be written back to make room,
    /// if any.
    pub fn mark_dirty(&mut self, s: u32) -> Option<u32> {
        if self.dirty[s as usize] {
            self.dirty_lru.unlink(&mut self.dirty_list, s);
            self.dirty_lru.push_front(&mut self.dirty_list, s);
            return None;
        }
        self.dirty[s as usize] = true;
        self.dirty_lru.push_front(&mut self.dirty_list, s);
        if self.dirty_list.len <= self.dirty_list.capacity {
            return None;
        }
        Some(self.write_back_oldest())
    }

    /// Takes the least recently modified segment out of the dirty set, counted as written back.
    fn write_back_oldest(&mut self) -> u32 {
        let oldest = self.dirty_list.tail;
        self.dirty_lru.unlink(&mut self.dirty_list, oldest);
        self.dirty[oldest as usize] = false;
        self.counters.writebacks += 1;
        oldest
    }

    /// Changes how many dirty segments fit (the HMB's table area joins the SRAM's).
    pub fn resize_dirty(&mut self, capacity: u32) {
        self.dirty_list.capacity = capacity.max(1);
    }

    /// Takes the least recently modified segment out of the dirty set for writing back,
    /// leaving the most recent one: a flush empties the set but for the segment whose
    /// modification caused it.
    pub fn pop_oldest_dirty(&mut self) -> Option<u32> {
        (self.dirty_list.len > 1).then(|| self.write_back_oldest())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tiers_form_one_exclusive_lru_stack() {
        let mut c = MappingCache::new(10, 2, 0, 3, 4);
        assert_eq!(c.lookup(0), Tier::Nand);
        assert_eq!(c.lookup(1), Tier::Nand);
        assert_eq!(c.lookup(0), Tier::Sram);
        for s in 2..5 {
            c.lookup(s); // 0 and 1 are pushed down into the HMB
        }
        assert_eq!(c.lookup(1), Tier::Hmb, "demoted, not dropped");
        for s in 5..10 {
            c.lookup(s);
        }
        assert_eq!(c.lookup(0), Tier::Nand, "fell off the bottom after 5 more");
        assert_eq!(c.counters.lookups, [1, 0, 1, 11]);
    }

    #[test]
    fn dirty_segments_are_written_back_when_the_trusted_set_is_full() {
        let mut c = MappingCache::new(10, 2, 0, 8, 2);
        assert_eq!(c.mark_dirty(1), None);
        assert_eq!(c.mark_dirty(2), None);
        assert_eq!(c.mark_dirty(1), None, "already dirty: touched");
        assert_eq!(c.mark_dirty(3), Some(2), "least recently modified goes to NAND");
        assert!(!c.is_dirty(2) && c.is_dirty(1) && c.is_dirty(3));
        assert_eq!(c.counters.writebacks, 1);
    }

    #[test]
    fn a_flush_takes_the_oldest_first_and_leaves_the_newest() {
        let mut c = MappingCache::new(8, 1, 0, 0, 2);
        assert_eq!(c.mark_dirty(1), None);
        assert_eq!(c.mark_dirty(2), None);
        c.resize_dirty(3);
        assert_eq!(c.mark_dirty(3), None);
        assert_eq!(c.mark_dirty(4), Some(1), "full: the least recently modified goes");
        assert_eq!((c.pop_oldest_dirty(), c.pop_oldest_dirty(), c.pop_oldest_dirty()), (Some(2), Some(3), None));
        assert!(c.is_dirty(4) && !c.is_dirty(2) && !c.is_dirty(3));
        assert_eq!(c.counters.writebacks, 3);
    }

    #[test]
    fn resizing_drops_the_least_recent() {
        let mut c = MappingCache::new(8, 1, 0, 4, 1);
        for s in 0..5 {
            c.lookup(s);
        }
        c.resize(Tier::Hmb, 2);
        assert_eq!(c.lookup(3), Tier::Hmb);
        assert_eq!(c.lookup(0), Tier::Nand);
    }

    #[test]
    fn preload_fills_dram() {
        let mut c = MappingCache::new(6, 1, 8, 0, 8);
        c.preload(Tier::Dram);
        for s in 0..6 {
            assert_eq!(c.lookup(s), Tier::Dram);
        }
    }
}
