//! Snapshots of the drive's state along a run (`sim/snapshots.rs`): bounded, spaced evenly
//! along the run's own x axis, the same however the run is stepped, and telling the truth
//! about the drive (checked against theory and against the run's own series).

use serde_json::Value;
use ssd_core::sim::{MAX_CELLS, MAX_SNAPSHOTS};
use ssd_core::{Scenario, Simulation};

fn preset(name: &str) -> Scenario {
    ssd_core::presets::all().find(|p| p.name == name).unwrap_or_else(|| panic!("no preset {name}")).scenario().unwrap()
}

/// Runs to the end in chunks of `chunk` events; the snapshots as JSON and their cells.
fn snapshots(scenario: &Scenario, chunk: u64) -> (Value, Vec<u8>, Simulation) {
    let mut sim = Simulation::new(scenario).unwrap();
    while !sim.run(chunk) {}
    assert!(sim.stopped().is_none(), "{:?}", sim.stopped());
    let json: Value = serde_json::from_str(&sim.snapshots_json()).unwrap();
    let cells = sim.snapshot_cells().to_vec();
    (json, cells, sim)
}

fn list(json: &Value) -> &Vec<Value> {
    json["snapshots"].as_array().unwrap()
}

fn f(v: &Value) -> f64 {
    v.as_f64().unwrap_or_else(|| panic!("not a number: {v}"))
}

#[test]
fn snapshots_are_bounded_evenly_spaced_and_the_same_however_the_run_is_stepped() {
    let scenario = preset("660p-like");
    let (json, cells, sim) = snapshots(&scenario, 1 << 20);
    assert_eq!(json["driver"], "written");
    let shots = list(&json);
    // A run of more points than the bound is thinned, never past it.
    assert!(shots.len() > MAX_SNAPSHOTS / 2 && shots.len() <= MAX_SNAPSHOTS, "{}", shots.len());
    let per = json["cells_per_snapshot"].as_u64().unwrap() as usize;
    let cell_blocks = json["cell_blocks"].as_u64().unwrap() as usize;
    let blocks = json["blocks"].as_u64().unwrap() as usize;
    assert_eq!(cells.len(), per * shots.len());
    assert!(per <= MAX_CELLS as usize && per * cell_blocks >= blocks && (per - 1) * cell_blocks < blocks, "{per} cells of {cell_blocks} for {blocks} blocks");
    // Every snapshot but the run's last state sits a whole number of strides apart, all
    // the same, on the data-written axis.
    let x: Vec<f64> = shots.iter().map(|s| f(&s["written_gb"])).collect();
    let steps: Vec<f64> = x.windows(2).map(|w| w[1] - w[0]).collect();
    let inner = &steps[..steps.len() - 1];
    let (lo, hi) = inner.iter().fold((f64::MAX, 0.0f64), |(lo, hi), &d| (lo.min(d), hi.max(d)));
    assert!(lo > 0.0 && hi / lo < 1.01, "spacing {lo}..{hi} GB");
    // The summary counts the simulated (1/scale) drive; the axes the full-size one.
    let written = sim.summary().host_written_bytes * sim.summary().scale / 1e9;
    assert!((x.last().unwrap() - written).abs() < 1e-6 * written, "the last snapshot is the run's end: {} vs {written}", x.last().unwrap());
    // Small chunks (as the browser's worker steps) record the very same snapshots.
    let (again, cells_again, _) = snapshots(&scenario, 997);
    assert_eq!(json, again);
    assert_eq!(cells, cells_again);
}

