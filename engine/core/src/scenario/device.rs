//! The device half of a scenario: what kind of device, its media (NAND with its capacity,
//! GC, wear levelling, mapping table and SLC cache; or 3D XPoint), controller and host link.

use super::error::{Check, ScenarioError};
use super::knobs::{doc, gib, kib, KnobValue, Knobs, NAND};
use super::DeviceKind;
use crate::units::Bytes;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[serde(default, deny_unknown_fields)]
#[ts(export)]
#[derive(Default, Knobs)]
#[knobs(group = "media")]
pub struct Device {
    #[knob(doc("Device", "What stores the data: NAND flash behind a flash translation layer, 3D XPoint written in place, spinning platters, or a hybrid of two with a cache tier"))]
    pub kind: super::DeviceKind,
    #[knob(nested)]
    pub nand: Nand,
    #[knob(nested)]
    pub capacity: Capacity,
    #[knob(nested)]
    pub controller: Controller,
    #[knob(nested)]
    pub host_interface: HostInterface,
    #[knob(nested)]
    pub gc: Gc,
    #[knob(nested)]
    pub wear: Wear,
    #[knob(nested)]
    pub mapping: super::Mapping,
    #[knob(nested)]
    pub slc_cache: super::SlcCache,
    /// NVMe Flexible Data Placement: reclaim unit handles the host's writes choose (`fdp.rs`).
    #[knob(nested)]
    pub fdp: super::Fdp,
    #[knob(nested)]
    pub xpoint: super::Xpoint,
    #[knob(nested)]
    pub hdd: super::Hdd,
    /// A hybrid drive's two tiers and its caching policy (`kind` hybrid).
    #[knob(nested)]
    pub tier: super::Tier,
    /// Zoned Namespaces: the NAND drive's flash shown as zones (off: a block drive).
    #[knob(nested)]
    pub zns: super::Zns,
}

/// Bits per cell: more bits, denser and cheaper NAND, slower and less durable. The timings and
/// endurance each type means are `media::NandTiming::native`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS, KnobValue)]
#[serde(rename_all = "lowercase")]
#[ts(export)]
pub enum CellType {
    #[option("SLC (1 bit/cell)")]
    Slc,
    #[option("MLC (2 bits/cell)")]
    Mlc,
    #[option("TLC (3 bits/cell)")]
    Tlc,
    #[option("QLC (4 bits/cell)")]
    Qlc,
}

/// Datasheet timings of each cell type, µs, indexed as `CELL_TYPES` lists them (see
/// `media::NandTiming::native`, which reads them, for the ranges they were picked from). They
/// sit here, in the scenario's bottom layer, so the knob catalogue can tell the page the
/// default a timing knob takes for each cell type.
pub const CELL_TYPES: &[&str] = <CellType as KnobValue>::OPTIONS;
pub const CELL_READ_US: [f64; 4] = [30.0, 50.0, 60.0, 140.0];
pub const CELL_PROGRAM_US: [f64; 4] = [250.0, 1_200.0, 1_800.0, 12_000.0];
pub const CELL_ERASE_US: [f64; 4] = [2_500.0, 3_500.0, 3_500.0, 15_000.0];
pub const CELL_SLC_READ_US: [f64; 4] = [30.0, 30.0, 30.0, 40.0];
pub const CELL_SLC_PROGRAM_US: [f64; 4] = [250.0, 250.0, 250.0, 300.0];

