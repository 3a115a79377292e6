//! Where the FTL's address-translation table lives (article 000): controller SRAM,
//! on-board DRAM, and the NVMe Host Memory Buffer.

use super::error::{Check, ErrorCode, ScenarioError};
use super::knobs::{doc, gib, inert_when, kib, mib, Inert, KnobValue, Knobs, NAND};

/// A grant the drive cannot take or the host does not give: its size changes nothing.
const NO_HMB: &[Inert] = &[
    inert_when("device.mapping.hmb.max_bytes", "0", "hmb_unsupported", "This drive does not support HMB (its HMB maximum is 0): the host grants nothing"),
    inert_when("device.mapping.hmb.allocation_policy", "0", "hmb_off", "The host turned HMB off (allocation policy 0): it grants nothing"),
];
use crate::units::{Bytes, GIB, MIB};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS, Knobs)]
#[serde(default, deny_unknown_fields)]
#[ts(export)]
#[knobs(group = "mapping", devices = NAND)]
pub struct Mapping {
    /// Controller SRAM caching table segments. A DRAM-less controller has only this (about
    /// 1 MiB: ~1 GiB of span at 4 bytes per 4 KiB).
    #[knob(doc("SRAM table cache", "Controller SRAM for table segments: 1 MiB covers about 1 GiB of span").range(0.0, mib(256.0)).slider())]
    pub sram_bytes: Bytes,
    /// On-board DRAM for the table; 0 = DRAM-less. DRAM of capacity / 1000 holds the whole
    /// table, loaded at power-on.
    #[knob(doc("DRAM", "On-board DRAM for the table; 0 = DRAM-less. Capacity / 1000 holds it all").range(0.0, gib(64.0)).slider())]
    pub dram_bytes: Bytes,
    /// Trusted memory for modified (dirty) table segments on a DRAM-less drive: SRAM the
    /// controller keeps for the write path. With DRAM, dirty segments stay in DRAM.
    #[knob(doc("Dirty-segment SRAM", "Trusted SRAM for modified table segments on a DRAM-less drive").range(0.0, mib(256.0)))]
    pub dirty_sram_bytes: Bytes,
    /// Time to read an entry from DRAM.
    #[knob(doc("DRAM access", "Time to read a table entry from DRAM").unit("µs").range(0.0, 100.0))]
    pub dram_access_us: f64,
    #[knob(nested)]
    pub hmb: Hmb,
    /// The table is cached and read in segments of this size (a NAND page; firmware reading a
    /// multi-plane page loads two at once); 0 = one NAND page.
    #[knob(doc("Table segment", "The table is cached and read from NAND in segments of this size; 0 = one NAND page (a multi-plane page is two)").range(0.0, kib(256.0)))]
    pub segment_bytes: Bytes,
    /// Host data written between checkpoints of the table. A drive keeps its table's changes
    /// in memory and writes them to NAND now and then; at power-on after a cut it loads the
    /// last checkpoint (what it keeps in DRAM) and rebuilds the entries changed since by
    /// reading the pages programmed since, whose spare areas name the addresses they hold
    /// (`sim::power_cut`). The interval is firmware's and not public: the default is an
    /// assumption. The checkpoints' own writes are not booked.
    #[knob(doc("Table checkpoint every", "Host data written between checkpoints of the mapping table: after a power cut the drive loads the last one and rebuilds what changed since by reading the pages written since").range(mib(1.0), gib(1024.0)).inert(&super::job::NO_POWER_CUT))]
    pub checkpoint_bytes: Bytes,
    /// Set by `Scenario::scaled` only: table entries per segment on the 1/scale drive. A
    /// scaled drive keeps the full drive's number of segments and every cache's size in
    /// segments; each segment maps 1/scale of the addresses (see `scenario/scale.rs`).
    #[serde(skip)]
    #[ts(skip)]
    pub scaled_entries_per_segment: Option<u32>,
}

impl Default for Mapping {
    fn default() -> Self {
        Self {
            sram_bytes: Bytes(MIB),
            dram_bytes: Bytes(GIB),
            dirty_sram_bytes: Bytes(2 * MIB),
            dram_access_us: 0.1,
            hmb: Hmb::default(),
            segment_bytes: Bytes(0),
            checkpoint_bytes: Bytes(GIB),
            scaled_entries_per_segment: None,
        }
    }
}

