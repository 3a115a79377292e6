//! NAND cell types and their datasheet timings.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::units::Nanos;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "lowercase")]
#[ts(export)]
pub enum CellType {
    Slc,
    Mlc,
    Tlc,
    Qlc,
}

/// Array read (tR), page program (tPROG) and block erase (tBERS) times, and the P/E cycles a
/// block is rated for.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct NandTiming {
    pub read_ns: Nanos,
    pub program_ns: Nanos,
    pub erase_ns: Nanos,
    pub endurance_pe: u32,
    /// The same block run one bit per cell (an SLC cache on TLC/QLC): fewer voltage levels
    /// to place and sense, so reads and programs are far quicker (for SLC these equal the
    /// native times).
    pub slc_mode_read_ns: Nanos,
    pub slc_mode_program_ns: Nanos,
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

    /// Defaults picked inside public datasheet ranges for 3D NAND:
    /// - SLC: tR 25-55 us, tPROG 200-350 us, tBERS 2-3.5 ms, 50k-100k P/E.
    /// - MLC: tR 40-70 us, tPROG 0.5-1.3 ms, tBERS 3-5 ms, 3k-10k P/E.
    /// - TLC: tR 50-90 us, tPROG 0.5-2 ms, tBERS 3-10 ms, 1k-3k P/E.
    /// - QLC: tR 80-160 us, tPROG 2-5 ms, tBERS 10-15 ms, 0.5k-1.5k P/E.
    pub fn native_timing(self) -> NandTiming {
        const US: Nanos = 1_000;
        // SLC-mode pages of MLC/TLC/QLC blocks: tR 25-40 us, tPROG 150-400 us.
        let t = |read: Nanos, program: Nanos, erase: Nanos, endurance_pe: u32, slc_read: Nanos, slc_program: Nanos| NandTiming {
            read_ns: read * US,
            program_ns: program * US,
            erase_ns: erase * US,
            endurance_pe,
            slc_mode_read_ns: slc_read * US,
            slc_mode_program_ns: slc_program * US,
        };
        match self {
            CellType::Slc => t(30, 250, 2_500, 100_000, 30, 250),
            CellType::Mlc => t(50, 900, 3_500, 5_000, 30, 250),
            CellType::Tlc => t(60, 700, 3_500, 3_000, 30, 250),
            CellType::Qlc => t(110, 3_000, 12_000, 1_000, 35, 300),
        }
    }
}
