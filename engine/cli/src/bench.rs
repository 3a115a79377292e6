//! `ssdsim bench`: how fast the engine simulates, on fixed scenarios. A benchmark harness,
//! not a test: it reports numbers and never fails on them.

use ssd_core::{Scenario, Simulation};
use std::time::Instant;

struct Case {
    name: &'static str,
    json: &'static str,
}

const CASES: &[Case] = &[
    Case { name: "4K random read QD32 (16 GiB TLC)", json: r#"{"workload":{"kind":"job","rw":"randread","size":0,"iodepth":32,"runtime":2}}"# },
    Case {
        name: "4K random write QD32, GC steady state",
        json: r#"{"precondition":{"random_rounds":1},"workload":{"kind":"job","rw":"randwrite","size":0,"iodepth":32,"runtime":0,"io_size":"2g"}}"#,
    },
    Case { name: "128K sequential write, whole drive", json: r#"{"precondition":{"fill_percent":0},"workload":{"kind":"whole_drive_write","bs":"128k"}}"# },
];

pub fn run(json_output: bool) -> Result<(), String> {
    let mut rows = Vec::new();
    for case in CASES {
        let scenario = Scenario::from_json(case.json).map_err(|e| e.to_string())?;
        // Setup: building the drive and preconditioning it (untimed FTL writes and GC).
        let setup = Instant::now();
        let mut sim = Simulation::new(&scenario).map_err(|e| e.to_string())?;
        while sim.preconditioning() {
            sim.run(1 << 16);
        }
        let setup_s = setup.elapsed().as_secs_f64();
        let precondition_ops = sim.flash_ops_done();
        let start = Instant::now();
        while !sim.run(1 << 20) {}
        let wall = start.elapsed().as_secs_f64();
        let s = sim.summary();
        let row = serde_json::json!({
            "case": case.name,
            "setup_s": setup_s,
            "precondition_flash_ops": precondition_ops,
            "precondition_flash_ops_per_s": precondition_ops as f64 / setup_s,
            "wall_s": wall,
            "events": s.events,
            "flash_operations": s.flash_operations,
            "flash_ops_per_s": s.flash_operations / wall,
            "events_per_s": s.events / wall,
            "simulated_s": s.duration_s,
            "simulated_per_wall": s.duration_s / wall,
        });
        if !json_output {
            println!(
                "{:<40} {:>12.0} flash ops/s {:>11.0} cmds/s  {:>6.2} s wall  {:>8.1} s simulated  (setup {:.2} s, {:.0} preconditioning flash ops/s)",
                case.name,
                s.flash_operations / wall,
                s.events / wall,
                wall,
                s.duration_s,
                setup_s,
                precondition_ops as f64 / setup_s
            );
        }
        rows.push(row);
    }
    if json_output {
        println!("{}", serde_json::Value::Array(rows));
    }
    Ok(())
}
