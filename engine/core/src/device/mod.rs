//! The device seam: anything that serves host commands in simulated time. The run loop,
//! the metrics and the page drive a `DeviceModel` without caring which kind it is; each kind
//! brings its own media, knobs (`device.kind`), series and summary fields.
//!
//! An enum rather than a trait object: the run loop calls it once per command, and a match
//! the compiler can see through costs nothing on the NAND path.

mod footprint;
mod front_end;
pub mod hdd;
mod in_place;
mod memory;
pub mod nand;
mod run_frame;
mod serve;
mod state;
mod summary;
pub mod tier;
pub mod xpoint;
pub mod zns;

use crate::media::{Geometry, Layout};
use crate::metrics::{Cause, Chain, WindowCounters};
use crate::scenario::{Device, DeviceKind, ScenarioError};
use crate::units::Nanos;
pub use footprint::Footprint;
pub use hdd::{HardDisk, HddCounters, HddSummary};
pub use in_place::MediaSummary;
pub use memory::device_bytes;
pub use nand::{HandleSummary, NandBaseline, NandSsd, NandSummary, PlacementSummary};
pub use run_frame::RunFrame;
pub use serve::Serve;
pub use state::{DriveState, Probe};
pub use summary::{Baseline, DeviceSummary};
pub use tier::{HybridDrive, TierCounters, TierSummary};
pub use xpoint::{XpointCounters, XpointSsd};
pub use zns::{ZnsSummary, ZonedSsd};

// One per simulation, built once and never moved while it runs: the NAND drive's size is
// no cost, and boxing it would add a pointer chase to every command.
#[allow(clippy::large_enum_variant)]
pub enum DeviceModel {
    /// NAND flash behind an FTL (`nand.rs`).
    Nand(NandSsd),
    /// 3D XPoint written in place.
    Xpoint(XpointSsd),
    /// A hard disk.
    Hdd(HardDisk),
    /// A cache tier in front of a backing tier, two devices of their own.
    Hybrid(Box<HybridDrive<DeviceModel>>),
    /// NAND flash shown as zones (`device.zns`): no FTL, the host writes zones in order.
    Zoned(ZonedSsd),
}

impl DeviceModel {
    /// The device `device` describes, its media laid out as `layout` (`Device::layout`);
    /// `seed` is the scenario's, for the media's own random draws (NAND read retry).
    pub fn new(device: &Device, layout: Layout, seed: u64) -> Result<DeviceModel, ScenarioError> {
        DeviceModel::of_kind(device, device.kind, layout, seed)
    }

    /// A device of `kind` built from `device`'s part for it (a hybrid's tiers are built so).
    fn of_kind(device: &Device, kind: DeviceKind, layout: Layout, seed: u64) -> Result<DeviceModel, ScenarioError> {
        Ok(match kind {
            DeviceKind::NandSsd if device.zns.enabled => {
                DeviceModel::Zoned(ZonedSsd::new(device, layout.geometry.map_or_else(|| Geometry::new(device), Ok)?, seed))
            }
            DeviceKind::NandSsd => DeviceModel::Nand(NandSsd::new(device, layout.geometry.map_or_else(|| Geometry::new(device), Ok)?, seed)),
            DeviceKind::XpointSsd => DeviceModel::Xpoint(XpointSsd::new(device)),
            DeviceKind::Hdd => DeviceModel::Hdd(HardDisk::new(device)),
            DeviceKind::Hybrid => {
                let (cache, backing) =
                    (DeviceModel::of_kind(device, device.tier.cache, layout, seed)?, DeviceModel::of_kind(device, device.tier.backing, layout, seed)?);
                DeviceModel::Hybrid(Box::new(HybridDrive::new(device, cache, backing, layout.cache_bytes(device))))
            }
        })
    }

    /// The NAND drive, for what only it has (its FTL, block map, table caches): the device
    /// itself, or a hybrid's NAND tier.
    pub fn nand(&self) -> Option<&NandSsd> {
        match self {
            DeviceModel::Nand(d) => Some(d),
            DeviceModel::Hybrid(h) => h.backing.nand().or_else(|| h.cache.nand()),
            _ => None,
        }
    }

    pub fn nand_mut(&mut self) -> Option<&mut NandSsd> {
        match self {
            DeviceModel::Nand(d) => Some(d),
            DeviceModel::Hybrid(h) => {
                let h = &mut **h;
                match (&mut h.backing, &mut h.cache) {
                    (DeviceModel::Nand(d), _) | (_, DeviceModel::Nand(d)) => Some(d),
                    _ => None,
                }
            }
            _ => None,
        }
    }

