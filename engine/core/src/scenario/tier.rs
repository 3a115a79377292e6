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
use super::knobs::{doc, mib, KnobValue, Knobs, HYBRID};
use super::DeviceKind;
use crate::units::{Bytes, MAPPING_UNIT_BYTES};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// Where host writes go.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS, KnobValue)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum WritePolicy {
    /// Into the cache; the backing tier gets them later, in idle time or when evicted.
    #[option("Write-back (into the cache first)")]
    WriteBack,
    /// Past the cache to the backing tier; a cached copy of what was written is dropped.
    #[option("Write-around (past the cache)")]
    WriteAround,
}

/// When a block read from the backing tier is copied into the cache.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS, KnobValue)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum Promotion {
    /// Right after the read that makes it `promote_after_reads`.
    #[option("On access (right after the read)")]
    OnAccess,
    /// Only once the host has been idle for `idle_after_ms`: blocks read at least
    /// `promote_after_reads` times are copied then.
    #[option("When the drive is idle")]
    Idle,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS, Knobs)]
#[serde(default, deny_unknown_fields)]
#[ts(export)]
#[knobs(group = "tier", devices = HYBRID)]
pub struct Tier {
    /// The cache's media: `xpoint_ssd` (described by `device.xpoint`) or `nand_ssd`
    /// (`device.nand`, `device.capacity` and the FTL's parts). Its capacity is the cache's.
    #[knob(doc("Cache tier", "The small fast media in front: 3D XPoint (its part below) or NAND flash (the NAND parts)").options(&["xpoint_ssd", "nand_ssd"]).labels(&["3D XPoint", "NAND flash"]))]
    pub cache: DeviceKind,
    /// What the host's data lives on: `nand_ssd` or `hdd` (`device.hdd`). Its capacity is
    /// what the host sees.
    #[knob(doc("Backing tier", "Where the data lives: a NAND SSD or a hard disk; its capacity is what the host sees").options(&["nand_ssd", "hdd"]))]
    pub backing: DeviceKind,
    #[knob(doc("Writes", "Write-back: into the cache, to the backing tier later; write-around: straight to the backing tier"))]
    pub write_policy: WritePolicy,
    #[knob(doc("Read promotion", "Copy blocks read into the cache right after the read, or only while the drive is idle"))]
    pub promotion: Promotion,
    /// Reads of a block (4 KiB) before it is promoted: 1 promotes on the first miss.
    #[knob(doc("Reads before promotion", "A 4 KiB block is copied into the cache once read this many times").range(1.0, 255.0))]
    pub promote_after_reads: u32,
    /// Idle time before background work (idle promotion, writing dirty data back) starts, ms.
    #[knob(doc("Idle before background work", "Idle promotion and writing dirty data back start once the host has been idle this long").unit("ms").range(0.0, 60_000.0))]
    pub idle_after_ms: f64,
    /// Reads at least this long are served without counting toward promotion: long
    /// sequential transfers, which the backing tier streams well; 0 = no limit.
    #[knob(doc("Read bypass size", "Reads at least this long do not count toward promotion (long streams); 0 = none").range(0.0, mib(64.0)))]
    pub read_bypass_bytes: Bytes,
    /// Pinned range: blocks here are promoted on their first read and never evicted by
    /// other data (Intel RST's "pinning"). `pin_bytes` 0 pins nothing.
    #[knob(doc("Pinned range start", "Blocks in the pinned range are cached on their first read and never evicted"))]
    pub pin_offset: Bytes,
    #[knob(doc("Pinned range length", "0 pins nothing"))]
    pub pin_bytes: Bytes,
    /// Firmware time a cache hit takes before the cache media is read: finding the block
    /// in the cache's directory and routing the command to the cache.
    #[knob(doc("Hit latency", "Firmware time to find a block in the cache and route the read to the cache media").unit("µs").range(0.0, 100_000.0))]
    pub hit_latency_us: f64,
    /// The cache's directory survives a power cycle (the cache media is non-volatile and
    /// the directory is saved with it); off, the cache starts empty after one.
    #[knob(doc("Cache survives power-off", "The cache and its directory are kept across a power cycle; off, it starts empty"))]
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
        if self.cache == self.backing {
            return Err(c.fail(
                "backing",
                ErrorCode::Inconsistent,
                "must differ from device.tier.cache: each tier is described by its own part of device (xpoint, nand or hdd)",
            ));
        }
        c.aligned("read_bypass_bytes", self.read_bypass_bytes.0, MAPPING_UNIT_BYTES)?;
        c.aligned("pin_offset", self.pin_offset.0, MAPPING_UNIT_BYTES)?;
        c.aligned("pin_bytes", self.pin_bytes.0, MAPPING_UNIT_BYTES)?;
        if self.pin_offset.0 > user_bytes {
            let why = "(within the drive's capacity)";
            c.within_size("pin_offset", self.pin_offset.0, 0, user_bytes, why)?;
        }
        let room = user_bytes - self.pin_offset.0;
        c.within_size("pin_bytes", self.pin_bytes.0, 0, room, "(from pin_offset to the end of the drive)")
    }

    /// The pinned range in 4 KiB units, `start..end`.
    pub fn pinned_units(&self) -> std::ops::Range<u32> {
        let start = (self.pin_offset.0 / MAPPING_UNIT_BYTES) as u32;
        start..start + (self.pin_bytes.0 / MAPPING_UNIT_BYTES) as u32
    }
}
