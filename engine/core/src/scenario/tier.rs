//! A hybrid drive (`device.kind` `hybrid`): a small fast cache tier in front of a large
//! backing tier, and the policy that decides what the cache holds. Article 001's Optane H10
//! puts 32 GB of 3D XPoint in front of a QLC SSD (writes land on XPoint first, reads are
//! promoted as they miss); article 004's Momentus XT puts 4 GB of SLC NAND in front of a
//! hard disk (writes go to the platters, blocks read often are copied to NAND while the
//! drive is idle).
//!
//! Each tier is described by the part of `device` its kind owns (`xpoint`, `nand` with its
//! capacity and FTL, `hdd`), so the two tiers must be of different kinds; the controller and
//! the host link are the drive's, shared.

use super::error::{Check, ErrorCode, ScenarioError};
use super::DeviceKind;
use crate::units::{Bytes, MAPPING_UNIT_BYTES};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// Where host writes go.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum WritePolicy {
    /// Into the cache; the backing tier gets them later, in idle time or when evicted.
    WriteBack,
    /// Past the cache to the backing tier; a cached copy of what was written is dropped.
    WriteAround,
}

/// When a block read from the backing tier is copied into the cache.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum Promotion {
    /// Right after the read that makes it `promote_after_reads`.
    OnAccess,
    /// Only once the host has been idle for `idle_after_ms`: blocks read at least
    /// `promote_after_reads` times are copied then.
    Idle,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[serde(default, deny_unknown_fields)]
#[ts(export)]
pub struct Tier {
    /// The cache's media: `xpoint_ssd` (described by `device.xpoint`) or `nand_ssd`
    /// (`device.nand`, `device.capacity` and the FTL's parts). Its capacity is the cache's.
    pub cache: DeviceKind,
    /// What the host's data lives on: `nand_ssd` or `hdd` (`device.hdd`). Its capacity is
    /// what the host sees.
    pub backing: DeviceKind,
    pub write_policy: WritePolicy,
    pub promotion: Promotion,
    /// Reads of a block (4 KiB) before it is promoted: 1 promotes on the first miss.
    pub promote_after_reads: u32,
    /// Idle time before background work (idle promotion, writing dirty data back) starts, ms.
    pub idle_after_ms: f64,
    /// Reads at least this long are served without counting toward promotion: long
    /// sequential transfers, which the backing tier streams well; 0 = no limit.
    pub read_bypass_bytes: Bytes,
    /// Pinned range: blocks here are promoted on their first read and never evicted by
    /// other data (Intel RST's "pinning"). `pin_bytes` 0 pins nothing.
    pub pin_offset: Bytes,
    pub pin_bytes: Bytes,
    /// Firmware time a cache hit takes before the cache media is read: finding the block
    /// in the cache's directory and routing the command to the cache.
    pub hit_latency_us: f64,
    /// The cache's directory survives a power cycle (the cache media is non-volatile and
    /// the directory is saved with it); off, the cache starts empty after one.
    pub persistent: bool,
}

impl Default for Tier {
    fn default() -> Self {
        Self {
            cache: DeviceKind::XpointSsd,
            backing: DeviceKind::NandSsd,
            write_policy: WritePolicy::WriteBack,
            promotion: Promotion::OnAccess,
            promote_after_reads: 1,
            idle_after_ms: 100.0,
            read_bypass_bytes: Bytes(0),
            pin_offset: Bytes(0),
            pin_bytes: Bytes(0),
            hit_latency_us: 0.0,
            persistent: true,
        }
    }
}

impl Tier {
    /// Checks the policy; `device` validates each tier's own part.
    pub(crate) fn validate(&self, user_bytes: u64) -> Result<(), ScenarioError> {
        let c = Check::at("device.tier");
        c.choice("cache", &self.cache)?;
        c.choice("backing", &self.backing)?;
        if self.cache == self.backing {
            return Err(c.fail(
                "backing",
                ErrorCode::Inconsistent,
                "must differ from device.tier.cache: each tier is described by its own part of device (xpoint, nand or hdd)",
            ));
        }
        c.choice("write_policy", &self.write_policy)?;
        c.choice("promotion", &self.promotion)?;
        c.knob("promote_after_reads", self.promote_after_reads as f64)?;
        c.knob("idle_after_ms", self.idle_after_ms)?;
        c.knob("read_bypass_bytes", self.read_bypass_bytes.0 as f64)?;
        c.aligned("read_bypass_bytes", self.read_bypass_bytes.0, MAPPING_UNIT_BYTES)?;
        c.knob("hit_latency_us", self.hit_latency_us)?;
        c.aligned("pin_offset", self.pin_offset.0, MAPPING_UNIT_BYTES)?;
        c.aligned("pin_bytes", self.pin_bytes.0, MAPPING_UNIT_BYTES)?;
        if self.pin_offset.0 > user_bytes {
            let why = "bytes (within the drive's capacity)";
            c.within("pin_offset", self.pin_offset.0, 0, user_bytes, why)?;
        }
        let room = user_bytes - self.pin_offset.0;
        c.within("pin_bytes", self.pin_bytes.0, 0, room, "bytes (from pin_offset to the end of the drive)")
    }

    /// The pinned range in 4 KiB units, `start..end`.
    pub fn pinned_units(&self) -> std::ops::Range<u32> {
        let start = (self.pin_offset.0 / MAPPING_UNIT_BYTES) as u32;
        start..start + (self.pin_bytes.0 / MAPPING_UNIT_BYTES) as u32
    }
}
