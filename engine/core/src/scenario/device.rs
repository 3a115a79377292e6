//! The device half of a scenario: what kind of device, its media (NAND with its capacity,
//! GC, wear levelling, mapping table and SLC cache; or 3D XPoint), controller and host link.

use super::error::{Check, ScenarioError};
use super::DeviceKind;
use crate::units::Bytes;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[serde(default, deny_unknown_fields)]
#[ts(export)]
#[derive(Default)]
pub struct Device {
    pub kind: super::DeviceKind,
    pub nand: Nand,
    pub capacity: Capacity,
    pub controller: Controller,
    pub host_interface: HostInterface,
    pub gc: Gc,
    pub wear: Wear,
    pub mapping: super::Mapping,
    pub slc_cache: super::SlcCache,
    pub xpoint: super::Xpoint,
    pub hdd: super::Hdd,
    /// A hybrid drive's two tiers and its caching policy (`kind` hybrid).
    pub tier: super::Tier,
}

/// Bits per cell: more bits, denser and cheaper NAND, slower and less durable. The timings and
/// endurance each type means are `media::NandTiming::native`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "lowercase")]
#[ts(export)]
pub enum CellType {
    Slc,
    Mlc,
    Tlc,
    Qlc,
}

impl CellType {
    pub fn bits_per_cell(self) -> u32 {
        match self {
            CellType::Slc => 1,
            CellType::Mlc => 2,
            CellType::Tlc => 3,
            CellType::Qlc => 4,
        }
    }
}

/// NAND geometry. Dies are numbered channel-first, so consecutive dies sit on different
/// channels, the way controllers stripe.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[serde(default, deny_unknown_fields)]
#[ts(export)]
pub struct Nand {
    pub cell: CellType,
    pub channels: u32,
    pub dies_per_channel: u32,
    pub planes_per_die: u32,
    pub blocks_per_plane: u32,
    pub pages_per_block: u32,
    pub page_bytes: u32,
    /// NAND interface speed per channel (ONFI / Toggle), MB/s (10^6 bytes per second).
    pub channel_mb_per_s: u32,
    /// Optional overrides of the cell type's datasheet timings.
    pub timing: Option<TimingOverride>,
    /// 3D NAND programs every page of a wordline (2 for MLC, 3 for TLC, 4 for QLC) in one
    /// operation; off, pages program one at a time (planar NAND's two-pass programming).
    pub one_shot: bool,
    /// Multi-plane operations: a die's planes read, program and erase at the same time
    /// (independent plane reads). Off, a die does one operation at a time.
    pub multi_plane: bool,
    /// Cache read and cache program: a plane's data register lets the next array operation
    /// start while the last page's data still crosses the channel. Off, the plane waits for
    /// its own transfers.
    pub cache_ops: bool,
}

impl Default for Nand {
    fn default() -> Self {
        // A small 3D TLC drive: 4 channels x 2 dies x 2 planes, 16 KiB pages, 256 pages
        // (4 MiB) per block, 256 blocks per plane: 16 GiB of NAND.
        Self {
            cell: CellType::Tlc,
            channels: 4,
            dies_per_channel: 2,
            planes_per_die: 2,
            blocks_per_plane: 256,
            pages_per_block: 256,
            page_bytes: 16384,
            channel_mb_per_s: 800,
            timing: None,
            one_shot: true,
            multi_plane: true,
            cache_ops: true,
        }
    }
}

/// Per-drive overrides of read / program / erase times, in microseconds.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, TS)]
#[serde(default, deny_unknown_fields)]
#[ts(export)]
pub struct TimingOverride {
    pub read_us: Option<f64>,
    /// One program operation: a whole wordline when one-shot.
    pub program_us: Option<f64>,
    pub erase_us: Option<f64>,
    /// The same block run one bit per cell (SLC cache, translation table).
    pub slc_read_us: Option<f64>,
    pub slc_program_us: Option<f64>,
}

impl Nand {
    /// Pages one program operation writes: a wordline's when one-shot.
    pub fn pages_per_program(&self) -> u32 {
        if self.one_shot {
            self.cell.bits_per_cell()
        } else {
            1
        }
    }
}

/// How much of the raw NAND the host sees. `op_percent` = (raw - user) / user.
/// When `user_bytes` is non-zero it wins and `op_percent` is derived from it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[serde(default, deny_unknown_fields)]
#[ts(export)]
pub struct Capacity {
    pub op_percent: f64,
    pub user_bytes: Bytes,
    /// Set by `Scenario::scaled` only: the 1/scale drive's raw capacity in 4 KiB units,
    /// exact where blocks per plane do not divide by the scale, so OP stays as typed.
    #[serde(skip)]
    #[ts(skip)]
    pub scaled_raw_units: Option<u64>,
}

