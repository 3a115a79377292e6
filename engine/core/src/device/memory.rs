//! The heap a device takes, known before it is built: each kind states its own, so the run's
//! memory bound (`resolve/budget`) is exact where the device is and never a second model of it.

use super::footprint::Footprint;
use super::{HardDisk, NandSsd, XpointSsd, ZonedSsd};
use crate::media::Layout;
use crate::scenario::{DeviceKind, Scenario};

/// The heap of `s`'s device of `kind`, laid out as `layout`; a hybrid's is both tiers' and
/// its directory.
pub fn device_bytes(s: &Scenario, kind: DeviceKind, layout: Layout) -> Footprint {
    match kind {
        // A validated NAND device has its geometry.
        DeviceKind::NandSsd if s.device.zns.enabled => layout.geometry.map_or_else(Footprint::default, |geo| ZonedSsd::memory(s, &geo)),
        DeviceKind::NandSsd => layout.geometry.map_or_else(Footprint::default, |geo| NandSsd::memory(s, &geo)),
        DeviceKind::XpointSsd => XpointSsd::memory(s),
        DeviceKind::Hdd => HardDisk::memory(s),
        DeviceKind::Hybrid => {
            let t = &s.device.tier;
            let slots = layout.cache_bytes(&s.device) / crate::units::MAPPING_UNIT_BYTES;
            // Tag, last use, flags; history tag and count; a candidate and a dirty entry per slot.
            let directory = slots * (4 + 4 + 1 + 4 + 1 + 4 + 4) + 4096 * 16;
            device_bytes(s, t.backing, layout) + device_bytes(s, t.cache, layout) + Footprint::exact(directory)
        }
    }
}
