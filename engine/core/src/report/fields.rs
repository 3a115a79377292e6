//! The summary's catalogue: every value of `Summary` with its unit, group
//! and English label, so the page lays out, formats and translates by id and never parses
//! a suffix out of a field name. A test keeps the catalogue and the struct in step.
//!
//! Ids are the serialised field paths; nested latency values are dotted
//! (`read_latency.p99_us`). The booleans (`truncated`, `time_window_widened`) are listed
//! with unit `none`, so the catalogue covers every leaf of the summary, not only numbers.

use crate::metrics::Unit;
use serde::Serialize;
use ts_rs::TS;

/// Where a summary value sits on the page.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum SummaryGroup {
    Throughput,
    LatencyRead,
    LatencyWrite,
    Host,
    Nand,
    Gc,
    Wear,
    Capacity,
    Mapping,
    Hmb,
    SlcCache,
    /// Media without an FTL: 3D XPoint, platters.
    Media,
    /// A hard disk's arm, platters and cache.
    Hdd,
    /// A hybrid drive's cache tier.
    Tier,
    /// A zoned drive's zones (`device.zns`).
    Zns,
    Run,
}

#[derive(Clone, Copy, Debug, PartialEq, Serialize, TS)]
#[ts(export)]
pub struct SummaryField {
    pub id: &'static str,
    pub unit: Unit,
    pub group: SummaryGroup,
    /// English label; the page translates by `id`.
    pub label: &'static str,
    /// The device kinds (`device.kind`) the value means something for; empty: every kind.
    /// A device kind's values come in its section of the summary, present only in a run
    /// that has the kind; the page shows a value only for these kinds (so an XPoint run's
    /// write amplification of 1 is not shown).
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    #[ts(as = "Option<Vec<String>>", optional)]
    pub devices: &'static [&'static str],
    /// A count or total of the simulated slice (`scale`: 1/N of the drive), not the whole
    /// drive: host and media bytes, operations, erases, simulated time. Every other value is
    /// the whole drive's (capacities, cache and table sizes, endurance) or the same for
    /// both (rates, latencies, shares, ratios, per-block counts).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    #[ts(as = "Option<bool>", optional)]
    pub slice: bool,
}

const NAND: &[&str] = &["nand_ssd"];
const MEDIA: &[&str] = &["xpoint_ssd", "hdd"];
const HDD: &[&str] = &["hdd"];
const HYBRID: &[&str] = &["hybrid"];

/// A value of the NAND drive's groups (NAND, GC, wear, capacity, table, HMB, SLC cache) is the
/// NAND drive's; the media group is the devices' without an FTL, the disk's group the disk's;
/// the rest are every device's.
const fn f(id: &'static str, unit: Unit, group: SummaryGroup, label: &'static str) -> SummaryField {
    let devices = match group {
        G::Nand | G::Gc | G::Wear | G::Capacity | G::Mapping | G::Hmb | G::SlcCache | G::Zns => NAND,
        G::Media => MEDIA,
        G::Hdd => HDD,
        G::Tier => HYBRID,
        _ => &[],
    };
    SummaryField { id, unit, group, label, devices, slice: false }
}

impl SummaryField {
    /// A total of the simulated slice.
    const fn slice(mut self) -> SummaryField {
        self.slice = true;
        self
    }

    /// Every device kind has it.
    const fn any_device(mut self) -> SummaryField {
        self.devices = &[];
        self
    }
}

use SummaryGroup as G;
use Unit as U;

