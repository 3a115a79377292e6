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
        match self {
            CellType::Slc => NandTiming { read_ns: 30 * US, program_ns: 250 * US, erase_ns: 2_500 * US, endurance_pe: 100_000 },
            CellType::Mlc => NandTiming { read_ns: 50 * US, program_ns: 900 * US, erase_ns: 3_500 * US, endurance_pe: 5_000 },
            CellType::Tlc => NandTiming { read_ns: 60 * US, program_ns: 700 * US, erase_ns: 3_500 * US, endurance_pe: 3_000 },
            CellType::Qlc => NandTiming { read_ns: 110 * US, program_ns: 3_000 * US, erase_ns: 12_000 * US, endurance_pe: 1_000 },
        }
    }
}
