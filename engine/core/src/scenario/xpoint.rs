//! A 3D XPoint SSD (Intel Optane 900P, article 002): cells written in place, bit-addressable,
//! with no erase, no pages or blocks to fill, so no garbage collection and no write
//! amplification. What is left to model is the media's read and write times and the
//! controller's parallelism: every 4 KiB unit is striped across all channels (one die on each,
//! a "rank"), so a unit occupies one rank for one media operation and crosses all channels at
//! once.

use super::error::{Check, ScenarioError};
use super::knobs::{doc, gib, KnobValue, Knobs, XPOINT};
use crate::units::{Bytes, MAPPING_UNIT_BYTES};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// What stores the data, and so which parts of `device` apply.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, TS, KnobValue)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum DeviceKind {
    /// NAND flash behind a flash translation layer: `nand`, `capacity`, `gc`, `wear`,
    /// `mapping` and `slc_cache` describe it.
    #[default]
    #[option("NAND flash SSD")]
    NandSsd,
    /// 3D XPoint written in place: `xpoint` describes it.
    #[option("3D XPoint SSD")]
    XpointSsd,
    /// A hard disk: `hdd` describes it.
    #[option("Hard disk")]
    Hdd,
    /// A cache tier in front of a backing tier: `tier` names their kinds and the policy.
    #[option("Hybrid (cache + backing tier)")]
    Hybrid,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS, Knobs)]
#[serde(default, deny_unknown_fields)]
#[ts(export)]
#[knobs(group = "xpoint", devices = XPOINT)]
pub struct Xpoint {
    /// Capacity the host sees. In-place writes need no spare area for GC.
    #[knob(doc("Capacity", "Capacity the host sees; media written in place needs no spare area").range(gib(1.0), gib(8192.0)))]
    pub capacity_bytes: Bytes,
    #[knob(doc("Channels", "Every 4 KiB unit is striped across all channels, one die on each").range(1.0, 32.0))]
    pub channels: u32,
    /// Dies on each channel: a 4 KiB unit uses one die per channel, so this many units are
    /// read or written at once.
    #[knob(doc("Dies per channel", "Units read or written at once: each takes one die on every channel").range(1.0, 32.0))]
    pub dies_per_channel: u32,
    /// Media time of one 4 KiB read and write on a rank of dies.
    #[knob(doc("Read time", "Media time of a 4 KiB read; no page to sense, no read disturb").unit("µs").range(0.1, 1000.0))]
    pub read_us: f64,
    #[knob(doc("Write time", "Media time of a 4 KiB write in place: no erase, no program of a whole page").unit("µs").range(0.1, 1000.0))]
    pub write_us: f64,
    /// Interface speed of each channel, MB/s (10^6 bytes per second).
    #[knob(doc("Channel speed", "Transfer rate of each channel").unit("MB/s").range(10.0, 10_000.0))]
    pub channel_mb_per_s: u32,
}

impl Default for Xpoint {
    fn default() -> Self {
        // An Optane SSD 900P 280 GB-like drive: 7 channels of 3 dies (see its preset).
        Self { capacity_bytes: Bytes(280_000_000_000), channels: 7, dies_per_channel: 3, read_us: 4.0, write_us: 6.0, channel_mb_per_s: 360 }
    }
}

impl Xpoint {
    pub(crate) fn validate(&self) -> Result<(), ScenarioError> {
        Check::at("device.xpoint").aligned("capacity_bytes", self.capacity_bytes.0, MAPPING_UNIT_BYTES)
    }

    /// Logical 4 KiB units the host can address.
    pub fn user_units(&self) -> u32 {
        (self.capacity_bytes.0 / MAPPING_UNIT_BYTES) as u32
    }
}