static FIELDS: &[SummaryField] = &[
    f("read_mb_per_s", U::MbPerS, G::Throughput, "Read throughput"),
    f("write_mb_per_s", U::MbPerS, G::Throughput, "Write throughput"),
    f("read_iops", U::Iops, G::Throughput, "Read IOPS"),
    f("write_iops", U::Iops, G::Throughput, "Write IOPS"),
    f("read_latency.count", U::Count, G::LatencyRead, "Reads").slice(),
    f("read_latency.mean_us", U::Us, G::LatencyRead, "Mean read latency"),
    f("read_latency.p50_us", U::Us, G::LatencyRead, "Median read latency"),
    f("read_latency.p99_us", U::Us, G::LatencyRead, "p99 read latency"),
    f("read_latency.p999_us", U::Us, G::LatencyRead, "p99.9 read latency"),
    f("read_latency.p9999_us", U::Us, G::LatencyRead, "p99.99 read latency"),
    f("read_latency.max_us", U::Us, G::LatencyRead, "Maximum read latency"),
    f("write_latency.count", U::Count, G::LatencyWrite, "Writes").slice(),
    f("write_latency.mean_us", U::Us, G::LatencyWrite, "Mean write latency"),
    f("write_latency.p50_us", U::Us, G::LatencyWrite, "Median write latency"),
    f("write_latency.p99_us", U::Us, G::LatencyWrite, "p99 write latency"),
    f("write_latency.p999_us", U::Us, G::LatencyWrite, "p99.9 write latency"),
    f("write_latency.p9999_us", U::Us, G::LatencyWrite, "p99.99 write latency"),
    f("write_latency.max_us", U::Us, G::LatencyWrite, "Maximum write latency"),
    f("host_read_bytes", U::Bytes, G::Host, "Host reads").slice(),
    f("host_written_bytes", U::Bytes, G::Host, "Host writes").slice(),
    f("host_trimmed_bytes", U::Bytes, G::Host, "Host trims").slice(),
    f("nand_written_bytes", U::Bytes, G::Nand, "NAND writes").slice(),
    f("write_amplification", U::Ratio, G::Nand, "Write amplification"),
    f("flash_operations", U::Count, G::Nand, "Flash operations").slice(),
    f("erases", U::Count, G::Nand, "Block erases").slice(),
    f("read_retries", U::Count, G::Nand, "Read retries").slice(),
    f("suspended_reads", U::Count, G::Nand, "Reads that suspended a program or erase").slice(),
    f("reads_ahead_of_gc", U::Count, G::Nand, "Reads let in ahead of GC").slice(),
    f("plane_utilisation_percent", U::Percent, G::Nand, "Plane utilisation"),
    f("gc_runs", U::Count, G::Gc, "Blocks reclaimed by GC").slice(),
    f("gc_moved_bytes", U::Bytes, G::Gc, "Data moved by GC").slice(),
    f("wear_level_moves", U::Count, G::Wear, "Wear-levelling victims").slice(),
    f("wear_level_moved_bytes", U::Bytes, G::Wear, "Data moved by wear levelling").slice(),
    f("erase_count_max", U::Count, G::Wear, "Highest erase count"),
    f("erase_count_mean", U::Count, G::Wear, "Mean erase count"),
    f("endurance_used_percent", U::Percent, G::Wear, "Endurance used"),
    f("estimated_tbw", U::Tb, G::Wear, "Endurance (TBW)"),
    f("most_worn_block_tbw", U::Tb, G::Wear, "Endurance if the most-worn block decides (TBW)"),
    f("raw_capacity_bytes", U::Bytes, G::Capacity, "Raw NAND"),
    f("user_capacity_bytes", U::Bytes, G::Capacity, "User capacity").any_device(),
    f("op_percent", U::Percent, G::Capacity, "Over-provisioning"),
    f("spare_percent_of_raw", U::Percent, G::Capacity, "Spare share of raw NAND"),
    f("gc_spare_percent", U::Percent, G::Capacity, "Spare GC had"),
    f("working_blocks_per_plane", U::Count, G::Capacity, "Firmware working blocks per plane"),
    // Shares of all lookups, adding up to 100 % with the misses: a DRAM share under 100 %
    // is not a miss rate (issue 27: "every lookup hits" beside "74.93 % from DRAM" read as
    // a contradiction), so each label says which share it is.
    f("map_sram_hit_percent", U::Percent, G::Mapping, "Lookups that hit in SRAM (share of all)"),
    f("map_dram_hit_percent", U::Percent, G::Mapping, "Lookups that hit in DRAM (share of all)"),
    f("map_hmb_hit_percent", U::Percent, G::Mapping, "Lookups that hit in the HMB (share of all)"),
    f("map_miss_percent", U::Percent, G::Mapping, "Lookups that missed: table read from NAND"),
    f("translation_page_reads", U::Count, G::Mapping, "Translation page reads").slice(),
    f("translation_page_writes", U::Count, G::Mapping, "Translation page writes").slice(),
    f("hmb_granted_bytes", U::Bytes, G::Hmb, "HMB granted"),
    f("hmb_table_bytes", U::Bytes, G::Hmb, "HMB holding the table"),
    f("hmb_covered_span_bytes", U::Bytes, G::Hmb, "Span the HMB table covers"),
    f("hmb_next_grant_bytes", U::Bytes, G::Hmb, "Next grant that covers more"),
    f("hmb_next_covered_span_bytes", U::Bytes, G::Hmb, "Span at that grant"),
    f("slc_cache_bytes", U::Bytes, G::SlcCache, "SLC cache size at the start"),
    f("slc_written_bytes", U::Bytes, G::SlcCache, "Written into the SLC cache").slice(),
    f("folded_bytes", U::Bytes, G::SlcCache, "Folded into native blocks").slice(),
    f("media_written_bytes", U::Bytes, G::Media, "Media writes").slice(),
    f("media_operations", U::Count, G::Media, "Media operations (4 KiB)").slice(),
    f("media_utilisation_percent", U::Percent, G::Media, "Media utilisation"),
    f("seeks", U::Count, G::Hdd, "Seeks").slice(),
    f("mean_seek_ms", U::Ms, G::Hdd, "Mean seek"),
    f("mean_rotation_ms", U::Ms, G::Hdd, "Mean rotational wait"),
    f("read_cache_hit_percent", U::Percent, G::Hdd, "Reads from the DRAM cache"),
    f("tier_read_hit_percent", U::Percent, G::Tier, "Reads that hit the cache tier"),
    f("tier_promoted_bytes", U::Bytes, G::Tier, "Promoted into the cache").slice(),
    f("tier_written_back_bytes", U::Bytes, G::Tier, "Written back to the backing tier").slice(),
    f("tier_evicted_bytes", U::Bytes, G::Tier, "Evicted from the cache").slice(),
    f("tier_cached_bytes", U::Bytes, G::Tier, "Data in the cache at the end").slice(),
    f("trace_commands", U::Count, G::Host, "Trace commands replayed").slice(),
    f("trace_read_bytes", U::Bytes, G::Host, "Trace reads").slice(),
    f("trace_written_bytes", U::Bytes, G::Host, "Trace writes").slice(),
    f("trace_trimmed_bytes", U::Bytes, G::Host, "Trace trims").slice(),
    f("trace_footprint_bytes", U::Bytes, G::Host, "Trace footprint on the drive").slice(),
    f("zns_zones", U::Count, G::Zns, "Zones"),
    f("zns_zone_size_bytes", U::Bytes, G::Zns, "Zone size"),
    f("zns_zone_capacity_bytes", U::Bytes, G::Zns, "Zone capacity"),
    f("zns_device_write_amplification", U::Ratio, G::Zns, "Device write amplification (zoned)"),
    f("zns_nand_written_bytes", U::Bytes, G::Zns, "NAND writes (zoned)").slice(),
    f("zns_pad_bytes", U::Bytes, G::Zns, "Padding written by finishes").slice(),
    f("zns_zone_resets", U::Count, G::Zns, "Zone resets").slice(),
    f("zns_zones_finished", U::Count, G::Zns, "Zones finished").slice(),
    f("zns_append_commands", U::Count, G::Zns, "Zone Append commands").slice(),
    f("zns_open_commands", U::Count, G::Zns, "Zone Open commands (explicit)").slice(),
    f("zns_close_commands", U::Count, G::Zns, "Zone Close commands").slice(),
    f("zns_implicit_closes", U::Count, G::Zns, "Zones closed by the open limit").slice(),
    f("zns_unwritten_read_bytes", U::Bytes, G::Zns, "Reads past a write pointer (zeroes)").slice(),
    f("zns_zones_empty", U::Count, G::Zns, "Zones empty at the end"),
    f("zns_zones_open", U::Count, G::Zns, "Zones open at the end"),
    f("zns_zones_closed", U::Count, G::Zns, "Zones closed at the end"),
    f("zns_zones_full", U::Count, G::Zns, "Zones full at the end"),
    f("zns_zones_read_only", U::Count, G::Zns, "Zones read-only at the end"),
    f("zns_zones_offline", U::Count, G::Zns, "Zones offline at the end"),
    f("zns_errors", U::Count, G::Zns, "Commands refused by zone rules").slice(),
    f("zns_errors_boundary", U::Count, G::Zns, "Zone Boundary Error").slice(),
    f("zns_errors_zone_full", U::Count, G::Zns, "Zone Is Full").slice(),
    f("zns_errors_read_only", U::Count, G::Zns, "Zone Is Read Only").slice(),
    f("zns_errors_offline", U::Count, G::Zns, "Zone Is Offline").slice(),
    f("zns_errors_invalid_write", U::Count, G::Zns, "Zone Invalid Write (off the write pointer)").slice(),
    f("zns_errors_too_many_active", U::Count, G::Zns, "Too Many Active Zones").slice(),
    f("zns_errors_too_many_open", U::Count, G::Zns, "Too Many Open Zones").slice(),
    f("zns_errors_invalid_transition", U::Count, G::Zns, "Zone Invalid State Transition").slice(),
    f("zns_errors_unwritten_read", U::Count, G::Zns, "Reads of unwritten blocks refused").slice(),
    f("zns_first_error_zone", U::Count, G::Zns, "Zone of the first refused command (-1: none)"),
    f("zns_zones_with_errors", U::Count, G::Zns, "Zones that refused a command"),
    f("zns_erase_count_max", U::Count, G::Zns, "Highest zone erase count"),
    f("host_data_set_bytes", U::Bytes, G::Host, "Host data set").any_device(),
    f("host_user_written_bytes", U::Bytes, G::Host, "User data written (host store)").any_device().slice(),
    f("host_copied_bytes", U::Bytes, G::Host, "Copied by the host's cleaning").any_device().slice(),
    f("host_write_amplification", U::Ratio, G::Host, "Host write amplification").any_device(),
    f("end_to_end_write_amplification", U::Ratio, G::Host, "End-to-end write amplification (host × device)").any_device(),
    f("host_zone_cleanings", U::Count, G::Host, "Zones cleaned by the host").any_device().slice(),
    f("host_victim_live_percent", U::Percent, G::Host, "Live share of a cleaned zone").any_device(),
    f("duration_s", U::S, G::Run, "Simulated time").slice(),
    f("scale", U::Ratio, G::Run, "Scale (1/N of the drive simulated)"),
    f("events", U::Count, G::Run, "Events").slice(),
    f("truncated", U::None, G::Run, "Stopped at a ceiling"),
    f("time_window_ms", U::Ms, G::Run, "Averaging window"),
    f("time_window_widened", U::None, G::Run, "Averaging window widened"),
];

