//! How a zoned drive's flash divides into zones (NVMe ZNS): what the capacity a scenario
//! describes comes to, and what the zoned drive (`device::zns`) and the host's store lay out.

use super::Geometry;
use crate::scenario::Device;

/// How a drive's flash divides into zones.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ZoneLayout {
    pub zones: u32,
    /// Zone size: the LBAs a zone spans, 4 KiB units.
    pub zone_units: u32,
    /// Zone capacity: the units of it the host can write.
    pub capacity_units: u32,
    /// Erase blocks per plane in a zone.
    pub zone_blocks: u32,
}

impl ZoneLayout {
    /// The zones `device.zns` asks for on `geo`'s flash: every raw block of every plane
    /// (the firmware's working blocks are a block drive's GC reserve; a zoned drive has no
    /// GC). Capacity rounds down to whole program stripes across the planes, at least one.
    pub fn of(device: &Device, geo: &Geometry) -> ZoneLayout {
        let z = &device.zns;
        let zone_blocks = z.zone_blocks.max(1);
        let zones = (device.nand.blocks_per_plane / zone_blocks).max(1);
        let zone_units = zone_blocks * geo.planes * geo.slots_per_block;
        let stripe = geo.planes * geo.pages_per_program * geo.slots_per_page;
        let wanted = (zone_units as f64 * z.zone_capacity_percent.clamp(0.0, 100.0) / 100.0) as u32;
        let capacity_units = (wanted / stripe * stripe).clamp(stripe, zone_units);
        ZoneLayout { zones, zone_units, capacity_units, zone_blocks }
    }

    /// The LBAs the host addresses: zones × zone size.
    pub fn user_units(&self) -> u64 {
        self.zones as u64 * self.zone_units as u64
    }

    /// What the zones can hold: zones × zone capacity.
    pub fn writable_units(&self) -> u64 {
        self.zones as u64 * self.capacity_units as u64
    }
}

/// What a host command does to a zone (NVMe ZNS command set): a Zone Append, which names
/// the zone and lets the drive pick the LBA at its write pointer, or one of Zone Management
/// Send's actions on a whole zone. `None` for every other command (reads, writes, TRIMs).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ZoneAction {
    #[default]
    None,
    Append,
    Open,
    Close,
    Finish,
    Reset,
}