    /// The NAND drive that holds the host's data (preconditioning fills it): the device
    /// itself or a hybrid's NAND backing tier, not a NAND cache.
    pub fn data_nand_mut(&mut self) -> Option<&mut NandSsd> {
        match self {
            DeviceModel::Nand(d) => Some(d),
            DeviceModel::Hybrid(h) => h.backing.data_nand_mut(),
            _ => None,
        }
    }

    /// The zoned drive, for what only it has (its zones).
    pub fn zoned(&self) -> Option<&ZonedSsd> {
        match self {
            DeviceModel::Zoned(z) => Some(z),
            _ => None,
        }
    }

    pub fn zoned_mut(&mut self) -> Option<&mut ZonedSsd> {
        match self {
            DeviceModel::Zoned(z) => Some(z),
            _ => None,
        }
    }

    /// The hybrid drive's tier, for what only it has.
    pub fn tier(&self) -> Option<&HybridDrive<DeviceModel>> {
        match self {
            DeviceModel::Hybrid(h) => Some(h),
            _ => None,
        }
    }

    /// Commands at `lbas` will come soon: start fetching what they will look up first (a
    /// NAND drive's map entries, and for `overwrites` the slots those point at). A hint;
    /// nothing observable changes.
    #[inline]
    pub fn prefetch(&self, lbas: &[u32], overwrites: bool) {
        if let DeviceModel::Nand(d) = self {
            if overwrites {
                d.ftl.warm_for_writes(lbas);
            } else if !lbas.is_empty() {
                d.ftl.prefetch(lbas);
            }
        }
    }

    /// Read `units` units at `lba`; `parts`, mark at `issue`, follow the command's time.
    #[inline(always)]
    pub fn read<C: Chain>(&mut self, issue: Nanos, lba: u32, units: u32, parts: &mut C) -> Nanos {
        match self {
            DeviceModel::Nand(d) => d.read(issue, lba, units, parts),
            DeviceModel::Xpoint(x) => x.read(issue, lba, units, parts),
            DeviceModel::Hdd(h) => h.read(issue, lba, units, parts),
            DeviceModel::Hybrid(h) => h.read(issue, lba, units, parts),
            DeviceModel::Zoned(z) => z.read(issue, lba, units, parts),
        }
    }

    /// Write `units` units at `lba`, each compressing to `sectors` where the device
    /// compresses.
    #[inline]
    pub fn write<C: Chain>(&mut self, issue: Nanos, lba: u32, units: u32, sectors: u32, parts: &mut C) -> Nanos {
        match self {
            DeviceModel::Nand(d) => d.write(issue, lba, units, sectors, parts),
            DeviceModel::Xpoint(x) => x.write(issue, lba, units, parts),
            DeviceModel::Hdd(h) => h.write(issue, lba, units, parts),
            DeviceModel::Hybrid(h) => h.write(issue, lba, units, sectors, parts),
            DeviceModel::Zoned(z) => z.write(issue, lba, units, parts),
        }
    }

    /// `write` of a command tagged with NVMe FDP's `placement` identifier: a NAND drive
    /// with FDP on places it by handle; every other device ignores the tag.
    #[inline]
    pub fn write_placed<C: Chain>(&mut self, issue: Nanos, lba: u32, units: u32, sectors: u32, placement: u16, parts: &mut C) -> Nanos {
        match self {
            DeviceModel::Nand(d) => d.write_placed(issue, lba, units, sectors, placement, parts),
            _ => self.write(issue, lba, units, sectors, parts),
        }
    }

    /// A flush arriving at `issue`: completes when every write before it is durable. A NAND
    /// drive's buffer is a volatile cache unless it has power-loss protection; 3D XPoint
    /// writes in place; a disk's and a zoned drive's flush are not modelled (the job's sync
    /// knobs say so), a hybrid flushes its tiers.
    pub fn flush<C: Chain>(&mut self, issue: Nanos, parts: &mut C) -> Nanos {
        match self {
            DeviceModel::Nand(d) => d.flush(issue, parts),
            DeviceModel::Hybrid(h) => {
                let cache = h.cache.flush(issue, parts);
                h.backing.flush(cache, parts)
            }
            DeviceModel::Xpoint(_) | DeviceModel::Hdd(_) | DeviceModel::Zoned(_) => issue,
        }
    }

    #[inline]
    pub fn trim(&mut self, issue: Nanos, lba: u32, units: u32) -> Nanos {
        match self {
            DeviceModel::Nand(d) => d.trim(issue, lba, units),
            DeviceModel::Xpoint(x) => x.trim(issue),
            DeviceModel::Hdd(h) => h.trim(issue),
            DeviceModel::Hybrid(h) => h.trim(issue, lba, units),
            DeviceModel::Zoned(z) => z.trim(issue, lba, units),
        }
    }

