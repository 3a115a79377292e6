//! A flash cache's writes, as CacheLib's two Navy engines make them (CacheLib's docs: "Small
//! Object Cache", "Large Object Cache", "FDP enabled cache"; Allison et al., EuroSys'25):
//!
//! - BigHash (the small object cache): a set-associative hash of fixed buckets, 4 KiB by
//!   default; an insert reads its bucket, and writes the whole bucket back. Its writes are
//!   4 KiB, uniformly random over its region (keys hash uniformly into buckets).
//! - BlockCache (the large object cache): the rest of the space cut into regions, 16 MiB by
//!   default; a region's buffer is flushed whole over the addresses of the region it
//!   reclaimed, so its old contents all go invalid together. cachebench cuts device writes at
//!   1 MiB (`deviceMaxWriteSize`). Which region is reclaimed is Navy's eviction policy:
//!   region-granular LRU by default (`NavyConfig` `lru_{true}`, `LruPolicy`: a lookup hit
//!   moves its region to the front, the back is reclaimed), FIFO when asked (`enableFifo`:
//!   regions reused in ring order, the writes walk the ring sequentially).
//!
//! LRU needs lookups, modelled as cachebench makes requests: a share (`lookup_percent`) are
//! lookups of keys drawn by Zipf popularity, a miss inserting the key (`enableLookaside`), the
//! rest insert objects never looked up again (`loneSet`); the hottest keys, as many as
//! CacheLib's DRAM cache holds, never reach the flash. Lookups change which region is
//! reclaimed; they are not issued to the drive as reads (they do not move write
//! amplification).
//!
//! Public: BigHash took 4 % of the cache in CacheLib's FDP runs; the cache used 50 % or 100 %
//! of a 1.88 TB drive with 43 GB of DRAM; with FDP each engine gets its own placement handle
//! (Navy's FdpNvme hands out handle indices from 1 up, 0 being the default); LRU is the
//! default; cachebench's kvcache config asks 0.6 gets to 0.21 lone sets, 72 M keys, values of
//! 90 KiB mean in 932 GB. Inferred (not published): the share of the bytes written that go to
//! BigHash (an insert of a few hundred bytes rewrites a 4 KiB bucket, so the 4 % region takes
//! a far larger share of the writes; 50 % by default), which engine got handle 1 (BigHash
//! here), how writes of the two interleave (here in proportion, the engine behind its share
//! writes next), the Zipf exponent (YCSB's 0.99), and that the DRAM cache holds exactly the
//! hottest keys.
//!
//! Where the space is: BlockCache's regions from the drive's start, BigHash right after them
//! (Navy places BigHash at the end of its range), the rest of the drive never written. The
//! run starts by deallocating the whole drive, as CacheLib's FDP guide does (`nvme dsm`), so
//! the cache starts empty and the unused share is spare for the drive.

