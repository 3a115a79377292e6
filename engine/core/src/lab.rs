//! The NAND lab: a drive of a few blocks of a few pages, stepped one host command at a time
//! through the engine's own FTL, with every flash operation it asks for recorded as an event.
//! The page's animated NAND view draws these events; nothing here decides where data goes.
//!
//! Events are flat `u32` quadruples `[kind | stream << 8, block, page, unit]` (see
//! [`EventKind`]) so a step crosses to JavaScript as one typed array. The lab is untimed: it
//! shows what the FTL does, not how long it takes.

use crate::ftl::{FlashOps, Ftl, Program, Stream, UNMAPPED};
use crate::media::Geometry;
use crate::rng::SimRng;
use crate::scenario::gather::{Knobs as _, Place};
use crate::scenario::knobs::{doc, Knob, Knobs};
use crate::scenario::{Capacity, Check, Device, ErrorCode, Gc, GcPolicy, Nand, ScenarioError, Wear, MAX_SEED};
use crate::units::{Bytes, MAPPING_UNIT_BYTES};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// What happened, in the order the FTL asked for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u32)]
pub enum EventKind {
    /// A host read looked up its unit in the L2P table: where it is, or UNMAPPED twice.
    Lookup = 0,
    /// A page was read: by the host, or by GC moving its valid data (stream `Gc`).
    Read = 1,
    /// A page was programmed with `unit`: host data (stream `Host`) or a GC copy (`Gc`).
    Program = 2,
    /// The page no longer holds the current copy of `unit` (overwritten, moved or trimmed).
    Invalidate = 3,
    /// GC chose this block to collect; `page` holds its valid pages at that moment.
    Victim = 4,
    /// The block was erased; all its pages are free again.
    Erase = 5,
}

pub const EVENT_WORDS: usize = 4;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "kebab-case")]
#[ts(export)]
pub enum LabWorkload {
    Sequential,
    Random,
    /// 80 % of writes to the first 20 % of the logical space.
    HotCold,
}

/// The lab drive's shape: its knobs (`lab.*`) are the lab's catalogue (`LAB_KNOBS`), so the
/// page's choices and the checks here are the same ranges.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, Knobs, TS)]
#[serde(default, deny_unknown_fields)]
#[ts(export)]
#[knobs(group = "lab")]
pub struct LabConfig {
    /// Physical blocks, the FTL's working blocks included.
    #[knob(doc("Blocks", "Physical blocks, the FTL's working blocks included").range(BLOCKS_RANGE.0 as f64, BLOCKS_RANGE.1 as f64))]
    pub blocks: u32,
    #[knob(doc("Pages per block", "Pages in each erase block").range(PAGES_RANGE.0 as f64, PAGES_RANGE.1 as f64))]
    pub pages_per_block: u32,
    /// Over-provisioning: raw pages beyond the logical ones, % of the logical ones (the
    /// engine's `device.capacity.op_percent`, with its range).
    #[knob(doc("Over-provisioning", "Raw pages beyond the logical ones, as a share of the logical ones").unit("%").range(OP_RANGE.0, OP_RANGE.1))]
    pub op_percent: f64,
    #[knob(doc("GC policy", "How GC picks its victim"))]
    pub gc_policy: GcPolicy,
    #[knob(doc("Seed", "The lab's random stream").range(0.0, MAX_SEED as f64))]
    #[ts(type = "number")]
    pub seed: u64,
}

/// The lab's knobs, `lab.blocks` …: what the page may offer and the lab accepts.
pub static LAB_KNOBS: std::sync::LazyLock<Vec<Knob>> = std::sync::LazyLock::new(|| {
    let mut out = Vec::new();
    <LabConfig as crate::scenario::gather::Knobs>::list(&Place::root().at("lab"), &mut out);
    out
});

pub fn lab_knobs_json() -> String {
    serde_json::to_string(&*LAB_KNOBS).expect("the lab's knobs serialise")
}

/// The lab a config that says nothing builds (`LabConfig::default`), as JSON: the page starts
/// its lab card from it and keeps no copy.
pub fn lab_defaults_json() -> String {
    serde_json::to_string(&LabConfig::default()).expect("the lab's defaults serialise")
}

impl LabConfig {
    /// Reads a lab config; a wrong key or value is refused naming it (`lab.blocks`, …).
    pub fn from_json(text: &str) -> Result<LabConfig, ScenarioError> {
        let value: serde_json::Value =
            serde_json::from_str(text).map_err(|e| ScenarioError::new("lab", ErrorCode::Syntax, format!("not a valid lab JSON: {e}")))?;
        crate::scenario::deserialize("lab", value)
    }
}

impl Default for LabConfig {
    fn default() -> Self {
        Self { blocks: 12, pages_per_block: 8, op_percent: 25.0, gc_policy: GcPolicy::Greedy, seed: 1 }
    }
}

