//! NAND cell types and their datasheet timings.
//!
//! A wordline of a multi-bit cell holds one page per bit (TLC: lower, middle and upper page).
//! 3D NAND programs all of them in one operation ("one-shot"), so `program_ns` is the time of
//! one program operation: a whole wordline of pages when one-shot, one page otherwise. Run one
//! bit per cell (SLC mode, the SLC cache), a wordline holds one page and programs far faster.

use crate::scenario::{CellType, Nand, CELL_ERASE_US, CELL_PROGRAM_US, CELL_READ_US, CELL_SLC_PROGRAM_US, CELL_SLC_READ_US};
use crate::units::Nanos;

/// Array read (tR), program (tPROG, per program operation) and block erase (tBERS) times,
/// the P/E cycles a block is rated for, and the same block run one bit per cell.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct NandTiming {
    pub read_ns: Nanos,
    pub program_ns: Nanos,
    pub erase_ns: Nanos,
    pub endurance_pe: u32,
    /// SLC mode (the SLC cache, the translation table): two voltage levels to place and
    /// sense instead of 2^bits, so reads and programs are far quicker. For SLC these equal
    /// the native times.
    pub slc_mode_read_ns: Nanos,
    pub slc_mode_program_ns: Nanos,
}

impl NandTiming {
    /// Defaults picked inside public datasheet ranges for 3D NAND; tPROG is one program
    /// operation, a whole wordline (one-shot) for MLC, TLC and QLC:
    /// - SLC: tR 25-55 us, tPROG 200-350 us, tBERS 2-3.5 ms, 50k-100k P/E.
    /// - MLC: tR 40-70 us, tPROG 0.9-1.6 ms, tBERS 3-5 ms, 3k-10k P/E.
    /// - TLC: tR 50-90 us, tPROG 0.7-2 ms for the 3 pages, tBERS 3-10 ms, 1k-3k P/E.
    /// - QLC: tR 80-160 us, tPROG 8-20 ms for the 4 pages (ISSCC 2018-2019 parts program
    ///   12-30 MB/s per die: a 4-plane die with 16 KiB pages programs 256 KiB per
    ///   operation), tBERS 10-15 ms, 0.5k-1.5k P/E.
    ///
    /// SLC mode on MLC/TLC/QLC blocks: tR 25-45 us, tPROG 150-400 us.
    ///
    /// The values are the scenario's `CELL_*_US` tables, which the knob catalogue also gives
    /// the page.
    pub fn native(cell: CellType) -> NandTiming {
        // Whole microseconds, so the nanoseconds are exact.
        let ns = |us: [f64; 4]| (us[cell.index()] * 1000.0) as Nanos;
        NandTiming {
            read_ns: ns(CELL_READ_US),
            program_ns: ns(CELL_PROGRAM_US),
            erase_ns: ns(CELL_ERASE_US),
            endurance_pe: [100_000, 5_000, 3_000, 1_000][cell.index()],
            slc_mode_read_ns: ns(CELL_SLC_READ_US),
            slc_mode_program_ns: ns(CELL_SLC_PROGRAM_US),
        }
    }

    /// A drive's timings: its cell type's datasheet defaults with the drive's overrides.
    pub fn of(nand: &Nand) -> NandTiming {
        let mut t = NandTiming::native(nand.cell);
        if let Some(o) = &nand.timing {
            let ns = |v: Option<f64>, default: Nanos| v.map_or(default, |us| (us * 1000.0) as Nanos);
            t.read_ns = ns(o.read_us, t.read_ns);
            t.program_ns = ns(o.program_us, t.program_ns);
            t.erase_ns = ns(o.erase_us, t.erase_ns);
            t.slc_mode_read_ns = ns(o.slc_read_us, t.slc_mode_read_ns);
            t.slc_mode_program_ns = ns(o.slc_program_us, t.slc_mode_program_ns);
            if nand.cell == CellType::Slc {
                // SLC cells are always in SLC mode.
                t.slc_mode_read_ns = t.read_ns;
                t.slc_mode_program_ns = t.program_ns;
            }
        }
        t
    }
}