/// Every summary value, in the order the page shows them.
pub fn summary_fields() -> &'static [SummaryField] {
    FIELDS
}

/// The catalogue as a JSON array of `{ id, unit, group, label, devices? }`.
pub fn summary_fields_json() -> String {
    serde_json::to_string(FIELDS).expect("the summary catalogue serialises")
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

    /// Dotted paths of every leaf of a JSON object.
    fn leaves(prefix: &str, v: &Value, out: &mut Vec<String>) {
        match v {
            Value::Object(map) => {
                for (k, child) in map {
                    let path = if prefix.is_empty() { k.clone() } else { format!("{prefix}.{k}") };
                    leaves(&path, child, out);
                }
            }
            _ => out.push(prefix.to_string()),
        }
    }

    /// The summary of a short mixed job on `device`, empty, as JSON.
    fn summary_of(device: &str) -> Value {
        run(&format!(r#"{{"scale":16,"device":{device},"precondition":{{"fill_percent":0}},"workload":{{"kind":"job","rw":"randrw","runtime":0.002}}}}"#))
    }

    fn run(json: &str) -> Value {
        serde_json::to_value(crate::Simulation::run_to_end(&crate::Scenario::from_json(json).unwrap()).unwrap().summary).unwrap()
    }

    /// A short fio trace replayed: the replay's section.
    fn replayed() -> Value {
        let scenario = crate::Scenario::from_json(r#"{"scale":16,"precondition":{"fill_percent":0},"workload":{"kind":"trace"}}"#).unwrap();
        let mut sim = crate::Simulation::new(&scenario).unwrap();
        let text = "fio version 3 iolog\n0 f add\n0 f open\n10 f write 0 4096\n20 f read 0 4096\n30 f trim 0 4096\n";
        let source = crate::host::StreamSource::new(std::io::Cursor::new(text.as_bytes().to_vec()), &Default::default(), None);
        sim.attach_trace(Box::new(source)).unwrap();
        while !sim.run(1 << 20) {}
        serde_json::to_value(sim.report().summary).unwrap()
    }

    /// Random writes on a small full drive: GC runs, so the spare it had is stated.
    const WITH_GC: &str =
        r#"{"precondition":{"fill_percent":100},"device":{"nand":{"blocks_per_plane":32}},"workload":{"kind":"job","rw":"randwrite","runtime":1}}"#;

    const NAND_SSD: &str = r#"{"kind":"nand_ssd"}"#;
    /// A zoned drive under the host's log-structured store: the zones' and the host's sections.
    const ZONED: &str =
        r#"{"device":{"nand":{"blocks_per_plane":32,"pages_per_block":64},"zns":{"enabled":true}},"workload":{"kind":"zoned_log","overwrites":0.3}}"#;
    /// DRAM-less with a 20 MiB HMB grant: a larger one (40 MiB) would cover more.
    const HMB_NAND: &str = r#"{"kind":"nand_ssd","mapping":{"dram_bytes":0,"hmb":{"min_bytes":"16m","preferred_bytes":"20m","max_bytes":"64m","reserved_bytes":"16m","region_bytes":"24m"}}}"#;
    const HDD: &str = r#"{"kind":"hdd"}"#;
    const XPOINT_OVER_NAND: &str = r#"{"kind":"hybrid","tier":{"cache":"xpoint_ssd","backing":"nand_ssd"}}"#;
    const NAND_OVER_HDD: &str = r#"{"kind":"hybrid","tier":{"cache":"nand_ssd","backing":"hdd"}}"#;

    #[test]
    fn every_summary_value_has_exactly_one_catalogue_entry_and_vice_versa() {
        // A run carries the sections of the device kinds it has: together, a NAND drive (one
        // with an HMB grant), a disk and two hybrids (XPoint over NAND, NAND over a disk)
        // carry every value.
        let runs = [NAND_SSD, HMB_NAND, HDD, XPOINT_OVER_NAND, NAND_OVER_HDD]
            .map(|d| (d, summary_of(d)))
            .into_iter()
            .chain([(WITH_GC, run(WITH_GC)), ("trace", replayed()), (ZONED, run(ZONED))])
            .collect::<Vec<_>>();
        let mut paths = Vec::new();
        for (_, summary) in &runs {
            leaves("", summary, &mut paths);
        }
        paths.sort();
        paths.dedup();
        let mut ids: Vec<String> = FIELDS.iter().map(|f| f.id.to_string()).collect();
        ids.sort();
        let mut unique = ids.clone();
        unique.dedup();
        assert_eq!(unique.len(), ids.len(), "an id is listed twice");
        assert_eq!(ids, paths, "catalogue and Summary disagree");
        // Every leaf is a number except the flags, and units say so.
        for (preset, summary) in &runs {
            for f in FIELDS {
                let Some(v) = f.id.split('.').try_fold(summary, |v, k| v.get(k)) else { continue };
                assert_eq!(v.is_boolean(), f.unit == Unit::None, "{preset} {}", f.id);
                assert!(v.is_number() || v.is_boolean(), "{preset} {}", f.id);
            }
        }
    }

    #[test]
    fn a_run_carries_the_sections_of_its_device_kinds_only() {
        let has = |s: &Value, id: &str| s.get(id).is_some();
        let nand = summary_of(NAND_SSD);
        // No GC in the run: no spare GC had (and a full drive's random writes do state it).
        assert!(!has(&nand, "gc_spare_percent") && has(&run(WITH_GC), "gc_spare_percent"));
        assert!(has(&nand, "gc_runs") && !has(&nand, "media_operations") && !has(&nand, "seeks") && !has(&nand, "tier_cached_bytes"));
        let disk = summary_of(HDD);
        assert!(!has(&disk, "gc_runs") && has(&disk, "media_operations") && has(&disk, "seeks") && !has(&disk, "tier_cached_bytes"));
        let h10 = summary_of(XPOINT_OVER_NAND);
        assert!(has(&h10, "gc_runs") && has(&h10, "media_operations") && !has(&h10, "seeks") && has(&h10, "tier_cached_bytes"));
        // Every run's values are those of the catalogue for the kinds it has, and the
        // run-wide ones; write amplification is every run's (1 in place, shown for NAND).
        for (s, kinds) in [(&nand, &["nand_ssd"][..]), (&disk, &["hdd"]), (&h10, &["hybrid", "xpoint_ssd", "nand_ssd"])] {
            let mut paths = Vec::new();
            leaves("", s, &mut paths);
            for p in paths.iter().filter(|p| *p != "write_amplification") {
                let f = FIELDS.iter().find(|f| f.id == p).unwrap();
                assert!(f.devices.is_empty() || f.devices.iter().any(|d| kinds.contains(d)), "{p} in a run of {kinds:?}");
            }
        }
    }

    #[test]
    fn slice_totals_halve_with_twice_the_scale_and_whole_drive_values_do_not() {
        // The same random reads and writes on a half-full drive at 1/8 and 1/16: the slice's totals halve;
        // capacities, cache and table sizes and endurance are the whole drive's, unchanged.
        let at = |scale: u32| {
            run(&format!(r#"{{"scale":{scale},"precondition":{{"fill_percent":50}},"workload":{{"kind":"job","rw":"randrw","io_size":"4g","runtime":1000}}}}"#))
        };
        let (s8, s16) = (at(8), at(16));
        let mut checked = 0;
        for f in FIELDS {
            let get = |s: &Value| f.id.split('.').try_fold(s, |v, k| v.get(k)).and_then(Value::as_f64);
            let (Some(a), Some(b)) = (get(&s8), get(&s16)) else { continue };
            if f.slice && a > 0.0 {
                assert!((1.8..=2.2).contains(&(a / b)), "{}: {a} at 1/8, {b} at 1/16", f.id);
                checked += 1;
            }
        }
        for id in ["raw_capacity_bytes", "user_capacity_bytes", "slc_cache_bytes", "hmb_covered_span_bytes", "estimated_tbw"] {
            assert_eq!(s8[id], s16[id], "{id}");
        }
        assert!(checked >= 8, "only {checked} slice totals were non-zero");
        let events = FIELDS.iter().find(|f| f.id == "events").unwrap();
        assert!(events.slice && !FIELDS.iter().find(|f| f.id == "write_mb_per_s").unwrap().slice);
    }

    #[test]
    fn the_catalogue_serialises_with_snake_case_ids() {
        let v: Value = serde_json::from_str(&summary_fields_json()).unwrap();
        let p99 = v.as_array().unwrap().iter().find(|f| f["id"] == "read_latency.p99_us").unwrap();
        assert_eq!(p99["unit"], "us");
        assert_eq!(p99["group"], "latency_read");
        let waf = v.as_array().unwrap().iter().find(|f| f["id"] == "write_amplification").unwrap();
        assert_eq!(waf["unit"], "ratio");
        assert_eq!(waf["group"], "nand");
    }
}
