//! A hard disk in numbers its own knobs give: seeks from the seek curve, half a turn of
//! rotational wait, zoned transfer rates from the outer edge in, read look-ahead and
//! write-back in its DRAM; and article 004's uncached curve from the hdd-7200-like preset.

mod common;
use serde_json::{json, Value};
use ssd_core::presets;
use ssd_core::scenario::{Hdd, Scenario};
use ssd_core::{Report, Simulation};

/// The hdd-7200-like drive (1 / 12 / 22 ms seeks, 7,200 rpm, 115 to 60 MB/s in 16 zones,
/// 32 MiB DRAM, 50 µs firmware per command, SATA) with `device` merged in and `workload`.
fn disk(device: Value, workload: Value) -> Report {
    let mut v: Value = serde_json::from_str(presets::find("hdd-7200-like").unwrap().json).unwrap();
    presets::merge(&mut v["device"], &device);
    v["workload"] = workload;
    Simulation::run_to_end(&Scenario::from_json(&v.to_string()).unwrap()).unwrap()
}

fn job(rw: &str, bs: &str, qd: u32, offset: u64, size: u64, runtime: f64) -> Value {
    json!({"kind": "job", "rw": rw, "bs": bs, "iodepth": qd, "offset": offset, "size": size, "runtime": runtime})
}

const CAPACITY: u64 = 500_107_862_016;
const REV_MS: f64 = 60_000.0 / 7200.0;

/// Where a share `f` of the capacity sits on the stroke, as the module docs derive it.
fn stroke(f: f64) -> f64 {
    let k: f64 = 60.0 / 115.0;
    (1.0 - (1.0 - f * (1.0 - k * k)).sqrt()) / (1.0 - k)
}

#[test]
fn random_reads_over_the_whole_disk_cost_a_seek_and_half_a_turn() {
    let r = disk(json!({}), job("randread", "4k", 1, 0, 0, 20.0));
    let s = &r.summary;
    // Logical blocks are spread evenly over the capacity, and there is more capacity on the
    // outer tracks: the mean seek between two random blocks, from the curve.
    let curve = Hdd::default().seek_curve();
    let n = 600;
    let mut sum = 0.0;
    for i in 0..n {
        for j in 0..n {
            let (a, b) = (stroke((i as f64 + 0.5) / n as f64), stroke((j as f64 + 0.5) / n as f64));
            sum += curve.ms((a - b).abs());
        }
    }
    let expected_seek = sum / (n * n) as f64;
    println!(
        "{:.1} IOPS; seek {:.3} ms (expected {expected_seek:.3}), rotation {:.3} ms, {} seeks",
        s.read_iops,
        s.hdd.as_ref().unwrap().mean_seek_ms,
        s.hdd.as_ref().unwrap().mean_rotation_ms,
        s.hdd.as_ref().unwrap().seeks
    );
    assert!((s.hdd.as_ref().unwrap().mean_seek_ms / expected_seek - 1.0).abs() < 0.03, "{} vs {expected_seek}", s.hdd.as_ref().unwrap().mean_seek_ms);
    assert!((s.hdd.as_ref().unwrap().mean_rotation_ms / (REV_MS / 2.0) - 1.0).abs() < 0.03, "{}", s.hdd.as_ref().unwrap().mean_rotation_ms);
    // A request: firmware, seek, rotation, 4 KiB at the zone's rate (at most 68 µs), link.
    let service_ms = 0.05 + 0.002 + s.hdd.as_ref().unwrap().mean_seek_ms + s.hdd.as_ref().unwrap().mean_rotation_ms + 0.05;
    assert!((s.read_iops * service_ms / 1000.0 - 1.0).abs() < 0.03, "{} IOPS, {service_ms} ms", s.read_iops);
    // The spec sheet's own figures: 12 ms average seek and 4.17 ms of rotation, 62 reads a
    // second (the firmware's 0.1 ms and shorter seeks between blocks, rather than between
    // stroke positions, about cancel).
    let sheet = 1000.0 / (12.0 + REV_MS / 2.0);
    assert!((s.read_iops / sheet - 1.0).abs() < 0.03, "{} vs {sheet}", s.read_iops);
}

#[test]
fn the_outer_zone_is_fastest() {
    let outer = disk(json!({}), job("read", "1m", 8, 0, 1 << 30, 2.0));
    let inner = disk(json!({}), job("read", "1m", 8, CAPACITY - (1 << 30), 1 << 30, 2.0));
    let (o, i) = (outer.summary.read_mb_per_s, inner.summary.read_mb_per_s);
    println!("sequential 1 MiB reads: outer {o:.1} MB/s, inner {i:.1} MB/s");
    assert!((o / 115.0 - 1.0).abs() < 0.02, "{o}");
    assert!((i / 60.0 - 1.0).abs() < 0.02, "{i}");
    // Writes stream the same way once the cache is full.
    let w = disk(json!({}), job("write", "1m", 8, 0, 4 << 30, 5.0)).summary.write_mb_per_s;
    assert!(w > 115.0 && w < 125.0, "{w}");
}

