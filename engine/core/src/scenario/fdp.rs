//! NVMe Flexible Data Placement (TP4146, ratified 2022; NVMe base specification 2.1): the
//! host tags each write with a placement identifier, and the drive writes it into the open
//! reclaim unit (RU) of the reclaim unit handle (RUH) that identifier selects, so data the
//! host knows will die together is not mixed with other data in one erase unit. The drive
//! still garbage-collects; placement only decides which data shares a block.
//!
//! Reclaim groups (RGs) split the drive's dies into equal sets; a reclaim unit is one erase
//! block on every plane of its group (with one group, the default, a superblock: the unit
//! FEMU's FDP mode and the drives CacheLib measured reclaim). Each handle has an open unit
//! in every group, and GC, which already works plane by plane, keeps a victim's copies on
//! its plane and so in its group. A unit's size follows from the groups: GC here reclaims
//! block by block, so a unit of more blocks per plane would change only a count (see
//! docs/placement.md).
//!
//! A placement identifier is, as fio's `plids` are, an index into the drive's list of
//! (group, handle) pairs (NVMe's reclaim unit handle status, group by group): id i is
//! handle i mod `handles` in group i / `handles`; with one group, the handle's index. Id 0
//! is also "no directive" here (a command's 0), and untagged writes take handle 0 in a group
//! the controller picks: the next one round robin.

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

/// Reclaim groups a drive can have here. NVMe allows up to 65535 (the placement identifier
/// gives them its upper bits); drives group whole dies, and a scaled drive here has a few
/// dozen dies at most. The per-group counters are fixed arrays of this size.
pub const MAX_FDP_GROUPS: u32 = 32;

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
    /// Reclaim groups: the dies split into this many equal sets, each with its own reclaim
    /// units (one block on every plane of the group).
    #[knob(doc(
        "Reclaim groups",
        "The drive's dies split into equal groups; a reclaim unit is a block on every plane of its group, each handle keeps an open unit in every group and GC copies stay in the victim's group. A placement id i names handle i mod handles in group i / handles, so a host can keep tenants on separate dies; untagged writes rotate over the groups. Must divide the die count"
    )
    .unit("groups")
    .range(1.0, 32.0)
    .when("enabled", "true"))]
    pub reclaim_groups: u32,
}

impl Default for Fdp {
    fn default() -> Self {
        Self { enabled: false, handles: 1, isolation: FdpIsolation::Persistently, reclaim_groups: 1 }
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

    /// Reclaim groups the FTL keeps: 1 without FDP.
    pub fn active_groups(&self) -> u32 {
        if self.enabled {
            self.reclaim_groups
        } else {
            1
        }
    }

    /// Placement identifiers the drive accepts: a (group, handle) pair each.
    pub fn placement_ids(&self) -> u32 {
        self.active_handles() * self.active_groups()
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
        c.within("reclaim_groups", self.reclaim_groups as u64, 1, MAX_FDP_GROUPS as u64, "reclaim groups")?;
        if !self.enabled {
            return Ok(());
        }
        // Groups are sets of whole dies, as drives group them (a die's planes share its
        // operations, so a plane cannot belong to another group than its die).
        let dies = device.nand.channels.saturating_mul(device.nand.dies_per_channel);
        if !dies.is_multiple_of(self.reclaim_groups) {
            let allowed: Vec<String> = (1..=MAX_FDP_GROUPS.min(dies)).filter(|&g| dies.is_multiple_of(g)).map(|g| g.to_string()).collect();
            return Err(c.fail(
                "reclaim_groups",
                ErrorCode::OutOfRange,
                format!("must divide the drive's {dies} dies into equal groups: one of {} (got {})", allowed.join(", "), self.reclaim_groups),
            ));
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