/// NVMe Host Memory Buffer: host RAM the drive borrows over PCIe.
///
/// The drive advertises a minimum and a preferred size (and accepts at most `max_bytes`);
/// the host decides what to grant, as Windows does with `HmbAllocationPolicy` (0 off,
/// 1 the minimum, 2 the preferred size) or an exact `HostMemoryBufferBytes` (above the
/// maximum turns HMB off). The grant may come in several chunks (the descriptor list).
///
/// How the drive uses the grant is firmware's choice; this model carves it the way the
/// article's two measurements imply (see `table_bytes`): the first `reserved_bytes` hold
/// the drive's other data, and the table cache takes whole `region_bytes` regions, none
/// spanning two chunks.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS, Knobs)]
#[serde(default, deny_unknown_fields)]
#[ts(export)]
#[knobs(group = "hmb")]
pub struct Hmb {
    #[knob(doc("HMB minimum", "Smallest buffer the drive accepts").at_least(0.0))]
    pub min_bytes: Bytes,
    #[knob(doc("HMB preferred", "Buffer the drive asks for").at_least(0.0))]
    pub preferred_bytes: Bytes,
    #[knob(doc("HMB maximum", "Largest buffer the drive accepts; 0 = no HMB support").range(0.0, gib(4.0)))]
    pub max_bytes: Bytes,
    /// Windows `HmbAllocationPolicy`: 0 off, 1 minimum, 2 preferred.
    #[knob(doc("HMB allocation policy", "Windows HmbAllocationPolicy: 0 off, 1 the drive's minimum, 2 its preferred size").options(&["0", "1", "2"]).labels(&["0: off", "1: minimum", "2: preferred"]))]
    pub allocation_policy: u32,
    /// Windows `HostMemoryBufferBytes`: an exact size (binary bytes); 0 = not set.
    #[knob(doc("HostMemoryBufferBytes", "Exact HMB size the host grants (binary bytes); above the drive's maximum turns HMB off").range(0.0, gib(64.0)).slider().inert(NO_HMB))]
    pub host_memory_buffer_bytes: Bytes,
    /// Memory chunks the grant is split into (the host's descriptor list).
    #[knob(doc("HMB chunks", "Pieces the host's grant comes in (descriptor list); table regions cannot span two").range(1.0, 256.0))]
    pub chunks: u32,
    /// Part of the grant the drive keeps for data other than the table.
    #[knob(doc("HMB reserved", "Part of the grant the drive keeps for data other than the table").range(0.0, gib(4.0)))]
    pub reserved_bytes: Bytes,
    /// The table cache is carved into whole regions of this size; 0 = use all the rest.
    #[knob(doc("HMB table region", "The table cache takes whole regions of this size; 0 = all of the rest").range(0.0, gib(4.0)))]
    pub region_bytes: Bytes,
    /// PCIe round trip for one table lookup in host memory.
    #[knob(doc("HMB access", "PCIe round trip for a table lookup in host memory").unit("µs").range(0.0, 100.0))]
    pub access_latency_us: f64,
    /// Encrypt what the drive keeps in host RAM (host RAM is not trusted).
    #[knob(doc("Encrypt HMB", "Encrypt what the drive keeps in untrusted host RAM"))]
    pub encrypt: bool,
    #[knob(doc("Encryption cost", "Added to every HMB lookup when encrypting").unit("µs").range(0.0, 100.0).when("encrypt", "true"))]
    pub encryption_us: f64,
    /// HMB exists only once the OS driver has loaded: until then the drive runs DRAM-less.
    #[knob(doc("HMB after boot", "HMB exists only once the OS driver loads; until then the drive runs DRAM-less").unit("s").range(0.0, 3600.0))]
    pub available_after_s: f64,
    /// Controller SRAM the drive's other data (block and wear tables) takes without an HMB.
    /// With a grant that holds the reserve, that data moves to the reserve, and the SRAM
    /// holds this much more modified table: the article's "HMB changes how the SRAM is used".
    #[knob(doc("SRAM freed by HMB", "SRAM the drive's other data takes without an HMB; once the HMB's reserve holds that data, the SRAM keeps this much more modified table").range(0.0, gib(1.0)))]
    pub frees_sram_bytes: Bytes,
    /// Where modified table segments may wait before they are written back to NAND.
    #[knob(doc("Dirty table in", "Where modified table segments wait: controller SRAM only, written back one at a time (bounded latency), or also the HMB, flushed all at once when full (faster, long stalls)"))]
    pub dirty_table: DirtyTable,
}

/// Where a DRAM-less drive keeps table segments a write has modified, until they are
/// written back to NAND. Either way a clean copy in the HMB is a valid base for the
/// modification (the drive checks it against a CRC it keeps), which saves the NAND read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS, KnobValue)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum DirtyTable {
    /// Only in the controller's SRAM (`dirty_sram_bytes`): when it is full, the least
    /// recently modified segment is written back, one per new one. Each write-back is a
    /// single table page, so no host write ever waits behind a long flush; past the SRAM's
    /// span every random write costs one. Toshiba's BG4 design, built to avoid latencies
    /// over 100 ms (article 000).
    #[option("SRAM only: one write-back at a time")]
    Sram,
    /// Also in the HMB's table area, as a DRAM drive keeps them in DRAM: writes that land in
    /// an already modified segment cost nothing until the SRAM and the HMB's table area are
    /// all modified; then the drive flushes every one of them at once, and the writes behind
    /// that flush wait tens of milliseconds. This model's inference for the BG3-like drive,
    /// faster than the BG4 from 4 to 32 GB in article 000.
    #[option("SRAM and HMB: flush all when full")]
    Hmb,
}