impl CellType {
    /// Its place in `CELL_TYPES` and the datasheet tables.
    pub fn index(self) -> usize {
        self as usize
    }

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
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS, Knobs)]
#[serde(default, deny_unknown_fields)]
#[ts(export)]
#[knobs(group = "media", devices = NAND)]
pub struct Nand {
    #[knob(doc("Cell type", "Bits per cell: more bits, cheaper and denser, but slower and less durable"))]
    pub cell: CellType,
    #[knob(doc("Channels", "Independent buses from the controller to the NAND dies").range(1.0, 32.0))]
    pub channels: u32,
    #[knob(doc("Dies per channel", "NAND dies sharing each channel").range(1.0, 32.0))]
    pub dies_per_channel: u32,
    #[knob(doc("Planes per die", "Planes per die, each with its own page buffer: the unit of parallelism here").range(1.0, 8.0))]
    pub planes_per_die: u32,
    #[knob(doc("Blocks per plane", "Erase blocks in each plane that make up the raw capacity (the firmware's working blocks come on top)").range(8.0, 65_536.0))]
    pub blocks_per_plane: u32,
    #[knob(doc("Pages per block", "Pages in an erase block (article 001: 768 x 16 KiB = 12 MiB)").range(4.0, 4096.0))]
    pub pages_per_block: u32,
    #[knob(doc("Page size", "Program/read unit; a power of two").bytes().range(4096.0, 65_536.0))]
    pub page_bytes: u32,
    /// NAND interface speed per channel (ONFI / Toggle), MB/s (10^6 bytes per second).
    #[knob(doc("Channel speed", "NAND interface transfer rate per channel (ONFI/Toggle)").unit("MB/s").range(10.0, 10_000.0))]
    pub channel_mb_per_s: u32,
    /// Optional overrides of the cell type's datasheet timings.
    #[knob(nested)]
    pub timing: Option<TimingOverride>,
    /// 3D NAND programs every page of a wordline (2 for MLC, 3 for TLC, 4 for QLC) in one
    /// operation; off, pages program one at a time (planar NAND's two-pass programming).
    #[knob(doc("One-shot programming", "3D NAND programs all pages of a wordline (3 for TLC, 4 for QLC) in one tPROG; off, one page at a time"))]
    pub one_shot: bool,
    /// Paired pages: with pages programmed one at a time, a wordline's later pages are
    /// programmed over its earlier ones, and a power cut during that program corrupts the
    /// earlier pages too: data the drive had already put on NAND (Zheng et al., FAST'13;
    /// `sim::power_cut`). One-shot programming writes the whole wordline at once.
    #[knob(doc("Paired-page loss", "A power cut during a page's program also corrupts the earlier pages of its wordline, already on NAND (pages programmed one at a time)").inert(&PAIRED_OFF))]
    pub paired_page_loss: bool,
    /// Multi-plane operations: a die's planes read, program and erase at the same time
    /// (independent plane reads). Off, a die does one operation at a time.
    #[knob(doc("Multi-plane operations", "A die's planes work at the same time; off, a die does one operation at a time"))]
    pub multi_plane: bool,
    /// Cache read and cache program: a plane's data register lets the next array operation
    /// start while the last page's data still crosses the channel. Off, the plane waits for
    /// its own transfers.
    #[knob(doc("Cache read/program", "The plane starts its next operation while the last page's data still crosses the channel"))]
    pub cache_ops: bool,
    /// Page reads the ECC cannot decode at once are read again with shifted read voltages.
    #[knob(nested)]
    pub read_retry: super::ReadRetry,
    /// Host reads may suspend a program or erase on their plane.
    #[knob(nested)]
    pub suspend: super::Suspend,
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
            paired_page_loss: false,
            multi_plane: true,
            cache_ops: true,
            read_retry: super::ReadRetry::default(),
            suspend: super::Suspend::default(),
        }
    }
}

/// The field each timing's default follows.
const CELL: &str = "device.nand.cell";

