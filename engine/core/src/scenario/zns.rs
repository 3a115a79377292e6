//! Zoned Namespaces (NVMe ZNS command set 1.1; Bjørling et al., ATC'21): the NAND drive
//! exposes its flash as zones the host writes sequentially and resets whole, and does no
//! garbage collection of its own. `device.zns` turns a NAND drive into one; the host-side
//! log-structured workload that drives it (`workload.kind` "zoned_log") is here too, since
//! the two are only ever read together. What the engine makes of them: `device::zns` and
//! `host::zoned_log`.

use super::error::{Check, ScenarioError};
use super::knobs::{doc, inert_when, Inert, KnobValue, Knobs, NAND};
use super::workload_docs as shared;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// What a read of logical blocks the host has not written since the zone's last reset
/// returns: the spec leaves it to the namespace's deallocated-read behaviour (DLFEAT).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, TS, KnobValue)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum UnwrittenRead {
    /// The read completes with zeroes, without touching the NAND.
    #[default]
    #[option("Zeroes")]
    Zeroes,
    /// The read fails (counted as an error of the zone).
    #[option("Error")]
    Error,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS, Knobs)]
#[serde(default, deny_unknown_fields)]
#[ts(export)]
#[knobs(group = "media", devices = NAND)]
pub struct Zns {
    /// Off, the drive is today's block drive with its FTL (every preset but the zoned one).
    #[knob(doc(
        "Zoned namespace (ZNS)",
        "The drive shows its flash as zones the host writes in order and resets whole: no FTL GC, no over-provisioning, the host does the cleaning"
    ))]
    pub enabled: bool,
    /// A zone is this many erase blocks on every plane: one is a superblock, the drive's
    /// widest stripe (what ZNS drives do so a zone is written at full speed).
    #[knob(doc("Zone size", "Erase blocks on every plane that make up one zone: 1 is a superblock (a block per plane)")
        .unit("blocks/plane")
        .range(1.0, 64.0)
        .when("enabled", "true"))]
    pub zone_blocks: u32,
    /// The writable share of a zone (ZNS zone capacity ≤ zone size); the rest of the zone's
    /// LBAs are never written. Rounded down to whole program stripes across the planes.
    #[knob(doc("Zone capacity", "Share of a zone the host can write (zone capacity over zone size); the rest is unused address space").unit("%").range(1.0, 100.0).when("enabled", "true"))]
    pub zone_capacity_percent: f64,
    /// Zones that may be open (implicitly or explicitly) at once: each holds a write
    /// frontier in the controller.
    #[knob(doc("Max open zones", "Zones that may be open for writing at once; one more write to another zone is refused (Too Many Open Zones)")
        .range(1.0, 4096.0)
        .when("enabled", "true"))]
    pub max_open_zones: u32,
    /// Zones that may be open or closed (written but not full) at once.
    #[knob(doc("Max active zones", "Zones that may be open or closed (started, not full) at once; at least the open limit (Too Many Active Zones)")
        .range(1.0, 4096.0)
        .when("enabled", "true"))]
    pub max_active_zones: u32,
    #[knob(doc("Reads of unwritten blocks", "What a read past a zone's write pointer returns: zeroes, or an error").when("enabled", "true"))]
    pub unwritten_read: UnwrittenRead,
}

impl Default for Zns {
    fn default() -> Self {
        // 14 open and active zones: the Ultrastar DC ZN540's published limit (the preset's
        // drive); a zone of one superblock, written whole.
        Self { enabled: false, zone_blocks: 1, zone_capacity_percent: 100.0, max_open_zones: 14, max_active_zones: 14, unwritten_read: UnwrittenRead::Zeroes }
    }
}

impl Zns {
    /// What the knobs' ranges cannot check on their own.
    pub(crate) fn validate(&self, kind: super::DeviceKind, blocks_per_plane: u32) -> Result<(), ScenarioError> {
        if !self.enabled {
            return Ok(());
        }
        let c = Check::at("device.zns");
        if kind != super::DeviceKind::NandSsd {
            return Err(c.fail(
                "enabled",
                super::ErrorCode::Inconsistent,
                "a zoned drive is a NAND drive of its own (device.kind nand_ssd), not a hybrid's tier",
            ));
        }
        c.within("max_active_zones", self.max_active_zones as u64, self.max_open_zones as u64, 4096, "zones (at least max_open_zones)")?;
        // Two zones at least: the host needs one to clean into while it resets another.
        c.within(
            "zone_blocks",
            self.zone_blocks as u64,
            1,
            (blocks_per_plane / 2) as u64,
            "blocks per plane (at most half of device.nand.blocks_per_plane: two zones at least)",
        )
    }
}

/// The store's zone commands on a block drive: it has none, so the knobs that ask for them
/// do nothing there (the host writes its regions in order and TRIMs them). One condition per
/// knob, each with its own id.
const fn on_block_drive(id: &'static str) -> [Inert; 1] {
    [inert_when(
        "device.zns.enabled",
        "false",
        id,
        "A block drive has no zone commands: the host writes its regions in order and resets them with a TRIM. Turn the zoned namespace on (Media) to use them",
    )]
}
const ZONE_WRITES_BLOCK: [Inert; 1] = on_block_drive("zone_writes_block");
const EXPLICIT_OPEN_BLOCK: [Inert; 1] = on_block_drive("explicit_open_block");
const AFTER_CLEANING_BLOCK: [Inert; 1] = on_block_drive("after_cleaning_block");