impl Default for Hmb {
    fn default() -> Self {
        Self {
            min_bytes: Bytes(0),
            preferred_bytes: Bytes(0),
            max_bytes: Bytes(0),
            allocation_policy: 2,
            host_memory_buffer_bytes: Bytes(0),
            chunks: 1,
            reserved_bytes: Bytes(0),
            region_bytes: Bytes(0),
            access_latency_us: 1.5,
            encrypt: false,
            encryption_us: 0.3,
            available_after_s: 0.0,
            frees_sram_bytes: Bytes(0),
            dirty_table: DirtyTable::Sram,
        }
    }
}

impl Hmb {
    /// What the host grants. As under Windows: `HmbAllocationPolicy` 0 turns HMB off whatever
    /// else is set; otherwise an exact `HostMemoryBufferBytes` wins over the policy's size (and
    /// above the drive's maximum turns HMB off). As in NVMe, a grant below the drive's
    /// minimum (HMMIN) is no grant: the host must offer at least that or enable no HMB.
    pub fn granted_bytes(&self) -> u64 {
        if self.max_bytes.0 == 0 || self.allocation_policy == 0 {
            return 0; // the drive does not support HMB, or the host turned it off
        }
        let wanted = if self.host_memory_buffer_bytes.0 > 0 {
            self.host_memory_buffer_bytes.0
        } else if self.allocation_policy == 1 {
            self.min_bytes.0
        } else {
            self.preferred_bytes.0
        };
        if wanted > self.max_bytes.0 || wanted < self.min_bytes.0 {
            0
        } else {
            wanted
        }
    }

    /// SRAM the grant frees for modified table: `frees_sram_bytes` once the grant holds the
    /// whole reserve, else none.
    pub fn freed_sram_bytes(&self) -> u64 {
        let granted = self.granted_bytes();
        if granted > 0 && granted >= self.reserved_bytes.0 {
            self.frees_sram_bytes.0
        } else {
            0
        }
    }

    /// Bytes of the grant that hold table segments: the reserve comes off the first chunks,
    /// then each chunk holds as many whole regions as fit.
    pub fn table_bytes(&self) -> u64 {
        self.table_bytes_of(self.granted_bytes())
    }

    /// The table bytes a grant of `granted` bytes would hold.
    fn table_bytes_of(&self, granted: u64) -> u64 {
        if granted == 0 {
            return 0;
        }
        let chunks = self.chunks.max(1) as u64;
        let mut reserve = self.reserved_bytes.0;
        let mut table = 0;
        for i in 0..chunks {
            let size = granted / chunks + if i == chunks - 1 { granted % chunks } else { 0 };
            let taken = reserve.min(size);
            reserve -= taken;
            let free = size - taken;
            // 0 = no regions: the table takes all of the rest.
            table += free.checked_div(self.region_bytes.0).map_or(free, |n| n * self.region_bytes.0);
        }
        table
    }

    /// The HMB slider's next step: the smallest grant above this one, in whole MiB the drive
    /// accepts (its minimum to its maximum), that holds more of the table, with the table
    /// bytes it holds. None when no larger grant adds any (or the drive has no HMB). With
    /// regions, most grants change nothing: this says where the next one starts.
    pub fn next_step(&self) -> Option<(u64, u64)> {
        if self.max_bytes.0 == 0 {
            return None;
        }
        let now = self.table_bytes();
        let first = (self.granted_bytes() / MIB + 1).max(self.min_bytes.0.div_ceil(MIB));
        (first..=self.max_bytes.0 / MIB).map(|m| m * MIB).map(|g| (g, self.table_bytes_of(g))).find(|&(_, table)| table > now)
    }
}

impl Mapping {
    /// Bytes of one table segment on a drive with `page_bytes` pages.
    pub fn segment_bytes(&self, page_bytes: u32) -> u64 {
        if self.segment_bytes.0 == 0 {
            page_bytes as u64
        } else {
            self.segment_bytes.0
        }
    }

    /// Logical units one segment of the full-size drive maps: its 4-byte entries.
    pub fn full_entries_per_segment(&self, page_bytes: u32) -> u32 {
        ((self.segment_bytes(page_bytes) / 4) as u32).max(1)
    }

    /// Logical units one segment maps: its 4-byte entries (fewer on a scaled drive).
    pub fn entries_per_segment(&self, page_bytes: u32) -> u32 {
        self.scaled_entries_per_segment.unwrap_or(self.full_entries_per_segment(page_bytes)).max(1)
    }