/// Per-drive overrides of read / program / erase times, in microseconds.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, TS, Knobs)]
#[serde(default, deny_unknown_fields)]
#[ts(export)]
pub struct TimingOverride {
    #[knob(doc("Read time (tR)", "Array read; empty = the cell type's datasheet default").unit("µs").range(1.0, 10_000.0).follows(CELL, CELL_TYPES, &CELL_READ_US))]
    pub read_us: Option<f64>,
    /// One program operation: a whole wordline when one-shot.
    #[knob(doc("Program time (tPROG)", "One program operation: a whole wordline when one-shot; empty = the cell type's datasheet default").unit("µs").range(10.0, 100_000.0).follows(CELL, CELL_TYPES, &CELL_PROGRAM_US))]
    pub program_us: Option<f64>,
    #[knob(doc("Erase time (tBERS)", "Block erase; empty = the cell type's datasheet default").unit("µs").range(100.0, 1_000_000.0).follows(CELL, CELL_TYPES, &CELL_ERASE_US))]
    pub erase_us: Option<f64>,
    /// The same block run one bit per cell (SLC cache, translation table).
    #[knob(doc("SLC-mode read time", "Array read of a block run one bit per cell (SLC cache, table); empty = default").unit("µs").range(1.0, 10_000.0).follows(CELL, CELL_TYPES, &CELL_SLC_READ_US))]
    pub slc_read_us: Option<f64>,
    #[knob(doc("SLC-mode program time", "Page program of a block run one bit per cell (SLC cache, table); empty = default").unit("µs").range(10.0, 100_000.0).follows(CELL, CELL_TYPES, &CELL_SLC_PROGRAM_US))]
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
/// The two are one quantity stated two ways: when `user_bytes` is non-zero it wins, and the
/// scenario the engine normalises holds the drive's over-provisioning in `op_percent` (to
/// 0.01 %, see `Resolved::compile`); setting `op_percent` on a form sets `user_bytes` to 0.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS, Knobs)]
#[serde(default, deny_unknown_fields)]
#[ts(export)]
#[knobs(group = "capacity", devices = NAND)]
pub struct Capacity {
    #[knob(doc("Over-provisioning", "Spare NAND as a share of user capacity: (raw - user) / user").unit("%").range(0.0, 400.0).slider().view_of("device.capacity.user_bytes"))]
    pub op_percent: f64,
    #[knob(doc("User capacity", "Capacity the host sees; 0 = derived from over-provisioning (setting over-provisioning sets this to 0)").at_least(0.0))]
    pub user_bytes: Bytes,
    /// The vendor's endurance rating (warranty terabytes written) for drives that publish
    /// one; the summary's endurance is this rating where set, else an estimate from P/E.
    #[knob(doc("Rated endurance (TBW)", "The vendor's warranty rating in terabytes written; empty = estimated from P/E cycles").unit("TB").range(0.1, 1_000_000.0))]
    pub rated_tbw: Option<f64>,
    /// Set by `Scenario::scaled` only: the 1/scale drive's raw capacity in 4 KiB units,
    /// exact where blocks per plane do not divide by the scale, so OP stays as typed.
    #[serde(skip)]
    #[ts(skip)]
    pub scaled_raw_units: Option<u64>,
}

impl Default for Capacity {
    fn default() -> Self {
        Self { op_percent: 7.0, user_bytes: Bytes(0), rated_tbw: None, scaled_raw_units: None }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS, Knobs)]
#[serde(default, deny_unknown_fields)]
#[ts(export)]
#[knobs(group = "controller")]
pub struct Controller {
    /// Firmware time from command arrival to the first flash operation (and for completion).
    #[knob(doc("Command latency", "Firmware time per command before flash work starts").unit("µs").range(0.0, 10_000.0))]
    pub command_latency_us: f64,
    /// DRAM/SRAM write buffer: host writes complete once their data is here.
    #[knob(doc("Write buffer", "DRAM/SRAM that completes host writes before they reach NAND").range(kib(64.0), gib(4.0)).devices(NAND))]
    pub write_buffer: Bytes,
    /// Power-loss protection: capacitors hold the energy to program the write buffer (and the
    /// table's changes) if the power fails, so the buffer is not a volatile cache. The drive
    /// says so (NVMe VWC = 0): a flush has nothing to wait for, and a FUA write completes
    /// as any other. Without it a flush waits until the buffer's data is on NAND.
    #[knob(doc("Power-loss protection", "Capacitors write the buffer out if power fails: the cache is not volatile, so a flush (fsync, FUA) completes at once").devices(NAND))]
    pub plp: bool,
    /// Compress data before it is written (SandForce-style): compressible data takes fewer
    /// NAND sectors, which means fewer programs and more free space for GC.
    #[knob(doc("Compression", "Compress data before writing it (SandForce-style): compressible data takes fewer NAND sectors").devices(NAND))]
    pub compression: bool,
    /// Firmware time a read takes on top of `command_latency_us` before its media work starts
    /// (finding where the data is, setting up the transfer).
    #[knob(doc("Read command latency", "Firmware time a read takes on top of the command latency (lookup, transfer set-up)").unit("µs").range(0.0, 10_000.0))]
    pub read_latency_us: f64,
    /// Firmware time a write takes on top of `command_latency_us` before it completes
    /// (allocating buffer room, updating the table): writes usually take longer than reads.
    #[knob(doc("Write command latency", "Firmware time a write takes on top of the command latency (buffer allocation, table update)").unit("µs").range(0.0, 10_000.0))]
    pub write_latency_us: f64,
    /// Commands per second the controller's firmware handles at most, reads and writes
    /// (its cores share them); 0 = no limit. A DRAM-less controller updating its table in
    /// SRAM handles fewer writes than reads.
    #[knob(doc("Read command limit", "Read commands per second the firmware handles at most; 0 = no limit").unit("IOPS").range(0.0, 100_000_000.0))]
    pub read_iops_limit: u32,
    #[knob(doc("Write command limit", "Write commands per second the firmware handles at most; 0 = no limit").unit("IOPS").range(0.0, 100_000_000.0))]
    pub write_iops_limit: u32,
    #[knob(doc("Striping", "Where host data's next page goes: the plane free first, or planes in a fixed order (a busy die holds the stripe up)").devices(NAND))]
    pub striping: Striping,
}

const STATIC_OFF: [super::knobs::Inert; 1] =
    [super::knobs::inert_when("device.wear.static_spread", "0", "static_wl_off", "Static wear levelling is off (spread 0)")];
/// Paired pages exist only where a wordline holds several bits and its pages program apart,
/// and matter only when the power fails.
const PAIRED_OFF: [super::knobs::Inert; 3 + super::workload_kinds::WORKLOAD_KINDS.len()] = super::knobs::joined(&PAIRED_ONLY, &super::job::NO_POWER_CUT);
const PAIRED_ONLY: [super::knobs::Inert; 3] = [
    super::knobs::inert_when(
        "device.nand.one_shot",
        "true",
        "paired_one_shot",
        "One-shot programming writes a wordline's pages in one operation: a cut loses that operation's data only",
    ),
    super::knobs::inert_when("device.nand.cell", "slc", "paired_slc", "One bit per cell: a wordline has no other pages to corrupt"),
    super::knobs::inert_when("device.controller.plp", "true", "paired_plp", "Power-loss protection finishes the program going on when the power fails"),
];

/// Where the host's next page goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS, KnobValue)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum Striping {
    /// To the plane that is free first (rotation order breaks ties): no plane holds the
    /// host up while another is idle.
    #[option("First free plane")]
    FirstFree,
    /// Channel, die, plane, in a fixed order, as firmware writing super-pages across every
    /// die does: a die busy with something long holds every stripe up.
    #[option("Fixed order")]
    Fixed,
}

