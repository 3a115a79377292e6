//! A run's result: the summary numbers and the series, as the CLI prints them and the web
//! app charts them.

mod fields;

pub use fields::{summary_fields, summary_fields_json, SummaryField, SummaryGroup};

use crate::device::DeviceModel;
use crate::device::NandSsd;
use crate::metrics::{LabelId, LatencySummary, Op, Series, SeriesRole};
use crate::scenario::{Scenario, ScenarioError};
use crate::sim::{SimParts, Simulation};
use crate::units::MAPPING_UNIT_BYTES;
use serde::Serialize;
use ts_rs::TS;

#[derive(Clone, Debug, PartialEq, Serialize, TS)]
#[ts(export)]
pub struct Report {
    pub summary: Summary,
    pub series: Vec<Series>,
    /// The ceiling the run stopped at before its workload's end, naming the field to change
    /// (`summary.truncated` says the same as a number would); null for a run that finished.
    pub stopped: Option<crate::scenario::ScenarioError>,
}

/// Every number is an f64 so JavaScript reads it exactly (all stay below 2^53). Values of
/// another device kind than the run's are 0 (see `fields.rs`).
#[derive(Clone, Debug, Default, PartialEq, Serialize, TS)]
#[ts(export)]
pub struct Summary {
    /// Simulated time the workload ran.
    pub duration_s: f64,
    pub read_mb_per_s: f64,
    pub write_mb_per_s: f64,
    pub read_iops: f64,
    pub write_iops: f64,
    pub read_latency: LatencySummary,
    pub write_latency: LatencySummary,
    pub host_read_bytes: f64,
    pub host_written_bytes: f64,
    pub host_trimmed_bytes: f64,
    /// NAND bytes programmed for host data and GC copies.
    pub nand_written_bytes: f64,
    /// NAND space programmed (host data, GC copies and wear-levelling moves, translation
    /// pages) / host data written, over this run; the `waf` series ends on this value.
    pub write_amplification: f64,
    pub gc_runs: f64,
    pub gc_moved_bytes: f64,
    pub erases: f64,
    pub wear_level_moves: f64,
    /// Erase counts over all blocks, since the drive was new (preconditioning included).
    pub erase_count_max: f64,
    pub erase_count_mean: f64,
    /// Mean erase count against the cell type's rated P/E cycles.
    pub endurance_used_percent: f64,
    /// Host writes the NAND can take before its rated P/E cycles run out, at this run's
    /// write amplification (1 if it wrote nothing): raw capacity x P/E / WAF, in TB.
    pub estimated_tbw: f64,
    /// Every NAND read, program and erase of this run, whatever caused it (host, GC, wear
    /// levelling, translation pages); preconditioning excluded.
    pub flash_operations: f64,
    /// Mean share of time the planes were reading, programming or erasing.
    pub plane_utilisation_percent: f64,
    /// 1/scale of the drive was simulated; capacities here are the full drive's.
    pub scale: f64,
    pub raw_capacity_bytes: f64,
    pub user_capacity_bytes: f64,
    /// (raw - user) / user, as drive makers quote it.
    pub op_percent: f64,
    /// The same spare area as a share of raw NAND: (raw - user) / raw.
    pub spare_percent_of_raw: f64,
    /// The spare GC really had when it chose its victims in this run, as OP is quoted:
    /// (data written in the plane, valid or not, - valid data) / valid data, percent. It is
    /// the OP as typed on a full drive; never-written or trimmed space adds to it. Without
    /// GC in the run, the drive's spare at its end.
    pub gc_spare_percent: f64,
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
    /// The SLC cache's size when the workload started (static part plus the dynamic share of
    /// the free native capacity then), a capacity: full-size bytes; 0 without one.
    pub slc_cache_bytes: f64,
    /// Host data written into the SLC cache, and data folded out of it into native blocks
    /// (part of `gc_moved_bytes`), in this run: amounts of the 1/scale drive, as host and
    /// NAND writes are.
    pub slc_written_bytes: f64,
    pub folded_bytes: f64,
    /// 3D XPoint and disks: bytes written to the media (the host's, once: no write
    /// amplification), 4 KiB media reads and writes, and the share of time its ranks (the
    /// disk's head) were busy.
    pub media_written_bytes: f64,
    pub media_operations: f64,
    pub media_utilisation_percent: f64,
    /// A disk: requests that moved the arm; the mean seek and rotational wait per request at
    /// the platters; the share of units read that came from its DRAM (read look-ahead).
    pub seeks: f64,
    pub mean_seek_ms: f64,
    pub mean_rotation_ms: f64,
    pub read_cache_hit_percent: f64,
    /// A hybrid drive: the share of units read that came from its cache tier; data copied
    /// into the cache, written back from it to the backing tier and evicted from it in this
    /// run (amounts of the 1/scale drive, as host writes are); the data it holds at the end
    /// (a capacity: full-size bytes).
    pub tier_read_hit_percent: f64,
    pub tier_promoted_bytes: f64,
    pub tier_written_back_bytes: f64,
    pub tier_evicted_bytes: f64,
    pub tier_cached_bytes: f64,
    /// Events the run loop processed (command completions and think-time wake-ups).
    pub events: f64,
    /// True if the run stopped at a ceiling before its workload's end (the report's
    /// `stopped` says which, naming the field to change).
    pub truncated: bool,
    /// Width of the throughput-over-time windows at the end of the run, milliseconds.
    pub time_window_ms: f64,
    /// The windows are wider than `log_avg_msec` (or the automatic width) asked for: a
    /// time series keeps at most `MAX_TIME_WINDOWS` points at one width (see
    /// `sim/window.rs`).
    pub time_window_widened: bool,
}

