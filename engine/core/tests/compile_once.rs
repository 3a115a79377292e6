//! A run is validated once: compiling a scenario (`Resolved::compile`) is its only
//! validation, and a run built from the compiled form checks nothing again; its NAND geometry
//! is built once per size (the full drive's and the 1/scale drive's). Counted by the engine
//! itself (`resolve::compilations`, `media::geometry_builds`, per thread).

use ssd_core::media::geometry_builds;
use ssd_core::resolve::{compilations, Resolved};
use ssd_core::{Scenario, Simulation};

const JSON: &str = r#"{"scale":4,"precondition":{"random_rounds":0.2},"workload":{"kind":"span_sweep","spans":["1g","4g"],"runtime":0.01}}"#;

fn validations_during(f: impl FnOnce()) -> u64 {
    let before = compilations();
    f();
    compilations() - before
}

#[test]
fn a_run_from_its_text_is_validated_once() {
    let n = validations_during(|| {
        let scenario = Scenario::parse(JSON).unwrap();
        let mut sim = Simulation::new(&scenario).unwrap();
        while !sim.run(1 << 16) {}
        assert!(sim.report().summary.read_mb_per_s > 0.0);
    });
    assert_eq!(n, 1);
}

#[test]
fn a_compiled_scenario_runs_without_a_second_validation() {
    let resolved = Resolved::compile(&Scenario::parse(JSON).unwrap()).unwrap();
    assert_eq!(resolved.scenario.scale, 4);
    assert!(resolved.user_bytes * 4 <= resolved.full_user_bytes && resolved.user_bytes * 4 + 4 * 4096 >= resolved.full_user_bytes);
    let n = validations_during(|| {
        let mut sim = Simulation::from_resolved(resolved.clone()).unwrap();
        while !sim.run(1 << 16) {}
    });
    assert_eq!(n, 0);
    // The same numbers as a run that compiles for itself.
    let mut direct = Simulation::new(&resolved.scenario).unwrap();
    while !direct.run(1 << 20) {}
    let mut built = Simulation::from_resolved(resolved).unwrap();
    while !built.run(1 << 20) {}
    assert_eq!(direct.report().to_json(), built.report().to_json());
}

#[test]
fn parsing_alone_checks_shape_not_ranges() {
    // Ranges are the compiler's: parsing takes an iodepth of 0, compiling refuses it by field.
    let s = Scenario::parse(r#"{"workload":{"kind":"job","iodepth":0}}"#).unwrap();
    let e = Resolved::compile(&s).unwrap_err();
    assert_eq!(e.field, "workload.iodepth");
    assert!(Scenario::parse(r#"{"workload":{"kind":"job","iodpeth":4}}"#).unwrap_err().message.contains("iodpeth"));
}

#[test]
fn a_run_builds_its_geometry_once_per_size() {
    let geometries_during = |json: &str| {
        let scenario = Scenario::parse(json).unwrap();
        let before = geometry_builds();
        let mut sim = Simulation::new(&scenario).unwrap();
        while !sim.run(1 << 16) {}
        geometry_builds() - before
    };
    // Scaled: the full drive's (capacities as typed, scaling) and the simulated drive's.
    assert_eq!(geometries_during(JSON), 2);
    // At full size they are one.
    assert_eq!(geometries_during(r#"{"workload":{"kind":"job","runtime":0.001}}"#), 1);
    // A hybrid with a NAND tier, the same; media without NAND build none.
    let h10 = ssd_core::presets::find("h10-like").unwrap().json;
    assert_eq!(geometries_during(h10), 2);
    let xpoint = ssd_core::presets::find("900p-like").unwrap().json;
    assert_eq!(geometries_during(xpoint), 0);
}