    pub(crate) fn validate(&self) -> Result<(), ScenarioError> {
        let c = Check::at("device.mapping");
        if self.segment_bytes.0 > 0 {
            c.power_of_two("segment_bytes", self.segment_bytes.0)?;
        }
        if self.sram_bytes.0 == 0 && self.dram_bytes.0 == 0 {
            return Err(c.fail("sram_bytes", ErrorCode::Inconsistent, "a drive needs SRAM or DRAM for its table: set sram_bytes or dram_bytes above 0"));
        }
        if self.dram_bytes.0 == 0 && self.dirty_sram_bytes.0 == 0 {
            return Err(c.fail("dirty_sram_bytes", ErrorCode::Inconsistent, "a DRAM-less drive needs SRAM for modified table segments: must be above 0"));
        }
        let h = &self.hmb;
        let c = Check::at("device.mapping.hmb");
        c.within_size("preferred_bytes", h.preferred_bytes.0, 0, h.max_bytes.0, "(at most max_bytes)")?;
        c.within_size("min_bytes", h.min_bytes.0, 0, h.preferred_bytes.0, "(at most preferred_bytes)")?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bg4(grant: u64) -> Hmb {
        Hmb {
            min_bytes: Bytes(16 * MIB),
            preferred_bytes: Bytes(61 * MIB),
            max_bytes: Bytes(64 * MIB),
            host_memory_buffer_bytes: Bytes(grant),
            reserved_bytes: Bytes(16 * MIB),
            region_bytes: Bytes(24 * MIB),
            ..Hmb::default()
        }
    }

    #[test]
    fn windows_policies_decide_the_grant() {
        let mut h = bg4(0);
        assert_eq!(h.granted_bytes(), 61 * MIB);
        h.allocation_policy = 1;
        assert_eq!(h.granted_bytes(), 16 * MIB);
        h.allocation_policy = 0;
        assert_eq!(h.granted_bytes(), 0);
        assert_eq!(bg4(67_108_864).granted_bytes(), 64 * MIB, "HostMemoryBufferBytes, binary");
        assert_eq!(bg4(65 * MIB).granted_bytes(), 0, "above the maximum turns HMB off");
        assert_eq!(bg4(6).granted_bytes(), 0, "below the drive's 16 MiB minimum: no HMB at all");
        assert_eq!(bg4(16 * MIB).granted_bytes(), 16 * MIB, "the minimum itself is a grant");
        let off = Hmb { allocation_policy: 0, ..bg4(64 * MIB) };
        assert_eq!(off.granted_bytes(), 0, "HmbAllocationPolicy 0 turns HMB off even with HostMemoryBufferBytes set");
    }

    #[test]
    fn the_carve_up_explains_the_articles_knees() {
        // 4 bytes per 4 KiB alone would cover 61 and 64 GiB; the drive covers < 32 and ~48.
        assert_eq!(bg4(61 * MIB).table_bytes(), 24 * MIB);
        assert_eq!(bg4(64 * MIB).table_bytes(), 48 * MIB);
        // Fragmentation costs coverage: regions cannot span chunks.
        let split = Hmb { chunks: 2, ..bg4(64 * MIB) };
        assert_eq!(split.table_bytes(), 24 * MIB);
    }

    #[test]
    fn the_next_step_says_where_a_larger_grant_starts_to_cover_more() {
        // 61 MiB: one region (24 GiB); the second fits from 64 MiB, the maximum.
        assert_eq!(bg4(61 * MIB).next_step(), Some((64 * MIB, 48 * MIB)));
        // Under the 16 MiB reserve and one region, a grant holds no table: the first one at 40 MiB.
        assert_eq!(bg4(20 * MIB).table_bytes(), 0);
        assert_eq!(bg4(20 * MIB).next_step(), Some((40 * MIB, 24 * MIB)));
        assert_eq!(bg4(16 * MIB).next_step(), Some((40 * MIB, 24 * MIB)));
        // HMB off (policy 0, or a grant over the maximum): from the drive's minimum on.
        assert_eq!(Hmb { allocation_policy: 0, ..bg4(0) }.next_step(), Some((40 * MIB, 24 * MIB)));
        assert_eq!(bg4(65 * MIB).next_step(), Some((40 * MIB, 24 * MIB)));
        // At the maximum nothing larger is accepted; a drive without HMB has no step.
        assert_eq!(bg4(64 * MIB).next_step(), None);
        assert_eq!(Hmb::default().next_step(), None);
        // Proportional (no reserve, no regions): every MiB more covers more.
        let plain = Hmb { reserved_bytes: Bytes(0), region_bytes: Bytes(0), ..bg4(20 * MIB) };
        assert_eq!(plain.next_step(), Some((21 * MIB, 21 * MIB)));
    }
}
