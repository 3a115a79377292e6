//! Geometry derived from the scenario: counts, capacities and address arithmetic.
//!
//! Raw capacity and physical blocks differ, as on a real drive. The raw capacity is the NAND
//! the scenario describes (planes x `blocks_per_plane` blocks), and over-provisioning is
//! counted against it: OP = (raw - user) / user. Each plane also has the firmware's working
//! blocks on top (GC's free-block reserve and the open blocks of its write frontiers), the
//! way NAND dies ship with more blocks than their nominal capacity and firmware keeps its
//! working and replacement blocks out of the advertised spare. GC chooses a victim when a
//! plane's erased space (free blocks and the unwritten pages of its open blocks) falls to
//! that working area, so it decides with exactly the spare the user typed (see `ftl/gc.rs`).
//!
//! Addresses are dense `u32`s. A *slot* is one 4 KiB mapping unit inside a physical page;
//! slot = (block * pages_per_block + page) * slots_per_page + offset. A block belongs to one
//! plane, a plane to one die: block = plane * blocks_per_plane + index, plane = die *
//! planes_per_die + index, and die d sits on channel d % channels.

use super::divisor::Divisor;
use crate::scenario::{Device, ErrorCode, ScenarioError};
use crate::units::{size_text, MAPPING_UNIT_BYTES};

#[derive(Clone, Copy, Debug)]
pub struct Geometry {
    pub channels: u32,
    pub dies: u32,
    pub planes_per_die: u32,
    /// Planes in the whole drive: the FTL's unit of parallelism.
    pub planes: u32,
    /// Physical blocks per plane: the raw capacity's blocks plus the firmware's working blocks.
    pub blocks_per_plane: u32,
    /// Of `blocks_per_plane`, the firmware's working blocks (not part of the raw capacity).
    pub working_blocks_per_plane: u32,
    pub pages_per_block: u32,
    pub page_bytes: u32,
    pub slots_per_page: u32,
    pub slots_per_block: u32,
    pub bits_per_cell: u32,
    /// Pages one native program operation writes (a wordline's, when one-shot).
    pub pages_per_program: u32,
    /// Slots of a block run in SLC mode: one page per wordline.
    pub slc_slots_per_block: u32,
    /// The SLC cache's static part, in 4 KiB units of SLC capacity.
    pub slc_static_units: u64,
    /// Physical blocks and slots in the whole drive.
    pub blocks: u32,
    pub slots: u32,
    /// Raw capacity in 4 KiB units: what over-provisioning is counted against.
    pub raw_units: u64,
    /// Logical 4 KiB units the host can address.
    pub user_units: u32,
    /// Erased slots per plane at which GC chooses a victim: physical minus raw (see the
    /// module comment).
    pub erased_target_slots: u32,
    /// The divisors address arithmetic uses on every I/O, as multiply-and-shift.
    div: Divisors,
}

#[derive(Clone, Copy, Debug)]
struct Divisors {
    slots_per_block: Divisor,
    slots_per_page: Divisor,
    slots_per_plane: Divisor,
    pages_per_program: Divisor,
    slots_per_program: Divisor,
    blocks_per_plane: Divisor,
    planes_per_die: Divisor,
    channels: Divisor,
    dies: Divisor,
}

/// Slots are `u32`: 2^32 x 4 KiB = 16 TiB of raw NAND is the ceiling.
const MAX_SLOTS: u64 = u32::MAX as u64 - 1;