use super::error::{Check, ErrorCode, ScenarioError};
use super::gather::Knobs as _;
use super::knobs::{doc, kib, mib, KnobValue, Knobs};
use super::placement::DataPlacement;
use crate::units::{size_text, Bytes, KIB, MAPPING_UNIT_BYTES, MIB};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS, Knobs)]
#[serde(default, deny_unknown_fields)]
#[ts(export)]
pub struct CacheWorkload {
    /// Share of the drive's user capacity the cache uses; the rest is never written.
    #[knob(doc("Utilisation", "Share of the drive the cache uses (CacheLib measured 50 % and 100 %); the rest stays unwritten, spare the drive can use").unit("%").range(1.0, 100.0))]
    pub utilisation_percent: f64,
    /// BigHash's share of the cache's space.
    #[knob(doc("BigHash space", "Small-object cache (BigHash) share of the cache's space (CacheLib's FDP runs: 4 %)").unit("%").range(0.0, 100.0))]
    pub bighash_percent: f64,
    /// BigHash's share of the bytes written (inferred; see the module's notes).
    #[knob(doc("BigHash writes", "Share of the bytes written that are BigHash bucket rewrites (inferred: a small insert rewrites a whole bucket)").unit("%").range(0.0, 100.0))]
    pub bighash_write_percent: f64,
    #[knob(doc("Bucket size", "BigHash bucket, rewritten whole on every insert (CacheLib: 4 KiB)").range(4096.0, kib(64.0)))]
    pub bucket_bytes: Bytes,
    #[knob(doc("Region size", "BlockCache region, written whole and evicted whole (CacheLib: 16 MiB, up to 256 MiB)").range(mib(1.0), mib(256.0)))]
    pub region_bytes: Bytes,
    #[knob(doc("Device write size", "BlockCache's largest write to the drive (cachebench deviceMaxWriteSize: 1 MiB); divides the region").range(4096.0, mib(16.0)))]
    pub write_bytes: Bytes,
    /// Bytes written in all, in user capacities of the drive.
    #[knob(doc("Drive writes", "Data the cache writes, in drive capacities (several reach steady state)").unit("× capacity").range(0.01, 50.0))]
    pub drive_writes: f64,
    #[knob(doc("Queue depth", "Writes kept in flight (cachebench navyQDepth and its threads)").range(1.0, 1024.0))]
    pub iodepth: u32,
    /// Whether the engines tag their writes (CacheLib's `deviceEnableFDP`).
    #[knob(doc("Data placement", "Tag each engine's writes with its placement id (CacheLib deviceEnableFDP); a drive without FDP ignores the ids"))]
    pub dataplacement: DataPlacement,
    #[knob(doc("BigHash placement id", "Placement id of BigHash's writes (Navy hands out handles from 1)").range(0.0, 127.0))]
    pub bighash_plid: u16,
    #[knob(doc("BlockCache placement id", "Placement id of BlockCache's writes").range(0.0, 127.0))]
    pub blockcache_plid: u16,
    #[knob(doc("Chart points", "Points along the data written").range(2.0, 10_000.0))]
    pub points: u32,
    /// Which region BlockCache reclaims next (CacheLib's `NavyConfig` `lru_`, true by default).
    #[knob(doc(
        "Region eviction",
        "Which BlockCache region is reclaimed for the next one: least recently looked up (CacheLib's default) or oldest written (enableFifo)"
    ))]
    pub blockcache_eviction: BlockCacheEviction,
    /// Share of BlockCache's requests that are lookups; the rest insert a key never looked up.
    /// This and the request model's knobs below only shape LRU (FIFO reclaims in write order
    /// whatever is read), so the page shows them with LRU only.
    #[knob(doc("Lookups", "Share of BlockCache's requests that are lookups; a miss inserts the key (cachebench kvcache getRatio 0.6 against loneSetRatio 0.21: 74 %); the rest insert one-hit objects").unit("%").range(0.0, 100.0).when("blockcache_eviction", "lru"))]
    pub lookup_percent: f64,
    /// Zipf exponent of the keys' popularity (inferred).
    #[knob(doc("Popularity skew", "Zipf exponent of how often each key is looked up (inferred: YCSB's 0.99; CacheLib's traces are not published as an exponent)").range(0.01, 2.0).when("blockcache_eviction", "lru"))]
    pub popularity_theta: f64,
    /// The looked-up keys' bytes, in BlockCache's capacities.
    #[knob(doc("Working set", "Bytes of all the keys lookups ask for, against BlockCache's space (cachebench kvcache_l2_wc: 72 M keys of 90 KiB mean in 932 GB, about 700 %)").unit("%").range(1.0, 10_000.0).when("blockcache_eviction", "lru"))]
    pub working_set_percent: f64,
    #[knob(doc("Object size", "A BlockCache object (cachebench kvcache_l2_wc sizes: 90 KiB mean, 92 KiB in Navy's 4 KiB blocks); lookups and inserts are per object").range(4096.0, mib(16.0)).when("blockcache_eviction", "lru"))]
    pub object_bytes: Bytes,
    /// CacheLib's DRAM cache in front of the flash, in the drive's capacity.
    #[knob(doc("DRAM cache", "DRAM cache in front of the flash, share of the drive (CacheLib's FDP runs: 43 GB on a 1.88 TB drive, 2.3 %); the hottest keys it holds never reach the flash").unit("%").range(0.0, 100.0).when("blockcache_eviction", "lru"))]
    pub ram_percent: f64,
}

/// How BlockCache picks the region to reclaim (Navy's `LruPolicy` / `FifoPolicy`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, TS, KnobValue)]
#[serde(rename_all = "lowercase")]
#[ts(export)]
pub enum BlockCacheEviction {
    /// The region looked up least recently: a hit moves its region to the front (Navy's
    /// default, region-granular LRU).
    #[default]
    #[option("LRU")]
    Lru,
    /// The region written longest ago: regions reused in ring order.
    #[option("FIFO")]
    Fifo,
}

impl Default for CacheWorkload {
    fn default() -> Self {
        Self {
            utilisation_percent: 100.0,
            bighash_percent: 4.0,
            bighash_write_percent: 50.0,
            bucket_bytes: Bytes(4 * KIB),
            region_bytes: Bytes(16 * MIB),
            write_bytes: Bytes(MIB),
            drive_writes: 4.0,
            iodepth: 32,
            dataplacement: DataPlacement::Fdp,
            bighash_plid: 1,
            blockcache_plid: 2,
            points: 200,
            blockcache_eviction: BlockCacheEviction::Lru,
            lookup_percent: 74.0,
            popularity_theta: 0.99,
            working_set_percent: 700.0,
            object_bytes: Bytes(92 * KIB),
            ram_percent: 2.3,
        }
    }
}

/// Where the cache's two engines are on a drive, in 4 KiB units.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CacheLayout {
    /// BlockCache's ring: `regions` regions of `region_units` from unit 0.
    pub regions: u64,
    pub region_units: u64,
    pub write_units: u32,
    /// BigHash's buckets, right after the ring.
    pub bighash_first: u64,
    pub buckets: u64,
    pub bucket_units: u32,
    /// BlockCache's objects a region holds, and the keys lookups draw from (LRU's model).
    pub objects_per_region: u64,
    pub keys: u64,
    /// The hottest keys, those the DRAM cache holds.
    pub ram_keys: u64,
}

