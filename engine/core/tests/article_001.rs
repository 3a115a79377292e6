//! Article 001: the SLC cache of a QLC drive, from the engine's own runs. The whole-drive
//! write falls off a cliff where the cache the scenario implies is full; after it the
//! 660p-like drive (paced folding) settles near 61 MB/s and the H10-like QLC half (burst
//! folding, slower QLC programs) dips to about 20 MB/s and recovers to about 60 again and
//! again, its samples averaging about 47 MB/s.

mod common;
use serde_json::{json, Value};
use ssd_core::{presets, Report, Scenario, Simulation};

/// A preset with parts replaced: a new workload replaces the old whole, the rest merges.
fn preset_with(name: &str, patch: Value) -> Scenario {
    let mut v: Value = serde_json::from_str(presets::find(name).unwrap().json).unwrap();
    if let Some(w) = patch.get("workload") {
        v["workload"] = w.clone();
    }
    presets::merge(&mut v, &patch);
    Scenario::from_json(&v.to_string()).unwrap()
}

fn run(name: &str, patch: Value) -> Report {
    Simulation::run_to_end(&preset_with(name, patch)).unwrap()
}

/// The cache an empty drive has: the static part plus the dynamic share of the free native
/// capacity (all of the user capacity) at 1 bit per cell instead of 4. From the scenario's own
/// numbers, not the engine's.
fn implied_cache_gb(static_gb: f64, dynamic_percent: f64) -> f64 {
    let user = 512_110_190_592.0;
    static_gb + dynamic_percent / 100.0 * user / 4.0 / 1e9
}

/// (GB written, MB/s) of the whole-drive write.
fn curve(r: &Report) -> &[[f64; 2]] {
    common::series(r, "throughput_vs_written")
}

/// Where the speed first falls below half of what it was at the start.
fn cliff_gb(points: &[[f64; 2]]) -> Option<f64> {
    let start = points[1][1];
    points.iter().find(|p| p[1] < start / 2.0).map(|p| p[0])
}

/// Mean of the samples after `from_gb`, as TxBENCH averages a whole-span write.
fn sample_mean_after(points: &[[f64; 2]], from_gb: f64) -> f64 {
    let after: Vec<f64> = points.iter().filter(|p| p[0] > from_gb).map(|p| p[1]).collect();
    after.iter().sum::<f64>() / after.len() as f64
}

/// The level 90 % of the samples after `from_gb` lie under: where the speed recovers to.
fn p90_after(points: &[[f64; 2]], from_gb: f64) -> f64 {
    let mut after: Vec<f64> = points.iter().filter(|p| p[0] > from_gb).map(|p| p[1]).collect();
    after.sort_by(f64::total_cmp);
    after[((after.len() - 1) as f64 * 0.9).round() as usize]
}

/// Mean speed over the points after `from_gb`: their data over their time.
fn mean_after(points: &[[f64; 2]], from_gb: f64) -> f64 {
    let after: Vec<&[f64; 2]> = points.iter().filter(|p| p[0] > from_gb).collect();
    let step = points[0][0];
    let seconds: f64 = after.iter().map(|p| step * 1e3 / p[1]).sum();
    after.len() as f64 * step * 1e3 / seconds
}

