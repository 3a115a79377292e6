//! A 3D XPoint SSD (Intel Optane 900P, article 002): cells written in place, bit-addressable,
//! with no erase, no pages or blocks to fill, so no garbage collection and no write
//! amplification. What is left to model is the media's read and write times and the
//! controller's parallelism: every 4 KiB unit is striped across all channels (one die on each,
//! a "rank"), so a unit occupies one rank for one media operation and crosses all channels at
//! once.

use super::error::{Check, ScenarioError};
use crate::units::{Bytes, MAPPING_UNIT_BYTES};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// What stores the data, and so which parts of `device` apply.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum DeviceKind {
    /// NAND flash behind a flash translation layer: `nand`, `capacity`, `gc`, `wear`,
    /// `mapping` and `slc_cache` describe it.
    #[default]
    NandSsd,
    /// 3D XPoint written in place: `xpoint` describes it.
    XpointSsd,
    /// A hard disk: `hdd` describes it.
    Hdd,
    /// A cache tier in front of a backing tier: `tier` names their kinds and the policy.
    Hybrid,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[serde(default, deny_unknown_fields)]
#[ts(export)]
pub struct Xpoint {
    /// Capacity the host sees. In-place writes need no spare area for GC.
    pub capacity_bytes: Bytes,
    pub channels: u32,
    /// Dies on each channel: a 4 KiB unit uses one die per channel, so this many units are
    /// read or written at once.
    pub dies_per_channel: u32,
    /// Media time of one 4 KiB read and write on a rank of dies.
    pub read_us: f64,
    pub write_us: f64,
    /// Interface speed of each channel, MB/s (10^6 bytes per second).
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
        let c = Check::at("device.xpoint");
        c.knob("capacity_bytes", self.capacity_bytes.0 as f64)?;
        c.aligned("capacity_bytes", self.capacity_bytes.0, MAPPING_UNIT_BYTES)?;
        c.knob("channels", self.channels as f64)?;
        c.knob("dies_per_channel", self.dies_per_channel as f64)?;
        c.knob("read_us", self.read_us)?;
        c.knob("write_us", self.write_us)?;
        c.knob("channel_mb_per_s", self.channel_mb_per_s as f64)
    }

    /// Logical 4 KiB units the host can address.
    pub fn user_units(&self) -> u32 {
        (self.capacity_bytes.0 / MAPPING_UNIT_BYTES) as u32
    }
}