impl Default for Controller {
    fn default() -> Self {
        Self {
            command_latency_us: 8.0,
            write_buffer: Bytes(4 * crate::units::MIB),
            plp: false,
            compression: false,
            read_latency_us: 0.0,
            write_latency_us: 0.0,
            read_iops_limit: 0,
            write_iops_limit: 0,
            striping: Striping::FirstFree,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS, KnobValue)]
#[serde(rename_all = "lowercase")]
#[ts(export)]
pub enum HostLinkKind {
    #[option("PCIe (NVMe)")]
    Pcie,
    #[option("SATA 6 Gb/s")]
    Sata,
}

/// Host link. PCIe: per-lane rate of the generation times lanes (after line coding);
/// SATA 6 Gb/s: 600 MB/s after 8b/10b. `efficiency` is the share left after protocol
/// overhead (article 001: PCIe 3.0 x2 delivers 1.6-1.7 GB/s of its 1.97 GB/s).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS, Knobs)]
#[serde(default, deny_unknown_fields)]
#[ts(export)]
#[knobs(group = "host")]
pub struct HostInterface {
    #[knob(doc("Interface", "PCIe (NVMe) or SATA 6 Gb/s"))]
    pub kind: HostLinkKind,
    #[knob(doc("PCIe generation", "Per-lane rate: Gen3 about 985 MB/s, Gen4 twice that").range(1.0, 5.0).when("kind", "pcie"))]
    pub pcie_gen: u32,
    #[knob(doc("PCIe lanes", "Link width").options(&["1", "2", "4", "8", "16"]).labels(&["x1", "x2", "x4", "x8", "x16"]).when("kind", "pcie"))]
    pub lanes: u32,
    #[knob(doc("Link efficiency", "Share of the raw link left after protocol overhead (Gen3 x2 gives 1.6-1.7 GB/s)").range(0.1, 1.0))]
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

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS, KnobValue)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum GcPolicy {
    /// Fewest valid pages first.
    #[option("Greedy (fewest valid)")]
    Greedy,
    /// Oldest written block first (LRW in Desnoyers' terms).
    #[option("FIFO (oldest first)")]
    Fifo,
    /// (1 - u) / 2u x age, Rosenblum & Ousterhout's cost-benefit.
    #[option("Cost-benefit")]
    CostBenefit,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS, Knobs)]
#[serde(default, deny_unknown_fields)]
#[ts(export)]
#[knobs(group = "gc", devices = NAND)]
pub struct Gc {
    #[knob(doc("GC policy", "Victim choice: fewest valid pages, oldest first, or cost-benefit"))]
    pub policy: GcPolicy,
    /// Foreground GC starts when a plane has fewer free blocks than this.
    #[knob(doc("GC threshold", "Free blocks each plane keeps for GC, on top of the raw capacity with the open blocks: GC collects when the plane's erased space falls to them").unit("blocks").range(2.0, 64.0))]
    pub free_block_threshold: u32,
    /// While the host is idle, GC tops each plane's pool up to `background_free_blocks`.
    #[knob(doc("Background GC", "Use host idle time to reclaim blocks ahead of need"))]
    pub background: bool,
    #[knob(doc("Background target", "Free blocks per plane background GC aims for (at least the GC threshold)").unit("blocks").range(2.0, 256.0).when("background", "true"))]
    pub background_free_blocks: u32,
    /// Erase reclaimed blocks right away (in GC's time) instead of when they are next
    /// opened, so a host write that needs a fresh block does not wait for tBERS.
    #[knob(doc("Pre-erase", "Erase reclaimed blocks at once, so a write needing a fresh block does not wait for tBERS"))]
    pub pre_erase: bool,
    /// Host reads go ahead of the GC work queued on their die (`controller::gc_yield`). Off,
    /// a read waits for everything booked before it (every drive before this knob, and
    /// every preset: none of their makers says its firmware does it).
    #[knob(doc("GC yields to reads", "A host read goes ahead of the GC work queued on its die, waiting only for the operation running when it comes; GC, and writes waiting for it, go later"))]
    pub yield_to_reads: bool,
}

