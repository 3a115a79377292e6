//! Helpers shared by the engine's integration tests.
#![allow(dead_code)]

use ssd_core::{Report, Scenario, Simulation};

pub fn scenario(json: &str) -> Scenario {
    Scenario::from_json(json).unwrap_or_else(|e| panic!("test scenario invalid: {e}"))
}

pub fn run(json: &str) -> Report {
    Simulation::run_to_end(&scenario(json)).unwrap()
}

pub fn series<'a>(report: &'a Report, id: &str) -> &'a [[f64; 2]] {
    &report.series.iter().find(|s| s.id == id).unwrap_or_else(|| panic!("no series {id}")).points
}
