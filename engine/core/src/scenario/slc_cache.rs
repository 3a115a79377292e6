//! The SLC cache (article 001): part of a TLC/QLC drive's NAND run one bit per cell, where host
//! writes land fast, to be folded into native blocks later.
//!
//! Its size has two parts. The static part is SLC capacity the firmware keeps out of the
//! spare area at all times; each SLC byte costs bits-per-cell bytes of native capacity. The
//! dynamic part runs a share of the free native capacity (user capacity not holding data in
//! native blocks) as SLC, so it shrinks as the drive fills: a full drive has only the static
//! part. Once the cache is full the drive writes native blocks directly (`direct`) or folds
//! SLC data out before each write (`fold_first`); idle time folds the cache empty again.

use super::error::{Check, ErrorCode, ScenarioError};
use super::knobs::{doc, gib, inert_when, Inert, KnobValue, Knobs, NAND};

/// No SLC cache to size: SLC NAND is always in SLC mode, and a compressing
/// controller's SLC cache is not modelled (`validate` refuses one).
const NO_SLC_CACHE: &[Inert] = &[
    inert_when("device.nand.cell", "slc", "slc_nand", "SLC NAND always runs one bit per cell: there is no SLC cache to size"),
    inert_when(
        "device.controller.compression",
        "true",
        "slc_compression",
        "An SLC cache on a compressing controller is not modelled: turn compression off (Controller) to give this drive one",
    ),
    inert_when(
        "device.fdp.enabled",
        "true",
        "slc_fdp",
        "An FDP drive here writes its native cells only (enterprise FDP drives have no SLC cache): turn FDP off to give this drive one",
    ),
];
use super::CellType;
use super::Device;
use crate::units::Bytes;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// What host writes do once the SLC cache is full.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS, KnobValue)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum SlcWhenFull {
    /// Straight to native blocks; folding runs beside them at the pace the shrinking cache
    /// needs (the drive's free native space is what the dynamic part lives on).
    #[option("Write native blocks directly")]
    Direct,
    /// Every write still goes through SLC: when no room is left a die folds a batch of SLC
    /// blocks into native ones first, and the writes wait for it.
    #[option("Fold first, keep writing SLC")]
    FoldFirst,
}

/// How folding runs beside `direct` writes once the cache is full.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS, KnobValue)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum FoldSchedule {
    /// Every plane folds a little with every host write it takes, just as fast as the
    /// cache shrinks: the host's speed drops once and stays level.
    #[option("Paced (every plane, with each write)")]
    Paced,
    /// The firmware lets the data in SLC run past the cache's size by a batch, then one die
    /// folds the batch at once; with fixed striping every stripe waits for that die, so the
    /// speed dips while it folds and recovers after.
    #[option("Burst (one die, a batch at once)")]
    Burst,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS, Knobs)]
#[serde(default, deny_unknown_fields)]
#[ts(export)]
#[knobs(group = "slc_cache", devices = NAND)]
pub struct SlcCache {
    /// SLC capacity always there, carved out of the spare area.
    #[knob(doc("Static SLC cache", "SLC capacity always there, out of the spare area (each SLC byte costs bits-per-cell bytes of NAND)").range(0.0, gib(1024.0)))]
    pub static_bytes: Bytes,
    /// Share of the free native capacity run as SLC, percent: the dynamic part. With 0 and
    /// no static part the drive has no SLC cache.
    #[knob(doc("SLC cache ratio", "Share of the free native capacity run as SLC (1 bit per cell): the dynamic cache, which shrinks as the drive fills").unit("%").range(0.0, 100.0).slider().inert(NO_SLC_CACHE))]
    pub dynamic_percent: f64,
    #[knob(doc("When the cache is full", "Write native blocks directly, or fold SLC data out first and keep writing SLC"))]
    pub when_full: SlcWhenFull,
    #[knob(doc("Folding", "Paced: every plane folds a little with each write. Burst: one die folds a batch at once, and the writes waiting for it dip").when("when_full", "direct"))]
    pub fold_schedule: FoldSchedule,
    /// Data one die folds at once: a `burst`, or each time `fold_first` runs out of room.
    /// Full-size bytes (it shrinks with `scale`, as capacities do).
    #[knob(doc("Fold batch", "SLC data one die folds at once (a burst, or when fold-first needs room)").range(4096.0, gib(1024.0)))]
    pub fold_batch_bytes: Bytes,
    /// While the host is idle, fold the cache's data into native blocks so the next burst
    /// of writes finds it empty.
    #[knob(doc("Fold when idle", "Idle time folds the cache's data into native blocks, so it is empty for the next burst"))]
    pub idle_fold: bool,
}

impl Default for SlcCache {
    fn default() -> Self {
        Self {
            static_bytes: Bytes(0),
            dynamic_percent: 0.0,
            when_full: SlcWhenFull::Direct,
            fold_schedule: FoldSchedule::Paced,
            fold_batch_bytes: Bytes(crate::units::GIB),
            idle_fold: true,
        }
    }
}

impl SlcCache {
    /// True if the drive has an SLC cache at all.
    pub fn enabled(&self) -> bool {
        self.static_bytes.0 > 0 || self.dynamic_percent > 0.0
    }

    pub(crate) fn validate(&self, device: &Device) -> Result<(), ScenarioError> {
        let c = Check::at("device.slc_cache");
        if !self.enabled() {
            return Ok(());
        }
        let field = if self.dynamic_percent > 0.0 { "dynamic_percent" } else { "static_bytes" };
        if device.nand.cell == CellType::Slc {
            return Err(c.fail(field, ErrorCode::Inconsistent, "needs a multi-bit cell (MLC, TLC or QLC): SLC NAND is always in SLC mode; set it to 0"));
        }
        if device.controller.compression {
            return Err(c.fail(
                field,
                ErrorCode::Inconsistent,
                "an SLC cache together with compression (device.controller.compression) is not modelled; set it to 0 or turn compression off",
            ));
        }
        Ok(())
    }
}