#[test]
fn the_cliff_sits_where_the_cache_is_full_and_each_drive_keeps_its_pattern() {
    let implied = implied_cache_gb(6.0, 53.0);
    let p660 = run("660p-like", json!({}));
    let h10 = run("h10-qlc-like", json!({}));
    for (name, r) in [("660p", &p660), ("H10", &h10)] {
        let cliff = cliff_gb(curve(r)).unwrap();
        println!("{name}: cliff at {cliff:.1} GB, cache implied {implied:.1} GB, summary {:.1} GB", r.summary.nand.as_ref().unwrap().slc_cache_bytes / 1e9);
        assert!((cliff / implied - 1.0).abs() < 0.05, "{name}: cliff at {cliff:.1} GB vs {implied:.1}");
        assert!((r.summary.nand.as_ref().unwrap().slc_cache_bytes / 1e9 / implied - 1.0).abs() < 0.01);
        // Into SLC: about 1 GB/s (16 planes x 16 KiB / 260 µs).
        assert!((curve(r)[5][1] / 1008.0 - 1.0).abs() < 0.05, "{name}: SLC phase {}", curve(r)[5][1]);
    }
    // After the cliff (and its transient of a few GB).
    let from = implied + 8.0;
    let (a660, ah10) = (mean_after(curve(&p660), from), mean_after(curve(&h10), from));
    let post = |r: &Report| curve(r).iter().filter(|p| p[0] > from).map(|p| p[1]).collect::<Vec<f64>>();
    let (p, h) = (post(&p660), post(&h10));
    let lo = |v: &[f64]| v.iter().cloned().fold(f64::MAX, f64::min);
    let hi = |v: &[f64]| v.iter().cloned().fold(0.0, f64::max);
    println!("660p after the cliff: mean {a660:.1} MB/s, {:.1} to {:.1}", lo(&p), hi(&p));
    let (sh10, rh10) = (sample_mean_after(curve(&h10), from), p90_after(curve(&h10), from));
    println!("H10  after the cliff: mean {ah10:.1} MB/s, samples' mean {sh10:.1}, p90 {rh10:.1}, {:.1} to {:.1}", lo(&h), hi(&h));
    // 660p: 61.23 MB/s on average, steady around 60.
    assert!((a660 / 61.23 - 1.0).abs() < 0.05, "660p {a660}");
    assert!(p.iter().all(|&v| (v / a660 - 1.0).abs() < 0.06), "660p is level after the cliff");
    // H10: 47.05 MB/s on average (TxBENCH's mean of samples), dipping to about 20 and
    // recovering to about 60, again and again.
    assert!((sh10 / 47.05 - 1.0).abs() < 0.15, "H10 samples' mean {sh10}");
    assert!((15.0..25.0).contains(&lo(&h)), "H10 dips to {}", lo(&h));
    assert!((50.0..65.0).contains(&rh10), "H10 recovers to {rh10}");
    // Between dips no die folds: four dies program QLC, 4 planes x 4 pages x 16 KiB per
    // 17.4 ms wordline (the fitted H10 program time; the 660p-like's 14.9 ms gives 70).
    let qlc = 4.0 * 4.0 * 4.0 * 16384.0 / 17.4e-3 / 1e6;
    assert!((rh10 / qlc - 1.0).abs() < 0.03, "H10 recovers to {rh10}, four dies programming QLC give {qlc:.1}");
    assert!(hi(&h) < qlc * 1.05, "H10 never writes above its QLC speed after the cliff: {}", hi(&h));
    // Bytes over time sit lower: a dip's sample takes over three times as long as one at the recovered speed.
    assert!(ah10 < sh10, "H10 time mean {ah10} under the samples' mean {sh10}");
    let dips = h.windows(2).filter(|w| w[0] > 40.0 && w[1] < 30.0).count();
    assert!(dips >= 20, "H10 dips {dips} times");
    // Folding moved the dynamic part out: data written once into SLC, about 68 GB folded.
    for r in [&p660, &h10] {
        // Amounts of the 1/scale drive, as host writes are.
        let folded = r.summary.nand.as_ref().unwrap().folded_bytes * r.summary.scale / 1e9;
        assert!((folded - (implied - 6.0)).abs() < 6.0, "folded {folded} GB");
        assert_eq!(
            r.summary.nand.as_ref().unwrap().slc_written_bytes * r.summary.scale,
            r.summary.nand.as_ref().unwrap().slc_cache_bytes.round() - (r.summary.nand.as_ref().unwrap().slc_cache_bytes.round() % 4096.0),
            "written once into SLC"
        );
    }
}

