//! The NAND drive's part of a run's summary and of its rates over time: its NAND, GC, wear,
//! capacity, table and SLC cache, counted from the workload's start.

use super::NandSsd;
use crate::controller::FlashCounters;
use crate::device::run_frame::RunFrame;
use crate::ftl::mapping_cache::MappingCounters;
use crate::ftl::FtlCounters;
use crate::metrics::{MediaWrites, WindowCounters};
use crate::units::MAPPING_UNIT_BYTES;
use serde::Serialize;
use ts_rs::TS;

/// The NAND drive's counters when the workload started.
#[derive(Clone, Copy, Default)]
pub struct NandBaseline {
    pub ftl: FtlCounters,
    pub flash: FlashCounters,
    pub map: MappingCounters,
    pub writes: MediaWrites,
    /// The SLC cache's size then, 4 KiB units of the 1/scale drive.
    pub slc_cache_units: u64,
    /// NVMe FDP's per-handle counters (zeros without FDP).
    pub fdp: crate::ftl::FdpCounters,
}

/// A NAND drive's summary section (the NAND tier's, in a hybrid). Every number is an f64 so
/// JavaScript reads it exactly (all stay below 2^53).
#[derive(Clone, Debug, Default, PartialEq, Serialize, TS)]
#[ts(export)]
pub struct NandSummary {
    /// NAND bytes programmed for host data and GC copies.
    pub nand_written_bytes: f64,
    pub gc_runs: f64,
    pub gc_moved_bytes: f64,
    pub erases: f64,
    pub wear_level_moves: f64,
    /// Data moved out of those victims (part of `gc_moved_bytes`: GC's machinery moves it):
    /// what static wear levelling cost in writes.
    pub wear_level_moved_bytes: f64,
    /// Erase counts over all blocks, since the drive was new (preconditioning included).
    pub erase_count_max: f64,
    pub erase_count_mean: f64,
    /// Mean erase count against the cell type's rated P/E cycles.
    pub endurance_used_percent: f64,
    /// Endurance in TB written: the vendor's rating where the drive has one
    /// (`capacity.rated_tbw`), else the NAND's P/E life (`pe_life_tbw`).
    pub estimated_tbw: f64,
    /// `estimated_tbw` if the most-worn block decides: the rating assumes every block wears
    /// alike, so a spread of erase counts shortens it by mean / max. A lower bound (a drive
    /// retires worn blocks onto its spares), and what static wear levelling protects.
    pub most_worn_block_tbw: f64,
    /// Every NAND read, program and erase of this run, whatever caused it (host, GC, wear
    /// levelling, translation pages); preconditioning excluded.
    pub flash_operations: f64,
    /// Extra page reads with shifted read voltages, for host pages the ECC could not decode
    /// at first (read retry; part of `flash_operations`).
    pub read_retries: f64,
    /// Host reads that went ahead of a program or erase on their plane (program/erase
    /// suspend); each added the suspend, the read and the resume to the plane's time.
    pub suspended_reads: f64,
    /// Host reads let in ahead of the GC work queued on their plane (GC that yields to
    /// reads); each added its read to the plane's time after that work.
    pub reads_ahead_of_gc: f64,
    /// Mean share of time the planes were reading, programming or erasing.
    pub plane_utilisation_percent: f64,
    pub raw_capacity_bytes: f64,
    /// (raw - user) / user, as drive makers quote it.
    pub op_percent: f64,
    /// The same spare area as a share of raw NAND: (raw - user) / raw.
    pub spare_percent_of_raw: f64,
    /// The spare GC really had when it chose its victims in this run, as OP is quoted:
    /// (data written in the plane, valid or not, - valid data) / valid data, percent. It is
    /// the OP as typed on a full drive; never-written or trimmed space adds to it. Absent
    /// from a run in which GC chose no victim: there is no spare "GC had" to state (a read
    /// run's free space is not a spare GC used).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub gc_spare_percent: Option<f64>,
    /// The firmware's working blocks in each plane, on top of the raw capacity (GC's free
    /// reserve and the open blocks of the write frontiers).
    pub working_blocks_per_plane: f64,
    /// Share of table lookups answered by each tier, and missed (read from NAND), percent.
    pub map_sram_hit_percent: f64,
    pub map_dram_hit_percent: f64,
    pub map_hmb_hit_percent: f64,
    pub map_miss_percent: f64,
    /// Translation pages read from NAND (misses, and loads before an update).
    pub translation_page_reads: f64,
    /// Dirty table segments written back to NAND.
    pub translation_page_writes: f64,
    /// HMB the host granted, and the part holding table segments; the span that part
    /// covers at 4 bytes per 4 KiB.
    pub hmb_granted_bytes: f64,
    pub hmb_table_bytes: f64,
    pub hmb_covered_span_bytes: f64,
    /// The smallest larger grant (whole MiB, up to the drive's maximum) that would hold
    /// more of the table, and the span it would cover: absent when none would.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub hmb_next_grant_bytes: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub hmb_next_covered_span_bytes: Option<f64>,
    /// The SLC cache's size when the workload started (static part plus the dynamic share of
    /// the free native capacity then), a capacity: full-size bytes; 0 without one.
    pub slc_cache_bytes: f64,
    /// Host data written into the SLC cache, and data folded out of it into native blocks
    /// (part of `gc_moved_bytes`), in this run: amounts of the 1/scale drive, as host and
    /// NAND writes are.
    pub slc_written_bytes: f64,
    pub folded_bytes: f64,
}