pub const BLOCKS_RANGE: (u32, u32) = (4, 64);
pub const PAGES_RANGE: (u32, u32) = (4, 64);
/// The drive's own range of over-provisioning (`device.capacity.op_percent`).
pub const OP_RANGE: (f64, f64) = (0.0, 400.0);

/// Free blocks GC keeps in hand: below this it collects before the host writes on.
const GC_THRESHOLD: u32 = 1;

#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, TS)]
#[ts(export)]
pub struct LabCounters {
    #[ts(type = "number")]
    pub host_writes: u64,
    #[ts(type = "number")]
    pub nand_writes: u64,
    #[ts(type = "number")]
    pub gc_moves: u64,
    #[ts(type = "number")]
    pub erases: u64,
    #[ts(type = "number")]
    pub host_reads: u64,
    /// NAND writes per host write; 0 before the first write.
    pub waf: f64,
}

#[derive(Clone, Copy, Debug, PartialEq, Serialize, TS)]
#[ts(export)]
pub struct LabLayout {
    pub blocks: u32,
    pub pages_per_block: u32,
    /// Logical pages the host can write (4 KiB each).
    pub logical_pages: u32,
    /// Blocks the FTL keeps for itself (open blocks, GC's reserve), beyond the raw capacity.
    pub working_blocks: u32,
    /// Raw pages beyond the logical ones, % of the logical ones.
    pub op_percent: f64,
}

/// Records the FTL's flash operations as events, slots still to be given their units.
#[derive(Default)]
struct EventLog {
    events: Vec<u32>,
}

impl EventLog {
    fn push(&mut self, kind: EventKind, stream: Stream, block: u32, page: u32, unit: u32) {
        self.events.extend_from_slice(&[kind as u32 | (stream as u32) << 8, block, page, unit]);
    }
}

/// Slot, page and block coincide in the lab's geometry (one plane, 4 KiB pages), so the
/// FTL's global page index is the slot.
impl FlashOps for EventLog {
    fn read_page(&mut self, _plane: u32, page: u32, _units: u32, _why: crate::ftl::Move) {
        self.push(EventKind::Read, Stream::Gc, 0, page, UNMAPPED);
    }
    fn program_page(&mut self, _plane: u32, page: u32, stream: Stream, _host_units: u32, _program: Program) {
        self.push(EventKind::Program, stream, 0, page, UNMAPPED);
    }
    fn erase_block(&mut self, _plane: u32, block: u32) {
        self.push(EventKind::Erase, Stream::Gc, block, 0, UNMAPPED);
    }
}

pub struct NandLab {
    ftl: Ftl,
    geo: Geometry,
    rng: SimRng,
    cursor: u32,
    host_reads: u64,
    recorder: EventLog,
    /// The events of the last command, slots resolved to (block, page) and units.
    events: Vec<u32>,
    /// The FTL's maps as the events resolved so far leave them: where each unit is, what
    /// each slot holds (taken before each command, brought forward event by event).
    l2p_now: Vec<u32>,
    slot_unit_now: Vec<u32>,
    /// Units GC read in this command, waiting to be programmed elsewhere.
    moving: Vec<u32>,
    /// The block each plane's GC announced as its victim (GC collects over several commands).
    victim: u32,
}

/// The lab drive's geometry: one plane of `blocks` blocks, `working` of them the FTL's, the
/// logical pages `op_percent` below the rest.
fn lab_geometry(device: &mut Device, config: &LabConfig, working: u32, op_percent: f64) -> Result<Geometry, ScenarioError> {
    let raw_pages = (config.blocks - working) * config.pages_per_block;
    let logical = (raw_pages as f64 / (1.0 + op_percent / 100.0)).floor() as u64;
    device.nand = Nand {
        channels: 1,
        dies_per_channel: 1,
        planes_per_die: 1,
        blocks_per_plane: config.blocks - working,
        pages_per_block: config.pages_per_block,
        page_bytes: MAPPING_UNIT_BYTES as u32,
        ..Nand::default()
    };
    device.capacity = Capacity { user_bytes: Bytes(logical.max(1) * MAPPING_UNIT_BYTES), ..Capacity::default() };
    Geometry::new(device)
}

fn out_of_range(field: &str, message: String) -> ScenarioError {
    ScenarioError::new(format!("lab.{field}"), ErrorCode::OutOfRange, message)
}

