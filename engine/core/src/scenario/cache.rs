//! A flash cache's writes, as CacheLib's two Navy engines make them (CacheLib's docs: "Small
//! Object Cache", "Large Object Cache", "FDP enabled cache"; Allison et al., EuroSys'25):
//!
//! - BigHash (the small object cache): a set-associative hash of fixed buckets, 4 KiB by
//!   default; an insert reads its bucket, and writes the whole bucket back. Its writes are
//!   4 KiB, uniformly random over its region (keys hash uniformly into buckets).
//! - BlockCache (the large object cache): the rest of the space cut into regions, 16 MiB by
//!   default; a region's buffer is flushed whole, and with FIFO eviction regions are
//!   reused in order, so the writes walk a ring of regions sequentially and a region's old
//!   contents all go invalid together. cachebench cuts device writes at 1 MiB
//!   (`deviceMaxWriteSize`).
//!
//! Public: BigHash took 4 % of the cache in CacheLib's FDP runs; the cache used 50 % or 100 %
//! of a 1.88 TB drive; with FDP each engine gets its own placement handle (Navy's FdpNvme
//! hands out handle indices from 1 up, 0 being the default). Inferred (not published): the
//! share of the bytes written that go to BigHash (an insert of a few hundred bytes rewrites a
//! 4 KiB bucket, so the 4 % region takes a far larger share of the writes; 50 % by default),
//! which engine got handle 1 (BigHash here) and how writes of the two interleave (here in
//! proportion, the engine behind its share writes next). Reads (lookups) are left out: they
//! do not move write amplification.
//!
//! Where the space is: BlockCache's ring from the drive's start, BigHash right after it (Navy
//! places BigHash at the end of its range), the rest of the drive never written. The run
//! starts by deallocating the whole drive, as CacheLib's FDP guide does (`nvme dsm`), so the
//! cache starts empty and the unused share is spare for the drive.

use super::error::{Check, ErrorCode, ScenarioError};
use super::gather::Knobs as _;
use super::knobs::{doc, kib, mib, Knobs};
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
    #[knob(doc("Region size", "BlockCache region, written whole and evicted whole in FIFO order (CacheLib: 16 MiB, up to 256 MiB)").range(mib(1.0), mib(256.0)))]
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
}

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
        CacheLayout {
            regions,
            region_units: region / unit,
            write_units: (self.write_bytes.0.max(unit) / unit) as u32,
            bighash_first: regions * (region / unit),
            buckets,
            bucket_units: (bucket / unit) as u32,
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
        for (field, bytes) in [("bucket_bytes", self.bucket_bytes), ("region_bytes", self.region_bytes), ("write_bytes", self.write_bytes)] {
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
