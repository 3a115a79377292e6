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
    for f in ["article-002-write-latency", "article-002-read-latency"] {
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