impl NandLab {
    pub fn new(config: &LabConfig) -> Result<NandLab, ScenarioError> {
        config.check_knobs(&Check::at("lab"))?;
        let gc = Gc {
            policy: config.gc_policy,
            free_block_threshold: GC_THRESHOLD,
            background: false,
            background_free_blocks: 0,
            pre_erase: false,
            yield_to_reads: false,
        };
        let mut device = Device { gc: gc.clone(), ..Device::default() };
        // As on a real drive, the FTL's working blocks (open blocks, GC's reserve) come on top
        // of the raw capacity that over-provisioning is measured against.
        let working = device.plane_reserve_blocks();
        let (lo, hi) = OP_RANGE;
        let geo = match lab_geometry(&mut device, config, working, config.op_percent) {
            Ok(geo) => geo,
            Err(_) => {
                // Name the least over-provisioning this drive takes, not the engine's capacity
                // fields the lab does not have.
                let least = (lo as u32..=hi as u32).find(|&op| lab_geometry(&mut device.clone(), config, working, op as f64).is_ok());
                let (blocks, pages, op) = (config.blocks, config.pages_per_block, config.op_percent);
                return Err(out_of_range(
                    "op_percent",
                    match least {
                        Some(least) => {
                            format!("over-provisioning of {op} % leaves GC no spare page on {blocks} blocks of {pages} pages: it must be {least} to {hi} %")
                        }
                        None => format!("{blocks} blocks of {pages} pages leave no room for data beside the FTL's {working} working blocks; use more blocks"),
                    },
                ));
            }
        };
        debug_assert_eq!(geo.blocks, config.blocks);
        let ftl = Ftl::new(geo, &gc, &Wear::default(), 1);
        Ok(NandLab {
            ftl,
            geo,
            rng: SimRng::new(config.seed),
            cursor: 0,
            host_reads: 0,
            recorder: EventLog::default(),
            events: Vec::new(),
            l2p_now: Vec::new(),
            slot_unit_now: Vec::new(),
            moving: Vec::new(),
            victim: UNMAPPED,
        })
    }

    pub fn layout(&self) -> LabLayout {
        LabLayout {
            blocks: self.geo.blocks,
            pages_per_block: self.geo.pages_per_block,
            logical_pages: self.geo.user_units,
            working_blocks: self.geo.working_blocks_per_plane,
            op_percent: (self.geo.raw_units as f64 / self.geo.user_units as f64 - 1.0) * 100.0,
        }
    }

    fn unit_in_range(&self, unit: u32) -> Result<(), ScenarioError> {
        if unit < self.geo.user_units {
            Ok(())
        } else {
            Err(out_of_range("unit", format!("logical page must be 0 to {}, got {unit}", self.geo.user_units - 1)))
        }
    }

    /// The host writes one logical page. Returns the events it caused.
    pub fn write(&mut self, unit: u32) -> Result<&[u32], ScenarioError> {
        self.unit_in_range(unit)?;
        self.snapshot();
        let mut recorder = std::mem::take(&mut self.recorder);
        self.ftl.write(unit, &mut recorder);
        self.recorder = recorder;
        Ok(self.resolve(unit))
    }

    /// The host reads one logical page: the L2P lookup, then the page read if it is mapped.
    pub fn read(&mut self, unit: u32) -> Result<&[u32], ScenarioError> {
        self.unit_in_range(unit)?;
        self.events.clear();
        let slot = self.ftl.lookup(unit);
        let (block, page) = if slot == UNMAPPED { (UNMAPPED, UNMAPPED) } else { self.place(slot) };
        self.events.extend_from_slice(&[EventKind::Lookup as u32 | (Stream::Host as u32) << 8, block, page, unit]);
        if slot != UNMAPPED {
            self.events.extend_from_slice(&[EventKind::Read as u32 | (Stream::Host as u32) << 8, block, page, unit]);
        }
        self.host_reads += 1;
        Ok(&self.events)
    }

    /// The host trims one logical page: its page turns invalid without a flash operation.
    pub fn trim(&mut self, unit: u32) -> Result<&[u32], ScenarioError> {
        self.unit_in_range(unit)?;
        self.events.clear();
        let slot = self.ftl.lookup(unit);
        self.ftl.trim(unit);
        if slot != UNMAPPED {
            let (block, page) = self.place(slot);
            self.events.extend_from_slice(&[EventKind::Invalidate as u32 | (Stream::Host as u32) << 8, block, page, unit]);
        }
        Ok(&self.events)
    }

    /// The next write of a workload.
    pub fn step(&mut self, workload: LabWorkload) -> &[u32] {
        let n = self.geo.user_units;
        let unit = match workload {
            LabWorkload::Sequential => {
                let u = self.cursor % n;
                self.cursor = self.cursor.wrapping_add(1);
                u
            }
            LabWorkload::Random => self.rng.below(n as u64) as u32,
            LabWorkload::HotCold => {
                let hot = (n / 5).max(1);
                if self.rng.percent(80) || hot == n {
                    self.rng.below(hot as u64) as u32
                } else {
                    hot + self.rng.below((n - hot) as u64) as u32
                }
            }
        };
        match self.write(unit) {
            Ok(events) => events,
            Err(_) => unreachable!("workload units are below the logical page count"),
        }
    }