impl Report {
    /// The CLI's output format; the browser's `report()` returns the same text.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a report always serialises")
    }
}

#[derive(Serialize)]
struct SeriesMeta<'a> {
    id: &'a str,
    role: SeriesRole,
    label_id: LabelId,
    label: &'a str,
    x: &'a crate::metrics::Axis,
    y: &'a crate::metrics::Axis,
}

/// Each series without its points, for a consumer that streams the points separately:
/// `[{ id, role, label_id, label, x: {id, unit, name, categories}, y: {...} }]`.
pub fn series_meta_json(series: &[Series]) -> String {
    let meta: Vec<_> = series.iter().map(|s| SeriesMeta { id: &s.id, role: s.role, label_id: s.label_id, label: &s.label, x: &s.x, y: &s.y }).collect();
    serde_json::to_string(&meta).expect("series metadata always serialises")
}

/// A run's result is read from the simulation; the run loop itself knows nothing of reports.
impl Simulation {
    pub fn summary(&self) -> Summary {
        Summary::collect(self)
    }

    /// Runs to the end and returns the whole result.
    pub fn run_to_end(scenario: &Scenario) -> Result<Report, ScenarioError> {
        let mut sim = Simulation::new(scenario)?;
        while !sim.run(1 << 20) {}
        Ok(sim.report())
    }

    pub fn report(&self) -> Report {
        Report { summary: self.summary(), series: self.series().to_vec(), stopped: self.stopped().cloned() }
    }
}

