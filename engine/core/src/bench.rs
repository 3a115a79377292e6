//! The fixed scenarios the engine's speed is measured on: `ssdsim bench` runs them natively,
//! the browser bench (`npm run bench:browser`) runs the very same ones in wasm, so the two
//! can be compared case by case. A case is measured in two parts: preconditioning (untimed
//! FTL writes and GC that bring the drive to its starting state) and the workload loop.
//! Both count every NAND read, program and erase, whatever caused it (host, GC, wear
//! levelling, translation pages): `Simulation::flash_ops_done`.

use crate::scenario::ScenarioError;
use crate::sim::Simulation;

pub struct BenchCase {
    /// Stable id, shared by both benches and BENCHMARKS.md.
    pub id: &'static str,
    pub name: &'static str,
    /// A scenario over the default drive (16 GiB of TLC, 16 planes) unless it says otherwise.
    pub scenario: &'static str,
    /// False if a browser tab cannot run it to its end (its memory, or its work ceiling):
    /// the native bench still measures it (`Simulation::new_unlimited`), the browser bench
    /// skips it. Every case fits today.
    pub browser: bool,
}

/// 512 GiB of raw TLC: the default drive with 8,192 blocks per plane instead of 256.
macro_rules! big_drive {
    () => {
        r#""device":{"nand":{"blocks_per_plane":8192}}"#
    };
}

pub const CASES: &[BenchCase] = &[
    BenchCase {
        id: "random-read",
        name: "4K random read QD32, full 16 GiB TLC",
        scenario: r#"{"workload":{"kind":"job","rw":"randread","size":0,"iodepth":32,"runtime":10}}"#,
        browser: true,
    },
    BenchCase {
        id: "random-write-gc",
        name: "4K random write QD32, GC steady state",
        scenario: r#"{"precondition":{"random_rounds":1},"workload":{"kind":"job","rw":"randwrite","size":0,"iodepth":32,"runtime":0,"io_size":"2g"}}"#,
        browser: true,
    },
    BenchCase {
        id: "sequential-write",
        name: "128K sequential write, whole 16 GiB drive",
        scenario: r#"{"precondition":{"fill_percent":0},"workload":{"kind":"whole_drive_write","bs":"128k"}}"#,
        browser: true,
    },
    BenchCase {
        id: "whole-drive-512g",
        name: "128K sequential write, whole 512 GiB drive (scale 1)",
        scenario: concat!(r#"{"#, big_drive!(), r#","precondition":{"fill_percent":0},"workload":{"kind":"whole_drive_write","bs":"128k"}}"#),
        browser: true,
    },
    BenchCase {
        id: "precondition-512g",
        name: "Fill + one random-overwrite round, 512 GiB drive (scale 1)",
        scenario: concat!(
            r#"{"#,
            big_drive!(),
            r#","precondition":{"random_rounds":1},"workload":{"kind":"job","rw":"randwrite","size":0,"iodepth":32,"runtime":0,"io_size":"256m"}}"#
        ),
        browser: true,
    },
];

/// Looks a case up by id.
pub fn case(id: &str) -> Option<&'static BenchCase> {
    CASES.iter().find(|c| c.id == id)
}

/// Builds a case's simulation without the page's limits (no work ceiling: natively a case
/// is measured to its end whatever a browser would do); `causes`: booking each command's
/// latency by cause, as the page's own runs do.
pub fn simulation(case: &BenchCase, causes: bool) -> Result<Simulation, ScenarioError> {
    let resolved = crate::resolve::Resolved::compile_unlimited(&crate::scenario::parse::parse(case.scenario)?)?;
    Simulation::with_causes(resolved, causes)
}

/// The cases as JSON `[{id, name, scenario, browser}]`, for the browser bench.
pub fn cases_json() -> String {
    let rows: Vec<_> = CASES.iter().map(|c| serde_json::json!({ "id": c.id, "name": c.name, "scenario": c.scenario, "browser": c.browser })).collect();
    serde_json::Value::Array(rows).to_string()
}

/// Events per `Simulation::run` call while preconditioning and while running: small enough
/// for the page's progress, large enough that the call costs nothing.
pub const PRECONDITION_CHUNK: u64 = 1 << 16;
pub const RUN_CHUNK: u64 = 1 << 20;

/// One measurement of a case, timed by the caller's clock (`now()` in seconds): natively
/// `Instant`, in a browser `performance.now()`.
#[derive(Clone, Copy, Debug, serde::Serialize)]
pub struct Measurement {
    pub precondition_s: f64,
    pub precondition_flash_ops: u64,
    pub run_s: f64,
    pub run_flash_ops: u64,
    pub events: f64,
    pub simulated_s: f64,
}

impl Measurement {
    pub fn precondition_ops_per_s(&self) -> f64 {
        self.precondition_flash_ops as f64 / self.precondition_s.max(1e-9)
    }
    pub fn run_ops_per_s(&self) -> f64 {
        self.run_flash_ops as f64 / self.run_s.max(1e-9)
    }
}

/// Runs a built simulation to the end, timing preconditioning and the loop apart.
pub fn measure(sim: &mut Simulation, now: impl Fn() -> f64) -> Measurement {
    let t0 = now();
    while sim.preconditioning() {
        sim.run(PRECONDITION_CHUNK);
    }
    let t1 = now();
    let precondition_flash_ops = sim.flash_ops_done();
    while !sim.run(RUN_CHUNK) {}
    let t2 = now();
    let s = sim.summary();
    Measurement {
        precondition_s: t1 - t0,
        precondition_flash_ops,
        run_s: t2 - t1,
        run_flash_ops: sim.flash_ops_done() - precondition_flash_ops,
        events: s.events,
        simulated_s: s.duration_s,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Scenario;

    #[test]
    fn every_case_is_a_valid_scenario_with_unique_id() {
        for (i, c) in CASES.iter().enumerate() {
            // The page admits exactly the cases marked for the browser; natively all run.
            let admitted = Scenario::from_json(c.scenario);
            assert_eq!(admitted.is_ok(), c.browser, "{}: {:?}", c.id, admitted.err());
            assert!(simulation(c, true).is_ok(), "{}", c.id);
            assert!(CASES[..i].iter().all(|o| o.id != c.id), "duplicate id {}", c.id);
        }
        assert_eq!(case("random-read").map(|c| c.id), Some("random-read"));
        assert!(cases_json().contains("\"precondition-512g\""));
    }

    #[test]
    fn a_measurement_counts_preconditioning_and_loop_apart() {
        let s = Scenario::from_json(r#"{"device":{"nand":{"blocks_per_plane":16,"pages_per_block":16}},"precondition":{"random_rounds":1},"workload":{"kind":"job","rw":"randwrite","size":0,"iodepth":4,"runtime":0,"io_size":"8m"}}"#).unwrap();
        let mut sim = Simulation::new(&s).unwrap();
        let ticks = std::cell::Cell::new(0.0);
        let m = measure(&mut sim, || {
            ticks.set(ticks.get() + 1.0);
            ticks.get()
        });
        assert!(m.precondition_flash_ops > 0 && m.run_flash_ops > 0);
        assert_eq!(m.precondition_flash_ops + m.run_flash_ops, sim.flash_ops_done());
        // The loop's count is the summary's: every NAND operation of the run.
        assert_eq!(m.run_flash_ops as f64, sim.summary().nand.as_ref().unwrap().flash_operations);
        assert_eq!((m.precondition_s, m.run_s), (1.0, 1.0));
    }
}
