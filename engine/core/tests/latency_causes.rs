//! Why each command took as long as it did: its latency split into causes adds up to the
//! latency exactly, and the causes are the ones the articles name.

mod common;
use serde_json::{json, Value};
use ssd_core::presets::{self, find_figure};
use ssd_core::{Scenario, Simulation};

fn run(s: &Scenario) -> Simulation {
    let mut sim = Simulation::new(s).unwrap();
    while !sim.run(1 << 20) {}
    sim
}

fn with_workload(preset: &str, workload: Value) -> Scenario {
    let mut v: Value = serde_json::from_str(presets::find(preset).unwrap().json).unwrap();
    v["workload"] = workload;
    // The traces' 96 MiB must hold a 1 MiB transfer at the preset's own scale.
    if v["scale"].as_u64().is_some_and(|s| s > 64) {
        v["scale"] = 64.into();
    }
    Scenario::from_json(&v.to_string()).unwrap()
}

fn trace(sim: &Simulation) -> Vec<f64> {
    sim.series().iter().find(|s| s.id == "latency_trace").expect("a latency trace").points.iter().map(|p| p[1]).collect()
}

/// The cause lines' values at latency-trace point `i`, by cause id.
fn causes_at(sim: &Simulation, i: usize) -> Vec<(String, f64)> {
    sim.series().iter().filter_map(|s| s.id.strip_prefix("latency_cause.").map(|c| (c.to_string(), s.points[i][1]))).collect()
}

fn part(causes: &[(String, f64)], id: &str) -> f64 {
    causes.iter().find(|(c, _)| c == id).map_or(0.0, |c| c.1)
}

/// Every command's parts add up to its latency (counted in ns by the recorder), and every
/// trace point's cause lines to the point.
fn assert_adds_up(name: &str, sim: &Simulation) {
    assert_eq!(sim.unbalanced_latency_parts(), 0, "{name}: commands whose parts miss their latency");
    let points = trace(sim);
    for (i, ms) in points.iter().enumerate() {
        let sum: f64 = causes_at(sim, i).iter().map(|c| c.1).sum();
        assert!((sum - ms).abs() <= 1e-9 * ms.max(1.0), "{name}: point {i} is {ms} ms, its causes {sum}");
    }
}

#[test]
fn every_presets_latency_trace_adds_up_command_by_command() {
    let mut runs: Vec<(String, Scenario)> = Vec::new();
    for p in presets::all() {
        for rw in ["write", "read", "randread"] {
            let workload = json!({"kind": "latency_trace", "rw": rw, "bs": if rw == "randread" { "4k" } else { "1m" }, "size": "96m"});
            runs.push((format!("{} {rw}", p.name), with_workload(p.name, workload)));
        }
    }
    for f in ["article-002-write-latency", "article-002-read-latency", "article-000-write-latency", "article-001-write-latency"] {
        for (id, _, s) in find_figure(f).unwrap().unwrap().members {
            runs.push((format!("{f} {id}"), s));
        }
    }
    let checked = common::on_every_core(&runs, |(name, s)| {
        let sim = run(s);
        assert_adds_up(name, &sim);
        trace(&sim).len()
    });
    println!("{} runs, {} commands checked point by point", runs.len(), checked.iter().sum::<usize>());
}

#[test]
fn article_002s_spikes_are_the_erase() {
    let figure = find_figure("article-002-write-latency").unwrap().unwrap();
    let sim = run(&figure.members[0].2);
    let ms = trace(&sim);
    let mut sorted = ms.clone();
    sorted.sort_by(f64::total_cmp);
    let p50 = sorted[sorted.len() / 2];
    let (mut spikes, mut erased) = (0, 0);
    for (i, &v) in ms.iter().enumerate() {
        let erase = part(&causes_at(&sim, i), "behind_erase");
        if v > p50 + 2.5 {
            spikes += 1;
            assert!(erase > 0.5, "spike {i} ({v:.2} ms) waits {erase:.3} ms behind an erase");
        } else {
            erased += (erase > 0.0) as u32;
        }
    }
    let c = causes_at(&sim, ms.iter().enumerate().max_by(|a, b| a.1.total_cmp(b.1)).unwrap().0);
    println!("{spikes} spikes; the worst: {c:?}");
    assert!(spikes >= 20);
    assert_eq!(erased, 0, "no write between the spikes waits behind an erase");
}