impl Summary {
    pub(crate) fn collect(sim: &Simulation) -> Summary {
        let p = sim.parts();
        let seconds = p.elapsed as f64 / 1e9;
        let per_s = |v: u64| if seconds > 0.0 { v as f64 / seconds } else { 0.0 };
        let r = p.recorder;
        let mut summary = Summary {
            duration_s: seconds,
            read_mb_per_s: per_s(r.bytes[Op::Read as usize]) / 1e6,
            write_mb_per_s: per_s(r.bytes[Op::Write as usize]) / 1e6,
            read_iops: per_s(r.ios[Op::Read as usize]),
            write_iops: per_s(r.ios[Op::Write as usize]),
            read_latency: r.latency(Op::Read),
            write_latency: r.latency(Op::Write),
            host_read_bytes: r.bytes[Op::Read as usize] as f64,
            host_written_bytes: r.bytes[Op::Write as usize] as f64,
            host_trimmed_bytes: r.bytes[Op::Trim as usize] as f64,
            scale: p.scale as f64,
            user_capacity_bytes: p.full_user_bytes as f64,
            events: p.events as f64,
            truncated: p.truncated,
            time_window_ms: r.drawn_window_ns() as f64 / 1e6,
            time_window_widened: r.window_widened(),
            ..Summary::default()
        };
        summary.add_device(&p, p.drive);
        // A hybrid's NAND tier may be its cache: the host sees the backing tier's capacity.
        summary.user_capacity_bytes = p.full_user_bytes as f64;
        summary
    }

    fn add_device(&mut self, p: &SimParts, device: &DeviceModel) {
        let summary = self;
        match device {
            DeviceModel::Nand(drive) => summary.add_nand(p, drive),
            DeviceModel::Hybrid(h) => {
                summary.add_device(p, &h.cache);
                summary.add_device(p, &h.backing);
                let c = h.counters;
                let b = p.base.tier;
                let bytes = |units: u64| (units * MAPPING_UNIT_BYTES) as f64;
                let (hits, misses) = (c.read_hit_units - b.read_hit_units, c.read_miss_units - b.read_miss_units);
                summary.tier_read_hit_percent = if hits + misses > 0 { hits as f64 * 100.0 / (hits + misses) as f64 } else { 0.0 };
                summary.tier_promoted_bytes = bytes(c.promoted_units - b.promoted_units);
                summary.tier_written_back_bytes = bytes(c.written_back_units - b.written_back_units);
                summary.tier_evicted_bytes = bytes(c.evicted_units - b.evicted_units);
                summary.tier_cached_bytes = bytes(h.cached_units()) * p.scale as f64;
            }
            DeviceModel::Xpoint(x) => {
                // Nothing was written before the run: the counters are the run's.
                summary.media_written_bytes += (x.counters.unit_writes * MAPPING_UNIT_BYTES) as f64;
                summary.media_operations += (x.counters.unit_reads + x.counters.unit_writes) as f64;
                summary.media_utilisation_percent = x.media_utilisation(p.elapsed) * 100.0;
                if summary.write_amplification == 0.0 && x.counters.unit_writes > 0 {
                    // In place: once (a hybrid's NAND tier, if any, states its own).
                    summary.write_amplification = 1.0;
                }
            }
            DeviceModel::Hdd(h) => {
                let c = &h.counters;
                summary.media_written_bytes += (c.unit_writes * MAPPING_UNIT_BYTES) as f64;
                summary.media_operations += (c.unit_reads + c.unit_writes) as f64;
                summary.media_utilisation_percent = h.head_utilisation(p.elapsed) * 100.0;
                if summary.write_amplification == 0.0 && c.unit_writes > 0 {
                    summary.write_amplification = 1.0;
                }
                summary.seeks = c.seeks as f64;
                let requests = c.media_requests.max(1) as f64;
                summary.mean_seek_ms = c.seek_ns as f64 / 1e6 / requests;
                summary.mean_rotation_ms = c.rotation_ns as f64 / 1e6 / requests;
                let read = c.unit_reads + c.cache_read_units;
                summary.read_cache_hit_percent = if read > 0 { c.cache_read_units as f64 * 100.0 / read as f64 } else { 0.0 };
            }
        }
    }

