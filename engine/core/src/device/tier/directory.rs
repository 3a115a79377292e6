//! The hybrid drive's tables: which 4 KiB blocks the cache tier holds (set-associative, as
//! hardware caches and hybrid drives' caching firmware are) and how often each block was read
//! (for idle promotion). Both are sized once; nothing allocates after `new`.

/// Slots per set.
pub(super) const WAYS: u32 = 16;
/// A tag no block has.
pub(super) const EMPTY: u32 = u32::MAX;
pub(super) const DIRTY: u8 = 1;
pub(super) const PINNED: u8 = 2;
/// Longest run promoted or written back as one command, 4 KiB units (256 KiB).
pub(super) const MAX_RUN: u32 = 64;
/// On-access promotions waiting for their data: more in flight are dropped.
pub(super) const FILL_QUEUE: usize = 4096;

/// Which block each slot of the cache holds, set-associative: slot `way · sets + set`.
pub(super) struct Directory {
    pub(super) sets: u32,
    pub(super) tag: Vec<u32>,
    /// Last use, from `clock`: the least recently used slot of a set is evicted first.
    pub(super) used: Vec<u32>,
    pub(super) flags: Vec<u8>,
    pub(super) clock: u32,
    /// Slots holding a block.
    pub(super) filled: u64,
}

impl Directory {
    pub(super) fn new(slots: u32) -> Directory {
        let sets = (slots / WAYS).max(1);
        let n = (sets * WAYS.min(slots.max(1))) as usize;
        Directory { sets, tag: vec![EMPTY; n], used: vec![0; n], flags: vec![0; n], clock: 0, filled: 0 }
    }

    pub(super) fn ways(&self) -> u32 {
        self.tag.len() as u32 / self.sets
    }

    #[inline]
    pub(super) fn slot(&self, set: u32, way: u32) -> usize {
        (way * self.sets + set) as usize
    }

    #[inline]
    pub(super) fn find(&self, lba: u32) -> Option<u32> {
        let set = lba % self.sets;
        (0..self.ways()).map(|w| self.slot(set, w)).find(|&s| self.tag[s] == lba).map(|s| s as u32)
    }

    #[inline]
    pub(super) fn touch(&mut self, slot: u32) {
        self.clock = self.clock.wrapping_add(1);
        self.used[slot as usize] = self.clock;
    }

    /// The slot `lba` may take in its set: an empty one, else the least recently used that
    /// is not pinned; none if every way is pinned.
    pub(super) fn victim(&self, lba: u32) -> Option<u32> {
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

    pub(super) fn insert(&mut self, slot: u32, lba: u32, flags: u8) {
        let s = slot as usize;
        if self.tag[s] == EMPTY {
            self.filled += 1;
        }
        self.tag[s] = lba;
        self.flags[s] = flags;
        self.touch(slot);
    }

    pub(super) fn remove(&mut self, slot: u32) {
        let s = slot as usize;
        if self.tag[s] != EMPTY {
            self.filled -= 1;
        }
        self.tag[s] = EMPTY;
        self.flags[s] = 0;
    }

    pub(super) fn clear(&mut self) {
        self.tag.fill(EMPTY);
        self.flags.fill(0);
        self.filled = 0;
    }
}

/// Read counts of blocks not in the cache, in a table of the directory's shape: a block new
/// to its set replaces the entry read least.
pub(super) struct History {
    pub(super) sets: u32,
    pub(super) tag: Vec<u32>,
    pub(super) count: Vec<u8>,
}

impl History {
    pub(super) fn new(sets: u32, ways: u32) -> History {
        let n = (sets * ways) as usize;
        History { sets, tag: vec![EMPTY; n], count: vec![0; n] }
    }

    /// Counts a read of `lba`; returns its count.
    #[inline]
    pub(super) fn note(&mut self, lba: u32) -> u8 {
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
    pub(super) fn forget(&mut self, lba: u32) {
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