#[test]
fn an_hmb_off_random_read_spends_its_extra_time_reading_table_pages() {
    let read = json!({"kind": "job", "rw": "randread", "bs": "4k", "iodepth": 1, "size": "8g", "runtime": 0.05});
    let mean = |preset: &str| {
        let d = run(&with_workload(preset, read.clone())).latency_causes();
        let r = d.read.unwrap();
        let at = |id: &str| d.causes.iter().position(|c| c.id() == id).map_or(0.0, |i| r.causes_us[i]);
        (r.mean_us, at("map_nand"), at("map_hmb"))
    };
    let (on, on_nand, on_hmb) = mean("bg4-like");
    let (off, off_nand, _) = mean("bg4-like-hmb-off");
    println!("HMB on {on:.1} µs (table page reads {on_nand:.1}, HMB {on_hmb:.1}); off {off:.1} µs (table page reads {off_nand:.1})");
    assert!(off > on * 1.3, "{off} vs {on}");
    let extra = off - on;
    assert!(((off_nand - on_nand) / extra - 1.0).abs() < 0.25, "table reads {off_nand} - {on_nand} of the extra {extra}");
}

#[test]
fn suspend_lowers_read_tail_latency_under_writes_at_a_cost_to_writes() {
    let mixed = json!({"kind": "job", "rw": "randrw", "rwmixread": 50, "bs": "4k", "iodepth": 4, "size": "8g", "runtime": 0.3});
    let go = |enabled: bool| {
        let mut v: Value = serde_json::from_str(presets::find("tlc-steady-state-random-write").unwrap().json).unwrap();
        v["device"]["nand"]["suspend"] = json!({"enabled": enabled});
        v["workload"] = mixed.clone();
        run(&Scenario::from_json(&v.to_string()).unwrap())
    };
    let (off, on) = (go(false), go(true));
    let (a, b) = (off.report().summary, on.report().summary);
    let d = on.latency_causes();
    let r = d.read.as_ref().unwrap();
    let at = |id: &str| d.causes.iter().position(|c| c.id() == id).map_or(0.0, |i| r.tail.causes_us[i]);
    println!(
        "read p99.9 {:.0} -> {:.0} µs, p99 {:.0} -> {:.0}, mean {:.0} -> {:.0}; write mean {:.0} -> {:.0} µs, write {:.1} -> {:.1} MB/s; tail suspend {:.1} µs",
        a.read_latency.p999_us,
        b.read_latency.p999_us,
        a.read_latency.p99_us,
        b.read_latency.p99_us,
        a.read_latency.mean_us,
        b.read_latency.mean_us,
        a.write_latency.mean_us,
        b.write_latency.mean_us,
        a.write_mb_per_s,
        b.write_mb_per_s,
        at("suspend")
    );
    let suspended = b.nand.as_ref().unwrap().suspended_reads;
    // Each suspend of a running operation adds 30 + 20 µs and the read to its plane's time.
    println!("{suspended} reads went ahead of a program or erase");
    assert!(b.read_latency.p999_us < a.read_latency.p999_us / 1.8, "p99.9 {} -> {}", a.read_latency.p999_us, b.read_latency.p999_us);
    assert!(suspended > 100.0 && a.nand.as_ref().unwrap().suspended_reads == 0.0);
    assert!(at("suspend") > 0.0, "the cost shows in the tail's parts");
    assert!(!off.latency_causes().causes.iter().any(|c| c.id() == "suspend"), "off: no such cause");
}

