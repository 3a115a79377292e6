//! Which BlockCache region is reclaimed for the next one, by Navy's two policies
//! (`navy/block_cache/LruPolicy`, `FifoPolicy`): FIFO reuses regions in the order they were
//! written; LRU keeps regions in a list, puts a region at the front when it is flushed
//! (`track`) and again whenever a lookup hits an object in it (`touch`; not while the region is
//! still being filled, its buffer answers), and reclaims the region at the back. Until every
//! region has been written once, regions are handed out clean, in order.
//!
//! LRU needs lookups, so this models the requests that fill a region (cachebench's request
//! mix): a share are lookups of keys drawn by Zipf popularity; a hit touches the key's region,
//! a miss inserts the key (cachebench `enableLookaside`); the rest insert objects never looked
//! up again (cachebench's `loneSet`). A region is filled with `objects_per_region` inserts and
//! then written, whole, over the reclaimed region's addresses. Reclaiming a region drops its
//! keys from the index, so they miss until inserted again.
//!
//! State is dense: a doubly linked list over region indices, a key → region index, and each
//! region's keys; nothing is allocated after setup.

use crate::host::distribution::BlockSampler;
use crate::rng::SimRng;
use crate::scenario::{BlockCacheEviction, CacheLayout, CacheWorkload, RandomDistribution};

const NONE: u32 = u32::MAX;
/// Parts per million, the unit of the lookup share.
const PPM: u64 = 1_000_000;
/// Most lookup hits in a row before a region's next insert: a cache whose every lookup hits
/// writes nothing, so after this many the next request inserts a one-hit object. Only a
/// lookup share near 100 % with a working set the cache holds gets here (at the defaults
/// about half the requests hit, and 64 hits in a row come once in 10^20 inserts); it bounds
/// the work a region costs.
const MAX_HITS_IN_A_ROW: u32 = 64;

/// Keys' popularity: Zipf over `keys` ranks (rank 0 the hottest key).
#[derive(Clone, Debug)]
struct Popularity {
    theta: f64,
    keys: u64,
    sampler: BlockSampler,
}

/// Two samplers with the same exponent over the same keys draw the same keys.
impl PartialEq for Popularity {
    fn eq(&self, other: &Self) -> bool {
        self.theta == other.theta && self.keys == other.keys
    }
}

/// BlockCache's regions and the keys in them.
#[derive(Clone, Debug, PartialEq)]
pub struct Regions {
    lru: bool,
    regions: u32,
    per_region: u32,
    /// The next region never written (handed out before any is reclaimed).
    clean_next: u32,
    /// The region being filled (`NONE` before the first).
    open: u32,
    /// LRU list over regions: `head` most recently used, `tail` the next reclaimed.
    prev: Vec<u32>,
    next: Vec<u32>,
    head: u32,
    tail: u32,
    /// Region holding each key, `NONE` when the key is not cached.
    key_region: Vec<u32>,
    /// Each region's keys, `per_region` a region (`NONE`: an object never looked up).
    slots: Vec<u32>,
    popularity: Popularity,
    lookup_ppm: u64,
    /// Keys below this rank are held by the DRAM cache in front of the flash.
    ram_keys: u64,
    pub ram_hits: u64,
    /// Requests so far: lookups, lookups that hit, inserts.
    pub lookups: u64,
    pub hits: u64,
    pub inserts: u64,
}

impl Regions {
    pub fn new(cache: &CacheWorkload, layout: &CacheLayout) -> Regions {
        let lru = cache.blockcache_eviction == BlockCacheEviction::Lru;
        let regions = layout.regions as u32;
        // The index and the lists exist only under LRU: FIFO needs no requests.
        let (keys, slots) = if lru { (layout.keys as usize, layout.regions as usize * layout.objects_per_region as usize) } else { (0, 0) };
        let list = if lru { regions as usize } else { 0 };
        Regions {
            lru,
            regions,
            per_region: layout.objects_per_region as u32,
            clean_next: 0,
            open: NONE,
            prev: vec![NONE; list],
            next: vec![NONE; list],
            head: NONE,
            tail: NONE,
            key_region: vec![NONE; keys],
            slots: vec![NONE; slots],
            popularity: Popularity {
                theta: cache.popularity_theta,
                keys: layout.keys.max(1),
                sampler: BlockSampler::new(RandomDistribution::Zipf(cache.popularity_theta), layout.keys.max(1)),
            },
            lookup_ppm: (cache.lookup_percent.clamp(0.0, 100.0) * (PPM / 100) as f64).round() as u64,
            ram_keys: layout.ram_keys,
            ram_hits: 0,
            lookups: 0,
            hits: 0,
            inserts: 0,
        }
    }

