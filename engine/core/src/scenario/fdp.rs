//! NVMe Flexible Data Placement (TP4146, ratified 2022; NVMe base specification 2.1): the
//! host tags each write with a placement identifier, and the drive writes it into the open
//! reclaim unit (RU) of the reclaim unit handle (RUH) that identifier selects, so data the
//! host knows will die together is not mixed with other data in one erase unit. The drive
//! still garbage-collects; placement only decides which data shares a block.
//!
//! In this engine a reclaim unit is a superblock, one erase block on every plane (the unit
//! FEMU's FDP mode and the drives CacheLib measured reclaim), and the whole drive is one
//! reclaim group: GC already works plane by plane, so it never mixes planes. A placement
//! identifier is the handle's index (0 is the default handle, the one untagged writes use).

use super::error::{Check, ErrorCode, ScenarioError};
use super::knobs::{doc, KnobValue, Knobs, NAND};
use super::Device;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// Handles a drive can have here. NVMe allows up to 128 per configuration, but every handle
/// keeps an open reclaim unit (a block on every plane; two with persistent isolation, for
/// its GC copies) as working blocks on top of the raw capacity, and shipping FDP SSDs
/// expose a handful (CacheLib uses one per cache engine, two or three). 16 keeps a small
/// scaled drive's planes able to hold every open unit; the block map keeps one byte a block.
pub const MAX_FDP_HANDLES: u32 = 16;

/// What GC may mix (NVMe FDP's reclaim unit handle types).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS, KnobValue)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum FdpIsolation {
    /// "Initially isolated": data is isolated as the host writes it, but GC may move valid
    /// data of different handles into one reclaim unit (one shared GC destination).
    #[option("Initially isolated (GC may mix handles)")]
    Initially,
    /// "Persistently isolated": GC moves a handle's valid data only into reclaim units of
    /// that same handle (a GC destination per handle).
    #[option("Persistently isolated (GC keeps handles apart)")]
    Persistently,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS, Knobs)]
#[serde(default, deny_unknown_fields)]
#[ts(export)]
#[knobs(group = "placement", devices = NAND)]
pub struct Fdp {
    /// Off: every write goes to the one host frontier (every drive before this knob).
    #[knob(doc(
        "Flexible Data Placement (FDP)",
        "NVMe FDP: writes tagged with a placement identifier go to that handle's own reclaim unit, so data that dies together shares erase blocks and GC copies less"
    ))]
    pub enabled: bool,
    /// Reclaim unit handles: open reclaim units the drive keeps, one per placement id.
    #[knob(doc(
        "Reclaim unit handles",
        "Placement ids the drive accepts, each with its own open reclaim unit (a superblock); each costs open blocks on top of the raw capacity. NVMe allows 128; shipping drives expose a handful"
    )
    .unit("handles")
    .range(1.0, 16.0)
    .when("enabled", "true"))]
    pub handles: u32,
    #[knob(doc(
        "Handle isolation",
        "Initially isolated: GC may copy valid data of different handles into one reclaim unit. Persistently isolated: GC keeps each handle's data in reclaim units of its own"
    )
    .when("enabled", "true"))]
    pub isolation: FdpIsolation,
}

impl Default for Fdp {
    fn default() -> Self {
        Self { enabled: false, handles: 1, isolation: FdpIsolation::Persistently }
    }
}

impl Fdp {
    /// Handles the FTL keeps: 1 without FDP (the one host frontier).
    pub fn active_handles(&self) -> u32 {
        if self.enabled {
            self.handles
        } else {
            1
        }
    }

    /// Open blocks per plane FDP adds to the firmware's working blocks: a host frontier per
    /// extra handle, and with persistent isolation a GC frontier per extra handle.
    pub fn extra_open_blocks(&self) -> u32 {
        let extra = self.active_handles() - 1;
        if self.enabled && self.isolation == FdpIsolation::Persistently {
            2 * extra
        } else {
            extra
        }
    }

    pub(crate) fn validate(&self, device: &Device) -> Result<(), ScenarioError> {
        let c = Check::at("device.fdp");
        c.within("handles", self.handles as u64, 1, MAX_FDP_HANDLES as u64, "handles (each keeps an open reclaim unit)")?;
        if !self.enabled {
            return Ok(());
        }
        if device.kind != super::DeviceKind::NandSsd {
            return Err(c.fail("enabled", ErrorCode::Inconsistent, "FDP is modelled on a NAND SSD (device.kind nand_ssd), not a hybrid's tier; turn it off"));
        }
        // Enterprise FDP drives write TLC natively, without an SLC cache; the cache's one
        // frontier and its folds would mix every handle's data and defeat the placement.
        if device.slc_cache.enabled() {
            return Err(c.fail(
                "enabled",
                ErrorCode::Inconsistent,
                "FDP with an SLC cache is not modelled (enterprise FDP drives have none); set device.slc_cache's sizes to 0 or turn FDP off",
            ));
        }
        if device.controller.compression {
            return Err(c.fail(
                "enabled",
                ErrorCode::Inconsistent,
                "FDP together with compression (device.controller.compression) is not modelled; turn one off",
            ));
        }
        Ok(())
    }
}