    /// The host is idle from `from` to `until`: background work may use the time, up to
    /// `max_ops` media operations (see `Serve::idle`).
    #[inline]
    pub fn idle(&mut self, from: Nanos, until: Nanos, max_ops: u64) {
        match self {
            DeviceModel::Nand(d) => d.idle(from, until, max_ops),
            DeviceModel::Hybrid(h) => h.idle(from, until, max_ops),
            // A zoned drive has no background work: the host cleans.
            DeviceModel::Xpoint(_) | DeviceModel::Hdd(_) | DeviceModel::Zoned(_) => {}
        }
    }

    /// Power off and on at `at`; returns when the device is ready again. Volatile caches
    /// are flushed and come back empty: a disk's DRAM, a hybrid's directory unless it
    /// persists. A NAND drive's mapping table is rebuilt from NAND as it is used, which
    /// this model does not charge.
    pub fn power_cycle(&mut self, at: Nanos) -> Nanos {
        match self {
            DeviceModel::Hdd(h) => h.power_cycle(at),
            DeviceModel::Hybrid(h) => {
                let flushed = h.power_cycle(at);
                let cache = h.cache.power_cycle(flushed);
                h.backing.power_cycle(flushed).max(cache)
            }
            DeviceModel::Nand(_) | DeviceModel::Xpoint(_) | DeviceModel::Zoned(_) => at,
        }
    }

    /// The SLC cache now: the data in it and its size, 4 KiB units; zeros without one.
    #[inline]
    pub fn slc_cache_units(&self) -> [u64; 2] {
        self.nand().map_or([0, 0], |d| {
            let (data, size) = d.ftl.slc_cache_units();
            [data, size]
        })
    }

    /// Per-block state for the block map; none for media without blocks.
    pub fn block_map(&self) -> Option<crate::ftl::BlockMap> {
        match self {
            DeviceModel::Zoned(z) => Some(z.block_map()),
            _ => self.nand().map(|d| d.ftl.block_map()),
        }
    }

    /// The latency causes this device books (a bit per `Cause`): what its commands' time
    /// can be made of; a flush's, if the workload `flushes` and the drive has a volatile cache.
    pub fn causes(&self, flushes: bool) -> u32 {
        use Cause::*;
        let bits = |causes: &[Cause]| causes.iter().fold(0u32, |m, &c| m | 1 << c as u32);
        let common = bits(&[Host, Firmware, QueueHost, Link, Other]);
        common
            | match self {
                DeviceModel::Nand(d) => {
                    let mut own = vec![MapDram, MapHmb, MapNand, Buffer, BehindProgram, BehindGc, BehindErase, BehindTable, MediaRead, MediaProgram, Channel];
                    own.extend(d.ftl.slc_cache_enabled().then_some(BehindFold));
                    own.extend(d.ftl.static_wear_levelling().then_some(BehindWearLevel));
                    own.extend(d.hw.reads_retry().then_some(ReadRetry));
                    own.extend(d.hw.suspension.is_some().then_some(Suspend));
                    own.extend((flushes && d.volatile_cache()).then_some(Flush));
                    bits(&own)
                }
                DeviceModel::Xpoint(_) => bits(&[MediaRead, MediaWrite, Channel]),
                DeviceModel::Zoned(z) => {
                    let mut own = vec![Buffer, BehindProgram, BehindErase, MediaRead, MediaProgram, Channel];
                    own.extend(z.hw.reads_retry().then_some(ReadRetry));
                    own.extend(z.hw.suspension.is_some().then_some(Suspend));
                    bits(&own)
                }
                DeviceModel::Hdd(_) => bits(&[Buffer, Seek, Rotation, Transfer]),
                DeviceModel::Hybrid(h) => h.cache.causes(flushes) | h.backing.causes(flushes) | bits(&[Buffer, Promotion]),
            }
    }

    /// Whether host commands' latency is booked by cause (`Simulation::with_causes`).
    pub fn book_causes(&mut self, on: bool) {
        match self {
            DeviceModel::Nand(d) => d.hw.books_causes = on,
            DeviceModel::Zoned(z) => z.hw.books_causes = on,
            DeviceModel::Hybrid(h) => {
                h.cache.book_causes(on);
                h.backing.book_causes(on);
            }
            DeviceModel::Xpoint(_) | DeviceModel::Hdd(_) => {}
        }
    }

    /// Sectors per 4 KiB slot of a compressing controller, 1 otherwise.
    pub fn sectors_per_slot(&self) -> u32 {
        self.nand().map_or(1, |d| d.ftl.sectors_per_slot())
    }