    /// The region the next region's data is written over: under FIFO the next in ring order
    /// (no draws); under LRU the least recently used, after the requests that fill it.
    pub fn next_region(&mut self, rng: &mut SimRng) -> u32 {
        if !self.lru {
            self.open = if self.open == NONE { 0 } else { (self.open + 1) % self.regions.max(1) };
            return self.open;
        }
        if self.open != NONE {
            // The open region was flushed: it joins the list at the front (Navy's `track`).
            self.link_at_head(self.open);
        }
        let region = if self.clean_next < self.regions {
            self.clean_next += 1;
            self.clean_next - 1
        } else {
            let victim = self.tail;
            self.unlink(victim);
            self.drop_keys(victim);
            victim
        };
        self.open = region;
        self.fill(region, rng);
        region
    }

    /// Requests until `region` holds `per_region` objects.
    fn fill(&mut self, region: u32, rng: &mut SimRng) {
        let first = region as usize * self.per_region as usize;
        let mut hits_in_a_row = 0;
        for slot in first..first + self.per_region as usize {
            let key = loop {
                if hits_in_a_row >= MAX_HITS_IN_A_ROW || rng.below(PPM) >= self.lookup_ppm {
                    break NONE;
                }
                let key = self.popularity.sampler.rank(rng);
                if key < self.ram_keys {
                    // The hottest keys stay in DRAM: their lookups never reach the flash.
                    self.ram_hits += 1;
                    hits_in_a_row += 1;
                    continue;
                }
                let key = key as u32;
                self.lookups += 1;
                let at = self.key_region[key as usize];
                if at == NONE {
                    break key;
                }
                self.hits += 1;
                hits_in_a_row += 1;
                if at != region {
                    self.touch(at);
                }
            };
            hits_in_a_row = 0;
            self.inserts += 1;
            self.slots[slot] = key;
            if key != NONE {
                self.key_region[key as usize] = region;
            }
        }
    }

    /// A lookup hit an object in `region`: it moves to the front (Navy's `touch`).
    fn touch(&mut self, region: u32) {
        if self.head != region {
            self.unlink(region);
            self.link_at_head(region);
        }
    }

    /// A reclaimed region's keys are no longer cached (those it still holds the latest copy of).
    fn drop_keys(&mut self, region: u32) {
        let first = region as usize * self.per_region as usize;
        for slot in first..first + self.per_region as usize {
            let key = std::mem::replace(&mut self.slots[slot], NONE);
            if key != NONE && self.key_region[key as usize] == region {
                self.key_region[key as usize] = NONE;
            }
        }
    }

    fn unlink(&mut self, i: u32) {
        let (p, n) = (self.prev[i as usize], self.next[i as usize]);
        if p == NONE {
            self.head = n
        } else {
            self.next[p as usize] = n
        }
        if n == NONE {
            self.tail = p
        } else {
            self.prev[n as usize] = p
        }
        self.prev[i as usize] = NONE;
        self.next[i as usize] = NONE;
    }

    fn link_at_head(&mut self, i: u32) {
        self.prev[i as usize] = NONE;
        self.next[i as usize] = self.head;
        if self.head == NONE {
            self.tail = i
        } else {
            self.prev[self.head as usize] = i
        }
        self.head = i;
    }