/// Most keys, and most objects in BlockCache, the LRU model tracks (4 bytes each): past them
/// objects are modelled in groups of 2, 4, ... (a group looked up and evicted together).
pub const MAX_CACHE_OBJECTS: u64 = 1 << 22;

impl CacheLayout {
    pub fn ring_units(&self) -> u64 {
        self.regions * self.region_units
    }

    pub fn bighash_units(&self) -> u64 {
        self.buckets * self.bucket_units as u64
    }
}

impl CacheWorkload {
    /// The cache's space on a drive of `user_bytes`: its share, BigHash's whole buckets, then
    /// BlockCache's whole regions.
    pub fn layout(&self, user_bytes: u64) -> CacheLayout {
        let unit = MAPPING_UNIT_BYTES;
        let cache = (user_bytes as f64 * self.utilisation_percent.clamp(0.0, 100.0) / 100.0) as u64;
        let bucket = self.bucket_bytes.0.max(unit);
        let region = self.region_bytes.0.max(unit);
        let buckets = (cache as f64 * self.bighash_percent.clamp(0.0, 100.0) / 100.0) as u64 / bucket;
        let regions = cache.saturating_sub(buckets * bucket) / region;
        let ring = regions * region;
        let mut object = self.object_bytes.0.clamp(unit, region);
        let keys_of = |object: u64| (ring as f64 * self.working_set_percent.max(0.0) / 100.0 / object as f64).ceil() as u64;
        while object < region && (ring / object > MAX_CACHE_OBJECTS || keys_of(object) > MAX_CACHE_OBJECTS) {
            object = (object * 2).min(region);
        }
        CacheLayout {
            regions,
            region_units: region / unit,
            write_units: (self.write_bytes.0.max(unit) / unit) as u32,
            bighash_first: regions * (region / unit),
            buckets,
            bucket_units: (bucket / unit) as u32,
            objects_per_region: region / object,
            keys: keys_of(object).clamp(1, MAX_CACHE_OBJECTS),
            ram_keys: (user_bytes as f64 * self.ram_percent.clamp(0.0, 100.0) / 100.0 / object as f64) as u64,
        }
    }

    /// Bytes written in all.
    pub fn total_bytes(&self, user_bytes: u64) -> u64 {
        let bytes = (user_bytes as f64 * self.drive_writes.max(0.0)) as u64;
        (bytes / MAPPING_UNIT_BYTES).max(1) * MAPPING_UNIT_BYTES
    }
}

impl CacheWorkload {
    /// Each field's range, whole 4 KiB units, a device write that divides the region, and
    /// room on the drive for a bucket and a region where the writes need them.
    pub(crate) fn validate(&self, c: &Check, user_bytes: u64) -> Result<(), ScenarioError> {
        self.check_knobs(c)?;
        for (field, bytes) in
            [("bucket_bytes", self.bucket_bytes), ("region_bytes", self.region_bytes), ("write_bytes", self.write_bytes), ("object_bytes", self.object_bytes)]
        {
            c.aligned(field, bytes.0, MAPPING_UNIT_BYTES)?;
        }
        if !self.region_bytes.0.is_multiple_of(self.write_bytes.0) || self.write_bytes.0 > self.region_bytes.0 {
            let why = format!(
                "must divide the region ({}): a region is flushed in whole device writes (got {})",
                size_text(self.region_bytes.0 as f64),
                size_text(self.write_bytes.0 as f64)
            );
            return Err(c.fail("write_bytes", ErrorCode::OutOfRange, why));
        }
        if self.object_bytes.0 > self.region_bytes.0 {
            let why = format!(
                "must fit in a region ({}): BlockCache writes an object into one region (got {})",
                size_text(self.region_bytes.0 as f64),
                size_text(self.object_bytes.0 as f64)
            );
            return Err(c.fail("object_bytes", ErrorCode::OutOfRange, why));
        }
        let layout = self.layout(user_bytes);
        let cache = size_text(user_bytes as f64 * self.utilisation_percent / 100.0);
        if self.bighash_write_percent > 0.0 && layout.buckets == 0 {
            let why = format!(
                "leaves BigHash no bucket of {} in the cache's {cache}: raise it or set bighash_write_percent to 0",
                size_text(self.bucket_bytes.0 as f64)
            );
            return Err(c.fail("bighash_percent", ErrorCode::OutOfRange, why));
        }
        if self.bighash_write_percent < 100.0 && layout.regions < 2 {
            let why = format!(
                "leaves BlockCache fewer than 2 regions of {} in the cache's {cache}: raise utilisation_percent or lower region_bytes",
                size_text(self.region_bytes.0 as f64)
            );
            return Err(c.fail("utilisation_percent", ErrorCode::OutOfRange, why));
        }
        Ok(())
    }
}
