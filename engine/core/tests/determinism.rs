//! Same scenario and seed, same numbers; presets all run.

mod common;
use common::{on_every_core, run, scenario};
use ssd_core::{presets, Simulation};

#[test]
fn same_scenario_and_seed_give_identical_reports() {
    let json = r#"{"seed":7,"precondition":{"random_rounds":0.5},"workload":{"kind":"job","rw":"randrw","size":0,"iodepth":16,"runtime":0.2}}"#;
    let a = run(json);
    let b = run(json);
    assert_eq!(a.to_json(), b.to_json());
    let c = run(&json.replace("\"seed\":7", "\"seed\":8"));
    assert_ne!(a.to_json(), c.to_json(), "the seed matters");
}

#[test]
fn chunked_stepping_gives_the_same_result_as_one_go() {
    let s = scenario(r#"{"workload":{"kind":"span_sweep","rw":"randwrite","runtime":0,"io_size":"64m"}}"#);
    let whole = Simulation::run_to_end(&s).unwrap();
    let mut sim = Simulation::new(&s).unwrap();
    let mut chunks = 0;
    while !sim.run(997) {
        chunks += 1;
    }
    assert!(chunks > 10);
    assert_eq!(sim.report().to_json(), whole.to_json());
}

#[test]
fn scale_keeps_ratios_and_states_axes_at_full_size() {
    let sweep = |scale: u32| run(&format!(r#"{{"scale":{scale},"workload":{{"kind":"span_sweep","spans":["1g","8g"]}}}}"#));
    let (full, quarter) = (sweep(1), sweep(4));
    assert_eq!(quarter.summary.scale, 4.0);
    assert!((quarter.summary.user_capacity_bytes / full.summary.user_capacity_bytes - 1.0).abs() < 1e-5);
    for (a, b) in full.series[0].points.iter().zip(&quarter.series[0].points) {
        assert_eq!(a[0], b[0], "span axis at full size");
        assert!((a[1] / b[1] - 1.0).abs() < 0.05, "throughput {} vs {}", a[1], b[1]);
    }
}

#[test]
fn every_preset_runs_to_the_end() {
    let presets: Vec<_> = presets::all().collect();
    on_every_core(&presets, |p| {
        let mut s = p.scenario().unwrap();
        // Keep the test quick: a short slice of each preset, same device and workload kind
        // (never a larger drive than the preset's own scale gives).
        s.scale = s.scale.max((s.device.nand.blocks_per_plane / 64).clamp(1, 4));
        let r = Simulation::run_to_end(&s).unwrap_or_else(|e| panic!("{}: {e}", p.name));
        assert!(!r.series.is_empty() && r.series.iter().any(|s| !s.points.is_empty()), "{} drew nothing", p.name);
        assert!(!r.summary.truncated);
    });
}