impl Default for Gc {
    fn default() -> Self {
        Self { policy: GcPolicy::Greedy, free_block_threshold: 2, background: true, background_free_blocks: 4, pre_erase: false, yield_to_reads: false }
    }
}

/// Wear levelling. Dynamic: a plane opens its least-worn free block. Static: every `static_every`-th GC victim of a plane, if its
/// erase counts spread wider than `static_spread` (0 = off), GC takes its least-worn closed block (cold data) instead.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS, Knobs)]
#[serde(default, deny_unknown_fields)]
#[ts(export)]
#[knobs(group = "gc", devices = NAND)]
pub struct Wear {
    #[knob(doc("Dynamic wear levelling", "Open the least-worn free block"))]
    pub dynamic: bool,
    #[knob(doc("Static wear levelling", "Move cold data when erase counts spread wider than this (0 = off)").unit("P/E").range(0.0, 1_000_000.0))]
    pub static_spread: u32,
    #[knob(doc("Wear-levelling check every", "Static wear levelling looks at the spread every this many GC victims of a plane").unit("victims").range(1.0, 4096.0).inert(&STATIC_OFF))]
    pub static_every: u32,
}

impl Default for Wear {
    fn default() -> Self {
        Self { dynamic: true, static_spread: 100, static_every: 64 }
    }
}

impl Device {
    /// The checks of each medium's parts that their knobs' ranges cannot make on their own (a
    /// hybrid's tier policy needs the backing medium's capacity: `resolve` checks it next).
    pub(crate) fn validate_media(&self) -> Result<(), ScenarioError> {
        let [cache, backing] = self.media_kinds();
        self.validate_medium(backing)?;
        if cache != backing {
            self.validate_medium(cache)?;
        }
        Ok(())
    }

    fn validate_medium(&self, kind: DeviceKind) -> Result<(), ScenarioError> {
        match kind {
            DeviceKind::NandSsd => self.validate_nand(),
            DeviceKind::XpointSsd => self.xpoint.validate(),
            DeviceKind::Hdd => self.hdd.validate(),
            // A tier's options never name it: its knob refused it.
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

    /// The kinds whose knobs apply to this device: its own and its media's.
    pub(crate) fn knob_kinds(&self) -> [&'static str; 3] {
        let name = |k: DeviceKind| DeviceKind::OPTIONS[k as usize];
        let [cache, backing] = self.media_kinds();
        [name(self.kind), name(cache), name(backing)]
    }

    /// The parts of a NAND SSD only: media, capacity, the FTL's table, GC, wear, SLC cache.
    fn validate_nand(&self) -> Result<(), ScenarioError> {
        Check::at("device.nand").power_of_two("page_bytes", self.nand.page_bytes as u64)?;
        self.nand.read_retry.validate()?;
        self.zns.validate(self.kind, self.nand.blocks_per_plane)?;
        self.mapping.validate()?;
        let why = "blocks (at least free_block_threshold, at most 256)";
        Check::at("device.gc").within("background_free_blocks", self.gc.background_free_blocks as u64, self.gc.free_block_threshold as u64, 256, why)?;
        self.slc_cache.validate(self)?;
        self.fdp.validate(self)
    }

    /// The firmware's working blocks in every plane, on top of the raw capacity (see
    /// `media::geometry`): GC's free-block threshold and one open block per write frontier
    /// (host, GC; a compressing FTL repacks into a third; the SLC cache's host writes have
    /// their own; FDP's extra handles theirs, `Fdp::extra_open_blocks`).
    pub fn plane_reserve_blocks(&self) -> u32 {
        self.gc.free_block_threshold + 2 + self.controller.compression as u32 + self.slc_cache.enabled() as u32 + self.fdp.extra_open_blocks()
    }
}