impl NandSsd {
    /// The counters a run's numbers count from.
    pub fn baseline(&self) -> NandBaseline {
        NandBaseline {
            ftl: self.ftl.counters(),
            flash: self.counters(),
            map: self.mapping_counters(),
            writes: self.nand_writes(),
            slc_cache_units: self.ftl.slc_cache_units().1,
            fdp: self.ftl.fdp_counters(),
        }
    }

    /// Write amplification since `b`: every NAND write over host writes (one definition
    /// with the WAF series).
    pub fn write_amplification_since(&self, b: &NandBaseline) -> f64 {
        self.nand_writes().write_amplification(&b.writes, self.slot_geometry())
    }

    /// This drive's summary section for the run since `b`, whose write amplification is
    /// `waf` (`write_amplification_since`; the summary states it beside the section).
    pub fn summary(&self, b: &NandBaseline, waf: f64, run: &RunFrame) -> NandSummary {
        let full_geo = run.full_geo.expect("a NAND drive has a geometry");
        let ftl = self.ftl.counters();
        let flash = self.counters();
        let gc_units = ftl.gc_units_moved - b.ftl.gc_units_moved;
        let programs = (flash.host_page_programs + flash.gc_page_programs) - (b.flash.host_page_programs + b.flash.gc_page_programs);
        let counts = self.ftl.erase_counts();
        let erase_mean = counts.clone().map(|c| c as f64).sum::<f64>() / counts.len() as f64;
        let endurance = self.endurance_pe() as f64;
        let map = self.mapping_counters();
        let lookups: [f64; 4] = std::array::from_fn(|t| (map.lookups[t] - b.map.lookups[t]) as f64);
        let total_lookups: f64 = lookups.iter().sum::<f64>().max(1.0);
        let page_reads = flash.translation_page_reads - b.flash.translation_page_reads;
        let page_writes = flash.translation_page_writes - b.flash.translation_page_writes;
        let geo = self.ftl.geometry();
        let bytes = |units: u64| (units * MAPPING_UNIT_BYTES) as f64;
        let max_erases = counts.clone().max().unwrap_or(0) as f64;
        let tbw = self.rated_tbw.unwrap_or_else(|| pe_life_tbw(full_geo.raw_bytes(), endurance, waf));
        NandSummary {
            nand_written_bytes: ((programs + page_writes) * geo.page_bytes as u64) as f64,
            gc_runs: (ftl.gc_runs - b.ftl.gc_runs) as f64,
            gc_moved_bytes: bytes(gc_units),
            erases: (ftl.erases - b.ftl.erases) as f64,
            wear_level_moves: (ftl.wear_level_moves - b.ftl.wear_level_moves) as f64,
            wear_level_moved_bytes: bytes(ftl.wear_level_units_moved - b.ftl.wear_level_units_moved),
            erase_count_max: max_erases,
            erase_count_mean: erase_mean,
            endurance_used_percent: erase_mean / endurance * 100.0,
            estimated_tbw: tbw,
            most_worn_block_tbw: if max_erases > 0.0 { tbw * erase_mean / max_erases } else { tbw },
            flash_operations: (flash.flash_ops() - b.flash.flash_ops()) as f64,
            read_retries: (flash.read_retries - b.flash.read_retries) as f64,
            suspended_reads: (flash.suspended_reads - b.flash.suspended_reads) as f64,
            reads_ahead_of_gc: (flash.reads_ahead_of_gc - b.flash.reads_ahead_of_gc) as f64,
            plane_utilisation_percent: self.hw.plane_utilisation(run.elapsed) * 100.0,
            raw_capacity_bytes: full_geo.raw_bytes() as f64,
            op_percent: full_geo.op_percent_of_user(),
            spare_percent_of_raw: full_geo.spare_percent_of_raw(),
            gc_spare_percent: ftl.gc_spare_percent_since(&b.ftl),
            working_blocks_per_plane: geo.working_blocks_per_plane as f64,
            map_sram_hit_percent: lookups[0] * 100.0 / total_lookups,
            map_dram_hit_percent: lookups[1] * 100.0 / total_lookups,
            map_hmb_hit_percent: lookups[2] * 100.0 / total_lookups,
            map_miss_percent: lookups[3] * 100.0 / total_lookups,
            translation_page_reads: page_reads as f64,
            translation_page_writes: page_writes as f64,
            hmb_granted_bytes: run.hmb_granted_bytes as f64,
            hmb_table_bytes: run.hmb_table_bytes as f64,
            hmb_covered_span_bytes: covered_span(run.hmb_table_bytes),
            hmb_next_grant_bytes: run.hmb_next_step.map(|(grant, _)| grant as f64),
            hmb_next_covered_span_bytes: run.hmb_next_step.map(|(_, table)| covered_span(table)),
            slc_cache_bytes: bytes(b.slc_cache_units) * run.scale as f64,
            slc_written_bytes: bytes(ftl.slc_units_written - b.ftl.slc_units_written),
            folded_bytes: bytes(ftl.units_folded - b.ftl.units_folded),
        }
    }