#[test]
fn a_qlc_drive_fills_its_slc_cache_then_folds_out_of_it_past_the_cliff() {
    let (json, cells, _) = snapshots(&preset("660p-like"), 1 << 20);
    let shots = list(&json);
    let per = json["cells_per_snapshot"].as_u64().unwrap() as usize;
    let slc_cells = |i: usize| cells[i * per..(i + 1) * per].iter().filter(|&&c| c & 4 != 0).count();
    let data = |s: &Value| f(&s["slc"]["data_gb"]);
    // Before the cliff: host data goes into SLC-mode blocks and nothing is folded yet.
    let full = shots.iter().position(|s| data(s) >= f(&s["slc"]["size_gb"])).expect("the cache fills");
    assert!(full > 3, "the cache fills only after several snapshots ({full})");
    for i in 1..full {
        assert!(data(&shots[i]) > data(&shots[i - 1]), "the cache fills while the host writes");
        assert!(slc_cells(i) >= slc_cells(i - 1));
        assert_eq!(f(&shots[i]["planes"]["gc_program"]), 0.0, "nothing folds before the cliff");
    }
    // Past it: the planes spend time folding (all the data GC moves is folding) and the
    // cache shrinks as native blocks fill (its size is the free space's share).
    let late = &shots[shots.len() - 2];
    assert!(f(&late["planes"]["gc_program"]) > 0.05, "{late}");
    assert_eq!(f(&late["gc"]["folded_percent"]), 100.0);
    assert!(f(&late["slc"]["size_gb"]) < f(&shots[full]["slc"]["size_gb"]));
    let busy: f64 = ["host_read", "host_program", "gc_read", "gc_program", "erase", "table"].iter().map(|k| f(&late["planes"][k])).sum();
    assert!(busy <= 1.0 + 1e-9, "plane shares add up to at most 1: {busy}");
}

#[test]
fn steady_state_victims_are_as_valid_as_the_write_amplification_says() {
    // Greedy GC frees a victim's invalid share (1 - u) for every block it rewrites: the
    // steady-state WAF is 1 / (1 - u) for u, the victims' valid share. The snapshot's u
    // and the run's own per-window WAF line must agree.
    let (json, _, sim) = snapshots(&preset("tlc-steady-state-random-write"), 1 << 20);
    let last = list(&json).last().unwrap();
    let u = f(&last["gc"]["victim_valid_percent"]) / 100.0;
    let report = sim.report();
    let waf_window = report.series.iter().find(|s| s.id == "waf_window").unwrap();
    let late: Vec<f64> = waf_window.points.iter().rev().take(20).map(|p| p[1]).collect();
    let waf = late.iter().sum::<f64>() / late.len() as f64;
    let theory = 1.0 / (1.0 - u);
    assert!((theory / waf - 1.0).abs() < 0.03, "1/(1-u) = {theory:.3} with u = {u:.4}, run's WAF {waf:.3}");
    // The closed blocks' histogram holds them: every closed block is counted once.
    let closed: u64 = last["closed_valid"].as_array().unwrap().iter().map(|n| n.as_u64().unwrap()).sum();
    let blocks = last["blocks"].as_u64().unwrap();
    assert!(closed + last["free_blocks"].as_u64().unwrap() <= blocks && closed > blocks / 2);
}

#[test]
fn a_span_sweep_takes_one_snapshot_per_point_and_a_disk_none() {
    let (json, _, sim) = snapshots(&preset("bg4-like"), 1 << 20);
    assert_eq!(json["driver"], "points");
    let report = sim.report();
    let sweep = report.series.iter().find(|s| s.id == "span_sweep").unwrap();
    let xs: Vec<f64> = list(&json).iter().map(|s| f(&s["point"]["x"])).collect();
    let points: Vec<f64> = sweep.points.iter().map(|p| p[0]).collect();
    assert_eq!(xs, points);
    // A wider span misses the table cache more: lookups answered from NAND grow.
    let miss = |s: &Value| f(&s["lookups"][3]);
    let shots = list(&json);
    assert!(miss(shots.last().unwrap()) > miss(&shots[0]) + 20.0, "{} vs {}", miss(&shots[0]), miss(shots.last().unwrap()));
    let (disk, cells, _) = snapshots(&preset("hdd-7200-like"), 1 << 20);
    assert!(list(&disk).is_empty() && cells.is_empty());
}