    /// Regions from most to least recently used (for tests).
    #[cfg(test)]
    pub fn order(&self) -> Vec<u32> {
        let mut out = Vec::new();
        let mut at = self.head;
        while at != NONE {
            out.push(at);
            at = self.next[at as usize];
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::units::MIB;

    fn regions(eviction: BlockCacheEviction, lookup_percent: f64) -> Regions {
        let cache = CacheWorkload { blockcache_eviction: eviction, lookup_percent, ram_percent: 0.0, ..CacheWorkload::default() };
        Regions::new(&cache, &cache.layout(512 * MIB))
    }

    #[test]
    fn fifo_reuses_regions_in_ring_order_and_draws_nothing() {
        let mut r = regions(BlockCacheEviction::Fifo, 74.0);
        let mut rng = SimRng::new(5);
        let order: Vec<u32> = (0..65).map(|_| r.next_region(&mut rng)).collect();
        assert_eq!(order, (0..65).map(|i| i % 30).collect::<Vec<u32>>());
        assert_eq!(rng.below(1 << 30), SimRng::new(5).below(1 << 30), "no draw under FIFO");
        assert_eq!((r.lookups, r.inserts), (0, 0));
    }

    #[test]
    fn lru_hands_out_clean_regions_then_reclaims_the_least_recently_hit() {
        let mut r = regions(BlockCacheEviction::Lru, 74.0);
        let mut rng = SimRng::new(5);
        // 512 MiB, 4 % BigHash: 30 regions of 16 MiB, 178 objects of 92 KiB each.
        assert_eq!((r.regions, r.per_region), (30, 178));
        let first: Vec<u32> = (0..30).map(|_| r.next_region(&mut rng)).collect();
        assert_eq!(first, (0..30).collect::<Vec<u32>>(), "clean regions first, in order");
        let mut written: Vec<u32> = (0..30).collect();
        let mut out_of_order = 0;
        for i in 30..3030 {
            let lru = r.order();
            assert_eq!(lru.len(), 29, "every region but the open one is in the list");
            let next = r.next_region(&mut rng);
            // The open region joined the front; the reclaimed one is the list's back.
            assert_eq!(next, *lru.last().unwrap());
            let oldest = *lru.iter().min_by_key(|&&g| written[g as usize]).unwrap();
            out_of_order += u32::from(next != oldest);
            written[next as usize] = i;
        }
        // Lookups hit regions out of write order, so regions are reused out of ring order.
        assert!(out_of_order > 1500, "{out_of_order} of 3000 reclaims out of ring order");
        let hit = r.hits as f64 / r.lookups as f64;
        assert!(hit > 0.2 && hit < 0.9, "hit ratio {hit}");
        println!("{out_of_order} of 3000 reclaims out of write order, hit ratio {hit:.3}");
        // Every slot filled is one insert: a lookaside miss or a one-hit object.
        assert_eq!(r.inserts, 3030 * 178);
        assert!(r.lookups - r.hits <= r.inserts);
    }

    #[test]
    fn without_lookups_lru_is_fifo_and_a_hit_region_survives() {
        // No lookups: nothing is touched, so the least recently used is the oldest written.
        let mut r = regions(BlockCacheEviction::Lru, 0.0);
        let mut rng = SimRng::new(9);
        let order: Vec<u32> = (0..95).map(|_| r.next_region(&mut rng)).collect();
        assert_eq!(order, (0..95).map(|i| i % 30).collect::<Vec<u32>>());
        // A touch moves a region to the front: it is reclaimed last.
        r.touch(r.tail);
        let saved = r.head;
        let next: Vec<u32> = (0..28).map(|_| r.next_region(&mut rng)).collect();
        assert!(!next.contains(&saved), "{saved} was hit; the other 28 go first: {next:?}");
        assert_eq!(r.next_region(&mut rng), saved);
    }

    #[test]
    fn reclaiming_a_region_uncaches_its_keys_and_runs_repeat() {
        let run = |seed| {
            let mut r = regions(BlockCacheEviction::Lru, 90.0);
            let mut rng = SimRng::new(seed);
            let order: Vec<u32> = (0..500).map(|_| r.next_region(&mut rng)).collect();
            // The index and the regions agree: a key is cached exactly where a slot holds it.
            for (key, &at) in r.key_region.iter().enumerate() {
                if at != NONE {
                    let first = at as usize * r.per_region as usize;
                    assert!(r.slots[first..first + r.per_region as usize].contains(&(key as u32)));
                }
            }
            let cached = r.key_region.iter().filter(|&&at| at != NONE).count();
            let held = r.slots.iter().filter(|&&k| k != NONE).count();
            assert_eq!(cached, held, "no key held twice, none dropped but by reclaim");
            (order, r.hits)
        };
        assert_eq!(run(3), run(3), "same seed, same regions");
        assert_ne!(run(3).0, run(4).0);
    }
}
