//! The device seam: anything that serves host commands in simulated time. The run loop,
//! the metrics and the page drive a `DeviceModel` without caring which kind it is; each kind
//! brings its own media, knobs (`device.kind`), series and summary fields.
//!
//! An enum rather than a trait object: the run loop calls it once per command, and a match
//! the compiler can see through costs nothing on the NAND path.

pub mod hdd;
pub mod xpoint;

use crate::controller::Drive;
use crate::media::Geometry;
use crate::metrics::{NandWrites, WindowCounters};
use crate::scenario::{Device, DeviceKind, ScenarioError};
use crate::units::Nanos;
pub use hdd::{HardDisk, HddCounters};
pub use xpoint::{XpointCounters, XpointSsd};

// One per simulation, built once and never moved while it runs: the NAND drive's size is
// no cost, and boxing it would add a pointer chase to every command.
#[allow(clippy::large_enum_variant)]
pub enum DeviceModel {
    /// NAND flash behind an FTL (`controller::Drive`).
    Nand(Drive),
    /// 3D XPoint written in place.
    Xpoint(XpointSsd),
    /// A hard disk.
    Hdd(HardDisk),
}

impl DeviceModel {
    pub fn new(device: &Device) -> Result<DeviceModel, ScenarioError> {
        Ok(match device.kind {
            DeviceKind::NandSsd => DeviceModel::Nand(Drive::new(device, Geometry::new(device)?)),
            DeviceKind::XpointSsd => DeviceModel::Xpoint(XpointSsd::new(device)),
            DeviceKind::Hdd => DeviceModel::Hdd(HardDisk::new(device)),
        })
    }

    /// The NAND drive, for what only it has (its FTL, block map, table caches).
    pub fn nand(&self) -> Option<&Drive> {
        match self {
            DeviceModel::Nand(d) => Some(d),
            _ => None,
        }
    }

    pub fn nand_mut(&mut self) -> Option<&mut Drive> {
        match self {
            DeviceModel::Nand(d) => Some(d),
            _ => None,
        }
    }

    #[inline]
    pub fn read(&mut self, issue: Nanos, lba: u32, units: u32) -> Nanos {
        match self {
            DeviceModel::Nand(d) => d.read(issue, lba, units),
            DeviceModel::Xpoint(x) => x.read(issue, lba, units),
            DeviceModel::Hdd(h) => h.read(issue, lba, units),
        }
    }

    /// Write `units` units at `lba`, each compressing to `sectors` where the device
    /// compresses.
    #[inline]
    pub fn write(&mut self, issue: Nanos, lba: u32, units: u32, sectors: u32) -> Nanos {
        match self {
            DeviceModel::Nand(d) => d.write(issue, lba, units, sectors),
            DeviceModel::Xpoint(x) => x.write(issue, lba, units),
            DeviceModel::Hdd(h) => h.write(issue, lba, units),
        }
    }

    #[inline]
    pub fn trim(&mut self, issue: Nanos, lba: u32, units: u32) -> Nanos {
        match self {
            DeviceModel::Nand(d) => d.trim(issue, lba, units),
            DeviceModel::Xpoint(x) => x.trim(issue),
            DeviceModel::Hdd(h) => h.trim(issue),
        }
    }

    /// The host is idle from `from` to `until`: background work may use the time.
    #[inline]
    pub fn idle(&mut self, from: Nanos, until: Nanos) {
        if let DeviceModel::Nand(d) = self {
            d.idle(from, until);
        }
    }

    /// Sectors per 4 KiB slot of a compressing controller, 1 otherwise.
    pub fn sectors_per_slot(&self) -> u32 {
        self.nand().map_or(1, |d| d.ftl.sectors_per_slot())
    }

    /// The counters rates over time come from. Media written in place writes what the host
    /// wrote, once: its write counters are the host's.
    pub fn window_counters(&self) -> WindowCounters {
        match self {
            DeviceModel::Nand(drive) => {
                let ftl = drive.ftl.counters();
                let (slc_data, slc_size) = drive.ftl.slc_cache_units();
                WindowCounters {
                    writes: drive.nand_writes(),
                    gc_units: ftl.gc_units_moved,
                    folded_units: ftl.units_folded,
                    lookups: drive.mapping_counters().lookups,
                    slc_units: [slc_data, slc_size],
                }
            }
            DeviceModel::Xpoint(XpointSsd { counters: XpointCounters { unit_writes: units, .. }, .. })
            | DeviceModel::Hdd(HardDisk { counters: HddCounters { unit_writes: units, .. }, .. }) => {
                let units = *units;
                WindowCounters { writes: NandWrites { host_units: units, data_sectors: units, translation_pages: 0 }, ..Default::default() }
            }
        }
    }

    /// Media operations done so far (flash reads, programs and erases; XPoint and disk unit
    /// reads and writes, disk reads from its cache too): what the budget bounds.
    pub fn media_ops(&self) -> u64 {
        match self {
            DeviceModel::Nand(d) => d.counters().flash_ops(),
            DeviceModel::Xpoint(x) => x.counters.unit_reads + x.counters.unit_writes,
            DeviceModel::Hdd(h) => h.counters.unit_reads + h.counters.unit_writes + h.counters.cache_read_units,
        }
    }
}