impl Default for Capacity {
    fn default() -> Self {
        Self { op_percent: 7.0, user_bytes: Bytes(0), scaled_raw_units: None }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[serde(default, deny_unknown_fields)]
#[ts(export)]
pub struct Controller {
    /// Firmware time from command arrival to the first flash operation (and for completion).
    pub command_latency_us: f64,
    /// DRAM/SRAM write buffer: host writes complete once their data is here.
    pub write_buffer: Bytes,
    /// Compress data before it is written (SandForce-style): compressible data takes fewer
    /// NAND sectors, which means fewer programs and more free space for GC.
    pub compression: bool,
    /// Commands per second the controller's firmware handles at most, reads and writes
    /// (its cores share them); 0 = no limit. A DRAM-less controller updating its table in
    /// SRAM handles fewer writes than reads.
    /// Firmware time a write takes on top of `command_latency_us` before it completes
    /// (allocating buffer room, updating the table): writes usually take longer than reads.
    pub write_latency_us: f64,
    pub read_iops_limit: u32,
    pub write_iops_limit: u32,
    pub striping: Striping,
}

/// Where the host's next page goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum Striping {
    /// To the plane that is free first (rotation order breaks ties): no plane holds the
    /// host up while another is idle.
    FirstFree,
    /// Channel, die, plane, in a fixed order, as firmware writing super-pages across every
    /// die does: a die busy with something long holds every stripe up.
    Fixed,
}

impl Default for Controller {
    fn default() -> Self {
        Self {
            command_latency_us: 8.0,
            write_buffer: Bytes(4 * crate::units::MIB),
            compression: false,
            write_latency_us: 0.0,
            read_iops_limit: 0,
            write_iops_limit: 0,
            striping: Striping::FirstFree,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "lowercase")]
#[ts(export)]
pub enum HostLinkKind {
    Pcie,
    Sata,
}

/// Host link. PCIe: per-lane rate of the generation times lanes (after line coding);
/// SATA 6 Gb/s: 600 MB/s after 8b/10b. `efficiency` is the share left after protocol
/// overhead (article 001: PCIe 3.0 x2 delivers 1.6-1.7 GB/s of its 1.97 GB/s).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[serde(default, deny_unknown_fields)]
#[ts(export)]
pub struct HostInterface {
    pub kind: HostLinkKind,
    pub pcie_gen: u32,
    pub lanes: u32,
    pub efficiency: f64,
}

impl Default for HostInterface {
    fn default() -> Self {
        Self { kind: HostLinkKind::Pcie, pcie_gen: 3, lanes: 4, efficiency: 0.84 }
    }
}

impl HostInterface {
    /// Payload bandwidth in bytes per second.
    pub fn bytes_per_s(&self) -> u64 {
        let raw: f64 = match self.kind {
            // Per-lane payload rate after line coding: Gen1/2 8b/10b, Gen3+ 128b/130b.
            HostLinkKind::Pcie => {
                let per_lane = match self.pcie_gen {
                    1 => 250.0e6,
                    2 => 500.0e6,
                    3 => 8.0e9 / 8.0 * 128.0 / 130.0,
                    4 => 16.0e9 / 8.0 * 128.0 / 130.0,
                    _ => 32.0e9 / 8.0 * 128.0 / 130.0,
                };
                per_lane * self.lanes as f64
            }
            HostLinkKind::Sata => 600.0e6,
        };
        (raw * self.efficiency) as u64
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum GcPolicy {
    /// Fewest valid pages first.
    Greedy,
    /// Oldest written block first (LRW in Desnoyers' terms).
    Fifo,
    /// (1 - u) / 2u x age, Rosenblum & Ousterhout's cost-benefit.
    CostBenefit,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[serde(default, deny_unknown_fields)]
#[ts(export)]
pub struct Gc {
    pub policy: GcPolicy,
    /// Foreground GC starts when a plane has fewer free blocks than this.
    pub free_block_threshold: u32,
    /// While the host is idle, GC tops each plane's pool up to `background_free_blocks`.
    pub background: bool,
    pub background_free_blocks: u32,
    /// Erase reclaimed blocks right away (in GC's time) instead of when they are next
    /// opened, so a host write that needs a fresh block does not wait for tBERS.
    pub pre_erase: bool,
}

impl Default for Gc {
    fn default() -> Self {
        Self { policy: GcPolicy::Greedy, free_block_threshold: 2, background: true, background_free_blocks: 4, pre_erase: false }
    }
}

/// Wear levelling. Dynamic: a plane opens its least-worn free block. Static: when the
/// spread of erase counts in a plane exceeds `static_spread`, GC takes the least-worn closed
/// block (cold data) as its next victim so its cells get used too. 0 turns static off.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[serde(default, deny_unknown_fields)]
#[ts(export)]
pub struct Wear {
    pub dynamic: bool,
    pub static_spread: u32,
}

impl Default for Wear {
    fn default() -> Self {
        Self { dynamic: true, static_spread: 100 }
    }
}

impl Device {
    /// The device's kind and the parts of each medium it is made of (a hybrid's tier policy
    /// needs the backing medium's capacity: `resolve` checks it next).
    pub(crate) fn validate_media(&self) -> Result<(), ScenarioError> {
        Check::at("device").choice("kind", &self.kind)?;
        if self.kind == DeviceKind::Hybrid {
            // The tiers' kinds first: each names the part of `device` to check.
            let c = Check::at("device.tier");
            c.choice("cache", &self.tier.cache)?;
            c.choice("backing", &self.tier.backing)?;
            self.validate_medium(self.tier.backing)?;
            if self.tier.cache != self.tier.backing {
                self.validate_medium(self.tier.cache)?;
            }
            Ok(())
        } else {
            self.validate_medium(self.kind)
        }
    }

    fn validate_medium(&self, kind: DeviceKind) -> Result<(), ScenarioError> {
        match kind {
            DeviceKind::NandSsd => self.validate_nand(),
            DeviceKind::XpointSsd => self.xpoint.validate(),
            DeviceKind::Hdd => self.hdd.validate(),
            // The tier's options never name it: `choice` refused it above.
            DeviceKind::Hybrid => Ok(()),
        }
    }

    /// The device kinds this device is made of: itself, or a hybrid's two tiers.
    pub fn media_kinds(&self) -> [DeviceKind; 2] {
        match self.kind {
            DeviceKind::Hybrid => [self.tier.cache, self.tier.backing],
            k => [k, k],
        }
    }

    /// The parts of a NAND SSD only: media, capacity, the FTL's table, GC, wear, SLC cache.
    fn validate_nand(&self) -> Result<(), ScenarioError> {
        let n = &self.nand;
        let c = Check::at("device.nand");
        c.choice("cell", &n.cell)?;
        c.knob("channels", n.channels as f64)?;
        c.knob("dies_per_channel", n.dies_per_channel as f64)?;
        c.knob("planes_per_die", n.planes_per_die as f64)?;
        c.knob("blocks_per_plane", n.blocks_per_plane as f64)?;
        c.knob("pages_per_block", n.pages_per_block as f64)?;
        c.knob("page_bytes", n.page_bytes as f64)?;
        c.power_of_two("page_bytes", n.page_bytes as u64)?;
        c.knob("channel_mb_per_s", n.channel_mb_per_s as f64)?;
        if let Some(t) = &n.timing {
            let c = Check::at("device.nand.timing");
            let fields = [
                ("read_us", t.read_us),
                ("program_us", t.program_us),
                ("erase_us", t.erase_us),
                ("slc_read_us", t.slc_read_us),
                ("slc_program_us", t.slc_program_us),
            ];
            for (field, value) in fields {
                if let Some(v) = value {
                    c.knob(field, v)?;
                }
            }
        }
        let c = Check::at("device.capacity");
        c.knob("op_percent", self.capacity.op_percent)?;
        c.knob("user_bytes", self.capacity.user_bytes.0 as f64)?;
        let c = Check::at("device.controller");
        c.knob("write_buffer", self.controller.write_buffer.0 as f64)?;
        c.choice("striping", &self.controller.striping)?;
        self.mapping.validate()?;
        let c = Check::at("device.gc");
        c.choice("policy", &self.gc.policy)?;
        c.knob("free_block_threshold", self.gc.free_block_threshold as f64)?;
        c.knob("background_free_blocks", self.gc.background_free_blocks as f64)?;
        let why = "blocks (at least free_block_threshold, at most 256)";
        c.within("background_free_blocks", self.gc.background_free_blocks as u64, self.gc.free_block_threshold as u64, 256, why)?;
        Check::at("device.wear").knob("static_spread", self.wear.static_spread as f64)?;
        self.slc_cache.validate(self)?;
        Ok(())
    }

    /// What every kind of device has: the controller's firmware and the host link.
    pub(crate) fn validate_controller_and_link(&self) -> Result<(), ScenarioError> {
        let c = Check::at("device.controller");
        c.knob("command_latency_us", self.controller.command_latency_us)?;
        c.knob("write_latency_us", self.controller.write_latency_us)?;
        c.knob("read_iops_limit", self.controller.read_iops_limit as f64)?;
        c.knob("write_iops_limit", self.controller.write_iops_limit as f64)?;
        let c = Check::at("device.host_interface");
        c.choice("kind", &self.host_interface.kind)?;
        if self.host_interface.kind == HostLinkKind::Pcie {
            c.knob("pcie_gen", self.host_interface.pcie_gen as f64)?;
            c.knob("lanes", self.host_interface.lanes as f64)?;
        }
        c.knob("efficiency", self.host_interface.efficiency)
    }

    /// The firmware's working blocks in every plane, on top of the raw capacity (see
    /// `media::geometry`): GC's free-block threshold and one open block per write frontier
    /// (host, GC; a compressing FTL repacks into a third; the SLC cache's host writes have
    /// their own).
    pub fn plane_reserve_blocks(&self) -> u32 {
        self.gc.free_block_threshold + 2 + self.controller.compression as u32 + self.slc_cache.enabled() as u32
    }
}