#[test]
fn the_cliff_follows_the_slc_ratio_and_a_ratio_of_zero_has_none() {
    let quarter = run("660p-like", json!({"device": {"slc_cache": {"dynamic_percent": 25}}}));
    let cliff = cliff_gb(curve(&quarter)).unwrap();
    let implied = implied_cache_gb(6.0, 25.0);
    println!("ratio 25 %: cliff at {cliff:.1} GB (implied {implied:.1})");
    assert!((cliff / implied - 1.0).abs() < 0.05);
    // Static part only: a small cliff at 6 GB.
    let static_only = run("660p-like", json!({"device": {"slc_cache": {"dynamic_percent": 0}}}));
    let cliff = cliff_gb(curve(&static_only)).unwrap();
    assert!((cliff / 6.0 - 1.0).abs() < 0.5, "static only: cliff at {cliff}");
    // No SLC cache: native QLC speed from the first byte, 16 planes x 4 pages x 16 KiB per
    // 14.9 ms wordline.
    let none = run("660p-like", json!({"device": {"slc_cache": {"dynamic_percent": 0, "static_bytes": 0}}}));
    let native = 16.0 * 4.0 * 16384.0 / 14.9e-3 / 1e6;
    let c = curve(&none);
    println!("no SLC cache: {:.1} .. {:.1} MB/s (native {native:.1})", c[1][1], c[c.len() - 1][1]);
    assert!(cliff_gb(c).is_none(), "no cliff");
    assert!(c.iter().skip(1).all(|p| (p[1] / native - 1.0).abs() < 0.05), "native speed throughout");
    assert_eq!(none.summary.nand.as_ref().unwrap().slc_written_bytes, 0.0);
}

#[test]
fn the_cache_shrinks_as_the_drive_fills() {
    // Half full: the dynamic part runs 53 % of the free half as SLC.
    let r = run("660p-like", json!({"precondition": {"fill_percent": 50}, "workload": {"kind": "job", "rw": "read", "runtime": 0.001}}));
    let free = 512_110_190_592.0 / 2.0;
    let expected = 6e9 + 0.53 * free / 4.0;
    assert!(
        (r.summary.nand.as_ref().unwrap().slc_cache_bytes / expected - 1.0).abs() < 0.01,
        "{} vs {expected}",
        r.summary.nand.as_ref().unwrap().slc_cache_bytes
    );
    // Full: the static part alone.
    let r = run("660p-like", json!({"precondition": {"fill_percent": 100}, "workload": {"kind": "job", "rw": "read", "runtime": 0.001}}));
    assert!((r.summary.nand.as_ref().unwrap().slc_cache_bytes / 6e9 - 1.0).abs() < 0.01, "{}", r.summary.nand.as_ref().unwrap().slc_cache_bytes);
}

#[test]
fn sequential_reads_follow_the_link() {
    // CrystalDiskMark SEQ1M Q8T1: the 660p on x4 is limited by its NAND (article: 1,847 MB/s),
    // the H10's QLC half by PCIe 3.0 x2 (article: 1,626 MB/s).
    let cdm = json!({"precondition": {"fill_percent": 0}, "workload": {"kind": "crystal_disk_mark", "size": "1g", "profile": "custom", "tests": "SEQ1M Q8T1"}});
    let read = |name: &str| common::series(&run(name, cdm.clone()), "cdm_read")[0][1];
    let (x4, x2) = (read("660p-like"), read("h10-qlc-like"));
    println!("SEQ1M Q8T1 read: 660p-like {x4:.0}, h10-qlc-like {x2:.0} MB/s");
    assert!((x4 / 1847.0 - 1.0).abs() < 0.10, "{x4}");
    assert!((x2 / 1626.0 - 1.0).abs() < 0.02, "{x2}");
}

#[test]
fn the_cliff_and_the_patterns_do_not_depend_on_scale() {
    let implied = implied_cache_gb(6.0, 53.0);
    for scale in [4, 64] {
        for name in ["660p-like", "h10-qlc-like"] {
            let r = run(name, json!({"scale": scale}));
            let cliff = cliff_gb(curve(&r)).unwrap();
            // The 660p-like is level, so either mean will do; the H10's as TxBENCH takes it.
            let mean = if name == "660p-like" { mean_after(curve(&r), implied + 8.0) } else { sample_mean_after(curve(&r), implied + 8.0) };
            println!("{name} at scale {scale}: cliff {cliff:.1} GB, then {mean:.1} MB/s");
            assert!((cliff / implied - 1.0).abs() < 0.05);
            let expected = if name == "660p-like" { 61.23 } else { 47.05 };
            assert!((mean / expected - 1.0).abs() < 0.12, "{name} at scale {scale}: {mean}");
        }
    }
}