    /// The NAND drive's values: its NAND, GC, wear, capacity, table and SLC cache.
    fn add_nand(&mut self, p: &SimParts, drive: &NandSsd) {
        let b = &p.base;
        let full_geo = p.full_geo.expect("a NAND drive has a geometry");
        let ftl = drive.ftl.counters();
        let flash = drive.counters();
        let gc_units = ftl.gc_units_moved - b.ftl.gc_units_moved;
        let programs = (flash.host_page_programs + flash.gc_page_programs) - (b.flash.host_page_programs + b.flash.gc_page_programs);
        let counts = drive.ftl.erase_counts();
        let erase_mean = counts.clone().map(|c| c as f64).sum::<f64>() / counts.len() as f64;
        let endurance = drive.endurance_pe() as f64;
        let map = drive.mapping_counters();
        let lookups: Vec<f64> = (0..4).map(|t| (map.lookups[t] - b.map.lookups[t]) as f64).collect();
        let total_lookups: f64 = lookups.iter().sum::<f64>().max(1.0);
        let page_reads = flash.translation_page_reads - b.flash.translation_page_reads;
        let page_writes = flash.translation_page_writes - b.flash.translation_page_writes;
        let geo = drive.ftl.geometry();
        // One definition with the WAF series: every NAND write over host writes, this run.
        let waf = drive.nand_writes().write_amplification(&b.writes, drive.slot_geometry());
        self.nand_written_bytes = ((programs + page_writes) * geo.page_bytes as u64) as f64;
        self.write_amplification = waf;
        self.gc_runs = (ftl.gc_runs - b.ftl.gc_runs) as f64;
        self.gc_moved_bytes = (gc_units * MAPPING_UNIT_BYTES) as f64;
        self.erases = (ftl.erases - b.ftl.erases) as f64;
        self.wear_level_moves = (ftl.wear_level_moves - b.ftl.wear_level_moves) as f64;
        self.erase_count_max = counts.max().unwrap_or(0) as f64;
        self.erase_count_mean = erase_mean;
        self.endurance_used_percent = erase_mean / endurance * 100.0;
        self.estimated_tbw = full_geo.raw_bytes() as f64 * endurance / waf.max(1.0) / 1e12;
        self.flash_operations = (flash.flash_ops() - b.flash.flash_ops()) as f64;
        self.plane_utilisation_percent = drive.hw.plane_utilisation(p.elapsed) * 100.0;
        self.raw_capacity_bytes = full_geo.raw_bytes() as f64;
        self.user_capacity_bytes = full_geo.user_bytes() as f64;
        self.op_percent = full_geo.op_percent_of_user();
        self.spare_percent_of_raw = full_geo.spare_percent_of_raw();
        self.gc_spare_percent = ftl.gc_spare_percent_since(&b.ftl).or_else(|| drive.ftl.gc_spare_percent()).unwrap_or(0.0);
        self.working_blocks_per_plane = geo.working_blocks_per_plane as f64;
        self.map_sram_hit_percent = lookups[0] * 100.0 / total_lookups;
        self.map_dram_hit_percent = lookups[1] * 100.0 / total_lookups;
        self.map_hmb_hit_percent = lookups[2] * 100.0 / total_lookups;
        self.map_miss_percent = lookups[3] * 100.0 / total_lookups;
        self.translation_page_reads = page_reads as f64;
        self.translation_page_writes = page_writes as f64;
        self.hmb_granted_bytes = p.hmb_granted_bytes as f64;
        self.hmb_table_bytes = p.hmb_table_bytes as f64;
        self.hmb_covered_span_bytes = (p.hmb_table_bytes / 4 * 4096) as f64;
        self.slc_cache_bytes = (p.slc_cache_start_units * MAPPING_UNIT_BYTES) as f64 * p.scale as f64;
        self.slc_written_bytes = ((ftl.slc_units_written - b.ftl.slc_units_written) * MAPPING_UNIT_BYTES) as f64;
        self.folded_bytes = ((ftl.units_folded - b.ftl.units_folded) * MAPPING_UNIT_BYTES) as f64;
    }
}
