//! Article 000: DRAM, DRAM-less and Host Memory Buffer, from the engine's own output.

mod common;
use serde_json::{json, Value};
use ssd_core::{presets, Report, Scenario, Simulation};

/// A preset with parts of it replaced (a JSON merge).
fn preset_with(name: &str, patch: Value) -> Scenario {
    let mut v: Value = serde_json::from_str(presets::find(name).unwrap().json).unwrap();
    merge(&mut v, patch);
    Scenario::from_json(&v.to_string()).unwrap()
}

fn merge(base: &mut Value, patch: Value) {
    presets::merge(base, &patch);
}

fn sweep(name: &str, patch: Value) -> Vec<f64> {
    let r = Simulation::run_to_end(&preset_with(name, patch)).unwrap();
    r.series[0].points.iter().map(|p| p[1]).collect()
}

// Spans of the article's chart: 1, 2, 4, 8, 16, 32, 48, 64 GB.
const SPANS: [f64; 8] = [1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 48.0, 64.0];
const I16: usize = 4;
const I32: usize = 5;
const I48: usize = 6;
const I64: usize = 7;

/// The article's write sweep: 4 GB a point, kept inside the SLC cache (the drive rests
/// between points and folds it empty), as the figure `article-000-random-write` runs it.
fn write_sweep() -> Value {
    json!({"workload": {"kind": "span_sweep", "rw": "randwrite", "bs": "4k", "iodepth": 32,
        "spans": ["1g", "2g", "4g", "8g", "16g", "32g", "48g", "64g"], "runtime": 0, "io_size": "4g", "idle_s": 10}})
}

#[test]
fn random_read_knees_floors_and_ratios_match_the_article() {
    let off = sweep("bg4-like-hmb-off", json!({}));
    let hmb61 = sweep("bg4-like", json!({}));
    let hmb64 = sweep("bg4-like-hmb-64mb", json!({}));
    let dram = sweep("970-evo-plus-like", json!({}));
    let bg3 = sweep("bg3-like", json!({}));
    for (name, v) in [("off", &off), ("61", &hmb61), ("64", &hmb64), ("dram", &dram), ("bg3", &bg3)] {
        println!("{name:>5}: {:?}", v.iter().map(|x| x.round()).collect::<Vec<_>>());
    }
    let fast = hmb61[0];
    // HMB off: SRAM covers about 1 GB; from 2 GB most reads first read a translation page.
    assert!(off[0] > 0.95 * fast && off[1] < 0.75 * fast, "HMB off knee at ~1 GB");
    // The floor: a little over 300 MB/s.
    for &v in &off[I16..] {
        assert!((270.0..360.0).contains(&v), "HMB-off floor {v}");
    }
    // 61 MiB: fast through 16 GB, slower already at 32 GB.
    assert!(hmb61[..=I16].iter().all(|&v| v > 0.95 * fast));
    assert!(hmb61[I32] < 0.9 * fast, "61 MiB knee before 32 GB");
    // 64 MiB: fast through 48 GB, then slower.
    assert!(hmb64[..=I48].iter().all(|&v| v > 0.95 * fast));
    assert!(hmb64[I64] < 0.9 * fast, "64 MiB knee after 48 GB");
    // Outside the covered span the speed heads down to the HMB-off floor, as the share of
    // lookups that miss grows. Two costs per read explain every point past a knee: a read
    // whose segment is cached (the speed inside the span) plus, for the share 1 - covered /
    // span that misses, the extra a miss costs (from the floor, where nearly all miss).
    assert!(hmb61[I32] > hmb61[I48] && hmb61[I48] > hmb61[I64]);
    let (hit_s, miss_s) = (1.0 / fast, 1.0 / off[I64]);
    let model = |covered: f64, span: f64| 1.0 / (hit_s + (1.0 - covered / span).max(0.0) * (miss_s - hit_s));
    for (v, covered, span) in [(hmb61[I32], 25.0, 32.0), (hmb61[I48], 25.0, 48.0), (hmb61[I64], 25.0, 64.0), (hmb64[I64], 49.0, 64.0)] {
        let m = model(covered, span);
        println!("{span} GB with {covered} GiB covered: {v:.0} MB/s, two-cost model {m:.0}");
        assert!((v / m - 1.0).abs() < 0.15, "{span} GB: {v:.0} vs model {m:.0}");
        assert!(v > off[I64] * 1.1, "{span} GB: cached segments still help");
    }
    // Inside the covered span: within ~10 % of the DRAM drive.
    for i in 0..=I16 {
        assert!(hmb61[i] > 0.88 * dram[i] && hmb61[i] < dram[i], "span {} GB: {} vs DRAM {}", SPANS[i], hmb61[i], dram[i]);
    }
    // DRAM: flat.
    assert!(dram.iter().all(|&v| (v / dram[0] - 1.0).abs() < 0.05));
    // BG3-like: more than 100 MB/s below BG4 outside the covered span.
    for i in [I32, I48, I64] {
        assert!(hmb61[i] - bg3[i] > 100.0, "span {} GB: BG4 {} vs BG3 {}", SPANS[i], hmb61[i], bg3[i]);
    }
}

