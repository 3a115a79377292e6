//! Hybrid drives in numbers: article 004's Momentus XT (a NAND read cache that learns in idle
//! time) and article 001's Optane H10 (an XPoint cache that promotes on access and takes
//! writes), from their presets and figures; and the policies each knob names.

use serde_json::{json, Value};
use ssd_core::presets::{self, find_figure};
use ssd_core::{Report, Scenario, Simulation};

fn preset(name: &str) -> Value {
    serde_json::from_str(presets::find(name).unwrap().json).unwrap()
}

fn run(v: &Value) -> Report {
    Simulation::run_to_end(&Scenario::from_json(&v.to_string()).unwrap()).unwrap()
}

fn headline(r: &Report) -> Vec<[f64; 2]> {
    r.series.iter().find(|s| s.role == ssd_core::metrics::SeriesRole::Headline).unwrap().points.clone()
}

/// Throughput at transfer size `kib` of a transfer-size sweep.
fn at(points: &[[f64; 2]], kib: f64) -> f64 {
    points.iter().find(|p| p[0] == kib).unwrap()[1]
}

#[test]
fn article_004_cached_reads_win_up_to_512k_and_the_platters_catch_up_at_768k() {
    let figure = find_figure("article-004-cached-vs-not").unwrap().unwrap();
    let runs: Vec<Report> = figure.members.iter().map(|(_, _, s)| Simulation::run_to_end(s).unwrap()).collect();
    let (cached, uncached) = (headline(&runs[0]), headline(&runs[1]));
    for (c, u) in cached.iter().zip(&uncached) {
        println!("{:>5} KiB: cached {:6.2} MB/s, not cached {:6.2} MB/s", c[0], c[1], u[1]);
    }
    // The article: 5.23 MB/s at 4 KiB cached, about 10x a plain 2.5" disk.
    let c4 = at(&cached, 4.0);
    assert!((c4 / 5.23 - 1.0).abs() < 0.1, "cached 4 KiB {c4:.2} MB/s");
    assert!(c4 / at(&uncached, 4.0) > 6.0, "cached {c4:.2} against {:.2}", at(&uncached, 4.0));
    // The article's "normal 2.5-inch HDD", a 5,400 rpm laptop disk on the same region: 8x and more.
    let laptop = at(&headline(&runs[2]), 4.0);
    assert!((8.0..13.0).contains(&(c4 / laptop)), "cached {c4:.2} against the 5,400 rpm disk's {laptop:.2}");
    // Faster up to 512 KiB, caught up at 768 KiB, behind at 1 MiB.
    for kib in [4.0, 8.0, 16.0, 32.0, 64.0, 128.0, 256.0, 512.0] {
        assert!(at(&cached, kib) > 1.05 * at(&uncached, kib), "{kib} KiB");
    }
    assert!(at(&cached, 768.0) < 1.02 * at(&uncached, 768.0), "768 KiB caught up");
    assert!(at(&cached, 1024.0) < at(&uncached, 1024.0), "1 MiB: the platters win");
    // From 256 KiB up the cached reads run near 60 MB/s.
    for kib in [256.0, 512.0, 768.0, 1024.0] {
        assert!((50.0..70.0).contains(&at(&cached, kib)), "{kib} KiB {:.1}", at(&cached, kib));
    }
    // Every read of the cached run came from the NAND: the warm-up's blocks were all promoted.
    let s = &runs[0].summary;
    assert_eq!(s.tier.as_ref().unwrap().tier_promoted_bytes, 102_400_000.0);
    assert_eq!(s.tier.as_ref().unwrap().tier_cached_bytes, 102_400_000.0);
    assert_eq!(runs[1].summary.tier.as_ref().unwrap().tier_promoted_bytes, 0.0);
}