/// How the host's store writes a zone (NVMe ZNS): regular writes must reach a zone at its
/// write pointer, in order; a Zone Append names only the zone and the drive picks the LBA.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, TS, KnobValue)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum ZoneWrites {
    /// Writes at the write pointer the host keeps, several in flight to a zone: they reach
    /// the drive in the order issued (one submission queue, taken in order).
    #[default]
    #[option("Write, in order")]
    Write,
    /// Writes at the write pointer, one in flight per zone: the host holds a zone's next
    /// write until the last completes, as Linux's zone write locking does where the path
    /// to the drive may reorder commands.
    #[option("Write, one per zone")]
    WriteLocked,
    /// Zone Append: several in flight to a zone, the drive orders them and each completes
    /// with the LBA it landed at, which the host's map records (a zoned drive only).
    #[option("Zone Append")]
    Append,
}

/// What the host does with its cleaning zone when a cleaning pass ends (it will not write
/// there until the next pass).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, TS, KnobValue)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum AfterCleaning {
    /// Leaves it open for the next pass.
    #[default]
    #[option("Keep open")]
    KeepOpen,
    /// Zone Close: gives the zone's open resource back; it stays active, part-written.
    #[option("Close")]
    Close,
    /// Zone Finish: the zone becomes full where it is (its last program padded); the rest of
    /// its capacity is lost to the host until the zone is cleaned and reset.
    #[option("Finish")]
    Finish,
}

/// The host's log-structured store on a zoned drive (what ZenFS or a log-structured cache
/// does): it appends every write at an open zone's write pointer, keeps its own map from its
/// blocks to where they sit, and when empty zones run low cleans the zone with the least
/// live data (greedy): reads what is live, appends it elsewhere, resets the zone. On a block
/// drive it runs the same way over zone-sized regions of the LBA space, a reset being a TRIM
/// of the region (the block-interface comparison).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS, Knobs)]
#[serde(default, deny_unknown_fields)]
#[ts(export)]
pub struct ZonedLog {
    /// The host's data set, as a share of what the zones can hold: the rest is the host's
    /// spare space, all its cleaning has to work with.
    #[knob(doc("Utilisation", "The host's data set as a share of the zones' capacity: the rest is the spare room its cleaning works with").unit("%").range(5.0, 95.0))]
    pub utilisation_percent: f64,
    /// User writes: uniform random overwrites of the data set's 4 KiB blocks, this many
    /// times the data set (written once before the run, untimed, as preconditioning).
    #[knob(doc("Overwrites", "User data written, in data sets: uniform random 4 KiB overwrites after the set is laid down").unit("×").range(0.05, 50.0))]
    pub overwrites: f64,
    #[knob(shared::IODEPTH)]
    pub iodepth: u32,
    /// Cleaning starts when this few zones are empty (the host's reserve, on top of the one
    /// it writes into and the one it cleans into).
    #[knob(doc("Cleaning threshold", "Empty zones left when the host starts cleaning the zone with the least live data").unit("zones").range(1.0, 64.0))]
    pub clean_at_free_zones: u32,
    /// Live blocks a cleaning read or write moves at most in one command.
    #[knob(doc("Copy size", "Most live 4 KiB blocks one cleaning read or append moves").unit("blocks").range(1.0, 256.0))]
    pub copy_units: u32,
    /// Width of the throughput-over-time windows (0: automatic).
    #[knob(doc("Window", "Throughput-over-time window (0 = automatic)").unit("ms").range(0.0, 60_000.0))]
    pub log_avg_msec: f64,
    #[knob(doc(
        "Zone writes",
        "How the host writes a zone: writes at the write pointer in order, the same one at a time per zone (a host whose path may reorder), or Zone Append (several at once, the drive picks the LBA)"
    )
    .inert(&ZONE_WRITES_BLOCK))]
    pub zone_writes: ZoneWrites,
    /// The host opens each zone before it writes there (Zone Management Send Open): an
    /// explicitly opened zone counts against the open limit until full or closed, and the
    /// drive never closes it to make room.
    #[knob(doc(
        "Open zones explicitly",
        "The host opens each zone it starts (or resumes) writing with Zone Open: it holds an open slot the drive cannot take back"
    )
    .inert(&EXPLICIT_OPEN_BLOCK))]
    pub explicit_open: bool,
    #[knob(doc(
        "After cleaning",
        "What the host does with its cleaning zone between passes: keep it open, close it (frees an open slot), or finish it (frees the active slot; the rest of the zone is lost until reset)"
    )
    .inert(&AFTER_CLEANING_BLOCK))]
    pub after_cleaning: AfterCleaning,
}

impl Default for ZonedLog {
    fn default() -> Self {
        Self {
            utilisation_percent: 80.0,
            overwrites: 2.0,
            iodepth: 8,
            clean_at_free_zones: 1,
            copy_units: 32,
            log_avg_msec: 0.0,
            zone_writes: ZoneWrites::Write,
            explicit_open: false,
            after_cleaning: AfterCleaning::KeepOpen,
        }
    }
}

impl ZonedLog {
    pub(crate) fn validate(&self, c: &Check) -> Result<(), ScenarioError> {
        use super::gather::Knobs as _;
        self.check_knobs(c)
    }
}