    fn place(&self, slot: u32) -> (u32, u32) {
        (slot / self.geo.pages_per_block, slot % self.geo.pages_per_block)
    }

    fn snapshot(&mut self) {
        self.recorder.events.clear();
        self.l2p_now.clear();
        self.l2p_now.extend((0..self.geo.user_units).map(|u| self.ftl.lookup(u)));
        self.slot_unit_now.clear();
        self.slot_unit_now.extend((0..self.geo.slots).map(|s| self.ftl.slot_unit(s)));
    }

    /// Turns the recorder's slots into blocks and pages, names each page's unit, and adds the
    /// events the FTL does not ask the flash for: a victim chosen, a page made stale. A GC
    /// program writes the unit GC read first (copies leave in the order they were read), a
    /// host program the unit the host wrote; the final maps cannot say, since the host may
    /// overwrite a unit GC moved in the same command.
    fn resolve(&mut self, host_unit: u32) -> &[u32] {
        self.events.clear();
        self.moving.clear();
        let mut next_move = 0;
        let recorded = std::mem::take(&mut self.recorder.events);
        for e in recorded.chunks_exact(EVENT_WORDS) {
            let kind = e[0] & 0xff;
            if kind == EventKind::Erase as u32 {
                let block = e[1];
                self.announce_victim(block);
                self.victim = UNMAPPED;
                let first = (block * self.geo.pages_per_block) as usize;
                self.slot_unit_now[first..first + self.geo.pages_per_block as usize].fill(UNMAPPED);
                self.events.extend_from_slice(&[e[0], block, 0, UNMAPPED]);
                continue;
            }
            let slot = e[2];
            let (block, page) = self.place(slot);
            if kind == EventKind::Read as u32 {
                self.announce_victim(block);
                let unit = self.slot_unit_now[slot as usize];
                self.moving.push(unit);
                self.events.extend_from_slice(&[e[0], block, page, unit]);
                continue;
            }
            let unit = if e[0] >> 8 == Stream::Gc as u32 {
                next_move += 1;
                self.moving.get(next_move - 1).copied().unwrap_or(UNMAPPED)
            } else {
                host_unit
            };
            self.events.extend_from_slice(&[e[0], block, page, unit]);
            self.slot_unit_now[slot as usize] = unit;
            if unit == UNMAPPED {
                continue;
            }
            // The unit's previous page turns stale once its new copy is written.
            let old = self.l2p_now[unit as usize];
            self.l2p_now[unit as usize] = slot;
            if old != UNMAPPED {
                let (ob, op) = self.place(old);
                self.events.extend_from_slice(&[EventKind::Invalidate as u32 | (e[0] & !0xff), ob, op, unit]);
            }
        }
        self.recorder.events = recorded;
        &self.events
    }

    fn announce_victim(&mut self, block: u32) {
        if self.victim == block {
            return;
        }
        self.victim = block;
        let first = block * self.geo.pages_per_block;
        let valid = (first..first + self.geo.pages_per_block).filter(|&s| {
            let unit = self.slot_unit_now[s as usize];
            unit != UNMAPPED && self.l2p_now[unit as usize] == s
        });
        self.events.extend_from_slice(&[EventKind::Victim as u32 | (Stream::Gc as u32) << 8, block, valid.count() as u32, UNMAPPED]);
    }

    /// Per physical page: the logical page it holds, or `FREE` (erased) or `STALE`.
    pub fn pages(&self) -> Vec<u32> {
        (0..self.geo.slots)
            .map(|s| {
                let (block, page) = self.place(s);
                let unit = self.ftl.slot_unit(s);
                if page >= self.ftl.written_slots(block) {
                    Self::FREE
                } else if unit == UNMAPPED {
                    Self::STALE
                } else {
                    unit
                }
            })
            .collect()
    }

    pub const FREE: u32 = u32::MAX;
    pub const STALE: u32 = u32::MAX - 1;

    pub fn erase_counts(&self) -> Vec<u32> {
        self.ftl.erase_counts().collect()
    }

    pub fn counters(&self) -> LabCounters {
        let c = self.ftl.counters();
        let nand_writes = c.host_units_written + c.gc_units_moved;
        LabCounters {
            host_writes: c.host_units_written,
            nand_writes,
            gc_moves: c.gc_units_moved,
            erases: self.ftl.erase_counts().map(|e| e as u64).sum(),
            host_reads: self.host_reads,
            waf: if c.host_units_written == 0 { 0.0 } else { nand_writes as f64 / c.host_units_written as f64 },
        }
    }

    #[cfg(test)]
    fn ftl(&self) -> &Ftl {
        &self.ftl
    }
}

#[cfg(test)]
mod tests;