#[test]
fn the_momentus_promotes_only_in_idle_time_and_writes_go_around_the_cache() {
    let mut v = preset("momentus-xt-like");
    // No idle after the warm-up: the blocks are candidates, but none gets copied.
    v["workload"]["idle_s"] = json!(0);
    v["workload"]["sizes"] = json!(["4k"]);
    let r = run(&v);
    assert_eq!(r.summary.tier.as_ref().unwrap().tier_promoted_bytes, 0.0);
    assert!(at(&headline(&r), 4.0) < 1.0, "{:?}", headline(&r));
    // An idle time shorter than the drive waits for before it starts copying does nothing.
    v["workload"]["idle_s"] = json!(0.5);
    assert_eq!(run(&v).summary.tier.as_ref().unwrap().tier_promoted_bytes, 0.0);
    // Read once is not read often: with three reads needed, one warm-up pass promotes nothing.
    v["workload"]["idle_s"] = json!(60);
    v["workload"]["warmup_s"] = json!(1.2);
    v["device"]["tier"]["promote_after_reads"] = json!(3);
    assert_eq!(run(&v).summary.tier.as_ref().unwrap().tier_promoted_bytes, 0.0);
    // Writes reach the platters, never the NAND; a cached copy of a written block is dropped.
    let mut w = preset("momentus-xt-like");
    w["workload"] = json!({"kind": "job", "rw": "randwrite", "bs": "4k", "iodepth": 1, "offset": 0, "size": "100m", "runtime": 1});
    let r = run(&w);
    assert!(r.summary.host_written_bytes > 0.0);
    assert_eq!(r.summary.tier.as_ref().unwrap().tier_cached_bytes, 0.0);
    assert_eq!(r.summary.media.as_ref().unwrap().media_written_bytes, r.summary.host_written_bytes);
}

#[test]
fn article_001_later_loads_are_faster_and_pinning_barely_matters() {
    let figure = find_figure("article-001-application-load").unwrap().unwrap();
    let runs: Vec<Vec<[f64; 2]>> = figure.members.iter().map(|(_, _, s)| headline(&Simulation::run_to_end(s).unwrap())).collect();
    for ((name, _, _), points) in figure.members.iter().zip(&runs) {
        println!("{name}: {:?}", points.iter().map(|p| format!("{:.1}", p[1])).collect::<Vec<_>>());
    }
    let (cached, pinned, off) = (&runs[0], &runs[1], &runs[2]);
    assert_eq!(cached.len(), 4);
    // The second and later loads read from 3D XPoint.
    assert!(cached[1][1] > 3.0 * cached[0][1], "{cached:?}");
    for run in &cached[2..] {
        assert!((run[1] / cached[1][1] - 1.0).abs() < 0.02);
    }
    // The first load reads from QLC; it is no slower than with the cache off (its re-reads
    // of blocks it already read hit the cache).
    assert!(cached[0][1] >= off[0][1]);
    // Pinning barely changes the result.
    for (a, b) in cached.iter().zip(pinned) {
        assert!((a[1] / b[1] - 1.0).abs() < 0.02, "{a:?} {b:?}");
    }
    // Without the cache, every load is the same.
    for run in off {
        assert!((run[1] / off[0][1] - 1.0).abs() < 0.02, "{off:?}");
    }
}

#[test]
fn a_persistent_cache_survives_a_power_cycle_and_a_volatile_one_does_not() {
    let mut v = preset("h10-like");
    v["workload"]["power_cycle"] = json!(true);
    v["workload"]["runs"] = json!(2);
    let kept = headline(&run(&v));
    v["device"]["tier"]["persistent"] = json!(false);
    let lost = headline(&run(&v));
    assert!(kept[1][1] > 3.0 * kept[0][1], "{kept:?}");
    assert!((lost[1][1] / lost[0][1] - 1.0).abs() < 0.05, "{lost:?}");
}

#[test]
fn write_back_takes_writes_into_xpoint_and_writes_them_back_when_idle() {
    let mut v = preset("h10-like");
    // Two rounds of 4 KiB random writes over 64 MiB of the 1/16 drive, 5 s idle between.
    v["workload"] = json!({"kind": "steady_state", "rw": "randwrite", "bs": "4k", "iodepth": 1, "offset": 0, "size": "1g", "round_bytes": "256m", "rounds": 2, "idle_s": 5});
    let s = run(&v).summary;
    println!("write p50 {:.1} µs; written back {:.0} of {:.0}", s.write_latency.p50_us, s.tier.as_ref().unwrap().tier_written_back_bytes, s.host_written_bytes);
    // A write is an XPoint write (12 µs on its rank) behind the firmware and the x2 link.
    assert!(s.write_latency.p50_us < 40.0, "{}", s.write_latency.p50_us);
    // The idle time wrote round 1 back to the QLC: every distinct block it wrote, once
    // (4,096 writes over 16,384 blocks touch 16,384 (1 - e^-1/4) of them), and none of
    // round 2, which nothing followed.
    let distinct = 16_384.0 * (1.0 - (-0.25f64).exp()) * 4096.0;
    assert!(
        (s.tier.as_ref().unwrap().tier_written_back_bytes / distinct - 1.0).abs() < 0.02,
        "{} against {distinct:.0}",
        s.tier.as_ref().unwrap().tier_written_back_bytes
    );
    assert!(s.nand.as_ref().unwrap().nand_written_bytes >= s.tier.as_ref().unwrap().tier_written_back_bytes);
}