/// GC that yields to reads: on a drive at steady state under mixed random I/O, a host read
/// need not wait for the GC copies queued on its die. Reads' time behind GC falls, their tail
/// with it. What is left of their tail is mostly erases already running (suspend's part).
#[test]
fn gc_that_yields_to_reads_takes_gc_out_of_their_wait() {
    let mixed = json!({"kind": "job", "rw": "randrw", "rwmixread": 50, "bs": "4k", "iodepth": 4, "size": "8g", "runtime": 0.3});
    let go = |enabled: bool| {
        let mut v: Value = serde_json::from_str(presets::find("tlc-steady-state-random-write").unwrap().json).unwrap();
        v["device"]["gc"]["yield_to_reads"] = json!(enabled);
        v["precondition"]["random_rounds"] = json!(3);
        v["workload"] = mixed.clone();
        run(&Scenario::from_json(&v.to_string()).unwrap())
    };
    let (off, on) = (go(false), go(true));
    let (a, b) = (off.report().summary, on.report().summary);
    let behind_gc = |sim: &Simulation| {
        let d = sim.latency_causes();
        let i = d.causes.iter().position(|c| c.id() == "behind_gc").unwrap();
        let r = d.read.as_ref().unwrap();
        (r.causes_us[i], r.tail.causes_us[i])
    };
    let ((off_mean, off_tail), (on_mean, on_tail)) = (behind_gc(&off), behind_gc(&on));
    let passed = b.nand.as_ref().unwrap().reads_ahead_of_gc;
    println!(
        "reads behind GC: mean {off_mean:.1} -> {on_mean:.1} µs, tail {off_tail:.0} -> {on_tail:.0} µs; read mean {:.0} -> {:.0}, p99 {:.0} -> {:.0}, p99.9 {:.0} -> {:.0} µs; write {:.1} -> {:.1} MB/s; {passed} reads let in ahead of GC",
        a.read_latency.mean_us,
        b.read_latency.mean_us,
        a.read_latency.p99_us,
        b.read_latency.p99_us,
        a.read_latency.p999_us,
        b.read_latency.p999_us,
        a.write_mb_per_s,
        b.write_mb_per_s,
    );
    assert!(passed > 100.0 && a.nand.as_ref().unwrap().reads_ahead_of_gc == 0.0);
    assert_eq!(on.unbalanced_latency_parts(), 0, "a read let in ahead still adds up");
    assert!(on_mean < off_mean / 2.0, "reads' mean time behind GC {off_mean} -> {on_mean}");
    assert!(b.read_latency.p99_us < a.read_latency.p99_us / 3.0, "read p99 {} -> {}", a.read_latency.p99_us, b.read_latency.p99_us);
}

/// Article 001: past its SLC cache the H10's QLC half folds a die's batch at a time and its
/// write speed dips; the writes of the dips (the slowest 1 %) wait behind that folding.
#[test]
fn the_h10s_dips_wait_behind_folding() {
    let figure = find_figure("article-001-whole-drive-write").unwrap().unwrap();
    let (_, _, h10) = figure.members.iter().find(|m| m.0 == "h10-qlc-like").expect("the H10 member");
    let d = run(h10).latency_causes();
    let w = d.write.as_ref().unwrap();
    let share = |band: &ssd_core::sim::Band, id: &str| d.causes.iter().position(|c| c.id() == id).map_or(0.0, |i| band.causes_us[i] / band.mean_us);
    let parts = |band: &ssd_core::sim::Band| {
        d.causes
            .iter()
            .zip(&band.causes_us)
            .filter(|(_, v)| **v > 0.0)
            .map(|(c, v)| format!("{} {:.0} %", c.id(), 100.0 * v / band.mean_us))
            .collect::<Vec<_>>()
            .join(", ")
    };
    println!(
        "H10 writes: {:.0} µs mean ({}); above p99: {} writes, {:.0} µs mean ({})",
        w.mean_us,
        parts(&w.bands[0]),
        w.tail.count,
        w.tail.mean_us,
        parts(&w.tail)
    );
    assert!(w.tail.count > 100.0);
    assert!(share(&w.tail, "behind_fold") > 0.8, "the dips are folding");
    assert!(share(&w.bands[0], "behind_fold") < 0.05, "the typical write waits for its own programs");
}
