//! The writes of a flash cache's two engines (see `scenario::cache`): BigHash rewrites a
//! 4 KiB bucket drawn uniformly, BlockCache writes the next piece of the region it is
//! flushing, over the addresses of the region it reclaimed (`regions`: in ring order under
//! FIFO, least recently looked up under LRU). Each write goes to the engine furthest behind
//! its share of the bytes written, so the shares hold at every point of the run, not just at
//! its end, and the order is the same on every run; only the bucket and, under LRU, the
//! requests that fill each region are drawn.

mod regions;

pub use self::regions::Regions;
use super::Command;
use crate::metrics::Op;
use crate::rng::SimRng;
use crate::scenario::BlockCacheEviction;
use crate::scenario::{CacheLayout, CacheWorkload, DataPlacement};
use crate::units::MAPPING_UNIT_BYTES;

/// Parts per million, the unit of BigHash's write share (exact integer comparisons).
const PPM: u64 = 1_000_000;

/// The heap the cache's LRU takes for `s`, if its workload is a cache evicting by LRU: its list
/// over regions (two links a region), the region of each key and the keys of each region's
/// objects, 4 bytes each, twice (the job works on a copy of the plan's); None otherwise (FIFO
/// keeps no index).
pub fn memory_bytes(s: &crate::scenario::Scenario, user_bytes: u64) -> Option<u64> {
    let crate::scenario::Workload::Cache(c) = &s.workload else { return None };
    if c.blockcache_eviction != BlockCacheEviction::Lru {
        return None;
    }
    let l = c.layout(user_bytes);
    Some(2 * 4 * (2 * l.regions + l.keys + l.regions * l.objects_per_region))
}

#[derive(Clone, Debug, PartialEq)]
pub struct CacheMix {
    layout: CacheLayout,
    /// BigHash's share of the bytes written, parts per million.
    bighash_ppm: u64,
    bighash_plid: u16,
    blockcache_plid: u16,
    /// The region BlockCache is writing, and how far into it, in units.
    region: u64,
    region_done: u64,
    pub regions: Regions,
    /// Bytes each engine has written.
    pub written: [u64; 2],
}

impl CacheMix {
    pub fn new(cache: &CacheWorkload, user_bytes: u64) -> CacheMix {
        let tags = cache.dataplacement != DataPlacement::None;
        CacheMix {
            layout: cache.layout(user_bytes),
            bighash_ppm: (cache.bighash_write_percent.clamp(0.0, 100.0) * (PPM / 100) as f64).round() as u64,
            bighash_plid: if tags { cache.bighash_plid } else { 0 },
            blockcache_plid: if tags { cache.blockcache_plid } else { 0 },
            region: 0,
            region_done: 0,
            regions: Regions::new(cache, &cache.layout(user_bytes)),
            written: [0; 2],
        }
    }

    /// The next write, at most `max_units` long (the job's bytes running out).
    #[inline]
    pub fn next(&mut self, rng: &mut SimRng, max_units: u64) -> Command {
        let total = self.written[0] + self.written[1];
        // BigHash writes when it is behind its share (and has buckets), BlockCache otherwise.
        let bighash =
            self.layout.buckets > 0 && (self.layout.regions == 0 || self.written[0] as u128 * PPM as u128 <= self.bighash_ppm as u128 * total as u128);
        let bighash = bighash && self.bighash_ppm > 0;
        let (lba, units, placement) = if bighash {
            let bucket = rng.below(self.layout.buckets);
            let units = (self.layout.bucket_units as u64).min(max_units);
            (self.layout.bighash_first + bucket * self.layout.bucket_units as u64, units, self.bighash_plid)
        } else {
            if self.region_done == 0 {
                self.region = self.regions.next_region(rng) as u64;
            }
            let at = self.region * self.layout.region_units + self.region_done;
            let units = (self.layout.write_units as u64).min(max_units);
            self.region_done = (self.region_done + units) % self.layout.region_units.max(1);
            (at, units, self.blockcache_plid)
        };
        self.written[usize::from(!bighash)] += units * MAPPING_UNIT_BYTES;
        Command { op: Op::Write, lba: lba as u32, units: units as u32, placement, flush: false }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::units::{GIB, MIB};

    #[test]
    fn each_engine_writes_its_share_where_it_lives() {
        let cache = CacheWorkload { blockcache_eviction: BlockCacheEviction::Fifo, ..CacheWorkload::default() };
        let user = 512 * MIB;
        let mut mix = CacheMix::new(&cache, user);
        let layout = cache.layout(user);
        // 512 MiB: BigHash 4 % in 4 KiB buckets, BlockCache the rest in whole 16 MiB regions.
        assert_eq!((layout.buckets, layout.regions), (5_242, 30));
        assert_eq!(layout.bighash_first, 30 * 4096);
        let mut rng = SimRng::new(3);
        let (mut ring, mut buckets) = (Vec::new(), vec![0u32; layout.buckets as usize]);
        for _ in 0..200_000 {
            let c = mix.next(&mut rng, u64::MAX);
            if c.placement == 2 {
                assert_eq!(c.units, 256, "BlockCache writes 1 MiB");
                ring.push(c.lba as u64);
            } else {
                assert_eq!((c.placement, c.units), (1, 1), "BigHash rewrites a 4 KiB bucket");
                let b = c.lba as u64 - layout.bighash_first;
                buckets[b as usize] += 1;
            }
            // The shares hold all along: never more than one write of either engine off.
            let diff = mix.written[0] as i64 - mix.written[1] as i64;
            assert!(diff.abs() <= MIB as i64, "{:?}", mix.written);
        }
        // BlockCache walks its ring in order and wraps: region after region, whole.
        for (i, lba) in ring.iter().enumerate() {
            assert_eq!(*lba, (i as u64 * 256) % (30 * 4096));
        }
        assert!(ring.len() as u64 * 256 > 30 * 4096, "the ring wrapped");
        // BigHash's writes are uniform over its buckets: chi-square over 64 groups.
        let groups = 64;
        let per = layout.buckets as usize / groups;
        let counts: Vec<u32> = (0..groups).map(|g| buckets[g * per..(g + 1) * per].iter().sum()).collect();
        let n: u32 = counts.iter().sum();
        let expected = n as f64 / groups as f64;
        let chi2: f64 = counts.iter().map(|&c| (c as f64 - expected).powi(2) / expected).sum();
        assert!(chi2 < 110.0, "chi-square {chi2} over 63 degrees of freedom (p = 0.0002 at 110)");
        assert_eq!(mix.written[0], buckets.iter().map(|&c| c as u64).sum::<u64>() * 4096);
    }

    #[test]
    fn without_placement_the_writes_carry_no_id_and_shares_follow_the_knob() {
        let cache = CacheWorkload { dataplacement: DataPlacement::None, bighash_write_percent: 20.0, ..CacheWorkload::default() };
        let mut mix = CacheMix::new(&cache, 4 * GIB);
        let mut rng = SimRng::new(1);
        for _ in 0..50_000 {
            assert_eq!(mix.next(&mut rng, u64::MAX).placement, 0);
        }
        let share = mix.written[0] as f64 / (mix.written[0] + mix.written[1]) as f64;
        assert!((share - 0.20).abs() < 0.001, "{share}");
        let all_blockcache = CacheWorkload { bighash_write_percent: 0.0, ..CacheWorkload::default() };
        let mut mix = CacheMix::new(&all_blockcache, 4 * GIB);
        assert!((0..1000).all(|_| mix.next(&mut rng, u64::MAX).placement == 2));
        assert_eq!(mix.next(&mut rng, 3).units, 3, "the last write is cut to the bytes left");
    }
}