/// A write sweep's throughput per span and its worst write latency (µs).
fn write_sweep_of(name: &str) -> (Vec<f64>, f64) {
    let r = Simulation::run_to_end(&preset_with(name, write_sweep())).unwrap();
    (r.series[0].points.iter().map(|p| p[1]).collect(), r.summary.write_latency.max_us)
}

#[test]
fn random_writes_hmb_frees_sram_and_the_bg4_trades_speed_for_latency() {
    let (dram, _) = write_sweep_of("970-evo-plus-like");
    let (hmb, hmb_worst) = write_sweep_of("bg4-like");
    let (off, _) = write_sweep_of("bg4-like-hmb-off");
    let (bg3, bg3_worst) = write_sweep_of("bg3-like");
    println!("dram {dram:?}\nhmb {hmb:?}\noff {off:?}\nbg3 {bg3:?}\nworst write: bg4 {hmb_worst} us, bg3 {bg3_worst} us");
    assert!(dram.iter().all(|&v| (v / dram[0] - 1.0).abs() < 0.05), "DRAM flat");
    // With HMB the reserve takes the drive's other tables off the SRAM: 2 MiB of modified
    // table, 2 GiB of span; without, 1 MiB and 1 GiB.
    assert!(hmb[1] > 0.95 * hmb[0], "holds to 2 GB with HMB");
    assert!(off[1] < 0.6 * off[0], "HMB off already drops at 2 GB");
    assert!(hmb[2] < 0.6 * hmb[0], "drops sharply past 2 GB");
    // Past the span the larger dirty set still catches a share 2 GiB / span more of the
    // writes, so HMB on stays above off, by less and less (article: they meet at 48 GB).
    for i in 2..=I32 {
        let (dirty_on, dirty_off) = ((2.0 / SPANS[i]).min(1.0), 1.0 / SPANS[i]);
        let expected = (1.0 - dirty_off) / (1.0 - dirty_on);
        assert!(hmb[i] > off[i] * 1.02, "span {} GB: HMB on {} above off {}", SPANS[i], hmb[i], off[i]);
        assert!((hmb[i] / off[i] / expected - 1.0).abs() < 0.1, "span {} GB: on/off {} vs write-back share model {expected}", SPANS[i], hmb[i] / off[i]);
    }
    assert!((hmb[I48] / off[I48] - 1.0).abs() < 0.1, "equal to HMB off at 48 GB: {} vs {}", hmb[I48], off[I48]);
    // The BG3-like drive's dirty table also waits in its HMB and is flushed whole: faster
    // than the BG4-like while the span fits (to 16 GB; at 32 GB, past its 26 GiB, the two
    // meet), at the price of writes that wait behind a flush.
    for i in 2..=I16 {
        assert!(hmb[i] < 0.99 * bg3[i], "span {} GB: BG4 {} below BG3 {}", SPANS[i], hmb[i], bg3[i]);
    }
    assert!(hmb[I32] < 1.05 * bg3[I32], "32 GB: BG4 {} not above BG3 {}", hmb[I32], bg3[I32]);
    assert!(bg3_worst > 5.0 * hmb_worst, "BG3's flushes wait {bg3_worst} us, BG4's worst write {hmb_worst} us");
}

#[test]
fn a_dirty_table_in_the_hmb_is_flushed_whole_and_only_with_an_hmb() {
    // 8 GiB of span fits the BG3-like's 26 GiB of SRAM + HMB dirty table: no write-back.
    let span = |patch: Value| {
        let mut v: Value = serde_json::from_str(presets::find("bg3-like").unwrap().json).unwrap();
        merge(
            &mut v,
            json!({"workload": {"kind": "span_sweep", "rw": "randwrite", "bs": "4k", "iodepth": 32, "spans": ["8g"], "runtime": 0, "io_size": "1g"}}),
        );
        merge(&mut v, patch);
        Simulation::run_to_end(&Scenario::from_json(&v.to_string()).unwrap()).unwrap().summary
    };
    let in_hmb = span(json!({}));
    assert_eq!(in_hmb.nand.as_ref().unwrap().translation_page_writes, 0.0);
    // The same drive keeping them in SRAM only writes one back for most writes.
    let sram = span(json!({"device": {"mapping": {"hmb": {"dirty_table": "sram"}}}}));
    assert!(sram.nand.as_ref().unwrap().translation_page_writes > 0.5 * sram.host_written_bytes / 4096.0);
    // Without an HMB there is nowhere else for them: the policy changes nothing.
    let off = |table: &str| span(json!({"device": {"mapping": {"hmb": {"allocation_policy": 0, "dirty_table": table}}}}));
    assert_eq!(off("hmb").write_mb_per_s.to_bits(), off("sram").write_mb_per_s.to_bits());
}