    /// The counters its rates over time come from.
    pub fn window_counters(&self) -> WindowCounters {
        let ftl = self.ftl.counters();
        let (slc_data, slc_size) = self.ftl.slc_cache_units();
        WindowCounters {
            writes: self.nand_writes(),
            gc_units: ftl.gc_units_moved,
            folded_units: ftl.units_folded,
            lookups: self.mapping_counters().lookups,
            slc_units: [slc_data, slc_size],
            placement: self.placement_counts(),
            ..Default::default()
        }
    }
}

/// The logical span a table of `table_bytes` maps: a 4-byte entry per 4 KiB unit.
fn covered_span(table_bytes: u64) -> f64 {
    (table_bytes / 4 * 4096) as f64
}

/// The write amplification an endurance estimate assumes at least: a read run's (or a
/// sequential run's) WAF of 1 would rate a drive's life by its raw NAND alone, which no
/// vendor does. Vendors rate with JEDEC's client workload (JESD218/219A) and do not publish
/// its WAF; 3 is fitted: with it the 970 EVO Plus-like's and the 660p-like's P/E life
/// come to 1.8x their ratings (550 vs 300 TB, 183 vs 100 TB), a warranty's margin.
pub const CLIENT_WAF: f64 = 3.0;

/// Terabytes the host can write before the NAND's rated P/E cycles are spent: raw capacity
/// x P/E / WAF, at this run's WAF or `CLIENT_WAF`, whichever is higher.
pub fn pe_life_tbw(raw_bytes: u64, endurance_pe: f64, waf: f64) -> f64 {
    raw_bytes as f64 * endurance_pe / waf.max(CLIENT_WAF) / 1e12
}