#[test]
fn hybrid_runs_are_deterministic_and_hold_their_shape_at_another_scale() {
    let v = preset("momentus-xt-like");
    let a = run(&v);
    assert_eq!(a.to_json(), run(&v).to_json());
    let mut w = v.clone();
    w["scale"] = json!(4);
    let b = run(&w);
    for (p, q) in headline(&a).iter().zip(headline(&b)) {
        assert!((p[1] / q[1] - 1.0).abs() < 0.05, "{p:?} {q:?}");
    }
}

#[test]
fn the_tiers_must_be_different_kinds_and_the_pinned_range_inside_the_drive() {
    let mut v = preset("h10-like");
    v["device"]["tier"]["cache"] = json!("nand_ssd");
    let e = Scenario::from_json(&v.to_string()).unwrap_err();
    assert_eq!(e.field, "device.tier.backing", "{e}");
    let mut v = preset("h10-like");
    v["device"]["tier"]["pin_offset"] = json!("600g");
    let e = Scenario::from_json(&v.to_string()).unwrap_err();
    assert_eq!(e.field, "device.tier.pin_offset", "{e}");
    let mut v = preset("h10-like");
    v["device"]["tier"]["backing"] = json!("xpoint_ssd");
    let e = Scenario::from_json(&v.to_string()).unwrap_err();
    assert_eq!(e.field, "device.tier.backing", "{e}");
    // A warm-up too long to run stops at the work ceiling (lowered here), naming it.
    let mut v = preset("momentus-xt-like");
    v["workload"]["warmup_s"] = json!(3600);
    let mut resolved = ssd_core::resolve::Resolved::compile(&Scenario::from_json(&v.to_string()).unwrap()).unwrap();
    resolved.budget.work_limit = 2_000_000;
    let mut sim = ssd_core::Simulation::from_resolved(resolved).unwrap();
    while !sim.run(1 << 20) {}
    assert_eq!(sim.stopped().map(|e| e.field.as_str()), Some("workload.warmup_s"));
    // Every end of every tier knob's range runs.
    let mut v = preset("momentus-xt-like");
    v["workload"]["sizes"] = json!(["4k", "1m"]);
    for (knob, value) in
        [("idle_after_ms", json!(60_000)), ("hit_latency_us", json!(100_000)), ("promote_after_reads", json!(255)), ("read_bypass_bytes", json!("64m"))]
    {
        let mut w = v.clone();
        w["device"]["tier"][knob] = value;
        assert!(!headline(&run(&w)).is_empty(), "{knob}");
    }
}

/// Issue 27: switching a small NAND preset to a hybrid drive keeps the default cache tier
/// (a 280 GB XPoint drive) in front of a 16 GiB drive. The cache can hold no more than the
/// backing tier's blocks, so its directory is sized for those: the memory stays near the
/// NAND drive's own, not the 1.4 GiB a directory for 280 GB of slots took.
#[test]
fn a_cache_larger_than_its_backing_tier_is_sized_for_the_backing_tier() {
    let mut v = preset("tlc-random-read");
    let nand = Simulation::new(&Scenario::from_json(&v.to_string()).unwrap()).unwrap().budget().expected_memory_bytes;
    v["device"]["kind"] = json!("hybrid");
    let s = Scenario::from_json(&v.to_string()).unwrap();
    let backing_units = s.device.user_bytes().unwrap() / 4096;
    let hybrid = Simulation::new(&s).unwrap().budget().expected_memory_bytes;
    let mib = |b: u64| b as f64 / 1048576.0;
    println!("NAND {:.1} MiB, hybrid {:.1} MiB, backing {backing_units} blocks", mib(nand), mib(hybrid));
    // Each backing block costs the directory 26 bytes (tags, use, flags, history, queues).
    assert!(hybrid <= nand + 26 * backing_units + (4 << 20), "hybrid {:.1} MiB against NAND {:.1} MiB", mib(hybrid), mib(nand));
    // And it still runs to a throughput.
    let r = Simulation::run_to_end(&s).unwrap();
    assert!(r.series.iter().any(|s| s.points.iter().any(|p| p[1] > 0.0)));
}