#[test]
fn read_look_ahead_serves_small_sequential_reads_and_without_it_each_misses_a_turn() {
    let cached = disk(json!({}), job("read", "4k", 1, 0, 1 << 30, 1.0)).summary;
    let bare = disk(json!({"hdd": {"cache_bytes": 0}}), job("read", "4k", 1, 0, 1 << 30, 1.0)).summary;
    println!(
        "4 KiB sequential reads: look-ahead {:.1} MB/s ({:.1} % from DRAM), none {:.2} MB/s ({:.1} IOPS)",
        cached.read_mb_per_s,
        cached.hdd.as_ref().unwrap().read_cache_hit_percent,
        bare.read_mb_per_s,
        bare.read_iops
    );
    assert!(cached.hdd.as_ref().unwrap().read_cache_hit_percent > 99.0, "{}", cached.hdd.as_ref().unwrap().read_cache_hit_percent);
    // Firmware, host and link take about 59 µs a command: faster than the platters deliver.
    assert!(cached.read_mb_per_s > 60.0, "{}", cached.read_mb_per_s);
    // Without it the next sector has passed by the time the command comes: a turn each.
    assert!((bare.read_iops * REV_MS / 1000.0 - 1.0).abs() < 0.03, "{}", bare.read_iops);
}

#[test]
fn write_back_hides_the_platters_until_the_cache_is_full() {
    let cached = disk(json!({}), job("write", "4k", 1, 0, 1 << 30, 1.0)).summary;
    let through = disk(json!({"hdd": {"write_cache": false}}), job("write", "4k", 1, 0, 1 << 30, 1.0)).summary;
    println!("4 KiB sequential writes: write-back {:.1} MB/s, write-through {:.1} IOPS", cached.write_mb_per_s, through.write_iops);
    assert!(cached.write_mb_per_s > 60.0, "{}", cached.write_mb_per_s);
    assert!((through.write_iops * REV_MS / 1000.0 - 1.0).abs() < 0.03, "{}", through.write_iops);
    // Random writes: the cache takes 32 MiB at once, then each write waits for one to reach
    // the platters; a burst smaller than the cache completes at the link's pace.
    let burst = disk(json!({}), json!({"kind": "job", "rw": "randwrite", "bs": "4k", "iodepth": 1, "size": "100MB", "io_size": "16m", "runtime": 0})).summary;
    let long = disk(json!({}), job("randwrite", "4k", 1, 0, 100_000_000, 10.0));
    let over_time = common::series(&long, "write_throughput");
    let last: Vec<f64> = over_time.iter().filter(|p| p[0] > 5.0).map(|p| p[1]).collect();
    let settled = last.iter().sum::<f64>() / last.len() as f64;
    println!("4 KiB random writes: 16 MiB burst {:.1} MB/s; first window {:.1} MB/s, after 5 s {settled:.2} MB/s", burst.write_mb_per_s, over_time[0][1]);
    assert!(burst.write_mb_per_s > 50.0, "{}", burst.write_mb_per_s);
    assert!(over_time[0][1] > 30.0, "{:?}", over_time[0]);
    // Then one write reaches the platters per short seek (~1.1 ms) and half a turn.
    let destage = 4.096 / (1.1 + REV_MS / 2.0);
    assert!((settled / destage - 1.0).abs() < 0.1, "{settled} vs {destage}");
}

#[test]
fn article_004_uncached_random_reads_over_100_mb() {
    let r = Simulation::run_to_end(&presets::find("hdd-7200-like").unwrap().scenario().unwrap()).unwrap();
    let points = common::series(&r, "transfer_size_sweep");
    let at = |kib: f64| points.iter().find(|p| p[0] == kib).unwrap()[1];
    println!("uncached: {:?}", points.iter().map(|p| format!("{} KiB {:.2} MB/s", p[0], p[1])).collect::<Vec<_>>());
    // A 100 MB region is a few hundred tracks: a short seek (~1.1 ms) and half a turn.
    assert!(at(4.0) > 0.6 && at(4.0) < 0.9, "{}", at(4.0));
    assert!(points.windows(2).all(|w| w[1][1] > w[0][1]), "faster with every size");
    // Large transfers approach the outer zone's rate: 1 MiB takes 9.1 ms to pass the head.
    let one_mib = 1.048576 / (0.05 + 1.1 + REV_MS / 2.0 + 1.048576 / 115.0 * 1000.0) * 1000.0;
    assert!((at(1024.0) / one_mib - 1.0).abs() < 0.05, "{} vs {one_mib}", at(1024.0));
    // Where the cached drive of the article (~60 MB/s from 256 KiB) is caught: 512 KiB
    // below 60, 768 KiB above.
    assert!(at(512.0) < 60.0 && at(768.0) > 60.0, "{} {}", at(512.0), at(768.0));
}

