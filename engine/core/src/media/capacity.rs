//! What a device described by a scenario holds: the capacity the host addresses, which for
//! NAND comes out of the geometry (raw capacity less over-provisioning). `Layout` works it
//! out once, with the geometry, for everything a run derives from them.

use super::Geometry;
use crate::scenario::{Device, DeviceKind, ScenarioError};
use crate::units::MAPPING_UNIT_BYTES;

/// A device's media, laid out: its NAND geometry when one of its media is NAND, and the
/// bytes the host addresses (a hybrid's are its backing tier's).
#[derive(Clone, Copy, Debug)]
pub struct Layout {
    pub geometry: Option<Geometry>,
    pub user_bytes: u64,
}

impl Layout {
    /// Bytes a medium of `kind` of this device holds (a hybrid tier's capacity).
    pub fn bytes_of(&self, device: &Device, kind: DeviceKind) -> u64 {
        match kind {
            // A zoned drive's LBAs are its zones': zones × zone size.
            DeviceKind::NandSsd if device.zns.enabled => self.geometry.map_or(0, |g| super::ZoneLayout::of(device, &g).user_units() * MAPPING_UNIT_BYTES),
            DeviceKind::NandSsd => self.geometry.map_or(0, |g| g.user_bytes()),
            DeviceKind::XpointSsd => device.xpoint.user_units() as u64 * MAPPING_UNIT_BYTES,
            DeviceKind::Hdd => device.hdd.user_units() as u64 * MAPPING_UNIT_BYTES,
            DeviceKind::Hybrid => self.user_bytes,
        }
    }

    /// Bytes a hybrid's cache tier can hold of the host's data: its own capacity, but never
    /// more than the backing tier's, whose every block it could then hold. A cache tier left
    /// at its default (a 280 GB XPoint drive) in front of a small backing drive would
    /// otherwise size its directory for blocks that cannot exist (1.4 GiB in front of 16 GiB).
    pub fn cache_bytes(&self, device: &Device) -> u64 {
        self.bytes_of(device, device.tier.cache).min(self.user_bytes)
    }
}

impl Device {
    /// The device's media laid out: the geometry built once, if it has NAND.
    pub fn layout(&self) -> Result<Layout, ScenarioError> {
        let geometry = if self.media_kinds().contains(&DeviceKind::NandSsd) { Some(Geometry::new(self)?) } else { None };
        let mut layout = Layout { geometry, user_bytes: 0 };
        let kind = if self.kind == DeviceKind::Hybrid { self.tier.backing } else { self.kind };
        layout.user_bytes = layout.bytes_of(self, kind);
        Ok(layout)
    }

    /// Bytes the host can address: a hybrid drive's are its backing tier's.
    pub fn user_bytes(&self) -> Result<u64, ScenarioError> {
        Ok(self.layout()?.user_bytes)
    }
}