    /// What a hybrid's tier did, and the data its cache holds (4 KiB units); zeros otherwise.
    fn tier_counts(&self) -> [u64; 4] {
        self.tier().map_or([0; 4], |t| {
            let c = &t.counters;
            [c.read_hit_units, c.read_miss_units, c.promoted_units, t.cached_units()]
        })
    }

    /// The counters rates over time come from: the NAND's where it has NAND (a hybrid's
    /// NAND tier's lines, WAF, GC and table, are what reaches the NAND), and the tier's.
    pub fn window_counters(&self) -> WindowCounters {
        let mut counters = match self {
            DeviceModel::Nand(d) => d.window_counters(),
            DeviceModel::Xpoint(x) => x.window_counters(),
            DeviceModel::Hdd(h) => h.window_counters(),
            DeviceModel::Zoned(z) => z.window_counters(),
            DeviceModel::Hybrid(h) => h.backing.nand().map_or_else(|| h.cache.window_counters(), |_| h.backing.window_counters()),
        };
        counters.tier = self.tier_counts();
        counters
    }

    /// Media operations done so far (flash reads, programs and erases; XPoint and disk unit
    /// reads and writes, disk reads from its cache too): what the run's work ceiling bounds.
    pub fn media_ops(&self) -> u64 {
        match self {
            DeviceModel::Nand(d) => d.counters().flash_ops(),
            DeviceModel::Xpoint(x) => x.media_ops(),
            DeviceModel::Hdd(h) => h.media_ops(),
            DeviceModel::Zoned(z) => z.media_ops(),
            DeviceModel::Hybrid(h) => h.cache.media_ops() + h.backing.media_ops(),
        }
    }

    /// The counters a run's numbers count from (taken when its workload starts).
    pub fn baseline(&self) -> Baseline {
        Baseline {
            nand: self.nand().map_or_else(Default::default, NandSsd::baseline),
            tier: self.tier().map_or_else(Default::default, |t| t.counters),
            zns: self.zoned().map_or_else(Default::default, ZonedSsd::baseline),
        }
    }

    /// NVMe FDP's per-handle results since `since`: a NAND drive with FDP on only.
    pub fn placement_summary(&self, since: &Baseline) -> Option<PlacementSummary> {
        match self {
            DeviceModel::Nand(d) => d.placement_summary(&since.nand.fdp),
            _ => None,
        }
    }

    /// The summary sections this device contributes for the run since `since`.
    pub fn summary(&self, since: &Baseline, run: &RunFrame) -> DeviceSummary {
        let mut out = DeviceSummary::default();
        self.add_summary(since, run, &mut out);
        out
    }

    fn add_summary(&self, since: &Baseline, run: &RunFrame, out: &mut DeviceSummary) {
        match self {
            DeviceModel::Nand(d) => {
                out.write_amplification = d.write_amplification_since(&since.nand);
                out.nand = Some(d.summary(&since.nand, out.write_amplification, run));
            }
            DeviceModel::Xpoint(x) => out.add_media(x.summary(run.elapsed)),
            DeviceModel::Zoned(z) => {
                out.write_amplification = z.write_amplification_since(&since.zns);
                out.zns = Some(z.summary(&since.zns));
            }
            DeviceModel::Hdd(h) => {
                let (media, disk) = h.summary(run.elapsed);
                out.add_media(media);
                out.hdd = Some(disk);
            }
            DeviceModel::Hybrid(h) => {
                h.cache.add_summary(since, run, out);
                h.backing.add_summary(since, run, out);
                out.tier = Some(h.summary(&since.tier, run.scale));
            }
        }
    }
}

/// A hybrid drive serves its tiers through the seam, as the run loop serves the drive.
impl Serve for DeviceModel {
    fn read<C: Chain>(&mut self, issue: Nanos, lba: u32, units: u32, parts: &mut C) -> Nanos {
        DeviceModel::read(self, issue, lba, units, parts)
    }
    fn write<C: Chain>(&mut self, issue: Nanos, lba: u32, units: u32, sectors: u32, parts: &mut C) -> Nanos {
        DeviceModel::write(self, issue, lba, units, sectors, parts)
    }
    fn trim(&mut self, issue: Nanos, lba: u32, units: u32) -> Nanos {
        DeviceModel::trim(self, issue, lba, units)
    }
    fn idle(&mut self, from: Nanos, until: Nanos, max_ops: u64) {
        DeviceModel::idle(self, from, until, max_ops)
    }
    fn power_cycle(&mut self, at: Nanos) -> Nanos {
        DeviceModel::power_cycle(self, at)
    }
}
