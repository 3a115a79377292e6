//! What a device described by a scenario holds: the capacity the host addresses, which for
//! NAND comes out of the geometry (raw capacity less over-provisioning).

use super::Geometry;
use crate::scenario::{Device, DeviceKind, ScenarioError};
use crate::units::MAPPING_UNIT_BYTES;

impl Device {
    /// Bytes the host can address: a hybrid drive's are its backing tier's.
    pub fn user_bytes(&self) -> Result<u64, ScenarioError> {
        let kind = if self.kind == DeviceKind::Hybrid { self.tier.backing } else { self.kind };
        self.user_bytes_of(kind)
    }

    /// Bytes a device of `kind` described by this `device` holds (a tier's capacity).
    pub fn user_bytes_of(&self, kind: DeviceKind) -> Result<u64, ScenarioError> {
        Ok(match kind {
            DeviceKind::NandSsd => Geometry::new(self)?.user_bytes(),
            DeviceKind::XpointSsd => self.xpoint.user_units() as u64 * MAPPING_UNIT_BYTES,
            DeviceKind::Hdd => self.hdd.user_units() as u64 * MAPPING_UNIT_BYTES,
            DeviceKind::Hybrid => self.user_bytes()?,
        })
    }
}