thread_local! {
    /// Geometries built on this thread, for the test that holds a run to one per size.
    static BUILDS: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// How many geometries this thread has built so far.
pub fn geometry_builds() -> u64 {
    BUILDS.with(std::cell::Cell::get)
}

impl Geometry {
    pub fn new(device: &Device) -> Result<Geometry, ScenarioError> {
        BUILDS.with(|b| b.set(b.get() + 1));
        let n = &device.nand;
        let dies = n.channels * n.dies_per_channel;
        let planes = dies * n.planes_per_die;
        let slots_per_page = n.page_bytes / MAPPING_UNIT_BYTES as u32;
        let slots_per_block = slots_per_page * n.pages_per_block;
        // A scaled drive states its raw capacity exactly (blocks per plane rounded up).
        let raw_units = device.capacity.scaled_raw_units.unwrap_or(planes as u64 * n.blocks_per_plane as u64 * slots_per_block as u64);
        let raw_plane_slots = raw_units / planes as u64;
        let working = device.plane_reserve_blocks();
        let blocks_per_plane = raw_plane_slots.div_ceil(slots_per_block as u64) + working as u64;
        let blocks = planes as u64 * blocks_per_plane;
        let slots = blocks * slots_per_block as u64;
        if slots > MAX_SLOTS {
            return Err(ScenarioError::new(
                "device.nand.blocks_per_plane",
                ErrorCode::OutOfRange,
                format!("raw capacity of {} is above the 16 TiB the engine addresses; use fewer blocks", size_text((slots * MAPPING_UNIT_BYTES) as f64)),
            ));
        }
        let user_units = if device.capacity.user_bytes.0 > 0 {
            device.capacity.user_bytes.0 / MAPPING_UNIT_BYTES
        } else {
            (raw_units as f64 / (1.0 + device.capacity.op_percent / 100.0)) as u64
        };
        let bits = n.cell.bits_per_cell();
        let slc_static_units = device.slc_cache.static_bytes.0 / MAPPING_UNIT_BYTES;
        let spare = Spare { raw_units, slots_per_block: slots_per_block as u64 };
        spare.check(device, user_units)?;
        spare.check_static_slc(user_units, slc_static_units * bits as u64)?;
        let blocks_per_plane = blocks_per_plane as u32;
        Ok(Geometry {
            channels: n.channels,
            dies,
            planes_per_die: n.planes_per_die,
            planes,
            blocks_per_plane,
            working_blocks_per_plane: working,
            pages_per_block: n.pages_per_block,
            page_bytes: n.page_bytes,
            slots_per_page,
            slots_per_block,
            bits_per_cell: bits,
            pages_per_program: n.pages_per_program(),
            slc_slots_per_block: (n.pages_per_block / bits).max(1) * slots_per_page,
            slc_static_units,
            blocks: blocks as u32,
            slots: slots as u32,
            raw_units,
            user_units: user_units as u32,
            erased_target_slots: (slots / planes as u64 - raw_plane_slots) as u32,
            div: Divisors {
                slots_per_block: Divisor::new(slots_per_block),
                slots_per_page: Divisor::new(slots_per_page),
                // At most the drive's slots, which fit a u32 (checked above).
                slots_per_plane: Divisor::new((slots / planes as u64) as u32),
                pages_per_program: Divisor::new(n.pages_per_program()),
                slots_per_program: Divisor::new(n.pages_per_program() * slots_per_page),
                blocks_per_plane: Divisor::new(blocks_per_plane),
                planes_per_die: Divisor::new(n.planes_per_die),
                channels: Divisor::new(n.channels),
                dies: Divisor::new(dies),
            },
        })
    }

    /// Raw NAND capacity (the firmware's working blocks are not part of it).
    pub fn raw_bytes(&self) -> u64 {
        self.raw_units * MAPPING_UNIT_BYTES
    }

    pub fn user_bytes(&self) -> u64 {
        self.user_units as u64 * MAPPING_UNIT_BYTES
    }

    /// Over-provisioning as the industry quotes it: (raw - user) / user, percent.
    pub fn op_percent_of_user(&self) -> f64 {
        (self.raw_bytes() - self.user_bytes()) as f64 / self.user_bytes() as f64 * 100.0
    }

    /// The same spare area as a share of raw NAND, percent.
    pub fn spare_percent_of_raw(&self) -> f64 {
        (self.raw_bytes() - self.user_bytes()) as f64 / self.raw_bytes() as f64 * 100.0
    }

    #[inline]
    pub fn plane_of_block(&self, block: u32) -> u32 {
        self.div.blocks_per_plane.quotient(block)
    }

    #[inline]
    pub fn die_of_plane(&self, plane: u32) -> u32 {
        self.div.planes_per_die.quotient(plane)
    }

    /// The k-th plane in write rotation order: every channel first, then every die on it,
    /// then the next plane of each die.
    #[inline]
    pub fn plane_at(&self, k: u32) -> u32 {
        let (plane_in_die, die) = self.div.dies.div_rem(k);
        die * self.planes_per_die + plane_in_die
    }

    #[inline]
    pub fn block_of_slot(&self, slot: u32) -> u32 {
        self.div.slots_per_block.quotient(slot)
    }

    /// Block and unit offset within it.
    #[inline]
    pub fn block_and_offset(&self, slot: u32) -> (u32, u32) {
        self.div.slots_per_block.div_rem(slot)
    }

    #[inline]
    pub fn plane_of_slot(&self, slot: u32) -> u32 {
        self.div.slots_per_plane.quotient(slot)
    }

    /// Global page number (block * pages_per_block + page) of a slot.
    #[inline]
    pub fn page_of_slot(&self, slot: u32) -> u32 {
        self.div.slots_per_page.quotient(slot)
    }

    /// True if a slot offset (in a block, or a drive) starts a page.
    #[inline]
    pub fn starts_page(&self, offset: u32) -> bool {
        self.div.slots_per_page.divides(offset)
    }

    /// Slots one native program operation writes (a wordline's pages, one-shot).
    #[inline]
    pub fn slots_per_program(&self) -> u32 {
        self.div.slots_per_program.get()
    }

    /// True if `pages` (counted from a block's start) end a native program operation.
    #[inline]
    pub fn ends_program(&self, pages: u32) -> bool {
        self.div.pages_per_program.divides(pages)
    }

    /// A slot offset in a block rounded down to the start of its native program operation.
    #[inline]
    pub fn program_start(&self, offset: u32) -> u32 {
        offset - self.div.slots_per_program.remainder(offset)
    }

    #[inline]
    pub fn channel_of_die(&self, die: u32) -> u32 {
        self.div.channels.remainder(die)
    }
}

/// The spare area GC works with: raw capacity beyond the user capacity.
#[derive(Clone, Copy)]
struct Spare {
    raw_units: u64,
    slots_per_block: u64,
}

/// Above this steady-state write amplification a drive is refused: at 100 it writes its
/// NAND a hundred times per host write, which no real drive does and no run finishes.
const MAX_MODEL_WAF: f64 = 100.0;

impl Spare {
    /// The user capacity must leave GC spare, and enough that greedy GC's write amplification
    /// (Desnoyers' model) stays sane.
    fn check(&self, device: &Device, user_units: u64) -> Result<(), ScenarioError> {
        let (field, knob_word) = if device.capacity.user_bytes.0 > 0 {
            ("device.capacity.user_bytes", "lower user_bytes")
        } else {
            ("device.capacity.op_percent", "raise op_percent")
        };
        self.check_for(field, knob_word, user_units)
    }

    /// The static SLC cache lives in the spare area at bits-per-cell NAND per byte: what it
    /// leaves must still carry GC on a full drive.
    fn check_static_slc(&self, user_units: u64, static_cells: u64) -> Result<(), ScenarioError> {
        if static_cells == 0 {
            return Ok(());
        }
        let field = "device.slc_cache.static_bytes";
        let spare = self.raw_units.saturating_sub(user_units) * MAPPING_UNIT_BYTES;
        let cells = static_cells * MAPPING_UNIT_BYTES;
        if cells >= spare {
            return Err(ScenarioError::new(
                field,
                ErrorCode::OutOfRange,
                format!(
                    "takes {} of NAND (bits-per-cell times its size) out of a spare area of {}: lower static_bytes, or the user capacity",
                    size_text(cells as f64),
                    size_text(spare as f64)
                ),
            ));
        }
        let left = Spare { raw_units: self.raw_units - static_cells, ..*self };
        left.check_for(field, "lower static_bytes: each SLC byte takes bits-per-cell bytes of the spare area", user_units)
    }

    fn check_for(&self, field: &str, knob_word: &str, user_units: u64) -> Result<(), ScenarioError> {
        if user_units == 0 {
            return Err(ScenarioError::new(field, ErrorCode::OutOfRange, "leaves no user capacity: the drive must hold at least 4096 bytes"));
        }
        if user_units >= self.raw_units {
            return Err(ScenarioError::new(
                field,
                ErrorCode::OutOfRange,
                format!(
                    "leaves no spare area: the user capacity must be below the raw capacity of {} ({knob_word})",
                    size_text((self.raw_units * MAPPING_UNIT_BYTES) as f64)
                ),
            ));
        }
        let alpha = self.raw_units as f64 / user_units as f64;
        let waf = crate::theory::waf_greedy(alpha, self.slots_per_block as u32);
        if waf > MAX_MODEL_WAF {
            return Err(ScenarioError::new(
                field,
                ErrorCode::OutOfRange,
                format!(
                    "leaves GC only {:.2} % of spare: write amplification would reach about {waf:.0} (at most {MAX_MODEL_WAF} is allowed); {knob_word}",
                    (alpha - 1.0) * 100.0
                ),
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::{Capacity, Nand};
    use crate::units::Bytes;

    #[test]
    fn article_001_capacity_example() {
        // 512 GiB of NAND (549,755,813,888 bytes), 512,110,190,592 visible: the rest is spare.
        let device = Device {
            nand: Nand {
                channels: 4,
                dies_per_channel: 4,
                planes_per_die: 2,
                blocks_per_plane: 1366,
                pages_per_block: 768,
                page_bytes: 16384,
                ..Nand::default()
            },
            capacity: Capacity { op_percent: 0.0, user_bytes: Bytes(512_110_190_592), ..Capacity::default() },
            ..Device::default()
        };
        // 4*4*2*1366 blocks of 12 MiB = 537,114,476,544 bytes; scale blocks so raw = 512 GiB.
        let g = Geometry::new(&device).unwrap();
        assert_eq!(g.user_bytes(), 512_110_190_592);
        let device = Device {
            nand: Nand {
                channels: 8,
                dies_per_channel: 4,
                planes_per_die: 4,
                blocks_per_plane: 341,
                pages_per_block: 768,
                page_bytes: 16384,
                ..Nand::default()
            },
            ..device
        };
        let g = Geometry::new(&device).unwrap();
        // 8*4*4*341 = 43,648 blocks x 12 MiB = 549,219,336,192: within 0.1 % of 512 GiB.
        assert!((g.raw_bytes() as f64 / 549_755_813_888.0 - 1.0).abs() < 0.001);
        let exact_op: f64 = (549_755_813_888.0 - 512_110_190_592.0) / 512_110_190_592.0 * 100.0;
        assert!((exact_op - 7.351).abs() < 0.001, "{exact_op}");
        assert!((g.op_percent_of_user() - exact_op).abs() < 0.2);
    }

    #[test]
    fn op_percent_sets_user_capacity() {
        let device = Device { capacity: Capacity { op_percent: 28.0, user_bytes: Bytes(0), ..Capacity::default() }, ..Device::default() };
        let g = Geometry::new(&device).unwrap();
        assert!((g.op_percent_of_user() - 28.0).abs() < 0.01);
        assert!((g.spare_percent_of_raw() - 28.0 / 1.28).abs() < 0.01);
    }

    #[test]
    fn too_little_spare_is_refused_with_the_field() {
        let device = Device { capacity: Capacity { op_percent: 0.0, user_bytes: Bytes(0), ..Capacity::default() }, ..Device::default() };
        let e = Geometry::new(&device).unwrap_err();
        assert_eq!(e.field, "device.capacity.op_percent");
    }
}