#[test]
fn a_scaled_disk_seeks_and_spins_as_the_whole_one() {
    // 10 s a point: a mean over ~1,500 rotational waits (uniform over a turn) is within 1 %.
    // Over 2 GB: 1/8 of the preset's 100 MB would be 95 blocks of 128 KiB, where reading
    // the block just read (a look-ahead hit) is 8 times likelier than on the whole disk.
    let mut s = presets::find("hdd-7200-like").unwrap().scenario().unwrap();
    if let ssd_core::scenario::Workload::TransferSizeSweep(w) = &mut s.workload {
        w.runtime = 10.0;
        w.size = ssd_core::units::Bytes(2_000_000_000);
    }
    let full = Simulation::run_to_end(&s).unwrap();
    s.scale = 8;
    let scaled = Simulation::run_to_end(&s).unwrap();
    let (a, b) = (common::series(&full, "transfer_size_sweep"), common::series(&scaled, "transfer_size_sweep"));
    // A point's mean rotational wait has a standard error of ~1.4 % (a turn's 2.4 ms spread
    // over ~1,700 requests); ten points together ~0.5 %.
    for (p, q) in a.iter().zip(b.iter()) {
        assert!((q[1] / p[1] - 1.0).abs() < 0.05, "{} KiB: {} vs {}", p[0], q[1], p[1]);
    }
    let ratios: f64 = a.iter().zip(b.iter()).map(|(p, q)| q[1] / p[1]).sum::<f64>() / a.len() as f64;
    assert!((ratios - 1.0).abs() < 0.015, "{ratios}");
}

#[test]
fn disk_knobs_are_refused_by_field_and_hidden_from_other_kinds() {
    let refused = |device: Value| {
        let mut v: Value = serde_json::from_str(presets::find("hdd-7200-like").unwrap().json).unwrap();
        presets::merge(&mut v["device"], &device);
        Scenario::from_json(&v.to_string()).unwrap_err().field
    };
    assert_eq!(refused(json!({"hdd": {"average_seek_ms": 3.0}})), "device.hdd.average_seek_ms");
    assert_eq!(refused(json!({"hdd": {"inner_mb_per_s": 200}})), "device.hdd.inner_mb_per_s");
    assert_eq!(refused(json!({"hdd": {"rpm": 100}})), "device.hdd.rpm");
    assert_eq!(refused(json!({"hdd": {"cache_bytes": 1000}})), "device.hdd.cache_bytes");
    for k in ssd_core::scenario::catalogue::KNOBS.iter() {
        if k.path.starts_with("device.hdd.") {
            assert_eq!(k.devices, ["hdd"], "{}", k.path);
        }
        if k.path.starts_with("device.nand.") || k.path.starts_with("precondition.") {
            assert!(!k.devices.contains(&"hdd"), "{}", k.path);
        }
    }
    // No write amplification, no NAND or FTL series.
    let r = disk(json!({}), job("randwrite", "4k", 1, 0, 100_000_000, 0.5));
    assert_eq!(r.summary.write_amplification, 1.0);
    assert!(
        r.series.iter().all(|s| !["waf", "gc", "mapping", "slc_cache"].iter().any(|n| s.id.starts_with(n))),
        "{:?}",
        r.series.iter().map(|s| &s.id).collect::<Vec<_>>()
    );
}

#[test]
fn the_throughput_line_of_random_reads_is_not_a_comb() {
    // Issue 27: 2 s of 4 KiB random reads drew 10 ms windows, shorter than one read (about
    // 16 ms): every other window was empty. Automatic windows now hold several reads.
    let r = disk(json!({}), job("randread", "4k", 1, 0, 0, 2.0));
    let reads = &r.series.iter().find(|s| s.id == "read_throughput").unwrap().points;
    let empty = reads.iter().filter(|p| p[1] == 0.0).count();
    assert!(r.summary.time_window_ms >= 4.99 * (12.0 + REV_MS / 2.0), "{} ms windows", r.summary.time_window_ms);
    assert_eq!(empty, 0, "{empty} of {} windows empty", reads.len());
}