/// One random-read job over `span` on a preset's drive (its workload replaced).
fn single_span(name: &str, span: &str, patch: Value) -> Report {
    let mut v: Value = serde_json::from_str(presets::find(name).unwrap().json).unwrap();
    // The ramp fills the table cache first: about one read per cached segment must miss.
    v["workload"] = json!({"kind": "job", "rw": "randread", "bs": "4k", "iodepth": 32, "size": span, "runtime": 0.05, "ramp_time": 0.02});
    merge(&mut v, patch);
    Simulation::run_to_end(&Scenario::from_json(&v.to_string()).unwrap()).unwrap()
}

/// The share of table lookups that missed, once the ramp has filled the cache (the summary
/// counts the ramp's cold misses too).
fn warm_miss_percent(r: &Report) -> f64 {
    let misses: Vec<f64> = common::series(r, "map_miss").iter().filter(|p| p[0] > 0.03).map(|p| p[1]).collect();
    misses.iter().sum::<f64>() / misses.len() as f64
}

#[test]
fn hit_ratio_tracks_covered_span_over_span() {
    // SRAM 1 GiB + HMB table 24 GiB of span covered; LRU under uniform reads holds that share.
    let covered = 25.0;
    for span in [8.0, 32.0, 48.0, 64.0] {
        let r = single_span("bg4-like", &format!("{span}g"), json!({}));
        let hit = 100.0 - warm_miss_percent(&r);
        let expect = 100.0 * f64::min(1.0, covered / span);
        println!("span {span} GiB: hit {hit:.1} % (model {expect:.1} %)");
        assert!((hit - expect).abs() < 4.0, "span {span}: hit {hit} vs {expect}");
    }
}

#[test]
fn a_grant_below_the_minimum_or_policy_0_is_no_hmb_at_all() {
    // Trial: a 6-byte HostMemoryBufferBytes was "granted" and read 59.5 % hits; policy 0 was
    // ignored when HostMemoryBufferBytes was set. Both must run exactly as HMB off.
    let off = single_span("bg4-like", "16g", json!({"device": {"mapping": {"hmb": {"allocation_policy": 0}}}}));
    assert_eq!(off.summary.nand.as_ref().unwrap().hmb_granted_bytes, 0.0);
    for hmb in [json!({"host_memory_buffer_bytes": 6}), json!({"allocation_policy": 0, "host_memory_buffer_bytes": 64 << 20})] {
        let r = single_span("bg4-like", "16g", json!({"device": {"mapping": {"hmb": hmb.clone()}}}));
        assert_eq!(r.summary.nand.as_ref().unwrap().hmb_granted_bytes, 0.0, "{hmb}: nothing granted");
        assert_eq!(r.summary.nand.as_ref().unwrap().map_hmb_hit_percent, 0.0, "{hmb}");
        assert_eq!(r.summary.read_mb_per_s.to_bits(), off.summary.read_mb_per_s.to_bits(), "{hmb}: same run as HMB off");
    }
    let granted = single_span("bg4-like", "16g", json!({"device": {"mapping": {"hmb": {"host_memory_buffer_bytes": 16 << 20}}}}));
    assert_eq!(granted.summary.nand.as_ref().unwrap().hmb_granted_bytes, (16 << 20) as f64, "the 16 MiB minimum itself is granted");
}

#[test]
fn the_knee_moves_with_the_hmb_size() {
    // The largest span still at full speed, for three grants.
    let knee = |grant: u64| {
        let v = sweep("bg4-like", json!({"device": {"mapping": {"hmb": {"host_memory_buffer_bytes": grant}}}}));
        let fast = v[0];
        SPANS.iter().zip(&v).filter(|(_, &t)| t > 0.95 * fast).map(|(s, _)| *s).fold(0.0, f64::max)
    };
    let mib = 1 << 20;
    let (small, default, max) = (knee(30 * mib), knee(61 * mib), knee(64 * mib));
    println!("knees: 30 MiB -> {small} GB, 61 MiB -> {default} GB, 64 MiB -> {max} GB");
    assert!(small < default && default < max);
    // 30 MiB leaves 14 MiB after the reserve: no whole 24 MiB region, SRAM only.
    assert_eq!((small, default, max), (1.0, 16.0, 48.0));
}

#[test]
fn hmb_appears_only_after_the_driver_loads() {
    let r = single_span("bg4-like", "16g", json!({"device": {"mapping": {"hmb": {"available_after_s": 0.025}}}, "workload": {"runtime": 0.05}}));
    let t = common::series(&r, "read_throughput");
    let before: f64 = t.iter().filter(|p| p[0] <= 0.02).map(|p| p[1]).sum::<f64>() / t.iter().filter(|p| p[0] <= 0.02).count() as f64;
    let after: f64 = t.iter().filter(|p| p[0] > 0.04).map(|p| p[1]).sum::<f64>() / t.iter().filter(|p| p[0] > 0.04).count() as f64;
    assert!(after > 1.3 * before, "boot phase runs DRAM-less: {before} then {after}");
}

#[test]
fn encrypting_host_memory_costs_time_per_lookup() {
    // Every lookup the HMB answers costs the encryption time more: at 16 GiB, once the cache
    // is warm, nearly all of them (1 GiB is in SRAM). Transfers start on the channel
    // calendar's slots (one 4 KiB unit each: 6.2 µs at the drive's 660 MB/s), which would move
    // a read by up to a slot; a 4 GB/s channel makes the grain 1 µs.
    let lat = |encrypt: bool| {
        let r = single_span(
            "bg4-like",
            "16g",
            json!({"device": {"nand": {"channel_mb_per_s": 4096}, "mapping": {"hmb": {"encrypt": encrypt, "encryption_us": 5.0}}},
                   "workload": {"iodepth": 1, "runtime": 1.0, "ramp_time": 0.2}}),
        );
        (r.summary.read_latency.mean_us, r.summary.nand.as_ref().unwrap().map_hmb_hit_percent / 100.0)
    };
    let ((plain, _), (encrypted, hmb_share)) = (lat(false), lat(true));
    println!("mean {plain:.2} -> {encrypted:.2} µs, HMB hits {:.1} %", hmb_share * 100.0);
    assert!(hmb_share > 0.85, "{hmb_share}");
    assert!((encrypted - plain - 5.0 * hmb_share).abs() < 1.0, "{plain} -> {encrypted} with {hmb_share} HMB hits");
}

#[test]
fn a_fragmented_grant_covers_less() {
    let r = single_span("bg4-like", "8g", json!({"device": {"mapping": {"hmb": {"host_memory_buffer_bytes": 67108864, "chunks": 4}}}}));
    assert_eq!(r.summary.nand.as_ref().unwrap().hmb_granted_bytes, 64.0 * 1048576.0);
    assert_eq!(r.summary.nand.as_ref().unwrap().hmb_table_bytes, 0.0, "16 MiB chunks hold no 24 MiB region");
}

/// Translation pages read per GiB the host wrote: on a write-only run, the segments made
/// dirty (a DRAM-less drive reads each from NAND before modifying it).
fn table_pages_read_per_gib(r: &Report) -> f64 {
    r.summary.nand.as_ref().unwrap().translation_page_reads / (r.summary.host_written_bytes / (1u64 << 30) as f64)
}

#[test]
fn a_sequential_write_dirties_as_many_table_segments_per_byte_at_every_scale() {
    // The DRAM-less BG4-like with no HMB: segments of 32 KiB (two pages), each mapping 32 MiB
    // on the full drive. A fresh drive written in order dirties one segment per 32 MiB, so 64
    // pages a GiB, at every scale (written back too, but for the last 32, which the SRAM
    // still holds at the end: most of what a 1/64 drive wrote). Before runs were kept, a segment of the 1/64 drive mapped
    // 512 KiB and 64 times as many were dirtied, read and written back.
    let at = |scale: u32| {
        let mut v: Value = serde_json::from_str(presets::find("bg4-like-hmb-off").unwrap().json).unwrap();
        v["scale"] = json!(scale);
        v["precondition"] = json!({"fill_percent": 0});
        // Without its SLC cache: folding moves the cache's data again, into segments the
        // 32 dirty ones still hold on a small drive and no longer on a large one.
        v["device"]["slc_cache"] = json!({"static_bytes": 0, "dynamic_percent": 0});
        v["workload"] = json!({"kind": "job", "rw": "write", "bs": "128k", "iodepth": 32, "size": 0, "io_size": "64g", "runtime": 0});
        table_pages_read_per_gib(&Simulation::run_to_end(&Scenario::from_json(&v.to_string()).unwrap()).unwrap())
    };
    for scale in [4, 16, 64] {
        let pages = at(scale);
        println!("scale {scale}: {pages:.1} table pages read a GiB");
        assert!((pages / 64.0 - 1.0).abs() < 0.03, "scale {scale}: {pages:.1} table pages read a GiB, 64 on the full drive");
    }
}
